"""The renderer's truth agrees with what it drew."""
from __future__ import annotations

import math

import cv2
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from samples.renderer import get_design, render_photo
from samples.renderer.board_art import board_texture, tex_to_board
from samples.renderer.camera import Camera
from samples.renderer.pieces import place_pieces
from samples.renderer.rng import stream

SMALL = (640, 480)
COTTAGE_WORDS = {"empty", "pot", "cloche", "covered"}
WOODLAND_WORDS = {"empty", "blueberry", "nut", "mushroom", "feather", "covered"}


def _check_truth(truth: dict) -> None:
    d = get_design(truth["board"])
    assert (truth["rows"], truth["cols"]) == (d.rows, d.cols)
    assert truth["layout"] == d.layout
    p = truth["params"]
    W, H = p["size"]
    corners = np.array(truth["corners"])
    assert corners.shape == (4, 2)
    assert np.all(corners >= 0) and np.all(corners[:, 0] <= W - 1) and np.all(corners[:, 1] <= H - 1)
    frame = np.array(p["frame_corners"])
    assert np.all(frame >= -1) and np.all(frame[:, 0] <= W) and np.all(frame[:, 1] <= H)
    # the corner order is the board's: the quad is not self-crossing
    def cross(u, v):
        return u[0] * v[1] - u[1] * v[0]
    a = cross(corners[1] - corners[0], corners[2] - corners[1])
    for k in range(4):
        assert np.sign(cross(corners[(k + 1) % 4] - corners[k], corners[(k + 2) % 4] - corners[(k + 1) % 4])) == np.sign(a)
    words = COTTAGE_WORDS if d.game == "cottage" else WOODLAND_WORDS
    covered = set()
    for piece in p["pieces"]:
        cells = [tuple(c) for c in piece["cells"]]
        if piece["kind"] != "treasure_token":
            assert not covered & set(cells), "pieces overlap"
        covered |= set(cells)
        if piece["kind"] == "leaf_tile":
            assert 3 <= len(cells) <= 5
            assert tuple(piece["hole"]) in cells
        if piece["kind"] == "flower_tile":
            assert 1 <= len(cells) <= 6
        if piece["kind"] == "treasure_token":
            assert len(cells) == 1
    for r in range(d.rows):
        for c in range(d.cols):
            w = truth["cells"][r][c]
            assert w in words
            assert w == ("covered" if (r, c) in covered else d.cell(r, c))


@pytest.mark.parametrize("design,seed", [("bed-1-light", 1), ("bed-2-dark", 2), ("woodland-1-a", 3),
                                         ("woodland-2-b", 4), ("my-own-bed-dark", 5)])
def test_truth_is_consistent(design, seed):
    _, truth = render_photo(design, seed, size=SMALL, output="array")
    _check_truth(truth)


def test_empty_and_full():
    _, t = render_photo("bed-1-light", 9, size=SMALL, empty=True, output="array")
    assert t["params"]["pieces"] == []
    assert t["cells"] == [[get_design("bed-1-light").cell(r, c) for c in range(5)] for r in range(5)]
    _, t = render_photo("bed-1-dark", 9, size=SMALL, coverage=1.0, output="array")
    assert all(w == "covered" for row in t["cells"] for w in row)
    _check_truth(t)


def test_hole_cells_are_covered():
    _, t = render_photo("woodland-1-b", 12, size=SMALL, coverage=0.7, output="array")
    holes = [tuple(p["hole"]) for p in t["params"]["pieces"] if p["kind"] == "leaf_tile"]
    assert holes
    for r, c in holes:
        assert t["cells"][r][c] == "covered"


def test_designs():
    w = get_design("woodland-1-a")
    assert (w.rows, w.cols) == (9, 8)
    flat = w.layout.replace("/", "")
    assert [flat.count(ch) for ch in "BNMF"] == [10, 7, 3, 1]
    light, dark = get_design("bed-3-light"), get_design("bed-3-dark")
    assert light.layout.count("P") > light.layout.count("C")
    assert dark.layout.count("C") > dark.layout.count("P")
    assert get_design("bed-3-light") == get_design("bed-3-light")


def _rectify_shift(img, truth, corners=None):
    """Phase-correlation shift (texels at 48 px/cell) between the photo rectified with the truth
    corners and the design's own art."""
    d = get_design(truth["board"])
    ppc = 48
    tex, _ = board_texture(d.name, ppc)
    Ti = np.linalg.inv(tex_to_board(d, tex.shape))
    R, C = d.rows, d.cols
    src = np.float32(corners if corners is not None else truth["corners"])
    dst = np.float32([[-0.5, -0.5], [C * ppc - 0.5, -0.5], [C * ppc - 0.5, R * ppc - 0.5], [-0.5, R * ppc - 0.5]])
    rect = cv2.warpPerspective(img, cv2.getPerspectiveTransform(src, dst), (C * ppc, R * ppc))
    A = np.array([[1 / ppc, 0, 0.5 / ppc], [0, 1 / ppc, 0.5 / ppc], [0, 0, 1]])
    ref = cv2.warpPerspective(np.ascontiguousarray(tex), np.linalg.inv(Ti @ A), (C * ppc, R * ppc))
    g1 = cv2.cvtColor(rect, cv2.COLOR_BGR2GRAY).astype(np.float32)
    g2 = cv2.cvtColor(ref, cv2.COLOR_BGR2GRAY).astype(np.float32)
    (sx, sy), resp = cv2.phaseCorrelate(g1, g2, cv2.createHanningWindow(g1.shape[::-1], cv2.CV_32F))
    return sx, sy, resp


@pytest.mark.parametrize("design,seed,tilt", [("bed-1-light", 4, 40.0), ("woodland-1-a", 5, 20.0)])
def test_corners_land_on_the_drawn_grid(design, seed, tilt):
    img, t = render_photo(design, seed, size=(800, 600), empty=True, difficulty=0.0, clutter=0, tilt=tilt,
                          output="array")
    sx, sy, resp = _rectify_shift(img, t)
    assert resp > 0.5
    assert abs(sx) < 0.2 and abs(sy) < 0.2


def test_corners_with_lens_distortion():
    k1 = 0.06
    img, t = render_photo("bed-2-light", 6, size=(800, 600), empty=True, difficulty=0.0, clutter=0, lens_k1=k1,
                          output="array")
    H, W = img.shape[:2]
    cam = Camera(np.eye(3), np.eye(3), np.zeros(3), W, H, k1)
    ys, xs = np.mgrid[0:H, 0:W].astype(np.float64)
    m = cam.distort(np.c_[xs.ravel(), ys.ravel()]).reshape(H, W, 2).astype(np.float32)
    und = cv2.remap(img, m[..., 0], m[..., 1], cv2.INTER_LINEAR)
    c = np.array(t["corners"])
    cx, cy, s = (W - 1) / 2, (H - 1) / 2, math.hypot(W, H) / 2
    p = (c - [cx, cy]) / s
    pin = p * (1 + k1 * (p ** 2).sum(1, keepdims=True)) * s + [cx, cy]
    sx, sy, resp = _rectify_shift(und, t, pin)
    assert resp > 0.5
    assert abs(sx) < 0.25 and abs(sy) < 0.25
    # and the distorted corners are not where a pinhole would put them
    assert np.abs(pin - c).max() > 1.0


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**9), coverage=st.floats(0, 1), wood=st.booleans())
def test_placement_properties(seed, coverage, wood):
    d = get_design("woodland-1-a" if wood else "bed-1-light")
    pieces = place_pieces(d, coverage, stream("t", seed))
    seen = set()
    for p in pieces:
        if p.kind == "treasure_token":
            assert p.cells[0] in {q.hole for q in pieces}
            continue
        assert not seen & set(p.cells)
        seen |= set(p.cells)
        assert all(0 <= r < d.rows and 0 <= c < d.cols for r, c in p.cells)
        assert abs(p.dx) <= 0.07 and abs(p.dy) <= 0.07
        if p.kind == "leaf_tile":
            assert p.hole in p.cells
        else:
            assert p.hole is None
    target = round(coverage * d.rows * d.cols)
    assert len(seen) <= target
    assert len(seen) >= min(target, d.rows * d.cols) - 3
