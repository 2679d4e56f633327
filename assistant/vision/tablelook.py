"""What differs from a table's own look, pixel by pixel, in a photo rectified onto the table's
plane (tilescan's canvas): the table's few colours, learnt where nothing lies on it, each pixel
taken against the table's own look around it (a lamp's pool, a window's side, a sheen). Tiles are
what differs (in colour, or much in lightness); a shadow only darkens."""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from assistant.errors import GardenError
from assistant.vision.lab import bgr_to_lab_u8

#: a pixel differs from the table beyond this many times the spread of the nearest of the table's
#: colours (lightness counts TABLE_L of a colour channel: a tile's own shadow on the table is a
#: change of lightness, not of colour)
TABLE_SPREAD = 1.6
TABLE_L = 0.4
SHADOW_L = 0.35  # darker than the table counts this much again: a tile's shadow only darkens it
LIGHT_REACH = 1.5  # cells: a pixel is taken against the table's own look this far around it
OFF_CENTRE = 0.35  # ... carried along their slope when the table seen lies this far (of that) to one side
BLOCK_TABLE = 0.8  # ... in the blocks (half a cell a side) at least this much table
TABLE_COLOURS = 4  # a cloth's checks, a wood's grain: the table's few colours


@dataclass
class Unlike:
    """What differs from the table, each pixel: at all (the foreground), in colour or much in
    lightness, and in colour alone."""
    fg: np.ndarray
    strong: np.ndarray
    colour: np.ndarray


def foreground(img: np.ndarray, inside: np.ndarray, board: np.ndarray, far: np.ndarray, cell: int) -> Unlike:
    """What differs from the table. The table's looks are learnt where tiles are not laid (`far`:
    beyond where tiles are looked for, else all the canvas but the board): a few colours (a cloth's
    checks, a wood's grain), each with its spread; a pixel far from every one of them is not table.
    The light falls unevenly over a table (a lamp's pool, a window's side): each pixel is taken
    against the table's own look around it (_evened_light), learnt again without what a first pass
    found to differ in colour or much in lightness (a window's sheen on a polished table, a lamp's
    pool brighter than the trend there, is the table's own look: left in, it is learnt)."""
    lab = bgr_to_lab_u8(cv2.GaussianBlur(img, (0, 0), 1.2))  # bytes
    table = inside & far
    if table.sum() < 2000:
        table = inside & ~board
    if table.sum() < 500:
        raise GardenError("the photo shows too little of the table around the board to find tiles on it")
    seen = inside & ~board
    planes = [p.astype(np.float32) for p in cv2.split(lab)]  # each contiguous: sums run over whole planes
    first = _unlike_table(_evened_light(lab, planes, seen, cell), table, inside)
    seen &= ~cv2.dilate(first.strong.astype(np.uint8), np.ones((9, 9), np.uint8)).astype(bool)
    if (table & seen).sum() < 500:
        return first
    return _unlike_table(_evened_light(lab, planes, seen, cell), table & seen, inside)


def _evened_light(lab: np.ndarray, planes: list[np.ndarray], table: np.ndarray, cell: int) -> list[np.ndarray]:
    """Lab (as bytes, and its planes as floats) taken against the table's own look around each pixel (_table_around):
    lightness as a ratio to it (light and shade multiply), colour as the difference from it (a
    lamp's warm pool, a window's cool side); lightness weighted TABLE_L. Returns the planes."""
    (light_around, *hue_around), mean = _table_around(lab, planes, table, cell)
    light, *hue = planes
    light = light * (np.float32(mean[0] * TABLE_L) / np.maximum(light_around, np.float32(8.0)))
    return [light] + [c - a + np.float32(m) for c, a, m in zip(hue, hue_around, mean[1:])]


def _table_around(lab: np.ndarray, planes: list[np.ndarray], table: np.ndarray,
                  cell: int) -> tuple[list[np.ndarray], np.ndarray]:
    """The table's look around each pixel (each plane), and its look overall (the median of all its pixels). The
    means of the half-cell blocks that are nearly all table follow a smooth trend over the table (a
    lamp's pool, a window's side: a quadratic in x and y, fitted robustly) and differ from it
    locally (a cloth's checks, a wood's grain, the light's own unevenness): the look around a pixel
    is the trend there and the blocks' differences from it within LIGHT_REACH cells (_local_offset:
    their median, robust to the tiles lying on it). The trend carries the light into the table's parts that are
    hidden or near the board, where the blocks around lie on one side only (a pool of light centred
    under the board is brightest at its edge)."""
    b = cell // 2
    h, w = (lab.shape[0] // b) * b, (lab.shape[1] // b) * b
    seen = table[:h, :w].astype(np.float32)
    # each block's share of table and its table pixels' mean (an area resize averages whole blocks)
    share = cv2.resize(seen, (w // b, h // b), interpolation=cv2.INTER_AREA)
    sums = cv2.resize(lab[:h, :w] * seen[..., None], (w // b, h // b), interpolation=cv2.INTER_AREA)
    means = (sums / np.maximum(share, 1 / (b * b))[..., None]).astype(np.float64)
    means[share < BLOCK_TABLE] = np.nan
    overall = np.array([_median_of_bytes(p[table]) for p in cv2.split(lab)])
    trend = _light_trend(means, overall)
    local = (trend + _local_offset(means - trend, int(round(LIGHT_REACH * cell / b)))).astype(np.float32)
    big = [cv2.resize(p, (w, h), interpolation=cv2.INTER_LINEAR) for p in cv2.split(local)]
    return [cv2.copyMakeBorder(p, 0, lab.shape[0] - h, 0, lab.shape[1] - w, cv2.BORDER_REPLICATE) for p in big], overall


def _median_of_bytes(values: np.ndarray) -> float:
    """np.median of uint8 values, by counting them (a tenth of the time of sorting)."""
    cum = np.cumsum(np.bincount(values, minlength=256))
    n = int(cum[-1])
    low, high = np.searchsorted(cum, [(n - 1) // 2 + 1, n // 2 + 1])  # the middle order statistics
    return (float(low) + float(high)) / 2


def _local_offset(res: np.ndarray, r: int) -> np.ndarray:
    """Each block's own difference from the trend (`res`: the table blocks' differences, NaN where
    not table), from the blocks within r of it: their median, robust to a tile's blocks among
    them; where those blocks lie mostly to one side of it (beside the board, which hides the
    table), that median is carried to the block itself along the plane fitted to them (a sheen
    or a pool of light brightest at the board's edge rises toward it, past what any seen block
    shows)."""
    padded = np.pad(res, ((r, r), (r, r), (0, 0)), constant_values=np.nan)
    windows = np.lib.stride_tricks.sliding_window_view(padded, (2 * r + 1, 2 * r + 1), axis=(0, 1))
    values = np.sort(windows.reshape(*res.shape, -1), axis=-1)  # NaN sorts last
    count = np.isfinite(values).sum(axis=-1)
    median = np.take_along_axis(values, (np.maximum(count, 1) - 1)[..., None] // 2, axis=-1)[..., 0]
    median = np.where(count > 0, median, 0.0)
    # the blocks' moments about each block, by box sums: their centroid, their spread, and their
    # covariance with the difference, each channel (n: how many, counted above)
    seen = np.isfinite(res[..., 0]).astype(np.float64)
    v = np.where(seen[..., None] > 0, res, 0.0)
    gy, gx = np.mgrid[0:res.shape[0], 0:res.shape[1]].astype(np.float64)

    def box(a: np.ndarray) -> np.ndarray:
        return cv2.boxFilter(a, -1, (2 * r + 1, 2 * r + 1), normalize=False, borderType=cv2.BORDER_CONSTANT)

    n = np.maximum(count[..., 0], 1).astype(np.float64)
    mx, my = box(seen * gx) / n, box(seen * gy) / n
    cxx = box(seen * gx * gx) / n - mx * mx
    cxy = box(seen * gx * gy) / n - mx * my
    cyy = box(seen * gy * gy) / n - my * my
    det = cxx * cyy - cxy * cxy
    mv = box(v) / n[..., None]
    cxv = box(v * gx[..., None]) / n[..., None] - mx[..., None] * mv
    cyv = box(v * gy[..., None]) / n[..., None] - my[..., None] * mv
    safe = np.where(det > 1e-6, det, 1.0)[..., None]
    slope_x = (cyy[..., None] * cxv - cxy[..., None] * cyv) / safe
    slope_y = (cxx[..., None] * cyv - cxy[..., None] * cxv) / safe
    ox, oy = gx - mx, gy - my  # from the blocks' centroid to the block itself
    aside = (np.hypot(ox, oy) > OFF_CENTRE * r) & (count[..., 0] >= 6) & (det > 1e-6)
    carried = median + slope_x * ox[..., None] + slope_y * oy[..., None]
    return np.where(aside[..., None], carried, median)


def _light_trend(means: np.ndarray, overall: np.ndarray) -> np.ndarray:
    """A quadratic in x and y fitted to the table blocks' means (NaN: not table), each channel, the
    blocks farthest from it (tiles, a cloth's odd check) left out and fitted again; where too few
    blocks are table to fit, the table's look `overall` everywhere."""
    gy, gx = np.mgrid[0:means.shape[0], 0:means.shape[1]]
    x, y = gx / max(1, means.shape[1] - 1) - 0.5, gy / max(1, means.shape[0] - 1) - 0.5
    basis = np.stack([np.ones_like(x), x, y, x * x, x * y, y * y], axis=-1)
    known = np.isfinite(means[..., 0])
    if known.sum() < 4 * basis.shape[-1]:
        return np.broadcast_to(overall, means.shape).copy()
    a, v = basis[known], means[known]
    use = np.ones(len(a), bool)
    for _ in range(2):
        coef, *_ = np.linalg.lstsq(a[use], v[use], rcond=None)
        off = np.abs(v - a @ coef).sum(axis=1)
        use = off <= max(np.percentile(off, 80), 1e-6)
    return basis @ coef


def _unlike_table(channels: list[np.ndarray], table: np.ndarray, inside: np.ndarray) -> Unlike:
    """Pixels (of the evened Lab planes) far from every one of the table's few colours (k-means of
    `table`'s pixels), and those far in colour or much in lightness (lighter or darker weighted
    SHADOW_L alike: what a light or a shadow alone cannot make), and those far in colour alone."""
    px = np.stack([c[table] for c in channels], axis=1)
    rng = np.random.default_rng(0)
    sample = px[rng.choice(len(px), min(len(px), 20000), replace=False)]
    k = min(TABLE_COLOURS, len(sample))
    _, assign, centres = cv2.kmeans(sample, k, None, (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 30, 0.5),
                                    3, cv2.KMEANS_PP_CENTERS)
    d2 = np.full(table.shape, np.inf, np.float32)  # squared distance in spreads to the nearest colour
    d2_hue = d2.copy()  # ... lightness weighted SHADOW_L both ways
    d2_colour = d2.copy()  # ... colour alone
    for j, centre in enumerate(centres):
        mine = np.linalg.norm(sample[assign.ravel() == j] - centre, axis=1)
        if len(mine) < 0.02 * len(sample):
            continue  # a speck of something else, not the table's own colour
        spread = np.float32(max(2.0, float(np.percentile(mine, 90))))
        dl, da, db = ((c - np.float32(m)) / spread for c, m in zip(channels, centre))
        hue = da * da
        hue += db * db
        np.minimum(d2_colour, hue, out=d2_colour)
        dark = dl < 0
        dl *= np.float32(SHADOW_L)
        dl *= dl
        np.minimum(d2_hue, dl + hue, out=d2_hue)
        np.multiply(dl, np.float32(1 / SHADOW_L ** 2), out=dl, where=~dark)  # lighter counts whole
        np.minimum(d2, dl + hue, out=d2)

    def cleaned(far: np.ndarray) -> np.ndarray:
        # a 3 x 3 median drops specks and fills pinholes, and keeps a line two pixels wide (a leaf
        # tile's thin frame round its hole), which an opening took away
        return cv2.medianBlur((far & inside).astype(np.uint8) * 255, 3) > 127

    bar = TABLE_SPREAD ** 2
    return Unlike(cleaned(d2 > bar), cleaned(d2_hue > bar), cleaned(d2_colour > bar))
