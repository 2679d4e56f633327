"""The cheap location stage (outlinefit): a board outline's grid guess aligned on the
reference's blocks, verified as every other candidate, and refused elsewhere."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from assistant.vision import locate, outline, outlinefit, verify
from assistant.vision.imageio import to_grey
from assistant.vision.locate import locate_board
from assistant.vision.reader import calibrate
from assistant.vision.reference import Reference

import synth


@pytest.fixture(scope="module")
def profiles():
    out = {}
    for design in (0, 1):
        img, t = synth.calibration_scene(design)
        out[design], _ = calibrate(img, f"outlinefit{design}", 5, 5, np.array(t["corners"]), t["layout"])
    return out


def _fits(img: np.ndarray, prof, ref: Reference | None = None) -> list[outlinefit.BlockFit]:
    return list(outlinefit.outline_fits(img, outlinefit.Levels(to_grey(img)), ref or Reference(prof)))


@pytest.mark.parametrize("design, seed, tiles, tilt", [(0, 7101, 6, 30.0), (1, 7104, 15, 35.0)])
def test_a_board_is_located_by_its_outline_within_a_percent(profiles, design, seed, tiles, tilt):
    img, truth = synth.scene(design, seed, tiles=tiles, tilt=tilt)
    loc = locate_board(img, Reference(profiles[design]))
    assert loc is not None and loc.method == "outline"
    assert verify.verified(loc)
    assert synth.corner_error(loc.corners, truth) < 0.01


def test_a_rough_turned_guess_is_aligned_in_the_right_orientation(profiles):
    img, truth = synth.scene(0, 7102, tiles=12, tilt=40.0)
    ref = Reference(profiles[0])
    grey = to_grey(img)
    tc = np.asarray(truth["corners"], np.float64)
    # the grid a third of a cell too large (a frame width misjudged), given turned a quarter
    centre = tc.mean(axis=0)
    guess = np.roll(centre + (tc - centre) * (1 + 0.66 / 5), 1, axis=0)
    fit = outlinefit.align(outlinefit.Levels(grey), outlinefit.rolls(grey, guess, ref)[0], ref)
    assert fit is not None
    assert fit.blocks >= outlinefit.MIN_BLOCKS and fit.reach <= outlinefit.MAX_REACH
    assert synth.corner_error(fit.corners, truth) < 0.01


def test_another_board_or_a_bare_table_gives_no_fit(profiles):
    img, _ = synth.scene(1, 7103, tiles=4, tilt=20.0)
    assert _fits(img, profiles[1])  # its own profile finds it
    assert _fits(img, profiles[0]) == []  # another board of the same size does not
    rng = np.random.default_rng(3)
    table = cv2.GaussianBlur(rng.normal(128, 30, (900, 1200, 3)), (0, 0), 2).clip(0, 255).astype(np.uint8)
    cv2.rectangle(table, (300, 200), (800, 650), (90, 140, 60), -1)  # a plain board-sized box
    assert _fits(table, profiles[0]) == []


def _right_fits(img: np.ndarray, ref: Reference, truth: dict) -> list[outlinefit.BlockFit]:
    return [f for f in _fits(img, ref.prof, ref) if synth.corner_error(f.corners, truth) < 0.01]


def test_an_outline_on_the_frames_inner_edge_is_tried_as_the_grid(profiles, monkeypatch):
    # a frame the colour of the table: the only outline found is the frame's inner edge,
    # which an inset by a cell-wide frame puts beyond the coarse search
    img, truth = synth.scene(0, 7107, tiles=8, tilt=30.0)
    ref = Reference(profiles[0])
    ref.frame_width = 1.0  # as the reference measures it (framefit.frame_width)
    monkeypatch.setattr(outline, "outline_quads", lambda *_: [np.asarray(truth["corners"], np.float64)])
    assert _right_fits(img, ref, truth)
    monkeypatch.setattr(outlinefit, "retry_frames", lambda frame: ())
    assert _right_fits(img, ref, truth) == []  # the inset guess alone misses


def test_a_board_outline_behind_larger_ones_is_still_tried(profiles, monkeypatch):
    # other boards and table patterns can outrank the board's own outline (rendered photo,
    # seed 100094: other boards and merged blobs first, the board fifth)
    img, truth = synth.scene(0, 7101, tiles=6, tilt=30.0)
    ref = Reference(profiles[0])
    tc = np.asarray(truth["corners"], np.float64)
    h, w = img.shape[:2]
    decoys = [tc * 0.5 + np.array([dx, dy]) for dx, dy in ((0, 0), (w / 2, 0), (0, h / 2), (w / 2, h / 2))]
    quads = decoys + [tc]
    monkeypatch.setattr(outline, "outline_quads", lambda img, count, *_: quads[:count])
    assert _right_fits(img, ref, truth)


def test_levels_keep_photo_coordinates(profiles):
    """The same board photographed twice as large is located at twice the coordinates
    (the fit is made on a halved level there)."""
    img, truth = synth.scene(0, 7101, tiles=6, tilt=30.0)
    big = cv2.resize(img, None, fx=2, fy=2, interpolation=cv2.INTER_CUBIC)
    small_fit, big_fit = _fits(img, profiles[0]), _fits(big, profiles[0])
    assert small_fit and big_fit
    # pixel centres: x_big = 2 x + 0.5
    err = np.max(np.linalg.norm((big_fit[0].corners - 0.5) / 2 - small_fit[0].corners, axis=1))
    tc = np.asarray(truth["corners"], np.float64)
    assert err < 0.005 * np.linalg.norm(tc[0] - tc[2])


def test_a_fit_is_refused_when_its_blocks_leave_a_corner_far_behind():
    rect = np.array([[0.0, 0.0], [10, 0], [10, 10], [0, 10]])
    spread = np.array([[1.0, 1.0], [9, 1], [9, 9], [1, 9], [5, 5]])
    one_side = spread[[0, 1]]  # nothing near the bottom corners
    assert outlinefit._reach(spread, rect) < outlinefit.MAX_REACH
    assert outlinefit._reach(one_side, rect) > outlinefit.MAX_REACH


def test_a_fit_counts_blocks_found_with_the_grid_turned(profiles):
    # a mostly covered board: its own orientation finds blocks, the turned ones few or none
    img, truth = synth.scene(0, 7105, tiles=18, tilt=25.0)
    fits = _fits(img, profiles[0])
    right = [f for f in fits if synth.corner_error(f.corners, truth) < 0.01]
    assert right and right[0].turned >= 0
    assert right[0].turned <= verify.OUTLINE_TURNED_SHARE * right[0].blocks


def _outline_located(blocks: int, turned: int, margin: float) -> verify.Located:
    return verify.Located(np.zeros((4, 2)), 0.2 + margin, 0.2, "outline", 0, -1.0, blocks=blocks,
                           turned_blocks=turned)


def test_blocks_alone_verify_an_outline_fit_only_with_a_clear_orientation():
    own = verify.OUTLINE_BLOCKS_OWN
    assert verify.verified(_outline_located(own, 0, 0.0))  # placed and turned by its blocks
    assert not verify.verified(_outline_located(own - 1, 0, 0.0))  # too few blocks
    assert not verify.verified(_outline_located(own + 4, own, 0.0))  # found turned as well
    assert not verify.verified(_outline_located(own, -1, 0.0))  # turned blocks not counted
    # many blocks: the photometric orientation margin settles it too
    assert verify.verified(_outline_located(verify.OUTLINE_BLOCKS_ALONE, 15, verify.GRID_ORIENTATION_MARGIN + 0.01))
    assert not verify.verified(_outline_located(verify.OUTLINE_BLOCKS_ALONE, 15, 0.05))


def test_a_feature_fit_a_third_of_a_cell_off_is_moved_onto_the_blocks(profiles):
    img, truth = synth.scene(0, 7106, tiles=10, tilt=30.0)
    ref = Reference(profiles[0])
    tc = np.asarray(truth["corners"], np.float64)
    cell = np.linalg.norm(tc[1] - tc[0]) / 5
    off = tc + np.array([[0.3, 0.1], [0.0, 0.3], [-0.3, 0.2], [0.1, -0.3]]) * cell
    assert synth.corner_error(off, truth) > 0.03
    loc = locate.placed(img, outlinefit.Levels(to_grey(img)), off, ref, "art", verify.ART_NO_POLISH + 30, ecc=False)
    assert synth.corner_error(loc.corners, truth) < 0.01
    assert loc.blocks >= outlinefit.MIN_BLOCKS and 0 <= loc.turned_blocks <= verify.OUTLINE_TURNED_SHARE * loc.blocks


def test_a_blurred_photo_is_aligned_against_a_blurred_reference(monkeypatch):
    # rendered photo 500008 (woodland-2-a, 88% covered, defocused and shaken by 12 pixels):
    # at the true grid the fine pass finds too few blocks against the sharp reference, and
    # the board went unfound; against the reference blurred it settles within a percent
    renderer = pytest.importorskip("samples.renderer")
    from samples.calibrated import sample_profile

    from assistant.vision.imageio import decode_photo

    ref = Reference(sample_profile("woodland-2-a", 5))
    jpeg, truth = renderer.render_photo("woodland-2-a", 500008)
    photo = decode_photo(jpeg, "x")
    levels = outlinefit.Levels(to_grey(photo.image))
    tc = np.array(truth["corners"]) / photo.scale
    assert outlinefit.block_step(levels, tc, ref, *outlinefit.STEPS[-1]) is None
    fit = outlinefit.align(levels, tc, ref)
    assert fit is not None and synth.corner_error(fit.corners, {"corners": tc}) < 0.01
    monkeypatch.setattr(outlinefit, "BLUR_RETRIES", ())
    assert outlinefit.align(levels, tc, ref) is None


def test_the_coarse_fit_stands_when_the_fine_pass_finds_too_few_blocks(profiles, monkeypatch):
    img, truth = synth.scene(0, 7101, tiles=6, tilt=30.0)
    ref = Reference(profiles[0])
    levels = outlinefit.Levels(to_grey(img))
    tc = np.asarray(truth["corners"], np.float64)
    coarse = outlinefit.block_step(levels, tc, ref, *outlinefit.STEPS[0])
    assert coarse is not None and coarse.blocks >= outlinefit.COARSE_ALONE
    step = outlinefit.block_step
    # the fine pass (the last step) finds nothing, even blurred: a board small in the photo
    monkeypatch.setattr(outlinefit, "block_step", lambda lv, c, r, scale, search, blur=0.0:
                        None if scale == outlinefit.STEPS[-1][0] else step(lv, c, r, scale, search, blur))
    fit = outlinefit.align(levels, tc, ref)
    assert fit is not None and fit.blocks == coarse.blocks
    assert synth.corner_error(fit.corners, truth) < 0.01
    monkeypatch.setattr(outlinefit, "COARSE_ALONE", coarse.blocks + 1)
    assert outlinefit.align(levels, tc, ref) is None


def test_align_refuses_a_fit_spreading_past_the_limit(profiles, monkeypatch):
    img, truth = synth.scene(0, 7101, tiles=6, tilt=30.0)
    levels = outlinefit.Levels(to_grey(img))
    tc = np.asarray(truth["corners"], np.float64)
    fit = outlinefit.align(levels, tc, Reference(profiles[0]))
    assert fit is not None and 0 < fit.spread < outlinefit.MAX_SPREAD
    monkeypatch.setattr(outlinefit, "MAX_SPREAD", fit.spread * 0.9)
    assert outlinefit.align(levels, tc, Reference(profiles[0])) is None
