"""Pieces every command module shares: the store, the console, common options."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Annotated, Any

import typer
from rich.console import Console

from assistant.errors import GardenError, UsageError
from assistant.paths import garden_home
from assistant.session.store import DB_NAME, NO_GAME, Store, open_store
from assistant.wording import a

GameOption = Annotated[str | None, typer.Option("--game", help="The game to act on (default: the most recent).")]
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON instead of the table view.")]

# Names go into one-line game records: letters, digits, - and _, no spaces.
NAME_PATTERN = re.compile(r"^\w[\w-]{0,31}$")


def has_store() -> bool:
    """Whether the game database exists (a command that only reads does not create it)."""
    return (garden_home() / DB_NAME).exists()


def store(create: bool = True) -> Store:
    """The game database. A command that needs a game already (create=False) does not create
    it: GardenError when there is none."""
    if not create and not has_store():
        raise GardenError(NO_GAME)
    return open_store(garden_home())


def load_game(game: str | None) -> Any:
    """A saved game by name, or the most recent one (sessions.Loaded)."""
    from assistant.session import games as sessions

    return sessions.load(store(create=False), game)


def console() -> Console:
    return Console(highlight=False, soft_wrap=False)


def print_json(data: Any) -> None:
    print(json.dumps(data, ensure_ascii=False))


def parse_cell(text: str, what: str = "--at") -> tuple[int, int]:
    """A board cell "ROW,COL" given on the command line; UsageError naming the option."""
    try:
        r, c = (int(x) for x in text.split(","))
    except ValueError:
        raise UsageError(f"{what} {text!r}: write ROW,COL, e.g. 2,3") from None
    return r, c


def player_index(state: Any, player: str | None) -> int:
    """The named player's index (any case), or the current player's when None; GardenError naming the players."""
    if player is None:
        return state.current
    index = state.index_of(player)
    if index is None:
        raise GardenError(f"there is no player {player!r} in this game (players: {', '.join(p.name for p in state.players)})")
    return index


def board_mode_state(game: str | None, game_key: str, title: str) -> Any:
    """The state of a board-mode game of `game_key`; GardenError for any other game."""
    loaded = load_game(game)
    if loaded.row.game != game_key or not loaded.state.setup.board_mode:
        raise GardenError(f"{loaded.row.name!r} is not {a(title)} board-mode game")
    return loaded.state


def board_names(state: Any, player: str | None) -> list[str]:
    """Whose boards to draw: everyone's, or the one named player's."""
    if player is None:
        return [p.name for p in state.players]
    return [state.players[player_index(state, player)].name]


def player_names(text: str) -> list[str]:
    names = [n.strip() for n in text.split(",") if n.strip()]
    for name in names:
        if not NAME_PATTERN.match(name):
            raise UsageError(f"player name {name!r}: use letters, digits, - or _ (no spaces), up to 32 characters")
    if not names:
        raise UsageError("--players needs at least one name, e.g. --players Ann,Ben")
    return names


def play(game: str | None, build: Callable[[Any, list[str]], list[dict[str, Any]]], game_key: str) -> None:
    """Record the actions `build(state, reasons)` makes as one command of a `game_key`
    game; print why, what happened, and whose turn it is now."""
    _record_and_report(game, lambda state, engine, reasons: build(state, reasons), game_key)


def end_turn(game: str | None) -> None:
    """`garden next` for any game: the engine says what ending the turn records."""
    _record_and_report(game, lambda state, engine, reasons: engine.end_turn_actions(state, reasons), None)


def _record_and_report(game: str | None, make: Callable[[Any, Any, list[str]], list[dict[str, Any]]],
                       game_key: str | None) -> None:
    from assistant.session import games as sessions

    reasons: list[str] = []
    loaded, notes = sessions.record(store(create=False), game, lambda state, engine: make(state, engine, reasons), game_key)
    out = console()
    for line in reasons + notes:
        out.print(f"• {line}", markup=False)
    if not loaded.state.over:
        out.print(f"→ {loaded.engine.turn_summary(loaded.state)}", markup=False)
