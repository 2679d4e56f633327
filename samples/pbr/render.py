"""Renders physically based photos of Cottage Garden beds or Indian Summer woodland boards (and the
empty boards to calibrate from)
into a folder, with their truth: run with the bpy environment's Python (README.md).

    /path/to/bpyenv/bin/python samples/pbr/render.py --out ~/.cache/garden-pbr --count 30 --seed 1
    /path/to/bpyenv/bin/python samples/pbr/render.py --out DIR --calibration   # the empty boards

Photo i: design i % DESIGNS[board], seed S * 10000 + i (stem pbr-bed-<design>_<seed>, or pbr-woods-...
with --board woodland, whose seeds are S * 10000 + 5000 + i); a photo already in
the folder is skipped, so an interrupted run goes on where it stopped.

--view N: the same scenes taken again with the phone moved a little to one side (stems <stem>_vN):
the glare moves on the board, as when a player takes a photo again because glare hid cells.

--tiles: the board empty and 6-14 tiles laid loose around it, for judging `garden tiles scan`
(stems pbr-tiles-bed-<design>_<seed>, seeds S * 10000 + 7000 + i; woodland S * 10000 + 7500 + i;
6 + seed % 9 tiles).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

DESIGNS = {"bed": 6, "woodland": 4}  # board designs of each kind


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--count", type=int, default=6)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--size", default="1600x1200")
    ap.add_argument("--samples", type=int, default=12)
    ap.add_argument("--calibration", action="store_true", help="the empty boards of every design")
    ap.add_argument("--board", choices=("bed", "woodland"), default="bed", help="Cottage Garden beds or Indian "
                    "Summer woodland boards")
    ap.add_argument("--tiles", action="store_true", help="tiles laid loose around the empty board (tiles scan)")
    ap.add_argument("--view", type=int, default=0, help="N > 0: the same scenes again, the phone moved a little "
                    "to one side (stems ..._vN)")
    args = ap.parse_args()
    from scene import render

    size = tuple(int(v) for v in args.size.split("x"))
    designs = DESIGNS[args.board]
    woods = args.board == "woodland"
    first = 7000 + 500 * woods if args.tiles else 5000 * woods
    jobs = ([(d, 900000 + 100 * woods + d, True) for d in range(designs)] if args.calibration else
            [(i % designs, args.seed * 10000 + first + i, False) for i in range(args.count)])
    board = ("tiles-" if args.tiles and not args.calibration else "") + ("woods" if woods else "bed")
    for design, seed, calibration in jobs:
        stem = f"calib_pbr-{board}-{design}" if calibration else f"pbr-{board}-{design}_{seed}" + (
            f"_v{args.view}" if args.view else "")
        out = args.out / f"{stem}.jpg"
        if out.exists() and out.with_suffix(".json").exists():
            continue
        start = time.time()
        render(design, seed, out, size=size, samples=args.samples * (2 if calibration else 1), calibration=calibration,
               kind=args.board, loose=6 + seed % 9 if args.tiles and not calibration else 0,
               view=0 if calibration else args.view)
        print(f"{stem}: {time.time() - start:.0f} s", flush=True)


if __name__ == "__main__":
    main()
