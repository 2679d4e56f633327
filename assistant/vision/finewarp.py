"""Fine alignment of a rectified board: the smooth misfit a homography leaves.

A homography through the grid's four corners rectifies a flat board seen through an
ideal lens. A phone's lens bends straight lines (barrel or pincushion distortion), a
board may not lie quite flat, and located corners are a little off: inside the board
the rectified cells then sit up to a fifth of a cell from where the reference has
them, and the cell measures (the hole ring, a tile's outline, the band along each
side) read misfits as tiles.

Each textured reference block (a cell, a piece of the frame) is found again in the
rectified photo by normalised cross-correlation within a quarter of a cell; blocks
that match clearly (pieces hide the rest) give shifts, and a low-order polynomial
field fitted to them robustly (the order the number and spread of the blocks allow)
moves every pixel. A field that does not fit the blocks better than no field, or that
moves the grid farther than a block is searched, is not applied.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from assistant.vision.imageio import to_grey
from assistant.vision.rectified import frame_boxes, stack_highpass

#: a block is looked for this far (fraction of a cell) from where the homography puts it
SEARCH = 0.25
#: its reference pixels are the cell minus this inset on every side (fraction of a cell)
INSET = 0.12
#: a block counts when its best correlation reaches this
MIN_PEAK = 0.6
#: high-pass of both images (fraction of a cell): light varies over a board
HIGHPASS = 1 / 6
#: reference blocks plainer than this (grey levels, high-passed) cannot be placed
MIN_TEXTURE = 3.0
#: frame pieces stop this short of the frame's outer edge (cells)
FRAME_KEEP_OFF = 0.04
#: polynomial terms in x and y by the least number of blocks they need
ORDERS = ((30, 3), (14, 2), (6, 1))


@dataclass
class Alignment:
    """How the fine alignment went (kept in a reading's details)."""

    blocks: int  # blocks that matched clearly
    order: int  # polynomial order of the field (0: none applied)
    max_shift: float  # largest move of a grid pixel, in cells
    residual: float  # median misfit of the blocks after the field, in pixels


def prepared(grey: np.ndarray, s: float) -> np.ndarray:
    """A grey image as the blocks are compared: lightly smoothed (noise), high-passed (light)."""

    return stack_highpass(cv2.GaussianBlur(grey.astype(np.float32), (0, 0), 1.0), s * HIGHPASS)


def search_radius(prof) -> int:
    """How far (reference pixels) a block is looked for; a rectified photo padded by this
    much lets the frame's outermost pieces be searched too."""
    return max(2, int(round(SEARCH * prof.cell)))


def reference_blocks(prof, valid: np.ndarray, frame: float | None = None) -> list[tuple[int, int, int, int]]:
    """Reference blocks (x0, y0, x1, y1): each cell's inner part and each cell-long piece of
    the frame the reference fully shows; with the frame's width (cells, framefit.frame_width)
    a frame piece stops short of the frame's outer edge: the table beyond it differs from
    photo to photo, and a piece half table does not match."""

    s, m = prof.cell, prof.margin_px
    i = int(round(INSET * s))
    out = [(m + c * s + i, m + r * s + i, m + (c + 1) * s - i, m + (r + 1) * s - i)
           for r in range(prof.rows) for c in range(prof.cols)]
    depth = m if frame is None else max(3, min(m, int(round((frame - FRAME_KEEP_OFF) * s))))
    w, h = prof.reference_size
    for ys, xs in frame_boxes(prof, valid):
        x0, y0, x1, y1 = xs.start, ys.start, xs.stop, ys.stop
        # each piece lies on one side of the grid: keep the part next to the grid
        x0, x1 = (m - depth, m) if x1 <= m else (w - m, w - m + depth) if x0 >= w - m else (x0, x1)
        y0, y1 = (m - depth, m) if y1 <= m else (h - m, h - m + depth) if y0 >= h - m else (y0, y1)
        out.append((x0, y0, x1, y1))
    return out


def _subpixel(res: np.ndarray, x: int, y: int) -> tuple[float, float]:
    """Peak position refined by a parabola through it and its neighbours on each axis."""
    def off(a: float, b: float, c: float) -> float:
        d = a - 2 * b + c
        return 0.0 if d >= 0 else float(np.clip(0.5 * (a - c) / d, -0.5, 0.5))

    return x + off(res[y, x - 1], res[y, x], res[y, x + 1]), y + off(res[y - 1, x], res[y, x], res[y + 1, x])


def block_shifts(moving: np.ndarray, template: np.ndarray, boxes, radius: int
                 ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(centres N x 2, shifts N x 2, peaks N) of the blocks found clearly in `moving`: the
    block of `template` at box lies at box + shift in `moving`."""
    h, w = moving.shape
    cen, sh, pk = [], [], []
    for x0, y0, x1, y1 in boxes:
        if x0 - radius < 0 or y0 - radius < 0 or x1 + radius > w or y1 + radius > h:
            continue
        t = template[y0:y1, x0:x1]
        if cv2.meanStdDev(t)[1][0, 0] < MIN_TEXTURE:  # numpy's std: ten times as long, hundreds of blocks a read
            continue
        res = cv2.matchTemplate(moving[y0 - radius : y1 + radius, x0 - radius : x1 + radius], t,
                                cv2.TM_CCOEFF_NORMED)
        _, peak, _, (px, py) = cv2.minMaxLoc(res)
        if peak < MIN_PEAK or not (0 < px < res.shape[1] - 1 and 0 < py < res.shape[0] - 1):
            continue  # unclear, or at the edge of the search (the true place may lie beyond)
        fx, fy = _subpixel(res, px, py)
        cen.append(((x0 + x1) / 2, (y0 + y1) / 2))
        sh.append((fx - radius, fy - radius))
        pk.append(peak)
    return np.array(cen, np.float64).reshape(-1, 2), np.array(sh, np.float64).reshape(-1, 2), np.array(pk)


def _terms(u: np.ndarray, v: np.ndarray, order: int) -> np.ndarray:
    """Monomials u^a v^b with a + b <= order, one column each."""
    return np.stack([u ** (n - j) * v ** j for n in range(order + 1) for j in range(n + 1)], axis=-1)


def fit_field(centres: np.ndarray, shifts: np.ndarray, weights: np.ndarray, size: tuple[int, int],
              order: int) -> tuple[np.ndarray, np.ndarray] | None:
    """Polynomial coefficients (terms x 2) of a shift field through the blocks' shifts, with
    the blocks that disagree most dropped (another piece's art matched by chance), and the
    blocks it was fitted on; None when too few are left for the order."""
    w, h = size
    A = _terms(centres[:, 0] / w * 2 - 1, centres[:, 1] / h * 2 - 1, order)
    keep = np.ones(len(centres), bool)
    for _ in range(4):
        if keep.sum() < A.shape[1] + 2:
            return None
        sw = np.sqrt(weights[keep])[:, None]
        coef, *_ = np.linalg.lstsq(A[keep] * sw, shifts[keep] * sw, rcond=None)
        res = np.linalg.norm(A @ coef - shifts, axis=1)
        new = res <= max(1.0, 3.0 * float(np.median(res[keep])))
        if np.array_equal(new, keep):
            break
        keep = new
    else:
        return None  # the dropped blocks did not settle
    return coef, keep


def field_at(coef: np.ndarray, order: int, xs: np.ndarray, ys: np.ndarray, size: tuple[int, int]) -> np.ndarray:
    w, h = size
    return _terms(xs / w * 2 - 1, ys / h * 2 - 1, order) @ coef


def align(moving: np.ndarray, template: np.ndarray, blocks: list[tuple[int, int, int, int]], prof,
          pad: int = 0) -> tuple[np.ndarray | None, Alignment]:
    """The shift field (h x w x 2, reference pixels) that moves the rectified photo onto the
    reference: pixel p of the aligned photo is pixel p + field(p) of the rectified photo.
    None when no field fits (see the module doc). `moving` is the rectified photo and
    `template` the reference's grey image made ready by `prepared`, both padded by `pad`
    pixels on every side (search_radius: the frame's outer pieces are searched then);
    `blocks` are reference_blocks, in unpadded reference pixels."""
    s = prof.cell
    radius = search_radius(prof)
    grey = to_grey(moving)
    padded = [(x0 + pad, y0 + pad, x1 + pad, y1 + pad) for x0, y0, x1, y1 in blocks]
    cen, sh, pk = block_shifts(prepared(grey, s), template, padded, radius)
    cen = cen - pad
    none = Alignment(len(cen), 0, 0.0, float(np.median(np.linalg.norm(sh, axis=1))) if len(cen) else 0.0)
    order = next((o for n, o in ORDERS if len(cen) >= n), 0)
    fit = None
    while order > 0 and fit is None:
        fit = fit_field(cen, sh, pk ** 2, prof.reference_size, order)
        order -= fit is None
    if fit is None:
        return None, none
    coef, keep = fit
    before = float(np.median(np.linalg.norm(sh[keep], axis=1)))
    residual = float(np.median(np.linalg.norm(field_at(coef, order, cen[keep, 0], cen[keep, 1],
                                                       prof.reference_size) - sh[keep], axis=1)))
    d = _dense_field(coef, order, prof.reference_size)
    move = np.linalg.norm(d, axis=-1) / s
    m = prof.margin_px
    grid_move = float(move[m:-m, m:-m].max())
    # a field that explains its blocks no better than leaving them, or that moves the grid
    # farther than any block was searched (or the frame, where it is extrapolated, twice as
    # far), fits something other than the board
    if residual >= before or grid_move > SEARCH or float(move.max()) > 2 * SEARCH:
        return None, none
    return d, Alignment(int(keep.sum()), order, grid_move, residual)


def _dense_field(coef: np.ndarray, order: int, size: tuple[int, int], step: int = 8) -> np.ndarray:
    """h x w x 2 shifts: the field is smooth, so it is evaluated on a coarse lattice placed
    where cv2.resize puts the source pixel centres, and interpolated to every pixel."""
    w, h = size
    nx, ny = -(-w // step), -(-h // step)
    gx, gy = np.meshgrid((np.arange(nx) + 0.5) * step - 0.5, (np.arange(ny) + 0.5) * step - 0.5)
    coarse = field_at(coef, order, gx.ravel(), gy.ravel(), size).reshape(ny, nx, 2).astype(np.float32)
    dense = cv2.resize(coarse, (nx * step, ny * step), interpolation=cv2.INTER_LINEAR)
    return np.ascontiguousarray(dense[:h, :w])
