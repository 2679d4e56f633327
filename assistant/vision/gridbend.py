"""Straightening a bent page for the no-profile reading (`garden check --grid`).

A grid printed on paper is rarely flat: a newspaper page curls, and one homography
through the grid's corners then leaves cells up to a third of a cell off (image1087.jpg
of the sudoku photos), where a cell's window takes in a grid line and reads as marked. The grid lines themselves
say where they are: each line segment between two crossings is looked for a little
to either side of where the homography puts it, a smooth displacement (a cubic in
the grid's coordinates) is fitted through those offsets, and the page is sampled
again through it. A few rounds follow a curl larger than one search reaches.
"""

from __future__ import annotations

import cv2
import numpy as np

from assistant.vision.imageio import to_grey

#: the view around the grid, in cells (outer lines are looked for on both sides)
MARGIN = 0.5
#: how far to either side of its expected place a line segment is looked for (cells)
SEARCH = 0.35
#: a segment counts when its darkest offset is this much darker than the segment's median
MIN_CONTRAST = 0.04
#: pixels either side of a segment's darkest column that make its centre
PEAK_HALF = 2
#: fit rounds, and the smallest correction (pixels) worth another round
ROUNDS = 4
SETTLED = 0.3
#: a displacement is fitted when at least this many segments were found on each axis, a
#: cubic one from CUBIC_SEGMENTS
MIN_SEGMENTS = 12
CUBIC_SEGMENTS = 30
#: samples this far off the fit (cells) are dropped before the fit is redone
OUTLIER = 0.12


def _terms(u: np.ndarray, v: np.ndarray, degree: int) -> np.ndarray:
    """Monomials u^i v^j, i + j <= degree, as columns."""
    return np.stack([u ** i * v ** j for i in range(degree + 1) for j in range(degree + 1 - i)], axis=-1)


def _fit(points: np.ndarray, offsets: np.ndarray, weights: np.ndarray, size: tuple[int, int], cell: int
         ) -> tuple[int, np.ndarray] | None:
    """Weighted least-squares displacement through the offsets, refitted once without the
    samples far off it: (degree, coefficients over normalised coordinates), a cubic where
    the samples cover the grid, a plane where they are few; None when too few."""
    keep = np.ones(len(offsets), bool)
    fit = None
    for _ in range(2):
        n = int(keep.sum())
        if n < MIN_SEGMENTS:
            return None
        degree = 3 if n >= CUBIC_SEGMENTS else 1
        A = _terms(points[:, 0] / size[0], points[:, 1] / size[1], degree)
        w = np.sqrt(weights[keep])[:, None]
        coef, *_ = np.linalg.lstsq(A[keep] * w, offsets[keep] * w[:, 0], rcond=None)
        fit = (degree, coef)
        keep = np.abs(A @ coef - offsets) <= OUTLIER * cell
    return fit


def paper_ratio(grey: np.ndarray, s: int) -> np.ndarray:
    """Each pixel over the paper around it (a closing removes lines and ink narrower than
    half a cell of s pixels; the blur spreads it): 1 on paper, less on ink, whatever the light."""
    g = grey.astype(np.float32)
    paper = cv2.morphologyEx(g, cv2.MORPH_CLOSE, np.ones((s // 2, s // 2), np.uint8))
    return g / (cv2.GaussianBlur(paper, (0, 0), s / 3) + 1.0)


def _darkness(view: np.ndarray, s: int) -> np.ndarray:
    """0..1, how much darker than the paper around it each pixel is (lines, ink)."""
    return np.clip(1.0 - paper_ratio(to_grey(view), s), 0.0, 1.0)


def _segments(dark: np.ndarray, lines: int, segments: int, s: int, m: int
              ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Offsets of the vertical lines' segments in `dark` (rows of the view): for line k and
    segment j, the darkest column within SEARCH cells of x = m + k*s over the segment's
    middle half. Returns the points (x, y) in grid pixels, offsets and weights."""
    r = int(round(SEARCH * s))
    q = s // 4
    pts, offs, wts = [], [], []
    for k in range(lines):
        x0 = m + k * s
        for j in range(segments):
            y0 = m + j * s
            prof = dark[y0 + q : y0 + s - q, x0 - r : x0 + r + 1].mean(axis=0)
            i = int(np.argmax(prof))
            contrast = float(prof[i] - np.median(prof))
            if contrast < MIN_CONTRAST or i in (0, 2 * r):  # no line, or still climbing at the edge
                continue
            # the centre of the dark run around the peak (a bold line is several pixels wide)
            lo, hi = max(0, i - PEAK_HALF), min(2 * r, i + PEAK_HALF) + 1
            w = np.clip(prof[lo:hi] - np.median(prof), 0.0, None)
            pts.append((k * s, (j + 0.5) * s))
            offs.append(float((np.arange(lo, hi) * w).sum() / w.sum()) - r)
            wts.append(contrast)
    return np.array(pts, np.float64).reshape(-1, 2), np.array(offs, np.float64), np.array(wts, np.float64)


def _on_lines(dark: np.ndarray, rows: int, cols: int, s: int, m: int) -> float:
    """Mean darkness over the bands (3 pixels wide) where the grid lines should lie."""
    band = np.zeros(dark.shape, bool)
    for k in range(cols + 1):
        band[m : m + rows * s, m + k * s - 1 : m + k * s + 2] = True
    for k in range(rows + 1):
        band[m + k * s - 1 : m + k * s + 2, m : m + cols * s] = True
    return float(dark[band].mean())


def straightened(img: np.ndarray, corners: np.ndarray, rows: int, cols: int, s: int
                 ) -> tuple[np.ndarray, dict]:
    """The grid rectified at s pixels a cell (cols*s x rows*s), following bent lines when
    that puts more of them where they belong than the flat rectification does; details:
    the largest displacement applied (pixels, 0 when flat) and the rounds run."""
    m = int(round(MARGIN * s))
    W, H = cols * s + 2 * m, rows * s + 2 * m
    dst = np.float32([[m, m], [m + cols * s, m], [m + cols * s, m + rows * s], [m, m + rows * s]])
    back = np.linalg.inv(cv2.getPerspectiveTransform(np.asarray(corners, np.float32), dst))
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    terms = {d: _terms((xx - m) / (cols * s), (yy - m) / (rows * s), d) for d in (1, 3)}
    fx = np.zeros_like(xx)
    fy = np.zeros_like(yy)

    def view() -> np.ndarray:
        px, py = xx + fx, yy + fy
        den = back[2, 0] * px + back[2, 1] * py + back[2, 2]
        mx = (back[0, 0] * px + back[0, 1] * py + back[0, 2]) / den
        my = (back[1, 0] * px + back[1, 1] * py + back[1, 2]) / den
        return cv2.remap(img, mx.astype(np.float32), my.astype(np.float32), cv2.INTER_LINEAR,
                         borderMode=cv2.BORDER_REPLICATE)

    current = view()
    dark = _darkness(current, s)
    best = (_on_lines(dark, rows, cols, s, m), current, 0.0)
    rounds = 0
    while rounds < ROUNDS:
        rounds += 1
        vp, vo, vw = _segments(dark, cols + 1, rows, s, m)
        hp, ho, hw = _segments(dark.T, rows + 1, cols, s, m)
        cx = _fit(vp, vo, vw, (cols * s, rows * s), s)
        cy = _fit(hp[:, ::-1], ho, hw, (cols * s, rows * s), s)
        if cx is None or cy is None:
            break
        dx = terms[cx[0]] @ cx[1].astype(np.float32)
        dy = terms[cy[0]] @ cy[1].astype(np.float32)
        fx += dx
        fy += dy
        current = view()
        dark = _darkness(current, s)
        score = _on_lines(dark, rows, cols, s, m)
        if score > best[0]:
            best = (score, current, float(np.hypot(fx, fy)[m:-m, m:-m].max()))
        if max(np.abs(dx[m:-m, m:-m]).max(), np.abs(dy[m:-m, m:-m]).max()) < SETTLED:
            break
    return best[1][m : m + rows * s, m : m + cols * s], {"bend_px": best[2], "bend_rounds": rounds}
