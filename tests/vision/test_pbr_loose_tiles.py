"""The physically based renderer's loose tiles (samples/pbr/loose.py: plain numpy, no Blender): the
judging set of `garden tiles scan` is only as good as their truth, so their geometry is checked
here: apart from each other and the board, within reach, outlines that are the cells' own."""

from __future__ import annotations

import math
import random
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "samples" / "pbr"))

from loose import GAP, REACH, LooseTile, lay  # noqa: E402

FRAME = 0.45


def _edge_points(tile: LooseTile, per_edge: int = 25) -> np.ndarray:
    o = tile.outline()
    t = np.linspace(0.0, 1.0, per_edge, endpoint=False)[:, None, None]
    return (o[None] + t * (np.roll(o, -1, axis=0) - o)[None]).reshape(-1, 2)


@pytest.mark.parametrize("board,rows,cols", [("bed", 5, 5), ("woodland", 9, 8)])
@pytest.mark.parametrize("seed", range(4))
def test_laid_tiles_keep_apart_from_each_other_and_the_board(board, rows, cols, seed):
    tiles = lay(random.Random(seed), board, rows, cols, FRAME, 14)
    assert len(tiles) >= 6
    half = np.array([cols / 2 + FRAME, rows / 2 + FRAME])
    corners = half * np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]])
    edges = [_edge_points(t) for t in tiles]
    for i, (tile, pts) in enumerate(zip(tiles, edges)):
        to_frame = np.linalg.norm(np.maximum(np.abs(pts) - half, 0.0), axis=1)
        assert to_frame.min() >= GAP * 0.99, "a tile near the board's frame"
        assert np.linalg.norm(corners[:, None] - pts[None], axis=2).min() >= GAP * 0.99, "a tile near a frame corner"
        assert np.all(np.abs(tile.samples(9)) <= half + REACH + 1e-9), "a tile beyond reach"
        for other, other_pts in zip(tiles[i + 1:], edges[i + 1:]):
            assert np.linalg.norm(pts[:, None] - other_pts[None], axis=2).min() >= GAP * 0.99, "two tiles within the gap"
            assert not other.covers(tile.samples(3)).any(), "one tile over another"


def test_an_outline_is_its_cells_own():
    """An L of three cells: the outline's area is its cell count, its centroid the cells' middle,
    at any turn and place."""
    tile = LooseTile("flower_tile", [(0, 0), (1, 0), (1, 1)], x=3.0, y=-2.0)
    for angle in (0.0, 0.7, math.pi / 2, 4.0):
        tile.angle = angle
        outline = tile.outline().astype(np.float32)
        m = cv2.moments(outline)
        assert abs(abs(m["m00"]) - 3.0) < 1e-4
        middles = tile.to_board(np.array([tile.square(r, c).mean(axis=0) for r, c in tile.cells]))
        assert np.allclose([m["m10"] / m["m00"], m["m01"] / m["m00"]], middles.mean(axis=0), atol=1e-4)


def test_a_turn_keeps_the_printed_face_up():
    """A turn is a rotation, never a mirror: the cells keep their order round the outline."""
    tile = LooseTile("flower_tile", [(0, 0), (0, 1), (1, 0)], angle=2.5)
    local = np.array([tile.square(r, c).mean(axis=0) for r, c in tile.cells])
    on_table = tile.to_board(local)
    def cross(p: np.ndarray) -> float:
        (ax, ay), (bx, by) = p[1] - p[0], p[2] - p[0]
        return ax * by - ay * bx

    assert np.sign(cross(local)) == np.sign(cross(on_table))
    assert np.allclose(tile.to_local(on_table), local)
