"""Accuracy smoke tests: a few real sudoku photos (no profile) and a few rendered boards."""

from __future__ import annotations

import numpy as np
import pytest

from assistant.errors import GardenError
from assistant.vision.imageio import load_photo
from assistant.vision.reader import calibrate, read_grid, read_photo
from conftest import SUDOKU, sudoku_labels

import synth


@pytest.mark.skipif(not SUDOKU.is_dir(), reason="sudoku photos not available")
def test_sudoku_sample_per_cell_error():
    names = ["image1.jpg", "image10.jpg", "image125.jpg", "image1031.jpg", "image1083.jpg", "image155.jpg"]
    wrong = total = 0
    for name in names:
        photo = load_photo(SUDOKU / "images" / name)
        reading = read_grid(photo, 9, 9)
        got = np.array([[c == "covered" for c in row] for row in reading.cells])
        wrong += int((got != sudoku_labels(name, photo.orientation)).sum())
        total += 81
    assert wrong / total <= 0.02


@pytest.mark.skipif(not SUDOKU.is_dir(), reason="sudoku photos not available")
def test_a_grid_whose_outline_runs_into_other_print_is_found_by_its_boxes():
    """image1049.jpg: the grid's border touches the crossword beside it, so no outline in
    the photo is the grid's; one of its 3x3 boxes, extended, places it."""
    import csv

    with open(SUDOKU / "outlines.csv") as fh:
        row = next(r for r in csv.DictReader(fh) if r["filepath"].endswith("/image1049.jpg"))
    outline = np.array([[float(row[f"p{i}_x"]), float(row[f"p{i}_y"])] for i in range(1, 5)])
    reading = read_grid(load_photo(SUDOKU / "images" / "image1049.jpg"), 9, 9)
    off = min(np.max(np.linalg.norm(np.roll(reading.corners, k, axis=0) - outline, axis=1)) for k in range(4))
    assert off / np.linalg.norm(outline[0] - outline[2]) < 0.02


def test_synthetic_boards_read_or_refused():
    profiles = {}
    read = wrong = 0
    for i in range(6):
        d = i % 2
        if d not in profiles:
            img, t = synth.calibration_scene(d)
            profiles[d], _ = calibrate(img, f"s{d}", 5, 5, np.array(t["corners"]), t["layout"])
        img, truth = synth.scene(d, 3000 + i, tilt=30.0)
        try:
            reading = read_photo(img, profiles[d])
        except GardenError:
            continue
        read += 1
        assert np.max(np.linalg.norm(reading.corners - np.array(truth["corners"]), axis=1)) < 25
        wrong += sum(a != b for ra, rb in zip(reading.cells, truth["cells"]) for a, b in zip(ra, rb))
    assert read >= 5
    assert wrong <= 2


def test_rendered_boards_smoke():
    renderer = pytest.importorskip("samples.renderer")
    from samples.calibrated import sample_profile

    ok = 0
    for design, seed in (("bed-2-dark", 0), ("bed-3-light", 2), ("bed-3-light", 3)):
        prof = sample_profile(design)
        jpeg, truth = renderer.render_photo(design, seed, difficulty=0.3, tilt_max=25, fill=0.7)
        try:
            reading = read_photo(jpeg, prof)
        except GardenError:
            continue
        tc = np.array(truth["corners"])
        if np.max(np.linalg.norm(reading.corners - tc, axis=1)) < 0.02 * np.linalg.norm(tc[0] - tc[2]):
            wrong = sum(a != b for ra, rb in zip(reading.cells, truth["cells"]) for a, b in zip(ra, rb))
            ok += wrong <= 1
    assert ok >= 2


def test_the_benchmark_tells_a_missed_hole_from_a_missed_tile_and_a_false_cover(monkeypatch):
    """bench_photo_accuracy's wrong-cell split, on a rendered woodland truth: a leaf tile's hole
    and another covered cell read open, an open cell read covered, a wrong printed symbol."""
    from pathlib import Path

    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parents[2] / "benchmarks"))
    from bench_photo_accuracy import wrong_kinds
    from samples.renderer import render_photo

    _, truth = render_photo("woodland-1-a", 6100066)
    cov = np.array([[c == "covered" for c in row] for row in truth["cells"]])
    holes = [tuple(p["hole"]) for p in truth["params"]["pieces"] if "hole" in p]
    hole = holes[0]
    tile = next(rc for rc in zip(*np.nonzero(cov)) if rc not in holes)
    open_, other_open = list(zip(*np.nonzero(~cov)))[:2]
    bad = np.zeros_like(cov)
    for cell in (hole, tile, open_):
        bad[cell] = True
    sym_bad = np.zeros_like(cov)
    sym_bad[other_open] = True
    kinds = {k: sorted(zip(*np.nonzero(m))) for k, m in wrong_kinds(truth, bad, sym_bad).items()}
    assert kinds == {"hole read open": [hole], "tile read open": [tile], "open read covered": [open_],
                     "wrong symbol": [other_open]}


def test_the_benchmark_tells_a_washed_out_cell_from_one_wholly_clipped(monkeypatch):
    """bench_photo_accuracy's light masks from the photo: a cell over half clipped white is washed
    out; only a cell whose inner part is all clipped counts as wholly clipped (nothing of it shows),
    whatever a neighbour's glare spills over its edge."""
    from pathlib import Path

    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parents[2] / "benchmarks"))
    from bench_photo_accuracy import light_masks

    class Photo:  # a LoadedPhoto as read, not reduced
        scale = 1.0

    side, rows, cols = 50, 3, 4
    Photo.image = np.full((rows * side + 40, cols * side + 40, 3), 120, np.uint8)
    board = Photo.image[20:-20, 20:-20]
    board[0:side, 0:side] = 255  # (0, 0): all of it
    board[side : 2 * side, side + 3 : 2 * side - 3] = 255  # (1, 1): all but a thin band at each side
    board[2 * side : 3 * side, 2 * side : 2 * side + 30] = 255  # (2, 2): three fifths of it
    board[0:side, 3 * side : 3 * side + 3] = 255  # (0, 3): a glare spilt over its edge
    truth = {"corners": [[19.5, 19.5], [cols * side + 19.5, 19.5], [cols * side + 19.5, rows * side + 19.5],
                         [19.5, rows * side + 19.5]]}
    masks = light_masks(truth, (rows, cols), Photo)
    assert sorted(zip(*np.nonzero(masks["washed out"]))) == [(0, 0), (1, 1), (2, 2)]
    assert sorted(zip(*np.nonzero(masks["wholly clipped"]))) == [(0, 0), (1, 1)]
    assert not masks["under the glare"].any()  # the truth names no glare spot
