"""The corner markers of `garden markers` laid at a board's corners, as a player lays them:
each paper square outside the board, its corner near the board's corner (a small gap,
a small turn), the printed marker turned any way round on its paper."""
from __future__ import annotations

import math

import cv2
import numpy as np

from assistant.vision.markers import CORNER_IDS, DICTIONARY, MARKER_MODULES, PAPER_MODULES

from .designs import BoardDesign
from .slabs import Slab, make_slab

#: paper square side in cells (50 mm, the sheet's size, at about 25 mm a cell)
SIDE = 2.0
#: the most a square lies away from its corner (cells, along each edge) and turned (degrees)
GAP, TURN = 0.06, 6.0
PAPER = (242, 244, 245)


def _paper_texture(marker_id: int, px: int, quarter_turns: int) -> np.ndarray:
    module = max(2, px // PAPER_MODULES)
    inner = cv2.aruco.generateImageMarker(cv2.aruco.getPredefinedDictionary(DICTIONARY), marker_id,
                                          module * MARKER_MODULES)
    tex = np.empty((module * PAPER_MODULES, module * PAPER_MODULES, 3), np.uint8)
    tex[:] = PAPER
    off = module * (PAPER_MODULES - MARKER_MODULES) // 2
    tex[off : off + inner.shape[0], off : off + inner.shape[1]] = np.rot90(inner, quarter_turns)[..., None]
    return tex


def corner_markers(rng: np.random.Generator, design: BoardDesign, tpc: float) -> list[Slab]:
    """Markers 0-3 at the board's corners next to the grid's top-left, top-right,
    bottom-right and bottom-left cells (board units: x along columns, y along rows)."""
    fw = design.frame
    corners = [(-fw, -fw), (design.cols + fw, -fw), (design.cols + fw, design.rows + fw), (-fw, design.rows + fw)]
    outward = [(-1, -1), (1, -1), (1, 1), (-1, 1)]
    px = max(PAPER_MODULES * 4, int(SIDE * tpc))
    slabs = []
    for marker_id, (cx, cy), (ox, oy) in zip(CORNER_IDS, corners, outward):
        gap = rng.uniform(0, GAP, 2)
        a = math.radians(rng.uniform(-TURN, TURN))
        # the square's centre from its touching corner, turned about that corner
        off = np.array([ox * (SIDE / 2 + gap[0]), oy * (SIDE / 2 + gap[1])])
        rot = np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]])
        centre = np.array([cx, cy]) + rot @ off
        tex = _paper_texture(marker_id, px, int(rng.integers(0, 4)))
        mask = np.full(tex.shape[:2], 255, np.uint8)
        slabs.append(make_slab("marker", tex, mask, (SIDE, SIDE), (float(centre[0]), float(centre[1]), a),
                               0.0, 0.004, (225, 225, 225), info={"id": marker_id}))
    return slabs


def reach(design: BoardDesign) -> np.ndarray:
    """The board's outline grown by the markers (board units), for framing the photo."""
    fw, d = design.frame + SIDE + GAP, design
    return np.array([[-fw, -fw], [d.cols + fw, -fw], [d.cols + fw, d.rows + fw], [-fw, d.rows + fw]], np.float64)
