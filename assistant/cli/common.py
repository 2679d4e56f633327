"""Pieces every command module shares: the table, the console, common options."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated, Any

import typer

from assistant.errors import GardenError
from assistant.games.players import player_index
from assistant.wording import a

if TYPE_CHECKING:
    from rich.console import Console

    from assistant.play import Table

GameOption = Annotated[str | None, typer.Option("--game", help="The game to act on (default: the most recent).")]
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON instead of text.")]


def table() -> Table:
    """The games in the user's store ($GARDEN_HOME when set)."""
    from assistant.play import Table  # the store (sqlite): not for a command that only reads a photo

    return Table()


def load_game(game: str | None) -> Any:
    """A saved game by name, or the most recent one (sessions.Loaded)."""
    return table().load(game)


def console() -> Console:
    from rich.console import Console  # not for a command that only prints JSON: 20 ms to import

    return Console(highlight=False, soft_wrap=False, emoji=False)  # no :codes: in our text; saves their table


def print_json(data: Any) -> None:
    print(json.dumps(data, ensure_ascii=False))


def shown_limit(limit: int | None, json_output: bool, default: int = 5) -> int | None:
    """How many of a ranked list to show: --limit (0: all); unset, `default` as text and all as JSON."""
    if limit == 0 or (limit is None and json_output):
        return None
    return default if limit is None else limit


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
