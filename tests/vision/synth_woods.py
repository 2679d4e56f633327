"""Independent synthetic photos of "Indian Summer" woodland boards (for vision tests).

Written from scratch, independent of samples/renderer and of the assistant's reader, so
that a reader tuned on the project's own renderer can be checked on a different look.

What it draws, face-on at CELL px a cell, then photographed:
- a 9 x 8 board of six 3 x 4 regions of forest-floor art (moss, fallen leaves,
  needles, soil, grass, twigs), thin printed cell lines (clear, faint or none), a
  printed frame with decoration and a cardboard outer edge;
- 21 printed treasures per design: 10 blueberries, 7 nuts, 3 mushrooms, 1 feather;
- leaf tiles of 3/4/5 cells with exactly one hole each (square, rounded, round or oval),
  treasure tokens lying in some holes, animal tiles and squirrel tokens, all with a
  visible cardboard edge and a soft cast shadow, slightly off the grid;
- a phone photo: table surface with clutter, perspective camera (tilt, any rotation),
  lighting gradient, vignetting, hand shadow, glare, blur, noise, JPEG loss.

Truth corners are the cell grid's outer corners in photo pixels, OpenCV convention
(integer coordinates are pixel centres), in the board's own order TL, TR, BR, BL.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import cv2
import numpy as np

DESIGNS = 4
CELL = 96                       # face-on pixels per cell
MARGIN = 56                     # canvas room around the board for its edge and shadow
REGION = (3, 4)                 # cells per region (rows, cols)
PAD = 24                        # room around a piece for its turn, shift and edge
TREASURES = (("B", 10), ("N", 7), ("M", 3), ("F", 1))
NAMES = {".": "empty", "B": "blueberry", "N": "nut", "M": "mushroom", "F": "feather"}
N4 = ((-1, 0), (1, 0), (0, -1), (0, 1))
_SH = 4                         # sub-pixel bits for cv2 drawing: smooth small shapes
_F = 1 << _SH

Pt = tuple[float, float] | np.ndarray

# ----------------------------------------------------------------------------- drawing


def _col(c) -> tuple[float, float, float]:
    return tuple(float(min(max(v, 0.0), 255.0)) for v in np.asarray(c, np.float64)[:3])


def _p(x: float, y: float) -> tuple[int, int]:
    return int(round(float(x) * _F)), int(round(float(y) * _F))


def _circle(img: np.ndarray, c: Pt, r: float, col, th: int = -1) -> None:
    cv2.circle(img, _p(*c), max(int(round(r * _F)), 1), _col(col), th, cv2.LINE_AA, _SH)


def _ellipse(img: np.ndarray, c: Pt, axes: Pt, ang: float, col, th: int = -1,
             a0: float = 0.0, a1: float = 360.0) -> None:
    ax = _p(max(axes[0], 0.5), max(axes[1], 0.5))
    cv2.ellipse(img, _p(*c), ax, float(ang), float(a0), float(a1), _col(col), th, cv2.LINE_AA, _SH)


def _poly(img: np.ndarray, pts, col) -> None:
    arr = np.round(np.asarray(pts, np.float64).reshape(-1, 2) * _F).astype(np.int32)
    cv2.fillPoly(img, [arr], _col(col), cv2.LINE_AA, _SH)


def _lines(img: np.ndarray, pts, col, th: float = 1, closed: bool = False) -> None:
    arr = np.round(np.asarray(pts, np.float64).reshape(-1, 2) * _F).astype(np.int32)
    cv2.polylines(img, [arr], closed, _col(col), max(int(round(th)), 1), cv2.LINE_AA, _SH)


def _rounded_pts(x0: float, y0: float, x1: float, y1: float, rad: float) -> np.ndarray:
    """Outline of a rounded rectangle (rad 0 gives a plain one)."""
    rad = max(0.0, min(rad, (x1 - x0) / 2, (y1 - y0) / 2))
    pts = []
    arcs = ((x1 - rad, y0 + rad, -90), (x1 - rad, y1 - rad, 0), (x0 + rad, y1 - rad, 90), (x0 + rad, y0 + rad, 180))
    for cx, cy, a in arcs:
        for t in np.radians(np.linspace(a, a + 90, 7)):
            pts.append((cx + rad * np.cos(t), cy + rad * np.sin(t)))
    return np.array(pts)


def _disk(r: int) -> np.ndarray:
    return cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * r + 1, 2 * r + 1))


def _shift(img: np.ndarray, v: Pt) -> np.ndarray:
    m = np.float32([[1, 0, v[0]], [0, 1, v[1]]])
    return cv2.warpAffine(img, m, (img.shape[1], img.shape[0]), flags=cv2.INTER_LINEAR)


# ----------------------------------------------------------------------------- colour and noise


def _shade(col, k: float) -> np.ndarray:
    return np.clip(np.asarray(col, np.float64) * k, 0, 255)


def _mix(a, b, t: float) -> np.ndarray:
    return np.asarray(a, np.float64) * (1 - t) + np.asarray(b, np.float64) * t


def _jitter(rng: np.random.Generator, col, amt: float) -> np.ndarray:
    return np.clip(np.asarray(col, np.float64) + rng.uniform(-amt, amt, 3), 0, 255)


def _hsv(h: float, s: float, v: float) -> np.ndarray:
    px = np.uint8([[[int(h) % 180, int(np.clip(s, 0, 255)), int(np.clip(v, 0, 255))]]])
    return cv2.cvtColor(px, cv2.COLOR_HSV2BGR)[0, 0].astype(np.float64)


def _noise(rng: np.random.Generator, h: int, w: int, sigma: float) -> np.ndarray:
    """Smooth zero-mean unit-std noise; coarse scales are made small and enlarged for speed."""
    step = max(1, int(sigma / 3))
    sh, sw = h // step + 2, w // step + 2
    n = cv2.GaussianBlur(rng.standard_normal((sh, sw), dtype=np.float32), (0, 0), max(sigma / step, 0.6))
    if step > 1:
        n = cv2.resize(n, (sw * step, sh * step), interpolation=cv2.INTER_CUBIC)
    n = n[:h, :w]
    return (n - n.mean()) / (n.std() + 1e-6)


def _textured(rng: np.random.Generator, h: int, w: int, base, amp=(14.0, 9.0, 5.0)) -> np.ndarray:
    """Base colour with coarse, medium and fine brightness noise plus a slow colour drift."""
    img = np.empty((h, w, 3), np.float32)
    img[:] = np.asarray(base, np.float32)
    lum = amp[0] * _noise(rng, h, w, 24) + amp[1] * _noise(rng, h, w, 4) + amp[2] * _noise(rng, h, w, 1)
    img += lum[..., None]
    img += _noise(rng, h, w, 18)[..., None] * rng.uniform(-7, 7, 3).astype(np.float32)
    return img


def _to8(img: np.ndarray) -> np.ndarray:
    return np.clip(img, 0, 255, out=np.empty_like(img, np.float32)).astype(np.uint8)


def _speckle(rng: np.random.Generator, img: np.ndarray, n: int, cols, size: int = 1) -> None:
    """Scatters n tiny dots (vectorised: far faster than one cv2 call a dot)."""
    h, w = img.shape[:2]
    ys, xs = rng.integers(0, h - size + 1, n), rng.integers(0, w - size + 1, n)
    cc = np.asarray(cols, np.float64)[rng.integers(0, len(cols), n)]
    cc = np.clip(cc + rng.normal(0, 10, cc.shape), 0, 255).astype(np.uint8)
    for dy in range(size):
        for dx in range(size):
            img[ys + dy, xs + dx] = cc


# ----------------------------------------------------------------------------- forest floor

FLOORS = {  # BGR base of each forest-floor art
    "moss": (60, 130, 75),
    "leaves": (45, 80, 125),
    "needles": (65, 105, 150),
    "soil": (45, 62, 85),
    "grass": (55, 150, 120),
    "twigs": (85, 110, 125),
}
AUTUMN = ((30, 90, 190), (25, 140, 215), (40, 55, 150), (35, 70, 110), (45, 120, 165), (40, 160, 200))


def _small_leaf(img: np.ndarray, c: Pt, length: float, width: float, ang: float, col, vein) -> None:
    c = np.asarray(c, np.float64)
    _ellipse(img, c, (length, width), ang, col)
    d = np.array([np.cos(np.radians(ang)), np.sin(np.radians(ang))]) * length
    _lines(img, [c - d * 0.9, c + d * 1.15], vein, 1)


def _moss(rng: np.random.Generator, img: np.ndarray, base, area: float) -> None:
    h, w = img.shape[:2]
    for _ in range(int(45 * area)):
        col = _shade(base, rng.uniform(0.6, 1.45)) + (0, rng.uniform(0, 20), 0)
        _circle(img, rng.uniform(0, [w, h]), rng.uniform(1.2, 4.5), col)
    for _ in range(int(8 * area)):  # star-moss tufts
        c, col = rng.uniform(0, [w, h]), _shade(base, rng.uniform(1.2, 1.6))
        for a in rng.uniform(0, 2 * np.pi, 6):
            _lines(img, [c, c + 4.5 * np.array([np.cos(a), np.sin(a)])], col, 1)
    _speckle(rng, img, int(260 * area), [_shade(base, 1.6) + (0, 30, 20), _shade(base, 0.5)])


def _leaves(rng: np.random.Generator, img: np.ndarray, base, area: float) -> None:
    h, w = img.shape[:2]
    for _ in range(int(16 * area)):
        col = _jitter(rng, AUTUMN[rng.integers(len(AUTUMN))], 25) * rng.uniform(0.75, 1.1)
        _small_leaf(img, rng.uniform(0, [w, h]), rng.uniform(7, 16), rng.uniform(3, 7), rng.uniform(0, 180),
                    col, _shade(col, 0.6))
    _speckle(rng, img, int(120 * area), [_shade(base, 0.5), _shade(base, 1.4)])


def _needles(rng: np.random.Generator, img: np.ndarray, base, area: float) -> None:
    h, w = img.shape[:2]
    n = int(110 * area)
    pal = np.array([(40, 70, 120), (60, 105, 165), (95, 150, 200), (30, 48, 75)], np.float64)
    cols = np.clip(pal[rng.integers(0, 4, n)] + rng.uniform(-15, 15, (n, 3)), 0, 255)
    p, a, ln = rng.uniform(0, [w, h], (n, 2)), rng.uniform(0, np.pi, n), rng.uniform(7, 22, n)
    for i in range(n):
        d = np.array([np.cos(a[i]), np.sin(a[i])]) * ln[i] / 2
        _lines(img, [p[i] - d, p[i] + d], cols[i], 1)
    _speckle(rng, img, int(100 * area), [_shade(base, 0.55)])


def _soil(rng: np.random.Generator, img: np.ndarray, base, area: float) -> None:
    h, w = img.shape[:2]
    _speckle(rng, img, int(420 * area), [_shade(base, 0.45), _shade(base, 1.6), (120, 130, 140)])
    for _ in range(int(2 * area)):  # roots: thin random walks
        p, a, pts = rng.uniform(0, [w, h]), rng.uniform(0, 2 * np.pi), []
        for _ in range(8):
            pts.append(p.copy())
            a += rng.normal(0, 0.5)
            p = p + 7 * np.array([np.cos(a), np.sin(a)])
        _lines(img, pts, _shade(base, 0.55), 1)
    for _ in range(int(5 * area)):  # pebbles
        c, g = rng.uniform(0, [w, h]), rng.uniform(105, 175)
        ax, ang = rng.uniform(2.5, 8, 2), rng.uniform(0, 180)
        _ellipse(img, c, ax + 1, ang, (g * 0.5, g * 0.5, g * 0.55))
        _ellipse(img, c, ax, ang, (g, g * 1.02, g * 1.05))
        _ellipse(img, c - ax * 0.3, ax * 0.35, ang, (g * 1.3, g * 1.3, g * 1.3))


def _grass(rng: np.random.Generator, img: np.ndarray, base, area: float) -> None:
    h, w = img.shape[:2]
    pal = ((35, 120, 60), (50, 170, 110), (70, 195, 150), (40, 100, 90))
    for _ in range(int(70 * area)):
        p0 = rng.uniform(0, [w, h])
        a = -np.pi / 2 + rng.normal(0, 0.6)
        ln, bend = rng.uniform(8, 20), rng.normal(0, 0.4)
        p1 = p0 + ln * 0.5 * np.array([np.cos(a), np.sin(a)])
        p2 = p1 + ln * 0.5 * np.array([np.cos(a + bend), np.sin(a + bend)])
        _lines(img, [p0, p1, p2], _jitter(rng, pal[rng.integers(4)], 20), rng.choice([1, 1, 2]))
    _speckle(rng, img, int(80 * area), [(60, 200, 200), _shade(base, 0.5)])


def _twigs(rng: np.random.Generator, img: np.ndarray, base, area: float) -> None:
    h, w = img.shape[:2]
    _speckle(rng, img, int(250 * area), [_shade(base, 0.5), _shade(base, 1.4)], 2)
    for _ in range(int(5 * area)):
        p, a, pts = rng.uniform(0, [w, h]), rng.uniform(0, 2 * np.pi), []
        for _ in range(int(rng.integers(3, 5))):
            pts.append(p.copy())
            a += rng.normal(0, 0.35)
            p = p + rng.uniform(10, 22) * np.array([np.cos(a), np.sin(a)])
        pts.append(p)
        dark = _jitter(rng, (30, 50, 70), 12)
        _lines(img, pts, dark, rng.integers(2, 5))
        _lines(img, np.array(pts) - 1, _shade(dark, 1.8), 1)
        q = pts[1]
        _lines(img, [q, q + 9 * np.array([np.cos(a + 0.9), np.sin(a + 0.9)])], dark, 1)


_FLOOR_DRAW = {"moss": _moss, "leaves": _leaves, "needles": _needles, "soil": _soil, "grass": _grass, "twigs": _twigs}


def _floor(rng: np.random.Generator, h: int, w: int, kind: str, base) -> np.ndarray:
    """One region's forest-floor art (uint8 BGR)."""
    img = _to8(_textured(rng, h, w, base))
    _FLOOR_DRAW[kind](rng, img, base, h * w / CELL ** 2)
    return img


# ----------------------------------------------------------------------------- treasure icons


def _blueberry(img: np.ndarray, c: np.ndarray, s: float, st: dict, rng: np.random.Generator) -> None:
    if st["berry_leaf"]:
        _small_leaf(img, c + (-0.3 * s, -0.55 * s), 0.42 * s, 0.18 * s, -30, (60, 150, 70), (40, 100, 40))
    n = int(rng.integers(3, 6))
    r = s * (0.36 if n == 3 else 0.3)
    a0 = rng.uniform(0, 2 * np.pi)
    ring = 0.34 * s if n == 3 else 0.4 * s
    centres = [c + ring * np.array([np.cos(a0 + 2 * np.pi * k / n), np.sin(a0 + 2 * np.pi * k / n)]) for k in range(n)]
    for p in sorted(centres, key=lambda q: q[1]):  # back to front
        blue = _jitter(rng, st["berry"], 12)
        _circle(img, p, r, _shade(blue, 0.5))
        _circle(img, p, r * 0.88, blue)
        _circle(img, p + (-0.35 * r, -0.35 * r), r * 0.22, _mix(blue, (255, 235, 220), 0.5))
        q = p + (0.18 * r, 0.12 * r)
        for k in range(5):  # the crown at the berry's end
            t = 2 * np.pi * k / 5
            _lines(img, [q, q + 0.26 * r * np.array([np.cos(t), np.sin(t)])], _shade(blue, 0.3), 1)


def _nut(img: np.ndarray, c: np.ndarray, s: float, st: dict, rng: np.random.Generator) -> None:
    brown = np.asarray(st["nut"])
    if st["nut_kind"] == "acorn":
        b = c + (0, 0.18 * s)
        _ellipse(img, b, (0.36 * s, 0.46 * s), 0, _shade(brown, 0.55))
        _ellipse(img, b, (0.32 * s, 0.42 * s), 0, brown)
        _ellipse(img, b + (-0.13 * s, 0), (0.06 * s, 0.24 * s), 0, _mix(brown, (220, 240, 250), 0.45))
        _circle(img, b + (0, 0.44 * s), 0.05 * s, _shade(brown, 0.45))
        cap, cc = _shade(brown, 0.55), c + (0, -0.16 * s)
        _lines(img, [cc + (0, -0.26 * s), cc + (0.12 * s, -0.46 * s)], _shade(cap, 0.6), max(2, s * 0.08))
        _ellipse(img, cc, (0.47 * s, 0.31 * s), 0, _shade(cap, 0.65), a0=180, a1=360)
        _ellipse(img, cc, (0.47 * s, 0.1 * s), 0, _shade(cap, 0.65))
        _ellipse(img, cc, (0.43 * s, 0.27 * s), 0, cap, a0=180, a1=360)
        for dx in np.linspace(-0.3, 0.3, 5):  # cap scales
            for dy in (-0.16, -0.05):
                if abs(dx) < 0.36 - abs(dy):
                    _circle(img, cc + (dx * s, dy * s), 0.035 * s + 0.6, _shade(cap, 0.7))
        return
    # hazelnut: round body with a point, frilly husk on top
    t = np.linspace(0, 2 * np.pi, 40)
    y = 0.12 + 0.42 * np.cos(t)
    y -= np.where(np.cos(t) < 0, 0.2 * np.cos(t) ** 2, 0)
    body = c + s * np.stack([0.42 * np.sin(t), y], 1)
    _poly(img, c + (body - c) * 1.08, _shade(brown, 0.55))
    _poly(img, body, brown)
    for k in (-0.18, 0.0, 0.18):
        _lines(img, [c + (k * s, -0.1 * s), c + (k * 1.3 * s, 0.35 * s)], _shade(brown, 0.8), 1)
    _ellipse(img, c + (-0.17 * s, 0.18 * s), (0.06 * s, 0.16 * s), 10, _mix(brown, (220, 240, 250), 0.45))
    a = np.radians(np.linspace(195, 345, 13))
    rad = np.where(np.arange(13) % 2 == 0, 0.56, 0.34) * s
    husk = np.concatenate([c + (0, -0.12 * s) + np.stack([rad * np.cos(a), rad * np.sin(a) * 0.8], 1),
                           [c + (0.3 * s, -0.05 * s), c + (-0.3 * s, -0.05 * s)]])
    green = st["husk"]
    _poly(img, husk, _shade(green, 0.6))
    _poly(img, c + (husk - c) * 0.9 + (0, -0.01 * s), green)


def _mushroom(img: np.ndarray, c: np.ndarray, s: float, st: dict, rng: np.random.Generator) -> None:
    cream = np.array((195.0, 222.0, 232.0))
    for k in (-0.4, -0.15, 0.2, 0.42):  # grass at the foot
        _lines(img, [c + (k * s, 0.62 * s), c + ((k + 0.06) * s, 0.42 * s)], (50, 150, 80), 2)
    stem = np.array([c + (-0.18 * s, 0.62 * s), c + (0.18 * s, 0.62 * s), c + (0.11 * s, 0), c + (-0.11 * s, 0)])
    _poly(img, stem, cream)
    _lines(img, stem, _shade(cream, 0.55), 1, closed=True)
    cap = np.asarray(st["cap"])
    _ellipse(img, c + (0, 0.02 * s), (0.62 * s, 0.1 * s), 0, _shade(cream, 0.75))
    _ellipse(img, c, (0.65 * s, 0.53 * s), 0, _shade(cap, 0.55), a0=180, a1=360)
    _ellipse(img, c + (0, -0.01 * s), (0.61 * s, 0.49 * s), 0, cap, a0=180, a1=360)
    _ellipse(img, c + (-0.25 * s, -0.3 * s), (0.14 * s, 0.06 * s), -35, _mix(cap, (255, 255, 255), 0.35))
    if st["cap_dots"]:
        dots = ((-0.3, -0.15, 0.08), (0.05, -0.34, 0.09), (0.34, -0.18, 0.07), (0.1, -0.1, 0.06), (-0.1, -0.4, 0.05))
        for dx, dy, rr in dots:
            _circle(img, c + (dx * s, dy * s), rr * s, (235, 240, 245))


def _feather(img: np.ndarray, c: np.ndarray, s: float, st: dict, rng: np.random.Generator) -> None:
    p0, p2 = c + (-0.72 * s, 0.72 * s), c + (0.72 * s, -0.72 * s)
    p1 = (p0 + p2) / 2 + np.array([0.7071, 0.7071]) * 0.3 * s * st["feather_bend"]
    t = np.linspace(0, 1, 28)[:, None]
    path = (1 - t) ** 2 * p0 + 2 * (1 - t) * t * p1 + t ** 2 * p2
    d = 2 * (1 - t) * (p1 - p0) + 2 * t * (p2 - p1)
    nrm = np.stack([-d[:, 1], d[:, 0]], 1) / np.linalg.norm(d, axis=1, keepdims=True)
    u = np.clip((t[:, 0] - 0.12) / 0.88, 0, 1)
    wid = (0.3 * s * np.sin(np.pi * u) ** 0.6 * (1 - 0.25 * u))[:, None]
    col = np.asarray(st["feather"])
    for k, shade in ((1.12, 0.6), (1.0, 1.0)):  # outline, then vane
        vane = np.concatenate([path + nrm * (wid * k + (k - 1) * 2), (path - nrm * (wid * 0.75 * k + (k - 1) * 2))[::-1]])
        _poly(img, vane, _shade(col, shade))
    for i in range(4, 26, 2):
        _lines(img, [path[i], path[i + 1] + nrm[i + 1] * wid[i + 1] * 0.95], _shade(col, 0.78), 1)
        _lines(img, [path[i], path[i + 1] - nrm[i + 1] * wid[i + 1] * 0.7], _shade(col, 0.78), 1)
    if st["feather_bars"]:  # jay-like dark bars across the vane
        for i in range(14, 26, 3):
            _lines(img, [path[i] + nrm[i] * wid[i] * 0.9, path[i] - nrm[i] * wid[i] * 0.68], st["bar"], 2)
    _lines(img, path, _mix(col, (240, 245, 250), 0.6), 2)


_ICONS = {"B": _blueberry, "N": _nut, "M": _mushroom, "F": _feather}
_ICON_SCALE = {"B": 1.0, "N": 1.3, "M": 1.0, "F": 1.0}  # evens out the icons' sizes


def _icon(img: np.ndarray, ch: str, c: Pt, s: float, st: dict, rng: np.random.Generator) -> None:
    _ICONS[ch](img, np.asarray(c, np.float64), s * _ICON_SCALE[ch], st, rng)


def _badge(img: np.ndarray, c: Pt, r: float, st: dict) -> None:
    """Light printed disc or rounded square behind a treasure."""
    c, col = np.asarray(c, np.float64), st["badge_col"]
    if st["badge"] == "disc":
        _circle(img, c, r + 1.5, _shade(col, 0.65))
        _circle(img, c, r, col)
    elif st["badge"] == "square":
        _poly(img, _rounded_pts(c[0] - r - 1.5, c[1] - r - 1.5, c[0] + r + 1.5, c[1] + r + 1.5, r * 0.35), _shade(col, 0.65))
        _poly(img, _rounded_pts(c[0] - r, c[1] - r, c[0] + r, c[1] + r, r * 0.3), col)


# ----------------------------------------------------------------------------- board design

_LOOKS = (  # one board side each: cell lines, badge, frame, nut and mushroom looks
    dict(lines="clear", badge="disc", frame="bark", nut_kind="acorn", cap=(40, 45, 190), cap_dots=True),
    dict(lines="faint", badge="none", frame="leafy", nut_kind="hazel", cap=(45, 85, 150), cap_dots=False),
    dict(lines="none", badge="square", frame="paper", nut_kind="acorn", cap=(50, 60, 175), cap_dots=True),
    dict(lines="light", badge="disc", frame="wood", nut_kind="hazel", cap=(35, 40, 200), cap_dots=True),
)
_FRAME_BASE = {"bark": (40, 55, 75), "leafy": (50, 95, 55), "paper": (175, 205, 220), "wood": (95, 150, 195)}


@dataclass(frozen=True)
class _Design:
    top: np.ndarray            # canvas BGR uint8: the printed board top, zero outside
    alpha: np.ndarray          # canvas float32: board-top coverage (rounded corners)
    grid: tuple[int, int]      # canvas px of the grid's top-left corner
    layout: str
    style: dict


def _style(rng: np.random.Generator, design: int) -> dict:
    st = dict(_LOOKS[design % len(_LOOKS)])
    dark_lines = st["lines"] != "light"
    st.update(
        berry=_jitter(rng, (125, 55, 45), 15), nut=_jitter(rng, (55, 120, 180), 15),
        husk=_jitter(rng, (60, 140, 110), 15),
        feather=_jitter(rng, ((150, 130, 110), (70, 95, 160), (200, 200, 195))[design % 3], 12),
        feather_bars=bool(design % 2 == 0), bar=(90, 40, 20), feather_bend=float(rng.choice([-1, 1])),
        berry_leaf=bool(rng.random() < 0.6), badge_col=_jitter(rng, (205, 228, 238), 12),
        badge_r=rng.uniform(0.38, 0.44),
        line_col=_jitter(rng, (35, 45, 40), 10) if dark_lines else _jitter(rng, (200, 225, 230), 10),
        cell_line={"clear": (2, 0.7), "faint": (1, 0.22), "none": (0, 0.0), "light": (2, 0.55)}[st["lines"]],
        region_line=(int(rng.integers(2, 4)), rng.uniform(0.55, 0.85)),
        accent=_jitter(rng, (120, 200, 225) if st["frame"] != "paper" else (40, 90, 60), 20),
    )
    return st


def _blend_rect(img: np.ndarray, ys: slice, xs: slice, col, a: float) -> None:
    img[ys, xs] = _to8(img[ys, xs].astype(np.float32) * (1 - a) + np.float32(_col(col)) * a)


def _grid_lines(img: np.ndarray, rows: int, cols: int, st: dict) -> None:
    """Printed lines between cells; region borders are always drawn, cell lines per design."""
    for n, axis in ((cols, 1), (rows, 0)):
        for k in range(1, n):
            region = k % REGION[axis] == 0
            th, a = st["region_line"] if region else st["cell_line"]
            if th == 0 or a == 0:
                continue
            span = slice(k * CELL - th // 2, k * CELL - th // 2 + th)
            if axis == 1:
                _blend_rect(img, slice(None), span, st["line_col"], a)
            else:
                _blend_rect(img, span, slice(None), st["line_col"], a)


def _grid_art(rng: np.random.Generator, rows: int, cols: int, st: dict) -> np.ndarray:
    """The cell grid: each region its own floor art, cells slightly varied, printed lines."""
    gh, gw = rows * CELL, cols * CELL
    img = np.zeros((gh, gw, 3), np.uint8)
    kinds = list(FLOORS)
    order = rng.permutation(len(kinds))
    k = 0
    for y0 in range(0, gh, REGION[0] * CELL):
        for x0 in range(0, gw, REGION[1] * CELL):
            kind = kinds[order[k % len(kinds)]]
            k += 1
            y1, x1 = min(gh, y0 + REGION[0] * CELL), min(gw, x0 + REGION[1] * CELL)
            base = _jitter(rng, FLOORS[kind], 14) * rng.uniform(0.9, 1.1)
            img[y0:y1, x0:x1] = _floor(rng, y1 - y0, x1 - x0, kind, base)
    tint = np.repeat(np.repeat(rng.uniform(0.95, 1.05, (rows, cols)), CELL, 0), CELL, 1)
    img = _to8(img * tint[..., None].astype(np.float32))
    _grid_lines(img, rows, cols, st)
    return img


def _frame_art(rng: np.random.Generator, bh: int, bw: int, frame: int, st: dict) -> np.ndarray:
    """Whole board face with the frame's print: texture along the edges plus small motifs."""
    kind = st["frame"]
    base = _jitter(rng, _FRAME_BASE[kind], 12)
    img = _textured(rng, bh, bw, base, amp=(10, 6, 4))
    yy, xx = np.mgrid[0:bh, 0:bw]
    along_x = np.minimum(yy, bh - 1 - yy) < np.minimum(xx, bw - 1 - xx)  # top/bottom strips
    if kind in ("bark", "wood"):  # streaks running along each strip
        hs = cv2.resize(_noise(rng, max(bh // 12, 4), bw, 2), (bw, bh))
        vs = cv2.resize(_noise(rng, bh, max(bw // 12, 4), 2), (bw, bh))
        streak = np.where(along_x, hs, vs)
        if kind == "wood":
            streak = np.sin(streak * 3.0)
        img += (streak * (16 if kind == "bark" else 12))[..., None]
    img = _to8(img)
    if kind == "paper":
        _speckle(rng, img, bh * bw // 300, [_shade(base, 0.8), _shade(base, 1.1)])
    if kind == "leafy":
        for _ in range(int(bh * bw / 250)):
            col = _jitter(rng, (55, 120, 60), 25)
            _small_leaf(img, rng.uniform(0, [bw, bh]), rng.uniform(5, 11), rng.uniform(2, 5), rng.uniform(0, 180),
                        col, _shade(col, 0.7))
    _frame_motifs(rng, img, frame, st)
    if rng.random() < 0.7:  # printed line near the outer edge
        e = int(rng.integers(4, 8))
        cv2.rectangle(img, (e, e), (bw - 1 - e, bh - 1 - e), _col(st["accent"]), 1, cv2.LINE_AA)
    return img


def _frame_motifs(rng: np.random.Generator, img: np.ndarray, frame: int, st: dict) -> None:
    """Small leaves, berries and acorn-dots along the frame; emblems at the corners."""
    bh, bw = img.shape[:2]
    m, size = frame / 2, 0.28 * frame
    x0, y0, x1, y1 = m, m, bw - m, bh - m
    per = 2 * (x1 - x0 + y1 - y0)
    pal = [st["accent"], _shade(st["accent"], 0.7), (60, 90, 170), (50, 130, 80)]
    for d in np.arange(rng.uniform(0, CELL), per, rng.uniform(0.55, 0.9) * CELL):
        if d < x1 - x0:
            p = (x0 + d, y0)
        elif d < x1 - x0 + y1 - y0:
            p = (x1, y0 + d - (x1 - x0))
        elif d < 2 * (x1 - x0) + y1 - y0:
            p = (x1 - (d - (x1 - x0 + y1 - y0)), y1)
        else:
            p = (x0, y1 - (d - 2 * (x1 - x0) - (y1 - y0)))
        p = np.asarray(p) + rng.uniform(-0.15, 0.15, 2) * frame
        col = pal[rng.integers(len(pal))]
        motif = rng.integers(3)
        if motif == 0:
            _small_leaf(img, p, size, size * 0.45, rng.uniform(0, 180), col, _shade(col, 0.6))
        elif motif == 1:
            for k in range(3):
                _circle(img, p + size * 0.45 * np.array([np.cos(2.1 * k), np.sin(2.1 * k)]), size * 0.32, col)
        else:
            _circle(img, p, size * 0.35, col)
            _circle(img, p, size * 0.6, col, 1)
    if frame >= 0.4 * CELL:
        for c in ((m, m), (bw - m, m), (bw - m, bh - m), (m, bh - m)):
            _circle(img, c, frame * 0.38, _shade(st["accent"], 0.8), 2)
            _small_leaf(img, c, frame * 0.22, frame * 0.1, 45, st["accent"], _shade(st["accent"], 0.6))


def _layout(rng: np.random.Generator, rows: int, cols: int) -> str:
    n = rows * cols
    chars = [ch for ch, k in TREASURES for _ in range(k)][: max(n // 2, 1)]
    flat = ["."] * n
    for i, ch in zip(rng.permutation(n), chars):
        flat[int(i)] = ch
    return "/".join("".join(flat[r * cols:(r + 1) * cols]) for r in range(rows))


def _treasures(rng: np.random.Generator, grid: np.ndarray, layout: str, st: dict) -> None:
    for r, row in enumerate(layout.split("/")):
        for c, ch in enumerate(row):
            if ch == ".":
                continue
            centre = (np.array([c, r]) + 0.5) * CELL - 0.5 + rng.uniform(-0.04, 0.04, 2) * CELL
            if st["badge"] != "none":
                _badge(grid, centre, st["badge_r"] * CELL, st)
            _icon(grid, ch, centre, 0.34 * CELL * rng.uniform(0.93, 1.05), st, rng)


@lru_cache(maxsize=8)
def _design(design: int, rows: int, cols: int) -> _Design:
    """The printed board side, deterministic from the design number (cached: it is costly)."""
    rng = np.random.default_rng((0x1D1A5, design & 0xFFFFFFFF))
    st = _style(rng, design)
    frame = int(round(rng.uniform(0.3, 0.7) * CELL))
    gw, gh = cols * CELL, rows * CELL
    bw, bh = gw + 2 * frame, gh + 2 * frame
    board = _frame_art(rng, bh, bw, frame, st)
    grid = _grid_art(rng, rows, cols, st)
    layout = _layout(rng, rows, cols)
    _treasures(rng, grid, layout, st)
    th = int(rng.integers(2, 5))  # printed outline just outside the grid
    cv2.rectangle(board, (frame - th, frame - th), (frame + gw + th - 1, frame + gh + th - 1), _col(st["accent"] * 0.8), th)
    board[frame:frame + gh, frame:frame + gw] = grid
    top = np.zeros((bh + 2 * MARGIN, bw + 2 * MARGIN, 3), np.uint8)
    top[MARGIN:MARGIN + bh, MARGIN:MARGIN + bw] = board
    alpha = np.zeros(top.shape[:2], np.uint8)
    _poly(alpha, _rounded_pts(MARGIN - 0.5, MARGIN - 0.5, MARGIN + bw - 0.5, MARGIN + bh - 0.5, rng.uniform(4, 14)), (255,))
    top[alpha == 0] = 0
    return _Design(top, alpha.astype(np.float32) / 255, (MARGIN + frame, MARGIN + frame), layout, st)


# ----------------------------------------------------------------------------- pieces on the board


@dataclass
class _Piece:
    kind: str                                # "leaf", "animal" or "squirrel"
    cells: list[tuple[int, int]]
    hole: tuple[int, int] | None = None


def _grow(rng: np.random.Generator, free: np.ndarray, anchor: tuple[int, int], size: int) -> list[tuple[int, int]] | None:
    """A random polyomino of `size` free cells grown from anchor, or None if it does not fit."""
    rows, cols = free.shape
    cells = [anchor]
    while len(cells) < size:
        around = {(r + dr, c + dc) for r, c in cells for dr, dc in N4}
        frontier = sorted(p for p in around if 0 <= p[0] < rows and 0 <= p[1] < cols and free[p] and p not in cells)
        if not frontier:
            return None
        cells.append(frontier[int(rng.integers(len(frontier)))])
    return cells


def _small_pockets(free: np.ndarray) -> int:
    """Free cells in pockets of fewer than 3 cells (only squirrels would fit there)."""
    n, _, stats, _ = cv2.connectedComponentsWithStats(free.astype(np.uint8), connectivity=4)
    return int(sum(stats[i, cv2.CC_STAT_AREA] for i in range(1, n) if stats[i, cv2.CC_STAT_AREA] < 3))


def _best_growth(rng: np.random.Generator, free: np.ndarray, anchor: tuple[int, int], size: int,
                 tries: int = 6) -> list[tuple[int, int]] | None:
    """Of a few random growths, one leaving the fewest tiny pockets (keeps squirrels from filling gaps)."""
    best, best_score = None, None
    for _ in range(tries if size > 1 else 1):
        cells = _grow(rng, free, anchor, size)
        if cells is None:
            continue
        left = free.copy()
        for r, c in cells:
            left[r, c] = False
        score = _small_pockets(left)
        if best_score is None or score < best_score:
            best, best_score = cells, score
    return best


def _anchor(rng: np.random.Generator, free: np.ndarray, tight: bool) -> tuple[int, int]:
    """A free cell; tight packing starts from the free cell with fewest free neighbours."""
    cand = np.argwhere(free)
    if tight:
        f = np.pad(free, 1).astype(int)
        nb = f[:-2, 1:-1] + f[2:, 1:-1] + f[1:-1, :-2] + f[1:-1, 2:]
        counts = nb[cand[:, 0], cand[:, 1]]
        cand = cand[counts == counts.min()]
    r, c = cand[int(rng.integers(len(cand)))]
    return int(r), int(c)


def _piece_kinds(rng: np.random.Generator, need: int, animals: int, squirrels: int) -> list[tuple[str, int]]:
    """Piece kinds to try, most wanted first, none bigger than the cells still wanted."""
    opts = [("leaf", 3, 0.26), ("leaf", 4, 0.26), ("leaf", 5, 0.22)]
    if animals < 3:
        opts += [("animal", 3, 0.05), ("animal", 4, 0.05)]
    if squirrels < 4:
        opts.append(("squirrel", 1, 0.08))
    opts = [o for o in opts if o[1] <= need]
    if not opts:
        return [("squirrel", 1)]
    w = np.array([o[2] for o in opts])
    order = rng.choice(len(opts), len(opts), replace=False, p=w / w.sum())
    return [opts[i][:2] for i in order] + [("squirrel", 1)]


def _place_pieces(rng: np.random.Generator, rows: int, cols: int, coverage: float) -> list[_Piece]:
    """Non-overlapping pieces covering about `coverage` of the cells."""
    free = np.ones((rows, cols), bool)
    target = int(round(np.clip(coverage, 0, 1) * rows * cols))
    pieces: list[_Piece] = []
    while rows * cols - free.sum() < target:
        need = int(target - (rows * cols - free.sum()))
        anchor = _anchor(rng, free, rng.random() < coverage)
        n_animals = sum(p.kind == "animal" for p in pieces)
        n_squirrels = sum(p.kind == "squirrel" for p in pieces)
        for kind, size in _piece_kinds(rng, need, n_animals, n_squirrels):
            cells = _best_growth(rng, free, anchor, size)
            if cells:
                hole = cells[int(rng.integers(len(cells)))] if kind == "leaf" else None
                pieces.append(_Piece(kind, cells, hole))
                for r, c in cells:
                    free[r, c] = False
                break
    return pieces


def _random_coverage(rng: np.random.Generator) -> float:
    u = rng.random()
    if u < 0.15:
        return float(rng.uniform(0, 0.08))      # nearly empty
    if u < 0.3:
        return float(rng.uniform(0.9, 1.0))     # nearly full
    return float(rng.uniform(0, 1))


def _leaf_colour(rng: np.random.Generator, size: int) -> np.ndarray:
    """Greens for 3 cells, yellows/oranges for 4, reds for 5, some browner ones."""
    brown = rng.random() < 0.18
    if size == 3:
        h, s, v = (rng.uniform(22, 34), rng.uniform(100, 170), rng.uniform(90, 150)) if brown else \
                  (rng.uniform(36, 68), rng.uniform(120, 225), rng.uniform(110, 205))
    elif size == 4:
        h, s, v = (rng.uniform(10, 18), rng.uniform(150, 220), rng.uniform(130, 175)) if brown else \
                  (rng.uniform(11, 30), rng.uniform(170, 250), rng.uniform(185, 250))
    else:
        h, s, v = (rng.uniform(4, 12), rng.uniform(150, 220), rng.uniform(90, 140)) if brown else \
                  (rng.uniform(-4, 7) % 180, rng.uniform(180, 250), rng.uniform(140, 220))
    return _hsv(h, s, v)


def _piece_looks(rng: np.random.Generator) -> dict:
    """Per-photo look of the pieces (one printing of the tiles)."""
    inset = int(rng.integers(1, 3))                         # half the gap between tiles, px
    per_photo = rng.random() < 0.5
    return dict(
        leaf={k: _leaf_colour(rng, k) for k in (3, 4, 5)},
        hole=_hole_shape(rng, inset) if per_photo else None,
        border=rng.random() < 0.5, border_dark=rng.random() < 0.5,
        vein_light=rng.random() < 0.7, inset=inset, corner=int(rng.integers(2, 6)),
        animal_bg=_jitter(rng, ((170, 200, 215), (150, 200, 170), (210, 195, 165))[rng.integers(3)], 15),
        token_bg=_jitter(rng, (185, 212, 226), 12), cardboard=_jitter(rng, (125, 140, 150), 15),
    )


def _hole_shape(rng: np.random.Generator, inset: int) -> dict:
    """Hole size in cell units: squares 0.70-0.95, round 0.70-0.90, with a ring of >= 2.5 % left."""
    kind = str(rng.choice(["square", "rounded", "circle", "oval"]))
    top = 1 - 2 * 0.025 - 2 * inset / CELL
    if kind in ("square", "rounded"):
        side = min(rng.uniform(0.70, 0.95), top)
        w = h = side
        rad = 0.0 if kind == "square" else rng.uniform(0.12, 0.3) * side
    else:
        w = rng.uniform(0.7, 0.9)
        h = w if kind == "circle" else rng.uniform(0.7, 0.9)
        rad = 0.0
    return dict(kind=kind, w=w, h=h, rad=rad)


def _local_frame(cells: list[tuple[int, int]]) -> tuple[int, int, int, int]:
    """(r0, c0, h, w) of a piece's local canvas: its cell box plus PAD."""
    rs, cs = [r for r, _ in cells], [c for _, c in cells]
    r0, c0 = min(rs), min(cs)
    return r0, c0, (max(rs) - r0 + 1) * CELL + 2 * PAD, (max(cs) - c0 + 1) * CELL + 2 * PAD


def _cell_px(r: int, c: int, r0: int, c0: int) -> tuple[int, int]:
    return PAD + (c - c0) * CELL, PAD + (r - r0) * CELL


def _piece_mask(cells, r0: int, c0: int, h: int, w: int, inset: int, corner: int) -> np.ndarray:
    """Die-cut outline: the cells' union shrunk by inset (the gap) with rounded outer corners."""
    m = np.zeros((h, w), np.uint8)
    for r, c in cells:
        x, y = _cell_px(r, c, r0, c0)
        m[y:y + CELL, x:x + CELL] = 255
    m = cv2.erode(m, _disk(inset + corner))
    return cv2.dilate(m, _disk(corner)) if corner else m


def _cut_hole(rng: np.random.Generator, mask: np.ndarray, cx: float, cy: float, hs: dict, inset: int) -> np.ndarray:
    """Cuts the hole into the mask (slightly off-centre where the ring allows); returns its centre."""
    slack = max(0.0, (1 - max(hs["w"], hs["h"])) / 2 - inset / CELL - 0.03)
    c = np.array([cx, cy]) + rng.uniform(-0.6, 0.6, 2) * slack * CELL
    w, h = hs["w"] * CELL / 2, hs["h"] * CELL / 2
    if hs["kind"] in ("square", "rounded"):
        _poly(mask, _rounded_pts(c[0] - w, c[1] - h, c[0] + w, c[1] + h, hs["rad"] * CELL), (0,))
    else:
        _ellipse(mask, c, (w, h), 0, (0,))
    return c


def _spine(rng: np.random.Generator, cells, r0: int, c0: int) -> np.ndarray:
    """A smooth main vein through the cell centres along the tile's long direction."""
    pts = np.array([np.array(_cell_px(r, c, r0, c0)) + CELL / 2 for r, c in cells], np.float64)
    mean = pts.mean(0)
    if len(pts) > 1:
        _, vecs = np.linalg.eigh(np.cov((pts - mean).T) + np.eye(2) * 1e-3)
        d = vecs[:, -1]
    else:
        d = np.array([1.0, 0.0])
    pts = pts[np.argsort((pts - mean) @ d)] + rng.uniform(-0.12, 0.12, pts.shape) * CELL
    pts = np.concatenate([[pts[0] - d * 0.38 * CELL], pts, [pts[-1] + d * 0.38 * CELL]])
    for _ in range(2):  # Chaikin smoothing
        q = np.empty((2 * len(pts) - 2, 2))
        q[0::2], q[1::2] = 0.75 * pts[:-1] + 0.25 * pts[1:], 0.25 * pts[:-1] + 0.75 * pts[1:]
        pts = q
    return pts


def _leaf_art(rng: np.random.Generator, piece: _Piece, r0: int, c0: int, h: int, w: int, looks: dict) -> np.ndarray:
    """Leaf tile print: mottled colour, a main vein with side veins, a few spots."""
    base = np.clip(looks["leaf"][min(max(len(piece.cells), 3), 5)] + rng.uniform(-14, 14, 3), 0, 255)
    other = _shade(base, rng.uniform(0.7, 0.85)) + rng.uniform(-20, 20, 3)
    t = np.clip(_noise(rng, h, w, 14) * 0.35 + 0.5, 0, 1)[..., None]
    img = base * (1 - t) + other * t + _noise(rng, h, w, 1.2)[..., None] * 6
    art = _to8(img)
    vein = _mix(base, (170, 235, 245), 0.45) if looks["vein_light"] else _shade(base, 0.6)
    spine = _spine(rng, piece.cells, r0, c0)
    _lines(art, spine, vein, 3)
    for i in range(2, len(spine) - 2, 2):
        d = spine[i + 1] - spine[i - 1]
        a = np.arctan2(d[1], d[0]) + (0.75 if i % 4 == 0 else -0.75)
        ln = rng.uniform(0.25, 0.45) * CELL
        p1 = spine[i] + ln * 0.5 * np.array([np.cos(a), np.sin(a)])
        p2 = spine[i] + ln * np.array([np.cos(a + 0.25), np.sin(a + 0.25)])
        _lines(art, [spine[i], p1, p2], vein, rng.choice([1, 2]))
    for _ in range(int(rng.integers(0, 4))):
        x, y = _cell_px(*piece.cells[rng.integers(len(piece.cells))], r0, c0)
        spot = (x + rng.uniform(15, 80), y + rng.uniform(15, 80))
        _ellipse(art, spot, rng.uniform(3, 8, 2), rng.uniform(0, 180), _shade(base, 0.72))
    return art


def _hedgehog(img: np.ndarray, c: np.ndarray, s: float, fx: int) -> None:
    for a in np.radians(np.linspace(160, 380, 30)):
        d = np.array([np.cos(a) * 0.95, np.sin(a) * 0.62]) * s
        _lines(img, [c + d * 0.5, c + d * 1.2], (35, 50, 70), 2)
    _ellipse(img, c, (0.95 * s, 0.6 * s), 0, (40, 55, 75))
    _ellipse(img, c + (0, 0.06 * s), (0.82 * s, 0.48 * s), 0, (70, 95, 120))
    _ellipse(img, c + (fx * 0.82 * s, 0.18 * s), (0.36 * s, 0.25 * s), 0, (150, 185, 210))
    _circle(img, c + (fx * 1.17 * s, 0.16 * s), 0.08 * s, (20, 20, 25))
    _circle(img, c + (fx * 0.82 * s, 0.08 * s), 0.06 * s, (20, 20, 25))
    for k in (-0.4, 0.3):
        _ellipse(img, c + (k * s, 0.6 * s), (0.12 * s, 0.07 * s), 0, (50, 70, 95))


def _fox(img: np.ndarray, c: np.ndarray, s: float, fx: int) -> None:
    orange, white, dark = (40, 110, 215), (235, 240, 245), (30, 30, 35)
    for k in (-0.4, 0.35):
        _lines(img, [c + (k * s, 0.2 * s), c + (k * s, 0.6 * s)], dark, 3)
    _ellipse(img, c + (-fx * 0.95 * s, -0.05 * s), (0.55 * s, 0.22 * s), -fx * 20, orange)
    _circle(img, c + (-fx * 1.4 * s, -0.2 * s), 0.14 * s, white)
    _ellipse(img, c, (0.7 * s, 0.36 * s), 0, orange)
    head = [c + (fx * 0.5 * s, -0.45 * s), c + (fx * 0.55 * s, 0.2 * s), c + (fx * 1.25 * s, -0.05 * s)]
    _poly(img, head, orange)
    _poly(img, [head[1], head[2], c + (fx * 0.8 * s, 0.05 * s)], white)
    for e in (0.55, 0.8):
        ear = [c + (fx * e * s, -0.3 * s), c + (fx * (e + 0.2) * s, -0.3 * s), c + (fx * (e + 0.05) * s, -0.65 * s)]
        _poly(img, ear, orange)
    _circle(img, c + (fx * 0.8 * s, -0.18 * s), 0.06 * s, dark)
    _circle(img, c + (fx * 1.24 * s, -0.05 * s), 0.06 * s, dark)


def _owl(img: np.ndarray, c: np.ndarray, s: float, fx: int) -> None:
    brown, light = (60, 90, 135), (150, 190, 215)
    _poly(img, [c + (-0.45 * s, -0.7 * s), c + (-0.2 * s, -0.6 * s), c + (-0.45 * s, -0.98 * s)], brown)
    _poly(img, [c + (0.45 * s, -0.7 * s), c + (0.2 * s, -0.6 * s), c + (0.45 * s, -0.98 * s)], brown)
    _ellipse(img, c, (0.55 * s, 0.82 * s), 0, brown)
    _ellipse(img, c + (0, 0.22 * s), (0.36 * s, 0.5 * s), 0, light)
    for k in (-0.15, 0.15):
        for y in (0.1, 0.35):
            _lines(img, [c + ((k - 0.07) * s, y * s), c + (k * s, (y + 0.07) * s), c + ((k + 0.07) * s, y * s)], brown, 1)
    for k in (-0.22, 0.22):
        _circle(img, c + (k * s, -0.4 * s), 0.2 * s, (240, 245, 245))
        _circle(img, c + (k * s, -0.4 * s), 0.1 * s, (20, 20, 25))
    _poly(img, [c + (-0.07 * s, -0.3 * s), c + (0.07 * s, -0.3 * s), c + (0, -0.15 * s)], (40, 150, 230))


def _squirrel(img: np.ndarray, c: np.ndarray, s: float, fx: int, col) -> None:
    """Sitting squirrel facing fx (+1 right, -1 left): bushy tail arching up behind its back."""
    col = np.asarray(col, np.float64)
    t = np.linspace(0, 1, 18)
    tail = c + s * np.stack([-fx * (0.02 + 0.42 * np.sin(np.pi * t) - 0.06 * t), 0.45 - 1.0 * t], 1)
    d = np.gradient(tail, axis=0)
    nrm = np.stack([-d[:, 1], d[:, 0]], 1) / (np.linalg.norm(d, axis=1, keepdims=True) + 1e-9)
    wid = s * (0.05 + 0.15 * np.sin(np.pi * np.clip(0.15 + 0.8 * t, 0, 1)))[:, None]  # bushy middle
    for k, shade in ((1.15, 0.6), (1.0, 1.0)):
        _poly(img, np.concatenate([tail + nrm * wid * k, (tail - nrm * wid * k)[::-1]]), _shade(col, shade))
        _circle(img, tail[-1], wid[-1, 0] * k, _shade(col, shade))  # rounded tip
    _lines(img, tail[3:-3], _mix(col, (200, 225, 240), 0.45), 0.06 * s)
    _ellipse(img, c + (fx * 0.12 * s, 0.18 * s), (0.24 * s, 0.34 * s), -fx * 12, col)
    _ellipse(img, c + (fx * 0.2 * s, 0.22 * s), (0.11 * s, 0.22 * s), -fx * 12, _mix(col, (200, 225, 240), 0.5))
    head = c + (fx * 0.26 * s, -0.26 * s)
    _circle(img, head, 0.17 * s, col)
    _ellipse(img, head + (fx * 0.14 * s, 0.04 * s), (0.11 * s, 0.08 * s), 0, col)
    ear = [head + (-fx * 0.08 * s, -0.1 * s), head + (fx * 0.06 * s, -0.14 * s), head + (-fx * 0.04 * s, -0.34 * s)]
    _poly(img, ear, _shade(col, 0.85))
    _circle(img, head + (fx * 0.08 * s, -0.03 * s), 0.04 * s, (20, 20, 25))
    _circle(img, c + (fx * 0.34 * s, 0.06 * s), 0.09 * s, (40, 80, 120))  # a nut in its paws
    _ellipse(img, c + (fx * 0.2 * s, 0.52 * s), (0.16 * s, 0.05 * s), 0, _shade(col, 0.7))


_ANIMALS = (_hedgehog, _fox, _owl)


def _animal_art(rng: np.random.Generator, piece: _Piece, r0: int, c0: int, h: int, w: int, looks: dict) -> np.ndarray:
    """Animal tile print: pale textured ground, grass, one animal on the tile's middle."""
    art = _to8(_textured(rng, h, w, _jitter(rng, looks["animal_bg"], 12), amp=(8, 5, 3)))
    _grass(rng, art, _shade(looks["animal_bg"], 0.8), 0.3 * len(piece.cells))
    pts = np.array([_cell_px(r, c, r0, c0) for r, c in piece.cells], np.float64) + CELL / 2
    centre = pts[np.argmin(((pts - pts.mean(0)) ** 2).sum(1))]  # the most central cell
    k = int(rng.integers(4))  # draw upright in a quarter-turned copy: exact, no resampling
    rot = np.ascontiguousarray(np.rot90(art, k))
    cx, cy = centre
    for _ in range(k):  # where the centre lands in the turned copy (np.rot90 turns counter-clockwise)
        cx, cy, w, h = cy, w - 1 - cx, h, w
    _ANIMALS[int(rng.integers(len(_ANIMALS)))](rot, np.array([cx, cy]), 0.34 * CELL, int(rng.choice([-1, 1])))
    return np.ascontiguousarray(np.rot90(rot, -k))


def _squirrel_art(rng: np.random.Generator, h: int, w: int, looks: dict, round_: bool) -> np.ndarray:
    art = _to8(_textured(rng, h, w, _jitter(rng, looks["token_bg"], 15), amp=(6, 4, 3)))
    c = np.array([w / 2, h / 2]) - 0.5
    _circle(art, c, 0.36 * CELL, _shade(looks["token_bg"], 0.75), 2)
    _squirrel(art, c + (0.0, 0.02 * CELL), 0.52 * CELL, int(rng.choice([-1, 1])), _jitter(rng, (35, 85, 170), 20))
    if round_:  # a round token lies at any angle
        m = cv2.getRotationMatrix2D((float(c[0]), float(c[1])), rng.uniform(0, 360), 1.0)
        art = cv2.warpAffine(art, m, (w, h), borderMode=cv2.BORDER_REFLECT)
    else:
        art = np.ascontiguousarray(np.rot90(art, int(rng.integers(4))))
    return art


def _border_line(art: np.ndarray, mask: np.ndarray, col, depth: int) -> None:
    """Thin printed line a few px inside the die-cut edge (hole edge included)."""
    inner = cv2.erode(mask, _disk(depth))
    contours, _ = cv2.findContours((inner > 127).astype(np.uint8), cv2.RETR_LIST, cv2.CHAIN_APPROX_NONE)
    cv2.drawContours(art, contours, -1, _col(col), 1, cv2.LINE_AA)


@dataclass
class _PieceArt:
    art: np.ndarray                       # local BGR uint8
    mask: np.ndarray                      # local uint8 coverage 0..255 (hole cut out)
    edge: np.ndarray                      # colour of the cardboard side
    hole_centre: np.ndarray | None = None # local px
    hole_size: float = 0.0                # inner size of the hole, px


def _piece_art(rng: np.random.Generator, piece: _Piece, looks: dict) -> tuple[_PieceArt, int, int]:
    r0, c0, h, w = _local_frame(piece.cells)
    inset, corner = looks["inset"], looks["corner"]
    if piece.kind == "squirrel":
        round_ = rng.random() < 0.5
        art = _squirrel_art(rng, h, w, looks, round_)
        mask = np.zeros((h, w), np.uint8)
        c = np.array([w / 2, h / 2]) - 0.5
        if round_:
            _circle(mask, c, rng.uniform(0.39, 0.45) * CELL, (255,))
        else:
            half = rng.uniform(0.42, 0.47) * CELL
            _poly(mask, _rounded_pts(c[0] - half, c[1] - half, c[0] + half, c[1] + half, rng.uniform(6, 14)), (255,))
        return _PieceArt(art, mask, _mix(looks["cardboard"], looks["token_bg"], 0.3)), r0, c0
    mask = _piece_mask(piece.cells, r0, c0, h, w, inset, corner)
    if piece.kind == "animal":
        art = _animal_art(rng, piece, r0, c0, h, w, looks)
        return _PieceArt(art, mask, _mix(looks["cardboard"], looks["animal_bg"], 0.3)), r0, c0
    art = _leaf_art(rng, piece, r0, c0, h, w, looks)
    hs = looks["hole"] or _hole_shape(rng, inset)
    x, y = _cell_px(*piece.hole, r0, c0)
    hc = _cut_hole(rng, mask, x + CELL / 2 - 0.5, y + CELL / 2 - 0.5, hs, inset)
    if looks["border"]:
        _border_line(art, mask, (30, 40, 40) if looks["border_dark"] else (190, 230, 240), int(rng.integers(3, 6)))
    edge = _mix(looks["cardboard"], _shade(art[h // 2, w // 2], 0.6), 0.4)
    return _PieceArt(art, mask, edge, hc, min(hs["w"], hs["h"]) * CELL), r0, c0


def _pose(rng: np.random.Generator, w: int, h: int, k: float) -> np.ndarray:
    """Small turn (<= 2 deg) and shift (<= 4 % of a cell) about the piece's middle, scaled by k."""
    m = cv2.getRotationMatrix2D((w / 2 - 0.5, h / 2 - 0.5), k * rng.uniform(-2, 2), 1.0)
    m[:, 2] += k * rng.uniform(-0.04, 0.04, 2) * CELL
    return m


@dataclass
class _Layers:
    """Accumulated face-on layers of all pieces (premultiplied colour)."""
    top_a: np.ndarray
    top_c: np.ndarray
    wall_a: np.ndarray
    wall_c: np.ndarray
    occ: np.ndarray

    @staticmethod
    def empty(h: int, w: int) -> "_Layers":
        z = lambda *s: np.zeros(s, np.float32)  # noqa: E731
        return _Layers(z(h, w), z(h, w, 3), z(h, w), z(h, w, 3), np.zeros((h, w), np.uint8))


def _lay_piece(rng: np.random.Generator, L: _Layers, pa: _PieceArt, ox: int, oy: int, wall: np.ndarray) -> np.ndarray:
    """Puts one piece down slightly off the grid without touching earlier pieces; returns its pose."""
    h, w = pa.mask.shape
    win = (slice(oy, oy + h), slice(ox, ox + w))
    near = cv2.dilate(L.occ[win], _disk(2))
    for k in (1.0, 0.5, 0.25, 0.0):
        m = _pose(rng, w, h, k)
        a = cv2.warpAffine(pa.mask, m, (w, h), flags=cv2.INTER_LINEAR)
        if not np.any((a > 60) & (near > 0)):
            break
    a = cv2.GaussianBlur(a, (0, 0), 0.6).astype(np.float32) / 255 * (1 - near.astype(np.float32) / 255)  # never overlap
    art = cv2.warpAffine(pa.art, m, (w, h), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE).astype(np.float32)
    mw = m.copy()
    mw[:, 2] += wall
    aw = cv2.GaussianBlur(cv2.warpAffine(pa.mask, mw, (w, h)), (0, 0), 0.6).astype(np.float32) / 255
    L.top_c[win] = L.top_c[win] * (1 - a[..., None]) + art * a[..., None]
    L.top_a[win] += a * (1 - L.top_a[win])
    L.wall_c[win] = L.wall_c[win] * (1 - aw[..., None]) + np.float32(pa.edge) * aw[..., None]
    L.wall_a[win] += aw * (1 - L.wall_a[win])
    L.occ[win] = np.maximum(L.occ[win], ((a > 0.05) * 255).astype(np.uint8))
    return m


def _token(rng: np.random.Generator, floor: np.ndarray, c: np.ndarray, r: float, ch: str, st: dict,
           looks: dict, wall: np.ndarray, light: np.ndarray) -> None:
    """A round treasure token lying on the board: own shadow, cardboard side, print."""
    x0, y0 = int(c[0] - r - 20), int(c[1] - r - 20)
    win = (slice(y0, y0 + int(2 * r + 40)), slice(x0, x0 + int(2 * r + 40)))
    m = np.zeros(floor[win].shape[:2], np.uint8)
    _circle(m, c - (x0, y0) + light * 0.6, r, (255,))
    m = cv2.GaussianBlur(m, (0, 0), 2.0).astype(np.float32) / 255
    floor[win] = _to8(floor[win] * (1 - 0.45 * m[..., None]))
    bg = _jitter(rng, looks["token_bg"], 10)
    _circle(floor, c + wall * 0.6, r, _mix(looks["cardboard"], bg, 0.3))
    _circle(floor, c, r, _shade(bg, 0.7))
    _circle(floor, c, r - 1.5, bg)
    _icon(floor, ch, c, r * 0.62, st, rng)


def _render_pieces(rng: np.random.Generator, d: _Design, pieces: list[_Piece], toward: np.ndarray,
                   tan_t: float) -> np.ndarray:
    """Board top (canvas, float32 BGR) with every piece, token, side and shadow drawn face-on."""
    floor = d.top.copy()
    looks = _piece_looks(rng)
    h_p = rng.uniform(3, 6)                                  # piece thickness, px
    wall = toward * h_p * max(tan_t, 0.2)                    # sides show towards the camera
    la = rng.uniform(0, 2 * np.pi)
    light = np.array([np.cos(la), np.sin(la)]) * h_p * rng.uniform(0.8, 2.5)  # cast-shadow offset
    L = _Layers.empty(*floor.shape[:2])
    lay = d.layout.split("/")
    for piece in pieces:
        pa, r0, c0 = _piece_art(rng, piece, looks)
        ox, oy = d.grid[0] + c0 * CELL - PAD, d.grid[1] + r0 * CELL - PAD
        m = _lay_piece(rng, L, pa, ox, oy, wall)
        ch = lay[piece.hole[0]][piece.hole[1]] if piece.hole else "."
        if ch != "." and rng.random() < 0.5:
            hc = m[:, :2] @ pa.hole_centre + m[:, 2] + (ox, oy)
            r = rng.uniform(0.55, min(0.7, pa.hole_size / CELL - 0.06)) * CELL / 2
            jit = rng.uniform(-0.5, 0.5, 2) * max(0.0, pa.hole_size / 2 - r - 3)
            _token(rng, floor, hc + jit, r, ch, d.style, looks, wall, light)
    face = floor.astype(np.float32)
    shadow = cv2.GaussianBlur(_shift(L.top_a, light), (0, 0), rng.uniform(1.2, 3.5))
    face *= (1 - rng.uniform(0.35, 0.6) * shadow)[..., None]
    face = face * (1 - L.wall_a[..., None]) + L.wall_c
    face = face * (1 - L.top_a[..., None]) + L.top_c
    return face


def _board_layers(rng: np.random.Generator, d: _Design, face: np.ndarray, toward: np.ndarray, tan_t: float):
    """Board with its cardboard side (premultiplied colour, alpha) and its shadow on the table."""
    h_b = rng.uniform(6, 12)                                 # board thickness, px
    a = d.alpha
    aw = _shift(a, toward * h_b * max(tan_t, 0.12))
    side = np.empty_like(face)
    side[:] = np.float32(_jitter(rng, (130, 150, 165), 20))
    side *= (0.85 + 0.15 * _noise(rng, *a.shape, 3) * 0.3)[..., None]
    colour = face * a[..., None] + side * (aw * (1 - a))[..., None]
    alpha = a + aw * (1 - a)
    la = rng.uniform(0, 2 * np.pi)
    off = np.array([np.cos(la), np.sin(la)]) * h_b * rng.uniform(0.4, 1.5)
    shadow = cv2.GaussianBlur(_shift(alpha, off), (0, 0), rng.uniform(3, 9))
    return colour, alpha, shadow


# ----------------------------------------------------------------------------- camera


def _apply_h(h: np.ndarray, pts) -> np.ndarray:
    p = np.c_[np.asarray(pts, np.float64), np.ones(len(pts))] @ h.T
    return p[:, :2] / p[:, 2:]


def _camera(rng: np.random.Generator, canvas_wh: tuple[int, int], board_pts: np.ndarray, size: tuple[int, int],
            tilt: float, fill: tuple[float, float]) -> tuple[np.ndarray, np.ndarray, float]:
    """Phone camera over the board: homography (canvas edge coords -> photo edge coords),
    the board-plane direction towards the camera, and tan(tilt)."""
    W, H = size
    t, az, roll = np.radians(rng.uniform(0, max(tilt, 0.0))), rng.uniform(0, 2 * np.pi), rng.uniform(0, 2 * np.pi)
    f = rng.uniform(0.75, 1.2) * max(W, H)
    ext = float(np.ptp(board_pts, 0).max())
    dist = f * ext / (rng.uniform(*fill) * min(W, H))
    cam = dist * np.array([np.sin(t) * np.cos(az), np.sin(t) * np.sin(az), -np.cos(t)])
    fwd = -cam / np.linalg.norm(cam)
    x = np.cross([0.0, 1.0, 0.0], fwd)
    x /= np.linalg.norm(x)
    y = np.cross(fwd, x)
    x, y = np.cos(roll) * x + np.sin(roll) * y, -np.sin(roll) * x + np.cos(roll) * y
    R = np.stack([x, y, fwd])
    cx, cy = canvas_wh[0] / 2, canvas_wh[1] / 2
    hom = np.diag([f, f, 1.0]) @ np.c_[R[:, 0], R[:, 1], -R @ cam] @ np.array([[1, 0, -cx], [0, 1, -cy], [0, 0, 1.0]])
    pts = _apply_h(hom, board_pts)
    lo, span = pts.min(0), np.ptp(pts, 0)
    k = rng.uniform(*fill) * min(W, H) / span.max()            # board's larger extent = fill x short side
    room = np.array([W, H]) - span * k
    m = 0.015 * min(W, H)
    off = np.array([rng.uniform(m, max(m, r - m)) for r in room]) - lo * k
    sim = np.array([[k, 0, off[0]], [0, k, off[1]], [0, 0, 1.0]])
    return sim @ hom, np.array([np.cos(az), np.sin(az)]), float(np.tan(t))


def _local_scale(h: np.ndarray, p) -> float:
    q = _apply_h(h, [p, (p[0] + 1, p[1]), (p[0], p[1] + 1)])
    (ax, ay), (bx, by) = q[1] - q[0], q[2] - q[0]
    return float(np.sqrt(abs(ax * by - ay * bx)))  # the unit square's area there


def _to_centre(h: np.ndarray) -> np.ndarray:
    """Edge-coordinate homography -> OpenCV pixel-centre convention."""
    t = lambda v: np.array([[1, 0, v], [0, 1, v], [0, 0, 1.0]])  # noqa: E731
    return t(-0.5) @ h @ t(0.5)


def _warp_board(layers: list[np.ndarray], hom: np.ndarray, corners: np.ndarray, size: tuple[int, int]) -> list[np.ndarray]:
    """Warps canvas layers into the photo, shrinking first (area filter) so nothing aliases."""
    k = min(1.0, 1.3 * max(_local_scale(hom, p) for p in corners))
    ch, cw = layers[0].shape[:2]
    if k < 0.95:
        nw, nh = max(int(round(cw * k)), 8), max(int(round(ch * k)), 8)
        layers = [cv2.resize(x, (nw, nh), interpolation=cv2.INTER_AREA) for x in layers]
        hom = hom @ np.diag([cw / nw, ch / nh, 1.0])
    hc = _to_centre(hom)
    return [cv2.warpPerspective(x, hc, size, flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT) for x in layers]


# ----------------------------------------------------------------------------- table and clutter


def _table(rng: np.random.Generator, W: int, H: int) -> np.ndarray:
    """Table surface at half size (it is smooth; the sensor noise added later is full size)."""
    half = _table_half(rng, (W + 1) // 2, (H + 1) // 2)
    return cv2.resize(half, (W, H), interpolation=cv2.INTER_LINEAR)


def _table_half(rng: np.random.Generator, W: int, H: int) -> np.ndarray:
    """Table surface: plain, wood planks, woven cloth or a gingham/dot tablecloth (uint8)."""
    kind = ("plain", "wood", "cloth", "pattern")[int(rng.integers(4))]
    yy, xx = np.ogrid[0:H, 0:W]
    yy, xx = yy.astype(np.float32), xx.astype(np.float32)
    th = rng.uniform(0, np.pi)
    u, v = xx * np.cos(th) + yy * np.sin(th), -xx * np.sin(th) + yy * np.cos(th)
    low = _noise(rng, H, W, 45)
    if kind == "wood":
        base = _hsv(rng.uniform(10, 22), rng.uniform(60, 160), rng.uniform(90, 215))
        n = int(W + H) * 2 + 8
        grain = cv2.GaussianBlur(rng.standard_normal((1, n)).astype(np.float32), (0, 0), 1.0)[0]
        vv = v + 15 * low + W + H
        streak = grain[np.clip(vv.astype(np.int32), 0, n - 1)] / (grain.std() + 1e-6)
        rings = np.sin(2 * np.pi * vv / rng.uniform(4, 11)) ** 2
        pw = rng.uniform(0.2, 0.45) * min(W, H)
        plank = rng.uniform(-0.1, 0.1, 64)[(np.floor((v + W + H) / pw).astype(np.int32)) % 64]
        seam = np.exp(-((np.mod(v + W + H, pw)) / 0.9) ** 2)
        lum = 1 + 0.05 * streak + 0.08 * rings + plank - 0.45 * seam + 0.06 * low
    elif kind == "cloth":
        base = _hsv(rng.uniform(0, 180), rng.uniform(20, 140), rng.uniform(80, 210))
        p = rng.uniform(3, 6)
        slub = _noise(rng, H, W, 1.5)
        lum = 1 + 0.06 * np.sin(2 * np.pi * u / p) * np.sin(2 * np.pi * v / p) + 0.04 * slub + 0.05 * low
    elif kind == "pattern":
        base = _hsv(rng.uniform(0, 180), rng.uniform(90, 200), rng.uniform(110, 220))
        p = rng.uniform(0.04, 0.1) * min(W, H)  # (half-size pixels)
        if rng.random() < 0.5:  # gingham: stripes both ways
            su, sv = np.clip(np.sin(2 * np.pi * u / p) * 4, -1, 1), np.clip(np.sin(2 * np.pi * v / p) * 4, -1, 1)
            a = 0.25 * (su + sv) + 0.5  # 0, 1/2 or 1: light, mixed, dark squares
        else:  # dots
            a = 1 - np.clip((np.hypot(np.mod(u, p) - p / 2, np.mod(v, p) - p / 2) - p * 0.2) * 0.8, 0, 1)
        img = np.full(3, 235.0)[None, None] * (1 - a[..., None]) + base[None, None] * a[..., None]
        return _to8(img.astype(np.float32) * (1 + 0.05 * low)[..., None])
    else:
        base = _hsv(rng.uniform(0, 180), rng.uniform(10, 110), rng.uniform(60, 225))
        lum = 1 + 0.06 * low + 0.015 * _noise(rng, H, W, 0.7)
    return _to8(np.float32(base)[None, None] * lum[..., None])


def _coin(rng: np.random.Generator, cell: float) -> tuple[np.ndarray, np.ndarray]:
    r = rng.uniform(0.4, 0.6) * cell
    n = int(2 * r + 6)
    img, mask = np.zeros((n, n, 3), np.uint8), np.zeros((n, n), np.uint8)
    c = np.array([n / 2, n / 2])
    metal = np.array(((80, 140, 200), (190, 190, 185), (60, 170, 215))[int(rng.integers(3))], np.float64)
    _circle(mask, c, r, (255,))
    _circle(img, c, r, _shade(metal, 0.7))
    _circle(img, c, r * 0.88, metal)
    _circle(img, c - r * 0.2, r * 0.45, _mix(metal, (255, 255, 255), 0.25))
    _circle(img, c, r * 0.6, _shade(metal, 0.8), 1)
    return img, mask


def _pen(rng: np.random.Generator, cell: float) -> tuple[np.ndarray, np.ndarray]:
    ln, wd = rng.uniform(5.5, 7.5) * cell, rng.uniform(0.35, 0.5) * cell
    w, h = int(ln + 6), int(wd + 6)
    img, mask = np.zeros((h, w, 3), np.uint8), np.zeros((h, w), np.uint8)
    body = _hsv(rng.uniform(0, 180), rng.uniform(120, 250), rng.uniform(80, 230))
    y0, y1, x1 = 3, 3 + wd, 3 + ln
    tip = [(x1 - 0.15 * ln, y0), (x1, (y0 + y1) / 2), (x1 - 0.15 * ln, y1)]
    shape = _rounded_pts(3, y0, x1 - 0.15 * ln, y1, wd / 2)
    for tgt, col in ((mask, (255,)), (img, body)):
        _poly(tgt, shape, col)
        _poly(tgt, tip, col if tgt is mask else (190, 195, 200))
    _lines(img, [(8, y0 + wd * 0.3), (x1 - 0.2 * ln, y0 + wd * 0.3)], _mix(body, (255, 255, 255), 0.45), max(1, wd * 0.12))
    _lines(img, [(0.15 * ln, y0 + 1), (0.4 * ln, y0 + 1)], (200, 200, 205), max(1, wd * 0.2))  # clip
    return img, mask


def _card(rng: np.random.Generator, cell: float) -> tuple[np.ndarray, np.ndarray]:
    w, h = int(rng.uniform(2.8, 3.4) * cell), int(rng.uniform(4.2, 4.8) * cell)
    img = np.zeros((h, w, 3), np.uint8)
    mask = np.zeros((h, w), np.uint8)
    shape = _rounded_pts(1, 1, w - 2, h - 2, 0.15 * cell)
    _poly(mask, shape, (255,))
    bg = _jitter(rng, (215, 225, 230), 20) if rng.random() < 0.6 else _hsv(rng.uniform(0, 180), 150, 180)
    _poly(img, shape, bg)
    ink = _hsv(rng.uniform(0, 180), 180, 90)
    cv2.rectangle(img, (int(0.1 * w), int(0.08 * h)), (int(0.9 * w), int(0.45 * h)), _col(ink), max(1, int(cell * 0.04)))
    for k in range(int(rng.integers(3, 7))):
        y = 0.55 * h + k * 0.07 * h
        _lines(img, [(0.12 * w, y), (rng.uniform(0.4, 0.88) * w, y)], ink, max(1, cell * 0.03))
    return img, mask


def _loose_tile(rng: np.random.Generator, cell: float) -> tuple[np.ndarray, np.ndarray]:
    """A spare leaf tile on the table, drawn like the board's and scaled to the photo."""
    free = np.ones((5, 5), bool)
    cells = _grow(rng, free, (2, 2), int(rng.integers(3, 6)))
    piece = _Piece("leaf", cells, cells[int(rng.integers(len(cells)))])
    pa, _, _ = _piece_art(rng, piece, _piece_looks(rng))
    k = cell / CELL
    size = (max(int(pa.mask.shape[1] * k), 4), max(int(pa.mask.shape[0] * k), 4))
    return cv2.resize(pa.art, size, interpolation=cv2.INTER_AREA), cv2.resize(pa.mask, size, interpolation=cv2.INTER_AREA)


_CLUTTER = (_coin, _pen, _card, _loose_tile)


def _add_clutter(rng: np.random.Generator, table: np.ndarray, keep_out: np.ndarray, cell: float, count: int) -> None:
    """Lays small objects on the table, each with a soft shadow, never over keep_out."""
    H, W = table.shape[:2]
    for _ in range(count):
        img, mask = _CLUTTER[int(rng.integers(len(_CLUTTER)))](rng, cell)
        for _ in range(10):
            c = rng.uniform(0, 1, 2) * (W, H)
            m = cv2.getRotationMatrix2D((mask.shape[1] / 2, mask.shape[0] / 2), rng.uniform(0, 360), 1.0)
            m[:, 2] += c - (mask.shape[1] / 2, mask.shape[0] / 2)
            a8 = cv2.warpAffine(mask, m, (W, H))
            if a8.any() and not np.any((a8 > 5) & keep_out):
                break
        else:
            continue
        # work in the item's box only (with room for its shadow): full-size float maths is slow
        x, y, bw, bh = cv2.boundingRect(a8)
        e = int(cell * 0.5) + 4
        x0, y0, x1, y1 = max(x - e, 0), max(y - e, 0), min(x + bw + e, W), min(y + bh + e, H)
        m[:, 2] -= (x0, y0)
        a = cv2.warpAffine(mask, m, (x1 - x0, y1 - y0)).astype(np.float32) / 255
        col = cv2.warpAffine(img, m, (x1 - x0, y1 - y0)).astype(np.float32)
        sh = cv2.GaussianBlur(_shift(a, rng.uniform(-1, 1, 2) * cell * 0.12), (0, 0), max(cell * 0.08, 1.0))
        out = table[y0:y1, x0:x1].astype(np.float32) * (1 - 0.4 * sh[..., None])
        table[y0:y1, x0:x1] = _to8(out * (1 - a[..., None]) + col * a[..., None])


# ----------------------------------------------------------------------------- camera effects


def _hand_shadow(rng: np.random.Generator, W: int, H: int, board: np.ndarray) -> np.ndarray:
    """Soft shadow of a hand (arm from the photo's edge) or a phone over part of the board, 0..1."""
    s = 4
    m = np.zeros((H // s + 1, W // s + 1), np.float32)
    target = (board.T @ rng.dirichlet(np.ones(4))) / s
    w = rng.uniform(0.12, 0.22) * min(W, H) / s
    if rng.random() < 0.6:
        side = int(rng.integers(4))
        x, y = rng.uniform(0, W / s), rng.uniform(0, H / s)
        edge = [(x, 0), (W / s, y), (x, H / s), (0, y)][side]
        _lines(m, [edge, target], (1.0,), w)
        _ellipse(m, target, (w * 0.8, w * 0.6), rng.uniform(0, 180), (1.0,))
    else:
        half = np.array([w * 0.9, w * 1.6])
        r = cv2.boxPoints(((float(target[0]), float(target[1])), tuple(float(v) for v in 2 * half), rng.uniform(0, 180)))
        _poly(m, r, (1.0,))
    m = cv2.GaussianBlur(m, (0, 0), rng.uniform(3, 8))
    return cv2.resize(m, (W, H), interpolation=cv2.INTER_LINEAR)


def _coarse_grid(W: int, H: int, step: int = 8) -> tuple[np.ndarray, np.ndarray]:
    """Photo coordinates sampled every `step` px: smooth light maps are made small, then enlarged."""
    ys = np.arange(0, H + step, step, dtype=np.float64)[:, None]
    xs = np.arange(0, W + step, step, dtype=np.float64)[None, :]
    return xs, ys


def _enlarge(m: np.ndarray, W: int, H: int, step: int = 8) -> np.ndarray:
    big = cv2.resize(m.astype(np.float32), (m.shape[1] * step, m.shape[0] * step), interpolation=cv2.INTER_LINEAR)
    return big[step // 2:step // 2 + H, step // 2:step // 2 + W] if big.shape[0] >= H + step // 2 else big[:H, :W]


def _light(rng: np.random.Generator, W: int, H: int, mild: bool) -> tuple[np.ndarray, np.ndarray]:
    """Per-pixel light (linear gradient x vignetting, (H, W)) and white-balance gains (3,)."""
    xx, yy = _coarse_grid(W, H)
    a = rng.uniform(0, 2 * np.pi)
    g = rng.uniform(0.05, 0.15) if mild else rng.uniform(0.1, 0.4)
    proj = ((xx - W / 2) * np.cos(a) + (yy - H / 2) * np.sin(a)) / (0.5 * np.hypot(W, H))
    v = rng.uniform(0.05, 0.2) if mild else rng.uniform(0.1, 0.45)
    r2 = ((xx - W / 2) ** 2 + (yy - H / 2) ** 2) / (0.25 * (W * W + H * H))
    lum = (1 + g * proj) * (1 - v * r2) * rng.uniform(0.9, 1.1)
    wb = rng.uniform(0.96, 1.04, 3) if mild else rng.uniform(0.9, 1.1, 3)
    return _enlarge(lum, W, H), wb.astype(np.float32)


def _glare(rng: np.random.Generator, img: np.ndarray, board: np.ndarray, strength: float) -> None:
    """An elliptic specular spot somewhere on the board, washing colours towards white."""
    H, W = img.shape[:2]
    c = board.T @ rng.dirichlet(np.ones(4))
    ax = rng.uniform(0.03, 0.12, 2) * min(W, H)
    a = rng.uniform(0, np.pi)
    xx, yy = _coarse_grid(W, H, 4)
    du, dv = (xx - c[0]) * np.cos(a) + (yy - c[1]) * np.sin(a), -(xx - c[0]) * np.sin(a) + (yy - c[1]) * np.cos(a)
    g = _enlarge(strength * np.exp(-0.5 * ((du / ax[0]) ** 2 + (dv / ax[1]) ** 2)), W, H, 4)
    img += g[..., None] * (np.float32(265) - img)


def _blur(rng: np.random.Generator, img: np.ndarray, mild: bool) -> np.ndarray:
    if not mild and rng.random() < 0.3:  # a little hand shake
        n = int(rng.integers(3, 6))
        k = np.zeros((n, n), np.float32)
        a = rng.uniform(0, np.pi)
        c = (n - 1) / 2
        cv2.line(k, (int(round(c - c * np.cos(a))), int(round(c - c * np.sin(a)))),
                 (int(round(c + c * np.cos(a))), int(round(c + c * np.sin(a)))), 1.0, 1)
        return cv2.filter2D(img, -1, k / k.sum())
    return cv2.GaussianBlur(img, (0, 0), rng.uniform(0.3, 0.8) if mild else rng.uniform(0.4, 1.3))


def _finish(rng: np.random.Generator, img: np.ndarray, board: np.ndarray, mild: bool) -> np.ndarray:
    """Phone-camera look on a float photo: light, shadow, glare, blur, noise, JPEG."""
    H, W = img.shape[:2]
    lum, wb = _light(rng, W, H, mild)
    img *= lum[..., None]
    img *= wb
    if not mild and rng.random() < 0.35:
        img *= (1 - rng.uniform(0.25, 0.55) * _hand_shadow(rng, W, H, board))[..., None]
    if rng.random() < (0.2 if mild else 0.4):
        _glare(rng, img, board, rng.uniform(0.15, 0.3) if mild else rng.uniform(0.3, 0.8))
    img = _blur(rng, img, mild)
    sigma = rng.uniform(1.5, 3) if mild else rng.uniform(2, 6)
    img += rng.standard_normal(img.shape, dtype=np.float32) * np.float32(sigma)
    chroma = cv2.resize(rng.standard_normal((H // 2 + 1, W // 2 + 1, 3), dtype=np.float32), (W, H))
    img += chroma * np.float32(sigma * 0.5)
    q = int(rng.integers(85, 93)) if mild else int(rng.integers(70, 93))
    ok, buf = cv2.imencode(".jpg", _to8(img), [cv2.IMWRITE_JPEG_QUALITY, q])
    return cv2.imdecode(buf, cv2.IMREAD_COLOR)


# ----------------------------------------------------------------------------- scenes


def _shoot(rng: np.random.Generator, d: _Design, rows: int, cols: int, pieces: list[_Piece],
           size: tuple[int, int], tilt: float, fill: tuple[float, float], mild: bool) -> tuple[np.ndarray, dict]:
    W, H = int(size[0]), int(size[1])
    ch, cw = d.top.shape[:2]
    bx0, by0, bx1, by1 = MARGIN, MARGIN, cw - MARGIN, ch - MARGIN
    board_pts = np.array([[bx0, by0], [bx1, by0], [bx1, by1], [bx0, by1]], np.float64)
    hom, toward, tan_t = _camera(rng, (cw, ch), board_pts, (W, H), tilt, fill)
    face = _render_pieces(rng, d, pieces, toward, tan_t)
    colour, alpha, shadow = _board_layers(rng, d, face, toward, tan_t)
    canvas_pts = np.array([[0, 0], [cw, 0], [cw, ch], [0, ch]], np.float64)
    wc, wa, ws = _warp_board([colour, alpha, shadow], hom, canvas_pts, (W, H))
    photo_board = _apply_h(hom, board_pts)
    cell_px = np.linalg.norm(photo_board[1] - photo_board[0]) / (bx1 - bx0) * CELL
    table = _table(rng, W, H)
    keep_out = cv2.dilate((wa > 0.01).astype(np.uint8), _disk(max(int(cell_px * 0.2), 2))) > 0
    n_clutter = int(rng.choice([0, 1, 1, 2, 3])) if not mild else int(rng.random() < 0.3)
    _add_clutter(rng, table, keep_out, cell_px, n_clutter)
    img = table.astype(np.float32) * (1 - rng.uniform(0.3, 0.55) * ws)[..., None]
    img = img * (1 - wa[..., None]) + wc
    photo = _finish(rng, img, photo_board, mild)
    gx0, gy0 = d.grid
    gx1, gy1 = gx0 + cols * CELL, gy0 + rows * CELL
    grid = np.array([[gx0, gy0], [gx1, gy0], [gx1, gy1], [gx0, gy1]], np.float64)
    corners = _apply_h(hom, grid) - 0.5  # edge coords -> pixel-centre convention
    return photo, _truth(d, rows, cols, pieces, corners)


def _truth(d: _Design, rows: int, cols: int, pieces: list[_Piece], corners: np.ndarray) -> dict:
    lay = d.layout.split("/")
    covered = {cell for p in pieces for cell in p.cells}
    cells = [["covered" if (r, c) in covered else NAMES[lay[r][c]] for c in range(cols)] for r in range(rows)]
    holes = sorted([int(p.hole[0]), int(p.hole[1])] for p in pieces if p.hole)
    return {"rows": rows, "cols": cols, "layout": d.layout, "corners": corners.tolist(), "cells": cells, "holes": holes}


def scene(design: int, seed: int, rows: int = 9, cols: int = 8, size=(1600, 1200), tilt: float = 45.0,
          coverage: float | None = None) -> tuple[np.ndarray, dict]:
    """A game in progress on board side `design`, photographed; deterministic from (design, seed).

    coverage: share of cells under pieces (None: random, some boards nearly empty, some nearly full).
    """
    d = _design(int(design), int(rows), int(cols))
    rng = np.random.default_rng((0x5CE, int(design) & 0xFFFFFFFF, int(seed) & 0xFFFFFFFFFFFF))
    cov = _random_coverage(rng) if coverage is None else float(coverage)
    pieces = _place_pieces(rng, rows, cols, cov)
    return _shoot(rng, d, rows, cols, pieces, size, tilt, (0.25, 0.8), mild=False)


def calibration_scene(design: int, rows: int = 9, cols: int = 8, seed: int = 12345,
                      size=(1600, 1200)) -> tuple[np.ndarray, dict]:
    """The empty board, nearly face-on (tilt <= 15 deg), large in the photo, mild effects."""
    d = _design(int(design), int(rows), int(cols))
    rng = np.random.default_rng((0xCA1, int(design) & 0xFFFFFFFF, int(seed) & 0xFFFFFFFFFFFF))
    return _shoot(rng, d, rows, cols, [], size, 15.0, (0.6, 0.8), mild=True)


def corner_error(corners, truth: dict) -> float:
    """Largest distance of located grid corners from the truth's, as a share of the grid diagonal."""
    tc = np.asarray(truth["corners"], np.float64)
    return float(np.max(np.linalg.norm(np.asarray(corners, np.float64) - tc, axis=1)) / np.linalg.norm(tc[0] - tc[2]))
