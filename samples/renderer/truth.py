"""The truth that goes with a photo, and writing photo + truth to a folder.

Truth JSON (same stem as the photo):
  board   design name         rows, cols   grid size        layout  printed layout string
  corners outer corners of the CELL GRID (not the frame) in photo pixels of
          the upright image (after EXIF rotation), OpenCV convention (pixel
          (0,0)'s centre at (0,0)), in the board's reading order: top-left,
          top-right, bottom-right, bottom-left; row 0 runs from the first
          corner to the second. They are the corners on the board's printed
          surface (its top, not the table).
  cells   cells[r][c] = "covered" if any piece covers the cell (a leaf tile's
          hole cell too), else the printed content: "empty" | "pot" |
          "cloche" (Cottage Garden), "empty" | "blueberry" | "nut" |
          "mushroom" | "feather" (Indian Summer)
  seed    the photo seed       params  what was drawn (camera, light, pieces, effects...)
"""
from __future__ import annotations

import json
from pathlib import Path

from .designs import BoardDesign, printed_cells
from .pieces import Piece, covered_cells


def cell_states(design: BoardDesign, pieces: list[Piece]) -> list[list[str]]:
    cells = printed_cells(design)
    for r, c in covered_cells(pieces):
        cells[r][c] = "covered"
    return cells


def make_truth(design: BoardDesign, seed: int, corners, pieces: list[Piece], params: dict) -> dict:
    return {
        "board": design.name,
        "rows": design.rows,
        "cols": design.cols,
        "layout": design.layout,
        "corners": [[round(float(x), 3), round(float(y), 3)] for x, y in corners],
        "cells": cell_states(design, pieces),
        "seed": int(seed),
        "params": params,
    }


def write_photo(folder: str | Path, stem: str, photo: bytes, truth: dict) -> tuple[Path, Path]:
    """Write <stem>.jpg and <stem>.json into folder (created if needed)."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    jpg = folder / f"{stem}.jpg"
    js = folder / f"{stem}.json"
    jpg.write_bytes(photo)
    js.write_text(dumps_truth(truth), encoding="utf-8")
    return jpg, js


def dumps_truth(truth: dict) -> str:
    """JSON text with one line per cell row and per piece (plain json.loads reads it)."""
    def c(v):
        return json.dumps(v, separators=(", ", ": "))

    lines = ["{"]
    keys = list(truth)
    for i, k in enumerate(keys):
        end = "," if i < len(keys) - 1 else ""
        v = truth[k]
        if k == "cells":
            rows = ",\n".join("  " + c(r) for r in v)
            lines.append(f' "cells": [\n{rows}\n ]{end}')
        elif k == "params":
            pk = list(v)
            lines.append(' "params": {')
            for j, key in enumerate(pk):
                e2 = "," if j < len(pk) - 1 else ""
                if key == "pieces" and v[key]:
                    items = ",\n".join("   " + c(p) for p in v[key])
                    lines.append(f'  "pieces": [\n{items}\n  ]{e2}')
                else:
                    lines.append(f"  {c(key)}: {c(v[key])}{e2}")
            lines.append(" }" + end)
        else:
            lines.append(f" {c(k)}: {c(v)}{end}")
    lines.append("}")
    return "\n".join(lines) + "\n"


def load_truth(path: str | Path) -> dict:
    return json.loads(Path(path).read_text(encoding="utf-8"))
