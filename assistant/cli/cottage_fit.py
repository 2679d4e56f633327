"""Cottage Garden's `garden fit` and `garden advise`: every legal placement of a tile on a bed
as the JSON contract (`fit_report`), drawn for the terminal (`render_report`), on a bed given
as text, a tracked bed, or a photo's reading (`fit_on_text`); the plant options of the
current player (`advise`). Called through the game's command-line module (cottage_cmds)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from assistant.cli.common import console, print_json
from assistant.errors import GardenError, UsageError

GAME = "cottage-garden"
NEW_TILE = "X"


def fit_report(
    board: Any,
    shape: Any,
    bed_number: int = 1,
    *,
    limit: int | None = None,
    remaining_shapes: Iterable[Any] = (),
    cats: int = 0,
    pots_available: bool = True,
    flip: bool = True,
    notes: Iterable[str] = (),
) -> dict[str, Any]:
    """{"placements": [{"bed", "cells", "orientation", "anchor", "score", "reasons"}, ...],
    "count", "shape", "bed", "notes"}; `limit` keeps the best N (None: all)."""
    from assistant.games.cottage_garden.bed import bed_text
    from assistant.games.cottage_garden.bedfit import rank_placements

    ranked = rank_placements(board, shape, bed=bed_number, remaining_shapes=remaining_shapes,
                             cats=cats, pots_available=pots_available, flip=flip)
    shown = ranked if limit is None else ranked[:limit]
    return {
        "placements": [r.to_json() for r in shown],
        "count": len(ranked),
        "shape": shape.to_text(),
        "bed": bed_text(board),
        "notes": list(notes),
    }


def _drawing(bed: str, cells: list[list[int]]) -> Any:
    from rich.text import Text

    new = {(r, c) for r, c in cells}
    text = Text()
    for r, row in enumerate(bed.split("/")):
        if r:
            text.append("\n")
        for c, ch in enumerate(row):
            if c:
                text.append(" ")
            if (r, c) in new:
                text.append(NEW_TILE, style="bold reverse green")
            else:
                text.append(ch, style="dim" if ch in "#pcok" else "")
    return text


def render_report(report: dict[str, Any], shown_limit: int | None) -> None:
    out = console()
    for note in report["notes"]:
        out.print(f"Note: {note}", markup=False)
    total = report["count"]
    if not total:
        out.print(f"No legal placement of {report['shape']!r} on this bed.", markup=False)
        return
    from rich.table import Table

    table = Table("#", "bed (X = the tile)", "score", "placed as", "why",
                  title=f"{total} legal placement{'s' if total != 1 else ''} of {report['shape']!r}, best first",
                  show_lines=True)
    for i, p in enumerate(report["placements"], 1):
        table.add_row(str(i), _drawing(report["bed"], p["cells"]), f"{p['score']:g}",
                      f"{p['orientation']} at {p['anchor'][0]},{p['anchor'][1]}",
                      "\n".join(f"• {r}" for r in p["reasons"]))
    out.print(table)
    if shown_limit is not None and total > shown_limit:
        out.print(f"… and {total - shown_limit} more (--limit 0 shows all).", markup=False)
    out.print("Legend: . empty, P/C printed flowerpot/cloche, # p c tile cells, o pot token, k cat; "
              "rows and columns from 0, row 0 at the top.", markup=False)


def shape_and_notes(shape_or_id: str) -> tuple[Any, list[str]]:
    from assistant.data import catalogue

    shape = catalogue.resolve_shape(shape_or_id)
    notes = []
    if catalogue.looks_like_id(shape_or_id):
        spec = catalogue.tile(shape_or_id)
        for missing in spec.missing():
            notes.append(f"tile {spec.id}: {missing} is unknown; the placements ignore it "
                         f"(define it: {spec.define_hint()})")
    return shape, notes


def fit(shape_or_id: str, cells: str | None, shown: int | None, no_flip: bool, cats: int | None,
        player: str | None, bed: int | None, game: str | None, json_output: bool) -> None:
    """`garden fit` on a bed given as text (--cells) or a tracked board-mode bed."""
    if cats is not None and cats < 0:
        raise UsageError(f"--cats {cats}: give 0 or more")
    shape, notes = shape_and_notes(shape_or_id)
    if cells is not None:
        if player is not None or bed is not None:
            raise UsageError("--cells gives the bed itself: leave out --player and --bed")
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


def fit_on_text(tile: str, text: str, shown: int | None, no_flip: bool, cats: int,
                notes: list[str]) -> tuple[dict[str, Any], Any]:
    """The fit report on a photo's reading as bed text, and its renderer."""
    from assistant.games.cottage_garden.bed import parse_bed

    shape, shape_notes = shape_and_notes(tile)
    report = fit_report(parse_bed(text), shape, 1, limit=shown, cats=cats, flip=not no_flip, notes=notes + shape_notes)
    return report, render_report


def tracked_player(game: str | None, player: str | None, cells_option: bool = True) -> tuple[Any, int]:
    """(state, player index) of a board-mode Cottage Garden game; default: the current player.
    `cells_option`: the command also takes the bed as text (--cells), which errors point to."""
    from assistant.cli.common import load_game, player_index

    try:
        loaded = load_game(game)
    except GardenError as err:
        raise GardenError(f"{err}; or give the bed as text with --cells" if cells_option else str(err)) from None
    state = loaded.state
    if loaded.row.game != GAME or not state.setup.board_mode:
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


def advice(line: str | None, game: str | None) -> dict[str, Any]:
    """`garden advise --json`: for the current player, the refill and cat choices, then every tile of
    the gardener line on either bed and taking a flowerpot, ranked."""
    from assistant.games.cottage_garden.advice import plant_options

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
    return advice


def print_advice(ranked: dict[str, Any]) -> None:
    """`garden advise`: the advice (above), printed."""
    from assistant.data import catalogue

    unknown = [catalogue.tile(ident) for ident in ranked.get("unknown_tiles", [])]
    out = console()
    for spec in unknown:
        out.print(f"• tile {spec.id} left out: its shape is unknown (define it: {spec.define_hint()})", markup=False)
    for step in ranked["before"]:
        out.print(f"• {step}", markup=False)
    from rich.table import Table

    table = Table("#", "plant", "bed", "where", "score", "why", title=f"{ranked['player']}: plant options, best first")
    for i, opt in enumerate(ranked["options"][:10], 1):
        where = " ".join(f"{r},{c}" for r, c in opt["cells"])
        table.add_row(str(i), opt["what"], str(opt["bed"]), where, f"{opt['score']:g}", "\n".join(opt["reasons"]))
    out.print(table)
    if not ranked["options"] and unknown:
        out.print("No tile of known shape fits: define the tiles left out above to have them ranked.", markup=False)
    elif not ranked["options"]:
        out.print("Nothing fits: you must take a flowerpot, and no bed cell is free for it either.", markup=False)
