"""The command table that lets `garden CMD` import only CMD's module must match what modules register."""

import subprocess
import sys

from typer.main import get_command

from assistant.cli import registry
from assistant.cli.app import app, build_app


def test_registry_names_every_command_exactly():
    registered = set(get_command(app).commands)
    assert registered == registry.all_commands()


def test_each_command_alone_builds_from_its_own_module():
    for command in registry.all_commands():
        assert set(get_command(build_app(command)).commands) == {command}


def test_status_imports_no_numpy_or_cv2(garden_home):
    code = ("import sys; sys.argv = ['garden', 'games']\n"
            "from assistant.cli.app import main\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "assert 'numpy' not in sys.modules and 'cv2' not in sys.modules, 'heavy import'\n")
    subprocess.run([sys.executable, "-c", code], check=True, capture_output=True)


def test_help_groups_the_commands_by_game_shared_first():
    from typer.testing import CliRunner

    out = CliRunner().invoke(build_app(help_panels=True), ["--help"], env={"COLUMNS": "100", "NO_COLOR": "1"}).output
    panels = [line.split("─ ")[1].split(" ─")[0] for line in out.splitlines() if line.startswith("╭─ ")]
    assert panels == ["Options", "Commands", "Cottage Garden", "Indian Summer", "The Hanging Gardens", "Gartenbau"]
    cottage, indian = out.index("─ Cottage Garden"), out.index("─ Indian Summer")
    hanging = out.index("─ The Hanging Gardens")
    assert out.index("│ status ") < cottage < out.index("│ score ") < indian < out.index("│ leaf ") < hanging
    assert hanging < out.index("│ card ") and hanging < out.index("│ temple ") and hanging < out.index("│ values ")
    gartenbau = out.index("─ Gartenbau")
    assert gartenbau < out.index("│ seedling ") and gartenbau < out.index("│ market ")
    assert out.index("│ plant ") < indian  # a word two games use: in the first one's panel, acting on the game in play


def test_a_usage_error_is_one_plain_line(garden_home):
    from tests.cli.runner import fails, ok

    ok("new", "cottage-garden", "--players", "Ann,Ben")
    line = fails(2, "score", "Ann", "--pots", "x").splitlines()[-1]
    assert line == "Error: Invalid value for '--pots': 'x' is not a valid int."
