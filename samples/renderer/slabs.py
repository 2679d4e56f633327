"""Flat things with a thickness (board, tiles, tokens, cards, dice, cups):
their printed top, their visible edge, and the shadow they cast.

A slab is a top texture at height z0 + h over the table, an outline (world
units, outer rings with positive shoelace area in the y-down frame, holes
negative), and an edge colour. Its side walls are drawn as projected quads,
shaded by how they face the light; only walls facing the camera are drawn,
and the top face drawn after them hides the rest.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import cv2
import numpy as np

from .camera import Camera
from .piece_art import mask_outlines
from .textures import SHIFT, fx


@dataclass
class Light:
    azimuth: float  # radians, direction from the scene towards the light, in the table plane
    elevation: float  # radians above the table
    strength: float  # shadow darkness 0..1
    softness: float  # penumbra, cells at unit height
    ambient: float = 0.55  # wall shading floor

    @property
    def dir_xy(self) -> np.ndarray:
        return np.array([math.cos(self.azimuth), math.sin(self.azimuth)])

    def shadow_offset(self, height: float) -> np.ndarray:
        """Where a point `height` above a surface throws its shadow on it, relative (world XY)."""
        return -self.dir_xy * height / math.tan(self.elevation)


@dataclass
class Slab:
    name: str
    tex: np.ndarray
    mask: np.ndarray
    tex_to_world: np.ndarray
    outlines: list[np.ndarray]
    z0: float
    h: float
    edge_color: tuple[int, int, int]
    casts_shadow: bool = True
    info: dict = field(default_factory=dict)

    @property
    def top(self) -> float:
        return self.z0 + self.h

    def centroid(self) -> np.ndarray:
        pts = np.vstack(self.outlines) if self.outlines else np.zeros((1, 2))
        return pts.mean(axis=0)

    def radius(self) -> float:
        pts = np.vstack(self.outlines)
        return float(np.max(np.linalg.norm(pts - self.centroid(), axis=1)))


def make_slab(name: str, tex: np.ndarray, mask: np.ndarray, size: tuple[float, float],
              pose: tuple[float, float, float], z0: float, h: float, edge, casts_shadow: bool = True,
              info: dict | None = None) -> Slab:
    """A slab whose texture spans size=(w, h) world units centred at pose=(x, y, angle rad)."""
    th, tw = tex.shape[:2]
    sx, sy = size[0] / tw, size[1] / th
    x, y, a = pose
    ca, sa = math.cos(a), math.sin(a)
    # texel centre (i, j) -> local (-(w/2) + (i+0.5) sx, ...) -> rotate -> translate
    L = np.array([[sx, 0, -size[0] / 2 + 0.5 * sx], [0, sy, -size[1] / 2 + 0.5 * sy], [0, 0, 1]])
    P = np.array([[ca, -sa, x], [sa, ca, y], [0, 0, 1]])
    T = P @ L
    outlines = mask_outlines(mask, T, eps_px=max(0.5, min(tw, th) * 0.004))
    return Slab(name, tex, mask, T, outlines, z0, h, tuple(int(v) for v in edge), casts_shadow, info or {})


def transform_slab(slab: Slab, M: np.ndarray) -> Slab:
    """The slab moved by a 3x3 world transform (rigid in XY)."""
    T = M @ slab.tex_to_world
    outs = []
    for o in slab.outlines:
        p = np.c_[o, np.ones(len(o))] @ M.T
        outs.append(p[:, :2])
    return Slab(slab.name, slab.tex, slab.mask, T, outs, slab.z0, slab.h, slab.edge_color, slab.casts_shadow, slab.info)


def draw_top(canvas: np.ndarray, cam: Camera, slab: Slab, rgba: np.ndarray | None = None) -> None:
    H = cam.homography(slab.top) @ slab.tex_to_world
    th, tw = slab.tex.shape[:2]
    corners = np.array([[-0.5, -0.5, 1], [tw - 0.5, -0.5, 1], [tw - 0.5, th - 0.5, 1], [-0.5, th - 0.5, 1]]) @ H.T
    if np.any(corners[:, 2] <= 0):
        return
    uv = corners[:, :2] / corners[:, 2:3]
    Hc, Wc = canvas.shape[:2]
    x0, y0 = max(0, int(math.floor(uv[:, 0].min())) - 1), max(0, int(math.floor(uv[:, 1].min())) - 1)
    x1, y1 = min(Wc, int(math.ceil(uv[:, 0].max())) + 2), min(Hc, int(math.ceil(uv[:, 1].max())) + 2)
    if x1 <= x0 or y1 <= y0:
        return
    M = np.array([[1, 0, -x0], [0, 1, -y0], [0, 0, 1.0]]) @ H
    if rgba is None:
        rgba = cv2.merge([*cv2.split(slab.tex), slab.mask])
    warped = cv2.warpPerspective(rgba, M, (x1 - x0, y1 - y0), flags=cv2.INTER_LINEAR,
                                 borderMode=cv2.BORDER_CONSTANT, borderValue=(0, 0, 0, 0))
    a = warped[:, :, 3].astype(np.float32) * np.float32(1 / 255.0)
    roi = canvas[y0:y1, x0:x1]
    roi[:] = cv2.blendLinear(np.ascontiguousarray(warped[:, :, :3]), roi, a, 1.0 - a)


def draw_walls(canvas: np.ndarray, cam: Camera, slab: Slab, light: Light) -> None:
    if slab.h <= 0:
        return
    cxy = cam.C[:2]
    lxy = light.dir_xy
    base = np.array(slab.edge_color, np.float64)
    z0, z1 = slab.z0, slab.top
    for ring in slab.outlines:
        a = ring
        b = np.roll(ring, -1, axis=0)
        d = b - a
        ln = np.linalg.norm(d, axis=1)
        ok = ln > 1e-9
        a, b, d, ln = a[ok], b[ok], d[ok], ln[ok]
        n = np.c_[d[:, 1], -d[:, 0]] / ln[:, None]
        mid = (a + b) / 2
        facing = np.einsum("ij,ij->i", n, cxy - mid) > 0
        if not np.any(facing):
            continue
        a, b, d, ln, n = a[facing], b[facing], d[facing], ln[facing], n[facing]
        ext = (d / ln[:, None]) * 0.004
        a2, b2 = a - ext, b + ext
        m = len(a2)
        P = np.empty((m * 4, 3))
        P[0::4, :2], P[0::4, 2] = a2, -z0
        P[1::4, :2], P[1::4, 2] = b2, -z0
        P[2::4, :2], P[2::4, 2] = b2, -z1
        P[3::4, :2], P[3::4, 2] = a2, -z1
        uv = cam.project(P).reshape(m, 4, 2)
        lam = np.clip(n @ lxy, 0, 1) * math.cos(light.elevation)
        bright = light.ambient + (1 - light.ambient) * 1.1 * lam
        cols = np.clip(base[None, :] * bright[:, None], 0, 255)
        q = fx(uv)
        for k in range(m):
            cv2.fillConvexPoly(canvas, q[k], tuple(float(v) for v in cols[k]), cv2.LINE_AA, SHIFT)


def shadow_mask(cam: Camera, slabs: list[Slab], surface: float, light: Light, shape: tuple[int, int],
                scale: float, px_per_cell: float) -> np.ndarray:
    """Soft shadow coverage (float32 0..1) at 1/scale of the canvas, cast by slabs onto the
    plane at height `surface`."""
    h, w = shape
    mh, mw = max(1, int(round(h / scale))), max(1, int(round(w / scale)))
    mask = np.zeros((mh, mw), np.uint8)
    Hs = cam.homography(surface)
    S = np.diag([1 / scale, 1 / scale, 1.0])
    S[0, 2] = S[1, 2] = 0.5 / scale - 0.5
    HS = S @ Hs
    heights = []
    for s in slabs:
        if not s.casts_shadow or not s.outlines:
            continue
        rel = s.top - surface
        if rel <= 0:
            continue
        heights.append(rel)
        d = light.shadow_offset(rel)
        steps = int(np.clip(math.ceil(np.linalg.norm(d) / 0.2), 1, 16))
        for t in np.linspace(0, 1, steps + 1):
            rings = []
            for o in s.outlines:
                p = np.c_[o + t * d, np.ones(len(o))] @ HS.T
                if np.any(p[:, 2] <= 0):
                    continue
                rings.append(fx(p[:, :2] / p[:, 2:3]))
            if rings:
                cv2.fillPoly(mask, rings, 255, cv2.LINE_AA, SHIFT)
    if not heights:
        return np.zeros((mh, mw), np.float32)
    sigma = (light.softness * (0.3 + float(np.median(heights))) + 0.01) * px_per_cell / scale
    m = mask.astype(np.float32) * np.float32(1 / 255.0)
    if sigma > 0.3:
        m = cv2.GaussianBlur(m, (0, 0), sigma)
    return m


def apply_shadow(canvas: np.ndarray, mask_small: np.ndarray, strength: float) -> None:
    """Darken the canvas where the (low-res) shadow mask is set (only inside its bounding box)."""
    h, w = canvas.shape[:2]
    mh, mw = mask_small.shape
    ys, xs = np.nonzero(mask_small > 0.004)
    if len(xs) == 0:
        return
    sx, sy = w / mw, h / mh
    x0, y0 = max(0, int((xs.min() - 1) * sx)), max(0, int((ys.min() - 1) * sy))
    x1, y1 = min(w, int((xs.max() + 2) * sx) + 1), min(h, int((ys.max() + 2) * sy) + 1)
    # exact placement of the small mask: dst pixel (x, y) -> small ((x + 0.5) / sx - 0.5, ...)
    M = np.float64([[1 / sx, 0, (x0 + 0.5) / sx - 0.5], [0, 1 / sy, (y0 + 0.5) / sy - 0.5]])
    m = cv2.warpAffine(mask_small, M, (x1 - x0, y1 - y0), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                       borderMode=cv2.BORDER_REPLICATE)
    f = 1.0 - strength * m
    roi = canvas[y0:y1, x0:x1]
    roi[:] = cv2.multiply(roi, cv2.merge([f, f, f]), dtype=cv2.CV_8U)
