"""What every fit on a rectified photo shares: the photo warped onto a board profile's
reference, views of its cells and frame, the two high-pass filters (a Gaussian's, and the
cheap stack blur's for large images), normalized cross-correlation, one ECC step of the grid.

The lowest of the reader's modules: it imports none of them but geometry, imageio and profile,
so that cells, framefit, finewarp, outlinefit and reader can each use these without a cycle.
"""

from __future__ import annotations

import cv2
import numpy as np

from assistant.vision.geometry import project
from assistant.vision.profile import BoardProfile


def cell_view(a: np.ndarray, m: int, rows: int, cols: int, s: int) -> np.ndarray:
    """rows x cols x s x s (x k) view of the grid part of a reference-sized image."""
    g = a[m : m + rows * s, m : m + cols * s]
    return g.reshape(rows, s, cols, s, *a.shape[2:]).swapaxes(1, 2)


def cell_pixels(a: np.ndarray, m: int, rows: int, cols: int, s: int, inset: int) -> np.ndarray:
    """rows x cols x k (x channels) array of each cell's pixels, inset on every side."""
    b = cell_view(a, m, rows, cols, s)[:, :, inset : s - inset, inset : s - inset]
    return b.reshape(rows, cols, -1, *a.shape[2:])


def norm_xcorr(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    a = a - a.mean(axis=-1, keepdims=True)
    b = b - b.mean(axis=-1, keepdims=True)
    num = (a * b).sum(axis=-1)
    den = np.sqrt((a * a).sum(axis=-1) * (b * b).sum(axis=-1)) + 1e-6
    return num / den


def frame_boxes(prof: BoardProfile, valid: np.ndarray) -> list[tuple[slice, slice]]:
    """Cell-long blocks of the frame margin that the reference fully shows (tiles never cover
    the frame: it shows the board's sharpness however full the board is)."""
    s, m = prof.cell, prof.margin_px
    W, H = prof.reference_size
    boxes = []
    for c in range(prof.cols):
        x0 = m + c * s
        boxes += [(x0, 0, x0 + s, m), (x0, H - m, x0 + s, H)]
    for r in range(prof.rows):
        y0 = m + r * s
        boxes += [(0, y0, m, y0 + s), (W - m, y0, W, y0 + s)]
    return [(slice(y0, y1), slice(x0, x1)) for x0, y0, x1, y1 in boxes
            if x1 - x0 >= 3 and y1 - y0 >= 3 and valid[y0:y1, x0:x1].all()]


def neighbours(v: np.ndarray, fill: float) -> np.ndarray:
    """rows x cols -> rows x cols x 4: the value of the neighbour above, right, below, left."""
    R, C = v.shape
    out = np.full((R, C, 4), fill, np.float32)
    out[1:, :, 0] = v[:-1]
    out[:, :-1, 1] = v[:, 1:]
    out[:-1, :, 2] = v[1:]
    out[:, 1:, 3] = v[:, :-1]
    return out


def stack_highpass(g: np.ndarray, sigma: float) -> np.ndarray:
    """g minus its local mean (stack blur, about a Gaussian of this sigma, cheap at any size)."""
    k = 2 * int(round(sigma * 1.2)) + 1
    return g - cv2.stackBlur(g, (k, k))


def gaussian_highpass(g: np.ndarray, sigma: float) -> np.ndarray:
    """g minus its Gaussian-blurred local mean."""
    g = g.astype(np.float32)
    return g - cv2.GaussianBlur(g, (0, 0), sigma)


def ring_mask(prof: BoardProfile, scale: float) -> np.ndarray:
    w, h = prof.reference_size
    w, h = int(round(w * scale)), int(round(h * scale))
    m = int(round(prof.margin_px * scale))
    mask = np.ones((h, w), bool)
    mask[m : h - m, m : w - m] = False
    return mask


def warp_to_ref(img: np.ndarray, corners: np.ndarray, prof: BoardProfile, scale: float
                 ) -> tuple[np.ndarray, np.ndarray]:
    rect = prof.grid_rect() * scale
    H = cv2.getPerspectiveTransform(np.asarray(corners, np.float32), rect.astype(np.float32))
    w, h = prof.reference_size
    size = (int(round(w * scale)), int(round(h * scale)))
    return cv2.warpPerspective(img, H, size, flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE), H


def ecc_grid_step(template: np.ndarray, moving: np.ndarray, mask: np.ndarray, Hs: np.ndarray,
                  rect: np.ndarray, iterations: int, max_move: float, gauss: int) -> np.ndarray | None:
    """One ECC alignment (homography motion) of a rectified photo `moving` (made from the
    photo by Hs) with its `template` over `mask`: the grid corners `rect` of the template
    moved back into photo pixels, or None when ECC fails or moves a corner more than
    `max_move` template pixels (it wandered off to something else)."""
    W = np.eye(3, dtype=np.float32)
    try:
        _, W = cv2.findTransformECC(template.astype(np.float32), moving.astype(np.float32), W,
                                    cv2.MOTION_HOMOGRAPHY,
                                    (cv2.TERM_CRITERIA_EPS | cv2.TERM_CRITERIA_COUNT, iterations, 1e-4),
                                    mask.astype(np.uint8) * 255, gauss)
    except cv2.error:
        return None
    moved = project(W, rect)
    if not np.all(np.isfinite(moved)) or np.max(np.linalg.norm(moved - rect, axis=1)) > max_move:
        return None
    return project(np.linalg.inv(Hs), moved)
