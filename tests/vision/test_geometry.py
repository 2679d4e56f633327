"""Geometry helpers the location stages share."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from assistant.vision.geometry import corner_spread

RECT = np.array([[0.0, 0.0], [300, 0], [300, 300], [0, 300]])
H = np.array([[1.05, 0.1, 3.0], [0.02, 0.95, -4.0], [1e-4, 2e-4, 1.0]])


def _leave_one_out_by_opencv(src: np.ndarray, dst: np.ndarray, rect: np.ndarray) -> float:
    # the same measure the slow way: one OpenCV least-squares fit for each pair left out
    def corners(keep: np.ndarray) -> np.ndarray:
        h, _ = cv2.findHomography(src[keep], dst[keep], 0)
        return cv2.perspectiveTransform(rect[None], h)[0]

    keep = np.ones(len(src), bool)
    base = corners(keep)
    worst = 0.0
    for i in range(len(src)):
        keep[i] = False
        worst = max(worst, float(np.max(np.linalg.norm(corners(keep) - base, axis=1))))
        keep[i] = True
    return worst / float(np.linalg.norm(base[0] - base[2]))


def _pairs(src: np.ndarray, noise: float, seed: int) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    return src, cv2.perspectiveTransform(src[None], H)[0] + rng.normal(0, noise, src.shape)


def test_corner_spread_is_small_for_pairs_all_over_and_large_for_pairs_in_a_line():
    rng = np.random.default_rng(3)
    all_over = _pairs(rng.uniform(20, 280, (25, 2)), 0.3, 1)
    in_a_line = _pairs(np.c_[np.linspace(20, 280, 12), np.linspace(20, 280, 12) + rng.normal(0, 2, 12)], 0.3, 2)
    spreads = [corner_spread(*p, RECT) for p in (all_over, in_a_line)]
    assert spreads[0] < 0.005 and spreads[1] > 0.05
    for p, s in zip((all_over, in_a_line), spreads):
        assert s == pytest.approx(_leave_one_out_by_opencv(*p, RECT), rel=0.2)


def test_one_pair_far_off_the_others_frees_the_corners():
    rng = np.random.default_rng(4)
    src, dst = _pairs(rng.uniform(20, 280, (15, 2)), 0.3, 5)
    dst[0] += 25.0  # a wrong match the fit still took in
    assert corner_spread(src, dst, RECT) > 10 * corner_spread(src[1:], dst[1:], RECT)


def test_exact_pairs_spread_nothing_and_degenerate_ones_are_infinite():
    src, dst = _pairs(np.random.default_rng(6).uniform(20, 280, (10, 2)), 0.0, 7)
    assert corner_spread(src, dst, RECT) < 1e-6
    collinear = np.c_[np.linspace(0, 100, 6), np.linspace(0, 100, 6)]
    assert corner_spread(collinear, collinear, RECT) == float("inf")


def test_turned_cells_follow_the_corners_roll():
    from assistant.vision.geometry import turned_cells

    r, c = turned_cells(9, 8, 2)  # a half turn: the first cell is the last
    assert (r[0, 0], c[0, 0]) == (8, 7) and (r[8, 7], c[8, 7]) == (0, 0) and (r[2, 5], c[2, 5]) == (6, 2)
    r1, c1 = turned_cells(5, 5, 1)
    assert sorted(zip(r1.ravel(), c1.ravel())) == [(i, j) for i in range(5) for j in range(5)]
    # a quarter turn four times over is no turn: each cell comes back to itself
    rr, cc = np.mgrid[0:5, 0:5]
    for _ in range(4):
        rr, cc = r1[rr, cc], c1[rr, cc]
    assert (rr == np.mgrid[0:5, 0:5][0]).all() and (cc == np.mgrid[0:5, 0:5][1]).all()


def test_cells_read_open_tell_the_orientation_only_where_the_art_differs():
    from assistant.vision.verify import reads_apart

    layout = np.array([list(row) for row in ("..CP.", "...P.", ".....", ".....", "CP..P")])
    plain = layout == "."
    for k in (1, 2, 3):  # only the plain cells read open, in either orientation: nothing told
        assert not reads_apart(plain, plain, layout, k)
    art = ~plain  # the art cells read open as placed, none turned
    assert reads_apart(art, np.zeros_like(art), layout, 1)
    assert not reads_apart(np.zeros_like(art), art, layout, 1)
