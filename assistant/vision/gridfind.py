"""Finding an R x C cell grid in a photo without any profile.

1. Candidate quadrilaterals: outlines of large convex shapes in a few
   binarisations (dark ink, edges), plus the whole photo.
2. Each candidate is rectified and a regular lattice of (C+1) x (R+1) lines is
   fitted to the edge profiles inside it; this finds the cell grid even when
   the candidate is the board's frame rather than the grid itself.
3. Every grid is scored by how strongly all of its lines show up; the caller
   refuses weak grids.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from assistant.vision.geometry import is_convex_quad, order_clockwise_from_top, project, quad_area
from assistant.vision.imageio import to_grey

WORK_LONG_SIDE = 720


@dataclass
class GridCandidate:
    corners: np.ndarray  # 4x2 in the image given to find_grids, clockwise from top edge
    score: float  # weakest-line strength (>= ~1.8 is a convincing grid)
    mean_score: float
    source: str


def _quads_from_mask(mask: np.ndarray, min_area: float) -> list[np.ndarray]:
    contours, _ = cv2.findContours(mask, cv2.RETR_LIST, cv2.CHAIN_APPROX_SIMPLE)
    quads = []
    for c in contours:
        if cv2.contourArea(c) < min_area:
            continue
        hull = cv2.convexHull(c)
        if cv2.contourArea(hull) < min_area:
            continue
        peri = cv2.arcLength(hull, True)
        for eps in (0.02, 0.04, 0.06):
            approx = cv2.approxPolyDP(hull, eps * peri, True)
            if len(approx) == 4:
                q = approx.reshape(4, 2).astype(np.float64)
                if is_convex_quad(q):
                    quads.append(q)
                break
            if len(approx) < 4:
                break
        else:
            continue
    return quads


def _dedupe(quads: list[np.ndarray], tol: float) -> list[np.ndarray]:
    out: list[np.ndarray] = []
    for q in quads:
        q = order_clockwise_from_top(q)
        if all(np.max(np.linalg.norm(q - o, axis=1)) > tol for o in out):
            out.append(q)
    return out


def candidate_quads(grey: np.ndarray, max_count: int = 12) -> list[np.ndarray]:
    h, w = grey.shape
    min_area = 0.04 * h * w
    quads: list[np.ndarray] = []
    block = max(11, (max(h, w) // 25) | 1)
    blur = cv2.GaussianBlur(grey, (5, 5), 0)
    dark = cv2.adaptiveThreshold(blur, 255, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY_INV, block, 7)
    quads += _quads_from_mask(dark, min_area)
    dark2 = cv2.dilate(dark, np.ones((3, 3), np.uint8))
    quads += _quads_from_mask(dark2, min_area)
    edges = cv2.Canny(blur, 40, 120)
    edges = cv2.dilate(edges, np.ones((3, 3), np.uint8))
    quads += _quads_from_mask(edges, min_area)
    light = cv2.adaptiveThreshold(blur, 255, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY, block, -7)
    quads += _quads_from_mask(light, min_area)
    # Otsu split catches a board standing out from its background as one blob.
    _, otsu = cv2.threshold(blur, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    quads += _quads_from_mask(otsu, min_area)
    quads += _quads_from_mask(255 - otsu, min_area)
    quads.sort(key=quad_area, reverse=True)
    quads = _dedupe(quads, tol=0.02 * max(h, w))
    inset = 0.01 * min(h, w)
    quads.append(np.array([[inset, inset], [w - inset, inset], [w - inset, h - inset], [inset, h - inset]]))
    return quads[:max_count]


def _edge_profiles(warp: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    g = warp.astype(np.float32)
    gx = np.abs(cv2.Sobel(g, cv2.CV_32F, 1, 0, ksize=3))
    gy = np.abs(cv2.Sobel(g, cv2.CV_32F, 0, 1, ksize=3))
    # Lines span the whole grid: a median across the other axis ignores art and digits.
    col = np.median(gx, axis=0)
    row = np.median(gy, axis=1)
    col = col + 0.5 * gx.mean(axis=0)
    row = row + 0.5 * gy.mean(axis=1)
    return col, row


def _fit_lattice(profile: np.ndarray, n: int, min_frac: float) -> tuple[float, float, float, float]:
    """Best n-cell regular lattice (n+1 lines) in a 1-D edge profile.

    Returns (start, step, weakest-line strength, mean strength), strengths relative
    to the profile's median."""
    L = len(profile)
    p = np.convolve(profile, np.ones(3) / 3, mode="same")
    base = float(np.median(p)) + 1e-3
    # local max over +-1 px tolerates small bends
    pm = np.maximum(np.maximum(p, np.roll(p, 1)), np.roll(p, -1))
    best = (0.0, L / n, 0.0, 0.0)
    best_val = -1.0
    max_step = (L - 1) / n
    steps = np.linspace(max_step * min_frac, max_step, 60)
    idx = np.arange(n + 1)
    for step in steps:
        span = step * n
        starts = np.arange(0, L - 1 - span + 1e-9, 1.0)
        if len(starts) == 0:
            continue
        pos = np.rint(starts[:, None] + idx[None, :] * step).astype(int)
        pos = np.clip(pos, 0, L - 1)
        vals = pm[pos] / base
        # reward the weakest lines most: a grid needs all of them
        srt = np.sort(vals, axis=1)
        val = srt[:, : max(2, (n + 1) // 3)].mean(axis=1) + 0.25 * vals.mean(axis=1)
        i = int(np.argmax(val))
        if val[i] > best_val:
            best_val = float(val[i])
            best = (float(starts[i]), float(step), float(srt[i, 0]), float(vals[i].mean()))
    return best


def fit_grid_in_quad(grey: np.ndarray, quad: np.ndarray, rows: int, cols: int,
                     cell_px: int = 28, min_frac: float = 0.5) -> GridCandidate | None:
    """Fits the R x C lattice inside `quad` (ordered clockwise). Tries both ways
    round when R != C; returns grid corners in image coordinates."""
    best: GridCandidate | None = None
    options = [(rows, cols)] if rows == cols else [(rows, cols), (cols, rows)]
    for r, c in options:
        e1 = np.linalg.norm(quad[1] - quad[0]) + np.linalg.norm(quad[2] - quad[3])
        e2 = np.linalg.norm(quad[3] - quad[0]) + np.linalg.norm(quad[2] - quad[1])
        aspect = e1 / max(e2, 1e-6)
        # size of the rectified candidate: enough pixels per expected cell
        W = int(cell_px * c / min_frac * 0.8)
        H = int(round(W / max(aspect, 0.2)))
        H = int(np.clip(H, cell_px * r * 0.6, cell_px * r / min_frac * 1.6))
        dst = np.array([[0, 0], [W - 1, 0], [W - 1, H - 1], [0, H - 1]], np.float32)
        M = cv2.getPerspectiveTransform(quad.astype(np.float32), dst)
        warp = cv2.warpPerspective(grey, M, (W, H), flags=cv2.INTER_LINEAR)
        colp, rowp = _edge_profiles(warp)
        x0, dx, wx, mx = _fit_lattice(colp, c, min_frac)
        y0, dy, wy, my = _fit_lattice(rowp, r, min_frac)
        # cells should be roughly square-ish in the rectified board (allow 1:2.5)
        ratio = dx / max(dy, 1e-6)
        if ratio > 2.5 or ratio < 0.4:
            continue
        score = min(wx, wy)
        rect = np.array([[x0, y0], [x0 + dx * c, y0], [x0 + dx * c, y0 + dy * r], [x0, y0 + dy * r]])
        corners = project(np.linalg.inv(M), rect)
        cand = GridCandidate(corners, score, (mx + my) / 2, "quad")
        if best is None or cand.score > best.score:
            best = cand
    return best


def refine_grid(grey: np.ndarray, corners: np.ndarray, rows: int, cols: int) -> GridCandidate | None:
    """Second pass: a slightly larger window around a found grid, finer lattice."""
    c = np.asarray(corners, np.float64)
    centre = c.mean(axis=0)
    grown = centre + (c - centre) * (1 + 1.0 / max(rows, cols))
    h, w = grey.shape
    grown[:, 0] = np.clip(grown[:, 0], 0, w - 1)
    grown[:, 1] = np.clip(grown[:, 1], 0, h - 1)
    if not is_convex_quad(grown):
        return None
    return fit_grid_in_quad(grey, grown, rows, cols, cell_px=48, min_frac=0.75)


#: no-profile mode: the weakest grid line must stand out by this factor (the reader refuses
#: weaker grids; block extensions are tried only when no outline holds one this strong) ...
GRID_SCORE = 1.6
#: ... and a fit weaker than this is not kept as a candidate at all
CANDIDATE_SCORE = 1.2
#: a block of cells (a sudoku's 3x3 box) fits its own lattice at least this well to be extended
BLOCK_SCORE = 1.8
#: outlines looked at for blocks (a block is small: more outlines than for the whole grid)
BLOCK_QUADS = 24


def _block_extensions(small: np.ndarray, rows: int, cols: int) -> list[np.ndarray]:
    """Whole-grid guesses from blocks, for a grid split into 3 x 3 blocks as a sudoku into its
    boxes: an outline holding a (rows/3 x cols/3) lattice, as a box's outline does, gives the
    grid at each of the nine places the block may take. The grid's own outline may not be
    found at all when it runs into other print (a crossword beside it); its boxes' are."""
    k = 3
    if rows % k or cols % k or min(rows, cols) == k:
        return []
    out = []
    for q in candidate_quads(small, BLOCK_QUADS):
        block = fit_grid_in_quad(small, q, rows // k, cols // k, min_frac=0.8)
        if block is None or block.score < BLOCK_SCORE:
            continue
        to_photo = cv2.getPerspectiveTransform(np.float32([[0, 0], [1, 0], [1, 1], [0, 1]]),
                                               order_clockwise_from_top(block.corners).astype(np.float32))
        for bi in range(k):
            for bj in range(k):
                unit = np.array([[-bj, -bi], [k - bj, -bi], [k - bj, k - bi], [-bj, k - bi]], np.float64)
                out.append(project(to_photo, unit))
    return out


def find_grids(image: np.ndarray, rows: int, cols: int, max_results: int = 5) -> list[GridCandidate]:
    """Grids of R x C cells found in a BGR or grey image, best first (block extensions
    are tried only when no candidate outline holds a convincing grid)."""
    grey = to_grey(image)
    h, w = grey.shape
    s = WORK_LONG_SIDE / max(h, w)
    small = cv2.resize(grey, (round(w * s), round(h * s)), interpolation=cv2.INTER_AREA) if s < 1 else grey
    s = min(s, 1.0)
    found = _grids_in(grey, small, s, candidate_quads(small), rows, cols)
    if not found or max(g.score for g in found) < GRID_SCORE:
        sh, sw = small.shape
        inside = [q for q in _block_extensions(small, rows, cols)
                  if q[:, 0].min() >= -0.02 * sw and q[:, 1].min() >= -0.02 * sh
                  and q[:, 0].max() <= 1.02 * sw and q[:, 1].max() <= 1.02 * sh]
        for q in inside:  # a good guess of the grid itself: fitted at full size straight away
            cand = refine_grid(grey, q / s, rows, cols)
            if cand is not None and cand.score >= CANDIDATE_SCORE:
                cand.corners = order_clockwise_from_top(cand.corners)
                cand.source = "block"
                found.append(cand)
    found.sort(key=lambda g: g.score, reverse=True)
    out: list[GridCandidate] = []
    for g in found:
        if all(np.max(np.linalg.norm(g.corners - o.corners, axis=1)) > 0.03 * max(h, w) for o in out):
            out.append(g)
    return out[:max_results]


def _grids_in(grey: np.ndarray, small: np.ndarray, s: float, quads: list[np.ndarray], rows: int, cols: int
              ) -> list[GridCandidate]:
    """The lattice fitted in each quad (of `small`, the photo scaled by s), refined at full size."""
    found: list[GridCandidate] = []
    for q in quads:
        cand = fit_grid_in_quad(small, q, rows, cols)
        if cand is None or cand.score < CANDIDATE_SCORE:
            continue
        ref = refine_grid(grey, cand.corners / s, rows, cols)
        if ref is not None and ref.score >= cand.score * 0.9:
            ref.corners = ref.corners * s
            cand = ref
        cand.corners = order_clockwise_from_top(cand.corners) / s
        found.append(cand)
    return found


#: a side's strip one cell beyond the grid shows the grid going on when the grid's lines
#: run through it at least this strong (share of their strength inside the grid) ...
BEYOND_SHARE = 0.6
#: ... and this many times stronger than the strip between them (text, art and a page's
#: texture are as strong there as on the lines' continuations)
BEYOND_CONTRAST = 2.0
#: pixels a cell in the view that checks it
BEYOND_CELL = 32


def continues_beyond(image: np.ndarray, corners: np.ndarray, rows: int, cols: int) -> list[str]:
    """The sides (top, bottom, left, right of the grid as its corners order it) past which its
    lines go on: in the strip one cell beyond the side, the grid's lines continue about as
    strong as inside, and much stronger than between them. Asked for 6x6 on a 9x9 sudoku,
    the finder fits six of its columns, and the reading would be silently wrong. (Measured
    on the sudoku photos: none of the 160 true 9x9 grids goes on; all 12 grids of a wrong
    size asked of them do; the thresholds lie inside a plateau: 0.6 to 0.7 and 1.5 to 3
    separate the two alike.)"""
    c = BEYOND_CELL
    m = 2 * c
    W, H = cols * c + 2 * m, rows * c + 2 * m
    dst = np.float32([[m, m], [m + cols * c, m], [m + cols * c, m + rows * c], [m, m + rows * c]])
    M = cv2.getPerspectiveTransform(np.asarray(corners, np.float32), dst)
    grey = to_grey(image)
    view = cv2.warpPerspective(grey, M, (W, H)).astype(np.float32)
    seen = cv2.warpPerspective(np.full(grey.shape[:2], 255, np.uint8), M, (W, H)) > 0
    # across-line gradients, the best within +-2 px of each place (a line is not exactly there)
    gx = cv2.dilate(np.abs(cv2.Sobel(view, cv2.CV_32F, 1, 0, ksize=3)), np.ones((1, 5), np.uint8))
    gy = cv2.dilate(np.abs(cv2.Sobel(view, cv2.CV_32F, 0, 1, ksize=3)), np.ones((5, 1), np.uint8))
    inner = 4  # the strip stops short of the border line and of the next line out

    def goes_on(grad: np.ndarray, strip: slice, n: int, length: int, shown: bool) -> bool:
        """grad's lines run down axis 0 (the grid spans `length` cells that way) at m + k*c
        along axis 1, k = 1..n-1."""
        if not shown:  # beyond the photo's edge
            return False
        at = [m + k * c for k in range(1, n)]
        between = [m + k * c + c // 2 for k in range(n)]
        on_lines = np.median(grad[strip][:, at], axis=0)
        inside = np.median(grad[m : m + length * c][:, at], axis=0)
        share = float(np.median(on_lines / (inside + 1e-3)))
        contrast = float(np.median(on_lines) / (np.median(np.median(grad[strip][:, between], axis=0)) + 1e-3))
        return share >= BEYOND_SHARE and contrast >= BEYOND_CONTRAST

    before = slice(m - c + inner, m - inner)  # above the top, left of the left side
    bottom = slice(m + rows * c + inner, m + (rows + 1) * c - inner)
    right = slice(m + cols * c + inner, m + (cols + 1) * c - inner)
    sides = {
        "top": goes_on(gx, before, cols, rows, seen[m - c : m, m : m + cols * c].all()),
        "bottom": goes_on(gx, bottom, cols, rows, seen[m + rows * c : m + (rows + 1) * c, m : m + cols * c].all()),
        "left": goes_on(gy.T, before, rows, cols, seen[m : m + rows * c, m - c : m].all()),
        "right": goes_on(gy.T, right, rows, cols, seen[m : m + rows * c, m + cols * c : m + (cols + 1) * c].all()),
    }
    return [side for side, on in sides.items() if on]
