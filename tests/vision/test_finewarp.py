"""Fine alignment of a rectified board (finewarp): a smooth misfit is found and moved out;
nothing is moved when the photo does not show the reference."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

import synth
from assistant.vision import finewarp
from assistant.vision.reader import calibrate


@pytest.fixture(scope="module")
def profile():
    img, t = synth.calibration_scene(0)
    prof, _ = calibrate(img, "syn", 5, 5, np.array(t["corners"]), t["layout"])
    return prof


def _bent(image: np.ndarray, amount: float) -> np.ndarray:
    """The image seen through a smooth bend (like a lens's): pixel q shows image(q - D(q)),
    D up to `amount` pixels, different along x and y."""
    h, w = image.shape[:2]
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    u, v = xs / w * 2 - 1, ys / h * 2 - 1
    dx = amount * (0.6 * u * v + 0.4 * u ** 3)
    dy = amount * (0.5 * u * u - 0.5 * v ** 2 * u)
    return cv2.remap(image, xs - dx, ys - dy, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)


def _grid_error(a: np.ndarray, prof) -> float:
    m = prof.margin_px
    diff = np.abs(a.astype(np.float32) - prof.reference.astype(np.float32))
    return float(diff[m:-m, m:-m].mean())


def _template(prof) -> np.ndarray:
    return finewarp.prepared(cv2.cvtColor(prof.reference, cv2.COLOR_BGR2GRAY), prof.cell)


def _blocks(prof) -> list:
    return finewarp.reference_blocks(prof, prof.valid > 127)


def _moved(image: np.ndarray, field: np.ndarray) -> np.ndarray:
    h, w = field.shape[:2]
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    return cv2.remap(image, xs + field[..., 0], ys + field[..., 1], cv2.INTER_LINEAR,
                     borderMode=cv2.BORDER_REPLICATE)


def test_a_smooth_bend_is_moved_out(profile):
    bent = _bent(profile.reference, 0.12 * profile.cell)
    field, how = finewarp.align(bent, _template(profile), _blocks(profile), profile)
    assert field is not None and how.order >= 2 and how.blocks >= 14
    assert 0.03 < how.max_shift < finewarp.SEARCH
    # the cells now lie where the reference has them: most of the misfit is gone
    assert _grid_error(_moved(bent, field), profile) < 0.5 * _grid_error(bent, profile)


def test_an_aligned_board_stays_put(profile):
    field, how = finewarp.align(profile.reference, _template(profile), _blocks(profile), profile)
    assert how.blocks >= 14 and how.max_shift < 0.01
    assert field is None or np.abs(field).max() < 0.01 * profile.cell


def test_a_photo_of_something_else_is_not_moved(profile):
    other = np.random.default_rng(3).integers(0, 255, profile.reference.shape, dtype=np.uint8)
    other = cv2.GaussianBlur(other, (0, 0), 2.0)
    field, how = finewarp.align(other, _template(profile), _blocks(profile), profile)
    assert field is None and how.order == 0


def test_a_misfit_beyond_the_search_is_not_moved(profile):
    # the whole board half a cell off: no block is found within the search, nothing moves
    shifted = np.roll(profile.reference, profile.cell // 2, axis=1)
    field, how = finewarp.align(shifted, _template(profile), _blocks(profile), profile)
    assert field is None and how.order == 0


def test_the_photo_is_sampled_once_through_homography_and_field():
    # a rendered photo through a bending lens: the aligned rectification matches the
    # reference better than the homography alone, and is no softer
    renderer = pytest.importorskip("samples.renderer")
    from assistant.vision import cell_measures
    from samples.calibrated import sample_profile

    from assistant.vision.imageio import decode_photo

    prof = sample_profile("woodland-2-b", 1, "w")
    jpeg, truth = renderer.render_photo("woodland-2-b", 610001, lens_k1=0.06, tilt_max=20, fill=0.9, coverage=0.3)
    photo = decode_photo(jpeg, "x")
    corners = np.array(truth["corners"]) / photo.scale
    plain = cell_measures.warp_to_reference(photo.image, corners, prof)
    aligned, how = cell_measures.aligned_to_reference(photo.image, corners, prof)
    assert how.order >= 2 and how.max_shift > 0.02

    def sharpness(a: np.ndarray) -> float:
        return float(cv2.Laplacian(cv2.cvtColor(a, cv2.COLOR_BGR2GRAY), cv2.CV_32F).var())

    assert _grid_error(aligned, prof) < _grid_error(plain, prof)
    assert sharpness(aligned) > 0.9 * sharpness(plain)


def test_blocks_shifted_every_which_way_do_not_bend_the_board(profile):
    # each cell's art moved on its own (no smooth bend explains it): whatever field is fitted
    # must not follow the cells; it stays far below their shifts
    rng = np.random.default_rng(5)
    s, m = profile.cell, profile.margin_px
    jumbled = profile.reference.copy()
    shift = int(round(0.15 * s))
    for r in range(profile.rows):
        for c in range(profile.cols):
            y0, x0 = m + r * s, m + c * s
            dy, dx = rng.choice([-shift, shift], size=2)
            cell = profile.reference[y0 : y0 + s, x0 : x0 + s]
            jumbled[y0 : y0 + s, x0 : x0 + s] = np.roll(cell, (dy, dx), (0, 1))
    field, how = finewarp.align(jumbled, _template(profile), _blocks(profile), profile)
    assert how.blocks >= 14  # the cells were found, at their own shifts
    assert field is None or np.abs(field[m:-m, m:-m]).max() < 0.5 * shift
