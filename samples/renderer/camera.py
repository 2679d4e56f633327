"""A phone camera over the table: pose, projection, plane homographies, lens.

World frame: X along the board's columns, Y along its rows (board units, one
cell = 1), Z pointing down into the table; the table top is Z = 0 and a point
at height h above it has Z = -h. Image pixels follow OpenCV: pixel (0, 0)'s
centre is at (0, 0), x to the right, y down.

Lens distortion is a one-term radial model applied after the pinhole
projection: with p the offset from the image centre divided by the half
diagonal, an output pixel at distorted offset p_d shows the pinhole image at
p_u = p_d * (1 + k1 * |p_d|^2).  k1 > 0 is barrel distortion.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np


@dataclass
class Camera:
    K: np.ndarray  # 3x3 intrinsics
    R: np.ndarray  # 3x3 world -> camera rotation (rows: camera x, y, forward)
    C: np.ndarray  # camera centre, world
    width: int
    height: int
    k1: float = 0.0

    @property
    def t(self) -> np.ndarray:
        return -self.R @ self.C

    def project(self, P: np.ndarray) -> np.ndarray:
        """World points (N,3) -> pinhole pixels (N,2) (no lens distortion)."""
        P = np.asarray(P, np.float64).reshape(-1, 3)
        Xc = (self.R @ (P - self.C).T).T
        uv = (self.K @ Xc.T).T
        return uv[:, :2] / uv[:, 2:3]

    def depth(self, P: np.ndarray) -> np.ndarray:
        P = np.asarray(P, np.float64).reshape(-1, 3)
        return (self.R @ (P - self.C).T).T[:, 2]

    def homography(self, height: float) -> np.ndarray:
        """Plane at `height` above the table, (x, y, 1) -> pinhole pixels."""
        r1, r2, r3 = self.R[:, 0], self.R[:, 1], self.R[:, 2]
        M = np.stack([r1, r2, -height * r3 + self.t], axis=1)
        H = self.K @ M
        return H / H[2, 2]

    def unproject_to_plane(self, uv: np.ndarray, height: float = 0.0) -> np.ndarray:
        """Pinhole pixels (N,2) -> (x, y) on the plane at height (nan when looking away)."""
        uv = np.asarray(uv, np.float64).reshape(-1, 2)
        rays = np.linalg.inv(self.K) @ np.c_[uv, np.ones(len(uv))].T
        d = (self.R.T @ rays).T  # world directions
        z = -height
        with np.errstate(divide="ignore", invalid="ignore"):
            s = (z - self.C[2]) / d[:, 2]
        P = self.C + d * s[:, None]
        P[s <= 0] = np.nan
        return P[:, :2]

    # ---- lens
    def _norm(self) -> tuple[float, float, float]:
        return (self.width - 1) / 2.0, (self.height - 1) / 2.0, math.hypot(self.width, self.height) / 2.0

    def distort(self, uv: np.ndarray) -> np.ndarray:
        """Pinhole pixels -> pixels of the distorted photo (inverse of the remap)."""
        uv = np.asarray(uv, np.float64).reshape(-1, 2)
        if abs(self.k1) < 1e-9:
            return uv.copy()
        cx, cy, s = self._norm()
        p = (uv - [cx, cy]) / s
        ru = np.linalg.norm(p, axis=1)
        rd = ru.copy()
        for _ in range(30):  # Newton on rd * (1 + k rd^2) = ru
            f = rd * (1 + self.k1 * rd * rd) - ru
            rd -= f / (1 + 3 * self.k1 * rd * rd)
        scale = np.where(ru > 1e-12, rd / np.maximum(ru, 1e-12), 1.0)
        return p * scale[:, None] * s + [cx, cy]

    def to_photo(self, P: np.ndarray) -> np.ndarray:
        """World points -> final photo pixels (projection + lens)."""
        return self.distort(self.project(P))


def look_at(target: np.ndarray, tilt: float, azimuth: float, roll: float, dist: float) -> tuple[np.ndarray, np.ndarray]:
    """Rotation and centre of a camera `dist` away from target, its axis `tilt`
    radians off the vertical towards `azimuth`, rolled by `roll` about its axis."""
    up = np.array([math.sin(tilt) * math.cos(azimuth), math.sin(tilt) * math.sin(azimuth), -math.cos(tilt)])
    C = target + dist * up
    f = -up
    a = np.array([1.0, 0.0, 0.0])
    x0 = a - np.dot(a, f) * f
    if np.linalg.norm(x0) < 1e-6:
        a = np.array([0.0, 1.0, 0.0])
        x0 = a - np.dot(a, f) * f
    x0 /= np.linalg.norm(x0)
    y0 = np.cross(f, x0)
    x = math.cos(roll) * x0 + math.sin(roll) * y0
    y = np.cross(f, x)
    R = np.stack([x, y, f])
    return R, C


def intrinsics(width: int, height: int, focal_35mm: float) -> np.ndarray:
    f = focal_35mm / 43.27 * math.hypot(width, height)
    return np.array([[f, 0, (width - 1) / 2.0], [0, f, (height - 1) / 2.0], [0, 0, 1.0]])


def place_camera(rng: np.random.Generator, width: int, height: int, footprint: np.ndarray, top: float,
                 tilt: float, azimuth: float, roll: float, focal_35mm: float, fill: float,
                 k1: float, margin: float) -> Camera:
    """A camera whose photo shows the whole footprint (board outline, (N,2), at heights 0..top)
    with its bounding box spanning `fill` of the frame (the larger of its width and height
    ratios), at a random place in the frame.

    The camera's orientation is fixed by tilt/azimuth/roll; only its position moves (along its
    own axes), so the tilt is exact wherever the board ends up in the frame."""
    K = intrinsics(width, height, focal_35mm)
    f = K[0, 0]
    centre = footprint.mean(axis=0)
    c3 = np.array([centre[0], centre[1], -top / 2])
    pts3 = np.vstack([np.c_[footprint, np.zeros(len(footprint))], np.c_[footprint, np.full(len(footprint), -top)]])
    size = float(np.max(np.ptp(footprint, axis=0)))
    place = rng.uniform(0.1, 0.9, 2)
    R, _ = look_at(np.zeros(3), tilt, azimuth, roll, 1.0)
    for _attempt in range(12):
        z = f * size / (fill * min(width, height))
        C = c3 - R[2] * z
        cam = Camera(K, R, C, width, height, k1)
        for _ in range(30):
            if np.any(cam.depth(pts3) <= 0):
                break
            uv = cam.to_photo(pts3)
            lo, hi = uv.min(axis=0), uv.max(axis=0)
            cur = max((hi[0] - lo[0]) / width, (hi[1] - lo[1]) / height)
            zc = float(cam.depth(c3[None, :])[0])
            z_new = zc * cur / fill
            C = C + R[2] * (zc - z_new)
            cam = Camera(K, R, C, width, height, k1)
            uv = cam.to_photo(pts3)
            lo, hi = uv.min(axis=0), uv.max(axis=0)
            room = np.array([width - 1 - 2 * margin - (hi[0] - lo[0]), height - 1 - 2 * margin - (hi[1] - lo[1])])
            want_lo = margin + np.maximum(room, 0) * place
            shift = want_lo - lo
            C = C - (R[0] * shift[0] + R[1] * shift[1]) * z_new / f
            cam = Camera(K, R, C, width, height, k1)
            if abs(cur / fill - 1) < 1e-4 and np.abs(shift).max() < 0.05:
                break
        if np.all(cam.depth(pts3) > 0):
            uv = cam.to_photo(pts3)
            if uv.min() >= margin * 0.5 and uv[:, 0].max() <= width - 1 - margin * 0.5 \
                    and uv[:, 1].max() <= height - 1 - margin * 0.5:
                return cam
        fill *= 0.9
    raise RuntimeError("could not frame the board (tilt/fill/lens too extreme)")
