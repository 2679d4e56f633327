"""Cell classification accuracy with the TRUE grid corners (localisation left out).

Renders N photos per run (samples.renderer, all designs in turn), calibrates each
design from its calibration photo, rectifies every photo with the truth corners
and reads the cells with assistant.vision.cells. Prints: per-cell error
(covered vs not; wrong definite readings and all wrong readings), photos without
a wrong cell, share uncertain, the confusion (hole cells apart), per design.

    .venv/bin/python benchmarks/bench_photo_cells.py --count 200 --seed 7        # held-out seeds 700000..
    .venv/bin/python benchmarks/bench_photo_cells.py --count 200 --seed 7 --end-to-end
    .venv/bin/python benchmarks/bench_photo_cells.py --synth-boards --count 100 [--end-to-end]
        tests/vision/synth.py boards (an independent renderer), held-out designs and seeds
    .venv/bin/python benchmarks/bench_photo_cells.py --fit --count 600 --seed 9 --cal-seeds 3 \
            --extra-designs 40,80 --per-design 10 --synth 80 --per-synth 10 --jitter [--cache DIR]
        fits both stages of the model on the training mix (see training_photos) and writes
        assistant/vision/cell_model.npz; with --game cottage-garden it fits on beds alone (sample
        bed designs, further bed designs, synth boards) and writes that game's own model,
        cell_model_beds.npz; --leave-out DESIGN,... fits without those sample designs,
        --write-to PATH writes elsewhere and --model PATH measures such a file. --cache DIR keeps
        the rectified training photos (about 2 GB), so that a refit after a change of the cell
        measures skips the rendering; --part I/N fills one share of the cache (run N at once).
Refused photos are also read regardless, to measure the refusal's precision (how many of them
would have been read with a definite wrong cell).

Seeds: photo i has seed SEED*100000+i and design i % 10. The shipped model is fitted on --seed 9
(and on renderer designs and synth boards the measurements never use); measure on other seeds.
Photos the classifier refuses as too blurred are counted apart (and as not read end to end).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import cv2  # noqa: E402
import numpy as np  # noqa: E402

from assistant.vision import cell_measures, cells as cellmod, symbols  # noqa: E402
from assistant.vision.imageio import decode_photo  # noqa: E402
from assistant.vision.profile import load_profile  # noqa: E402
from assistant.vision.reader import calibrate  # noqa: E402
from samples.calibrated import sample_profile  # noqa: E402
from samples.renderer.designs import garden_game  # noqa: E402

#: the independent woodland renderers of tests/vision (--woods-renderer)
WOODS_RENDERERS = ("woods_photos", "synth_woods")
#: the designs of a woodland renderer in tests/vision (--woods-renderer) that a fit sees start
#: here: the benchmarks measure designs 0..3 (bench_photo_accuracy.py --renderer)
WOODS_FIRST_DESIGN = 100
DESIGNS = ("bed-1-light", "bed-1-dark", "bed-2-light", "bed-2-dark", "bed-3-light", "bed-3-dark",
           "woodland-1-a", "woodland-1-b", "woodland-2-a", "woodland-2-b")


def synth_cases(count: int, designs: int = 10):
    """tests/vision/synth.py boards, held out of the fit: design seeds 0..designs-1 (the tests' 0
    and 1 among them), photos 100000 + 100*design + i (never the tests' 3000..3005)."""
    synth = _synth()
    profiles = {}
    for i in range(count):
        ds = i % designs
        if ds not in profiles:
            profiles[ds] = _synth_profile(ds)
        s = 100000 + 100 * ds + i // designs
        img, t = synth.scene(ds, s, tilt=30.0)
        t["params"] = {"pieces": []}
        ph = decode_photo(cv2_jpeg(img), f"synth {ds} {s}")
        yield f"synth-{ds}", s, ph, np.array(t["corners"], np.float64) / ph.scale, t, profiles[ds]


def cv2_jpeg(img) -> bytes:
    import cv2

    return cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, 90])[1].tobytes()


def cases(count: int, seed: int, cal_seed: int, designs, size=(1600, 1200), offset: int = 0):
    """Yields (design, seed, decoded photo, truth corners in decoded pixels, truth, profile)."""
    from samples.renderer import render_photo

    profiles = {}
    for i in range(count):
        d = DESIGNS[i % len(DESIGNS)]
        if d not in designs:
            continue
        if d not in profiles:
            profiles[d] = sample_profile(d, cal_seed)
        s = seed * 100000 + offset + i
        jpg, t = render_photo(d, s, size=size)
        ph = decode_photo(jpg, f"{d} {s}")
        yield d, s, ph, np.array(t["corners"], np.float64) / ph.scale, t, profiles[d]


def rectified(img: np.ndarray, corner_sets: list[np.ndarray], prof) -> list[np.ndarray]:
    """A training photo rectified onto the reference, once for each set of grid corners, as the
    reader rectifies it: from the photo reduced (once) to the size the cells are read at
    (cells.reduced_photo)."""
    small, moved = cellmod.reduced_photo(img, np.stack(corner_sets))
    return [cell_measures.warp_to_reference(small, c, prof) for c in moved]


def truth_masks(t: dict):
    """(covered, hole) cell masks of a truth: its hole cells are listed under "holes" (the
    renderers of tests/vision), under its pieces (samples/renderer), or there are none (synth)."""
    cov = np.array([[c == "covered" for c in row] for row in t["cells"]])
    hole = np.zeros_like(cov)
    holes = t["holes"] if "holes" in t else [p["hole"] for p in t.get("params", {}).get("pieces", []) if "hole" in p]
    for r, c in holes:
        hole[r, c] = True
    return cov, hole


def collect(args, designs):
    """Features of every cell: X, y, hole, group (design), photo index."""
    Xs, ys, holes, groups = [], [], [], []
    names = None
    for k, (d, s, ph, corners, t, prof) in enumerate(cases(args.count, args.seed, args.cal_seed, designs)):
        warp, = rectified(ph.image, [corners], prof)
        X, names, _ = cell_measures.cell_features(warp, cell_measures.cell_reference(prof))
        cov, hole = truth_masks(t)
        Xs.append(X.reshape(-1, X.shape[-1]))
        ys.append(cov.ravel())
        holes.append(hole.ravel())
        groups += [d] * cov.size
        if (k + 1) % 100 == 0:
            print(f"  {k + 1} photos", file=sys.stderr)
    return np.concatenate(Xs), np.concatenate(ys), np.concatenate(holes), np.array(groups), names


def _digits(a) -> np.ndarray:
    """Values to 7 significant digits, as the model has always been stored."""
    return np.array([[float(f"{v:.7g}") for v in row] for row in np.asarray(a, np.float64)])


def write_model(members: list[tuple[dict, list[str], dict, list[str]]], path: Path, note: str) -> None:
    """Writes the model file (cell_fit.load_model reads it): MEMBERS, NOTE, then each member's
    first stage (NAMES_i, BASE_i, FEAT_i, THR_i, LEAF_i) and its second stage on the first
    stage's measures plus the neighbour measures (NAMES2_i, ...); members are (stage 1, its
    names, stage 2, its names)."""
    arrays: dict[str, np.ndarray] = {"MEMBERS": np.array(len(members)), "NOTE": np.array(note)}
    for i, (m1, n1, m2, n2) in enumerate(members):
        for sfx, m, nm in ((f"_{i}", m1, n1), (f"2_{i}", m2, n2)):
            arrays["NAMES" + sfx] = np.array([str(n) for n in nm])
            arrays["BASE" + sfx] = np.array(float(m["base"]))
            arrays["FEAT" + sfx] = np.asarray(m["feat"], np.int16)
            arrays["THR" + sfx] = _digits(np.where(np.isfinite(m["thr"]), m["thr"], 1e30))
            arrays["LEAF" + sfx] = _digits(m["leaf"])
    with open(path, "wb") as f:
        np.savez_compressed(f, **arrays)


def _training_groups(args, designs):
    """The training mix as groups of photos that share a profile: (key, make) where make()
    returns (profile, [(image, corners in image pixels, covered, hole, seed)]). Keys name the
    profile's source, so that a cache of rectified photos can recalibrate it (see training_photos)."""
    from samples.renderer import render_photo

    groups = []
    for j, cal in enumerate(int(v) for v in args.cal_seeds.split(",")):
        for d in designs:
            def make(d=d, cal=cal, j=j):
                shots = [(ph.image, corners, *truth_masks(t), s) for _, s, ph, corners, t, _ in
                         cases(args.count, args.seed, cal, [d], offset=20000 * j)]
                return sample_profile(d, cal), shots  # the profile cases() calibrated, again
            groups.append((f"sample_{d}_{cal}_{args.seed}_{args.count}", d, "sample", make))
    for k in range(max(_extra_counts(args))):
        for g, v in _extra_kinds(args):
            d = f"{g}-t{k}-{v}"

            def make(d=d, k=k):
                prof = sample_profile(d, 5000 + k)
                shots = []
                for i in range(args.per_design):
                    s = 8_000_000 + 1000 * k + i
                    jpg, t = render_photo(d, s)
                    ph = decode_photo(jpg, f"{d} {s}")
                    cov, hole = truth_masks(t)
                    shots.append((ph.image, np.array(t["corners"], np.float64) / ph.scale, cov, hole, s))
                return prof, shots
            groups.append((f"extra_{d}_{args.per_design}", d, "extra", make))
    for ds in range(100, 100 + _synth_count(args)):
        def make(ds=ds):
            prof, synth = _synth_profile(ds), _synth()
            shots = []
            for i in range(args.per_synth):
                s = 100000 + 100 * ds + i
                img, t = synth.scene(ds, s, tilt=30.0)
                shots.append((img, np.array(t["corners"], np.float64), *truth_masks(t), s))
            return prof, shots
        groups.append((f"synth_{ds}_{args.per_synth}", f"s{ds}", "synth", make))
    for ds in range(WOODS_FIRST_DESIGN, WOODS_FIRST_DESIGN + _woods_count(args)):
        def make(ds=ds):
            renderer, prof = _woods(args.woods_renderer), _woods_profile(args.woods_renderer, ds)
            shots = []
            for i in range(args.per_woods):
                s = 9_000_000 + 1000 * ds + i
                img, t = renderer.scene(ds, s)
                shots.append((img, np.array(t["corners"], np.float64), *truth_masks(t), s))
            return prof, shots
        name = f"{args.woods_renderer.replace('_', '')}-{ds}"
        groups.append((f"woods_{name}_{args.per_woods}", name, "woods", make))
    for folder in filter(None, args.photos_dir.split(",")):
        for board, shots in _folder_photos(Path(folder), args.game).items():
            def make(board=board, shots=shots):
                return load_profile(board), [(cv2.imread(str(photo)), corners, *truth_masks(t), seed)
                                             for photo, corners, t, seed in shots]
            groups.append((f"dir_{board}_{Path(folder).name}_{len(shots)}", board, "dir", make))
    return groups


def _folder_photos(folder: Path, game: str) -> dict[str, list]:
    """--photos-dir: the photos of a folder with their truth JSON beside them (as
    bench_photo_accuracy.py --dir reads them), by the calibrated board they show, of `game`'s
    boards ("" every game's): {board: [(photo path, true corners, truth, seed)]}."""
    out: dict[str, list] = {}
    for tj in sorted(folder.glob("*.json")):
        truth = json.loads(tj.read_text())
        photo = next((tj.with_suffix(e) for e in (".jpg", ".png") if tj.with_suffix(e).exists()), None)
        if photo is None or "board" not in truth or (game and load_profile(truth["board"]).game != game):
            continue
        seed = int(truth.get("seed", len(out.get(truth["board"], []))))
        out.setdefault(truth["board"], []).append((photo, np.array(truth["corners"], np.float64), truth, seed))
    return out


def _woods_count(args) -> int:
    """Designs of the --woods-renderer in the fit: woodland boards, so they join only a fit of all
    boards or of Indian Summer's."""
    if not args.woods_renderer or args.game not in ("", "indian-summer"):
        return 0
    return args.woods_designs


def _woods(module: str):
    """A woodland renderer of tests/vision (woods_photos, synth_woods)."""
    import importlib

    sys.path.insert(0, str(ROOT / "tests" / "vision"))
    return importlib.import_module(module)


def _woods_profile(module: str, ds: int):
    img, t = _woods(module).calibration_scene(ds)
    return calibrate(img, f"w{ds}", t["rows"], t["cols"], np.array(t["corners"]), t["layout"], "indian-summer")[0]


def _synth_count(args) -> int:
    """synth.py boards in the fit: they are calibrated as beds (_synth_profile: the default
    game), so they join only a fit of all boards or of that game."""
    return args.synth if args.game in ("", symbols.DEFAULT_GAME) else 0


def _synth():
    """tests/vision/synth.py, the independent board renderer."""
    sys.path.insert(0, str(ROOT / "tests" / "vision"))
    import synth

    return synth


def _synth_profile(ds: int):
    img, t = _synth().calibration_scene(ds)
    return calibrate(img, f"s{ds}", 5, 5, np.array(t["corners"]), t["layout"])[0]


def _profile_of(key: str):
    """Recalibrates the profile a cached group was rectified with."""
    kind, name, *rest = key.split("_")
    if kind == "sample":
        return sample_profile(name, int(rest[0]))
    if kind == "extra":
        return sample_profile(name, 5000 + _extra_index(name))
    if kind == "dir":
        return load_profile(name)
    if kind == "woods":
        module, ds = name.rsplit("-", 1)
        return _woods_profile({m.replace("_", ""): m for m in WOODS_RENDERERS}[module], int(ds))
    return _synth_profile(int(name))


def training_photos(args, designs, log):
    """The training mix: (warp, profile, truth covered, hole, group, source) of
    * the sample designs at every --cal-seeds calibration (photo seeds SEED*100000 + 20000*j + i),
    * --extra-designs K[,K2...]: 4*max(K) further designs of the sample renderer ('bed-tk-light',
      ..., 'woodland-tk-b', k < max(K)), --per-design photos each (seeds 8000000 + 1000*k + i);
      the model member fitted for a value K sees those with k < K,
    * --synth N: boards of tests/vision/synth.py, design seeds 100..100+N-1 (the tests use 0 and 1),
      --per-synth photos each (seeds 100000 + 100*design + i; the tests use 3000..3005),
    * --woods-renderer MODULE --woods-designs N: woodland boards of that renderer in tests/vision,
      designs 100..100+N-1, --per-woods photos each (seeds 9000000 + 1000*design + i; a net's fit
      leaves their jittered copies out, as the further designs'),
    * --photos-dir DIR[,DIR2]: photos with their truth JSON beside them, each of a calibrated board
      (e.g. the physically rendered photos of samples/pbr), their cells weighted --photos-weight.
    Every photo is rectified with its true corners, from the photo reduced as the reader reduces
    it (rectified), and, with --jitter, once more with corners moved by about 1.5% of a cell (a
    localisation error). With --cache DIR the rectified photos of each group are stored there
    (and read back instead of rendering again), so that new cell measures can be fitted without
    rendering; their file names end in _r (reduced), so that a cache filled before the photos
    were reduced is not read back; --part I/N renders only every N-th group and --cached-only
    fits on what the cache holds."""
    out = []
    cache = Path(args.cache) if args.cache else None
    part, nparts = (int(v) for v in args.part.split("/")) if args.part else (0, 1)
    groups = _training_groups(args, designs)
    for gi, (key, group, src, make) in enumerate(groups):
        f = cache / f"{key}{'_j' if args.jitter else ''}_r.npz" if cache else None
        if f is not None and f.exists():
            z = np.load(f)
            prof = _profile_of(key)
            for w, cov, hole in zip(z["warps"], z["cov"], z["hole"]):
                out.append((w, prof, cov, hole, group, src))
            continue
        if gi % nparts != part or args.cached_only:
            continue
        prof, shots = make()
        ws = []
        for img, corners, cov, hole, seed in shots:
            corner_sets = [corners]
            if args.jitter:
                rng = np.random.default_rng(seed)
                step = np.linalg.norm(corners[1] - corners[0]) / prof.cols
                corner_sets.append(corners + rng.normal(0, 0.015 * step, corners.shape))
            ws += [(w, cov, hole) for w in rectified(img, corner_sets, prof)]
        if f is not None and ws:
            cache.mkdir(parents=True, exist_ok=True)
            part_file = f.with_name(f.name + ".part.npz")  # renamed when whole: parts run at once
            np.savez_compressed(part_file, warps=np.stack([w[0] for w in ws]), cov=np.stack([w[1] for w in ws]),
                                hole=np.stack([w[2] for w in ws]))
            part_file.replace(f)
        out += [(w, prof, cov, hole, group, src) for w, cov, hole in ws]
        if (gi + 1) % 20 == 0:
            log(f"group {gi + 1}/{len(groups)}: {len(out)} warps")
    return out


def source_weight(args, src: str) -> float:
    """The weight in the fit's loss of a training photo's cells by its source (training_photos)."""
    return {"synth": args.synth_weight, "dir": args.photos_weight}.get(src, 1.0)


def _extra_index(group: str) -> int:
    """k of a further renderer design's group ('bed-tK-light', ...)."""
    return int(group.split("-")[1][1:])


def fit_stages_main(warps, args, note_data: str, log) -> None:
    """Fits one member per --extra-designs value, each on the training mix with that many
    further designs, and writes them all to one model file (the reader averages their
    log-odds)."""
    from assistant.vision.cell_fit import fit_stages

    photos = []
    names = None
    for warp, prof, cov, hole, group, src in warps:
        X, names, info = cell_measures.cell_features(warp, cell_measures.cell_reference(prof))
        w = np.where(hole, args.hole_weight, 1.0) * source_weight(args, src)
        photos.append((X, info["sides"], cov, w, group, src))
    log(f"features of {len(photos)} warps")
    members = []
    for k in _extra_counts(args):
        mine = [p[:5] for p in photos if p[5] != "extra" or _extra_index(p[4]) < k]
        m1, m2, names2 = fit_stages(mine, trees=args.trees, trees2=args.trees2, depth=args.depth, log=log)
        members.append((m1, names, m2, list(names) + names2))
        log(f"member with {k * len(_extra_kinds(args))} further designs fitted on {len(mine)} warps")
    note = (f"Fitted on {note_data}; {len(members)} members, the i-th on the training mix with the i-th "
            f"number of further designs; each a first stage of {args.trees} trees and a second stage (with "
            f"the neighbours' first-stage readings, fitted out of fold by design) of {args.trees2} trees, "
            f"depth {args.depth}; hole cells weighted {args.hole_weight}.")
    out = Path(args.write_to) if args.write_to else cellmod.model_file(args.game)  # "": all boards'
    write_model(members, out, note)
    print(f"wrote {out}")


#: the further renderer designs made for each unit of --extra-designs: (board, side)
EXTRA_KINDS = (("bed", "light"), ("bed", "dark"), ("woodland", "a"), ("woodland", "b"))


def _extra_kinds(args) -> list[tuple[str, str]]:
    """EXTRA_KINDS of the fitted game (--game), or all of them."""
    return [(g, v) for g, v in EXTRA_KINDS if not args.game or garden_game(g) == args.game]


def _extra_counts(args) -> list[int]:
    return [int(v) for v in args.extra_designs.split(",")]


def fit_main(args) -> None:
    leave = set(filter(None, args.leave_out.split(",")))
    designs = [d for d in DESIGNS if d not in leave and (not args.game or garden_game(d) == args.game)]
    t0 = time.perf_counter()

    def log(msg):
        print(f"  [{time.perf_counter() - t0:5.0f} s] {msg}", file=sys.stderr, flush=True)

    warps = training_photos(args, designs, log)
    if args.part:  # filling one share of the cache; the fit runs once every share is there
        log(f"cache part {args.part} filled")
        return
    note = (f"{args.game + ' boards only: ' if args.game else ''}"
            f"{args.count} photos of the sample designs ({', '.join(designs)}) a calibration seed "
            f"(seeds {args.seed}00000.., calibration seeds {args.cal_seeds}), {args.extra_designs} x {len(_extra_kinds(args))} further "
            f"designs x {args.per_design} photos, {_synth_count(args)} synth.py boards x {args.per_synth} photos"
            f"{', each also with jittered corners' if args.jitter else ''}")
    seeds = sorted(seed for folder in filter(None, args.photos_dir.split(","))
                   for shots in _folder_photos(Path(folder), args.game).values() for *_, seed in shots)
    if seeds:
        note += (f", {len(seeds)} photos with their truth beside them (--photos-dir, seeds {_runs(seeds)}) "
                 f"weighted {args.photos_weight:g}")
    fit_stages_main(warps, args, note, log)


def _runs(values: list[int]) -> str:
    """Sorted integers as runs: '10000-10029, 40000-40047'."""
    runs: list[list[int]] = []
    for v in values:
        if runs and v == runs[-1][1] + 1:
            runs[-1][1] = v
        else:
            runs.append([v, v])
    return ", ".join(f"{a}-{b}" if b > a else f"{a}" for a, b in runs)


def measure_main(args) -> None:
    designs = [d for d in DESIGNS if not args.designs or d in args.designs.split(",")]
    if args.model:
        from assistant.vision.cell_fit import load_model

        cellmod.MODEL = load_model(args.model)
    stats = {}
    tot = {"cells": 0, "wrong": 0, "wrong_def": 0, "unc": 0, "photos": 0, "perfect": 0, "perfect_def": 0}
    conf = np.zeros((3, 3), int)  # truth: uncovered, covered (not hole), hole  x  read: not, covered, uncertain
    t_cls = 0.0
    e2e = {"photos": 0, "found": 0, "cells": 0, "wrong": 0, "wrong_def": 0, "unc": 0, "perfect": 0}
    fails, refused = [], []
    refused_bad = 0  # refused photos whose reading would have had a definite wrong cell
    from assistant.errors import GardenError

    source = (synth_cases(args.count) if args.synth_boards else
              cases(args.count, args.seed, args.cal_seed, designs))
    for d, s, ph, corners, t, prof in source:
        cov, hole = truth_masks(t)
        t0 = time.perf_counter()
        try:
            cells, c, det = cellmod.classify_cells(ph.image, corners, prof)
        except GardenError as e:
            refused.append(f"{d} seed {s}: {e}")
            e2e["photos"] += int(args.end_to_end)  # read_photo refuses it as well
            # the refusal's precision: would the reading have had a confident mistake?
            cells, c, det = cellmod.classify_cells(ph.image, corners, prof, refuse_blur=False)
            got = np.array([[v == "covered" for v in row] for row in cells])
            refused_bad += int(((got != cov) & (c >= 0.5)).any())
            continue
        finally:
            t_cls += time.perf_counter() - t0
        got = np.array([[v == "covered" for v in row] for row in cells])
        unc = c < 0.5
        bad = got != cov
        st = stats.setdefault(d, {"cells": 0, "wrong": 0, "wrong_def": 0, "unc": 0, "photos": 0, "perfect": 0,
                                  "perfect_def": 0})
        for dct in (st, tot):
            dct["cells"] += bad.size
            dct["wrong"] += int(bad.sum())
            dct["wrong_def"] += int((bad & ~unc).sum())
            dct["unc"] += int(unc.sum())
            dct["photos"] += 1
            dct["perfect"] += int(not bad.any())
            dct["perfect_def"] += int(not (bad & ~unc).any())
        kind = np.where(hole, 2, np.where(cov, 1, 0))
        read = np.where(unc, 2, got.astype(int))
        np.add.at(conf, (kind.ravel(), read.ravel()), 1)
        if bad.any():
            p = det["p_covered"]
            fails.append(f"{d} seed {s}: " + ", ".join(
                f"({r},{cc}) {'hole' if hole[r, cc] else ('covered' if cov[r, cc] else 'open')} p={p[r, cc]:.2f}"
                + ("?" if unc[r, cc] else "") for r, cc in zip(*np.nonzero(bad))))
        if args.end_to_end:
            from assistant.vision.reader import read_photo

            e2e["photos"] += 1
            try:
                rd = read_photo(ph, prof)
            except GardenError:
                continue
            tc = np.array(t["corners"], np.float64)
            if np.max(np.linalg.norm(rd.corners - tc, axis=1)) > 0.02 * np.linalg.norm(tc[0] - tc[2]):
                continue
            e2e["found"] += 1
            g2 = np.array([[v == "covered" for v in row] for row in rd.cells])
            u2 = rd.confidence < 0.5
            b2 = g2 != cov
            e2e["cells"] += b2.size
            e2e["wrong"] += int(b2.sum())
            e2e["wrong_def"] += int((b2 & ~u2).sum())
            e2e["unc"] += int(u2.sum())
            e2e["perfect"] += int(not b2.any())

    def line(name, q):
        n = max(q["cells"], 1)
        dn = max(q["cells"] - q["unc"], 1)
        return (f"{name:14s} photos {q['photos']:4d}  error {q['wrong'] / n * 100:5.2f}% ({q['wrong']}/{q['cells']})  "
                f"definite-wrong {q['wrong_def'] / dn * 100:5.2f}% ({q['wrong_def']})  uncertain {q['unc'] / n * 100:5.2f}%  "
                f"perfect {q['perfect'] / max(q['photos'], 1) * 100:5.1f}%  no definite error "
                f"{q['perfect_def'] / max(q['photos'], 1) * 100:5.1f}%")

    if args.synth_boards:
        print(f"TRUE CORNERS, tests/vision/synth.py boards: {args.count} photos of design seeds 0..9, "
              f"seeds 100000 + 100*design + i (held out of the fit)")
    else:
        print(f"TRUE CORNERS, seeds {args.seed}00000.. ({args.count} photos over {len(DESIGNS)} designs, "
              f"calibration seed {args.cal_seed})")
    print(line("all", tot))
    for d in stats:
        print(line(d, stats[d]))
    print("confusion (rows truth: open / covered / hole cell; columns read: open / covered / uncertain):")
    for name, row in zip(("open", "covered", "hole"), conf):
        print(f"  {name:8s} {row[0]:6d} {row[1]:6d} {row[2]:6d}")
    print(f"classification time: {t_cls / max(tot['photos'] + len(refused), 1) * 1000:.1f} ms a photo")
    print(f"refused (too blurred to read): {len(refused)} photos, {refused_bad} of them would have been "
          "read with a definite wrong cell")
    for r in refused[:10]:
        print("  " + r)
    if args.end_to_end:
        q = e2e
        n = max(q["cells"], 1)
        print(f"END TO END (read_photo): photos {q['photos']}  found {q['found']} "
              f"({q['found'] / max(q['photos'], 1) * 100:.1f}%)  error over found {q['wrong'] / n * 100:.2f}% "
              f"({q['wrong']}/{q['cells']})  definite-wrong {q['wrong_def'] / max(n - q['unc'], 1) * 100:.2f}%  "
              f"uncertain {q['unc'] / n * 100:.2f}%  perfect {q['perfect'] / max(q['photos'], 1) * 100:.1f}% of all")
    if args.verbose:
        for f in fails:
            print("  " + f)


def arguments() -> argparse.ArgumentParser:
    """The command line of this benchmark and of its fits (fit_cell_net.py adds its own)."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--count", type=int, default=100)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--cal-seed", type=int, default=1)
    ap.add_argument("--designs", default="", help="comma-separated subset")
    ap.add_argument("--end-to-end", action="store_true", help="also read_photo (localisation included)")
    ap.add_argument("--synth-boards", action="store_true",
                    help="measure on tests/vision/synth.py boards (held-out designs and seeds) instead")
    ap.add_argument("--model", help="a cell_model.npz to measure instead of the shipped one")
    ap.add_argument("-v", "--verbose", action="store_true")
    ap.add_argument("--fit", action="store_true")
    ap.add_argument("--leave-out", default="")
    ap.add_argument("--trees", type=int, default=400)
    ap.add_argument("--depth", type=int, default=5)
    ap.add_argument("--hole-weight", type=float, default=1.0)
    ap.add_argument("--trees2", type=int, default=250)
    ap.add_argument("--cal-seeds", default="3,5", help="--fit: calibration seeds of the sample designs")
    ap.add_argument("--extra-designs", default="40,80",
                    help="--fit: 4 further renderer designs per unit; one model member per comma-separated value")
    ap.add_argument("--per-design", type=int, default=12)
    ap.add_argument("--synth", type=int, default=80, help="--fit: synth.py board designs")
    ap.add_argument("--per-synth", type=int, default=10)
    ap.add_argument("--synth-weight", type=float, default=1.0)
    ap.add_argument("--woods-renderer", choices=WOODS_RENDERERS, help="--fit: a woodland renderer of tests/vision")
    ap.add_argument("--woods-designs", type=int, default=0, help="--fit: that renderer's designs")
    ap.add_argument("--per-woods", type=int, default=10)
    ap.add_argument("--photos-dir", default="", help="--fit: folders of photos with their truth beside them "
                    "(as bench_photo_accuracy.py --dir reads), each of a calibrated board")
    ap.add_argument("--photos-weight", type=float, default=1.0, help="--fit: the weight of --photos-dir's cells")
    ap.add_argument("--jitter", action="store_true", help="--fit: also rectify with jittered corners")
    ap.add_argument("--game", default="", help="--fit: that game's boards only (its own model file)")
    ap.add_argument("--write-to")
    ap.add_argument("--cache", help="--fit: directory keeping the rectified training photos")
    ap.add_argument("--cached-only", action="store_true", help="--fit with --cache: only the groups cached")
    ap.add_argument("--part", default="", help="--fit with --cache: I/N, only fill the cache's I-th share")
    return ap


def main() -> None:
    args = arguments().parse_args()
    if args.fit:
        fit_main(args)
    else:
        measure_main(args)


if __name__ == "__main__":
    main()
