"""Cell classification (assistant/vision/cells.py): confidence, the tree model, rendered boards."""

from __future__ import annotations

import numpy as np
import pytest

from assistant.vision import cell_measures, cells as cellmod
from assistant.vision import cell_fit
from assistant.vision.cell_fit import fit, predict_margin
from conftest import rendered_board


def test_confidence_is_low_exactly_between_the_sure_bounds():
    p = np.array([0.0, 0.1, cellmod.SURE_LOW - 1e-3, 0.5, cellmod.SURE_HIGH + 1e-3, 0.95, 1.0])
    c = cellmod.confidence(p)
    assert list(c < 0.5) == [False, False, False, True, False, False, False]
    assert c[0] == 1.0 and c[-1] == 1.0
    assert np.all((c >= 0) & (c <= 1))


def test_tree_model_learns_an_interaction_and_predicts_like_it_was_fitted():
    rng = np.random.default_rng(0)
    X = rng.normal(size=(4000, 3))
    y = ((X[:, 0] > 0) ^ (X[:, 1] > 0.5)).astype(float)
    m = fit(X, y, trees=60, depth=2, rate=0.3)
    p = 1 / (1 + np.exp(-predict_margin(X, m["feat"], m["thr"], m["leaf"], m["base"])))
    assert ((p >= 0.5) == y).mean() > 0.97


@pytest.mark.parametrize("game", ["cottage-garden", "indian-summer"])
def test_shipped_model_matches_the_measures(game):
    from assistant.vision import cell_fit

    model = cellmod._model(game)
    assert int(model["MEMBERS"]) >= 1
    for i in range(int(model["MEMBERS"])):
        assert len(model[f"FEAT_{i}"]) == len(model[f"LEAF_{i}"]) > 0
        with pytest.raises(ValueError):
            cell_fit.probability(model, np.zeros((2, 2, 3), np.float32), ["a", "b", "c"], f"_{i}")


def test_beds_are_read_by_their_own_model():
    """Cottage Garden's beds have a model fitted on beds alone; other games use the model
    of all boards; the same measures read differently by the two."""
    bed, wood = cellmod.model_file("cottage-garden"), cellmod.model_file("indian-summer")
    assert bed != wood and bed.exists() and wood == cellmod.MODEL_FILE
    names = cellmod._model("cottage-garden")["NAMES_0"].tolist()
    assert names == cellmod._model("indian-summer")["NAMES_0"].tolist()
    X = np.random.default_rng(3).normal(0, 1, (6, 6, len(names))).astype(np.float32)
    z_bed = cellmod.trees_log_odds(X, names, game="cottage-garden")
    z_wood = cellmod.trees_log_odds(X, names, game="indian-summer")
    assert not np.allclose(z_bed, z_wood)


@pytest.mark.parametrize("design,seed", [("woodland-1-a", 600001), ("woodland-2-b", 600002), ("bed-2-light", 600003)])
def test_rendered_board_read_with_true_corners(design, seed):
    photo, corners, truth, prof = rendered_board(design, seed)
    cells, conf, det = cellmod.classify_cells(photo.image, corners, prof)
    cov = np.array([[c == "covered" for c in row] for row in truth["cells"]])
    got = np.array([[c == "covered" for c in row] for row in cells])
    sure = conf >= 0.5
    # no confidently wrong cell; at most one cell left uncertain-and-wrong
    assert not ((got != cov) & sure).any()
    assert ((got != cov) & ~sure).sum() <= 1
    holes = [tuple(p["hole"]) for p in truth["params"]["pieces"] if "hole" in p]
    for r, c in holes:  # a cell seen through a leaf tile's hole is covered
        assert got[r, c] or not sure[r, c]
    for r in range(len(cells)):
        for c in range(len(cells[0])):
            if not cov[r, c]:
                assert cells[r][c] == truth["cells"][r][c]


def test_tree_prediction_matches_walking_each_tree():
    rng = np.random.default_rng(1)
    X = rng.normal(size=(500, 4))
    y = (X[:, 0] + X[:, 2] > 0).astype(float)
    m = fit(X, y, trees=20, depth=3)
    want = np.full(len(X), m["base"])
    for t in range(len(m["feat"])):
        for i, x in enumerate(X):
            k = 0
            for _ in range(3):
                k = 2 * k + 1 + int(x[m["feat"][t, k]] > m["thr"][t, k])
            want[i] += m["leaf"][t, k - 7]
    assert np.allclose(predict_margin(X, m["feat"], m["thr"], m["leaf"], m["base"]), want)


def test_neighbour_features_split_side_evidence_by_what_lies_beyond():
    p1 = np.zeros((3, 3))
    p1[1, 1] = 0.99  # one tile in the middle
    sides = np.zeros((3, 3, 4, 4), np.float32)
    sides[0, 1, 2, 0] = 5.0  # the open cell above it shows the tile's edge on its bottom side
    F, names = cell_fit.neighbour_features(p1, sides)
    f = {n: F[..., i] for i, n in enumerate(names)}
    assert f["nbp_max"][0, 1] > 0.9 and f["nbp_max"][0, 0] < 0.01
    assert f["band_tile_max"][0, 1] == 5.0  # evidence on the side facing the tile ...
    assert f["band_open_max"][0, 1] == 0.0  # ... and none on the sides facing open cells
    assert f["s1_logit"][1, 1] > 4


def test_plain_art_without_a_ring_is_never_a_confident_covered_reading():
    names = ["ncc_fine", "ncc_coarse", "mis_band0"]
    X = np.array([[[0.9, 0.9, 0.2], [0.9, 0.9, 1.5], [0.2, 0.1, 0.2]]], np.float32)
    p = cellmod._veto_plain_art(np.array([[0.97, 0.97, 0.97]]), X, names)
    assert 0.5 <= p[0, 0] < cellmod.SURE_HIGH  # art shows, no cut all round: covered, uncertain
    assert p[0, 1] == 0.97 and p[0, 2] == 0.97  # a ringed hole, or art gone: as the model says


def test_a_photo_too_blurred_to_read_is_refused():
    import cv2

    from assistant.errors import GardenError

    photo, corners, truth, prof = rendered_board("woodland-1-a", 600001)
    soft = cv2.GaussianBlur(photo.image, (0, 0), 12)
    with pytest.raises(GardenError, match="too blurred"):
        cellmod.classify_cells(soft, corners, prof)


def _mismatch_cells(s=48):
    """Two cells of a flat mismatch map: a hole (a ring of tile, cut 8% in, on all sides)
    and an open cell next to a tile (the tile's shadow along one side only)."""
    m = np.full((1, 2, s, s), 0.3, np.float32)
    w = int(0.08 * s)
    ring = np.ones((s, s), bool)
    ring[w:-w, w:-w] = False
    m[0, 0][ring] = 3.0
    m[0, 1, :, :w] = 3.0
    return m


def test_ring_contrast_needs_a_ring_on_every_side():
    from assistant.vision.cell_rings import ring_features

    f = ring_features(_mismatch_cells(), 48)
    assert f["ring_contrast"][0, 0] > 1.0  # a hole: tile outside the cut on all four sides
    assert abs(f["ring_contrast"][0, 1]) < 0.1  # one side only: no hole
    assert f["ring_contrast2"][0, 1] < 0.1


def test_ring_contrast_follows_a_shifted_hole():
    from assistant.vision.cell_rings import ring_features

    s = 48
    m = np.full((1, 1, s, s), 0.3, np.float32)
    ring = np.ones((s, s), bool)
    ring[3:s - 7, 5:s - 4] = False  # the tile lies shifted: the ring is thin on two sides
    m[0, 0][ring] = 3.0
    assert ring_features(m, s)["ring_contrast"][0, 0] > 1.0


def test_lit_mismatch_forgives_a_change_of_light_but_not_of_colour():
    rng = np.random.default_rng(2)
    pred = np.stack([rng.uniform(20, 80, (1, 2, 8, 8)), rng.uniform(-20, 20, (1, 2, 8, 8)),
                     rng.uniform(-20, 20, (1, 2, 8, 8))], axis=-1).astype(np.float32)
    photo = pred.copy()
    photo[0, 0, ..., 0] = (pred[0, 0, ..., 0] + 5) * 0.5 - 5  # a shadow halves the light ...
    photo[0, 0, ..., 1:] *= 0.5
    photo[0, 1, ..., 1] += 25  # ... a tile changes the colour
    mis, gain = cell_measures._lit_mismatch(photo, pred, np.ones((8, 8), bool))
    assert mis[0, 0].mean() < 1e-3 and gain[0, 0] == pytest.approx(np.log(0.5), abs=1e-3)
    assert mis[0, 1].mean() > 20


def test_clipped_share_counts_saturated_pixels():
    from assistant.vision.cell_rings import clipped_share

    cells = np.zeros((1, 1, 4, 4, 3), np.uint8)
    cells[0, 0, :2, :, 2] = 255
    assert clipped_share(cells, np.ones((4, 4), bool))[0, 0] == 0.5


def test_blur_refusal_depends_on_the_game():
    # a woodland board's hole rings wash out first; beds are refused only at the strongest blur
    assert cellmod.too_blurred({"sigma": 4.5}, "indian-summer")
    assert not cellmod.too_blurred({"sigma": 4.5}, "cottage-garden")
    assert cellmod.too_blurred({"sigma": cell_measures.BLUR_SIGMAS[-1]}, "cottage-garden")
    assert not cellmod.too_blurred({"sigma": 3.0}, "indian-summer")


def test_blur_estimate_stops_at_the_first_candidate_that_does_not_gain():
    # 4.5 gains too little over 3.0; 6.0 beats 3.0 by more than the step gain, but only across
    # the plateau, so the photo is as soft as 3.0 (not refused, not matched too washed out)
    gain = cell_measures.BLUR_STEP_GAIN
    ref = {0.0: 0.2, 1.0: 0.3, 2.0: 0.4, 3.0: 0.5, 4.5: 0.5 + gain / 2, 6.0: 0.5 + 2 * gain}
    photo = {-v: 0.2 - 0.01 * v for v in cell_measures.PHOTO_SIGMAS}
    sigma, score = cell_measures._match_sharpness({**ref, **photo}.__getitem__)
    assert (sigma, score) == (3.0, 0.5)
    assert not cellmod.too_blurred({"sigma": sigma}, "cottage-garden")


def test_blur_estimate_blurs_the_photo_when_that_is_clearly_better():
    scores = {sg: 0.2 + 0.01 * (sg == 1.0) for sg in cell_measures.BLUR_SIGMAS}
    scores.update({-1.0: 0.25, -2.0: 0.3, -3.0: 0.3})
    assert cell_measures._match_sharpness(scores.__getitem__) == (-2.0, 0.3)


def test_a_sharp_frame_keeps_a_full_board_from_being_refused():
    # the cells (all tiles) suggest the strongest blur, the frame shows a sharp photo
    soft = cell_measures.BLUR_SIGMAS[-1]
    assert cellmod.too_blurred({"sigma": soft, "sigma_board": soft}, "cottage-garden")
    assert not cellmod.too_blurred({"sigma": soft, "sigma_board": 1.0}, "cottage-garden")


def test_cells_are_read_from_the_photo_reduced_with_its_corners_moved_alike():
    """A photo longer than imageio.TARGET_LONG_SIDE is area-averaged to it for the cell read, and
    a point given in the photo (a grid corner) lands on the same content in the reduced image."""
    from assistant.vision.imageio import TARGET_LONG_SIDE

    img = np.zeros((1500, 2000, 3), np.uint8)
    img[798:806, 1200:1208] = 255  # a block centred on pixel coordinates (1203.5, 801.5)
    small, (pt,) = cellmod.reduced_photo(img, np.array([[1203.5, 801.5]]))
    assert max(small.shape[:2]) == TARGET_LONG_SIDE
    ys, xs = np.nonzero(small[..., 0] > 127)
    assert abs(xs.mean() - pt[0]) < 0.01 and abs(ys.mean() - pt[1]) < 0.01
    same, kept = cellmod.reduced_photo(small, pt[None])
    assert same is small and np.array_equal(kept, pt[None])  # no larger than that: as it is
