"""Cottage Garden's own command-line module: `garden bed` draws board mode's beds cell by cell,
`garden beds`, and what the shared commands ask of a game (fit, advice, print_advice and fit_on_text from
cottage_fit.py; list_tiles and define_tile from cottage_components.py; check's reading_view and
compare_view; tally_photos). Its moves come from the game's commands
(cli/moves.py)."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from assistant.cli.common import GameOption, board_mode_state, board_names, console
from assistant.cli import cottage_components
from assistant.cli.cottage_components import (  # noqa: F401 (garden tiles, through this module)
    define_tile, forget_tile, list_tiles, save_scanned, tile_doubt, tile_known, tile_matches)
from assistant.cli.cottage_fit import advice, fit, fit_on_text, print_advice  # noqa: F401 (the game's fit, through this module)
from assistant.cli.errors import reports_errors
from assistant.errors import UsageError

GAME = "cottage-garden"
COMMANDS = ("bed", "beds")


def register(app: typer.Typer) -> None:
    app.command("bed", rich_help_panel="Cottage Garden")(bed)
    cottage_components.register(app)  # garden beds [define]


@reports_errors
def bed(
    player: Annotated[str | None, typer.Argument(help="Whose beds (default: everyone's).")] = None,
    game: GameOption = None,
) -> None:
    """Board mode: draw the beds cell by cell."""
    from assistant.render.cottage_beds import beds_view

    state = board_mode_state(game, GAME, "Cottage Garden")
    console().print(beds_view(state, board_names(state, player)))


# -- what `garden check` and `garden tally --photo` do with a bed's photo -----------------

def reading_view(reading: Any) -> dict[str, Any]:
    """Nothing more than the cells: a bed has no regions."""
    return {}


def compare_view(loaded: Any, reading: Any, player: str, bed: int | None) -> dict[str, Any]:
    """Board mode: where the photo and the tracked bed disagree. Score mode tracks no bed cell by
    cell: the photo offers a complete bed's printed counts."""
    from assistant.cli.common import player_index
    from assistant.cli.photo_game import comparison_view

    state = loaded.state
    if state.setup.board_mode:
        return comparison_view(loaded, reading, player, bed)
    extra: dict[str, Any] = {"offer": offer_counts(reading), "player": state.players[player_index(state, player)].name}
    if bed is not None:
        extra["bed"] = bed
    return extra


def offer_counts(reading: Any) -> dict[str, Any] | None:
    """Score mode: when the photo shows a bed with no empty cell, its visible printed symbols.
    Symbols on tiles and pot tokens are not read from photos: the players add them."""
    if reading.uncertain or any(cell == "empty" for row in reading.cells for cell in row):
        return None
    pots = sum(row.count("pot") for row in reading.cells)
    cloches = sum(row.count("cloche") for row in reading.cells)
    return {"complete": True, "printed_pots": pots, "printed_cloches": cloches}


def tally_photos(loaded: Any, photos: list[str], board: str | None) -> tuple[Any, list[str]]:
    """A Cottage Garden tally is its score tracks: no board is left to photograph at the end."""
    raise UsageError("--photo: a Cottage Garden tally is read from the score tracks, not from photos of beds "
                     "(scored beds leave the game)")
