"""Glare: a highlight the sensor clipped, white light at the photo's own ceiling (varnish or a
tile's sheen mirroring a window or a lamp). Where it lies, the print under it is not seen."""

from __future__ import annotations

import cv2
import numpy as np

#: a clipped highlight: every channel at least this bright (a phone's JPEG clips glare to white)
GLARE_LEVEL = 235
#: ... and a highlight's weakest channel at least this share of its brightest (white light, tinted
#: by white balance up to about 12% a channel: samples/pbr's white-balance error)
GLARE_WHITE = 0.8
#: ... and at least this share of the brightest the image shows (its 99.9th percentile: a camera
#: that exposed down clips below 255)
GLARE_CEILING = 0.97


def clipped_white(bgr: np.ndarray) -> np.ndarray:
    """Per pixel (colour on the last axis): a clipped highlight, white at the image's own ceiling
    in its brightest channel and hardly coloured (a white-balance error tints it)."""
    b, g, r = bgr[..., 0], bgr[..., 1], bgr[..., 2]
    # elementwise over the three planes: a reduction over a last axis of three is many times slower
    top, low = np.maximum(np.maximum(b, g), r), np.minimum(np.minimum(b, g), r)
    ceiling = min(GLARE_LEVEL, GLARE_CEILING * float(np.percentile(top, 99.9)))
    return (top >= np.float32(ceiling)) & (low >= np.float32(GLARE_WHITE) * top)


#: chroma_correlation needs at least this many unclipped pixels in a cell (an eighth of its inside)
CHROMA_MIN_SHARE = 0.125


def chroma_correlation(photo: np.ndarray, ref: np.ndarray, usable: np.ndarray) -> np.ndarray:
    """Per cell, the correlation of the photo's colour pattern with the reference's over the
    usable (unclipped) pixels: (..., k, 3) BGR pixels of each, (..., k) usable -> (...), NaN where
    fewer than CHROMA_MIN_SHARE are usable. In linear light a highlight adds the light's colour,
    near white, to every channel alike: taking each pixel's mean over its channels away removes
    it, however it varies across the cell, and what is left is the print's colour pattern, dimmed
    by the highlight but not changed (the board's own, where the cell is open)."""

    def pattern(px: np.ndarray) -> np.ndarray:
        lin = (px.astype(np.float32) / 255.0) ** 2.2
        c = lin - lin.mean(axis=-1, keepdims=True)
        c = np.where(usable[..., None], c, 0.0)
        n = np.maximum(usable.sum(axis=-1), 1)[..., None, None]
        return np.where(usable[..., None], c - c.sum(axis=-2, keepdims=True) / n, 0.0)

    a, b = pattern(photo), pattern(ref)
    num = (a * b).sum(axis=(-2, -1))
    den = np.sqrt((a * a).sum(axis=(-2, -1)) * (b * b).sum(axis=(-2, -1))) + 1e-12
    enough = usable.mean(axis=-1) >= CHROMA_MIN_SHARE
    return np.where(enough, num / den, np.nan)


#: what to change when glare spoils a photo: a reflection moves with the camera, the board does not
MOVE_THE_REFLECTION = ("take it again from a little to one side, or shade the light, so that its reflection "
                       "leaves the board")
#: a refusal names the glare when it covers this share of the board's grid (physically rendered beds,
#: samples/pbr seeds 4, 6 and 10: the boards refused had 5.6-23% of their grid clipped, the median
#: board 5-7%: a lamp's broad sheen around the clipped spot flattens the art the locators match)
GLARE_NAMED = 0.05


def glare_on_board(bgr: np.ndarray, corners: np.ndarray) -> float:
    """The share of the quad `corners` (4x2 photo pixels) that is clipped highlight (clipped_white)."""
    mask = np.zeros(bgr.shape[:2], np.uint8)
    cv2.fillConvexPoly(mask, np.round(np.asarray(corners)).astype(np.int32), 1)
    inside = mask.astype(bool)
    return float(clipped_white(bgr)[inside].mean()) if inside.any() else 0.0
