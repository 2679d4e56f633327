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
