"""Board outlines: convex four-sided shapes that may be a board's outer edge.

A board covered by pieces hides its grid lines and most of its art, but its outer
edge (frame against table) still shows. These quadrilaterals are only places to
look: the caller re-matches the reference inside each one and verifies it.
"""

from __future__ import annotations

import cv2
import numpy as np

from assistant.vision.geometry import is_convex_quad, order_clockwise_from_top, quad_area, same_place
from assistant.vision.lab import bgr_to_lab_u8

#: outlines are searched at this long side (pixels)
WORK_LONG_SIDE = 800
#: smallest outline, as a fraction of the photo's area (a board far away)
MIN_AREA = 0.004
#: a quadrilateral must cover this much of its contour's hull (else it is a blob)
MIN_FILL = 0.85


def _masks(small: np.ndarray, lab: np.ndarray) -> list[tuple[np.ndarray, int]]:
    """Binary images whose blobs or closed edges may trace a board's outline (`lab`: the
    smoothed Lab image, _smooth_lab), each with the contours to take from it (findContours'
    retrieval mode)."""
    grey = cv2.cvtColor(small, cv2.COLOR_BGR2GRAY)
    blur = cv2.GaussianBlur(grey, (5, 5), 0)
    out = []
    # edges of brightness and of colour (a board can differ from the table in hue only)
    edges = np.zeros_like(grey)
    for ch in cv2.split(lab):
        edges |= cv2.Canny(ch, 30, 90)
    kernel = np.ones((3, 3), np.uint8)
    out.append(cv2.dilate(edges, kernel))
    out.append(cv2.morphologyEx(edges, cv2.MORPH_CLOSE, np.ones((7, 7), np.uint8)))
    # a board standing out from its table as one blob, darker or lighter
    _, otsu = cv2.threshold(blur, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    out += [otsu, 255 - otsu]
    block = max(31, (max(small.shape[:2]) // 12) | 1)
    out.append(cv2.adaptiveThreshold(blur, 255, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY_INV, block, 5))
    out.append(cv2.adaptiveThreshold(blur, 255, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY, block, -5))
    # a board as one blob of its own hue: on a dark or busy table (wood grain, stripes)
    # brightness merges it with the table, its colour seldom does
    for ch in cv2.split(lab)[1:]:
        _, hue = cv2.threshold(ch, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
        out += [hue, 255 - hue]
    # on a patterned table (tiles, a check cloth) thin grout or stripe lines join the board's
    # blob to the table's: an opening a little wider than such lines cuts them. The blobs come
    # in both polarities, so the outer contours of each opened mask are enough (and cheaper)
    size = max(3, max(small.shape[:2]) // 110) | 1
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (size, size))
    opened = [cv2.morphologyEx(m, cv2.MORPH_OPEN, kernel) for m in out[2:]]
    return [(m, cv2.RETR_LIST) for m in out] + [(m, cv2.RETR_EXTERNAL) for m in opened]


def _quad_of(contour: np.ndarray, min_area: float) -> np.ndarray | None:
    """The contour's convex hull simplified to four corners, when it is nearly a quad."""
    hull = cv2.convexHull(contour)
    hull_area = cv2.contourArea(hull)
    if hull_area < min_area:
        return None
    peri = cv2.arcLength(hull, True)
    for eps in (0.01, 0.02, 0.035, 0.05):
        approx = cv2.approxPolyDP(hull, eps * peri, True)
        if len(approx) < 4:
            return None
        if len(approx) == 4:
            q = approx.reshape(4, 2).astype(np.float64)
            if not is_convex_quad(q) or quad_area(q) < MIN_FILL * hull_area:
                return None
            sides = np.linalg.norm(q - np.roll(q, -1, axis=0), axis=1)
            return q if sides.min() > 0.2 * sides.max() else None
    return None


def _smooth_lab(small: np.ndarray) -> np.ndarray:
    return bgr_to_lab_u8(cv2.GaussianBlur(small, (5, 5), 0))


class _Gradients:
    """Sobel derivatives of the smoothed Lab image, the strongest channel at each point,
    computed only at the points asked for (a few hundred per quad, not every pixel)."""

    #: the 3x3 Sobel kernels as (dy, dx, weight)
    KX = [(dy, dx, dx * (2 - abs(dy))) for dy in (-1, 0, 1) for dx in (-1, 1)]
    KY = [(dy, dx, dy * (2 - abs(dx))) for dy in (-1, 1) for dx in (-1, 0, 1)]

    def __init__(self, lab: np.ndarray) -> None:
        # reflected as cv2.Sobel reflects (BORDER_REFLECT_101)
        self.lab = cv2.copyMakeBorder(lab, 1, 1, 1, 1, cv2.BORDER_REFLECT_101).astype(np.float32)
        self.shape = lab.shape[:2]

    def at(self, x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """x and y derivatives at integer pixels (x, y), of the channel whose gradient is
        strongest there."""
        gx = sum(w * self.lab[y + 1 + dy, x + 1 + dx] for dy, dx, w in self.KX)
        gy = sum(w * self.lab[y + 1 + dy, x + 1 + dx] for dy, dx, w in self.KY)
        pick = np.argmax(gx * gx + gy * gy, axis=-1)[..., None]
        return np.take_along_axis(gx, pick, -1)[..., 0], np.take_along_axis(gy, pick, -1)[..., 0]


def edge_support(q: np.ndarray, grad: _Gradients) -> float:
    """How much of its weakest side a quad's outline follows a straight edge: the share
    of points along the side with a strong gradient across it (within 2 px). A board
    edge shows on all four sides; a quad closed by the photo's border or by clutter
    does not."""
    h, w = grad.shape
    t = np.linspace(0.08, 0.92, EDGE_SAMPLES)
    a = np.asarray(q, np.float64)
    d = np.roll(a, -1, axis=0) - a  # side i runs from corner i to corner i + 1
    n = np.stack([-d[:, 1], d[:, 0]], axis=1) / (np.linalg.norm(d, axis=1, keepdims=True) + 1e-9)
    off = np.arange(-2, 3, dtype=np.float64)
    # points: side x offset x sample x (x, y), all sides and offsets in one lookup
    p = (a[:, None, None, :] + t[None, None, :, None] * d[:, None, None, :]
         + off[None, :, None, None] * n[:, None, None, :])
    x = np.clip(np.rint(p[..., 0]).astype(int), 0, w - 1)
    y = np.clip(np.rint(p[..., 1]).astype(int), 0, h - 1)
    inside = (p[..., 0] >= 1) & (p[..., 0] <= w - 2) & (p[..., 1] >= 1) & (p[..., 1] <= h - 2)
    gx, gy = grad.at(x, y)
    across = np.abs(gx * n[:, None, None, 0] + gy * n[:, None, None, 1]) * inside
    return float(np.mean(across.max(axis=1) > EDGE_STRENGTH, axis=1).min())


#: points sampled along each side of a quad, and the gradient across it that counts as
#: an edge (Sobel of smoothed Lab channels, 0..255 scale). At 40 the outer edge of a board
#: in dim light or under a glare spot fell short of MIN_SUPPORT, or ranked below clutter
#: with brighter edges. At 30, rendered seeds 1-8 / 21-28 (800 photos each): 3 / 1 more
#: boards found, none at a wrong place; of the boards found before, one more cell read
#: wrong; 10 / 11 fewer photos left to the slow whole-photo art search (22: the same)
EDGE_SAMPLES = 40
EDGE_STRENGTH = 30.0
#: a quad needs this share of its weakest side on an edge to be an outline (a contour
#: quad is only roughly on the edge, so this only drops quads closed by the photo's
#: border or by nothing)
MIN_SUPPORT = 0.2
#: a quad with this share of its weakest side on an edge (an edge along every side)
#: outranks larger ones with less; rendered photos (seeds 2, 3): a guess within 0.4 cell
#: among the 3 first in 4 more photos of 200 than largest first with 0.4, 4 fewer with 0.6
STRONG_SUPPORT = 0.4
#: the ranking looks at this many times the quads asked for, largest first
RANKED_POOL = 3


def _candidates(small: np.ndarray, lab: np.ndarray) -> list[np.ndarray]:
    """Every nearly four-sided contour of the masks, as a clockwise quad, largest first."""
    sh, sw = small.shape[:2]
    min_area = MIN_AREA * sh * sw
    quads = []
    for mask, mode in _masks(small, lab):
        contours, _ = cv2.findContours(mask, mode, cv2.CHAIN_APPROX_SIMPLE)
        for c in contours:
            if len(c) < 4 or cv2.contourArea(c) < 0.3 * min_area:
                continue
            q = _quad_of(c, min_area)
            if q is not None and quad_area(q) < 0.9 * sh * sw:
                quads.append(order_clockwise_from_top(q))
    quads.sort(key=quad_area, reverse=True)
    return quads


def _ranked(quads: list[np.ndarray], grad: _Gradients, max_count: int) -> list[np.ndarray]:
    """The largest distinct quads with edge support (near-duplicates merged), those on an
    edge along every side first: a larger quad closed by a shadow or by clutter follows
    no edge on that side, the board's outer edge shows on all four."""
    kept: list[tuple[np.ndarray, float]] = []
    for q in quads:  # the support is measured only for quads that may be kept
        if len(kept) >= RANKED_POOL * max_count:
            break
        tol = 0.03 * np.sqrt(quad_area(q))
        if not any(same_place(q, o, tol) for o, _ in kept):
            support = round(edge_support(q, grad), 1)
            if support >= MIN_SUPPORT:
                kept.append((q, support))
    kept.sort(key=lambda k: k[1] < STRONG_SUPPORT)  # stable: largest first within each
    return [q for q, _ in kept[:max_count]]


def outline_quads(image: np.ndarray, max_count: int = 8, long_side: int = WORK_LONG_SIDE) -> list[np.ndarray]:
    """Candidate board outlines in `image` pixels (clockwise from the top edge), near-
    duplicates merged: the largest (a board is the largest thing on most tables) whose
    sides all follow an edge first, then the largest others; searched at `long_side`
    pixels (smaller: faster, coarser)."""
    h, w = image.shape[:2]
    s = min(1.0, long_side / max(h, w))
    small = cv2.resize(image, None, fx=s, fy=s, interpolation=cv2.INTER_AREA) if s < 1 else image
    if small.ndim == 2:
        small = cv2.cvtColor(small, cv2.COLOR_GRAY2BGR)
    lab = _smooth_lab(small)
    return [q / s for q in _ranked(_candidates(small, lab), _Gradients(lab), max_count)]
