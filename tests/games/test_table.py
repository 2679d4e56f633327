"""`play.Table` alone plays whole games, step for step as the CLI does, importing no face."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from assistant.games import registry
from assistant.play import Table
from tests.cli.runner import ok

ROOT = Path(__file__).resolve().parents[2]

#: plays through Table only, prints [[command, options, status], ...] and which heavy modules got imported
DRIVER = r"""
import json, sys
from assistant.play import Table

table = Table(sys.argv[1])
steps = []

def act(command, options):
    table.act("t", command, options)
    steps.append([command, options, table.status("t")])

def cottage(board):
    extra = {"board_mode": True} if board else {}
    table.new("cottage-garden", {"players": "Ann,Ben,Cy", "name": "t", **extra})
    steps.append(["new", {"players": "Ann,Ben,Cy", "name": "t", **extra}, table.status("t")])
    while not table.status("t")["over"] and len(steps) < 400:
        st = table.status("t")
        owed = [p for p in st["pending"] if p["must"]]
        me = st["turn"]["player"]
        if owed and owed[0]["rule"] == "CG-FINAL-1":
            act("discard", {"player": owed[0]["who"], "count": 0})
        elif board and owed and owed[0]["rule"] == "CG-PLANT-4":
            act("pot", {"player": me, "bed": 1, "at": f"{len(steps) % 5},{(len(steps) // 5) % 5}"})
        elif board:
            act("next", {})
            if len(steps) > 12:
                break
        elif st["final_round"] or st["turn"]["number"] % 3 == 0 and st["turn"]["beds_scored"] == 0:
            act("score", {"player": me, "pots": 2, "cloches": 1})
            if not table.status("t")["over"]:
                act("next", {})
        else:
            act("next", {})

def indian():
    table.new("indian-summer", {"players": "Ann,Ben", "name": "t"})
    steps.append(["new", {"players": "Ann,Ben", "name": "t"}, table.status("t")])
    for _ in range(16):
        st = table.status("t")
        me = st["players"][[p["name"] for p in st["players"]].index(st["turn"]["player"])]
        if me["path"]:
            act("leaf", {"colour": me["path"][0]})
        else:
            act("squirrel", {})
        act("next", {"yes": True})

{"cottage": lambda: cottage(False), "board": lambda: cottage(True), "indian": indian}[sys.argv[2]]()
heavy = sorted(m for m in ("typer", "rich", "numpy", "cv2") if m in sys.modules)
print(json.dumps({"steps": steps, "heavy": heavy}))
"""


def _cli_args(command: str, options: dict) -> list[str]:
    """The command line for a Table call, from the command's declared options."""
    from assistant.play import new_command

    if command == "new":
        spec, args = new_command(), ["new"]
    else:
        spec = next(c for key in registry.GAMES for c in registry.game(key).commands() if c.name == command)
        args = [command]
    for option in spec.options:
        value = options.get(option.name)
        if value is None or value is False:
            continue
        if option.argument:
            args.extend(value if isinstance(value, list) else [str(value)])
        elif value is True:
            args.append("--" + option.name.replace("_", "-"))
        else:
            args.extend(["--" + option.name.replace("_", "-"), str(value)])
    return args


def _played(kind: str, home: Path) -> dict:
    out = subprocess.run([sys.executable, "-c", DRIVER, str(home), kind], check=True, capture_output=True,
                         text=True, cwd=ROOT)
    return json.loads(out.stdout)


def _same_through_the_cli(kind: str, game: str, tmp_path: Path) -> None:
    played = _played(kind, tmp_path / "api")
    assert played["heavy"] == []
    steps = played["steps"]
    assert len(steps) > 10
    for command, options, status in steps:
        args = _cli_args(command, {**options, "game": game} if command == "new" else options)
        ok(*(args + (["--game", "t"] if command != "new" else [])))
        assert json.loads(ok("status", "--json")) == status, (command, options)


def test_a_whole_3_player_cottage_garden_game_through_table_matches_the_cli(tmp_path):
    _same_through_the_cli("cottage", "cottage-garden", tmp_path)


def test_cottage_garden_board_mode_through_table_matches_the_cli(tmp_path):
    _same_through_the_cli("board", "cottage-garden", tmp_path)


def test_indian_summer_through_table_matches_the_cli(tmp_path):
    _same_through_the_cli("indian", "indian-summer", tmp_path)


def test_the_cottage_game_through_table_ends(tmp_path):
    steps = _played("cottage", tmp_path)["steps"]
    assert steps[-1][2]["over"]


def test_next_asks_before_the_free_refill_of_an_emptied_path_is_lost(tmp_path):
    import pytest

    from assistant.errors import IllegalMove
    from assistant.play import Table

    table = Table(tmp_path)
    table.new("indian-summer", {"players": "Ann,Ben", "name": "g"})
    while True:
        status = table.status("g")
        me = next(p for p in status["players"] if p["name"] == status["turn"]["player"])
        table.act("g", "leaf", {"colour": me["path"][0]})
        owed = table.status("g")["pending"]
        if owed:
            break
        table.act("g", "next", {})
    assert owed == [{"who": me["name"], "what": "refill their emptied path to 5 (free, only now)", "must": False,
                     "rule": "IS-PATH-2", "command": f"garden path {me['name']} g,o,o,r,g"}]
    events = table.status("g")
    with pytest.raises(IllegalMove) as err:
        table.act("g", "next", {})
    assert err.value.rule == "IS-PATH-2" and "--yes" in err.value.sentence
    assert table.status("g") == events  # nothing written
    table.act("g", "next", {"yes": True})
    assert table.status("g")["turn"]["player"] != me["name"]


def test_a_write_on_a_view_older_than_the_log_is_refused_and_applies_nothing(tmp_path):
    from assistant.errors import MovedOn

    table = Table(tmp_path)
    table.new("cottage-garden", {"players": "Ann,Ben", "name": "g"})
    seen = table.status("g")["events"]
    moved = table.act("g", "refill", {}, seen=seen)  # the view was current: applied
    assert moved["log"] == seen + 1 == table.status("g")["events"]
    before = table.status("g")
    for write in (lambda: table.act("g", "next", {}, seen=seen), lambda: table.undo("g", 1, seen=seen),
                  lambda: table.redo("g", 1, seen=seen)):
        with pytest.raises(MovedOn, match="the game moved on"):
            write()
        assert table.status("g") == before
    table.undo("g", 1, seen=seen + 1)
    assert table.status("g")["events"] == seen + 2
