"""The no-profile reader (`garden check PHOTO --grid 9x9`) on real phone photos of sudoku grids.

Prints: grid found %, per-cell error % (blank vs printed digit) over the found
photos and over all photos (a refused photo counting every cell wrong), the
share of photos read perfectly, cells reported uncertain and how many of the
errors were among them, corner accuracy against outlines.csv, and the failures.

The rotated-label trap: a `.dat` label grid is written in the paper's own
orientation, which is the JPEG's stored pixel orientation; photos whose EXIF
tag turns them for display (6 iPhone shots and one upside-down Galaxy shot
here) have labels turned relative to the upright photo that outlines.csv and
our reader use. The labels are turned by the same EXIF rotation before
comparing; the outline check confirms the upright frame.

    .venv/bin/python benchmarks/bench_photo_sudoku.py [--data DIR] [--limit N]
"""

from __future__ import annotations

import argparse
import csv
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

from assistant.errors import GardenError  # noqa: E402
from assistant.vision.imageio import load_photo  # noqa: E402
from assistant.vision.reader import read_grid  # noqa: E402

DEFAULT = Path("/work/shared/datasets/sudoku-photos")
ROTATE = {6: -1, 3: 2, 8: 1}  # EXIF orientation -> np.rot90 k turning stored-frame labels upright


def labels(dat: Path, orientation: int) -> np.ndarray:
    rows = dat.read_text().strip().splitlines()[2:11]
    grid = np.array([[int(v) for v in r.split()] for r in rows]) > 0
    return np.rot90(grid, ROTATE.get(orientation, 0))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", type=Path, default=DEFAULT)
    ap.add_argument("--limit", type=int, default=0)
    args = ap.parse_args()
    outlines = {}
    with open(args.data / "outlines.csv") as fh:
        for r in csv.DictReader(fh):
            outlines[Path(r["filepath"]).name] = np.array(
                [[float(r[f"p{i}_x"]), float(r[f"p{i}_y"])] for i in range(1, 5)])
    photos = sorted((args.data / "images").glob("*.jpg"), key=lambda p: int(p.stem[5:]))
    if args.limit:
        photos = photos[: args.limit]
    n = found = perfect = wrong = cells = unc = wrong_unc = 0
    corner_errs = []
    failures = []
    t0 = time.perf_counter()
    for p in photos:
        n += 1
        photo = load_photo(p)
        truth = labels(p.with_suffix(".dat"), photo.orientation)
        try:
            reading = read_grid(photo, 9, 9)
        except GardenError as err:
            failures.append(f"{p.name}: refused: {err}")
            continue
        found += 1
        got = np.array([[c == "covered" for c in row] for row in reading.cells])
        bad = got != truth
        k = int(bad.sum())
        wrong += k
        cells += 81
        perfect += k == 0
        u = np.zeros((9, 9), bool)
        for r, c in reading.uncertain:
            u[r, c] = True
        unc += int(u.sum())
        wrong_unc += int((bad & u).sum())
        if p.name in outlines:
            o = outlines[p.name]
            diag = np.linalg.norm(o[0] - o[2])
            # the grid is symmetric: compare with the best cyclic order
            e = min(np.max(np.linalg.norm(np.roll(reading.corners, s, axis=0) - o, axis=1)) for s in range(4))
            corner_errs.append(e / diag)
            if e / diag > 0.05:
                failures.append(f"{p.name}: grid off by {e / diag * 100:.1f}% of its diagonal, {k} wrong cells")
                continue
        if k:
            failures.append(f"{p.name}: {k} wrong cells ({int((bad & u).sum())} of them marked uncertain)")
    dt = time.perf_counter() - t0
    print(f"photos: {n}  grid found: {found} ({found / n * 100:.1f}%)")
    print(f"per-cell error over found photos: {wrong / max(cells, 1) * 100:.2f}% ({wrong} of {cells} cells)")
    print(f"per-cell error counting refusals as all wrong: {(wrong + (n - found) * 81) / (n * 81) * 100:.2f}%")
    print(f"photos read perfectly: {perfect} ({perfect / n * 100:.1f}% of all)")
    print(f"cells marked uncertain: {unc}; errors among them: {wrong_unc} of {wrong}")
    if corner_errs:
        ce = np.array(corner_errs)
        print(f"corner error vs outlines.csv (share of diagonal): median {np.median(ce) * 100:.2f}%, "
              f"within 3%: {(ce < 0.03).mean() * 100:.1f}%")
    print(f"time: {dt / n * 1000:.0f} ms a photo")
    if failures:
        print("failures:")
        for f in failures:
            print("  " + f)


if __name__ == "__main__":
    main()
