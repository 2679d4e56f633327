"""Matching the printed art again inside a rough board location.

A rough location (a board outline, a weak fit) is straightened to the reference's
own scale and the reference's SIFT features are matched in that view: the board
is then seen face-on at the size the features were taken at, so a small, tilted
or mostly covered board gives far more true matches than in the whole photo.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from assistant.vision import artmatch
from assistant.vision.geometry import cell_size, project, quad_area, turns

#: room around the guessed grid in the straightened view, in cells (the guess may be
#: a frame's width or a few percent off)
PAD_CELLS = 1.5


def inset_grid(outline: np.ndarray, rows: int, cols: int, frame: float) -> np.ndarray:
    """Grid corners inside a board outline (clockwise, first edge along `cols`) whose
    frame is `frame` cells wide on every side."""
    w, h = cols + 2 * frame, rows + 2 * frame
    src = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    H = cv2.getPerspectiveTransform(src, np.asarray(outline, np.float32))
    grid = np.array([[frame, frame], [frame + cols, frame], [frame + cols, frame + rows], [frame, frame + rows]])
    return project(H, grid)


def outline_grids(outline: np.ndarray, rows: int, cols: int, frame: float) -> list[np.ndarray]:
    """The grid guesses an outline allows: for a non-square board its longer photo
    sides first take the longer grid side (a steep view can swap them: both tried)."""
    q = np.asarray(outline, np.float64)
    if rows == cols:
        return [inset_grid(q, rows, cols, frame)]
    a = np.linalg.norm(q[1] - q[0]) + np.linalg.norm(q[2] - q[3])
    b = np.linalg.norm(q[3] - q[0]) + np.linalg.norm(q[2] - q[1])
    rolled = np.roll(q, -1, axis=0)
    first, other = (q, rolled) if (a >= b) == (cols >= rows) else (rolled, q)
    return [inset_grid(first, rows, cols, frame), inset_grid(other, rows, cols, frame)]


def straighten(image: np.ndarray, grid: np.ndarray, rows: int, cols: int, cell: int
               ) -> tuple[np.ndarray, np.ndarray]:
    """The photo around `grid` warped so that the grid is `cell` px a cell, with
    PAD_CELLS of room around it; and the homography photo -> view."""
    pad = PAD_CELLS * cell
    dst = np.float32([[pad, pad], [pad + cols * cell, pad], [pad + cols * cell, pad + rows * cell],
                      [pad, pad + rows * cell]])
    src = np.asarray(grid, np.float32)
    scale = 1.0
    ppc = np.sqrt(quad_area(src) / (rows * cols))
    if ppc > 2.5 * cell:  # much larger in the photo: shrink first, warping alone would alias
        scale = 2.0 * cell / ppc
        image = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
        src = (src * scale).astype(np.float32)
    H = cv2.getPerspectiveTransform(src, dst)
    size = (int(round(cols * cell + 2 * pad)), int(round(rows * cell + 2 * pad)))
    view = cv2.warpPerspective(image, H, size, flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT)
    S = np.diag([scale, scale, 1.0])
    return view, H @ S


@dataclass
class Rematch:
    corners: np.ndarray  # grid corners in the photo, in the orientation the features say
    inliers: int
    votes: int  # reference features found again where the match puts them
    turned: int  # the most found again with the board assumed turned


def _match_in_view(grey: np.ndarray, grid: np.ndarray, art, grid_rect: np.ndarray, rows: int, cols: int,
                   cell: int) -> Rematch | None:
    view, H = straighten(grey, grid, rows, cols, cell)
    feats = artmatch.photo_features(view, 0)
    m = artmatch.match_art(art, feats, grid_rect, view.shape)
    if m is None:
        return None
    corners = project(np.linalg.inv(H), m.corners)
    if not np.all(np.isfinite(corners)):
        return None
    votes, turned = orientation_votes(feats, art, m.corners, grid_rect, rows, cols)
    return Rematch(corners, m.inliers, votes, turned)


def rematch(grey: np.ndarray, grid: np.ndarray, art, grid_rect: np.ndarray, rows: int, cols: int,
            cell: int) -> Rematch | None:
    """The art matched inside the straightened view of a rough grid location; the
    match's corners are returned in `grey` pixels (any orientation: SIFT decides).
    A match that moved the grid is matched once more around where it landed: a guess
    that was off (a piece's outline, the wrong frame width) shows only part of the
    board, and a fit to part of it is imprecise elsewhere."""
    m = _match_in_view(grey, grid, art, grid_rect, rows, cols, cell)
    if m is None:
        return None
    cell_px = cell_size(m.corners, rows, cols)
    moved = min(np.max(np.linalg.norm(np.roll(m.corners, -k, axis=0) - grid, axis=1)) for k in range(4))
    if moved <= REMATCH_AGAIN * cell_px:
        return m
    return _match_in_view(grey, m.corners, art, grid_rect, rows, cols, cell)


#: a match this far (cells) from its guess is matched again around where it landed
REMATCH_AGAIN = 0.2


#: orientation votes: a reference feature counts when a view feature this near (view
#: pixels = reference pixels) has a descriptor this close (SIFT descriptors: norm ~512)
VOTE_RADIUS = 3.0
VOTE_MAX_DIST = 200.0


def _turns(grid_rect: np.ndarray, rows: int, cols: int) -> list[np.ndarray]:
    """Homographies of the reference onto itself turned a quarter, half and three
    quarters (the half turn only for a non-square grid)."""
    src = np.asarray(grid_rect, np.float32)
    return [cv2.getPerspectiveTransform(src, np.roll(src, -k, axis=0)) for k in turns(rows, cols)[1:]]


def orientation_votes(view_feats, art, view_corners: np.ndarray, grid_rect: np.ndarray, rows: int,
                      cols: int) -> tuple[int, int]:
    """Reference features found again where the located board puts them, and the best
    count when the board is assumed turned: art that looks alike turned (a hedge
    frame, a mostly covered board) supports every turn, true art only one."""
    pts, desc = view_feats[0], view_feats[1]
    if desc is None or art.desc is None or len(pts) < 4:
        return 0, 0
    H = cv2.getPerspectiveTransform(np.asarray(grid_rect, np.float32), np.asarray(view_corners, np.float32))
    index = cv2.flann_Index(np.ascontiguousarray(pts, np.float32), {"algorithm": 1, "trees": 1})
    k = min(4, len(pts))

    def count(M: np.ndarray) -> int:
        proj = np.ascontiguousarray(project(M, art.points), np.float32)
        nn, d2 = index.knnSearch(proj, k, params={"checks": 32})
        nn, d2 = nn.reshape(len(proj), k), d2.reshape(len(proj), k)
        near = (d2 < VOTE_RADIUS ** 2) & (nn >= 0)
        qi, col = np.nonzero(near)
        if len(qi) == 0:
            return 0
        dd = np.linalg.norm(art.desc[qi] - desc[nn[qi, col]], axis=1)
        good = np.zeros(len(proj), bool)
        good[qi[dd < VOTE_MAX_DIST]] = True
        return int(good.sum())

    own = count(H)
    other = max((count(H @ T) for T in _turns(grid_rect, rows, cols)), default=0)
    return own, other
