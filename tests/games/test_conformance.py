"""The conformance suite every registered game passes, through `play.Table` alone.

A new game is added by implementing `interface.Game`, registering it, shipping golden records
of it in samples/records/ (their [Game] header names it), and passing this suite.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from assistant.cli import registry as cli_registry
from assistant.errors import GardenError, IllegalMove, UsageError
from assistant.games import registry
from assistant.play import Table
from assistant.session import history, notation

RECORDS = Path(__file__).resolve().parents[2] / "samples" / "records"
GAMES = sorted(registry.GAMES)
#: what `status --json` holds for every game (each adds its own keys)
STATUS_KEYS = {"game", "name", "over", "turn", "players", "house_rules", "solo", "pending"}
PENDING_KEYS = {"who", "what", "must", "rule", "command"}


def records_of(key: str) -> list[Path]:
    return [p for p in sorted(RECORDS.glob("*.txt")) if f'[Game "{key}"]' in p.read_text()]


def names(count: int) -> str:
    return ",".join(["Ann", "Ben", "Cy", "Di", "Eve", "Flo"][:count])


@pytest.mark.parametrize("key", GAMES)
def test_set_up_for_every_allowed_player_count(key, tmp_path):
    table = Table(tmp_path)
    game = registry.game(key)
    for count in game.player_counts:
        options = {"solo": True} if count == 1 else {"players": names(count)}
        made = table.new(key, {**options, "name": f"g{count}"})
        assert set(made) >= {"events", "notes", "turn", "pending", "name", "setup"}
        status = table.status(f"g{count}")
        assert STATUS_KEYS <= set(status), STATUS_KEYS - set(status)
        assert len(status["players"]) == count and status["game"] == key
        assert all(set(p) == PENDING_KEYS for p in status["pending"])
    refused = max(game.player_counts) + 1
    with pytest.raises(GardenError):
        table.new(key, {"players": names(refused), "name": "too-many"})


@pytest.mark.parametrize("key", GAMES)
def test_every_listed_command_is_reachable(key, tmp_path):
    table = Table(tmp_path)
    table.new(key, {"players": "Ann,Ben", "name": "g"})
    listed = table.commands("g")
    assert listed and {c["name"] for c in listed} <= cli_registry.all_commands()
    for command in listed:
        for option in command["options"]:
            assert option["type"] in ("str", "int", "bool", "list[str]", "list[int]")
        try:
            table.act("g", command["name"], {})
        except GardenError as err:  # refused by its rules or for a missing option, never unknown
            assert "is not a move" not in str(err)
    with pytest.raises(UsageError, match="not a move"):
        table.act("g", "no-such-move", {})


@pytest.mark.parametrize("key", GAMES)
def test_records_replay_through_the_table_and_undo_restores_status(key, tmp_path):
    table = Table(tmp_path)
    paths = records_of(key)
    assert paths, f"{key} ships no golden record in samples/records/"
    for path in paths:
        record = notation.read(path.read_text(), path.name)
        game = registry.game(key)
        name = path.stem
        table.save_record(record, name)
        final = table.status(name)
        assert final.pop("events") == len(record.actions)  # one log entry an action
        replayed = game.replay(record.setup, record.actions)
        assert final == {**game.status(replayed, name), "pending": final["pending"]}
        # export then replay: the same status
        loaded = table.load(name)
        text = notation.write_text(notation.Record(key, name, loaded.row.setup, history.actions_of(loaded.moves)))
        again = notation.read(text, "export")
        assert game.status(game.replay(again.setup, again.actions), name) == game.status(replayed, name)
        # undo restores the status before each command exactly (the log grows by the undo); redo brings it back
        step = max(1, len(record.actions) // 7)
        log = len(record.actions)
        for back in range(1, len(record.actions), step):
            table.undo(name, back)
            before = game.replay(record.setup, record.actions[:-back])
            assert table.status(name) == {**game.status(before, name),
                                          "pending": [p.to_json() for p in game.pending(before)], "events": log + 1}
            table.redo(name, back)
            log += 2
            assert table.status(name) == {**final, "events": log}


@pytest.mark.parametrize("key", GAMES)
def test_pending_is_empty_whenever_next_succeeds(key):
    for path in records_of(key):
        record = notation.read(path.read_text(), path.name)
        game = registry.game(key)
        state = game.new_state(record.setup)
        for event in record.actions:
            if event["type"] == "next":
                assert [p for p in game.pending(state) if p.must] == [], (path.name, state.turn_number)
            state = game.apply_event(state, event).state


@pytest.mark.parametrize("key", GAMES)
def test_next_refuses_while_a_must_is_open(key, tmp_path):
    table = Table(tmp_path)
    table.new(key, {"players": "Ann,Ben", "name": "g"})
    owed = table.status("g")["pending"]
    if any(p["must"] for p in owed):
        with pytest.raises(IllegalMove) as err:
            table.act("g", "next", {})
        assert err.value.rule == next(p["rule"] for p in owed if p["must"])


def _only_elsewhere(key: str) -> set[str]:
    """The move words other games have and this one has not."""
    own = {c.name for c in registry.game(key).commands()}
    return {c.name for other in GAMES if other != key for c in registry.game(other).commands()} - own


@pytest.mark.parametrize("key", GAMES)
def test_another_games_move_is_refused_with_this_games_moves(key, tmp_path):
    table = Table(tmp_path)
    game = registry.game(key)
    table.new(key, {"players": names(min(c for c in game.player_counts if c > 1)), "name": "g"})
    own = ", ".join(c.name for c in game.commands())
    for word in sorted(_only_elsewhere(key)):
        with pytest.raises(GardenError) as refused:
            table.act("g", word, {})
        assert f"not of {game.title} (its moves: {own})" in str(refused.value)


@pytest.mark.parametrize("key", GAMES)
def test_a_games_messages_name_no_other_games_move(key):
    """Every `garden WORD` a game's package writes is a move of that game or a word of every game."""
    import ast
    import re
    from importlib import import_module

    package = Path(import_module(type(registry.game(key)).__module__).__file__).parent
    elsewhere = _only_elsewhere(key)
    named: set[str] = set()
    for source in package.glob("*.py"):
        for node in ast.walk(ast.parse(source.read_text())):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                named |= set(re.findall(r"garden ([a-z][a-z-]*)", node.value))
    assert named, f"no `garden WORD` found in {package}: the scan reads nothing"
    assert named.isdisjoint(elsewhere), sorted(named & elsewhere)


class _AllCovered:
    """A photo's reading of a board of `size`, every cell read covered, none in doubt."""

    def __init__(self, rows: int, cols: int) -> None:
        self.rows, self.cols = rows, cols
        self.cells = [["covered"] * cols for _ in range(rows)]
        self.uncertain: list[tuple[int, int]] = []


@pytest.mark.parametrize("key", GAMES)
def test_its_reports_answer_as_data_or_refuse_in_one_line(key, tmp_path):
    """fit, advise, check and tally --photo report through the game's reports module, for every face: data
    that is JSON, or a GardenError of one line (a game with no board to photograph says so)."""
    import json

    from assistant import reports

    module = reports.of(key)
    table = Table(tmp_path)
    table.new(key, {"players": "Ann,Ben", "name": "g"})
    loaded = table.load("g")
    rows, cols = registry.game(key).board_sizes[0] if registry.game(key).board_sizes else (5, 5)
    reading = _AllCovered(rows, cols)
    asks = {"advice": lambda: module.advice(loaded, None),
            "reading_view": lambda: module.reading_view(reading),
            "compare_view": lambda: module.compare_view(loaded, reading, "Ann", None),
            "fit_on_text": lambda: module.fit_on_text("#", "/".join(["#" * cols] * rows), None, False, 0, []),
            "tally_photos": lambda: module.tally_photos(loaded, [], None)}
    for name, ask in asks.items():
        try:
            answer = ask()
        except GardenError as err:
            assert str(err) and "\n" not in str(err), name
            continue
        if name == "tally_photos":  # the state the photos show, and notes on what was read
            state, notes = answer
            assert state is not None and all(isinstance(n, str) for n in notes)
            continue
        assert isinstance(answer, dict) and json.loads(json.dumps(answer)) == answer, name
