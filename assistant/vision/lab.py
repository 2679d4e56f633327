"""CIE L*a*b* (D65) of BGR images, worked out in numpy.

OpenCV's Lab conversion builds all its tables on a process's first call, about 40 ms: a tenth of
a whole `garden check`, paid by every check. Here each way costs a few milliseconds on a board's
few hundred pixels a side. `bgr_to_lab` (float) is the formula itself: OpenCV's float path
interpolates a 33-point table instead, so they differ by under 0.5 (mean 0.08) in L, a and b. The
cell models (fitted on OpenCV's) read the same cells either way on samples/pbr's development
photos and the earlier renderers' benchmarks, but for a cell or two near even odds, left in doubt
either way. `bgr_to_lab_u8` takes OpenCV's own 8-bit fixed-point steps, so
the board outlines and the tile scan's thresholds see the bytes they were set on. Only
`locate.evened` (a locating fallback that goes to Lab and back) keeps OpenCV's pair.
"""

from __future__ import annotations

import cv2
import numpy as np

_WHITE = np.array([0.950456, 1.0, 1.088754])
#: linear sRGB -> XYZ, rows divided by the white point; columns in B, G, R order
_TO_XYZ = (np.array([[0.412453, 0.357580, 0.180423],
                     [0.212671, 0.715160, 0.072169],
                     [0.019334, 0.119193, 0.950227]]) / _WHITE[:, None])[:, ::-1]
_TO_XYZ_F32 = _TO_XYZ.astype(np.float32)
_EPS = np.float32(0.008856)  # (6/29)^3


def _linear(v: np.ndarray) -> np.ndarray:
    """sRGB values in 0..1 -> linear light."""
    return np.where(v <= 0.04045, v / 12.92, ((v + 0.055) / 1.055) ** 2.4)


_LINEAR_U8 = _linear(np.arange(256) / 255.0).astype(np.float32)


def bgr_to_lab(img: np.ndarray) -> np.ndarray:
    """H x W x 3 BGR (uint8, or float in 0..1) -> float32 Lab: L 0..100, a and b about 0."""
    if img.dtype == np.uint8:
        lin = _LINEAR_U8[img]
    else:
        lin = _linear(np.clip(img, 0.0, 1.0)).astype(np.float32)
    xyz = cv2.transform(lin, _TO_XYZ_F32)
    f = np.where(xyz > _EPS, np.cbrt(xyz), np.float32(7.787) * xyz + np.float32(16 / 116))
    lab = np.empty_like(xyz)
    y = xyz[..., 1]
    lab[..., 0] = np.where(y > _EPS, 116 * f[..., 1] - 16, np.float32(903.3) * y)
    lab[..., 1] = 500 * (f[..., 0] - f[..., 1])
    lab[..., 2] = 200 * (f[..., 1] - f[..., 2])
    return lab


#: 8-bit Lab in fixed point as OpenCV works it out: linear light at 255 * 8 levels, XYZ with
#: 12-bit coefficients, the cube root tabled at 2^15 over 1.5 times the white (3072 entries)
_LINEAR_FIXED = np.rint(255 * 8 * _linear(np.arange(256) / 255.0)).astype(np.int32)
_TO_XYZ_FIXED = np.rint(4096 * _TO_XYZ).astype(np.int32)


def _cube_root_fixed() -> np.ndarray:
    t = np.arange(3072) / (255 * 8)
    return np.rint(2**15 * np.where(t < 0.008856, 7.787 * t + 16 / 116, np.cbrt(t))).astype(np.int32)


_CBRT_FIXED = _cube_root_fixed()


def bgr_to_lab_u8(img: np.ndarray) -> np.ndarray:
    """8-bit BGR -> 8-bit Lab as OpenCV encodes it (L scaled to 0..255, a and b offset by 128),
    by OpenCV's own fixed-point steps: of all 2^24 colours, 0.003% of values differ by one (its
    cube-root table is worked out in software floats, which round two near-ties otherwise)."""
    lin = _LINEAR_FIXED[img]
    xyz = (lin @ _TO_XYZ_FIXED.T + 2048) >> 12
    fx, fy, fz = (_CBRT_FIXED[xyz[..., k]] for k in range(3))
    half, white = 1 << 14, 128 << 15
    lab = np.stack([(296 * fy - 1336934 + half) >> 15,  # 116 * 255 / 100, and 16 * 255 / 100 * 2^15
                    (500 * (fx - fy) + white + half) >> 15,
                    (200 * (fy - fz) + white + half) >> 15], axis=-1)
    return np.clip(lab, 0, 255).astype(np.uint8)
