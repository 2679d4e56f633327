"""Ring measures of a cell: the cut of a leaf tile's hole and light the sensor could not record.

A leaf tile's hole shows the board inside a ring of tile: on every side of the cell the
mismatch against the reference is high from the cell edge to the cut (some 5-13% of a cell in)
and low beyond it. An open cell shows the board up to its edge on at least one side; a covered
cell differs from the board at every depth. The measure is therefore the contrast between the
band outside the cut and the band inside it, taken on the weakest side, at the cut depth that
fits best on that side (the cut depth is not known in advance: it differs between tile makers,
and a tile lies a little shifted and turned).
"""

from __future__ import annotations

import numpy as np

#: candidate cut depths of a hole, as fractions of a cell
CUT_MIN, CUT_MAX = 0.03, 0.2
#: gap left after the cut (its soft step and the tile's shadow) and depth of the inner band
CUT_GAP, INNER_DEPTH = 0.03, 0.10


def side_profiles(cells: np.ndarray, depth: int) -> np.ndarray:
    """rows x cols x s x s -> rows x cols x 4 x depth: the mean along the middle half of each
    side (away from a hole's rounded corners) at each distance from the side (T, R, B, L)."""
    s = cells.shape[-1]
    a0, a1 = s // 4, s - s // 4
    top = cells[:, :, :depth, a0:a1].mean(axis=-1)
    bottom = cells[:, :, ::-1][:, :, :depth, a0:a1].mean(axis=-1)
    left = cells[:, :, a0:a1, :depth].mean(axis=-2)
    right = cells[:, :, a0:a1, ::-1][..., :depth].mean(axis=-2)
    return np.stack([top, right, bottom, left], axis=2)


def _band_mean(csum: np.ndarray, lo: int, hi: int) -> np.ndarray:
    """Mean over depths lo..hi-1 from a cumulative sum with a leading zero."""
    return (csum[..., hi] - csum[..., lo]) / max(hi - lo, 1)


def ring_features(mis_cells: np.ndarray, s: int) -> dict[str, np.ndarray]:
    """Hole-ring measures from the normalised per-pixel mismatch (rows x cols x s x s).

    Each side gets its own cut depth (a tile lies a little shifted and turned, so its hole's
    ring is wider on one side than on the other) and a log-contrast between the band outside
    the cut and the band inside it. ring_contrast / ring_contrast2: the weakest and second
    weakest side's contrast (high only when all four sides show a ring); ring_outer /
    ring_inner: the weakest side's outer band and the strongest side's inner band."""
    gap = max(1, int(round(CUT_GAP * s)))
    inner = max(2, int(round(INNER_DEPTH * s)))
    cuts = range(max(2, int(round(CUT_MIN * s))), int(round(CUT_MAX * s)) + 1)
    depth = cuts[-1] + gap + inner
    prof = np.log1p(side_profiles(mis_cells, depth))
    csum = np.concatenate([np.zeros(prof.shape[:-1] + (1,), prof.dtype), np.cumsum(prof, axis=-1)], axis=-1)
    best = np.full(prof.shape[:-1], -np.inf, np.float32)  # rows x cols x 4
    outer_at = np.zeros_like(best)
    inner_at = np.zeros_like(best)
    for w in cuts:
        out_b = _band_mean(csum, 1, w)  # the outermost row is registration noise and grid line
        in_b = _band_mean(csum, w + gap, w + gap + inner)
        score = out_b - in_b
        better = score > best
        best = np.where(better, score, best)
        outer_at = np.where(better, out_b, outer_at)
        inner_at = np.where(better, in_b, inner_at)
    order = np.sort(best, axis=-1)
    return {"ring_contrast": order[..., 0], "ring_contrast2": order[..., 1],
            "ring_outer": outer_at.min(axis=-1), "ring_inner": inner_at.max(axis=-1)}


def clipped_share(warp_cells: np.ndarray, mask: np.ndarray, level: int = 250) -> np.ndarray:
    """rows x cols x s x s x 3 (uint8) -> share of the cell's masked pixels with a channel at
    the sensor's top: glare there hides both the board and a tile, so nothing can be read."""
    hot = (warp_cells[:, :, mask] >= level).any(axis=-1)
    return hot.mean(axis=-1).astype(np.float32)
