"""Independent photo renderer of "Indian Summer" woodland boards with leaf tiles.

Used to check that the photo reader generalises beyond the project's own
renderer: nothing here comes from samples/ or the project's renderer.

What it draws:
  * a board of R x C square cells (default 9 x 8) in six regions of 3 x 4 cells,
    each with its own forest-floor art (moss, fallen leaves, needles, soil, grass,
    lichen); thin printed cell lines (clear, faint or none per design; region
    borders always a little visible); a printed frame with its own texture and the
    board's cardboard outer edge;
  * exactly 10 blueberries, 7 nuts, 3 mushrooms and 1 feather printed on random
    cells of each design, sometimes on a light badge;
  * pieces: leaf tiles (3 green, 4 yellow/orange, 5 red cells) with exactly one
    hole cell, animal tiles (3-4 cells), squirrels (1 cell), treasure tokens lying
    in some holes; each piece has thickness (a side band seen by the camera) and a
    soft cast shadow, and lies slightly off the grid;
  * the photo: table (plain, wood, cloth, pattern) with clutter beside the board,
    pinhole camera with any roll and tilt, light gradient, vignetting, hand
    shadow, glare, blur, noise and JPEG loss.

The board is built face-on at CELL px a cell, the pieces are drawn face-on on it,
and the result is projected with the camera's homography of the board plane.
Coordinates are continuous (pixel i spans [i, i+1)); truth corners are given in
OpenCV's pixel-centre convention (pixel i's centre is i).
"""

from __future__ import annotations

import math
from functools import lru_cache

import cv2
import numpy as np

Rng = np.random.Generator

DESIGNS = 4
CELL = 96
PAD = 56                      # padding around the board while pieces are drawn
TREASURES = (("B", 10), ("N", 7), ("M", 3), ("F", 1))
NAMES = {".": "empty", "B": "blueberry", "N": "nut", "M": "mushroom", "F": "feather"}
REGION_KINDS = ("moss", "leaves", "needles", "soil", "grass", "lichen")
FRAME_STYLES = ("wood", "leafy", "bark", "paper")
LINE_STYLES = ("clear", "faint", "none", "clear")
SH = 3                        # cv2 sub-pixel bits used by the drawing helpers
AA = cv2.LINE_AA


# --------------------------------------------------------------------------- small helpers

def _bgr(h: float, s: float, v: float) -> np.ndarray:
    """BGR float colour from OpenCV HSV (hue 0-180, wraps)."""
    px = np.uint8([[[int(round(h)) % 180, int(np.clip(s, 0, 255)), int(np.clip(v, 0, 255))]]])
    return cv2.cvtColor(px, cv2.COLOR_HSV2BGR)[0, 0].astype(np.float32)


def _t(c) -> tuple:
    return tuple(float(v) for v in np.clip(c, 0, 255))


def _p(x: float, y: float) -> tuple[int, int]:
    return int(round(x * (1 << SH))), int(round(y * (1 << SH)))


def _noise(rng: Rng, h: int, w: int, scale: float) -> np.ndarray:
    """Smooth unit-variance noise with features about `scale` px wide."""
    g = rng.standard_normal((max(2, int(h / scale) + 2), max(2, int(w / scale) + 2))).astype(np.float32)
    n = cv2.resize(g, (w, h), interpolation=cv2.INTER_CUBIC)
    return n / (n.std() + 1e-6)


def _phi(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


def _proj(H: np.ndarray, pts: np.ndarray) -> np.ndarray:
    p = np.c_[pts, np.ones(len(pts))] @ H.T
    return p[:, :2] / p[:, 2:]


def _3(m: np.ndarray) -> np.ndarray:
    """A one-channel float map repeated over B, G, R (cv2 arithmetic wants equal shapes)."""
    return cv2.merge([m, m, m])


def _T(dx: float, dy: float) -> np.ndarray:
    return np.array([[1, 0, dx], [0, 1, dy], [0, 0, 1]], np.float64)


def _smear(f: np.ndarray, v: np.ndarray) -> np.ndarray:
    """Union of f slid along v (f(x - t v), t in [0, 1]): extrusions and cast shadows."""
    R = int(math.ceil(float(np.hypot(*v)))) + 1
    k = np.zeros((2 * R + 1, 2 * R + 1), np.uint8)
    # cv2.dilate takes max of src(x + k - anchor), so the kernel holds anchor - t v
    cv2.line(k, (R, R), (int(round(R - v[0])), int(round(R - v[1]))), 1, 1)
    return cv2.dilate(f, k, anchor=(R, R))


class _Canvas:
    """Colour + alpha drawn together (uint8, anti-aliased) for icons and tokens."""

    def __init__(self, size: int):
        self.col = np.zeros((size, size, 3), np.uint8)
        self.a = np.zeros((size, size), np.uint8)

    def circle(self, x: float, y: float, r: float, c, t: int = -1) -> None:
        for img, cc in ((self.col, _t(c)), (self.a, 255)):
            cv2.circle(img, _p(x, y), int(round(r * (1 << SH))), cc, t, AA, SH)

    def ellipse(self, x: float, y: float, ax: float, ay: float, ang: float, c,
                a0: float = 0, a1: float = 360, t: int = -1) -> None:
        for img, cc in ((self.col, _t(c)), (self.a, 255)):
            cv2.ellipse(img, _p(x, y), _p(ax, ay), ang, a0, a1, cc, t, AA, SH)

    def poly(self, pts, c) -> None:
        q = np.array([_p(x, y) for x, y in pts], np.int32)
        for img, cc in ((self.col, _t(c)), (self.a, 255)):
            cv2.fillPoly(img, [q], cc, AA, SH)

    def line(self, pts, c, t: int) -> None:
        q = np.array([_p(x, y) for x, y in pts], np.int32)
        for img, cc in ((self.col, _t(c)), (self.a, 255)):
            cv2.polylines(img, [q], False, cc, max(1, int(t)), AA, SH)

    def rgba(self, out: int) -> tuple[np.ndarray, np.ndarray]:
        """Downsampled colour and alpha (0-1) at out x out px."""
        col = cv2.resize(self.col, (out, out), interpolation=cv2.INTER_AREA).astype(np.float32)
        a = cv2.resize(self.a, (out, out), interpolation=cv2.INTER_AREA).astype(np.float32) / 255
        return col, a


# --------------------------------------------------------------------------- treasure icons

def _icon_style(rng: Rng) -> dict:
    """Per-design look of the printed treasures."""
    return {
        "scale": rng.uniform(0.62, 0.78),
        "berry": _bgr(rng.uniform(108, 124), rng.uniform(150, 230), rng.uniform(70, 120)),
        "acorn": _bgr(rng.uniform(12, 20), rng.uniform(150, 220), rng.uniform(140, 200)),
        "cap": _bgr(rng.uniform(10, 18), rng.uniform(120, 200), rng.uniform(60, 100)),
        "shroom": _bgr(rng.choice([rng.uniform(-3, 4), rng.uniform(10, 16)]), rng.uniform(170, 240), rng.uniform(140, 210)),
        "feather": _bgr(rng.uniform(0, 180), rng.uniform(20, 120), rng.uniform(150, 230)),
        "bar": _bgr(rng.uniform(0, 180), rng.uniform(60, 200), rng.uniform(40, 110)),
        "outline": bool(rng.random() < 0.5),
        "badge": rng.choice(["none", "all", "some"]),
        "badge_types": set(rng.choice(list("BNMF"), size=2, replace=False)),
        "badge_col": _bgr(rng.uniform(15, 35), rng.uniform(10, 60), rng.uniform(215, 250)),
    }


def _draw_icon(cv: _Canvas, kind: str, st: dict, rng: Rng, cx: float, cy: float, u: float) -> None:
    """Simple recognisable treasure art centred at (cx, cy), about 2u wide."""
    dark = (30, 30, 30)
    if kind == "B":  # blueberries: cluster of dark blue circles with a crown and a bloom
        n = int(rng.integers(3, 6))
        r = u * (0.34 if n == 3 else 0.29 if n == 4 else 0.26)
        a0 = rng.uniform(0, 2 * np.pi)
        pts = [(cx + u * 0.36 * np.cos(a0 + 2 * np.pi * k / n) + rng.normal(0, 0.03 * u),
                cy + u * 0.36 * np.sin(a0 + 2 * np.pi * k / n) + rng.normal(0, 0.03 * u)) for k in range(n)]
        if rng.random() < 0.6:
            cv.ellipse(cx + 0.1 * u, cy - 0.62 * u, 0.3 * u, 0.12 * u, -25, (60, 150, 70))
        for x, y in sorted(pts, key=lambda p: p[1]):
            c = st["berry"] * rng.uniform(0.85, 1.15)
            if st["outline"]:
                cv.circle(x, y, r + 1.5, dark)
            cv.circle(x, y, r, c)
            cv.circle(x - 0.3 * r, y - 0.3 * r, 0.38 * r, c * 0.6 + np.float32([150, 110, 90]) * 0.4)
            for k in range(5):  # the little star-shaped crown
                a = 2 * np.pi * k / 5
                cv.line([(x + 0.25 * r, y + 0.2 * r), (x + 0.25 * r + 0.22 * r * np.cos(a), y + 0.2 * r + 0.22 * r * np.sin(a))],
                        (40, 20, 30), 2)
    elif kind == "N":  # acorn: brown nut under a dark textured cap with a stalk
        body, cap = st["acorn"], st["cap"]
        if st["outline"]:
            cv.ellipse(cx, cy + 0.14 * u, 0.38 * u + 2, 0.5 * u + 2, 0, dark)
        cv.ellipse(cx, cy + 0.14 * u, 0.38 * u, 0.5 * u, 0, body)
        cv.ellipse(cx - 0.12 * u, cy + 0.05 * u, 0.09 * u, 0.25 * u, 10, body * 0.7 + 70)
        cv.circle(cx, cy + 0.63 * u, 0.05 * u, cap)
        cv.line([(cx, cy - 0.4 * u), (cx + 0.06 * u, cy - 0.62 * u), (cx + 0.16 * u, cy - 0.68 * u)], cap * 0.8, max(2, int(0.09 * u)))
        cv.ellipse(cx, cy - 0.2 * u, 0.46 * u, 0.24 * u, 0, cap)
        for k in range(14):  # cap scales
            a = rng.uniform(np.pi, 2 * np.pi)
            rr = rng.uniform(0.1, 0.85)
            cv.circle(cx + np.cos(a) * 0.4 * u * rr, cy - 0.2 * u + np.sin(a) * 0.2 * u * rr, 0.045 * u, cap * 1.35 + 10)
    elif kind == "M":  # mushroom: cream stem, gills, domed cap (red caps get white dots)
        stem = np.float32([195, 225, 238])
        cv.poly([(cx - 0.15 * u, cy - 0.05 * u), (cx + 0.15 * u, cy - 0.05 * u), (cx + 0.2 * u, cy + 0.62 * u),
                 (cx - 0.2 * u, cy + 0.62 * u)], stem)
        cv.line([(cx + 0.08 * u, cy), (cx + 0.11 * u, cy + 0.55 * u)], stem * 0.8, 2)
        cv.ellipse(cx, cy, 0.64 * u, 0.11 * u, 0, (150, 190, 210))
        if st["outline"]:
            cv.ellipse(cx, cy, 0.66 * u + 1, 0.52 * u + 1, 0, dark, 180, 360)
        cv.ellipse(cx, cy, 0.64 * u, 0.5 * u, 0, st["shroom"], 180, 360)
        red = st["shroom"][2] > st["shroom"][1] * 1.6
        for k in range(5 if red else 0):
            a = rng.uniform(np.pi * 1.1, np.pi * 1.9)
            rr = rng.uniform(0.3, 0.8)
            cv.circle(cx + np.cos(a) * 0.6 * u * rr, cy + np.sin(a) * 0.48 * u * rr, rng.uniform(0.05, 0.09) * u, (240, 245, 250))
    else:  # feather: long curved vane with a shaft, barbs and bars
        sgn = rng.choice([-1.0, 1.0])
        p0, p2 = np.array([cx - 0.62 * u, cy + 0.62 * u]), np.array([cx + 0.6 * u, cy - 0.6 * u])
        p1 = (p0 + p2) / 2 + sgn * np.array([0.7071, 0.7071]) * 0.3 * u
        ts = np.linspace(0, 1, 28)
        pts = ((1 - ts) ** 2)[:, None] * p0 + (2 * ts * (1 - ts))[:, None] * p1 + (ts ** 2)[:, None] * p2
        tg = np.gradient(pts, axis=0)
        nrm = np.c_[-tg[:, 1], tg[:, 0]] / np.linalg.norm(tg, axis=1)[:, None]
        wid = 0.3 * u * np.clip(np.sin(np.pi * np.clip((ts - 0.12) / 0.88, 0, 1)), 0, 1) ** 0.6
        left, right = pts + nrm * wid[:, None], pts - nrm * 0.75 * wid[:, None]
        vane = st["feather"]
        if st["outline"]:
            cv.poly(np.r_[left + nrm, right[::-1] - nrm], dark)
        cv.poly(np.r_[left, right[::-1]], vane)
        for i in range(4, len(ts) - 2, 4):  # bars across the vane
            cv.line([left[i], pts[i], right[i]], st["bar"], max(2, int(0.07 * u)))
        for i in range(3, len(ts) - 1, 2):  # barbs slanting toward the tip
            cv.line([pts[i], left[min(i + 2, len(ts) - 1)]], vane * 0.75, 1)
        cv.line(pts, (220, 235, 240), max(2, int(0.05 * u)))


def _treasure_patch(kind: str, st: dict, rng: Rng, badge: bool) -> tuple[np.ndarray, np.ndarray]:
    """A printed treasure for one cell (colour, alpha), drawn at 2x then rotated and reduced."""
    P = 2 * CELL
    cv = _Canvas(P)
    c = P / 2 + rng.normal(0, 3, 2)
    u = st["scale"] * CELL * rng.uniform(0.95, 1.05)
    if badge:
        cv.circle(c[0], c[1], 0.86 * CELL, st["badge_col"] * 0.75)
        cv.circle(c[0], c[1], 0.86 * CELL - 3, st["badge_col"])
    _draw_icon(cv, kind, st, rng, c[0], c[1], u)
    M = cv2.getRotationMatrix2D((P / 2 - 0.5, P / 2 - 0.5), rng.uniform(-25, 25), 1.0)
    cv.col = cv2.warpAffine(cv.col, M, (P, P), flags=cv2.INTER_LINEAR)
    cv.a = cv2.warpAffine(cv.a, M, (P, P), flags=cv2.INTER_LINEAR)
    return cv.rgba(CELL)


# --------------------------------------------------------------------------- board art

def _region_art(kind: str, h: int, w: int, rng: Rng) -> np.ndarray:
    """Forest-floor texture of one region: base colour, mottling, then many fine strokes."""
    hsv = {"moss": (48, 170, 100), "leaves": (14, 170, 120), "needles": (15, 130, 115),
           "soil": (12, 110, 70), "grass": (42, 160, 125), "lichen": (60, 45, 135)}[kind]
    base = _bgr(hsv[0] + rng.uniform(-5, 5), hsv[1] * rng.uniform(0.8, 1.15), hsv[2] * rng.uniform(0.85, 1.15))
    img = np.empty((h, w, 3), np.float32)
    img[:] = base
    img *= (1 + 0.13 * _noise(rng, h, w, 45) + 0.06 * _noise(rng, h, w, 9))[..., None]
    img += rng.standard_normal((h, w, 1)).astype(np.float32) * 5
    u8 = np.clip(img, 0, 255).astype(np.uint8)
    n = h * w / CELL ** 2  # strokes scale with area
    X = lambda: (int(rng.integers(0, w)), int(rng.integers(0, h)))  # noqa: E731
    if kind == "moss":
        for _ in range(int(260 * n)):
            c = _bgr(hsv[0] + rng.normal(0, 7), rng.uniform(110, 220), base.max() * rng.uniform(0.55, 1.6))
            cv2.circle(u8, X(), int(rng.integers(1, 5)), _t(c), -1, AA)
    elif kind == "leaves":
        for _ in range(int(32 * n)):
            c = _bgr(rng.uniform(2, 28), rng.uniform(120, 235), rng.uniform(70, 210))
            p, a, ax = X(), rng.uniform(0, 180), int(rng.integers(6, 15))
            cv2.ellipse(u8, p, (ax, max(2, int(ax * rng.uniform(0.35, 0.55)))), a, 0, 360, _t(c), -1, AA)
            d = np.array([np.cos(np.radians(a)), np.sin(np.radians(a))]) * ax
            cv2.line(u8, (int(p[0] - d[0]), int(p[1] - d[1])), (int(p[0] + d[0]), int(p[1] + d[1])), _t(c * 0.6), 1, AA)
    elif kind == "needles":
        for _ in range(int(170 * n)):
            c = _bgr(rng.uniform(8, 24), rng.uniform(80, 200), rng.uniform(60, 180))
            p, a, L = X(), rng.uniform(0, np.pi), rng.uniform(8, 22)
            cv2.line(u8, p, (int(p[0] + L * np.cos(a)), int(p[1] + L * np.sin(a))), _t(c), 1, AA)
        for _ in range(int(1.5 * n)):
            p = X()
            cv2.ellipse(u8, p, (7, 4), rng.uniform(0, 180), 0, 360, _t(base * 0.45), -1, AA)
    elif kind == "soil":
        for _ in range(int(420 * n)):
            cv2.circle(u8, X(), 1, _t(base * rng.choice([0.55, 1.5])), -1, AA)
        for _ in range(int(12 * n)):
            g = rng.uniform(110, 190)
            p, ax = X(), int(rng.integers(2, 7))
            cv2.ellipse(u8, p, (ax, max(2, ax - 1)), rng.uniform(0, 180), 0, 360, (g, g * 1.02, g * 0.98), -1, AA)
            cv2.circle(u8, (p[0] - 1, p[1] - 1), 1, (g + 40, g + 40, g + 40), -1, AA)
        for _ in range(int(3 * n)):
            p, a, L = X(), rng.uniform(0, np.pi), rng.uniform(15, 40)
            cv2.line(u8, p, (int(p[0] + L * np.cos(a)), int(p[1] + L * np.sin(a))), _t(base * 0.5), int(rng.integers(1, 3)), AA)
    elif kind == "grass":
        lean = rng.uniform(-0.5, 0.5)
        for _ in range(int(220 * n)):
            c = _bgr(hsv[0] + rng.normal(0, 6), rng.uniform(110, 220), base.max() * rng.uniform(0.6, 1.5))
            p, a, L = X(), -np.pi / 2 + lean + rng.normal(0, 0.4), rng.uniform(7, 16)
            q = (int(p[0] + L * np.cos(a)), int(p[1] + L * np.sin(a)))
            cv2.line(u8, p, q, _t(c), 1, AA)
        for _ in range(int(2 * n)):
            p = X()
            for k in range(5):
                cv2.circle(u8, (p[0] + int(3 * np.cos(k * 1.26)), p[1] + int(3 * np.sin(k * 1.26))), 2, (235, 240, 245), -1, AA)
            cv2.circle(u8, p, 1, (40, 200, 240), -1, AA)
    else:  # lichen on stones
        for _ in range(int(9 * n)):
            g = rng.uniform(100, 170)
            p, ax = X(), int(rng.integers(8, 20))
            cv2.ellipse(u8, p, (ax, int(ax * rng.uniform(0.5, 0.9))), rng.uniform(0, 180), 0, 360, (g, g, g * 0.95), -1, AA)
        for _ in range(int(90 * n)):
            c = _bgr(rng.uniform(28, 50), rng.uniform(60, 160), rng.uniform(150, 220))
            cv2.circle(u8, X(), int(rng.integers(1, 5)), _t(c), -1, AA)
    return u8.astype(np.float32)


def _frame_art(style: str, H: int, W: int, rng: Rng) -> np.ndarray:
    """The printed frame's texture over the whole board (cells are pasted over it)."""
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    if style == "wood":
        base = _bgr(rng.uniform(10, 18), rng.uniform(120, 180), rng.uniform(90, 140))
        g = np.sin((yy * 0.45 + 6 * _noise(rng, H, W, 60)) * rng.uniform(0.8, 1.4))  # grain along the frame
        img = base * (1 + 0.12 * g + 0.05 * _noise(rng, H, W, 4))[..., None]
    elif style == "bark":
        base = _bgr(rng.uniform(10, 20), rng.uniform(40, 90), rng.uniform(60, 95))
        g = np.abs(np.sin(xx * 0.2 + 4 * _noise(rng, H, W, 30)))
        img = base * (0.75 + 0.35 * g + 0.06 * _noise(rng, H, W, 3))[..., None]
    elif style == "leafy":
        base = _bgr(rng.uniform(60, 90), rng.uniform(120, 200), rng.uniform(45, 80))
        img = base * (1 + 0.08 * _noise(rng, H, W, 20))[..., None]
    else:  # paper
        base = _bgr(rng.uniform(15, 30), rng.uniform(40, 80), rng.uniform(200, 235))
        img = base * (1 + 0.03 * _noise(rng, H, W, 6))[..., None]
    u8 = np.clip(img, 0, 255).astype(np.uint8)
    if style in ("leafy", "paper"):  # printed autumn leaves all around the frame
        for _ in range(int(0.004 * H * W / 10)):
            c = _bgr(rng.uniform(0, 30), rng.uniform(140, 240), rng.uniform(120, 230))
            p, ax, a = (int(rng.integers(0, W)), int(rng.integers(0, H))), int(rng.integers(6, 14)), rng.uniform(0, 180)
            cv2.ellipse(u8, p, (ax, ax // 2), a, 0, 360, _t(c), -1, AA)
            cv2.ellipse(u8, p, (ax, 1), a, 0, 360, _t(c * 0.6), -1, AA)
    return u8.astype(np.float32)


def _lines(img: np.ndarray, gx: int, gy: int, rows: int, cols: int, redges: list[int], cedges: list[int],
           style: str, rng: Rng) -> None:
    """Printed cell lines (per style) and region borders (always a little visible), as alpha bands."""
    H, W = img.shape[:2]
    m = np.zeros((H, W), np.float32)
    light = bool(rng.random() < 0.5)
    col = np.float32([225, 235, 240]) if light else np.float32([25, 35, 30])
    a_cell = {"clear": rng.uniform(0.55, 0.8), "faint": rng.uniform(0.15, 0.28), "none": 0.0}[style]
    a_reg = rng.uniform(0.35, 0.6) if style != "none" else rng.uniform(0.25, 0.45)
    x1, y1 = gx + cols * CELL, gy + rows * CELL
    for c in range(1, cols):  # bands are centred on the cell boundary
        a = a_reg if c in cedges else a_cell
        w = 3 if c in cedges else 2
        x = gx + c * CELL
        m[gy:y1, x - w // 2:x - w // 2 + w] = np.maximum(m[gy:y1, x - w // 2:x - w // 2 + w], a)
    for r in range(1, rows):
        a = a_reg if r in redges else a_cell
        w = 3 if r in redges else 2
        y = gy + r * CELL
        m[y - w // 2:y - w // 2 + w, gx:x1] = np.maximum(m[y - w // 2:y - w // 2 + w, gx:x1], a)
    img *= 1 - m[..., None]
    img += col * m[..., None]


@lru_cache(maxsize=16)
def _board(design: int, rows: int, cols: int) -> tuple[np.ndarray, dict]:
    """Flat board art (float BGR, read-only) of one design, and its geometry/layout."""
    rng = np.random.default_rng([design, rows, cols, 0xB0A4D])
    f = int(round(rng.uniform(0.3, 0.7) * CELL))    # printed frame
    e = int(round(rng.uniform(0.05, 0.1) * CELL))   # cardboard outer edge
    gx = gy = f + e
    W, H = cols * CELL + 2 * gx, rows * CELL + 2 * gy
    img = _frame_art(FRAME_STYLES[design % 4], H, W, rng)
    edge = _bgr(rng.uniform(10, 25), rng.uniform(20, 90), rng.choice([rng.uniform(40, 80), rng.uniform(150, 200)]))
    img[:e], img[-e:], img[:, :e], img[:, -e:] = edge, edge, edge, edge
    img[e:e + 2, e:-e] *= 0.7
    img[-e - 2:-e, e:-e] *= 0.7
    img[e:-e, e:e + 2] *= 0.7
    img[e:-e, -e - 2:-e] *= 0.7
    redges = [int(round(i * rows / 3)) for i in range(4)]
    cedges = [0, cols // 2, cols]
    kinds = rng.permutation(len(REGION_KINDS))
    for i in range(3):
        for j in range(2):
            r0, r1, c0, c1 = redges[i], redges[i + 1], cedges[j], cedges[j + 1]
            art = _region_art(REGION_KINDS[kinds[(i * 2 + j) % 6]], (r1 - r0) * CELL, (c1 - c0) * CELL, rng)
            img[gy + r0 * CELL:gy + r1 * CELL, gx + c0 * CELL:gx + c1 * CELL] = art
    # a printed rim where the grid meets the frame
    rim = np.float32([20, 25, 25]) if rng.random() < 0.6 else np.float32([120, 200, 220])
    cv2.rectangle(img, (gx - 3, gy - 3), (gx + cols * CELL + 2, gy + rows * CELL + 2), _t(rim), 3)
    _lines(img, gx, gy, rows, cols, redges, cedges, LINE_STYLES[design % 4], rng)
    # treasures: exactly 10 B, 7 N, 3 M, 1 F on distinct random cells
    lay = [["."] * cols for _ in range(rows)]
    order = rng.permutation(rows * cols)
    k = 0
    for ch, n in TREASURES:
        for _ in range(n):
            lay[order[k] // cols][order[k] % cols] = ch
            k += 1
    st = _icon_style(rng)
    for r in range(rows):
        for c in range(cols):
            ch = lay[r][c]
            if ch == ".":
                continue
            badge = st["badge"] == "all" or (st["badge"] == "some" and ch in st["badge_types"])
            col, a = _treasure_patch(ch, st, rng, badge)
            roi = img[gy + r * CELL:gy + (r + 1) * CELL, gx + c * CELL:gx + (c + 1) * CELL]
            roi[:] = roi * (1 - a[..., None]) + col * a[..., None]
    np.clip(img, 0, 255, out=img)
    img.setflags(write=False)
    info = {"gx": gx, "gy": gy, "rows": rows, "cols": cols, "layout": "/".join("".join(r) for r in lay),
            "edge": edge, "icons": st}
    return img, info


# --------------------------------------------------------------------------- pieces: where

def _grow(rng: Rng, free: np.ndarray, size: int, tightness: float,
          start: tuple[int, int] | None = None) -> list[tuple[int, int]] | None:
    """A random polyomino of `size` free cells; with `tightness` it prefers tight spots (packs densely)."""
    rows, cols = free.shape
    cand = np.argwhere(free)
    if len(cand) == 0:
        return None

    def deg(r: int, c: int) -> int:
        return sum(1 for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
                   if 0 <= r + dr < rows and 0 <= c + dc < cols and free[r + dr, c + dc])

    tight = rng.random() < tightness
    if start is None and tight:
        w = np.array([1.0 / (1 + deg(r, c)) ** 3 for r, c in cand])
        start = tuple(cand[rng.choice(len(cand), p=w / w.sum())])
    elif start is None:
        start = tuple(cand[rng.integers(len(cand))])
    cells = [start]
    while len(cells) < size:
        fr = sorted({(r + dr, c + dc) for r, c in cells for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
                     if 0 <= r + dr < rows and 0 <= c + dc < cols and free[r + dr, c + dc]} - set(cells))
        if not fr:
            return None
        w = np.array([1.0 / (1 + deg(*p)) ** 2 if tight else 1.0 for p in fr])
        cells.append(fr[rng.choice(len(fr), p=w / w.sum())])
    return [(int(r), int(c)) for r, c in cells]


def _pockets(free: np.ndarray) -> bool:
    """True if some connected patch of free cells is too small for a leaf tile."""
    n, _, stats, _ = cv2.connectedComponentsWithStats(free.astype(np.uint8), connectivity=4)
    return bool(n > 1 and stats[1:, cv2.CC_STAT_AREA].min() < 3)


def _tiling(rng: Rng, rows: int, cols: int) -> list[tuple[str, list[tuple[int, int]]]]:
    """Pieces covering the whole board: a few squirrels, then polyominoes grown from the
    first free cell in scan order, avoiding moves that strand 1-2 cell pockets."""
    free = np.ones((rows, cols), bool)
    out: list[tuple[str, list[tuple[int, int]]]] = []
    for _ in range(int(rng.integers(0, 4))):
        r, c = int(rng.integers(rows)), int(rng.integers(cols))
        if free[r, c]:
            free[r, c] = False
            out.append(("squirrel", [(r, c)]))
    while free.any():
        start = tuple(int(v) for v in np.argwhere(free)[0])
        best = None
        for _ in range(16):
            if rng.random() < 0.16:
                kind, size = "animal", int(rng.integers(3, 5))
            else:
                kind, size = "leaf", int(rng.choice([3, 4, 5], p=[0.3, 0.35, 0.35]))
            cells = _grow(rng, free, size, 0.5, start=start)
            if cells is None:
                continue
            trial = free.copy()
            for rc in cells:
                trial[rc] = False
            if not _pockets(trial):
                best = (kind, cells)
                break
            best = best or (kind, cells)
        kind, cells = best if best else ("squirrel", [start])
        for rc in cells:
            free[rc] = False
        out.append((kind, cells))
    return out


def _place_pieces(rng: Rng, rows: int, cols: int, lay: list[str], coverage: float | None) -> list[dict]:
    """Non-overlapping pieces covering about `coverage` of the cells: a random subset of a full tiling."""
    n = rows * cols
    if coverage is None:  # spread over 0-100 %, with both extremes well represented
        u = rng.random()
        coverage = rng.uniform(0, 0.1) if u < 0.15 else rng.uniform(0.9, 1.0) if u < 0.3 else rng.uniform(0, 1)
    target = int(round(np.clip(coverage, 0, 1) * n))
    tiles = _tiling(rng, rows, cols)
    pieces: list[dict] = []
    covered = 0
    for i in rng.permutation(len(tiles)):
        kind, cells = tiles[i]
        if covered >= target:
            break
        if covered + len(cells) > target + 1:  # overshoots: look for a smaller piece
            continue
        covered += len(cells)
        p = {"kind": kind, "cells": cells, "hole": None, "token": None}
        if kind == "leaf":
            tre = [rc for rc in cells if lay[rc[0]][rc[1]] != "."]
            # holes over treasures are common in play; tokens lie in about half of those
            p["hole"] = tre[rng.integers(len(tre))] if tre and rng.random() < 0.5 else cells[rng.integers(len(cells))]
            ch = lay[p["hole"][0]][p["hole"][1]]
            if ch != "." and rng.random() < 0.5:
                p["token"] = ch
        pieces.append(p)
    return pieces


# --------------------------------------------------------------------------- pieces: how they look

def _piece_style(rng: Rng) -> dict:
    """One physical game set per photo: tile colours, thickness, hole cut, light."""
    shape = rng.choice(["square", "rounded", "round"], p=[0.35, 0.35, 0.3])
    gap = rng.uniform(0.8, 2.0)
    side_max = (CELL - 2 * gap - 5) / CELL  # keeps at least ~2.5 px of ring at the tile edge
    return {
        "gap": gap, "round": rng.uniform(1.0, 3.0), "height": rng.uniform(0.05, 0.09) * CELL,
        "hole": shape, "side": min(rng.uniform(0.70, 0.95), side_max), "corner": rng.uniform(0.1, 0.3),
        "diam": rng.uniform(0.7, 0.9), "oval": rng.uniform(0.92, 1.08), "offc": rng.random() < 0.35,
        "green": (rng.uniform(38, 68), rng.uniform(120, 220), rng.uniform(100, 190)),
        "yellow": (rng.uniform(12, 27), rng.uniform(160, 240), rng.uniform(170, 240)),
        "red": (rng.uniform(-2, 6), rng.uniform(160, 235), rng.uniform(120, 200)),
        "border": rng.random() < 0.5, "hole_border": rng.random() < 0.3,
        "vein_light": rng.random() < 0.6, "token_d": rng.uniform(0.55, 0.7),
        "light_az": rng.uniform(0, 2 * np.pi), "light_cot": 1 / np.tan(np.radians(rng.uniform(35, 70))),
        "shadow": rng.uniform(0.35, 0.6), "soft": rng.uniform(1.2, 3.5),
        "cardboard": _bgr(rng.uniform(12, 25), rng.uniform(25, 80), rng.uniform(120, 190)),
    }


def _footprint(cells_local: list[tuple[int, int]], h: int, w: int, gap: float, sig: float) -> np.ndarray:
    """Anti-aliased tile outline: union of cells, inset by `gap`, corners rounded by blurring."""
    U = np.zeros((h, w), np.float32)
    for x, y in cells_local:
        U[y:y + CELL, x:x + CELL] = 1
    B = cv2.GaussianBlur(U, (0, 0), sig)
    # a blurred straight edge reads phi(d / sig) at depth d: threshold there to inset by `gap`
    thr, slope = _phi(gap / sig), math.exp(-0.5 * (gap / sig) ** 2) / (math.sqrt(2 * np.pi) * sig)
    return np.clip((B - thr) / slope + 0.5, 0, 1)


def _shape_sdf(h: int, w: int, cx: float, cy: float, kind: str, half: float, r: float, ax: float, ay: float) -> np.ndarray:
    """Signed distance (px, >0 outside) of a square/rounded square or an ellipse."""
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    x, y = xx + 0.5 - cx, yy + 0.5 - cy
    if kind == "round":
        return (np.hypot(x / ax, y / ay) - 1) * min(ax, ay)
    qx, qy = np.abs(x) - (half - r), np.abs(y) - (half - r)
    return np.hypot(np.maximum(qx, 0), np.maximum(qy, 0)) + np.minimum(np.maximum(qx, qy), 0) - r


def _leaf_art(rng: Rng, st: dict, size: int, cells_local: list[tuple[int, int]], h: int, w: int) -> np.ndarray:
    """Leaf colour with mottling and a vein tree running through the tile's cells."""
    hh, ss, vv = st[{3: "green", 4: "yellow", 5: "red"}[size]]
    c0 = _bgr(hh + rng.normal(0, 2), ss * rng.uniform(0.9, 1.1), vv * rng.uniform(0.9, 1.1))
    if rng.random() < 0.2:  # some tiles are browner
        c0 = c0 * 0.7 + _bgr(14, 150, 110) * 0.3
    c1 = _bgr(hh + (rng.uniform(4, 9) if size == 5 else rng.choice([-9, 9])), ss * 0.9, vv * rng.uniform(0.7, 1.2))  # reds drift orange, never magenta
    mix = 1 / (1 + np.exp(-2.2 * _noise(rng, h, w, 28)))
    A = c0 * (1 - 0.55 * mix[..., None]) + c1 * 0.55 * mix[..., None]
    A *= (1 + 0.07 * _noise(rng, h, w, 6) + 0.03 * rng.standard_normal((h, w)).astype(np.float32))[..., None]
    vm = np.zeros((h, w), np.uint8)
    ctr = {(x, y): (x + CELL / 2 + rng.normal(0, 6), y + CELL / 2 + rng.normal(0, 6)) for x, y in cells_local}
    seen, todo = {cells_local[0]}, [cells_local[0]]
    while todo:  # main veins along a spanning tree of the cells: they never leave the tile
        a = todo.pop(0)
        for b in cells_local:
            if b not in seen and abs(a[0] - b[0]) + abs(a[1] - b[1]) == CELL:
                seen.add(b)
                todo.append(b)
                cv2.line(vm, _p(*ctr[a]), _p(*ctr[b]), 255, int(rng.integers(3, 5)), AA, SH)
    for (x, y), (px, py) in ctr.items():  # side veins
        base = rng.uniform(0, np.pi)
        for k in range(int(rng.integers(3, 6))):
            a = base + k * np.pi / 2.5 + rng.normal(0, 0.2)
            L = rng.uniform(0.3, 0.55) * CELL
            cv2.line(vm, _p(px, py), _p(px + L * np.cos(a), py + L * np.sin(a)), 255, int(rng.integers(1, 3)), AA, SH)
    vcol = c0 * 1.3 + 40 if st["vein_light"] else c0 * 0.55
    va = cv2.GaussianBlur(vm.astype(np.float32) / 255, (0, 0), 0.6)[..., None] * rng.uniform(0.5, 0.85)
    return A * (1 - va) + vcol * va


def _animal_art(rng: Rng, cells_local: list[tuple[int, int]], h: int, w: int) -> np.ndarray:
    """A light picture with an animal-ish figure (fox, hedgehog or badger) along the tile's long axis."""
    bg = _bgr(rng.uniform(0, 180), rng.uniform(30, 90), rng.uniform(170, 230))
    A = np.empty((h, w, 3), np.float32)
    A[:] = bg
    A *= (1 + 0.05 * _noise(rng, h, w, 30))[..., None]
    u8 = np.clip(A, 0, 255).astype(np.uint8)
    ctr = np.array([[x + CELL / 2, y + CELL / 2] for x, y in cells_local])
    near = ctr[np.argmin(np.linalg.norm(ctr - ctr.mean(0), axis=1))]  # stay on the tile for L shapes
    ev, evec = np.linalg.eigh(np.cov(ctr.T) + np.eye(2) * 1e-3)
    ax = evec[:, 1] * rng.choice([-1, 1])
    nrm = np.array([-ax[1], ax[0]])
    kind = rng.choice(["fox", "hedgehog", "badger"])
    fur = {"fox": _bgr(rng.uniform(8, 15), 210, 200), "hedgehog": _bgr(15, 120, 110),
           "badger": _bgr(0, 0, 90)}[kind]
    L, Wd = CELL * rng.uniform(0.55, 0.75), CELL * 0.3
    ang = float(np.degrees(np.arctan2(ax[1], ax[0])))
    P = lambda v: _p(*(near + v))  # noqa: E731
    for s in (-0.5, 0.5):  # legs
        for side in (-1, 1):
            a0 = ax * L * s + nrm * side * Wd * 0.6
            cv2.line(u8, P(a0), P(a0 + nrm * side * Wd * 0.7), _t(fur * 0.6), 7, AA, SH)
    tail = -ax * L * 1.1
    cv2.ellipse(u8, P(tail), _p(L * 0.5, Wd * 0.45), ang + 20, 0, 360, _t(fur * 1.1), -1, AA, SH)
    if kind == "fox":
        cv2.circle(u8, P(tail - ax * L * 0.4), int(Wd * 0.3 * 8), (235, 240, 245), -1, AA, SH)
    if kind == "hedgehog":  # spines around the back
        for t in np.linspace(0, 2 * np.pi, 28):
            q = ax * L * 1.05 * np.cos(t) + nrm * Wd * 1.05 * np.sin(t)
            cv2.line(u8, P(q * 0.8), P(q * 1.25), _t(fur * 0.5), 3, AA, SH)
    cv2.ellipse(u8, P(np.zeros(2)), _p(L, Wd), ang, 0, 360, _t(fur), -1, AA, SH)
    head = ax * L * 1.05
    cv2.circle(u8, P(head), int(CELL * 0.24 * 8), _t(fur * 1.05), -1, AA, SH)
    if kind == "badger":  # white stripe over the head
        cv2.line(u8, P(head - ax * 8), P(head + ax * CELL * 0.3), (235, 235, 235), 9, AA, SH)
    for s in (-1, 1):
        e = head - ax * CELL * 0.05 + nrm * s * CELL * 0.17
        tri = np.array([P(e + nrm * s * 9), P(e - nrm * s * 9), P(e - ax * 16 + nrm * s * 6)], np.int32)
        cv2.fillPoly(u8, [tri], _t(fur * 0.8), AA, SH)
        cv2.circle(u8, P(head + ax * 0.08 * CELL + nrm * s * 0.09 * CELL), 4 * 8, (20, 20, 20), -1, AA, SH)
    cv2.circle(u8, P(head + ax * 0.24 * CELL), 5 * 8, (30, 30, 40), -1, AA, SH)
    return u8.astype(np.float32)


def _squirrel_canvas(rng: Rng, round_: bool) -> _Canvas:
    """A 1-cell squirrel token at 2x: coloured ground and an orange squirrel with a bushy tail."""
    P = 2 * CELL
    cv = _Canvas(P)
    bg = _bgr(rng.uniform(25, 95), rng.uniform(60, 170), rng.uniform(110, 200))
    if round_:
        cv.circle(P / 2, P / 2, P / 2 * rng.uniform(0.8, 0.92), bg)
    else:
        cv.poly([(0, 0), (P, 0), (P, P), (0, P)], bg)
    fur = _bgr(rng.uniform(6, 14), rng.uniform(170, 230), rng.uniform(130, 200))
    s, c = P / 2, P / 2
    cv.ellipse(c + 0.28 * s, c - 0.05 * s, 0.22 * s, 0.5 * s, 15, fur * 0.85)
    cv.ellipse(c - 0.05 * s, c + 0.18 * s, 0.26 * s, 0.34 * s, 0, fur)
    cv.circle(c - 0.18 * s, c - 0.22 * s, 0.19 * s, fur)
    cv.poly([(c - 0.3 * s, c - 0.32 * s), (c - 0.22 * s, c - 0.55 * s), (c - 0.12 * s, c - 0.36 * s)], fur * 0.9)
    cv.circle(c - 0.24 * s, c - 0.24 * s, 0.04 * s, (20, 20, 20))
    cv.ellipse(c - 0.05 * s, c + 0.22 * s, 0.12 * s, 0.2 * s, 0, fur * 0.6 + 90)
    return cv


def _lift(F0: np.ndarray, A: np.ndarray, org: tuple[int, int], ctr: tuple[float, float], ang: float,
          shift: np.ndarray, height: float, view: dict, st: dict, side: np.ndarray) -> dict:
    """Places a flat piece (alpha F0, art A, local patch at `org` in padded-board px).

    The top face is seen displaced away from the camera by parallax; the band between
    it and the base is the tile's side; the shadow is the footprint slid away from the light.
    """
    h, w = F0.shape
    M = cv2.getRotationMatrix2D(ctr, ang, 1.0)
    M[:, 2] += shift
    pc = np.array([org[0] + ctr[0] - PAD, org[1] + ctr[1] - PAD])
    disp = (pc - view["cg"]) * height / (view["hc"] - height)
    Mt = M.copy()
    Mt[:, 2] += disp
    kw = dict(flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT, borderValue=0)
    fb = cv2.warpAffine(F0, M, (w, h), **kw)
    ft = cv2.warpAffine(F0, Mt, (w, h), **kw)
    at = cv2.warpAffine(A, Mt, (w, h), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    body = np.maximum(_smear(ft, -disp), ft)
    lv = np.array([np.cos(st["light_az"]), np.sin(st["light_az"])]) * height * st["light_cot"]
    shadow = cv2.GaussianBlur(_smear(fb, lv), (0, 0), st["soft"])
    return {"org": org, "top": ft, "body": body, "art": at, "shadow": shadow, "side": side, "M": M}


def _box(m: np.ndarray) -> tuple[slice, slice]:
    """Bounding slices of where a soft mask is non-zero (keeps the blending cheap)."""
    x, y, w, h = cv2.boundingRect((m > 1e-3).astype(np.uint8))
    return slice(y, y + h), slice(x, x + w)


def _apply_shadow(board: np.ndarray, p: dict, strength: float) -> None:
    x, y = p["org"]
    h, w = p["top"].shape
    sy, sx = _box(p["shadow"])
    board[y:y + h, x:x + w][sy, sx] *= (1 - strength * p["shadow"][sy, sx])[..., None]


def _apply_body(board: np.ndarray, p: dict) -> None:
    x, y = p["org"]
    h, w = p["top"].shape
    sy, sx = _box(p["body"])
    roi = board[y:y + h, x:x + w][sy, sx]
    body, top = p["body"][sy, sx, None], p["top"][sy, sx, None]
    # = roi (1 - body) + side_colour (body - top) + art top, in fewer passes
    roi += body * (p["side"] - roi) + top * (p["art"][sy, sx] - p["side"])


def _draw_pieces(board: np.ndarray, info: dict, pieces: list[dict], view: dict, st: dict, rng: Rng) -> np.ndarray:
    """Draws every piece face-on: tokens first, then all shadows, then the tiles themselves."""
    gx, gy = info["gx"] + PAD, info["gy"] + PAD
    out = np.pad(board, ((PAD, PAD), (PAD, PAD), (0, 0)), mode="edge")
    m = PAD - 8
    lay = info["layout"].split("/")
    tokens, tiles = [], []
    for p in pieces:
        rs, cs = [r for r, _ in p["cells"]], [c for _, c in p["cells"]]
        org = (gx + min(cs) * CELL - m, gy + min(rs) * CELL - m)
        h, w = (max(rs) - min(rs) + 1) * CELL + 2 * m, (max(cs) - min(cs) + 1) * CELL + 2 * m
        loc = [(m + (c - min(cs)) * CELL, m + (r - min(rs)) * CELL) for r, c in p["cells"]]
        ctr = (float(np.mean([x for x, _ in loc])) + CELL / 2, float(np.mean([y for _, y in loc])) + CELL / 2)
        shift = rng.normal(0, 1, 2)
        shift = shift / (np.hypot(*shift) + 1e-9) * 0.04 * CELL * rng.random() ** 1.5
        ang = rng.uniform(-2, 2) * rng.random()
        if p["kind"] == "squirrel":
            round_ = rng.random() < 0.5
            cv = _squirrel_canvas(rng, round_)
            col, a = cv.rgba(CELL)
            A = np.zeros((h, w, 3), np.float32)
            A[m:m + CELL, m:m + CELL] = col
            if round_:
                F0 = np.zeros((h, w), np.float32)
                F0[m:m + CELL, m:m + CELL] = a
            else:
                F0 = _footprint(loc, h, w, st["gap"], st["round"])
            side = st["cardboard"] * 0.65
            tiles.append(_lift(F0, A, org, ctr, ang, shift, st["height"], view, st, side))
            continue
        F0 = _footprint(loc, h, w, st["gap"], st["round"])
        if p["kind"] == "animal":
            A = _animal_art(rng, loc, h, w)
            side = st["cardboard"] * 0.65
        else:
            A = _leaf_art(rng, st, len(p["cells"]), loc, h, w)
            side = A[int(ctr[1]), int(ctr[0])] * 0.35 + st["cardboard"] * 0.35
            if st["border"]:  # thin printed line just inside the outline
                U = np.zeros((h, w), np.uint8)
                for x, y in loc:
                    U[y:y + CELL, x:x + CELL] = 1
                d = cv2.distanceTransform(U, cv2.DIST_L2, 5)
                band = np.clip(1.2 - np.abs(d - st["gap"] - 5), 0, 1)[..., None]
                A = A * (1 - 0.7 * band) + A * 0.45 * 0.7 * band
            # the hole: one cell cut out, maybe slightly off-centre
            hr, hc = p["hole"]
            hx = m + (hc - min(cs)) * CELL + CELL / 2
            hy = m + (hr - min(rs)) * CELL + CELL / 2
            lim = CELL / 2 - st["gap"] - 2.5  # the hole never cuts through the tile's ring
            half = min(st["side"] * CELL / 2 + rng.normal(0, 0.4), lim)
            ax = float(np.clip(st["diam"] * st["oval"], 0.7, 0.9)) * CELL / 2
            ay = float(np.clip(st["diam"] / st["oval"], 0.7, 0.9)) * CELL / 2
            ax, ay = min(ax, lim), min(ay, lim)
            ext = half if st["hole"] != "round" else max(ax, ay)
            room = max(0.0, CELL / 2 - st["gap"] - 2.5 - ext)  # offset keeps a ring everywhere
            off = rng.uniform(-1, 1, 2) * min(room, 0.035 * CELL) if st["offc"] else np.zeros(2)
            wx, wy = int(hx) - CELL // 2 - 8, int(hy) - CELL // 2 - 8  # the hole cell's window only
            sdf = _shape_sdf(CELL + 16, CELL + 16, hx + off[0] - wx, hy + off[1] - wy, st["hole"], half,
                             max(0.5, st["corner"] * half * 2) if st["hole"] == "rounded" else 0.5, ax, ay)
            win = (slice(wy, wy + CELL + 16), slice(wx, wx + CELL + 16))
            if st["hole_border"]:
                band = np.clip(1.2 - np.abs(sdf - 4), 0, 1)[..., None]
                A[win] = A[win] * (1 - 0.6 * band) + A[win] * 0.4 * 0.6 * band
            F0[win] *= np.clip(sdf + 0.5, 0, 1)
            tile = _lift(F0, A, org, ctr, ang, shift, st["height"], view, st, side)
            tiles.append(tile)
            if p["token"]:
                tokens.append(_token(rng, st, info, p["token"], tile["M"] @ [hx + off[0], hy + off[1], 1] + org,
                                     min(st["token_d"], 2 * ext / CELL - 0.06), view))
            continue
        tiles.append(_lift(F0, A, org, ctr, ang, shift, st["height"], view, st, side))
    for p in tokens:
        _apply_shadow(out, p, st["shadow"] * 0.8)
        _apply_body(out, p)
    for p in tiles:
        _apply_shadow(out, p, st["shadow"])
    for p in tiles:
        _apply_body(out, p)
    return out[PAD:-PAD, PAD:-PAD]


def _token(rng: Rng, st: dict, info: dict, ch: str, centre: np.ndarray, diam: float, view: dict) -> dict:
    """A round cardboard treasure token lying on the board inside a hole (centre in padded px)."""
    P = 2 * CELL
    cv = _Canvas(P)
    r = diam * CELL  # radius at 2x
    card = _bgr(rng.uniform(15, 28), rng.uniform(20, 60), rng.uniform(195, 235))
    cv.circle(P / 2, P / 2, r, card * 0.8)
    cv.circle(P / 2, P / 2, r - 3, card)
    _draw_icon(cv, ch, info["icons"], rng, P / 2, P / 2, r * 0.8)
    col, a = cv.rgba(CELL)
    m = 24
    h = w = CELL + 2 * m
    A = np.zeros((h, w, 3), np.float32)
    F0 = np.zeros((h, w), np.float32)
    A[m:m + CELL, m:m + CELL], F0[m:m + CELL, m:m + CELL] = col, a
    c = centre + rng.uniform(-1.5, 1.5, 2)
    org = (int(np.floor(c[0] - w / 2)), int(np.floor(c[1] - h / 2)))
    frac = c - np.array(org) - w / 2
    return _lift(F0, A, org, (w / 2, h / 2), rng.uniform(-180, 180), frac, 0.035 * CELL, view, st, card * 0.6)


# --------------------------------------------------------------------------- camera and photo

def _camera(rng: Rng, bw: int, bh: int, size: tuple[int, int], tilt: float, fill: tuple[float, float],
            hb: float) -> dict:
    """Pinhole camera over the board: homographies of the board top and of the table plane."""
    W, H = size
    short = min(W, H)
    th, ph = np.radians(rng.uniform(0, tilt)), rng.uniform(0, 2 * np.pi)
    fpx = rng.uniform(0.7, 1.0) * max(W, H)
    target = rng.uniform(*fill)
    D = fpx * max(bw, bh) / (target * short)
    ctr = np.array([bw / 2, bh / 2, 0.0])
    C = ctr + D * np.array([np.sin(th) * np.cos(ph), np.sin(th) * np.sin(ph), -np.cos(th)])  # z<0 is above
    zc = (ctr - C) / np.linalg.norm(ctr - C)
    yc = np.array([0.0, 1.0, 0.0]) - zc[1] * zc
    yc /= np.linalg.norm(yc)
    R = np.stack([np.cross(yc, zc), yc, zc])
    K = np.diag([fpx, fpx, 1.0])
    plane = lambda z: K @ np.column_stack([R[:, 0], R[:, 1], R @ (np.array([0, 0, z]) - C)])  # noqa: E731
    H0t, H0b = plane(0.0), plane(hb)
    box = np.array([[0, 0], [bw, 0], [bw, bh], [0, bh]], np.float64)
    top, bot = _proj(H0t, box), _proj(H0b, box)
    k = target * short / max(np.linalg.norm(top - np.roll(top, -1, 0), axis=1))
    pts = np.vstack([top, bot]) * k
    mg = 0.02
    for _ in range(40):  # any roll, but the whole board must stay in the photo
        psi = rng.uniform(0, 2 * np.pi)
        rot = np.array([[np.cos(psi), -np.sin(psi)], [np.sin(psi), np.cos(psi)]])
        q = pts @ rot.T
        ext = q.max(0) - q.min(0)
        if ext[0] <= (1 - 2 * mg) * W and ext[1] <= (1 - 2 * mg) * H:
            break
    else:
        shrink = min((1 - 2 * mg) * W / ext[0], (1 - 2 * mg) * H / ext[1])
        k, q = k * shrink, q * shrink
    tx = rng.uniform(mg * W - q[:, 0].min(), (1 - mg) * W - q[:, 0].max())
    ty = rng.uniform(mg * H - q[:, 1].min(), (1 - mg) * H - q[:, 1].max())
    S = np.array([[k * np.cos(psi), -k * np.sin(psi), tx], [k * np.sin(psi), k * np.cos(psi), ty], [0, 0, 1]])
    Ht, Hb = S @ H0t, S @ H0b
    pt = _proj(Ht, box)
    lens = np.linalg.norm(pt - np.roll(pt, -1, 0), axis=1) / np.linalg.norm(box - np.roll(box, -1, 0), axis=1)
    return {"Ht": Ht, "Hb": Hb, "cg": C[:2], "hc": -C[2], "hb": hb, "scale_max": float(lens.max()),
            "scale": float(lens.mean()), "box": box}


def _table(rng: Rng, W: int, H: int) -> np.ndarray:
    """Table top (uint8): plain, wood planks, cloth (linen or gingham) or a printed pattern."""
    w2, h2 = W // 2 + 1, H // 2 + 1
    yy, xx = np.mgrid[0:h2, 0:w2].astype(np.float32)
    a = rng.uniform(0, np.pi)
    xr, yr = xx * np.cos(a) + yy * np.sin(a), -xx * np.sin(a) + yy * np.cos(a)
    kind = rng.choice(["plain", "wood", "cloth", "pattern"], p=[0.25, 0.35, 0.2, 0.2])
    if kind == "plain":
        c = _bgr(rng.uniform(0, 180), rng.uniform(0, 120), rng.uniform(60, 230))
        img = c * (1 + 0.05 * _noise(rng, h2, w2, 80) + 0.02 * _noise(rng, h2, w2, 2))[..., None]
    elif kind == "wood":  # planks built level, with grain streaks along them, then turned
        c = _bgr(rng.uniform(9, 22), rng.uniform(90, 190), rng.uniform(70, 210))
        D = int(np.hypot(w2, h2)) + 4
        py = np.mgrid[0:D, 0:D][0].astype(np.float32)
        pw = rng.uniform(60, 160)
        idx = np.floor(py / pw).astype(np.int64) % 64
        tone = (1 + 0.12 * rng.standard_normal(64)).astype(np.float32)[idx]
        streak = lambda sy, sx: cv2.resize(rng.standard_normal((int(D / sy) + 2, int(D / sx) + 2)).astype(np.float32),  # noqa: E731
                                           (D, D), interpolation=cv2.INTER_CUBIC)
        per = rng.uniform(6, 16)
        rings = np.sin(2 * np.pi * (py + 4 * streak(40, 200)) / per)
        seam = np.clip(1.5 - np.abs(np.mod(py, pw) - 0.75), 0, 1)
        wood = tone * (1 + 0.06 * rings + 0.06 * streak(1.5, 60) + 0.05 * streak(6, 120)) * (1 - 0.5 * seam)
        M = cv2.getRotationMatrix2D((D / 2, D / 2), float(np.degrees(a)), 1.0)
        M[:, 2] += [w2 / 2 - D / 2, h2 / 2 - D / 2]
        img = c * cv2.warpAffine(wood, M, (w2, h2), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT)[..., None]
    elif kind == "cloth":
        c = _bgr(rng.uniform(0, 180), rng.uniform(30, 200), rng.uniform(110, 220))
        if rng.random() < 0.5:  # linen weave
            p = rng.uniform(2, 4)
            wv = 0.5 * (np.sin(2 * np.pi * xr / p) + np.sin(2 * np.pi * yr / p))
            img = c * (1 + 0.06 * wv + 0.05 * _noise(rng, h2, w2, 3))[..., None]
        else:  # gingham
            q = rng.uniform(10, 30)
            bx, by = (np.mod(xr, 2 * q) < q), (np.mod(yr, 2 * q) < q)
            k = (bx.astype(np.float32) + by) / 2
            white = np.float32([235, 240, 240])
            img = white * (1 - k[..., None]) + c * k[..., None]
            img *= (1 + 0.04 * np.sin(2 * np.pi * xr / 2.5))[..., None]
    else:
        c1 = _bgr(rng.uniform(0, 180), rng.uniform(40, 200), rng.uniform(60, 220))
        c2 = _bgr(rng.uniform(0, 180), rng.uniform(20, 200), rng.uniform(60, 240))
        q = rng.uniform(15, 45)
        if rng.random() < 0.5:  # polka dots
            d = np.hypot(np.mod(xr, q) - q / 2, np.mod(yr, q) - q / 2)
            k = np.clip(q * 0.25 - d + 0.5, 0, 1)
        else:  # tiles with grout
            k = np.clip(np.minimum(np.mod(xr, q), np.mod(yr, q)) - 1.5, 0, 1)
        img = c1 * (1 - k[..., None]) + c2 * k[..., None]
        img *= (1 + 0.03 * _noise(rng, h2, w2, 40))[..., None]
    img = cv2.resize(img.astype(np.float32), (W, H), interpolation=cv2.INTER_LINEAR)
    return np.clip(img, 0, 255).astype(np.uint8)


def _rect(cx: float, cy: float, w: float, h: float, a: float) -> np.ndarray:
    ca, sa = np.cos(a), np.sin(a)
    pts = np.array([[-w / 2, -h / 2], [w / 2, -h / 2], [w / 2, h / 2], [-w / 2, h / 2]])
    return pts @ np.array([[ca, sa], [-sa, ca]]) + [cx, cy]


def _clutter_prims(rng: Rng, cx: float, cy: float, cu: float) -> tuple[list, float]:
    """Primitives of one object beside the board, and its height (for its shadow) in px."""
    a = rng.uniform(0, 2 * np.pi)
    kind = rng.choice(["mug", "pen", "coin", "die", "card", "phone"])
    c = _bgr(rng.uniform(0, 180), rng.uniform(40, 230), rng.uniform(60, 230))
    if kind == "mug":
        R = cu * rng.uniform(1.3, 2.0)
        hx, hy = cx + np.cos(a) * R * 1.15, cy + np.sin(a) * R * 1.15
        return [("line", [(cx, cy), (hx, hy)], R * 0.35, c), ("circle", cx, cy, R, c),
                ("circle", cx, cy, R * 0.86, c * 0.75), ("circle", cx, cy, R * 0.8, (25, 45, 75))], 2.5 * R
    if kind == "pen":
        L, wd = cu * rng.uniform(4, 7), cu * rng.uniform(0.22, 0.32)
        d = np.array([np.cos(a), np.sin(a)]) * L / 2
        p0, p1 = (cx - d[0], cy - d[1]), (cx + d[0], cy + d[1])
        tip = (cx + d[0] * 1.15, cy + d[1] * 1.15)
        return [("line", [p1, tip], wd * 0.6, (160, 160, 165)), ("line", [p0, p1], wd, c),
                ("line", [p0, (cx - d[0] * 0.6, cy - d[1] * 0.6)], wd * 1.1, c * 0.6)], wd
    if kind == "coin":
        r = cu * rng.uniform(0.35, 0.55)
        g = rng.choice([np.float32([60, 160, 200]), np.float32([170, 170, 165])])
        return [("circle", cx, cy, r, g * 0.8), ("circle", cx, cy, r * 0.85, g)], 0.15 * cu
    if kind == "die":
        s = cu * rng.uniform(0.6, 0.9)
        dc = rng.choice([np.float32([235, 235, 235]), np.float32([40, 40, 200]), np.float32([30, 30, 30])])
        pc = (20, 20, 20) if dc.mean() > 150 else (240, 240, 240)
        pr = [("poly", _rect(cx, cy, s, s, a), dc)]
        for px, py in [(-0.25, -0.25), (0.25, 0.25), (0, 0)][: int(rng.integers(1, 4))]:
            q = _rect(cx, cy, s, s, a).mean(0) + np.array([[np.cos(a), np.sin(a)], [-np.sin(a), np.cos(a)]]).T @ [px * s, py * s]
            pr.append(("circle", q[0], q[1], s * 0.09, pc))
        return pr, s
    if kind == "card":
        w = cu * rng.uniform(2.5, 3.5)
        pr = [("poly", _rect(cx, cy, w, w * 1.4, a), c), ("poly", _rect(cx, cy, w * 0.85, w * 1.25, a), c * 0.6 + 90)]
        return pr, 0.05 * cu
    w = cu * rng.uniform(2.6, 3.2)  # phone
    return [("poly", _rect(cx, cy, w, w * 2.05, a), (25, 25, 28)),
            ("poly", _rect(cx, cy, w * 0.9, w * 1.85, a), (70, 45, 35))], 0.3 * cu


def _draw_prims(img: np.ndarray, prims: list, s: float, value=None, off=(0.0, 0.0)) -> None:
    for pr in prims:
        col = _t(pr[-1]) if value is None else value
        if pr[0] == "circle":
            cv2.circle(img, _p(pr[1] * s + off[0], pr[2] * s + off[1]), int(pr[3] * s * (1 << SH)), col, -1, AA, SH)
        elif pr[0] == "line":
            q = [_p(x * s + off[0], y * s + off[1]) for x, y in pr[1]]
            cv2.line(img, q[0], q[1], col, max(1, int(pr[2] * s)), AA, SH)
        else:
            q = np.array([_p(x * s + off[0], y * s + off[1]) for x, y in pr[1]], np.int32)
            cv2.fillPoly(img, [q], col, AA, SH)


def _photograph(board: np.ndarray, info: dict, cam: dict, rng: Rng, size: tuple[int, int], mild: bool,
                st_light: tuple[float, float]) -> np.ndarray:
    """The board (with pieces) on a table, seen by the phone camera; returns the BGR uint8 photo."""
    W, H = size
    bh, bw = board.shape[:2]
    short = min(W, H)
    table = _table(rng, W, H)
    box = cam["box"]
    top, bot = _proj(cam["Ht"], box), _proj(cam["Hb"], box)
    hull = cv2.convexHull(np.vstack([top, bot]).astype(np.float32)).reshape(-1, 2)
    cu = cam["scale"] * CELL
    q = 4  # shadows and the keep-out zone are worked out at quarter size
    ws, hs = W // q + 1, H // q + 1
    excl = np.zeros((hs, ws), np.uint8)
    cv2.fillPoly(excl, [np.array([_p(x / q, y / q) for x, y in hull], np.int32)], 1, AA, SH)
    excl = cv2.dilate(excl, np.ones((int(cu * 0.6 / q) | 1,) * 2, np.uint8))
    shadow = np.zeros((hs, ws), np.float32)
    az, cot = st_light
    sv = np.array([np.cos(az), np.sin(az)])
    sb = _proj(cam["Hb"], box + sv * cam["hb"] * cot * 2.0)
    sh_hull = cv2.convexHull(np.vstack([bot, sb]).astype(np.float32)).reshape(-1, 2)
    cv2.fillPoly(shadow, [np.array([_p(x / q, y / q) for x, y in sh_hull], np.int32)], 1.0, 8, SH)
    # photo-space direction of the light's shadow, for the clutter
    c0 = _proj(cam["Ht"], np.array([[bw / 2, bh / 2], [bw / 2 + sv[0] * 100, bh / 2 + sv[1] * 100]]))
    pdir = (c0[1] - c0[0]) / (np.linalg.norm(c0[1] - c0[0]) + 1e-9)
    for _ in range(int(rng.integers(0, 5))):
        for _try in range(15):  # clutter beside the board, never on it
            cx, cy = rng.uniform(-0.05, 1.05) * W, rng.uniform(-0.05, 1.05) * H
            prims, height = _clutter_prims(rng, cx, cy, cu)
            fm = np.zeros((hs, ws), np.uint8)
            _draw_prims(fm, prims, 1 / q, 1)
            if fm.any() and not (fm & excl).any():
                _draw_prims(table, prims, 1.0)
                off = pdir * min(height * cot, cu * 2) / q
                _draw_prims(shadow, prims, 1 / q, 1.0, (off[0], off[1]))
                break
    shadow = cv2.GaussianBlur(shadow, (0, 0), max(0.8, cu * 0.05 / q))
    shadow = cv2.resize(shadow, (W, H), interpolation=cv2.INTER_LINEAR)
    photo = cv2.multiply(table.astype(np.float32), _3(1 - rng.uniform(0.3, 0.55) * shadow))
    # the board's cardboard side (hull of its top and bottom outlines), then its face, inside their box
    x0, y0 = np.clip(np.floor(hull.min(0)).astype(int) - 2, 0, None)
    x1, y1 = np.minimum(np.ceil(hull.max(0)).astype(int) + 3, [W, H])
    roi = photo[y0:y1, x0:x1]
    sm = np.zeros(roi.shape[:2], np.uint8)
    cv2.fillPoly(sm, [np.array([_p(x - 0.5 - x0, y - 0.5 - y0) for x, y in hull], np.int32)], 255, AA, SH)
    sm = sm.astype(np.float32)[..., None] / 255
    roi += sm * (info["edge"] * rng.uniform(0.45, 0.75) - roi)
    # reduce the board first when it is much smaller in the photo (no aliasing), then warp
    k = min(1.0, 1.25 * cam["scale_max"])
    src = np.dstack([board, np.ones((bh, bw), np.float32)])
    if k < 0.999:
        nw, nh = max(8, int(round(bw * k))), max(8, int(round(bh * k)))
        src = cv2.resize(src, (nw, nh), interpolation=cv2.INTER_AREA)
        sx, sy = nw / bw, nh / bh
    else:
        sx = sy = 1.0
    Hw = _T(-0.5 - x0, -0.5 - y0) @ cam["Ht"] @ np.diag([1 / sx, 1 / sy, 1.0]) @ _T(0.5, 0.5)
    wp = cv2.warpPerspective(src, Hw, (x1 - x0, y1 - y0), flags=cv2.INTER_LINEAR,
                             borderMode=cv2.BORDER_CONSTANT, borderValue=0)
    roi[:] = wp[..., :3] + roi * (1 - wp[..., 3:])  # premultiplied: soft, exact edges
    # light: gradient, vignetting, maybe a hand shadow and a glare spot, colour cast
    lw, lh = W // 8 + 1, H // 8 + 1
    yy, xx = np.mgrid[0:lh, 0:lw].astype(np.float32)
    xn, yn = xx / lw - 0.5, yy / lh - 0.5
    gs = 0.15 if mild else 0.4
    field = 1 + rng.uniform(-gs, gs) * xn + rng.uniform(-gs, gs) * yn
    vx, vy = rng.uniform(-0.15, 0.15, 2)
    field *= 1 - rng.uniform(0.05, 0.2 if mild else 0.45) * ((xn - vx) ** 2 + (yn - vy) ** 2) / 0.5
    pts = lambda: top[0] + (top[1] - top[0]) * rng.uniform(0.1, 0.9) + (top[3] - top[0]) * rng.uniform(0.1, 0.9)  # noqa: E731
    if not mild and rng.random() < 0.35:  # soft shadow of a hand or phone reaching in from outside
        hm = np.zeros((lh, lw), np.float32)
        p = pts() / 8
        a = rng.uniform(0, 2 * np.pi)
        wd = short / 8 * rng.uniform(0.07, 0.14)  # arm / phone width; it reaches in from beyond the edge
        e = p + np.array([np.cos(a), np.sin(a)]) * max(W, H) / 8 * 1.5
        cv2.line(hm, _p(*p), _p(*e), 1.0, max(1, int(wd)), 8, SH)
        cv2.circle(hm, _p(*p), int(wd * 0.7 * (1 << SH)), 1.0, -1, 8, SH)
        hm = cv2.GaussianBlur(hm, (0, 0), short / 8 * rng.uniform(0.02, 0.05))
        field *= 1 - rng.uniform(0.25, 0.5) * hm
    glare = np.zeros((lh, lw), np.float32)
    if rng.random() < (0.2 if mild else 0.4):
        g = pts() / 8
        s1 = short / 8 * rng.uniform(0.02, 0.08)
        s2 = s1 * rng.uniform(1, 2.5)
        a = rng.uniform(0, np.pi)
        dx, dy = xx - g[0], yy - g[1]
        u, v = dx * np.cos(a) + dy * np.sin(a), -dx * np.sin(a) + dy * np.cos(a)
        glare = np.exp(-0.5 * ((u / s2) ** 2 + (v / s1) ** 2)) * rng.uniform(20, 60) if mild else \
            np.exp(-0.5 * ((u / s2) ** 2 + (v / s1) ** 2)) * rng.uniform(40, 140)
    tint = (1 + rng.normal(0, 0.04, 3)).astype(np.float32)
    fl = cv2.merge([cv2.resize((field * t).astype(np.float32), (W, H), interpolation=cv2.INTER_LINEAR) for t in tint])
    photo = cv2.multiply(photo, fl)
    if glare.any():
        photo = cv2.add(photo, _3(cv2.resize(glare.astype(np.float32), (W, H), interpolation=cv2.INTER_LINEAR)))
    # camera: mild blur, sensor noise (per-pixel luminance, coarser chroma), JPEG
    photo = cv2.GaussianBlur(photo, (0, 0), rng.uniform(0.3, 0.8) if mild else rng.uniform(0.4, 1.3))
    lum = rng.standard_normal((H, W), dtype=np.float32) * np.float32(rng.uniform(1, 3) if mild else rng.uniform(1.5, 5.5))
    chroma = rng.standard_normal((H // 2 + 1, W // 2 + 1, 3), dtype=np.float32) * np.float32(rng.uniform(0.7, 2.5))
    photo = cv2.add(cv2.add(photo, _3(lum)), cv2.resize(chroma, (W, H), interpolation=cv2.INTER_LINEAR))
    photo = np.clip(photo, 0, 255).astype(np.uint8)
    qj = int(rng.integers(85, 93) if mild else rng.integers(70, 93))
    ok, buf = cv2.imencode(".jpg", photo, [cv2.IMWRITE_JPEG_QUALITY, qj])
    return cv2.imdecode(buf, cv2.IMREAD_COLOR)


# --------------------------------------------------------------------------- public API

def _render(design: int, seed: int, rows: int, cols: int, size: tuple[int, int], tilt: float,
            coverage: float | None, fill: tuple[float, float], mild: bool) -> tuple[np.ndarray, dict]:
    base, info = _board(int(design), int(rows), int(cols))
    bh, bw = base.shape[:2]
    # independent streams, so e.g. the pieces do not change when the camera code does
    r_cam, r_place, r_art, r_photo = (np.random.default_rng(s) for s in
                                      np.random.SeedSequence([int(design), int(seed), rows, cols, int(mild), 0x77]).spawn(4))
    size = (int(size[0]), int(size[1]))
    cam = _camera(r_cam, bw, bh, size, tilt, fill, hb=r_cam.uniform(0.08, 0.14) * CELL)
    lay = info["layout"].split("/")
    pieces = _place_pieces(r_place, rows, cols, lay, coverage)
    view = {"cg": cam["cg"], "hc": cam["hc"]}
    st = _piece_style(r_art)  # one game set and one light for the whole photo
    board = _draw_pieces(base, info, pieces, view, st, r_art) if pieces else np.array(base)
    photo = _photograph(board, info, cam, r_photo, size, mild, (st["light_az"], st["light_cot"]))
    gx, gy = info["gx"], info["gy"]
    grid = np.array([[gx, gy], [gx + cols * CELL, gy], [gx + cols * CELL, gy + rows * CELL], [gx, gy + rows * CELL]],
                    np.float64)
    corners = _proj(cam["Ht"], grid) - 0.5  # to OpenCV's pixel-centre convention
    covered = {rc for p in pieces for rc in p["cells"]}
    cells = [["covered" if (r, c) in covered else NAMES[lay[r][c]] for c in range(cols)] for r in range(rows)]
    holes = sorted([list(p["hole"]) for p in pieces if p["hole"] is not None])
    return photo, {"rows": rows, "cols": cols, "layout": info["layout"], "corners": corners.tolist(),
                   "cells": cells, "holes": holes}


def scene(design: int, seed: int, rows: int = 9, cols: int = 8, size=(1600, 1200), tilt: float = 45.0,
          coverage: float | None = None) -> tuple[np.ndarray, dict]:
    """(photo, truth) of a board with pieces; deterministic from (design, seed)."""
    return _render(design, seed, rows, cols, size, tilt, coverage, (0.25, 0.8), mild=False)


def calibration_scene(design: int, rows: int = 9, cols: int = 8, seed: int = 12345,
                      size=(1600, 1200)) -> tuple[np.ndarray, dict]:
    """(photo, truth) of the EMPTY board, nearly face-on, large in the frame, mild effects."""
    return _render(design, seed, rows, cols, size, 15.0, 0.0, (0.6, 0.8), mild=True)


def corner_error(corners, truth: dict) -> float:
    """Largest distance of located grid corners from the truth's, as a share of the grid diagonal."""
    tc = np.asarray(truth["corners"], np.float64)
    return float(np.max(np.linalg.norm(np.asarray(corners) - tc, axis=1)) / np.linalg.norm(tc[0] - tc[2]))
