"""Procedural textures: noise fields, colour ramps and printed materials.

Random draws never depend on the pixel size asked for: a material drawn at
60 or at 400 pixels per cell shows the same pattern, only sharper. That keeps a
design's art identical between a small calibration photo and a 12 MP photo.
"""
from __future__ import annotations

import colorsys
import math

import cv2
import numpy as np

SHIFT = 4  # sub-pixel bits for cv2 drawing
ONE = 1 << SHIFT


def fx(v) -> np.ndarray:
    """Float pixel coordinates -> cv2 fixed point (shift=SHIFT)."""
    return np.round(np.asarray(v, dtype=np.float64) * ONE).astype(np.int32)


def pt(x: float, y: float) -> tuple[int, int]:
    return int(round(x * ONE)), int(round(y * ONE))


def hsv(h: float, s: float, v: float) -> tuple[int, int, int]:
    """Hue in degrees, s and v in 0..1 -> BGR 0..255."""
    r, g, b = colorsys.hsv_to_rgb((h % 360) / 360.0, min(max(s, 0), 1), min(max(v, 0), 1))
    return int(b * 255), int(g * 255), int(r * 255)


def shade(c, k: float) -> tuple[int, int, int]:
    """Scale a BGR colour (k<1 darker, k>1 lighter towards white)."""
    if k <= 1:
        return tuple(int(min(255, max(0, x * k))) for x in c)
    t = min(k - 1, 1)
    return tuple(int(x + (255 - x) * t) for x in c)


def mix(a, b, t: float) -> tuple[int, int, int]:
    return tuple(int(round(x + (y - x) * t)) for x, y in zip(a, b))


def value_noise(rng: np.random.Generator, w: int, h: int, gx: int, gy: int,
                wrap: bool = False) -> np.ndarray:
    """Smooth noise in about [0,1]: a gx*gy random lattice, cubic-interpolated to w*h."""
    g = rng.random((gy, gx), dtype=np.float32)
    pad = 2
    gp = cv2.copyMakeBorder(g, pad, pad, pad, pad, cv2.BORDER_WRAP if wrap else cv2.BORDER_REFLECT_101)
    sx, sy = w / gx, h / gy
    big = cv2.resize(gp, (max(1, round((gx + 2 * pad) * sx)), max(1, round((gy + 2 * pad) * sy))),
                     interpolation=cv2.INTER_CUBIC)
    x0, y0 = round(pad * sx), round(pad * sy)
    out = big[y0:y0 + h, x0:x0 + w]
    if out.shape != (h, w):
        out = cv2.resize(out, (w, h), interpolation=cv2.INTER_LINEAR)
    return out


def fbm(rng: np.random.Generator, w: int, h: int, gx: int, gy: int, octaves: int = 4,
        gain: float = 0.5, wrap: bool = False, contrast: float = 1.6) -> np.ndarray:
    """Fractal sum of value noise, stretched around 0.5, float32 (not clipped).

    The octaves are summed on the finest lattice (small), then scaled up once."""
    fgx, fgy = gx << (octaves - 1), gy << (octaves - 1)
    # lattice-resolution canvas: a few samples per finest lattice cell
    lw, lh = min(w, fgx * 4), min(h, fgy * 4)
    acc = np.zeros((lh, lw), np.float32)
    amp, total = 1.0, 0.0
    for o in range(octaves):
        n = value_noise(rng, lw, lh, gx << o, gy << o, wrap)
        cv2.scaleAdd(n, amp, acc, dst=acc)
        total += amp
        amp *= gain
    if (lw, lh) != (w, h):
        acc = cv2.resize(acc, (w, h), interpolation=cv2.INTER_CUBIC)
    acc *= 1.0 / total
    acc -= 0.5
    acc *= contrast
    acc += 0.5
    return acc


def ramp(stops: list[tuple[float, tuple[int, int, int]]]) -> np.ndarray:
    """A 256-entry BGR colour ramp (cv2.LUT table) through (position, colour) stops."""
    xs = np.array([p for p, _ in stops], np.float64)
    cs = np.array([c for _, c in stops], np.float64)
    t = np.linspace(0, 1, 256)
    lut = np.stack([np.interp(t, xs, cs[:, k]) for k in range(3)], axis=1)
    return np.clip(lut, 0, 255).astype(np.uint8).reshape(256, 1, 3)


def colorize(field: np.ndarray, lut: np.ndarray) -> np.ndarray:
    """Map a float field (0..1) through a colour ramp -> BGR uint8."""
    u8 = cv2.convertScaleAbs(field, alpha=255.0)
    return cv2.LUT(cv2.merge([u8, u8, u8]), lut)


def adjust_palette(img: np.ndarray, darkness: float, saturation: float, hue_shift: float) -> np.ndarray:
    """Design-wide colour grading of printed art."""
    if abs(hue_shift) < 0.5 and abs(saturation - 1) < 0.02 and abs(darkness - 1) < 0.02:
        return img
    hsv_img = cv2.cvtColor(img, cv2.COLOR_BGR2HSV)
    lut_h = ((np.arange(256) + hue_shift / 2.0) % 180).astype(np.uint8)
    lut_s = np.clip(np.arange(256) * saturation, 0, 255).astype(np.uint8)
    lut_v = np.clip(np.arange(256) * darkness, 0, 255).astype(np.uint8)
    lut = np.stack([lut_h, lut_s, lut_v], axis=1).reshape(256, 1, 3)
    return cv2.cvtColor(cv2.LUT(hsv_img, lut), cv2.COLOR_HSV2BGR)


# --------------------------------------------------------------------------
# Printed garden materials, drawn into a w*h canvas that spans `units` cells.


def _strokes_blades(img, rng, n, ppc, cols, length=(0.06, 0.16), width=0.012, spread=40):
    h, w = img.shape[:2]
    xs = rng.random(n) * w
    ys = rng.random(n) * h
    ang = np.radians(rng.normal(-90, spread, n))
    ln = rng.uniform(*length, n) * ppc
    ci = rng.integers(0, len(cols), n).tolist()
    th = max(1, int(round(width * ppc)))
    a = fx(np.c_[xs, ys]).tolist()
    b = fx(np.c_[xs + np.cos(ang) * ln, ys + np.sin(ang) * ln]).tolist()
    line, AA = cv2.line, cv2.LINE_AA
    for p, q, k in zip(a, b, ci):
        line(img, p, q, cols[k], th, AA, SHIFT)


def _ellipses(img, cs, axes, angs, colours, ci):
    ell, AA = cv2.ellipse, cv2.LINE_AA
    for c, ax, t, k in zip(cs, axes, angs, ci):
        ell(img, c, ax, t, 0, 360, colours[k], -1, AA, SHIFT)


def _blobs(img, rng, n, ppc, cols, size=(0.02, 0.06), aspect=(0.5, 1.0), outline=None):
    h, w = img.shape[:2]
    xs = rng.random(n) * w
    ys = rng.random(n) * h
    rs = rng.uniform(*size, n) * ppc
    asp = rng.uniform(*aspect, n)
    ang = rng.uniform(0, 180, n)
    ci = rng.integers(0, len(cols), n).tolist()
    cs = fx(np.c_[xs, ys]).tolist()
    axes = np.maximum(1, np.c_[rs * ONE, rs * asp * ONE].astype(np.int64)).tolist()
    _ellipses(img, cs, axes, ang.tolist(), cols, ci)


def _leaves(img, rng, n, ppc, cols, size=(0.08, 0.2), vein=None):
    h, w = img.shape[:2]
    xs = rng.random(n) * w
    ys = rng.random(n) * h
    ls = rng.uniform(*size, n) * ppc
    ang = rng.uniform(0, 360, n)
    ci = rng.integers(0, len(cols), n).tolist()
    cs = fx(np.c_[xs, ys]).tolist()
    axes = np.maximum(1, np.c_[ls * ONE, ls * 0.38 * ONE].astype(np.int64)).tolist()
    _ellipses(img, cs, axes, ang.tolist(), cols, ci)
    if vein is not None and ppc * size[0] > 4:
        ca, sa = np.cos(np.radians(ang)) * ls * 0.9, np.sin(np.radians(ang)) * ls * 0.9
        a = fx(np.c_[xs - ca, ys - sa]).tolist()
        b = fx(np.c_[xs + ca, ys + sa]).tolist()
        for p, q in zip(a, b):
            cv2.line(img, p, q, vein, 1, cv2.LINE_AA, SHIFT)


def material(kind: str, rng: np.random.Generator, w: int, h: int, ppc: float,
             tint: float = 0.0, light: float = 1.0, detail: float = 1.0) -> np.ndarray:
    """A printed material patch of w*h pixels at ppc pixels per cell.

    tint: hue nudge in degrees; light: brightness factor. Stroke counts scale
    with the patch's area in cells, never with its pixel size.
    """
    area = (w / ppc) * (h / ppc)
    gx, gy = max(1, round(w / ppc * 3)), max(1, round(h / ppc * 3))

    def n(k):
        return max(1, int(round(k * area * detail)))

    L = light
    if kind == "soil":
        base = ramp([(0, hsv(25 + tint, 0.55, 0.18 * L)), (0.5, hsv(28 + tint, 0.55, 0.33 * L)),
                     (1, hsv(32 + tint, 0.45, 0.48 * L))])
        img = colorize(fbm(rng, w, h, gx, gy, 4), base)
        _blobs(img, rng, n(60), ppc, [hsv(30 + tint, 0.3, 0.55 * L), hsv(25, 0.5, 0.12 * L),
                                      hsv(40, 0.15, 0.62 * L)], size=(0.01, 0.035))
    elif kind == "grass":
        base = ramp([(0, hsv(95 + tint, 0.75, 0.25 * L)), (1, hsv(85 + tint, 0.7, 0.55 * L))])
        img = colorize(fbm(rng, w, h, gx, gy, 3), base)
        _strokes_blades(img, rng, n(140), ppc, [hsv(90 + tint, 0.7, 0.7 * L), hsv(100 + tint, 0.8, 0.3 * L),
                                                hsv(75 + tint, 0.6, 0.6 * L)])
    elif kind == "clover":
        base = ramp([(0, hsv(110 + tint, 0.6, 0.28 * L)), (1, hsv(100 + tint, 0.55, 0.5 * L))])
        img = colorize(fbm(rng, w, h, gx, gy, 3), base)
        _blobs(img, rng, n(90), ppc, [hsv(105 + tint, 0.55, 0.62 * L), hsv(95 + tint, 0.6, 0.45 * L)],
               size=(0.025, 0.05), aspect=(0.7, 1.0))
        _blobs(img, rng, n(6), ppc, [hsv(0, 0.0, 0.95 * L), hsv(320, 0.3, 0.9 * L)], size=(0.015, 0.03))
    elif kind == "foliage":
        base = ramp([(0, hsv(120 + tint, 0.7, 0.18 * L)), (1, hsv(105 + tint, 0.7, 0.42 * L))])
        img = colorize(fbm(rng, w, h, gx, gy, 3), base)
        _leaves(img, rng, n(45), ppc, [hsv(110 + tint, 0.65, 0.55 * L), hsv(95 + tint, 0.7, 0.4 * L),
                                       hsv(125 + tint, 0.6, 0.65 * L)],
                vein=hsv(100 + tint, 0.4, 0.75 * L))
    elif kind == "mulch":
        base = ramp([(0, hsv(20 + tint, 0.7, 0.2 * L)), (1, hsv(25 + tint, 0.65, 0.45 * L))])
        img = colorize(fbm(rng, w, h, gx, gy, 3), base)
        _blobs(img, rng, n(90), ppc, [hsv(22 + tint, 0.7, 0.55 * L), hsv(18 + tint, 0.75, 0.3 * L),
                                      hsv(30 + tint, 0.5, 0.65 * L)], size=(0.03, 0.07), aspect=(0.2, 0.45))
    elif kind == "gravel":
        base = ramp([(0, hsv(35 + tint, 0.12, 0.42 * L)), (1, hsv(40 + tint, 0.1, 0.7 * L))])
        img = colorize(fbm(rng, w, h, gx, gy, 4), base)
        _blobs(img, rng, n(160), ppc, [hsv(30, 0.1, 0.78 * L), hsv(40, 0.15, 0.55 * L), hsv(20, 0.08, 0.35 * L)],
               size=(0.012, 0.03), aspect=(0.6, 1.0))
    elif kind == "moss":
        base = ramp([(0, hsv(80 + tint, 0.7, 0.2 * L)), (0.6, hsv(75 + tint, 0.75, 0.45 * L)),
                     (1, hsv(65 + tint, 0.7, 0.62 * L))])
        img = colorize(fbm(rng, w, h, gx * 2, gy * 2, 4, contrast=2.0), base)
    elif kind == "litter":
        base = ramp([(0, hsv(25 + tint, 0.6, 0.2 * L)), (1, hsv(30 + tint, 0.55, 0.4 * L))])
        img = colorize(fbm(rng, w, h, gx, gy, 3), base)
        _leaves(img, rng, n(70), ppc, [hsv(20 + tint, 0.8, 0.6 * L), hsv(35 + tint, 0.85, 0.7 * L),
                                       hsv(8 + tint, 0.75, 0.5 * L), hsv(45 + tint, 0.6, 0.55 * L)],
                size=(0.05, 0.12), vein=hsv(25, 0.6, 0.3 * L))
    elif kind == "needles":
        base = ramp([(0, hsv(28 + tint, 0.55, 0.2 * L)), (1, hsv(32 + tint, 0.5, 0.42 * L))])
        img = colorize(fbm(rng, w, h, gx, gy, 3), base)
        _strokes_blades(img, rng, n(160), ppc, [hsv(30 + tint, 0.6, 0.55 * L), hsv(25 + tint, 0.5, 0.65 * L)],
                        length=(0.05, 0.12), width=0.01, spread=180)
    elif kind == "earth":
        base = ramp([(0, hsv(22 + tint, 0.5, 0.15 * L)), (1, hsv(28 + tint, 0.45, 0.38 * L))])
        img = colorize(fbm(rng, w, h, gx, gy, 5, contrast=2.0), base)
    elif kind == "ferns":
        base = ramp([(0, hsv(115 + tint, 0.6, 0.16 * L)), (1, hsv(105 + tint, 0.6, 0.36 * L))])
        img = colorize(fbm(rng, w, h, gx, gy, 3), base)
        _strokes_blades(img, rng, n(70), ppc, [hsv(100 + tint, 0.7, 0.55 * L), hsv(90 + tint, 0.6, 0.65 * L)],
                        length=(0.1, 0.25), width=0.015, spread=180)
    else:
        raise ValueError(f"unknown material {kind!r}")
    return img


def wood(rng: np.random.Generator, w: int, h: int, ppc: float, color, vertical: bool = False,
         rings: float = 9.0, planks: float = 0.0, wrap: bool = False) -> np.ndarray:
    """Wood grain running along x (or y when vertical). planks: plank width in cells (0: none)."""
    if vertical:
        return cv2.rotate(wood(rng, h, w, ppc, color, False, rings, planks, wrap), cv2.ROTATE_90_CLOCKWISE)
    gx, gy = max(1, round(w / ppc * 0.6)), max(1, round(h / ppc * 2.0))
    warp = fbm(rng, w, h, gx, gy, 3, wrap=wrap, contrast=1.0)
    fine = fbm(rng, w, h, max(1, round(w / ppc * 0.5)), max(1, round(h / ppc * 25)), 2, wrap=wrap, contrast=2.0)
    yy = np.arange(h, dtype=np.float32).reshape(-1, 1) / np.float32(ppc)
    phase = (yy * np.float32(rings) + warp * np.float32(3.0)) * np.float32(2 * math.pi)
    grain = np.sin(phase)
    grain = np.float32(0.5) + np.float32(0.22) * grain * grain * np.sign(grain) + (fine - np.float32(0.5)) * np.float32(0.35)
    base = hsv(*color)
    lut = ramp([(0, shade(base, 0.55)), (0.5, base), (1, shade(base, 1.18))])
    img = colorize(grain, lut)
    if planks > 0:
        n = int(h / (planks * ppc)) + 1
        offs = rng.random(n) * 0.1
        tones = rng.uniform(0.85, 1.12, n)
        for i in range(n):
            y0, y1 = int(round(i * planks * ppc)), int(round((i + 1) * planks * ppc))
            if y0 >= h:
                break
            seg = img[y0:min(y1, h)]
            cv2.convertScaleAbs(seg, dst=seg, alpha=float(tones[i]), beta=offs[i] * 20)
            cv2.line(img, (0, y0), (w, y0), shade(base, 0.35), max(1, int(round(0.012 * ppc))), cv2.LINE_AA)
    return img
