"""`garden fit` and `garden advise` for every game: the flags are read here; the game whose
board it is (by the --cells text's size, else the saved game) ranks the placements (its reports
module: `advice`; a photo: `fit_on_text`, through reports/photo.py) and prints them through its own
command-line module (`fit`, `print_fit`, `print_advice`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from assistant.cli.common import GameOption, JsonOption, print_json, shown_limit
from assistant.cli.errors import reports_errors
from assistant.cli.registry import game_cli
from assistant.errors import UsageError


def register(app: typer.Typer, only: str | None = None) -> None:
    for command in (fit, advise):
        if only in (None, command.__name__):
            app.command(command.__name__)(command)


@reports_errors
def fit(
    shape_or_id: Annotated[str | None, typer.Argument(metavar="SHAPE_OR_ID|PHOTO",
                                                      help="A tile id (e.g. 2A) or a shape: '#' cells, '.' gaps, '/' between rows; "
                                                      "with --board, the photo of the bed.")] = None,
    cells: Annotated[str | None, typer.Option(
        "--cells", help="The bed as text, rows split by '/': . empty, P/C printed, # tile, p/c tile symbol, o pot token, k cat.")] = None,
    limit: Annotated[int | None, typer.Option("--limit", help="Show the best N (0: all; default 5 as text, all as JSON).")] = None,
    no_flip: Annotated[bool, typer.Option("--no-flip", help="Turn the tile but never flip it.")] = False,
    cats: Annotated[int | None, typer.Option("--cats", help="Cats you hold to fill 1-cell pockets (default: the player's, in a game).")] = None,
    player: Annotated[str | None, typer.Option("--player", help="A tracked board-mode game: whose bed (default: the current player).")] = None,
    bed: Annotated[int | None, typer.Option("--bed", min=1, max=2, help="A tracked game: which bed (default: both).")] = None,
    game: GameOption = None,
    board: Annotated[str | None, typer.Option("--board", help="Photo mode: the calibrated board the photo shows.")] = None,
    tile: Annotated[str | None, typer.Option("--tile", help="Photo mode: the tile id or shape.")] = None,
    out: Annotated[Path | None, typer.Option("--out", help="Photo mode: draw the best placements on the photo (.png or .jpg).")] = None,
    camera: Annotated[str | None, typer.Option("--camera", help="Photo mode: take the photo from camera N (or a video file).")] = None,
    again: Annotated[list[str] | None, typer.Option(
        "--again", help="Photo mode: another photo of the same bed, taken from a little to one side, read with the "
        "first as one (glare moves with the camera, the board does not); repeat for more.", show_default=False)] = None,
    json_output: JsonOption = False,
) -> None:
    """Every legal placement of a tile on a bed, best first, with the reasons.

    The bed comes from --cells, from a board-mode game (--player/--bed), or from a
    photo (PHOTO --board NAME --tile SHAPE_OR_ID [--again PHOTO])."""
    if limit is not None and limit < 0:
        raise UsageError(f"--limit {limit}: give 0 (all) or a positive number")
    if board is not None or tile is not None or out is not None or camera is not None or again:
        from assistant.cli.photo_fit import fit_photo

        if cells is not None or player is not None or bed is not None:
            raise UsageError("photo mode reads the bed from the photo: leave out --cells, --player and --bed")
        return fit_photo(shape_or_id, board, tile, out, camera, limit, no_flip, cats or 0, json_output, again or [])
    if shape_or_id is None:
        raise UsageError("give the tile: garden fit SHAPE_OR_ID --cells BED (or PHOTO --board NAME --tile SHAPE_OR_ID)")
    game_cli(game_of(cells, game)).fit(shape_or_id, cells, shown_limit(limit, json_output), no_flip, cats, player,
                                       bed, game, json_output)


def game_of(cells: str | None, game: str | None) -> str:
    """Whose board `fit` or `advise` is about: the game whose boards have as many rows as the
    --cells text, else the saved game's; else the first game, which reads the input and says
    what is wrong with it."""
    from assistant.cli.common import load_game
    from assistant.errors import GardenError
    from assistant.games import registry

    if cells is not None:
        rows = len(cells.strip().replace("\n", "/").split("/"))
        for key in registry.GAMES:
            if any(r == rows for r, _ in registry.game(key).board_sizes):
                return key
    else:
        try:
            return load_game(game).row.game
        except GardenError:
            pass
    return next(iter(registry.GAMES))


@reports_errors
def advise(
    line: Annotated[str | None, typer.Option("--line", help="The gardener line's tiles, nearest the die first: ids or shapes, "
                                             "'-' for an empty cell, e.g. 4B,-,2A,6C (default: the tracked nursery's).")] = None,
    game: GameOption = None,
    json_output: JsonOption = False,
) -> None:
    """For the current player: what to place now, ranked (Cottage Garden: the refill and cat
    choices, then every tile of the gardener line on either bed and taking a flowerpot)."""
    from assistant import reports
    from assistant.cli.common import load_game

    loaded = load_game(game)
    ranked = reports.of(loaded.row.game).advice(loaded, line)
    if json_output:
        print_json(ranked)
        return
    game_cli(loaded.row.game).print_advice(ranked)
