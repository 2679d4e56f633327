"""Reading a grid's cells without a profile (`garden check --grid`): a cell is blank when it
looks like the board's blank cells, covered when it is textured (ink, art), coloured, or
lighter or darker than its row and column (a plain tile); the page is straightened first
(gridbend) and uneven light is not a tile."""

from __future__ import annotations

import warnings

import numpy as np

from assistant.vision import symbols
from assistant.vision.gridbend import paper_ratio, straightened
from assistant.vision.imageio import to_grey
from assistant.vision.lab import bgr_to_lab
from assistant.vision.rectified import cell_pixels


def _lab_means(cells_bgr: np.ndarray) -> np.ndarray:
    """rows x cols x k x 3 BGR pixels -> rows x cols x 3 mean Lab (L 0..100, a, b)."""
    mean_bgr = cells_bgr.astype(np.float32).mean(axis=2) / 255.0
    lab = bgr_to_lab(mean_bgr.reshape(1, -1, 3)).reshape(mean_bgr.shape)
    return lab


#: a row or column's lightness is measured when it has this many smooth (unmarked) cells
SHADE_LINE_CELLS = 3
#: a row or column continues the shading of the one nearer the edge when its offset has the
#: same sign and at least this share of that one's size
SHADE_RAMP = 0.1


def _edge_ramps(med: np.ndarray) -> np.ndarray:
    """The line offsets that are shading: runs of at least two lines entering from either end
    of the grid, fading inward (each line the same sign as the one outside it, no larger,
    and at least SHADE_RAMP of it). Light falls off towards a page's edge (a hand's or the
    phone's shadow, the lens) over more than one row; a row of tiles stands alone."""
    keep = np.zeros_like(med)
    for order in (range(len(med)), range(len(med) - 1, -1, -1)):
        idx = list(order)
        run = idx[:1]
        for outer, inner in zip(idx, idx[1:]):
            a, b = med[outer], med[inner]
            if a * b <= 0 or abs(b) > abs(a) or abs(b) < SHADE_RAMP * abs(a):
                break
            run.append(inner)
        if len(run) >= 2:
            keep[run] = med[run]
    return keep


def _line_shading(resid: np.ndarray, smooth: np.ndarray) -> np.ndarray:
    """Lightness residuals with the shading of whole rows, then whole columns, taken out: each
    line's median over its smooth cells, where those medians fade in from an edge of the grid
    (_edge_ramps). No smooth fit over the board follows a shadow at a page's edge, while a
    tile differs from its own row and column."""
    out = resid.copy()
    for axis in (1, 0):
        vals = np.where(smooth, out, np.nan)
        counts = smooth.sum(axis=axis)
        with warnings.catch_warnings():  # a line without smooth cells: its median is NaN, unused
            warnings.simplefilter("ignore", RuntimeWarning)
            med = np.nanmedian(vals, axis=axis)
        med = _edge_ramps(np.where(counts >= SHADE_LINE_CELLS, med, 0.0))
        out = out - (med[:, None] if axis == 1 else med[None, :])
    return out


def classify_blank(img: np.ndarray, corners: np.ndarray, rows: int, cols: int
                   ) -> tuple[list[list[str]], np.ndarray, dict]:
    """No profile: a cell is blank when it is as plain as the board's blank cells."""
    s = 32
    warp, bend = straightened(img, corners, rows, cols, s)
    norm = paper_ratio(to_grey(warp), s)
    inset = int(s * 0.2)
    cells_n = cell_pixels(norm, 0, rows, cols, s, inset)
    tex = cells_n.std(axis=-1)
    lab = _lab_means(cell_pixels(warp, 0, rows, cols, s, inset))
    # blank prototype: the plainest cells' colour (the least textured third)
    plain = tex < np.percentile(tex, 30) + 1e-6
    proto = np.median(lab[plain], axis=0)
    chroma = np.linalg.norm(lab[..., 1:] - proto[1:], axis=-1)
    # lightness against a smooth (planar) fit over the plain cells: uneven light is not a tile
    rr, cc = np.mgrid[0:rows, 0:cols]
    A = np.stack([np.ones(rows * cols), rr.ravel(), cc.ravel()], axis=1)
    logl = np.log(lab[..., 0] + 5).ravel()
    coef, *_ = np.linalg.lstsq(A[plain.ravel()], logl[plain.ravel()], rcond=None)
    resid = logl.reshape(rows, cols) - (A @ coef).reshape(rows, cols)
    t_tex = 0.065
    # per-photo: if the textures split cleanly in two, put the threshold in the gap
    st = np.sort(tex.ravel())
    gaps = np.diff(st)
    if len(st) > 4:
        i = int(np.argmax(gaps))
        lo, hi = st[i], st[i + 1]
        if hi > 1.8 * lo + 0.01 and 0.03 < (lo + hi) / 2 < 0.1:
            t_tex = float((lo + hi) / 2)
    lum = np.abs(_line_shading(resid, tex < t_tex))  # lines measured over every unmarked cell
    d = np.maximum.reduce([tex / t_tex * 0.5, chroma / 60.0, lum / 0.9])
    covered = d >= 0.5
    conf = np.clip(np.abs(d - 0.5) / 0.2, 0, 1)
    # no cell as plain as a blank one: a board printed with art in every cell (a garden bed) or
    # a grid filled in. Nothing says what its blank cells look like, so no cell is sure
    no_blank = bool(covered.all())
    if no_blank:
        conf = np.zeros_like(conf)
    cells = [[symbols.COVERED if covered[r, c] else symbols.EMPTY for c in range(cols)] for r in range(rows)]
    return cells, conf, {"tex": tex, "d": d, "t_tex": t_tex, "chroma": chroma, "lum": lum, "no_blank": no_blank,
                         **bend}
