"""How often the board outlines (outline.outline_quads) put a grid guess near the truth,
on rendered photos with known truth.

The cheapest locate stage (outlinefit) insets a grid in each of the largest outlines
by the board's frame width and pulls it onto the printed art by block matching,
which reaches about half a cell: a guess helps only when it lies that near the true
grid at every corner. Prints the share of photos with a guess within 0.4 cell and
within 1 cell (the best of the outlines and of their orientations), the median time
of outline_quads a photo, and each miss with its best error in cells.

    .venv/bin/python benchmarks/bench_outline.py [--count 100] [--seed 2] [--long-side 480] [--outlines 3]

Photos are rendered into memory by samples.renderer (bench_photo_accuracy's
rendered_cases, 1600 x 1200) and decoded as `garden check` decodes them.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "vision"))
sys.path.insert(0, str(ROOT / "benchmarks"))

import numpy as np  # noqa: E402

from bench_photo_accuracy import rendered_cases  # noqa: E402

from assistant.vision.outlinefit import frame_guess  # noqa: E402
from assistant.vision.geometry import cell_size  # noqa: E402
from assistant.vision.imageio import decode_photo  # noqa: E402
from assistant.vision.outline import outline_quads  # noqa: E402
from assistant.vision.reference import Reference  # noqa: E402
from assistant.vision.rematch import outline_grids  # noqa: E402

#: a guess this near the truth (cells, worst corner) is pulled onto the art by outlinefit
NEAR = 0.4
#: the error printed when no outline was found at all
NO_OUTLINE = 99.0


def best_error(quads: list[np.ndarray], truth: np.ndarray, rows: int, cols: int, frame: float) -> float:
    """The smallest worst-corner error (cells) of the grids the outlines imply, over
    every corner roll (an outline has no orientation of its own)."""
    cell = cell_size(truth, rows, cols)
    errors = [np.linalg.norm(np.roll(g, -k, axis=0) - truth, axis=1).max() / cell
              for q in quads for g in outline_grids(q, rows, cols, frame) for k in range(4)]
    return float(min(errors, default=NO_OUTLINE))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--count", type=int, default=100)
    ap.add_argument("--seed", type=int, default=2)
    ap.add_argument("--long-side", type=int, default=480, help="outline_quads' working size")
    ap.add_argument("--outlines", type=int, default=3, help="outlines asked for (outlinefit tries 3)")
    args = ap.parse_args()

    errors: list[tuple[str, float]] = []
    times: list[float] = []
    refs: dict[int, Reference] = {}
    for label, src, truth, prof in rendered_cases(args.count, args.seed, (1600, 1200), False):
        ph = decode_photo(src, "x")
        ref = refs.setdefault(id(prof), Reference(prof))
        t0 = time.perf_counter()
        quads = outline_quads(ph.image, args.outlines, args.long_side)
        times.append(time.perf_counter() - t0)
        tc = np.asarray(truth["corners"], np.float64) / ph.scale
        errors.append((label, best_error(quads, tc, prof.rows, prof.cols, frame_guess(ref))))

    n = len(errors)
    near = sum(e < NEAR for _, e in errors)
    within_cell = sum(e < 1.0 for _, e in errors)
    print(f"seed {args.seed}, {n} photos, {args.outlines} outlines at {args.long_side} px:")
    print(f"  guess within {NEAR} cell: {near}/{n} ({100 * near / max(n, 1):.0f}%)")
    print(f"  guess within 1 cell:   {within_cell}/{n} ({100 * within_cell / max(n, 1):.0f}%)")
    print(f"  outline_quads: median {1000 * statistics.median(times or [0]):.1f} ms a photo")
    for label, e in errors:
        if e >= NEAR:
            print(f"  miss: {label}: best {'none' if e >= NO_OUTLINE else f'{e:.2f} cell'}")


if __name__ == "__main__":
    main()
