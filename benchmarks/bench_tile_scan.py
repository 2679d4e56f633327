"""`garden tiles scan` on photos of tiles laid around a board, with their truth: tiles found, found
tiles' shapes exactly right, symbols and holes at the right cell, shapes wrong without `uncertain`
(must be none); and, with --speed, the scan of a 12 MP photo as a whole process against
`python -c "import cv2; cv2.imread(photo)"`.

    .venv/bin/python benchmarks/bench_tile_scan.py                 # quick: 20 photos
    .venv/bin/python benchmarks/bench_tile_scan.py --full          # 100 photos, and --speed
    .venv/bin/python benchmarks/bench_tile_scan.py --speed --runs 7
    .venv/bin/python benchmarks/bench_tile_scan.py --dir FOLDER    # the judging set (below)

The photos are samples/renderer's (`loose_tiles`), made as they are read: photo i design
DESIGNS[i % len], seed SEED * 1000 + i, 6-14 tiles. The judging set comes from another renderer:
--dir reads a folder of samples/pbr/render.py --tiles photos (physically rendered, cached outside
the repository; samples/pbr/README.md), each with its truth beside it. A tile is found when a
scanned tile's outline centroid lies within half a cell of its truth's; a tile not wholly in the
photo is counted apart, not among the tiles (no scan can read it). Symbols and holes are compared
in the truth's frame, at the turn of the read shape that agrees best (a symmetric tile has
several); those read where the tile has none are counted apart.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import cv2  # noqa: E402
import numpy as np  # noqa: E402

from assistant.cli.registry import tile_game  # noqa: E402
from assistant.cli.tile_scan import doubt_unknown_shapes  # noqa: E402
from assistant.grid import HOLE, Shape  # noqa: E402
from assistant.vision.imageio import load_photo  # noqa: E402
from assistant.vision.profile import load_profile  # noqa: E402
from assistant.vision.reader import place_board  # noqa: E402
from assistant.vision.tilescan import scan_tiles  # noqa: E402
from samples.renderer.api import render_photo  # noqa: E402

DESIGNS = ("bed-1-light", "bed-2-dark", "bed-3-light", "woodland-1-a", "woodland-2-b")


def truth_shape(t: dict) -> Shape:
    marks = {tuple(t["hole"]): HOLE} if t.get("hole") else {}
    for key, word in (t.get("symbols") or {}).items():
        r, c = map(int, key.split(","))
        marks[(r, c)] = word
    return Shape.from_cells([tuple(c) for c in t["cells"]], marks).canonical(flip=False)


def centroid(outline: list[list[float]]) -> np.ndarray:
    """The area centroid of an outline (its vertices' mean leans towards where they crowd)."""
    m = cv2.moments(np.asarray(outline, np.float32))
    return np.array([m["m10"] / m["m00"], m["m01"] / m["m00"]]) if m["m00"] else np.mean(outline, axis=0)


def rendered(count: int, seed: int, tmp: Path) -> Iterator[tuple[str, Path, dict]]:
    """(name, photo file, truth) of samples/renderer's photos of loose tiles: photo i design
    DESIGNS[i % len], seed SEED * 1000 + i, 6-14 tiles."""
    for i in range(count):
        design = DESIGNS[i % len(DESIGNS)]
        jpeg, truth = render_photo(design, seed * 1000 + i, loose_tiles=6 + (seed * 1000 + i) % 9)
        path = tmp / "photo.jpg"
        path.write_bytes(jpeg)
        yield f"{design} {seed * 1000 + i}", path, {**truth, "board": design}


def in_folder(folder: Path) -> Iterator[tuple[str, Path, dict]]:
    """(name, photo file, truth) of a folder's photos of loose tiles, each beside its truth .json
    (samples/pbr/render.py --tiles: the physically rendered judging set)."""
    for truth_file in sorted(folder.glob("*.json")):
        truth = json.loads(truth_file.read_text())
        if truth.get("params", {}).get("tiles") is not None and truth_file.with_suffix(".jpg").exists():
            yield truth_file.stem, truth_file.with_suffix(".jpg"), truth


def accuracy(photos: Iterable[tuple[str, Path, dict]], verbose: bool = False) -> None:
    tiles = cut_off = found = shapes = marks_right = marks_false = plain = marks_all = confident_wrong = uncertain = refused = failed = count = 0
    by_mark: dict[str, list[int]] = {}  # per mark kind (pot, cloche, hole): right, of the found right shapes'
    for name, path, truth in photos:
        count += 1
        photo, prof = load_photo(str(path)), load_profile(truth["board"])
        try:
            placed = place_board(photo, prof)
        except Exception as err:  # noqa: BLE001 (counted and named)
            failed += 1
            print(f"  {name}: board not read: {err}")
            continue
        scan = scan_tiles(photo, prof, placed.homography)
        doubt_unknown_shapes(tile_game(prof.game), scan.tiles)  # as `garden tiles scan` reports them
        refused += len(scan.refused)
        cell_px = np.linalg.norm(np.subtract(truth["corners"][1], truth["corners"][0])) / prof.cols
        width, height = photo.full_size
        for t in truth["params"]["tiles"]:
            xy = np.asarray(t["outline_px"])
            if xy.min() < 0 or xy[:, 0].max() >= width or xy[:, 1].max() >= height:
                cut_off += 1  # not wholly in the photo: no scan can read it
                continue
            tiles += 1
            centre = centroid(t["outline_px"])
            near = [s for s in scan.tiles if np.linalg.norm(centroid(s.outline_px) - centre) < 0.5 * cell_px]
            if not near:
                if verbose:
                    print(f"  {name}: {truth_shape(t).to_text()} not found")
                continue
            found += 1
            got, want = near[0], truth_shape(t)
            right = Shape.from_cells(got.shape.cells).canonical(flip=False) == Shape.from_cells(want.cells).canonical(flip=False)
            shapes += right
            uncertain += got.uncertain
            confident_wrong += (not right) and not got.uncertain
            if verbose and not right:
                print(f"  {name}: {want.to_text()} read {got.text}"
                      f"{' (uncertain: ' + '; '.join(got.doubts) + ')' if got.uncertain else ' WITHOUT uncertain'}")
            marks_all += len(want.marks)
            if not right:
                continue
            # the read marks in the truth's frame: of the turns that lay the read cells on the true
            # ones (a symmetric shape has several), the one that agrees best
            read = max((set(o.shape.marks) for o in got.shape.orientations(flip=False) if o.shape.cells == want.cells),
                       key=lambda ms: len(ms & set(want.marks)))
            marks_right += len(read & set(want.marks))
            marks_false += len(read - set(want.marks))
            plain += want.size - len(want.marks)
            if verbose and read != set(want.marks):
                print(f"  {name}: {want.to_text()} marks {sorted(want.marks)} read {sorted(read)}"
                      f"{' (uncertain)' if got.uncertain else ''}")
            for m in want.marks:
                tally = by_mark.setdefault(m[1], [0, 0])
                tally[0] += m in read
                tally[1] += 1
    pct = lambda a, b: f"{100 * a / b:.1f}%" if b else "-"  # noqa: E731
    print(f"photos: {count} (board not read: {failed}); tiles: {tiles} (and {cut_off} not wholly in the photo, "
          f"not counted); blobs refused: {refused}")
    print(f"tiles found: {found} ({pct(found, tiles)})")
    print(f"found tiles' shapes exactly right: {shapes} ({pct(shapes, found)}); read uncertain: {uncertain}")
    print(f"symbols and holes at the right cell: {marks_right} of {marks_all} ({pct(marks_right, marks_all)})")
    print("  by kind: " + ", ".join(f"{k} {r} of {n} ({pct(r, n)})" for k, (r, n) in sorted(by_mark.items())))
    print(f"  read where the tile has none: {marks_false} of {plain} plain cells ({pct(marks_false, plain)})")
    print(f"shapes wrong without uncertain: {confident_wrong}")


def speed(runs: int) -> None:
    garden = Path(sys.executable).with_name("garden")
    with tempfile.TemporaryDirectory() as tmp:
        jpeg, _ = render_photo("bed-1-light", 7, loose_tiles=10, size=(4000, 3000), jpeg_quality=90)
        photo = Path(tmp) / "twelve.jpg"
        photo.write_bytes(jpeg)
        jobs = {"decode": [sys.executable, "-c", f"import cv2; cv2.imread({str(photo)!r})"],
                "scan": [str(garden), "tiles", "scan", str(photo), "--board", "bed-1-light", "--json"]}
        times: dict[str, list[float]] = {k: [] for k in jobs}
        for _ in range(runs):
            for name, cmd in jobs.items():  # alternated, so both see the same machine
                start = time.perf_counter()
                subprocess.run(cmd, check=True, capture_output=True, env={"GARDEN_HOME": tmp, "PATH": "/usr/bin"})
                times[name].append(time.perf_counter() - start)
    d, s = statistics.median(times["decode"]), statistics.median(times["scan"])
    print(f"12 MP photo, whole processes, medians of {runs}: decode {d * 1000:.0f} ms, scan {s * 1000:.0f} ms, "
          f"ratio {s / d:.2f}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--count", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--full", action="store_true", help="100 photos, and the speed")
    ap.add_argument("--speed", action="store_true")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--dir", type=Path, help="a folder of photos with their truth (samples/pbr/render.py --tiles)")
    ap.add_argument("-v", "--verbose", action="store_true", help="name each tile missed or read wrong")
    args = ap.parse_args()
    if args.dir is not None:
        accuracy(in_folder(args.dir), args.verbose)
    else:
        with tempfile.TemporaryDirectory() as tmp:
            accuracy(rendered(100 if args.full else args.count, args.seed, Path(tmp)), args.verbose)
    if args.speed or args.full:
        speed(args.runs)


if __name__ == "__main__":
    main()
