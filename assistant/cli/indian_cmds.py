"""Indian Summer's own command-line pieces: `garden woods` draws board mode's woodland boards,
the catalogue groups (leaves, animals, woodlands), and `fit`/`advise` on a woodland board printed (what
they report: reports/indian_summer.py).
(Its moves come from the game's commands: cli/moves.py; what they mean: games/indian_summer/moves.py.)

Board mode (garden new indian-summer --board-mode --bed Ann=SIDE): every placement names its
cells (--tile ID_OR_SHAPE --at ROW,COL [--turn r90], or --cells 2,3+2,4*+3,4).
"""

from __future__ import annotations

from typing import Annotated, Any

import typer

from assistant.cli import indian_components
from assistant.cli.common import GameOption
from assistant.cli.indian_components import (  # noqa: F401 (garden tiles, through this module)
    define_tile, forget_tile, list_tiles, save_scanned, tile_doubt, tile_known, tile_matches)
from assistant.cli.errors import reports_errors
from assistant.reports.indian_summer import fit_report, tracked_woods

GAME = "indian-summer"
COMMANDS = ("woods", *indian_components.COMMANDS)


def register(app: typer.Typer) -> None:
    app.command("woods", rich_help_panel="Indian Summer")(woods)
    indian_components.register(app)  # garden leaves | animals | woodlands


@reports_errors
def woods(
    player: Annotated[str | None, typer.Argument(help="Whose board (default: everyone's).")] = None,
    game: GameOption = None,
) -> None:
    """Board mode: draw the woodland boards cell by cell."""
    from assistant.cli.common import board_mode_state, board_names, console
    from assistant.render.indian_woods import woods_view

    state = board_mode_state(game, GAME, "Indian Summer")
    console().print(woods_view(state, board_names(state, player)))


# -- garden fit / garden advise for Indian Summer (called by fit_cmds) ---------------------

def fit(shape_or_id: str, cells: str | None, shown: int | None, no_flip: bool, cats: int | None,
        player: str | None, bed: int | None, game: str | None, json_output: bool) -> None:
    """`garden fit` on an Indian Summer board (--cells, or a board-mode game's player)."""
    from assistant.cli.common import print_json
    from assistant.data import indian_catalogue as ic
    from assistant.errors import GardenError, UsageError
    from assistant.games.indian_summer import woods as cells_of

    if cats is not None or bed is not None:
        raise UsageError("--cats and --bed are Cottage Garden options")
    shape, _ = ic.resolve_leaf(shape_or_id)
    notes = ["animal shapes unknown (no source gives them): " + ", ".join(
        k for k, s in ic.load().animals.items() if s.shape is None) + " — define one: garden tiles define KIND SHAPE --game indian-summer"]
    if cells is not None:
        if player is not None:
            raise UsageError("--cells gives the board itself: leave out --player")
        try:
            board = cells_of.parse_woods(cells)
        except GardenError as err:
            raise UsageError(f"--cells: {err}") from None
        if (board.rows, board.cols) != (cells_of.ROWS, cells_of.COLS):
            raise UsageError(f"--cells: a woodland board is {cells_of.ROWS} rows of {cells_of.COLS}")
        stacks: tuple = ("z", "t", "o")
    else:
        from assistant.cli.common import load_game

        state, index = tracked_woods(load_game(game), player)
        board, stacks = state.players[index].board, state.stacks
    report = fit_report(board, shape, limit=shown, flip=not no_flip, stacks=stacks, notes=notes)
    if json_output:
        print_json(report)
        return
    print_fit(report, shown)


def print_fit(report: dict[str, Any], shown: int | None) -> None:
    from rich.table import Table

    from assistant.cli.common import console
    from assistant.render.indian_woods import LEGEND, board_text

    out = console()
    for note in report["notes"]:
        out.print(f"Note: {note}", markup=False)
    if not report["count"]:
        out.print(f"No legal placement of {report['shape']!r} on this board.", markup=False)
        return
    table = Table("#", "board (X = the tile)", "score", "placed as", "why", show_lines=True,
                  title=f"{report['count']} legal placement(s) of {report['shape']!r}, best first")
    for i, p in enumerate(report["placements"], 1):
        table.add_row(str(i), board_text(report["woods"], {tuple(c) for c in p["cells"]}), f"{p['score']:g}",
                      f"{p['orientation']} at {p['anchor'][0]},{p['anchor'][1]}\nhole {p['hole'][0]},{p['hole'][1]}",
                      "\n".join(f"• {r}" for r in p["reasons"]))
    out.print(table)
    if shown is not None and report["count"] > shown:
        out.print(f"… and {report['count'] - shown} more (--limit 0 shows all).", markup=False)
    out.print(LEGEND, markup=False)


def print_advice(ranked: dict[str, Any]) -> None:
    """`garden advise`: the advice (above), printed."""
    from rich.table import Table

    from assistant.cli.common import console

    before, options, name = ranked["before"], ranked["options"], ranked["player"]
    out = console()
    for step in before:
        out.print(f"• {step}", markup=False)
    if not options:
        out.print(f"Nothing for {name} to place now.", markup=False)
        return
    table = Table("#", "place", "where", "score", "why", title=f"{name}: placement options, best first")
    for i, opt in enumerate(options[:10], 1):
        table.add_row(str(i), opt["what"], " ".join(f"{r},{c}" for r, c in opt["cells"]), f"{opt['score']:g}",
                      "\n".join(opt["reasons"]))
    out.print(table)
