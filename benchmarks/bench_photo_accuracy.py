"""Accuracy of `garden check PHOTO --board NAME` on rendered photos with known truth.

Prints: board found % (found = read, with corners within 2% of the grid's
diagonal of the truth), per-cell error % (covered vs not) over found photos,
photos read without a single wrong cell, uncertain cells, the confidently wrong ones (wrong and
not marked uncertain), the board's four corner cells' error beside the other cells', the wrong
cells by kind (a leaf
tile's hole or another covered cell read open, an open cell read covered, a wrong printed
symbol; each with how many were marked uncertain), where a physically rendered photo's truth says the
light spoils them (in a hard shadow, hidden by the object throwing it, under the glare; from the photo,
washed out white, and of those the cells wholly clipped) and the error but for each of the last two, and on
the cells the photo holds (neither wholly clipped nor hidden by an object), how the found boards were
placed (the locating method, with its median read time), the same figures per board
size (5x5 Cottage Garden beds, 9x8 Indian Summer woodland boards), refusals, and each failure.

    .venv/bin/python benchmarks/bench_photo_accuracy.py [--count 60] [--seed 1] [--size 1600x1200]
    .venv/bin/python benchmarks/bench_photo_accuracy.py --dir samples/photos   # photos + truth JSON beside them
    .venv/bin/python benchmarks/bench_photo_accuracy.py --dir DIR DIR ...     # several folders as one set
    .venv/bin/python benchmarks/bench_photo_accuracy.py --synth               # tests/vision/synth.py boards
    .venv/bin/python benchmarks/bench_photo_accuracy.py --synth --synth-grid 9x8   # larger synth grids
    .venv/bin/python benchmarks/bench_photo_accuracy.py --renderer woods_photos   # synth_woods, bed_photos
    .venv/bin/python benchmarks/bench_photo_accuracy.py --markers --coverage 0.95  # nearly full, corner markers
    .venv/bin/python benchmarks/bench_photo_accuracy.py --dir DIR --again DIR2   # two photos a scene, read as one

--again DIR2 (with --dir): each photo is read together with its scene's photo taken from a little to one
side, DIR2/<stem>_v1 (samples/pbr render.py --view 1), as `garden check PHOTO PHOTO2` reads them
(vision.views); only the scenes with both are measured, the pair is refused when neither photo can be
read, and the reading is judged on the photo it is placed on (the first, unless that one is refused;
where the light spoils cells is then not told).

Without --dir the photos are rendered into memory by samples.renderer (each
design calibrated from its calibration_photo with the truth corners); with
--dir each truth's "board" is looked up like `garden check --board` does
($GARDEN_HOME/boards, then calibration/).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "vision"))

import numpy as np  # noqa: E402

from assistant.errors import GardenError  # noqa: E402
from assistant.vision.imageio import load_photo  # noqa: E402
from assistant.vision.profile import load_profile  # noqa: E402
from assistant.vision.reader import calibrate, read_photo  # noqa: E402
from assistant.vision.views import read_views  # noqa: E402
from bench_photo_cells import truth_masks  # noqa: E402


TILT_BANDS = ("tilt 0-15", "tilt 15-30", "tilt 30-45", "tilt 45+")


def design_of(label: str, truth: dict) -> str:
    return str(truth.get("board") or truth.get("design") or label.split(" ")[0])


def _covered(cells):
    return np.array([[c == "covered" for c in row] for row in cells])


#: the independent renderers of tests/vision (--renderer), each written apart from samples/renderer,
#: the reader and the others, from the game's facts alone, and the game of their boards
RENDERERS = {"woods_photos": "indian-summer", "synth_woods": "indian-summer", "bed_photos": "cottage-garden"}


def renderer_cases(module: str, count: int, seed: int, size: tuple[int, int], coverage: float | None = None):
    """Yields (label, image, truth, profile) of an independent renderer of tests/vision (RENDERERS;
    what a fit sees of them: the README's benchmarks paragraph): each design calibrated from its
    empty calibration scene with the truth corners."""
    import importlib

    renderer = importlib.import_module(module)
    profiles = {}
    for i in range(count):
        d = i % renderer.DESIGNS
        if d not in profiles:
            img, t = renderer.calibration_scene(d)
            profiles[d], _ = calibrate(img, f"{module.replace('_', '-')}-{d}", t["rows"], t["cols"],
                                       np.array(t["corners"]), t["layout"], RENDERERS[module])
        s = seed * 100000 + i
        img, t = renderer.scene(d, s, size=size, coverage=coverage)
        yield f"{module}-{d} seed {s}", img, t, profiles[d]


def rendered_cases(count: int, seed: int, size: tuple[int, int], use_synth: bool,
                   synth_grid: tuple[int, int] = (5, 5), **render):
    """Yields (label, image, truth, profile); synth boards have synth_grid rows x columns;
    `render`: further render_photo arguments (markers, coverage) for the sample renderer."""
    profiles = {}
    if not use_synth:
        try:
            from samples.calibrated import sample_profile  # type: ignore
            from samples.renderer import render_photo  # type: ignore
            from samples.renderer.designs import SAMPLE_DESIGNS, SAMPLE_WOODLAND  # type: ignore
        except ImportError:
            print("samples.renderer.render_photo is not available: using tests/vision/synth.py")
            use_synth = True
    if use_synth:
        import synth

        rows, cols = synth_grid
        for i in range(count):
            d = i % 3
            if d not in profiles:
                img, t = synth.calibration_scene(d, rows, cols)
                profiles[d], _ = calibrate(img, f"synth-{d}", rows, cols, np.array(t["corners"]), t["layout"])
            img, t = synth.scene(d, seed * 100000 + i, rows, cols, size=size, tilt=45.0)
            yield f"synth-{d} seed {seed * 100000 + i}", img, t, profiles[d]
        return
    designs = list(SAMPLE_DESIGNS) + list(SAMPLE_WOODLAND)
    for i in range(count):
        design = designs[i % len(designs)]
        if design not in profiles:
            profiles[design] = sample_profile(design, seed)
        s = seed * 100000 + i
        img, t = render_photo(design, s, size=size, **render)
        yield f"{design} seed {s}", img, t, profiles[design]


def _pair(text: str) -> tuple[int, int]:
    """"AxB" -> (A, B): --size is width x height, --synth-grid rows x columns."""
    a, b = (int(v) for v in text.lower().split("x"))
    return a, b


def dir_cases(folder: Path):
    for tj in sorted(folder.glob("*.json")):
        truth = json.loads(tj.read_text())
        photo = next((tj.with_suffix(e) for e in (".jpg", ".jpeg", ".png") if tj.with_suffix(e).exists()), None)
        if photo is None or "board" not in truth:
            continue
        yield tj.stem, photo, truth, load_profile(truth["board"])


#: how a wrong cell went wrong (wrong_kinds), in the order printed
WRONG_KINDS = ("hole read open", "tile read open", "open read covered", "wrong symbol")


def wrong_kinds(truth: dict, bad: np.ndarray, sym_bad: np.ndarray) -> dict[str, np.ndarray]:
    """Masks of the wrong cells of a reading by WRONG_KINDS: a leaf tile's hole (which shows the
    board) or any other covered cell read uncovered, an uncovered cell read covered, an uncovered
    cell read with another printed symbol."""
    cov, hole = truth_masks(truth)
    return dict(zip(WRONG_KINDS, (bad & cov & hole, bad & cov & ~hole, bad & ~cov, sym_bad)))


#: the cells a physically rendered photo's truth says the light or an object spoils (samples/pbr):
#: in the hard shadow, hidden from the camera by the object throwing it, under the glare spot; and,
#: from the photo itself, cells washed out (over half their pixels clipped white, WASHED_LEVEL) and
#: of them the cells wholly clipped (HIDDEN_SHARE of their inner part): those hold nothing of what
#: lies there, so any reading of them is a guess
LIGHT_KINDS = ("in the hard shadow", "hidden by an object", "under the glare", "washed out", "wholly clipped")
#: a pixel clipped white: every channel at least this (the JPEG's ceiling, less its ringing)
WASHED_LEVEL = 250
#: a cell wholly clipped: this share of its inner part (a tenth of a cell in from each side, where
#: a neighbouring tile's edge does not reach) clipped white
HIDDEN_SHARE = 0.98


def clipped_share(image: np.ndarray, corners: np.ndarray, rows: int, cols: int, insets: tuple[float, ...] = (0.0,)
                  ) -> list[np.ndarray]:
    """For each of `insets`, rows x cols: the share of each cell of the image, placed by `corners`
    (in its pixels) and inset by that share of a cell on every side, whose pixels are clipped
    white (WASHED_LEVEL)."""
    import cv2

    side = 40
    grid = np.float32([[0, 0], [cols * side, 0], [cols * side, rows * side], [0, rows * side]])
    warp = cv2.warpPerspective(image, cv2.getPerspectiveTransform(np.float32(corners), grid),
                               (cols * side, rows * side))
    clipped = (warp.min(axis=2) >= WASHED_LEVEL).reshape(rows, side, cols, side)
    shares = []
    for inset in insets:
        k = int(round(inset * side))
        shares.append(clipped[:, k : side - k, :, k : side - k].mean(axis=(1, 3)))
    return shares


def light_masks(truth: dict, shape: tuple[int, int], photo=None) -> dict[str, np.ndarray]:
    """Masks of LIGHT_KINDS from the truth's params (empty when it names none): the glare spot's
    cells are those whose middle lies within a cell of it; washed-out cells from `photo` (the
    LoadedPhoto read, whose image may be reduced: the truth's full-size corners are scaled to it)."""
    lights = (truth.get("params") or {}).get("lights") or {}
    masks = {kind: np.zeros(shape, bool) for kind in LIGHT_KINDS}
    for kind, key in zip(LIGHT_KINDS, ("shadowed_cells", "caster_hides")):
        for r, c in lights.get(key, []):
            masks[kind][r, c] = True
    glare = (truth.get("params") or {}).get("glare_cell")
    if glare is not None:
        rr, cc = np.mgrid[:shape[0], :shape[1]]
        masks["under the glare"] = np.hypot(cc + 0.5 - glare[0], rr + 0.5 - glare[1]) <= 1.0
    if photo is not None:
        corners = (np.array(truth["corners"]) + 0.5) / photo.scale - 0.5
        whole, inner = clipped_share(photo.image, corners, *shape, insets=(0.0, 0.1))
        masks["washed out"] = whole > 0.5
        masks["wholly clipped"] = inner >= HIDDEN_SHARE
    return masks


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--count", type=int, default=60)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--size", default="1600x1200")
    ap.add_argument("--dir", type=Path, nargs="+", help="folders of photos with their truth JSON beside them, "
                    "measured as one set")
    ap.add_argument("--synth", action="store_true")
    ap.add_argument("--synth-grid", default="5x5", help="--synth: the boards' rows x columns")
    ap.add_argument("--renderer", choices=tuple(RENDERERS), help="boards of this independent renderer in tests/vision")
    ap.add_argument("--markers", action="store_true",
                    help="the corner markers laid at every board (found by them: counted apart)")
    ap.add_argument("--coverage", type=float, help="share of cells under pieces (default: drawn per photo)")
    ap.add_argument("--again", type=Path, help="with --dir: read each photo with DIR2/<stem>_v1, its scene from a "
                    "little to one side")
    args = ap.parse_args()
    if args.again and (not args.dir or len(args.dir) > 1):
        ap.error("--again goes with one --dir")
    w, h = _pair(args.size)
    render = {"markers": True} if args.markers else {}
    if args.coverage is not None:
        render["coverage"] = args.coverage
    if args.dir:
        cases = (case for folder in args.dir for case in dir_cases(folder))
        if args.again:
            cases = [case for case in cases if (args.again / f"{case[0]}_v1.json").exists()]
    elif args.renderer:
        cases = renderer_cases(args.renderer, args.count, args.seed, (w, h), args.coverage)
    else:
        cases = rendered_cases(args.count, args.seed, (w, h), args.synth, _pair(args.synth_grid), **render)
    n = found = perfect = wrong = cells = unc = wrong_unc = refused = by_markers = 0
    failures = []
    # outcome per design and per camera tilt band: found / refused / wrong place
    split: dict[tuple[str, str], list[int]] = {}
    # per board size (a game's board): photos, found, cells read, wrong cells, perfect photos
    by_size: dict[str, list[int]] = {}
    # read times (s) of the found boards by how they were placed (outline, grid, art, ...)
    by_method: dict[str, list[float]] = {}
    # wrong cells of the found boards by kind (WRONG_KINDS): cells, of them marked uncertain
    by_kind = {kind: [0, 0] for kind in WRONG_KINDS}
    # cells read, wrong, wrong and not marked uncertain, where the truth says the light spoils them
    by_light = {kind: [0, 0, 0] for kind in LIGHT_KINDS}
    # photos with a wholly clipped cell, such cells open, photos without a wrong cell but for them
    hidden_seen = [0, 0, 0]
    # cells no photo from this camera holds (wholly clipped, or hidden by an object): such cells;
    # of the others: cells, wrong, wrong and not marked uncertain, photos without a wrong one
    unseen = [0, 0, 0, 0, 0]
    # cells read and wrong, the board's four corner cells apart from the others
    corner_cells = [0, 0, 0, 0]

    def tally(truth, design_label, outcome):
        tilt = (truth.get("params") or {}).get("tilt_deg")
        band = "tilt ?" if tilt is None else TILT_BANDS[min(int(tilt // 15), len(TILT_BANDS) - 1)]
        # a complete bed's orientation shows only in its frame: counted apart from nearly full ones
        n_open = sum(c != "covered" for row in truth["cells"] for c in row)
        open_band = "open cells " + ("0" if n_open == 0 else "1-3" if n_open <= 3 else "4+")
        for key in (("design", design_label), ("tilt", band), ("open", open_band)):
            split.setdefault(key, [0, 0, 0])[outcome] += 1
    scores = []
    t0 = time.perf_counter()
    for label, source, truth, prof in cases:
        n += 1
        size = by_size.setdefault(f"{prof.rows}x{prof.cols}", [0, 0, 0, 0, 0])
        size[0] += 1
        tc = np.array(truth["corners"], np.float64)
        diag = np.linalg.norm(tc[0] - tc[2])
        t_read = time.perf_counter()
        try:
            photo = None if isinstance(source, bytes) else load_photo(source)  # decoded once: read, then measured
            if args.again:  # the pair read as `garden check` reads it; judged on the photo it is placed on
                second = args.again / f"{label}_v1"
                reading, photo, _ = read_views([photo, load_photo(second.with_suffix(".jpg"))],
                                               lambda one, known: read_photo(one, prof, known))
                if photo.source == str(second.with_suffix(".jpg")):
                    tc = np.array(json.loads(second.with_suffix(".json").read_text())["corners"], np.float64)
                    diag = np.linalg.norm(tc[0] - tc[2])
                    truth = {**truth, "corners": tc.tolist(), "params": {}}
            else:
                reading = read_photo(source if photo is None else photo, prof)
        except GardenError as err:
            refused += 1
            tally(truth, design_of(label, truth), 1)
            failures.append(f"{label}: refused: {err}")
            continue
        cerr = float(np.max(np.linalg.norm(reading.corners - tc, axis=1))) / diag
        tally(truth, design_of(label, truth), 0 if cerr <= 0.02 else 2)
        if cerr > 0.02:
            failures.append(f"{label}: WRONG PLACE/ORIENTATION, corners off by {cerr * 100:.1f}% of diagonal "
                            f"(match {reading.locate_score:.2f}, next orientation {reading.details.get('second', 0):.2f})")
            continue
        found += 1
        by_markers += reading.method == "markers"
        by_method.setdefault(reading.method, []).append(time.perf_counter() - t_read)
        scores.append((reading.locate_score, reading.details.get("second", 0.0)))
        bad = _covered(reading.cells) != _covered(truth["cells"])
        # printed symbols must also match where uncovered
        sym_bad = np.array([[(reading.cells[r][c] != truth["cells"][r][c]) for c in range(reading.cols)]
                            for r in range(reading.rows)]) & ~bad
        k = int(bad.sum())
        wrong += k
        cells += bad.size
        perfect += k == 0 and not sym_bad.any()
        for i, v in enumerate((1, bad.size, k, int(k == 0 and not sym_bad.any())), start=1):
            size[i] += v
        corner = np.zeros(bad.shape, bool)
        corner[::bad.shape[0] - 1, ::bad.shape[1] - 1] = True
        for i, v in enumerate((corner.sum(), (bad & corner).sum(), (~corner).sum(), (bad & ~corner).sum())):
            corner_cells[i] += int(v)
        u = np.zeros(bad.shape, bool)
        for r, c in reading.uncertain:
            u[r, c] = True
        unc += int(u.sum())
        wrong_unc += int((bad & u).sum())
        masks = light_masks(truth, bad.shape, photo)
        for kind, mask in masks.items():
            for i, v in enumerate((mask, bad & mask, bad & mask & ~u)):
                by_light[kind][i] += int(v.sum())
        hidden = masks["wholly clipped"]
        hidden_seen[0] += bool(hidden.any())
        hidden_seen[1] += int((hidden & ~_covered(truth["cells"])).sum())
        hidden_seen[2] += not ((bad | sym_bad) & ~hidden).any()
        held = ~(hidden | masks["hidden by an object"])
        for i, v in enumerate((int((~held).sum()), int(held.sum()), int((bad & held).sum()),
                               int((bad & held & ~u).sum()), int(not ((bad | sym_bad) & held).any()))):
            unseen[i] += v
        for kind, mask in wrong_kinds(truth, bad, sym_bad).items():
            by_kind[kind][0] += int(mask.sum())
            by_kind[kind][1] += int((mask & u).sum())
        if k or sym_bad.any():
            where = [(int(r), int(c), truth["cells"][r][c], reading.cells[r][c]) for r, c in zip(*np.nonzero(bad | sym_bad))]
            failures.append(f"{label}: {k} wrong cells {where} ({int((bad & u).sum())} marked uncertain)")
    dt = time.perf_counter() - t0
    n = max(n, 1)
    print(f"photos: {n}  board found: {found} ({found / n * 100:.1f}%)  refused: {refused}  "
          f"wrong place: {n - found - refused}")
    if args.markers:  # the markers are looked for only when nothing else was verified
        print(f"found by the corner markers: {by_markers} (without them refused; found without markers: "
              f"{found - by_markers} ({(found - by_markers) / n * 100:.1f}%))")
    print(f"per-cell error (covered vs not) over found photos: {wrong / max(cells, 1) * 100:.2f}% "
          f"({wrong} of {cells})")
    print(f"photos read without a wrong cell: {perfect} ({perfect / n * 100:.1f}% of all)")
    print(f"cells marked uncertain: {unc}; errors among them: {wrong_unc} of {wrong}")
    print(f"confidently wrong cells (not marked uncertain): {wrong - wrong_unc}")
    print(f"corner cells wrong: {corner_cells[1]} of {corner_cells[0]} "
          f"({corner_cells[1] / max(corner_cells[0], 1) * 100:.2f}%); the other cells: {corner_cells[3]} of "
          f"{corner_cells[2]} ({corner_cells[3] / max(corner_cells[2], 1) * 100:.2f}%)")
    print("wrong cells by kind: " + ", ".join(f"{kind} {k} ({k_u} uncertain)"
                                             for kind, (k, k_u) in by_kind.items()))
    if any(c for c, _, _ in by_light.values()):
        print("wrong cells where the light spoils them: " + ", ".join(
            f"{kind} {k} of {c} ({k_sure} confidently)" for kind, (c, k, k_sure) in by_light.items()))
        c, k, _ = by_light["washed out"]
        print(f"per-cell error but for the washed-out cells: {(wrong - k) / max(cells - c, 1) * 100:.2f}% "
              f"({wrong - k} of {cells - c})")
        c, k, _ = by_light["wholly clipped"]
        print(f"cells wholly clipped (nothing of them in the photo): {c} in {hidden_seen[0]} photos, "
              f"{hidden_seen[1]} of them open; but for them: per-cell error {(wrong - k) / max(cells - c, 1) * 100:.2f}% "
              f"({wrong - k} of {cells - c}), photos without a wrong cell {hidden_seen[2]} "
              f"({hidden_seen[2] / n * 100:.1f}% of all)")
        print(f"cells the photo holds (but for the {unseen[0]} wholly clipped or hidden by an object): "
              f"per-cell error {unseen[2] / max(unseen[1], 1) * 100:.2f}% ({unseen[2]} of {unseen[1]}), "
              f"confidently wrong {unseen[3]}, photos without a wrong cell there {unseen[4]} "
              f"({unseen[4] / n * 100:.1f}% of all)")
    print(f"time: {dt / n * 1000:.0f} ms a photo (including rendering)")
    if scores:
        sc = np.array(scores)
        print(f"match score of found boards: min {sc[:, 0].min():.2f} median {np.median(sc[:, 0]):.2f}; "
              f"smallest orientation margin {(sc[:, 0] - sc[:, 1]).min():.2f}")
    print("placed by: " + ", ".join(f"{m} {len(t)} (median {np.median(t) * 1000:.0f} ms)"
                                    for m, t in sorted(by_method.items(), key=lambda kv: -len(kv[1]))))
    for name, (p_, f_, c_, w_, ok_) in sorted(by_size.items()):
        print(f"board {name:6s} photos {p_:3d}  found {f_} ({f_ / p_ * 100:.1f}%)  per-cell error "
              f"{w_ / max(c_, 1) * 100:.2f}% ({w_} of {c_})  perfect {ok_} ({ok_ / p_ * 100:.1f}% of all)")
    print("found / refused / wrong place (corners off by > 2% of the diagonal):")
    for kind in ("design", "tilt", "open"):
        for (k, name), (f_, r_, w_) in sorted(split.items()):
            if k == kind:
                print(f"  {name:16s} {f_:3d} / {r_:3d} / {w_:3d}   found {f_ / max(f_ + r_ + w_, 1) * 100:5.1f}%")
    for f in failures:
        print("  " + f)


if __name__ == "__main__":
    main()
