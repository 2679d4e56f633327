"""Cottage Garden's fit report: every legal placement of a tile on a bed as the JSON contract
(`fit_report`), drawn for the terminal (`render_report`); shared by `garden fit` on a bed
given as text, on a tracked bed, and on a photo."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from assistant.cli.common import console

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
