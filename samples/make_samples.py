"""Write seeded sample photos of game boards with their truth JSON.

    python samples/make_samples.py --out DIR --count N --seed S [--size 4000x3000]
        [--designs NAME ...] [--woodland] [--calibration] [--max-kb K] [--difficulty D]
    python samples/make_samples.py --out samples/photos --preset committed

Photo i (0-based) uses design designs[i % len(designs)] and seed S * 10000 + i,
so render_photo(design, seed) remakes it exactly. Same arguments, same files.
An index.json in DIR lists what was written and the arguments.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from samples.renderer import SAMPLE_DESIGNS, SAMPLE_WOODLAND, render_to_folder  # noqa: E402

# the photos committed in samples/photos: (stem, design, seed, options)
COMMITTED = [
    ("bed-1-light_mixed", "bed-1-light", 101, {"coverage": 0.45, "fill": 0.7}),
    ("bed-1-dark_exif6", "bed-1-dark", 102, {"coverage": 0.55, "fill": 0.8, "exif_orientation": 6, "portrait": True}),
    ("bed-1-light_nearly_empty", "bed-1-light", 103, {"coverage": 0.04, "fill": 0.55}),
    ("bed-1-dark_nearly_full", "bed-1-dark", 104, {"coverage": 0.96, "fill": 0.85}),
    ("bed-1-light_hard", "bed-1-light", 105, {"coverage": 0.6, "fill": 0.7, "tilt": 44.0, "hand": True}),
    ("bed-1-dark_easy", "bed-1-dark", 106, {"coverage": 0.3, "fill": 0.65, "difficulty": 0.3,
                                            "exif_orientation": None}),
    ("woodland-1-a_half", "woodland-1-a", 201, {"coverage": 0.5, "fill": 0.8}),
    ("woodland-1-a_exif8", "woodland-1-a", 202, {"coverage": 0.3, "fill": 0.6, "exif_orientation": 8}),
    ("bed-1-dark_full_markers", "bed-1-dark", 107, {"coverage": 1.0, "fill": 0.8, "markers": True}),
]
COMMITTED_CALIBRATION = [("calib_bed-1-light", "bed-1-light", 1), ("calib_bed-1-dark", "bed-1-dark", 1),
                         ("calib_woodland-1-a", "woodland-1-a", 1)]


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 1600x1200, not {text!r}")
    if min(w, h) < 64 or max(w, h) > 12000:
        raise argparse.ArgumentTypeError(f"size {text} is out of range (64..12000 px a side)")
    return w, h


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", required=True, type=Path, help="output folder")
    ap.add_argument("--count", type=int, default=10, help="number of game photos")
    ap.add_argument("--seed", type=int, default=0, help="run seed")
    ap.add_argument("--size", type=_size, default=(1600, 1200), help="WxH, long x short side (default 1600x1200)")
    ap.add_argument("--designs", nargs="+", default=None, help="design names (default: the sample flower beds)")
    ap.add_argument("--woodland", action="store_true",
                    help="Indian Summer woodland boards (added to --designs, or instead of the flower beds)")
    ap.add_argument("--calibration", action="store_true", help="also write calib_<design>.jpg for each design")
    ap.add_argument("--max-kb", type=int, default=None, help="lower JPEG quality until each file fits")
    ap.add_argument("--difficulty", type=float, default=1.0, help="0 (clean) .. 1 (full range)")
    ap.add_argument("--preset", choices=["committed"], default=None, help="write the committed sample set")
    a = ap.parse_args(argv)
    if a.count < 0:
        ap.error("--count must be 0 or more")

    written = []
    t_all = time.time()
    max_bytes = a.max_kb * 1024 if a.max_kb else None
    if a.preset == "committed":
        max_bytes = max_bytes or 300 * 1024
        for stem, design, seed, opts in COMMITTED:
            t = time.time()
            jpg, _ = render_to_folder(a.out, design, seed, stem=stem, max_bytes=max_bytes, size=a.size, **opts)
            written.append({"photo": jpg.name, "design": design, "seed": seed, "options": opts})
            print(f"{jpg}  {jpg.stat().st_size // 1024} KB  {time.time() - t:.2f} s")
        for stem, design, seed in COMMITTED_CALIBRATION:
            jpg, _ = render_to_folder(a.out, design, seed, stem=stem, max_bytes=max_bytes, size=a.size,
                                      calibration=True)
            written.append({"photo": jpg.name, "design": design, "seed": seed, "calibration": True})
            print(f"{jpg}  {jpg.stat().st_size // 1024} KB")
    else:
        designs = list(a.designs or [])
        if a.woodland:
            designs += list(SAMPLE_WOODLAND)
        if not designs:
            designs = list(SAMPLE_DESIGNS)
        for i in range(a.count):
            design = designs[i % len(designs)]
            seed = a.seed * 10000 + i
            t = time.time()
            stem = f"{design}_{seed}"
            jpg, _ = render_to_folder(a.out, design, seed, stem=stem, max_bytes=max_bytes, size=a.size,
                                      difficulty=a.difficulty)
            written.append({"photo": jpg.name, "design": design, "seed": seed})
            print(f"{jpg}  {jpg.stat().st_size // 1024} KB  {time.time() - t:.2f} s")
        if a.calibration:
            for design in dict.fromkeys(designs[: max(1, a.count)]):
                jpg, _ = render_to_folder(a.out, design, 1, stem=f"calib_{design}", max_bytes=max_bytes,
                                          size=a.size, calibration=True)
                written.append({"photo": jpg.name, "design": design, "seed": 1, "calibration": True})
                print(f"{jpg}  {jpg.stat().st_size // 1024} KB")
    index = {"command": "python samples/make_samples.py " + " ".join(sys.argv[1:] if argv is None else argv),
             "photos": written}
    (a.out / "index.json").write_text(json.dumps(index, indent=1) + "\n", encoding="utf-8")
    print(f"{len(written)} photos in {time.time() - t_all:.1f} s -> {a.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
