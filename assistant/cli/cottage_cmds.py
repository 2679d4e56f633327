"""Cottage Garden's own command-line views: `garden bed` draws board mode's beds cell by cell.
(Its moves come from the game's commands: cli/moves.py.)"""

from __future__ import annotations

from typing import Annotated

import typer

from assistant.cli.common import GameOption, board_mode_state, board_names, console
from assistant.cli.errors import reports_errors

GAME = "cottage-garden"
COMMANDS = ("bed",)


def register(app: typer.Typer) -> None:
    app.command("bed", rich_help_panel="Cottage Garden")(bed)


@reports_errors
def bed(
    player: Annotated[str | None, typer.Argument(help="Whose beds (default: everyone's).")] = None,
    game: GameOption = None,
) -> None:
    """Board mode: draw the beds cell by cell."""
    from assistant.render.cottage_beds import beds_view

    state = board_mode_state(game, GAME, "Cottage Garden")
    console().print(beds_view(state, board_names(state, player)))
