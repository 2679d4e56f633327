"""Board outlines and the face-on re-match of the printed art (outline, rematch), and
the feature vote that settles the orientation of a mostly covered board."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from assistant.vision import verify
from assistant.vision.geometry import project
from assistant.vision.imageio import to_grey
from assistant.vision.outline import outline_quads
from assistant.vision.reader import calibrate
from assistant.vision.reference import Reference
from assistant.vision.rematch import inset_grid, outline_grids, rematch

import synth


@pytest.fixture(scope="module")
def synth_profile():
    img, t = synth.calibration_scene(1)
    prof, _ = calibrate(img, "outline1", 5, 5, np.array(t["corners"]), t["layout"])
    return prof


def _frame_of(truth, frame: float = 0.6) -> np.ndarray:
    """The synthetic board's outer edge: its frame is 0.6 cells wide."""
    tc = np.asarray(truth["corners"], np.float64)
    to_grid = cv2.getPerspectiveTransform(tc.astype(np.float32), np.float32([[0, 0], [5, 0], [5, 5], [0, 5]]))
    f = frame
    return project(np.linalg.inv(to_grid), np.array([[-f, -f], [5 + f, -f], [5 + f, 5 + f], [-f, 5 + f]]))


def test_inset_grid_undoes_the_frame():
    grid = np.array([[10.0, 10], [60, 10], [60, 50], [10, 50]])  # 5 x 4 cells of 10 px
    outline = grid + np.array([[-5.0, -5], [5, -5], [5, 5], [-5, 5]])
    assert np.allclose(inset_grid(outline, 4, 5, 0.5), grid)
    # a non-square board: the outline's longer sides are tried as the longer grid side first
    first, other = outline_grids(outline, 4, 5, 0.5)
    assert np.allclose(first, grid)
    assert not np.allclose(other, grid)


def test_the_board_outline_is_among_the_first_quads():
    img, truth = synth.scene(1, 5101, tiles=20, tilt=30.0)
    frame = _frame_of(truth)
    diag = np.linalg.norm(frame[0] - frame[2])
    quads = outline_quads(img, 3)
    assert any(min(np.max(np.linalg.norm(np.roll(q, -k, axis=0) - frame, axis=1)) for k in range(4)) < 0.05 * diag
               for q in quads)


def _hue_only_board() -> tuple[np.ndarray, np.ndarray]:
    """A board as bright and as busy as its table (grain everywhere), told from it by
    its green tint only; and its corners."""
    h, w = 360, 480
    rng = np.random.default_rng(1)
    grain = cv2.GaussianBlur(rng.normal(0, 1, (h, w)), (0, 0), 2.0)
    img = np.repeat(np.clip(128 + 60 * grain / grain.std(), 0, 255)[..., None], 3, axis=2)
    board = np.array([[130, 70], [370, 90], [350, 300], [110, 280]], np.int32)
    inside = np.zeros((h, w), np.uint8)
    cv2.fillConvexPoly(inside, board, 1)
    img[inside > 0] += np.array([-30.0, 25, -30])
    return np.clip(img, 0, 255).astype(np.uint8), board.astype(np.float64)


def _corner_error(q: np.ndarray, corners: np.ndarray) -> float:
    """Worst corner distance (px) of a quad to `corners`, in its best corner roll."""
    return min(float(np.abs(np.roll(q, -k, axis=0) - corners).max()) for k in range(4))


def test_a_board_of_its_own_hue_on_a_busy_table_is_outlined():
    # brightness edges and thresholds merge the board with the grain; its hue does not
    img, board = _hue_only_board()
    quads = outline_quads(img, 3, 480)
    assert quads and _corner_error(quads[0], board) < 3



def test_a_quad_with_an_edge_on_every_side_outranks_a_larger_one_closed_by_nothing():
    from assistant.vision.outline import _Gradients, _ranked, _smooth_lab, edge_support

    img = np.full((360, 480, 3), 128, np.uint8)
    big = np.array([[40, 30], [440, 30], [440, 330], [40, 330]], np.float64)
    cv2.rectangle(img, (40, 30), (440, 330), (200, 200, 200), -1)
    img[120:330, 440:] = 200  # the larger quad's right side follows an edge along its top third only
    board = np.array([[150, 100], [330, 110], [320, 260], [140, 250]], np.float64)
    cv2.fillConvexPoly(img, board.astype(np.int32), (40, 110, 60))
    grad = _Gradients(_smooth_lab(img))
    assert 0.2 <= edge_support(big, grad) < 0.4 and edge_support(board, grad) > 0.9
    ranked = _ranked([big, board], grad, 2)
    assert len(ranked) == 2 and np.allclose(ranked[0], board)


@pytest.mark.parametrize("image", [
    np.zeros((3, 3, 3), np.uint8),
    np.zeros((40, 60), np.uint8),
    np.random.default_rng(2).integers(0, 256, (300, 400, 3), dtype=np.uint8),
    np.full((200, 300, 3), 90, np.uint8),
])
def test_outlines_of_plain_images_are_safe(image):
    quads = outline_quads(image, 3, 480)
    assert isinstance(quads, list) and len(quads) <= 3
    assert all(q.shape == (4, 2) and np.all(np.isfinite(q)) for q in quads)


def test_rematch_recovers_the_grid_from_a_rough_guess(synth_profile):
    img, truth = synth.scene(1, 5102, tiles=8, tilt=35.0)
    ref = Reference(synth_profile)
    tc = np.asarray(truth["corners"], np.float64)
    # a guess a quarter of a cell off at every corner, given turned a quarter
    rng = np.random.default_rng(0)
    cell = np.linalg.norm(tc[0] - tc[2]) / np.hypot(5, 5)
    guess = np.roll(tc + rng.uniform(-0.25, 0.25, (4, 2)) * cell, 1, axis=0)
    m = rematch(to_grey(img), guess, ref.art, synth_profile.grid_rect(), 5, 5, synth_profile.cell)
    assert m is not None and m.inliers >= verify.ART_INLIERS_ALONE
    assert synth.corner_error(m.corners, truth) < 0.01  # SIFT chose the orientation, not the guess
    assert verify.votes_clear((m.votes, m.turned))


def test_votes_settle_the_orientation_only_when_clear():
    assert verify.votes_clear((40, 2))
    assert verify.votes_clear((41, 23))  # a lead of many votes, not by chance (a bed mostly covered)
    assert not verify.votes_clear((40, 33))  # art that looks alike turned
    assert not verify.votes_clear((9, 3))  # a lead of few votes: as likely by chance
    assert not verify.votes_clear((verify.VOTE_MIN - 1, 0))  # too few to tell
    assert not verify.votes_clear(None)


def test_the_chance_of_a_lead_is_a_fair_coins():
    assert verify.as_many_by_chance(0, 5) == 1.0
    assert verify.as_many_by_chance(5, 5) == 1 / 32
    assert verify.as_many_by_chance(2, 4) == 11 / 16  # 6 + 4 + 1 of 16
    assert verify.as_many_by_chance(16, 24) > verify.VOTE_CHANCE > verify.as_many_by_chance(41, 64)
    corners = np.zeros((4, 2))
    # many inliers, no photometric margin: the votes decide
    flat = dict(score=0.4, second=0.41, method="rematch", frame=0.0, inliers=verify.ART_INLIERS_ALONE)
    assert verify.verified(verify.Located(corners, votes=(40, 2), **flat))
    assert not verify.verified(verify.Located(corners, votes=(40, 33), **flat))
    # few inliers: votes alone never place a board
    few = dict(flat, inliers=verify.ART_INLIERS_ALONE - 1)
    assert not verify.verified(verify.Located(corners, votes=(400, 2), **few))


# ----------------------------------------------------------------- frame fits (framefit)

def _frame_profile(frame: float, name: str = "framed"):
    """An in-memory 4 x 5 profile whose printed frame is `frame` cells wide (a dark
    band on a light table), with textured cells."""
    from assistant.vision.profile import BoardProfile

    prof = BoardProfile(name=name, rows=4, cols=5)
    w, h = prof.reference_size
    rng = np.random.default_rng(3)
    ref = np.full((h, w, 3), 200, np.uint8)  # the table around the frame
    edge = int(round((prof.margin - frame) * prof.cell))
    ref[edge : h - edge, edge : w - edge] = (60, 90, 40)
    m = prof.margin_px
    ref[m : h - m, m : w - m] = rng.integers(0, 255, (h - 2 * m, w - 2 * m, 3), dtype=np.uint8)
    prof.reference = ref
    return prof


def test_frame_width_is_measured_from_the_reference():
    from assistant.vision.framefit import frame_width

    assert abs(frame_width(_frame_profile(0.3)) - 0.3) < 0.03
    assert frame_width(_frame_profile(0.5)) is None  # the frame fills the margin


def test_best_cells_are_the_few_that_show():
    from assistant.vision.framefit import best_cells

    corr = np.zeros((5, 5))
    corr[0, 0] = 0.9  # one uncovered cell among covered ones
    corr[1, 1] = np.nan  # a plain reference cell tells nothing
    assert best_cells(corr, 0.04) == pytest.approx(0.9)
    assert best_cells(np.full((2, 2), np.nan)) == 0.0


def _rendered(design: str, seed: int, coverage: float | None = None):
    renderer = pytest.importorskip("samples.renderer")
    from samples.calibrated import sample_profile

    from assistant.vision.imageio import decode_photo

    prof = sample_profile(design, 2)
    jpg, truth = renderer.render_photo(design, seed, size=(1600, 1200), coverage=coverage)
    photo = decode_photo(jpg, "x")
    truth["corners"] = (np.array(truth["corners"]) / photo.scale).tolist()
    return photo.image, truth, prof


def test_frame_fit_of_a_covered_board_is_precise_and_never_off_by_a_shift():
    from assistant.vision.framefit import frame_fit

    img, truth, prof = _rendered("woodland-1-a", 7700, 0.9)
    ref = Reference(prof)
    grey = to_grey(img)
    tc = np.asarray(truth["corners"], np.float64)
    to_grid = cv2.getPerspectiveTransform(tc.astype(np.float32), np.float32([[0, 0], [8, 0], [8, 9], [0, 9]]))
    fit = frame_fit(img, grey, tc, ref)
    if fit is not None:  # aligned on the frame: precise, in the orientation its cells say
        assert synth.corner_error(fit.corners, truth) < 0.02 or fit.cells - fit.cells_turned < verify.FRAME_CELLS_MARGIN
    unit = np.array([[0, 0], [8, 0], [8, 9], [0, 9]], np.float64)
    for d in ((1, 0), (0, 1), (-1, 0), (0.5, 0.5)):
        moved = project(np.linalg.inv(to_grid), unit + np.array(d))
        fit = frame_fit(img, grey, moved, ref)
        assert fit is None or synth.corner_error(fit.corners, truth) < 0.02 or not (
            fit.cells >= verify.FRAME_CELLS and fit.cells - fit.cells_turned >= verify.FRAME_CELLS_MARGIN)


def test_frame_fits_rank_rivals():
    from assistant.vision.framefit import FrameFit, frame_fits

    class _Stub:  # frame_fits on no guesses: nothing
        pass

    assert frame_fits(np.zeros((10, 10, 3), np.uint8), np.zeros((10, 10), np.uint8), [], _Stub(), 4) == []
    assert FrameFit(np.zeros((4, 2)), 0.9, 0.8, 0.3).cells == 0.8


def test_a_dim_board_on_a_brighter_mat_is_outlined():
    # the board's edge is a step of 12 grey levels (a dim photo): weaker than the mat's,
    # yet an edge along all four sides
    img = np.full((360, 480, 3), 40, np.uint8)
    cv2.rectangle(img, (40, 30), (440, 330), (90, 90, 90), -1)
    board = np.array([[150, 100], [330, 110], [320, 260], [140, 250]], np.float64)
    cv2.fillConvexPoly(img, board.astype(np.int32), (78, 78, 78))
    quads = outline_quads(img, 3, 480)
    assert any(_corner_error(q, board) < 3 for q in quads)


def test_a_board_on_a_tiled_table_is_outlined_apart_from_the_grout():
    # rendered photo 10200035: a small bed on a tiled table; the grout lines run into its dark
    # frame, so every blob and edge contour of the board ran on along them (no outline found
    # before the thresholded masks were also opened)
    img, truth, prof = _rendered("bed-3-dark", 10200035)
    frame = np.array(truth["params"]["frame_corners"], np.float64)
    diag = np.linalg.norm(frame[0] - frame[2])
    assert any(_corner_error(q, frame) < 0.02 * diag for q in outline_quads(img, 3))
