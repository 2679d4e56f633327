"""Renders physically based photos of Cottage Garden beds (and the empty boards to calibrate from)
into a folder, with their truth: run with the bpy environment's Python (README.md).

    /path/to/bpyenv/bin/python samples/pbr/render.py --out ~/.cache/garden-pbr --count 30 --seed 1
    /path/to/bpyenv/bin/python samples/pbr/render.py --out DIR --calibration   # the empty boards

Photo i: design i % DESIGNS, seed S * 10000 + i (stem pbr-bed-<design>_<seed>); a photo already in
the folder is skipped, so an interrupted run goes on where it stopped.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

DESIGNS = 6


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--count", type=int, default=6)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--size", default="1600x1200")
    ap.add_argument("--samples", type=int, default=12)
    ap.add_argument("--calibration", action="store_true", help="the empty boards of every design")
    args = ap.parse_args()
    from scene import render

    size = tuple(int(v) for v in args.size.split("x"))
    jobs = ([(d, 900000 + d, True) for d in range(DESIGNS)] if args.calibration else
            [(i % DESIGNS, args.seed * 10000 + i, False) for i in range(args.count)])
    for design, seed, calibration in jobs:
        stem = f"calib_pbr-bed-{design}" if calibration else f"pbr-bed-{design}_{seed}"
        out = args.out / f"{stem}.jpg"
        if out.exists() and out.with_suffix(".json").exists():
            continue
        start = time.time()
        render(design, seed, out, size=size, samples=args.samples * (2 if calibration else 1), calibration=calibration)
        print(f"{stem}: {time.time() - start:.0f} s", flush=True)


if __name__ == "__main__":
    main()
