"""Glare: a highlight the sensor clipped, white light at the photo's own ceiling (varnish or a
tile's sheen mirroring a window or a lamp). Where it lies, the print under it is not seen."""

from __future__ import annotations

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
