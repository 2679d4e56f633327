"""Printed symbols: flowerpot, cloche, treasures, flowers, cats, squirrels.

Each function draws into a BGR uint8 image at a centre (pixels, float) with
an overall size (pixels), using an rng for its small variations.
"""
from __future__ import annotations

import math

import cv2
import numpy as np

from .textures import ONE, SHIFT, fx, hsv, pt, shade

AA = cv2.LINE_AA


def _poly(img, pts, color, outline=None, thick=1):
    p = fx(pts)
    cv2.fillPoly(img, [p], color, AA, SHIFT)
    if outline is not None:
        cv2.polylines(img, [p], True, outline, thick, AA, SHIFT)


def _ellipse(img, c, axes, ang, color, thick=-1, a0=0, a1=360):
    cv2.ellipse(img, pt(*c), (max(1, int(axes[0] * ONE)), max(1, int(axes[1] * ONE))),
                float(ang), a0, a1, color, thick, AA, SHIFT)


def _circle(img, c, r, color, thick=-1):
    cv2.circle(img, pt(*c), max(1, int(r * ONE)), color, thick, AA, SHIFT)


def _blend_roi(img, layer, alpha_mask, x0, y0):
    """Blend layer (same size as mask) into img at (x0,y0) with a float mask."""
    h, w = alpha_mask.shape
    H, W = img.shape[:2]
    xa, ya, xb, yb = max(0, x0), max(0, y0), min(W, x0 + w), min(H, y0 + h)
    if xa >= xb or ya >= yb:
        return
    roi = img[ya:yb, xa:xb]
    m = alpha_mask[ya - y0:yb - y0, xa - x0:xb - x0]
    lay = layer[ya - y0:yb - y0, xa - x0:xb - x0]
    roi[:] = cv2.blendLinear(lay, roi, m, 1.0 - m)


def badge(img, cx, cy, s, kind, color, outline=None):
    if kind == "circle":
        _circle(img, (cx, cy), s * 0.5, color)
        if outline is not None:
            _circle(img, (cx, cy), s * 0.5, outline, max(1, int(s * 0.03)))
    elif kind == "square":
        r = s * 0.5
        q = np.array([[cx - r, cy - r], [cx + r, cy - r], [cx + r, cy + r], [cx - r, cy + r]])
        _poly(img, q, color, outline, max(1, int(s * 0.03)))


def pot(img, cx, cy, s, rng, outline=True, plant=None):
    """A terracotta flowerpot seen from the side."""
    hue = rng.uniform(10, 28)
    body = hsv(hue, rng.uniform(0.6, 0.85), rng.uniform(0.6, 0.85))
    rim = shade(body, 1.15)
    dark = hsv(hue, 0.8, 0.25)
    ol = dark if outline else None
    th = max(1, int(round(s * 0.035)))
    top, bot = cy - s * 0.22, cy + s * 0.42
    wt, wb = s * 0.36, s * 0.25
    _poly(img, [[cx - wt, top], [cx + wt, top], [cx + wb, bot], [cx - wb, bot]], body, ol, th)
    # shading stripe
    _poly(img, [[cx + wt * 0.35, top], [cx + wt, top], [cx + wb, bot], [cx + wb * 0.35, bot]],
          shade(body, 0.8))
    rt, rb = cy - s * 0.38, cy - s * 0.2
    rw = s * 0.43
    _poly(img, [[cx - rw, rt], [cx + rw, rt], [cx + rw, rb], [cx - rw, rb]], rim, ol, th)
    if plant is None:
        plant = rng.random() < 0.4
    if plant:
        g = hsv(rng.uniform(85, 130), 0.7, 0.55)
        for a in (-50, -15, 20, 55):
            ang = math.radians(a - 90)
            _ellipse(img, (cx + math.cos(ang) * s * 0.12, rt + math.sin(ang) * s * 0.12),
                     (s * 0.12, s * 0.05), a - 90, g)


def cloche(img, cx, cy, s, rng, outline=True, glass=None):
    """A glass bell jar (cloche): translucent dome, knob, highlight."""
    size = int(s * 1.2) + 4
    x0, y0 = int(cx - size / 2), int(cy - size / 2)
    layer = np.zeros((size, size, 3), np.uint8)
    mask = np.zeros((size, size), np.uint8)
    lx, ly = cx - x0, cy - y0
    if glass is None:
        glass = hsv(rng.uniform(170, 215), rng.uniform(0.12, 0.35), rng.uniform(0.8, 0.97))
    w, top, base = s * 0.4, ly - s * 0.28, ly + s * 0.36
    pts = [[lx - w, base], [lx - w, ly]]
    for a in np.linspace(math.pi, 2 * math.pi, 24):
        pts.append([lx + math.cos(a) * w, ly + math.sin(a) * (ly - top) * 1.0])
    pts += [[lx + w, ly], [lx + w, base]]
    p = np.array(pts)
    _poly(layer, p, glass)
    _poly(mask, p, 255)
    # rim at the base
    _ellipse(layer, (lx, base), (w * 1.08, s * 0.06), 0, shade(glass, 0.8))
    _ellipse(mask, (lx, base), (w * 1.08, s * 0.06), 0, 255)
    # knob
    _circle(layer, (lx, top - s * 0.05), s * 0.07, shade(glass, 0.85))
    _circle(mask, (lx, top - s * 0.05), s * 0.07, 255)
    alpha = mask.astype(np.float32) * (rng.uniform(0.55, 0.85) / 255.0)
    _blend_roi(img, layer, alpha, x0, y0)
    ol = hsv(rng.uniform(190, 220), 0.5, 0.35) if outline else None
    th = max(1, int(round(s * 0.03)))
    if ol is not None:
        cv2.polylines(img, [fx(p + [x0, y0])], False, ol, th, AA, SHIFT)
        _ellipse(img, (lx + x0, base + y0), (w * 1.08, s * 0.06), 0, ol, th)
    # highlight
    _ellipse(img, (cx - w * 0.45, cy - s * 0.05), (s * 0.2, s * 0.05), -70, (250, 250, 250),
             max(1, int(s * 0.04)), 200, 330)


def blueberry(img, cx, cy, s, rng, outline=True):
    berry = hsv(rng.uniform(225, 265), rng.uniform(0.5, 0.8), rng.uniform(0.35, 0.6))
    leaf = hsv(rng.uniform(90, 130), 0.7, 0.5)
    _ellipse(img, (cx + s * 0.2, cy - s * 0.25), (s * 0.22, s * 0.08), -30, leaf)
    for dx, dy, r in ((-0.15, 0.05, 0.2), (0.17, 0.08, 0.19), (0.0, -0.13, 0.18)):
        c = (cx + dx * s, cy + dy * s)
        _circle(img, c, r * s, berry)
        if outline:
            _circle(img, c, r * s, shade(berry, 0.5), max(1, int(s * 0.02)))
        _circle(img, (c[0] - r * s * 0.35, c[1] - r * s * 0.35), r * s * 0.25, shade(berry, 1.4))
        _circle(img, (c[0] + r * s * 0.2, c[1] + r * s * 0.25), r * s * 0.12, shade(berry, 0.4))


def nut(img, cx, cy, s, rng, outline=True):
    shell = hsv(rng.uniform(22, 35), rng.uniform(0.55, 0.8), rng.uniform(0.4, 0.6))
    cap = hsv(rng.uniform(30, 45), 0.45, rng.uniform(0.55, 0.75))
    _ellipse(img, (cx, cy + s * 0.08), (s * 0.3, s * 0.34), 0, shell)
    if outline:
        _ellipse(img, (cx, cy + s * 0.08), (s * 0.3, s * 0.34), 0, shade(shell, 0.45), max(1, int(s * 0.03)))
    _ellipse(img, (cx, cy - s * 0.12), (s * 0.33, s * 0.17), 0, cap, -1, 180, 360)
    _poly(img, [[cx - s * 0.33, cy - s * 0.12], [cx + s * 0.33, cy - s * 0.12],
                [cx + s * 0.28, cy - s * 0.05], [cx - s * 0.28, cy - s * 0.05]], shade(cap, 0.85))
    _ellipse(img, (cx - s * 0.1, cy + s * 0.1), (s * 0.06, s * 0.16), 10, shade(shell, 1.3))
    cv2.line(img, pt(cx, cy - s * 0.28), pt(cx + s * 0.04, cy - s * 0.4), shade(cap, 0.5),
             max(1, int(s * 0.04)), AA, SHIFT)


def mushroom(img, cx, cy, s, rng, outline=True):
    red = rng.random() < 0.6
    capc = hsv(rng.uniform(0, 12), 0.85, 0.75) if red else hsv(rng.uniform(20, 35), 0.7, 0.45)
    stem = hsv(40, 0.12, 0.9)
    _poly(img, [[cx - s * 0.1, cy - s * 0.02], [cx + s * 0.1, cy - s * 0.02],
                [cx + s * 0.13, cy + s * 0.4], [cx - s * 0.13, cy + s * 0.4]], stem,
          shade(stem, 0.5) if outline else None, max(1, int(s * 0.025)))
    _ellipse(img, (cx, cy), (s * 0.42, s * 0.34), 0, capc, -1, 180, 360)
    _poly(img, [[cx - s * 0.42, cy], [cx + s * 0.42, cy], [cx + s * 0.35, cy + s * 0.05],
                [cx - s * 0.35, cy + s * 0.05]], shade(capc, 0.7))
    if outline:
        _ellipse(img, (cx, cy), (s * 0.42, s * 0.34), 0, shade(capc, 0.4), max(1, int(s * 0.025)), 180, 360)
    if red:
        for dx, dy, r in ((-0.2, -0.1, 0.06), (0.05, -0.22, 0.07), (0.22, -0.08, 0.05), (-0.03, -0.06, 0.04)):
            _circle(img, (cx + dx * s, cy + dy * s), r * s, (245, 245, 245))


def feather(img, cx, cy, s, rng, outline=True):
    ang = math.radians(rng.uniform(-60, -30))
    base = hsv(rng.choice([210, 200, 30, 0, 45]) + rng.uniform(-10, 10), rng.uniform(0.2, 0.7),
               rng.uniform(0.55, 0.9))
    ca, sa = math.cos(ang), math.sin(ang)
    L, W = s * 0.48, s * 0.15
    pts = []
    for t in np.linspace(-1, 1, 20):
        wdt = W * math.sqrt(max(0.0, 1 - t * t)) * (1.1 - 0.3 * t)
        pts.append((t * L, -wdt))
    for t in np.linspace(1, -1, 20):
        wdt = W * math.sqrt(max(0.0, 1 - t * t)) * (1.1 - 0.3 * t)
        pts.append((t * L, wdt))
    p = np.array([[cx + x * ca - y * sa, cy + x * sa + y * ca] for x, y in pts])
    _poly(img, p, base, shade(base, 0.5) if outline else None, max(1, int(s * 0.02)))
    for t in (-0.4, 0.0, 0.4):
        x0 = cx + t * L * ca
        y0 = cy + t * L * sa
        cv2.line(img, pt(x0 - W * sa, y0 + W * ca), pt(x0 + W * sa, y0 - W * ca), shade(base, 0.6),
                 max(1, int(s * 0.03)), AA, SHIFT)
    cv2.line(img, pt(cx - (L * 1.25) * ca, cy - (L * 1.25) * sa), pt(cx + L * ca, cy + L * sa),
             shade(base, 0.35), max(1, int(s * 0.025)), AA, SHIFT)


def flower(img, cx, cy, r, rng, petal, centre=None, petals=None, kind=None):
    """A flower head of radius r pixels: radial petals or a cluster of florets."""
    kind = kind or rng.choice(["daisy", "round", "cluster", "star"], p=[0.4, 0.25, 0.2, 0.15])
    centre = centre or hsv(rng.uniform(30, 55), 0.8, rng.uniform(0.5, 0.95))
    darker = shade(petal, 0.7)
    if kind == "cluster":
        k = int(rng.integers(7, 14))
        for _ in range(k):
            a, d = rng.uniform(0, 2 * math.pi), r * math.sqrt(rng.random()) * 0.8
            _circle(img, (cx + math.cos(a) * d, cy + math.sin(a) * d), r * rng.uniform(0.18, 0.3),
                    petal if rng.random() < 0.7 else darker)
        return
    n = petals or int(rng.integers(5, 13))
    a0 = rng.uniform(0, 360)
    for i in range(n):
        a = a0 + i * 360.0 / n
        ra = math.radians(a)
        if kind == "round":
            _circle(img, (cx + math.cos(ra) * r * 0.55, cy + math.sin(ra) * r * 0.55), r * 0.45,
                    petal if i % 2 else darker)
        else:
            wid = 0.22 if kind == "daisy" else 0.14
            _ellipse(img, (cx + math.cos(ra) * r * 0.55, cy + math.sin(ra) * r * 0.55),
                     (r * 0.5, r * wid * (1 + 3 / n)), a, petal)
            _ellipse(img, (cx + math.cos(ra) * r * 0.5, cy + math.sin(ra) * r * 0.5),
                     (r * 0.3, r * 0.05), a, darker)
    _circle(img, (cx, cy), r * rng.uniform(0.2, 0.32), centre)
    _circle(img, (cx - r * 0.05, cy - r * 0.05), r * 0.1, shade(centre, 1.3))


def cat_face(img, cx, cy, s, rng, fur=None):
    fur = fur or cat_fur(rng)
    line = (30, 30, 30) if sum(fur) > 200 else (200, 200, 200)
    for sgn in (-1, 1):
        _poly(img, [[cx + sgn * s * 0.35, cy - s * 0.05], [cx + sgn * s * 0.32, cy - s * 0.45],
                    [cx + sgn * s * 0.08, cy - s * 0.25]], fur)
    _ellipse(img, (cx, cy + s * 0.05), (s * 0.38, s * 0.32), 0, fur)
    eye = hsv(rng.choice([55, 90, 30]), 0.8, 0.8)
    for sgn in (-1, 1):
        _ellipse(img, (cx + sgn * s * 0.15, cy - s * 0.02), (s * 0.07, s * 0.05), 0, eye)
        _ellipse(img, (cx + sgn * s * 0.15, cy - s * 0.02), (s * 0.02, s * 0.045), 0, (20, 20, 20))
    _poly(img, [[cx - s * 0.04, cy + s * 0.08], [cx + s * 0.04, cy + s * 0.08], [cx, cy + s * 0.13]],
          hsv(350, 0.5, 0.8))
    for sgn in (-1, 1):
        for dy in (0.1, 0.16):
            cv2.line(img, pt(cx + sgn * s * 0.1, cy + s * dy), pt(cx + sgn * s * 0.42, cy + s * (dy - 0.04)),
                     line, 1, AA, SHIFT)


def cat_fur(rng) -> tuple[int, int, int]:
    return [(35, 35, 38), hsv(28, 0.75, 0.85), hsv(30, 0.05, 0.55), (235, 235, 235),
            hsv(30, 0.45, 0.45), hsv(35, 0.35, 0.75)][int(rng.integers(0, 6))]


def squirrel(img, cx, cy, s, rng):
    fur = hsv(rng.uniform(15, 30), rng.uniform(0.6, 0.85), rng.uniform(0.5, 0.8))
    _ellipse(img, (cx + s * 0.18, cy - s * 0.05), (s * 0.2, s * 0.36), 20, shade(fur, 1.1))
    _ellipse(img, (cx - s * 0.05, cy + s * 0.12), (s * 0.2, s * 0.25), -10, fur)
    _circle(img, (cx - s * 0.15, cy - s * 0.18), s * 0.14, fur)
    _poly(img, [[cx - s * 0.2, cy - s * 0.28], [cx - s * 0.14, cy - s * 0.42], [cx - s * 0.08, cy - s * 0.27]],
          shade(fur, 0.8))
    _circle(img, (cx - s * 0.2, cy - s * 0.2), s * 0.025, (15, 15, 15))
    _ellipse(img, (cx - s * 0.05, cy + s * 0.15), (s * 0.08, s * 0.14), -10, shade(fur, 1.35))


TREASURE_DRAW = {"blueberry": blueberry, "nut": nut, "mushroom": mushroom, "feather": feather}
BOARD_SYMBOL_DRAW = {"pot": pot, "cloche": cloche, **TREASURE_DRAW}


def leaf_shape(img, cx, cy, length, ang_deg, color, vein, rng):
    """A large printed leaf (for leaf tiles)."""
    a = math.radians(ang_deg)
    ca, sa = math.cos(a), math.sin(a)
    W = length * rng.uniform(0.3, 0.45)
    pts = []
    for t in np.linspace(-1, 1, 24):
        w = W * (1 - t * t) ** 0.8
        pts.append((t * length, -w))
    for t in np.linspace(1, -1, 24):
        w = W * (1 - t * t) ** 0.8 * rng.uniform(0.9, 1.1)
        pts.append((t * length, w))
    p = np.array([[cx + x * ca - y * sa, cy + x * sa + y * ca] for x, y in pts])
    _poly(img, p, color)
    th = max(1, int(length * 0.03))
    cv2.line(img, pt(cx - length * ca, cy - length * sa), pt(cx + length * ca, cy + length * sa), vein, th, AA, SHIFT)
    for t in np.linspace(-0.6, 0.6, 5):
        x0, y0 = cx + t * length * ca, cy + t * length * sa
        for sg in (-1, 1):
            ex = x0 + (0.3 * length) * ca - sg * (W * 0.8) * sa
            ey = y0 + (0.3 * length) * sa + sg * (W * 0.8) * ca
            cv2.line(img, pt(x0, y0), pt(ex, ey), vein, max(1, th // 2), AA, SHIFT)
