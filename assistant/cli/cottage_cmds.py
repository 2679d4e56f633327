"""Cottage Garden's own command-line module: `garden bed` draws board mode's beds cell by cell,
`garden beds`, and what the shared commands ask of a game's command line (fit and print_advice from
cottage_fit.py; list_tiles and define_tile from cottage_components.py). What it reports (fit, advise,
check, tally --photo) is in reports/cottage_garden.py; its moves come from the game's commands
(cli/moves.py)."""

from __future__ import annotations

from typing import Annotated

import typer

from assistant.cli.common import GameOption, board_mode_state, board_names, console
from assistant.cli import cottage_components
from assistant.cli.cottage_components import (  # noqa: F401 (garden tiles, through this module)
    define_tile, forget_tile, list_tiles, save_scanned, tile_doubt, tile_known, tile_matches)
from assistant.cli.cottage_fit import fit, print_advice, print_fit  # noqa: F401 (the game's fit, through this module)
from assistant.cli.errors import reports_errors

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
