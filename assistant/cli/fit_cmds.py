"""`garden fit`: every legal placement of a tile on a bed, best first, with reasons.
(An Indian Summer board -- a 9-row --cells text or an Indian Summer game -- goes to
indian_cmds.fit_leaf / advise_leaves, ranked by games/indian_summer/leaffit.py.)

Every mode (bed given as text now; a tracked game's bed or a photo later)
builds a bed Board and calls `fit_report`, which produces the JSON contract;
`render_report` draws it for the terminal.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from assistant.cli.common import GameOption, JsonOption, console, print_json
from assistant.cli.cottage_fit import fit_report, render_report, shape_and_notes
from assistant.cli.errors import reports_errors
from assistant.errors import UsageError

DEFAULT_TEXT_LIMIT = 5


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
    json_output: JsonOption = False,
) -> None:
    """Every legal placement of a tile on a bed, best first, with the reasons.

    The bed comes from --cells, from a board-mode game (--player/--bed), or from a
    photo (PHOTO --board NAME --tile SHAPE_OR_ID)."""
    from assistant.cli import indian_cmds

    if board is not None or tile is not None or out is not None or camera is not None:
        from assistant.cli.photo_fit import fit_photo

        if cells is not None or player is not None or bed is not None:
            raise UsageError("photo mode reads the bed from the photo: leave out --cells, --player and --bed")
        return fit_photo(shape_or_id, board, tile, out, camera, limit, no_flip, cats or 0, json_output)
    if shape_or_id is None:
        raise UsageError("give the tile: garden fit SHAPE_OR_ID --cells BED (or PHOTO --board NAME --tile SHAPE_OR_ID)")

    if indian_cmds.is_indian_fit(cells, game):  # Indian Summer: leaf tiles on a woodland board
        if cats is not None or bed is not None:
            raise UsageError("--cats and --bed are Cottage Garden options")
        return indian_cmds.fit_leaf(shape_or_id, cells, limit, no_flip, player, game, json_output)
    if limit is not None and limit < 0:
        raise UsageError(f"--limit {limit}: give 0 (all) or a positive number")
    if cats is not None and cats < 0:
        raise UsageError(f"--cats {cats}: give 0 or more")
    shape, notes = shape_and_notes(shape_or_id)
    shown = None if limit == 0 else limit
    if shown is None and limit is None and not json_output:
        shown = DEFAULT_TEXT_LIMIT
    if cells is not None:
        if player is not None or bed is not None:
            raise UsageError("--cells gives the bed itself: leave out --player and --bed")
        from assistant.errors import GardenError
        from assistant.games.cottage_garden.bed import parse_bed

        try:
            board = parse_bed(cells)
        except GardenError as err:
            raise UsageError(f"--cells: {err}") from None
        report = fit_report(board, shape, 1, limit=shown, cats=cats or 0, flip=not no_flip, notes=notes)
    else:
        state, index = tracked_player(game, player)
        held = state.players[index].cats if cats is None else cats
        beds = [bed] if bed is not None else [i + 1 for i, s in enumerate(state.beds[index]) if s is not None]
        reports = {n: fit_report(_tracked_bed(state, index, n), shape, n, limit=None, cats=held,
                                 flip=not no_flip, notes=notes) for n in beds}
        report = merge_reports(reports, shown)
    if json_output:
        print_json(report)
        return
    render_report(report, shown)


def tracked_player(game: str | None, player: str | None, cells_option: bool = True) -> tuple[Any, int]:
    """(state, player index) of a board-mode Cottage Garden game; default: the current player.
    `cells_option`: the command also takes the bed as text (--cells), which errors point to."""
    from assistant.cli.common import load_game, player_index
    from assistant.errors import GardenError

    try:
        loaded = load_game(game)
    except GardenError as err:
        raise GardenError(f"{err}; or give the bed as text with --cells" if cells_option else str(err)) from None
    state = loaded.state
    if loaded.row.game != "cottage-garden" or not state.setup.board_mode:
        raise GardenError(f"{loaded.row.name!r} is not a Cottage Garden board-mode game"
                          + (": give the bed with --cells" if cells_option else " (garden new ... --board-mode)"))
    return state, player_index(state, player)


def _tracked_bed(state: Any, index: int, number: int) -> Any:
    from assistant.games.cottage_garden import planting

    return planting.bed_at(state.beds[index], state.players[index].name, number).board


def merge_reports(reports: dict[int, dict[str, Any]], limit: int | None) -> dict[str, Any]:
    """Several beds' reports (by bed number) as one list, best first."""
    placements = sorted((p for r in reports.values() for p in r["placements"]), key=lambda p: -p["score"])
    first = next(iter(reports.values()))
    return {**first, "placements": placements if limit is None else placements[:limit],
            "count": sum(r["count"] for r in reports.values()),
            "bed": first["bed"] if len(reports) == 1 else None,
            "beds": {str(n): r["bed"] for n, r in reports.items()}}


@reports_errors
def advise(
    line: Annotated[str | None, typer.Option("--line", help="The gardener line's tiles, nearest the die first: ids or shapes, "
                                             "'-' for an empty cell, e.g. 4B,-,2A,6C (default: the tracked nursery's).")] = None,
    game: GameOption = None,
    json_output: JsonOption = False,
) -> None:
    """For the current player: the refill and cat choices, then every tile of the gardener line
    on either bed and taking a flowerpot, ranked."""
    from assistant.cli import indian_cmds
    from assistant.games.cottage_garden.advice import plant_options

    if indian_cmds.is_indian_fit(None, game):  # Indian Summer: the path's leaf tiles on the woodland board
        return indian_cmds.advise_leaves(line, game, json_output)
    state, index = tracked_player(game, None, cells_option=False)
    if line is None:
        if state.nursery is None:
            raise UsageError("the nursery is not tracked in this game: give the line, e.g. --line 4B,-,2A,6C")
        line = ",".join(tile or "-" for _, tile in state.nursery.line(state.die, state.die_position))
    entries = [t.strip() for t in line.split(",")]
    if len(entries) != 4 or not all(entries):
        raise UsageError(f"--line {line!r}: give the line's 4 cells, '-' for an empty one, e.g. 4B,-,2A,6C")
    from assistant.data import catalogue

    tiles, unknown = [], []
    for t in entries:
        if t == "-":
            continue
        spec = catalogue.tile(t) if catalogue.looks_like_id(t) else None
        if spec is not None and spec.shape is None:
            unknown.append(spec)  # most shipped shapes are unknown: advise on the rest
            continue
        tiles.append((t, shape_and_notes(t)[0]))
    advice = plant_options(state, index, tiles, empty_cells=entries.count("-"))
    if unknown:
        advice["unknown_tiles"] = [spec.id for spec in unknown]
    if json_output:
        print_json(advice)
        return
    out = console()
    for spec in unknown:
        out.print(f"• tile {spec.id} left out: its shape is unknown (define it: {spec.define_hint()})", markup=False)
    for step in advice["before"]:
        out.print(f"• {step}", markup=False)
    from rich.table import Table

    table = Table("#", "plant", "bed", "where", "score", "why", title=f"{advice['player']}: plant options, best first")
    for i, opt in enumerate(advice["options"][:10], 1):
        where = " ".join(f"{r},{c}" for r, c in opt["cells"])
        table.add_row(str(i), opt["what"], str(opt["bed"]), where, f"{opt['score']:g}", "\n".join(opt["reasons"]))
    out.print(table)
    if not advice["options"] and unknown:
        out.print("No tile of known shape fits: define the tiles left out above to have them ranked.", markup=False)
    elif not advice["options"]:
        out.print("Nothing fits: you must take a flowerpot, and no bed cell is free for it either.", markup=False)
