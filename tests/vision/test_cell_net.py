"""The cell net (assistant/vision/cell_net.py): its patches, its input, the shipped nets run by OpenCV."""

from __future__ import annotations

import numpy as np
import pytest

from assistant.vision import cell_net
from assistant.vision import cell_measures, cells as cellmod
from assistant.vision.profile import BoardProfile
from conftest import rendered_board


def _profile(rows: int = 3, cols: int = 4, cell: int = 48, margin: float = 0.5) -> BoardProfile:
    m = int(margin * cell)
    ref = np.zeros((rows * cell + 2 * m, cols * cell + 2 * m, 3), np.uint8)
    return BoardProfile(name="t", rows=rows, cols=cols, layout=[["empty"] * cols for _ in range(rows)],
                        reference=ref, cell=cell, margin=margin)


def test_a_patch_shows_its_cell_in_the_middle_and_its_neighbours_around_it():
    prof = _profile()
    s, m = prof.cell, prof.margin_px
    img = np.zeros_like(prof.reference)
    for r in range(prof.rows):
        for c in range(prof.cols):
            img[m + r * s : m + (r + 1) * s, m + c * s : m + (c + 1) * s] = (10 * r, 10 * c, 200)
    p = cell_net.cell_patches(img, prof)
    assert p.shape == (prof.rows, prof.cols, cell_net.PATCH, cell_net.PATCH, 3)
    mid = cell_net.PATCH // 2
    assert tuple(p[1, 2, mid, mid]) == (10, 20, 200)
    assert tuple(p[1, 2, 0, mid]) == (0, 20, 200)  # the cell above shows along the top
    assert tuple(p[1, 2, mid, -1]) == (10, 30, 200)  # the cell to the right along the right side


def test_the_input_evens_out_exposure_but_keeps_a_tiles_colour():
    rng = np.random.default_rng(1)
    ref = rng.integers(40, 200, (12, cell_net.PATCH, cell_net.PATCH, 3)).astype(np.uint8)
    photo = ref.copy()
    photo[3] = (30, 30, 220)  # a red tile over one cell
    dark = (photo * 0.6).astype(np.uint8)
    a, b = cell_net.net_input(photo, ref), cell_net.net_input(dark, ref)
    assert a.shape == (12, 6, cell_net.PATCH, cell_net.PATCH)
    assert np.abs(a - b).max() < 0.05  # the same board, darker: the same input
    assert np.abs(a[3, :3] - a[3, 3:]).mean() > 0.3  # the tile still differs from the reference


def test_the_nets_average_with_the_trees_where_they_read():
    names = cellmod._model("indian-summer")["NAMES_0"].tolist()
    X = np.random.default_rng(3).normal(0, 1, (2, 2, len(names))).astype(np.float32)
    z = cellmod.trees_log_odds(X, names, game="indian-summer")
    trees = cellmod.probability_covered(z, "indian-summer")
    assert np.allclose(trees, 1 / (1 + np.exp(-z)))
    sure = cellmod.probability_covered(z, "indian-summer", np.full((2, 2), 20.0))
    doubt = cellmod.probability_covered(z, "indian-summer", np.full((2, 2), -20.0))
    assert np.all(sure > trees) and np.all(doubt < trees)
    partly = cellmod.probability_covered(z, "indian-summer", np.array([[20.0, np.nan], [np.nan, -20.0]]))
    assert partly[0, 0] == sure[0, 0] and partly[1, 1] == doubt[1, 1]
    assert partly[0, 1] == trees[0, 1] and partly[1, 0] == trees[1, 0]  # no net reading: the trees'


def test_the_nets_read_the_cells_the_trees_doubt_and_check_those_they_call_covered(monkeypatch):
    photo, corners, truth, prof = rendered_board("woodland-2-b", 600002)
    kind = np.arange(72).reshape(9, 8) % 3  # the trees: 0 sure open, 1 sure covered, 2 in doubt
    asked = {}

    def log_odds(warp, reference_patches, prof, paths=None, where=None):
        asked["where"] = where
        return np.where(where, -30.0, np.nan)  # every cell it reads: surely open

    monkeypatch.setattr(cell_net, "log_odds", log_odds)
    monkeypatch.setattr(cellmod, "trees_log_odds", lambda *a: np.choose(kind, [-20.0, 20.0, 1.0]))
    cells, conf, det = cellmod.classify_cells(photo.image, corners, prof)
    assert np.array_equal(asked["where"], kind > 0)
    got = np.array([[c == "covered" for c in row] for row in cells])
    assert not got[kind == 0].any()
    assert got[kind == 1].all() and (conf[kind == 1] < 0.5).all()  # the trees' reading, doubted by the nets
    assert not got[kind == 2].any()  # the trees in doubt: the nets' reading


@pytest.mark.parametrize("design,seed", [("woodland-1-a", 600001), ("woodland-2-b", 600002),
                                         ("bed-2-light", 600003)])
def test_each_shipped_net_runs_in_opencv_and_alone_reads_a_rendered_board(design, seed, monkeypatch):
    photo, corners, truth, prof = rendered_board(design, seed)
    assert cell_net.has_net(prof.game)
    warp, _ = cell_measures.aligned_to_reference(photo.image, corners, prof)
    patches = cell_net.cell_patches(prof.reference, prof)
    cov = np.array([[c == "covered" for c in row] for row in truth["cells"]])
    monkeypatch.setattr(cell_net, "VIEWS_DOUBT", -1.0)  # the nets' own readings (the other views: their own test)
    alone = [cell_net.log_odds(warp, patches, prof, (path,)) for path in cell_net.NET_FILES[prof.game]]
    for z in alone:
        assert z.shape == cov.shape
        assert ((z >= 0) != cov).sum() == 0  # every cell by a wide margin (log-odds 6 or more)
    # the game's nets together: the first's reading, averaged with the others' where it is in doubt
    doubt = np.abs(alone[0]) <= cell_net.DOUBT
    expect = np.where(doubt, np.mean(alone, axis=0), alone[0])
    assert np.allclose(cell_net.log_odds(warp, patches, prof), expect)


def test_further_nets_read_only_the_cells_the_first_doubts(monkeypatch):
    prof = _profile(rows=2, cols=2)
    prof.game = "g"
    seen = []

    def forward(path, blob):
        seen.append((path, len(blob)))
        return np.array([0.0, 20.0, -1.0, -20.0])[: len(blob)] if path == "a" else np.full(len(blob), 3.0)

    monkeypatch.setattr(cell_net, "_forward", forward)
    monkeypatch.setitem(cell_net.NET_FILES, "g", ("a", "b"))
    monkeypatch.setattr(cell_net, "VIEWS_DOUBT", -1.0)  # the other views: their own test
    patches = np.zeros((2, 2, cell_net.PATCH, cell_net.PATCH, 3), np.uint8)
    z = cell_net.log_odds(np.zeros_like(prof.reference), patches, prof)
    assert seen == [("a", 4), ("b", 2)]  # the second net sees the two doubtful cells only
    assert np.allclose(z, [[1.5, 20.0], [1.0, -20.0]])
    seen.clear()
    z = cell_net.log_odds(np.zeros_like(prof.reference), patches, prof, where=np.array([[True, False], [True, True]]))
    assert seen[0] == ("a", 3)  # the first net reads only the cells asked for
    assert np.isnan(z[0, 1]) and not np.isnan(z[[0, 1, 1], [0, 0, 1]]).any()


def test_a_cell_still_in_doubt_is_read_in_all_eight_views(monkeypatch):
    prof = _profile(rows=1, cols=2)
    prof.game = "g"
    blob = np.zeros((2, 6, cell_net.PATCH, cell_net.PATCH), np.float32)
    corners = (slice(0, 1), slice(-1, None))
    for k, (ys, xs) in enumerate([(a, b) for a in corners for b in corners]):
        blob[0, 0, ys, xs] = (0.1, 0.3, 0.5, 0.7)[k]  # the doubtful cell: one value per corner
        blob[1, 0, ys, xs] = 0.9  # the sure cell
    sizes = []

    def forward(path, b):  # a net that sees only the top-left pixel: each view reads another corner
        sizes.append(len(b))
        return 10.0 * b[:, 0, 0, 0].astype(np.float64)

    monkeypatch.setattr(cell_net, "_forward", forward)
    monkeypatch.setattr(cell_net, "net_input", lambda photo, ref: blob)
    monkeypatch.setitem(cell_net.NET_FILES, "g", ("a",))
    patches = np.zeros((1, 2, cell_net.PATCH, cell_net.PATCH, 3), np.uint8)
    z = cell_net.log_odds(np.zeros_like(prof.reference), patches, prof)
    assert np.allclose(z, [[10.0 * (0.1 + 0.3 + 0.5 + 0.7) / 4, 9.0]])  # every corner in two views
    assert sizes == [2, 7]  # the sure cell is read once, the doubtful one in 7 more views at once


def test_a_cell_the_trees_and_the_nets_read_oppositely_with_confidence_is_left_uncertain(monkeypatch):
    photo, corners, truth, prof = rendered_board("woodland-2-b", 600002)
    odd = np.arange(72).reshape(9, 8) % 2 == 1
    monkeypatch.setattr(cellmod, "trees_log_odds", lambda *a: np.full((9, 8), 5.0))  # sure: covered
    monkeypatch.setattr(cell_net, "log_odds", lambda *a, **k: np.full((9, 8), 5.0))
    _, agreed, _ = cellmod.classify_cells(photo.image, corners, prof)
    monkeypatch.setattr(cell_net, "log_odds", lambda *a, **k: np.where(odd, -5.0, 5.0))  # odd cells: sure open
    _, conf, _ = cellmod.classify_cells(photo.image, corners, prof)
    assert (agreed[odd] >= 0.5).sum() >= 5  # agreeing, the tiles they both see were sure
    assert (conf[odd] < 0.5).all()  # disagreeing, none is
    assert np.array_equal(conf[~odd], agreed[~odd])
    weak = cellmod.readers_unsure(np.full((9, 8), 0.1), np.full((9, 8), 1.0), np.where(odd, -5.0, np.nan))
    assert not weak.any()  # the trees hardly sure: the nets' reading stands


def test_a_cell_the_nets_read_is_sure_only_when_the_nets_alone_are_sure_of_it(monkeypatch):
    photo, corners, truth, prof = rendered_board("woodland-2-b", 600002)
    odd = np.arange(72).reshape(9, 8) % 2 == 1
    monkeypatch.setattr(cellmod, "trees_log_odds", lambda *a: np.full((9, 8), 7.0))  # leaning covered, in doubt
    monkeypatch.setattr(cell_net, "log_odds", lambda *a, **k: np.full((9, 8), 5.0))
    _, sure, _ = cellmod.classify_cells(photo.image, corners, prof)
    monkeypatch.setattr(cell_net, "log_odds", lambda *a, **k: np.where(odd, 0.5, 5.0))  # odd cells: nets unsure
    _, conf, details = cellmod.classify_cells(photo.image, corners, prof)
    assert (sure[odd] >= 0.5).sum() >= 3  # the nets sure too, these were read surely
    assert (details["p_covered"][odd] >= 0.5).all()  # the mean still reads them covered ...
    assert (conf[odd] < 0.5).all()  # ... but not surely
    assert np.array_equal(conf[~odd], sure[~odd])
    unsure = cellmod.readers_unsure(np.full((9, 8), 0.9), np.full((9, 8), 7.0), np.where(odd, 0.5, np.nan))
    assert np.array_equal(unsure, odd)  # never where the nets did not read
