"""Independent renderer of phone photos of "Cottage Garden" flower beds, for vision tests.

What it draws, face-on at CELL px a cell and then through a perspective camera:

* a bed board (one side of a double-sided cardboard board): R x C cells of
  garden-soil art (earth, gravel, grass, mulch, paving mixed in patches or
  stripes), printed lines between cells (clear light, clear dark, faint or
  none), printed terracotta flowerpots and glass cloches on some cells, a frame
  of wood, hedge, stone wall or painted border (some with text or an emblem)
  and the cardboard edge; "light" (sunny) and "dark" (muted) sides;
* pieces on it: polyomino flower tiles (thickness, gaps, slight misplacement,
  cast shadows, some printing a pot or cloche) and one-cell pot and cat tokens;
* the photo: a table (plain, wood, cloth, patterned) with clutter beside the
  board (another bed, score pad, dice, pen, cup), any rotation, perspective
  tilt, uneven light, vignetting, hand shadow, glare, blur, noise, JPEG loss.

It was written from a verbal description of the game only and shares no code,
art or parameters with samples/, the project's renderer or its photo reader,
so tests that use it measure generalisation rather than fit.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import cv2
import numpy as np

CELL = 96  # face-on board resolution, px per cell
DESIGNS = 6  # designs 0..5: even = light side, odd = dark side; larger numbers cycle the families
PAD = 40  # margin around a piece's art patch: room for its turn, shift, top offset and shadow

Rng = np.random.Generator
AA = cv2.LINE_AA
_SH, _SC = 4, 16.0  # sub-pixel drawing: cv2 shift bits and scale

# Style families, cycled by design % 6: frame art, line style between cells, texture mix.
_FAMILIES = (
    ("wood", "dark", "patches", ("earth", "grass", "gravel")),
    ("hedge", "faint", "stripes", ("mulch", "earth")),
    ("stone", "light", "stripes", ("paving", "grass", "earth")),
    ("painted", "none", "patches", ("earth", "gravel", "mulch", "grass")),
    ("painted", "faint", "patches", ("grass", "mulch", "paving")),
    ("wood", "light", "stripes", ("gravel", "earth", "paving")),
)
_TEXTURES = ("earth", "gravel", "grass", "mulch", "paving")
_WORDS = ("COTTAGE GARDEN", "FLOWER BED", "GARDEN BED", "SUNNY BED", "SHADY BED", "HERB PATCH")


# ---------------------------------------------------------------- small helpers


def _hsv(h, s, v) -> np.ndarray:
    """BGR colours (float32, 0-255) from hue in degrees, saturation and value in 0-1 (scalars or arrays)."""
    h, s, v = np.broadcast_arrays(np.asarray(h, np.float32) % 360.0, np.asarray(s, np.float32), np.asarray(v, np.float32))
    hsv = np.stack([h, np.clip(s, 0, 1), np.clip(v, 0, 1)], -1).reshape(-1, 1, 3).astype(np.float32)
    return cv2.cvtColor(hsv, cv2.COLOR_HSV2BGR).reshape(h.shape + (3,)) * 255.0


def _c(col) -> tuple[float, float, float]:
    """A colour as the plain tuple cv2 drawing calls want."""
    return tuple(float(x) for x in np.clip(np.asarray(col, np.float64), 0, 255)[:3])


def _u8(img: np.ndarray) -> np.ndarray:
    return np.clip(img + 0.5, 0, 255).astype(np.uint8)


def _noise(rng: Rng, h: int, w: int, sy: float, sx: float | None = None, octaves: int = 3) -> np.ndarray:
    """Smooth value noise (float32, about -1..1) with feature size sy x sx px; cheap upsampled random grids."""
    sx = sy if sx is None else sx
    out = np.zeros((h, w), np.float32)
    amp, tot = 1.0, 0.0
    for _ in range(octaves):
        gh, gw = int(math.ceil(h / sy)) + 2, int(math.ceil(w / sx)) + 2
        grid = rng.standard_normal((gh, gw), dtype=np.float32)
        up = cv2.resize(grid, (int(gw * sx), int(gh * sy)), interpolation=cv2.INTER_CUBIC)
        out += amp * up[:h, :w]
        tot += amp
        amp *= 0.5
        sy, sx = max(sy / 2, 1.5), max(sx / 2, 1.5)
    return out * (1.6 / tot)


def _pt(x: float, y: float) -> tuple[int, int]:
    return int(round(x * _SC)), int(round(y * _SC))


def _poly(img: np.ndarray, pts, col, thick: int = -1) -> None:
    p = np.round(np.asarray(pts, np.float64) * _SC).astype(np.int32)
    if thick < 0:
        cv2.fillPoly(img, [p], col, AA, _SH)
    else:
        cv2.polylines(img, [p], True, col, max(1, thick), AA, _SH)


def _ell(img: np.ndarray, c, axes, ang: float, col, thick: int = -1, a0: float = 0, a1: float = 360) -> None:
    ax = (max(axes[0], 0.6), max(axes[1], 0.6))
    cv2.ellipse(img, _pt(*c), _pt(*ax), float(ang), float(a0), float(a1), col, thick, AA, _SH)


def _circ(img: np.ndarray, c, r: float, col, thick: int = -1) -> None:
    cv2.circle(img, _pt(*c), int(round(max(r, 0.6) * _SC)), col, thick, AA, _SH)


def _line(img: np.ndarray, a, b, col, thick: int = 1) -> None:
    cv2.line(img, _pt(*a), _pt(*b), col, max(1, int(thick)), AA, _SH)


def _blend(roi: np.ndarray, mask: np.ndarray, col, alpha: float) -> None:
    """Paint a translucent colour through an 8-bit mask onto a uint8 image, in place."""
    a = (mask.astype(np.float32) * (alpha / 255.0))[..., None]
    roi[:] = _u8(roi * (1 - a) + np.asarray(col, np.float32)[:3] * a)


def _tone(img: np.ndarray, light: bool, rng: Rng) -> np.ndarray:
    """Give printed art its side's mood: sunny and saturated (light) or muted and dark (dark)."""
    hsv = cv2.cvtColor(img.astype(np.float32) / 255.0, cv2.COLOR_BGR2HSV)
    if light:
        hsv[..., 1] *= rng.uniform(1.05, 1.3)
        hsv[..., 2] = hsv[..., 2] * rng.uniform(1.1, 1.3) + rng.uniform(0.02, 0.07)
    else:
        hsv[..., 1] *= rng.uniform(0.55, 0.85)
        hsv[..., 2] *= rng.uniform(0.5, 0.7)
    hsv[..., 1:] = np.clip(hsv[..., 1:], 0, 1)
    return _u8(cv2.cvtColor(hsv, cv2.COLOR_HSV2BGR) * 255.0)


def _strokes(img: np.ndarray, rng: Rng, n: int, length: tuple[float, float], angle: tuple[float, float],
             cols: np.ndarray, thick: int) -> None:
    """Many short strokes (grass blades, mulch chips), batched by colour so cv2 does the looping."""
    h, w = img.shape[:2]
    x0, y0 = rng.uniform(0, w, n), rng.uniform(0, h, n)
    ln, an = rng.uniform(*length, n), np.radians(rng.uniform(*angle, n))
    seg = np.stack([np.stack([x0, y0], 1), np.stack([x0 + ln * np.cos(an), y0 - ln * np.sin(an)], 1)], 1)
    seg = np.round(seg * _SC).astype(np.int32)
    which = rng.integers(0, len(cols), n)
    for k, col in enumerate(cols):
        sel = seg[which == k]
        if len(sel):
            cv2.polylines(img, list(sel), False, _c(col), thick, AA, _SH)


# ---------------------------------------------------------------- soil textures (natural colours; toned later)


def _tex_earth(rng: Rng, h: int, w: int) -> np.ndarray:
    base = _hsv(rng.uniform(18, 34), rng.uniform(0.45, 0.7), rng.uniform(0.32, 0.5))
    n = _noise(rng, h, w, rng.uniform(18, 40)) * 0.16 + _noise(rng, h, w, 4, octaves=1) * 0.1
    img = base * (1 + n)[..., None]
    speck = rng.random((h, w), dtype=np.float32)
    img[speck < 0.035] *= 0.55
    img[speck > 0.975] *= 1.5
    out = _u8(img)
    k = h * w // 700  # clods and tiny stones
    xs, ys, rs = rng.uniform(0, w, k), rng.uniform(0, h, k), rng.uniform(0.8, 2.6, k)
    tones = rng.uniform(0.5, 1.6, k)
    for x, y, r, t in zip(xs, ys, rs, tones):
        _circ(out, (x, y), r, _c(base * t))
    return out


def _tex_gravel(rng: Rng, h: int, w: int) -> np.ndarray:
    hue = rng.uniform(25, 45)
    base = _hsv(hue, rng.uniform(0.08, 0.22), rng.uniform(0.5, 0.68))
    out = _u8(base * (1 + 0.1 * _noise(rng, h, w, 10))[..., None])
    k = h * w // 40
    xs, ys = rng.uniform(0, w, k), rng.uniform(0, h, k)
    ax = rng.uniform(1.5, 4.8, k)
    ay, ang = ax * rng.uniform(0.55, 1.0, k), rng.uniform(0, 180, k)
    cols = _hsv(hue + rng.normal(0, 12, k), rng.uniform(0.03, 0.3, k), rng.uniform(0.45, 0.95, k))
    for x, y, a, b, t, col in zip(xs, ys, ax, ay, ang, cols):
        _ell(out, (x + 0.8, y + 0.9), (a, b), t, _c(col * 0.45))  # contact shadow
        _ell(out, (x, y), (a, b), t, _c(col))
    return out


def _tex_grass(rng: Rng, h: int, w: int) -> np.ndarray:
    hue = rng.uniform(75, 115)
    base = _hsv(hue, rng.uniform(0.45, 0.75), rng.uniform(0.3, 0.48))
    out = _u8(base * (1 + 0.18 * _noise(rng, h, w, rng.uniform(12, 30)))[..., None])
    cols = _hsv(hue + rng.normal(0, 8, 7), rng.uniform(0.4, 0.85, 7), rng.uniform(0.2, 0.75, 7))
    lean = rng.uniform(-30, 30)
    _strokes(out, rng, h * w // 9, (3, 9), (90 + lean - 35, 90 + lean + 35), cols, 1)
    return out


def _tex_mulch(rng: Rng, h: int, w: int) -> np.ndarray:
    hue = rng.uniform(8, 28)
    base = _hsv(hue, rng.uniform(0.5, 0.75), rng.uniform(0.2, 0.32))
    out = _u8(base * (1 + 0.2 * _noise(rng, h, w, 14))[..., None])
    cols = _hsv(hue + rng.normal(0, 6, 6), rng.uniform(0.4, 0.8, 6), rng.uniform(0.18, 0.6, 6))
    _strokes(out, rng, h * w // 60, (4, 11), (0, 180), cols, 3)
    _strokes(out, rng, h * w // 60, (3, 8), (0, 180), cols, 2)
    return out


def _tex_paving(rng: Rng, h: int, w: int) -> np.ndarray:
    hue = rng.uniform(20, 45)
    mortar = _hsv(hue, rng.uniform(0.05, 0.2), rng.uniform(0.35, 0.5))
    out = _u8(mortar * (1 + 0.1 * _noise(rng, h, w, 6))[..., None])
    stone = _hsv(hue + rng.uniform(-10, 10), rng.uniform(0.08, 0.35), rng.uniform(0.55, 0.78))
    sw = rng.uniform(26, 58)
    sh = sw * (rng.uniform(0.45, 0.6) if rng.random() < 0.6 else rng.uniform(0.85, 1.0))
    joint, bond = rng.uniform(1.5, 3.5), rng.random() < 0.7
    ox, oy = rng.uniform(0, sw), rng.uniform(0, sh)
    for j in range(int(h / sh) + 3):
        y = j * sh - oy
        shift = (sw / 2 if bond and j % 2 else 0) - ox
        for i in range(int(w / sw) + 3):
            x = i * sw + shift
            col = stone * rng.uniform(0.82, 1.15) + rng.normal(0, 5, 3)
            _poly(out, [(x + joint, y + joint), (x + sw - joint, y + joint), (x + sw - joint, y + sh - joint),
                        (x + joint, y + sh - joint)], _c(col))
    img = out.astype(np.float32) * (1 + 0.08 * _noise(rng, h, w, 3, octaves=2))[..., None]
    return _u8(img)


_TEX_FUN = {"earth": _tex_earth, "gravel": _tex_gravel, "grass": _tex_grass, "mulch": _tex_mulch, "paving": _tex_paving}


def _mix(rng: Rng, texs: list[np.ndarray], mode: str) -> np.ndarray:
    """Combine soil textures in organic patches or wobbly stripes, with soft borders."""
    h, w = texs[0].shape[:2]
    k = len(texs)
    if mode == "patches":
        fields = np.stack([_noise(rng, h, w, rng.uniform(45, 110), octaves=2) for _ in range(k)])
        lab = fields.argmax(0)
    else:
        ang = math.radians(float(rng.choice([0.0, 90.0, 45.0, 135.0, rng.uniform(0, 180)])))
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        u = xx * math.cos(ang) + yy * math.sin(ang) + _noise(rng, h, w, 60, octaves=2) * rng.uniform(4, 22)
        lab = np.floor((u + rng.uniform(0, 500)) / rng.uniform(40, 115)).astype(np.int64) % k
    acc = np.zeros((h, w, 3), np.float32)
    tot = np.zeros((h, w), np.float32)
    for i, t in enumerate(texs):
        wgt = cv2.GaussianBlur((lab == i).astype(np.float32), (0, 0), 1.3)
        acc += t.astype(np.float32) * wgt[..., None]
        tot += wgt
    return _u8(acc / np.maximum(tot, 1e-4)[..., None])


# ---------------------------------------------------------------- printed symbols


def _pot_shapes(cx: float, cy: float, s: float) -> tuple[list, list]:
    """Rim and body polygons of a side-view flowerpot s px tall."""
    rim = [(cx - .34 * s, cy - .3 * s), (cx + .34 * s, cy - .3 * s), (cx + .34 * s, cy - .13 * s), (cx - .34 * s, cy - .13 * s)]
    body = [(cx - .28 * s, cy - .13 * s), (cx + .28 * s, cy - .13 * s), (cx + .2 * s, cy + .36 * s), (cx - .2 * s, cy + .36 * s)]
    return rim, body


def _pot_symbol(img: np.ndarray, cx: float, cy: float, s: float, st: dict) -> None:
    """A terracotta flowerpot seen from the side, optionally on a round badge and with a sprout."""
    terr = st["terracotta"]
    if st.get("badge") is not None:
        _circ(img, (cx, cy), 0.5 * s, _c(st["badge"]))
        _circ(img, (cx, cy), 0.5 * s, _c(st["badge"] * 0.7), max(1, int(s / 30)))
    rim, body = _pot_shapes(cx, cy, s)
    if st.get("plant"):
        green = _c(_hsv(110, 0.7, 0.55))
        _line(img, (cx, cy - .28 * s), (cx, cy - .42 * s), green, max(1, int(s / 30)))
        _ell(img, (cx - .08 * s, cy - .4 * s), (.1 * s, .045 * s), -25, green)
        _ell(img, (cx + .08 * s, cy - .43 * s), (.1 * s, .045 * s), 25, green)
    _poly(img, body, _c(terr))
    _poly(img, [(cx + .08 * s, cy - .13 * s), body[1], body[2], (cx + .05 * s, cy + .36 * s)], _c(terr * 0.8))
    _line(img, (cx - .18 * s, cy - .07 * s), (cx - .14 * s, cy + .29 * s), _c(terr * 1.25 + 20), int(s / 22))
    _poly(img, rim, _c(terr * 1.07))
    _poly(img, [(cx + .12 * s, rim[0][1]), rim[1], rim[2], (cx + .12 * s, rim[2][1])], _c(terr * 0.86))
    _line(img, rim[3], rim[2], _c(terr * 0.55), max(1, int(s / 40)))
    if st.get("outline"):
        ink = _c(terr * 0.35)
        _poly(img, body, ink, max(1, int(s / 28)))
        _poly(img, rim, ink, max(1, int(s / 28)))


def _cloche_symbol(img: np.ndarray, cx: float, cy: float, s: float, st: dict) -> None:
    """A glass bell jar: translucent dome with a knob, a flared rim, highlights and a ground shadow."""
    if st.get("badge") is not None:
        _circ(img, (cx, cy), 0.5 * s, _c(st["badge"]))
    h, w = img.shape[:2]
    x0, y0 = max(0, int(cx - .6 * s)), max(0, int(cy - .6 * s))
    x1, y1 = min(w, int(cx + .6 * s) + 2), min(h, int(cy + .6 * s) + 2)
    roi = img[y0:y1, x0:x1]
    lx, ly = cx - x0, cy - y0
    m = np.zeros(roi.shape[:2], np.uint8)
    _ell(m, (lx, ly + .31 * s), (.4 * s, .08 * s), 0, 255)
    _blend(roi, m, (20, 25, 30), 0.3)
    if st.get("seedling"):
        green = _c(_hsv(105, 0.7, 0.6))
        _ell(roi, (lx - .07 * s, ly + .18 * s), (.09 * s, .04 * s), -30, green)
        _ell(roi, (lx + .07 * s, ly + .16 * s), (.09 * s, .04 * s), 30, green)
    m[:] = 0
    _ell(m, (lx, ly - .05 * s), (.3 * s, .33 * s), 0, 255, -1, 180, 360)
    _poly(m, [(lx - .3 * s, ly - .06 * s), (lx + .3 * s, ly - .06 * s), (lx + .3 * s, ly + .27 * s), (lx - .3 * s, ly + .27 * s)], 255)
    _ell(m, (lx, ly + .27 * s), (.37 * s, .07 * s), 0, 255)
    _circ(m, (lx, ly - .43 * s), .065 * s, 255)
    _poly(m, [(lx - .025 * s, ly - .42 * s), (lx + .025 * s, ly - .42 * s), (lx + .025 * s, ly - .36 * s), (lx - .025 * s, ly - .36 * s)], 255)
    _blend(roi, m, st["glass"], st["glass_alpha"])
    k = max(3, int(s / 16) | 1)
    edge = cv2.subtract(m, cv2.erode(m, np.ones((k, k), np.uint8)))
    # pale glass on a pale badge would vanish: such prints outline the jar in dark teal
    line = _hsv(195, 0.6, 0.35) if st.get("badge") is not None else st["glass_line"]
    _blend(roi, edge, line, 0.95)
    hl = np.zeros_like(m)
    _ell(hl, (lx, ly - .05 * s), (.22 * s, .24 * s), 0, 255, max(1, int(s / 18)), 200, 250)
    _line(hl, (lx - .21 * s, ly + .0 * s), (lx - .21 * s, ly + .2 * s), 255, max(1, int(s / 20)))
    _blend(roi, hl, (250, 250, 250), 0.85)


def _symbol_style(rng: Rng) -> dict:
    """How one print run draws its pots and cloches."""
    return {
        "terracotta": _hsv(rng.uniform(12, 24), rng.uniform(0.6, 0.78), rng.uniform(0.68, 0.86)),
        "badge": _hsv(rng.uniform(30, 60), rng.uniform(0.05, 0.3), rng.uniform(0.75, 0.95)) if rng.random() < 0.4 else None,
        "plant": rng.random() < 0.5,
        "outline": rng.random() < 0.5,
        "glass": _hsv(rng.uniform(180, 210), rng.uniform(0.08, 0.3), 0.97),
        "glass_alpha": rng.uniform(0.35, 0.55),
        "glass_line": _hsv(rng.uniform(185, 205), rng.uniform(0.0, 0.25), 1.0) if rng.random() < 0.7 else _hsv(195, 0.5, 0.35),
        "seedling": rng.random() < 0.4,
        "size": rng.uniform(0.58, 0.8),
    }


# ---------------------------------------------------------------- board face


def _wood_strip(rng: Rng, h: int, w: int, base: np.ndarray, plank: float) -> np.ndarray:
    """Planks whose grain runs along x."""
    y = np.arange(h, dtype=np.float32)[:, None]
    warp = _noise(rng, h, w, 8, 90, octaves=2) * 5
    grain = np.sin((y + warp) * (2 * math.pi / rng.uniform(3.5, 7)))
    streak = _noise(rng, h, w, 3, 70, octaves=2)
    idx = np.floor(y / plank).astype(np.int64)
    tone = rng.uniform(-0.1, 0.1, idx.max() + 2)[idx]
    shade = 0.88 + 0.06 * grain + 0.1 * streak + tone
    shade = shade * np.where((y % plank) < 1.6, 0.55, 1.0)
    return base * shade[..., None]


def _frame_art(rng: Rng, kind: str, hh: int, ww: int, g: int) -> np.ndarray:
    """Art for the whole face (the grid is painted over its middle later), natural colours."""
    yy, xx = np.mgrid[0:hh, 0:ww]
    band = (yy < g) | (yy >= hh - g) | (xx < g) | (xx >= ww - g)
    if kind == "wood":
        base = _hsv(rng.uniform(18, 35), rng.uniform(0.4, 0.7), rng.uniform(0.45, 0.75))
        plank = (g - 2) / float(rng.choice([1, 2]))
        horiz = _wood_strip(rng, hh, ww, base, plank)
        vert = _wood_strip(rng, ww, hh, base, plank).swapaxes(0, 1)
        top = np.minimum(yy, hh - 1 - yy) <= np.minimum(xx, ww - 1 - xx)  # mitred corners
        img = np.where(top[..., None], horiz, vert)
        miter = np.abs(np.minimum(yy, hh - 1 - yy) - np.minimum(xx, ww - 1 - xx)) < 1
        img[miter & band] *= 0.6
        return _u8(img)
    if kind == "hedge":
        hue = rng.uniform(95, 130)
        base = _hsv(hue, rng.uniform(0.5, 0.8), rng.uniform(0.16, 0.3))
        img = _u8(base * (1 + 0.3 * _noise(rng, hh, ww, 10))[..., None])
        ys, xs = np.nonzero(band)
        k = len(ys) // 12
        pick = rng.integers(0, len(ys), k)
        cols = _hsv(hue + rng.normal(0, 10, k), rng.uniform(0.4, 0.85, k), rng.uniform(0.2, 0.7, k))
        lens, angs = rng.uniform(2.5, 7, k), rng.uniform(0, 180, k)
        for y, x, col, ln, an in zip(ys[pick], xs[pick], cols, lens, angs):
            _ell(img, (x, y), (ln, ln * 0.45), an, _c(col))
        if rng.random() < 0.5:  # a few blossoms in the hedge
            fl = _hsv(rng.uniform(0, 360), rng.uniform(0.0, 0.5), 0.95)
            for i in rng.integers(0, len(ys), len(ys) // 400):
                _circ(img, (xs[i], ys[i]), rng.uniform(1.2, 2.5), _c(fl))
        return img
    if kind == "stone":
        ys, xs = np.nonzero(band)
        size = rng.uniform(0.55, 0.95) * g
        k = max(8, int(len(ys) / (size * size)))
        pick = rng.integers(0, len(ys), k)
        src = np.ones((hh, ww), np.uint8)
        src[ys[pick], xs[pick]] = 0
        _, lab = cv2.distanceTransformWithLabels(src, cv2.DIST_L2, 5, labelType=cv2.DIST_LABEL_PIXEL)
        edge = np.zeros((hh, ww), np.uint8)
        edge[:, 1:] |= (lab[:, 1:] != lab[:, :-1]).astype(np.uint8)
        edge[1:, :] |= (lab[1:, :] != lab[:-1, :]).astype(np.uint8)
        edge = cv2.dilate(edge, np.ones((int(rng.integers(2, 4)),) * 2, np.uint8))
        hue = rng.uniform(20, 45)
        pal = _hsv(hue + rng.normal(0, 8, lab.max() + 1), rng.uniform(0.04, 0.3, lab.max() + 1),
                   rng.uniform(0.45, 0.8, lab.max() + 1))
        bevel = np.clip(cv2.distanceTransform(1 - edge, cv2.DIST_L2, 3) / 4.0, 0, 1)
        img = pal[lab] * (0.72 + 0.28 * bevel)[..., None] * (1 + 0.1 * _noise(rng, hh, ww, 3, octaves=2))[..., None]
        img[edge > 0] = _hsv(hue, 0.12, rng.uniform(0.25, 0.4))
        return _u8(img)
    # painted border: flat paint with ornament lines
    col = _hsv(rng.uniform(0, 360), rng.uniform(0.25, 0.7), rng.uniform(0.45, 0.85))
    img = _u8(col * (1 + 0.04 * _noise(rng, hh, ww, 20))[..., None])
    ink = _c(_hsv(rng.uniform(30, 60), 0.15, 0.95) if rng.random() < 0.6 else col * 0.45)
    th = int(rng.integers(1, 4))
    for f in (0.3, 0.78):
        d = int(round(g * f))
        cv2.rectangle(img, (d, d), (ww - 1 - d, hh - 1 - d), ink, th, AA)
    if rng.random() < 0.6:  # dotted ornament down the middle of the band
        d, step = g * 0.54, rng.uniform(10, 20)
        r = rng.uniform(1.2, 2.6)
        for t in np.arange(d, ww - d, step):
            _circ(img, (t, d), r, ink)
            _circ(img, (t, hh - 1 - d), r, ink)
        for t in np.arange(d, hh - d, step):
            _circ(img, (d, t), r, ink)
            _circ(img, (ww - 1 - d, t), r, ink)
    return img


def _frame_mark(rng: Rng, img: np.ndarray, g: int, edge: int) -> None:
    """Small printed text or an emblem on one side of the frame."""
    hh, ww = img.shape[:2]
    fw = g - edge
    side = int(rng.integers(0, 4))  # 0 top, 1 right, 2 bottom, 3 left
    span = (ww if side in (0, 2) else hh) - 2 * g
    mask = np.zeros((fw, span), np.uint8)  # drawn upright, as on the top side
    if rng.random() < 0.6:
        word = str(rng.choice(_WORDS))
        font = int(rng.choice([cv2.FONT_HERSHEY_SIMPLEX, cv2.FONT_HERSHEY_COMPLEX, cv2.FONT_HERSHEY_TRIPLEX]))
        scale = 0.42 * fw / 22.0
        (tw, _), _ = cv2.getTextSize(word, font, scale, 1)
        scale *= min(1.0, 0.8 * span / max(tw, 1))
        (tw, th), _ = cv2.getTextSize(word, font, scale, 1)
        x = int(rng.uniform(0.1, 0.9) * (span - tw)) if span > tw else 0
        cv2.putText(mask, word, (x, (fw + th) // 2), font, scale, 255, 1 + int(fw > 40), AA)
    else:
        r = 0.38 * fw
        cx, cy = span / 2 + rng.uniform(-0.3, 0.3) * span, fw / 2
        _circ(mask, (cx, cy), r, 255, max(1, int(r / 8)))
        for k in range(5):
            a = 2 * math.pi * k / 5
            _ell(mask, (cx + 0.45 * r * math.cos(a), cy + 0.45 * r * math.sin(a)), (0.35 * r, 0.18 * r), math.degrees(a), 255)
        _circ(mask, (cx, cy), 0.16 * r, 0)
    # turn the strip so that its top faces the board's outer edge on the chosen side
    if side == 0:
        roi, m = img[edge:g, g:g + span], mask
    elif side == 1:
        roi, m = img[g:g + span, ww - g:ww - edge], np.rot90(mask, -1)
    elif side == 2:
        roi, m = img[hh - g:hh - edge, g:g + span], np.rot90(mask, 2)
    else:
        roi, m = img[g:g + span, edge:g], np.rot90(mask, 1)
    ink = (235, 240, 245) if roi.mean() < 120 else (25, 30, 40)
    _blend(roi, np.ascontiguousarray(m), ink, 0.9)


def _layout(rng: Rng, rows: int, cols: int) -> str:
    n = rows * cols
    npot = min(int(rng.integers(3, 6)), n // 3)
    ncl = min(int(rng.integers(2, 6)), n // 3)
    chars = ["."] * n
    order = rng.permutation(n)
    for i in order[:npot]:
        chars[i] = "P"
    for i in order[npot:npot + ncl]:
        chars[i] = "C"
    return "/".join("".join(chars[r * cols:(r + 1) * cols]) for r in range(rows))


def _grid_lines(rng: Rng, img: np.ndarray, g: int, rows: int, cols: int, style: str) -> None:
    """Printed lines centred on the cell boundaries (boundary k lies at pixel-centre coordinate g + k*CELL - 0.5)."""
    if style == "none":
        return
    if style == "light" or (style == "faint" and rng.random() < 0.5):
        col, alpha = _hsv(rng.uniform(35, 55), rng.uniform(0.05, 0.25), rng.uniform(0.88, 1.0)), 0.9
    else:
        col, alpha = _hsv(rng.uniform(15, 35), rng.uniform(0.3, 0.6), rng.uniform(0.08, 0.2)), 0.85
    if style == "faint":
        alpha, half = rng.uniform(0.2, 0.35), 1
    else:
        half = int(rng.choice([1, 2]))
    gh, gw = rows * CELL, cols * CELL
    m = np.zeros(img.shape[:2], np.uint8)
    outer = half * (2 if rng.random() < 0.4 else 1)
    for k in range(cols + 1):
        x, hw = g + k * CELL, outer if k in (0, cols) else half
        m[g - hw:g + gh + hw, x - hw:x + hw] = 255
    for k in range(rows + 1):
        y, hw = g + k * CELL, outer if k in (0, rows) else half
        m[y - hw:y + hw, g - hw:g + gw + hw] = 255
    _blend(img, m, col, alpha)


@lru_cache(maxsize=16)
def _board(design: int, rows: int, cols: int) -> tuple[np.ndarray, np.ndarray, int, str]:
    """(face art uint8, alpha float32, grid origin g px, layout) of a bed design; cached, callers copy."""
    rng = np.random.default_rng([int(design), 0xBED])
    frame, lines, mix, texs = _FAMILIES[design % 6]
    light = design % 2 == 0
    if design >= len(_FAMILIES):  # later designs keep the family's frame and lines but pick their own soils
        texs = tuple(rng.choice(_TEXTURES, int(rng.integers(2, 5)), replace=False))
    fw = int(round(CELL * rng.uniform(0.25, 0.6)))
    edge = int(rng.integers(3, 8))
    g = fw + edge
    gh, gw = rows * CELL, cols * CELL
    hh, ww = gh + 2 * g, gw + 2 * g
    art = _frame_art(rng, frame, hh, ww, g)
    bed = _mix(rng, [_TEX_FUN[t](rng, gh, gw) for t in texs], mix)
    # each printed cell is its own little plot: brightness jitter, sometimes darker edges
    jit = np.kron(rng.uniform(0.94, 1.06, (rows, cols)), np.ones((CELL, CELL))).astype(np.float32)
    if rng.random() < 0.4:
        t = np.abs(np.arange(CELL) - (CELL - 1) / 2) / (CELL / 2)
        vig = 1 - rng.uniform(0.06, 0.16) * np.maximum(t[:, None], t[None, :]) ** 4
        jit *= np.tile(vig, (rows, cols)).astype(np.float32)
    bed = _u8(bed * jit[..., None])
    layout = _layout(rng, rows, cols)
    st = _symbol_style(rng)
    for r, row in enumerate(layout.split("/")):
        for c, ch in enumerate(row):
            cx, cy = c * CELL + (CELL - 1) / 2, r * CELL + (CELL - 1) / 2
            if ch == "P":
                _pot_symbol(bed, cx, cy, st["size"] * CELL, st)
            elif ch == "C":
                _cloche_symbol(bed, cx, cy, st["size"] * CELL, st)
    art[g:g + gh, g:g + gw] = bed
    if rng.random() < 0.6:
        _frame_mark(rng, art, g, edge)
    art = _tone(art, light, rng)
    _grid_lines(rng, art, g, rows, cols, lines)
    # cardboard edge: the print's bleed darkens towards the cut, the cut itself is pale board
    ring = np.zeros((hh, ww), np.uint8)
    cv2.rectangle(ring, (0, 0), (ww - 1, hh - 1), 255, 2 * edge)
    _blend(art, ring, art[g // 2, ww // 2].astype(np.float32) * 0.55, 0.6)
    ring[:] = 0
    cv2.rectangle(ring, (0, 0), (ww - 1, hh - 1), 255, int(rng.integers(1, 3)) * 2)
    _blend(art, ring, _hsv(35, rng.uniform(0.1, 0.3), rng.uniform(0.55, 0.8)), 0.8)
    alpha = np.zeros((hh, ww), np.uint8)
    rad = int(rng.integers(3, 12))
    cv2.rectangle(alpha, (rad, 0), (ww - 1 - rad, hh - 1), 255, -1)
    cv2.rectangle(alpha, (0, rad), (ww - 1, hh - 1 - rad), 255, -1)
    for x, y in ((rad, rad), (ww - 1 - rad, rad), (rad, hh - 1 - rad), (ww - 1 - rad, hh - 1 - rad)):
        cv2.circle(alpha, (x, y), rad, 255, -1, AA)
    art.setflags(write=False)
    return art, (alpha.astype(np.float32) / 255.0), g, layout


# ---------------------------------------------------------------- pieces


@dataclass
class _Piece:
    cells: list[tuple[int, int]]
    art: np.ndarray  # uint8 (ph, pw, 3), face-on
    mask: np.ndarray  # float32 (ph, pw) 0..1 footprint
    x0: int  # canvas position of the patch's top-left pixel
    y0: int
    angle: float  # degrees, about the patch centre
    shift: tuple[float, float]
    height: float  # px
    side: np.ndarray  # BGR of the cut edge


def _flower_art(rng: Rng, h: int, w: int, foliage: bool) -> np.ndarray:
    """Dense planting: leaves over dark green, then one to three kinds of flowers."""
    leaf = rng.uniform(80, 140)
    base = _hsv(leaf, rng.uniform(0.45, 0.8), rng.uniform(0.2, 0.42))
    img = _u8(base * (1 + 0.25 * _noise(rng, h, w, 18))[..., None])
    k = int(h * w / (85 if foliage else 150))
    cols = _hsv(leaf + rng.normal(0, 12, k), rng.uniform(0.35, 0.85, k), rng.uniform(0.25, 0.78, k))
    xs, ys, ln = rng.uniform(0, w, k), rng.uniform(0, h, k), rng.uniform(4, 15, k)
    wd, an = ln * rng.uniform(0.25, 0.5, k), rng.uniform(0, 180, k)
    for x, y, a, b, t, col in zip(xs, ys, ln, wd, an, cols):
        _ell(img, (x, y), (a, b), t, _c(col))
    area = h * w / (CELL * CELL)
    for _ in range(1 if foliage else int(rng.integers(1, 4))):
        hue = rng.uniform(0, 360)
        while 65 < hue < 165:  # flowers are not green
            hue = rng.uniform(0, 360)
        petal = _hsv(hue, rng.uniform(0.08, 1.0), rng.uniform(0.72, 1.0))
        eye = _hsv(rng.choice([50.0, 35.0, 20.0, hue]), rng.uniform(0.5, 1), rng.uniform(0.3, 1))
        kind = str(rng.choice(["daisy", "cluster", "spike", "rose"]))
        dens = {"daisy": 6, "cluster": 5, "spike": 3, "rose": 3}[kind] * (0.25 if foliage else rng.uniform(0.6, 1.4))
        for _ in range(max(1, int(rng.poisson(dens * area)))):
            x, y = rng.uniform(0, w), rng.uniform(0, h)
            _flower(rng, img, kind, x, y, petal * rng.uniform(0.85, 1.1), eye)
    return img


def _flower(rng: Rng, img: np.ndarray, kind: str, x: float, y: float, petal: np.ndarray, eye: np.ndarray) -> None:
    if kind == "daisy":
        r, n = rng.uniform(6, 15), int(rng.integers(5, 13))
        _circ(img, (x + 1.5, y + 1.5), r, _c(petal * 0.3))
        a0 = rng.uniform(0, 2 * math.pi)
        for i in range(n):
            a = a0 + 2 * math.pi * i / n
            _ell(img, (x + 0.55 * r * math.cos(a), y + 0.55 * r * math.sin(a)), (0.48 * r, 0.2 * r), math.degrees(a),
                 _c(petal * rng.uniform(0.85, 1.05)))
        _circ(img, (x, y), 0.28 * r, _c(eye))
    elif kind == "cluster":
        for _ in range(int(rng.integers(5, 13))):
            dx, dy = rng.normal(0, 5, 2)
            r = rng.uniform(1.8, 3.8)
            _circ(img, (x + dx, y + dy), r, _c(petal * rng.uniform(0.75, 1.05)))
            _circ(img, (x + dx, y + dy), r * 0.3, _c(eye))
    elif kind == "spike":
        a, n = rng.uniform(0, 2 * math.pi), int(rng.integers(6, 12))
        for i in range(n):
            t = i * 2.6
            r = 3.6 * (1 - i / (n + 2))
            _ell(img, (x + t * math.cos(a), y + t * math.sin(a)), (r, r * 0.7), math.degrees(a) + 90,
                 _c(petal * rng.uniform(0.7, 1.05)))
    else:
        r = rng.uniform(7, 14)
        _circ(img, (x + 1.5, y + 1.5), r, _c(petal * 0.3))
        for i, f in enumerate((1.0, 0.72, 0.45, 0.22)):
            _circ(img, (x, y), r * f, _c(petal * (1.0 if i % 2 == 0 else 0.78)))
        _ell(img, (x, y), (r * 0.6, r * 0.6), rng.uniform(0, 360), _c(petal * 0.6), 1, 0, 200)


def _footprint(cells: list[tuple[int, int]], r0: int, c0: int, ph: int, pw: int, gap: int) -> np.ndarray:
    """Mask of a tile: its cells merged, inset by the gap, corners slightly rounded, edges anti-aliased."""
    m = np.zeros((ph, pw), np.uint8)
    for r, c in cells:
        y, x = PAD + (r - r0) * CELL, PAD + (c - c0) * CELL
        m[y:y + CELL, x:x + CELL] = 255
    m = cv2.erode(m, np.ones((2 * gap + 1, 2 * gap + 1), np.uint8))
    m = (cv2.GaussianBlur(m, (0, 0), 1.6) > 150).astype(np.float32)
    return cv2.GaussianBlur(m, (0, 0), 0.6)


def _tile_piece(rng: Rng, cells: list[tuple[int, int]], g: int, gap: int, side: np.ndarray, sym: dict) -> _Piece:
    r0, c0 = min(r for r, _ in cells), min(c for _, c in cells)
    nr, nc = max(r for r, _ in cells) - r0 + 1, max(c for _, c in cells) - c0 + 1
    ph, pw = nr * CELL + 2 * PAD, nc * CELL + 2 * PAD
    mask = _footprint(cells, r0, c0, ph, pw, gap)
    art = _flower_art(rng, ph, pw, foliage=rng.random() < 0.2)
    if rng.random() < 0.25:  # a printed pot or cloche on one of the tile's cells
        r, c = cells[int(rng.integers(len(cells)))]
        cx, cy = PAD + (c - c0 + 0.5) * CELL, PAD + (r - r0 + 0.5) * CELL
        st = dict(sym, badge=_hsv(rng.uniform(30, 60), rng.uniform(0.05, 0.3), 0.93) if rng.random() < 0.7 else None)
        (_pot_symbol if rng.random() < 0.5 else _cloche_symbol)(art, cx, cy, rng.uniform(0.5, 0.72) * CELL, st)
    if rng.random() < 0.5:  # printed rim along the tile's outline
        m8 = (mask > 0.5).astype(np.uint8)
        rim = (m8 - cv2.erode(m8, np.ones((5, 5), np.uint8))).astype(bool)
        if rng.random() < 0.6:
            art[rim] = _u8(art[rim] * 0.55)
        else:  # a pale printed border
            art[rim] = _u8(art[rim] * 0.45 + _hsv(45, 0.15, 0.92) * 0.55)
    return _Piece(cells, art, mask, g + c0 * CELL - PAD, g + r0 * CELL - PAD, float(rng.uniform(-2, 2)),
                  tuple(rng.uniform(-0.04, 0.04, 2) * CELL), float(CELL * rng.uniform(0.05, 0.08)), side)


def _cat_shape(img: np.ndarray, cx: float, cy: float, s: float, col) -> None:
    """Silhouette of a sitting cat, s px tall: body, head, ears, tail."""
    _ell(img, (cx, cy + .12 * s), (.25 * s, .3 * s), 0, col)
    _circ(img, (cx, cy - .2 * s), .17 * s, col)
    for sgn in (-1, 1):
        _poly(img, [(cx + sgn * .16 * s, cy - .24 * s), (cx + sgn * .14 * s, cy - .41 * s), (cx + sgn * .03 * s, cy - .33 * s)], col)
    pts = [(cx + .18 * s, cy + .36 * s), (cx + .33 * s, cy + .3 * s), (cx + .38 * s, cy + .12 * s), (cx + .34 * s, cy - .02 * s)]
    p = np.round(np.asarray(pts) * _SC).astype(np.int32)
    cv2.polylines(img, [p], False, col, max(1, int(.07 * s)), AA, _SH)


def _cat_face(img: np.ndarray, cx: float, cy: float, r: float, fur: np.ndarray, eye: np.ndarray, ears: bool) -> None:
    if ears:
        for sgn in (-1, 1):
            _poly(img, [(cx + sgn * .95 * r, cy - .25 * r), (cx + sgn * .8 * r, cy - 1.25 * r), (cx + sgn * .2 * r, cy - .85 * r)], _c(fur))
        _circ(img, (cx, cy), r, _c(fur))
    for sgn in (-1, 1):
        _poly(img, [(cx + sgn * .8 * r, cy - .55 * r), (cx + sgn * .72 * r, cy - 1.05 * r), (cx + sgn * .38 * r, cy - .8 * r)],
              _c(_hsv(350, 0.35, 0.85)))
        _ell(img, (cx + sgn * .38 * r, cy - .1 * r), (.2 * r, .15 * r), 0, _c(eye))
        _ell(img, (cx + sgn * .38 * r, cy - .1 * r), (.05 * r, .13 * r), 0, (15, 15, 15))
        for dy in (-0.05, 0.08):
            _line(img, (cx + sgn * .2 * r, cy + .3 * r), (cx + sgn * 1.05 * r, cy + (.25 + dy) * r), (230, 230, 230), 1)
    _poly(img, [(cx - .1 * r, cy + .16 * r), (cx + .1 * r, cy + .16 * r), (cx, cy + .28 * r)], _c(_hsv(350, 0.45, 0.8)))


def _token_piece(rng: Rng, kind: str, cell: tuple[int, int], g: int, side: np.ndarray, sym: dict) -> _Piece:
    """A one-cell flowerpot or cat token: round, shaped or a printed disc."""
    n = CELL + 2 * PAD
    cx = cy = (n - 1) / 2
    art = np.zeros((n, n, 3), np.uint8)
    m = np.zeros((n, n), np.uint8)
    style = str(rng.choice(["round", "shaped", "printed"]))
    r = CELL * rng.uniform(0.36, 0.45)
    if kind == "pot" and style == "round":  # terracotta pot seen from above: rim and soil
        terr = _hsv(rng.uniform(12, 24), rng.uniform(0.55, 0.78), rng.uniform(0.65, 0.85))
        _circ(m, (cx, cy), r, 255)
        d = np.hypot(*np.mgrid[0:n, 0:n] - cx).astype(np.float32) / r
        art[:] = _u8(terr * np.clip(1.05 - 0.25 * d ** 2, 0.6, 1.1)[..., None])
        soil = _hsv(25, 0.6, rng.uniform(0.15, 0.3))
        _circ(art, (cx, cy), 0.76 * r, _c(terr * 0.5))
        _circ(art, (cx + 0.04 * r, cy + 0.04 * r), 0.68 * r, _c(soil))
        for _ in range(40):
            _circ(art, (cx + rng.uniform(-.5, .5) * r, cy + rng.uniform(-.5, .5) * r), 1, _c(soil * rng.uniform(0.6, 1.6)))
        if rng.random() < 0.5:
            gr = _c(_hsv(110, 0.7, 0.6))
            _ell(art, (cx - .15 * r, cy), (.22 * r, .09 * r), 20, gr)
            _ell(art, (cx + .15 * r, cy), (.22 * r, .09 * r), -20, gr)
    elif kind == "pot" and style == "shaped":
        s = CELL * rng.uniform(0.8, 0.95)
        rim, body = _pot_shapes(cx, cy + 0.03 * s, s)
        _poly(m, rim, 255)
        _poly(m, body, 255)
        _pot_symbol(art, cx, cy + 0.03 * s, s, dict(sym, badge=None, plant=False))
    elif kind == "pot":
        bg = _hsv(rng.uniform(0, 360), rng.uniform(0.05, 0.5), rng.uniform(0.75, 0.95))
        _circ(m, (cx, cy), r, 255)
        art[:] = _u8(bg)
        _circ(art, (cx, cy), r - 2, _c(bg * 0.6), 2)
        _pot_symbol(art, cx, cy + 0.02 * r, 1.25 * r, dict(sym, badge=None))
    else:
        fur = [_hsv(0, 0, 0.12), _hsv(25, 0.7, 0.85), _hsv(0, 0, 0.55), _hsv(0, 0, 0.93), _hsv(30, 0.45, 0.5)][int(rng.integers(5))]
        eye = _hsv(rng.uniform(50, 110), 0.8, 0.85)
        if style == "shaped":
            s = CELL * rng.uniform(0.82, 0.95)
            _cat_shape(m, cx, cy, s, 255)
            art[:] = _u8(fur)
            if rng.random() < 0.5:  # tabby stripes
                for k in range(5):
                    _ell(art, (cx, cy + (0.0 + 0.08 * k) * s), (.2 * s, .02 * s), 0, _c(fur * 0.6))
            _cat_face(art, cx, cy - .2 * s, .17 * s, fur, eye, ears=False)
        else:
            bg = _hsv(rng.uniform(0, 360), rng.uniform(0.1, 0.6), rng.uniform(0.55, 0.95))
            _circ(m, (cx, cy), r, 255)
            art[:] = _u8(bg)
            _circ(art, (cx, cy), r - 2, _c(bg * 0.55), 2)
            _cat_face(art, cx, cy + 0.12 * r, 0.5 * r, fur, eye, ears=True)
    mask = cv2.GaussianBlur(m.astype(np.float32) / 255.0, (0, 0), 0.6)
    ang = float(rng.uniform(0, 360)) if style != "shaped" or rng.random() < 0.3 else float(rng.uniform(-25, 25))
    r0, c0 = cell
    return _Piece([cell], art, mask, g + c0 * CELL - PAD, g + r0 * CELL - PAD, ang,
                  tuple(rng.uniform(-0.06, 0.06, 2) * CELL), float(CELL * rng.uniform(0.06, 0.12)), side * rng.uniform(0.8, 1.1))


def _grow(rng: Rng, free: np.ndarray, seed: tuple[int, int], size: int) -> list[tuple[int, int]]:
    """A random polyomino of up to `size` free cells grown from a seed cell."""
    rows, cols = free.shape
    cells = [seed]
    while len(cells) < size:
        front = {(r + dr, c + dc) for r, c in cells for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))}
        front = [p for p in sorted(front) if 0 <= p[0] < rows and 0 <= p[1] < cols and free[p] and p not in cells]
        if not front:
            break
        cells.append(front[int(rng.integers(len(front)))])
    return cells


def _plan(rng: Rng, rows: int, cols: int, target: int) -> list[tuple[str, list[tuple[int, int]]]]:
    """Pieces covering exactly `target` cells without overlap: mostly 3-5 cell tiles, some tokens."""
    free = np.ones((rows, cols), bool)
    need, plan = target, []
    while need > 0:
        if rng.random() < 0.14:
            size = 1
        else:
            size = min(need, int(rng.choice([1, 2, 3, 4, 5, 6], p=[.05, .12, .26, .28, .19, .10])))
        fr = np.argwhere(free)
        # prefer seeds with few free neighbours so the leftover space stays in one piece
        nb = np.array([sum(free[r + dr, c + dc] for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
                           if 0 <= r + dr < rows and 0 <= c + dc < cols) for r, c in fr], np.float64)
        wts = 1.0 / (1.0 + nb) ** 2
        r, c = fr[rng.choice(len(fr), p=wts / wts.sum())]
        cells = _grow(rng, free, (int(r), int(c)), size)
        for p in cells:
            free[p] = False
        need -= len(cells)
        kind = "tile"
        if len(cells) == 1:
            kind = str(rng.choice(["pot", "cat", "tile"], p=[0.4, 0.3, 0.3]))
        plan.append((kind, cells))
    return plan


def _paste_region(x0: int, y0: int, ph: int, pw: int, hh: int, ww: int):
    """Slices (canvas, patch) of a patch at (x0, y0) clipped to the canvas, or None."""
    xa, ya, xb, yb = max(x0, 0), max(y0, 0), min(x0 + pw, ww), min(y0 + ph, hh)
    if xa >= xb or ya >= yb:
        return None
    return (slice(ya, yb), slice(xa, xb)), (slice(ya - y0, yb - y0), slice(xa - x0, xb - x0))


def _lay(canvas: np.ndarray, pieces: list[_Piece], foot: np.ndarray, cam_h: float, shadow_dir: np.ndarray,
         rng: Rng) -> None:
    """Put pieces on the face-on board: soft cast shadows first, then cut edges, then printed tops.

    The top face is drawn displaced away from the camera's foot point by height / camera height, as the
    perspective camera will see it, so the cut edge shows as a band on the side facing the camera.
    """
    hh, ww = canvas.shape[:2]
    img = canvas.astype(np.float32)
    shadow = np.zeros((hh, ww), np.float32)
    sigma, dark = rng.uniform(1.5, 4.0), rng.uniform(0.3, 0.55)
    placed = []
    for p in pieces:
        ph, pw = p.mask.shape
        centre = np.array([p.x0 + pw / 2, p.y0 + ph / 2])
        rot = cv2.getRotationMatrix2D(((pw - 1) / 2, (ph - 1) / 2), p.angle, 1.0)
        rot[:, 2] += p.shift
        off = p.height * (centre - foot) / cam_h
        if np.hypot(*off) < 1.2:  # the cut edge always shows a little (bevel, worn print)
            off = off + 1.2 * shadow_dir / max(np.hypot(*shadow_dir), 1e-6)
        reg = _paste_region(p.x0, p.y0, ph, pw, hh, ww)
        if reg is None:
            continue
        sh = rot.copy()
        sh[:, 2] += shadow_dir * p.height
        smask = cv2.GaussianBlur(cv2.warpAffine(p.mask, sh, (pw, ph)), (0, 0), sigma)
        shadow[reg[0]] = np.maximum(shadow[reg[0]], smask[reg[1]])
        placed.append((p, rot, off, reg))
    img *= (1 - dark * shadow)[..., None]
    for p, rot, off, reg in placed:
        ph, pw = p.mask.shape
        band = np.zeros((ph, pw), np.float32)
        for t in (0.0, 0.34, 0.67, 1.0):
            m = rot.copy()
            m[:, 2] += off * t
            band = np.maximum(band, cv2.warpAffine(p.mask, m, (pw, ph)))
        top = rot.copy()
        top[:, 2] += off
        tart = cv2.warpAffine(p.art, top, (pw, ph), flags=cv2.INTER_LINEAR).astype(np.float32)
        tm = cv2.warpAffine(p.mask, top, (pw, ph))
        roi = img[reg[0]]
        b, a = band[reg[1]][..., None], tm[reg[1]][..., None]
        roi[:] = roi * (1 - b) + p.side * b
        roi[:] = roi * (1 - a) + tart[reg[1]] * a
    canvas[:] = _u8(img)


# ---------------------------------------------------------------- camera and photo


def _plane_h(p: np.ndarray, z: float) -> np.ndarray:
    """Homography from world (X, Y) on the plane Z = z to photo pixels."""
    h = p[:, [0, 1, 3]].copy()
    h[:, 2] += z * p[:, 2]
    return h


def _apply(h: np.ndarray, pts) -> np.ndarray:
    q = np.c_[np.asarray(pts, np.float64), np.ones(len(pts))] @ h.T
    return q[:, :2] / q[:, 2:3]


def _warp(art: np.ndarray, h: np.ndarray, dsize: tuple[int, int], border: int = cv2.BORDER_CONSTANT) -> np.ndarray:
    """warpPerspective that does not alias where the camera shrinks the art.

    Blends pre-blurred copies of the art (one per halving of scale) by the local shrink factor, which is
    measured on a coarse grid of destination pixels through the inverse homography.
    """
    w, hh = dsize
    inv = np.linalg.inv(h)
    gy, gx = np.mgrid[0:hh + 15:16, 0:w + 15:16].astype(np.float64)
    pts = np.stack([gx.ravel(), gy.ravel()], 1)
    a, b, c = (_apply(inv, pts + d) for d in ((0, 0), (1, 0), (0, 1)))
    e1, e2 = b - a, c - a
    shrink = np.sqrt(np.abs(e1[:, 0] * e2[:, 1] - e1[:, 1] * e2[:, 0])).reshape(gx.shape)
    level = np.log2(np.clip(np.nan_to_num(shrink, nan=1.0, posinf=64.0), 1.0, 64.0)).astype(np.float32)
    out = cv2.warpPerspective(art, h, dsize, flags=cv2.INTER_LINEAR, borderMode=border)
    top = float(level.max())
    if top < 0.15:
        return out
    level = cv2.resize(level, (gx.shape[1] * 16, gx.shape[0] * 16), interpolation=cv2.INTER_LINEAR)[:hh, :w]
    acc = out.astype(np.float32)
    for i in range(1, min(int(math.ceil(top)), 5) + 1):
        blurred = cv2.GaussianBlur(art, (0, 0), 0.5 * math.sqrt(4 ** i - 1))
        wi = np.clip(level - (i - 1), 0, 1)[..., None]
        acc = acc * (1 - wi) + cv2.warpPerspective(blurred, h, dsize, flags=cv2.INTER_LINEAR, borderMode=border) * wi
    return _u8(acc)


def _pose(rng: Rng, bw: int, bh: int, size: tuple[int, int], tilt: float, fill: tuple[float, float]) -> dict:
    """A phone camera over the board: any spin, tilt up to `tilt` degrees, board size `fill` of the short side.

    World coordinates are face-on board pixels centred on the board, Z pointing into the table; the board's
    printed face is the plane Z = 0 and the camera sits at negative Z.
    """
    w, h = size
    short = min(w, h)
    f = rng.uniform(0.85, 1.35) * max(w, h)
    spin, axis = rng.uniform(0, 2 * math.pi), rng.uniform(0, 2 * math.pi)
    t = math.radians(rng.uniform(0, max(tilt, 0.0)))
    rt = cv2.Rodrigues(np.array([math.cos(axis), math.sin(axis), 0.0]) * t)[0]
    rz = np.array([[math.cos(spin), -math.sin(spin), 0], [math.sin(spin), math.cos(spin), 0], [0, 0, 1]])
    rot = rt @ rz
    target = rng.uniform(*fill) * short
    dist = f * math.hypot(bw, bh) / math.sqrt(2) / target
    p0 = np.diag([f, f, 1.0]) @ np.c_[rot, [0, 0, dist]]
    outline = np.array([[-bw / 2, -bh / 2], [bw / 2, -bh / 2], [bw / 2, bh / 2], [-bw / 2, bh / 2]])
    q = _apply(_plane_h(p0, 0.0), outline)
    area = 0.5 * abs(np.dot(q[:, 0], np.roll(q[:, 1], 1)) - np.dot(q[:, 1], np.roll(q[:, 0], 1)))
    s = target / math.sqrt(area)
    ext = q.max(0) - q.min(0)
    margin = 0.02 * short
    s = min(s, (w - 2 * margin) / ext[0], (h - 2 * margin) / ext[1])
    q = q * s
    lo, hi = q.min(0), q.max(0)
    tx = rng.uniform(margin - lo[0], max(margin - lo[0], w - margin - hi[0]))
    ty = rng.uniform(margin - lo[1], max(margin - lo[1], h - margin - hi[1]))
    p = np.array([[s, 0, tx], [0, s, ty], [0, 0, 1.0]]) @ p0
    cam = -rot.T @ np.array([0, 0, dist])
    return {"P": p, "foot": cam[:2] + np.array([(bw - 1) / 2, (bh - 1) / 2]), "height": -cam[2], "dist": dist}


def _wnoise(rng: Rng, a: np.ndarray, b: np.ndarray, sa: float, sb: float) -> np.ndarray:
    """Smooth noise over arbitrary coordinate maps (world px), feature size sa x sb: a random grid, remapped."""
    a0, b0 = float(a.min()), float(b.min())
    sa = max(sa, (float(a.max()) - a0) / 700.0)  # keep the grid small; far-away detail is fine blurred
    sb = max(sb, (float(b.max()) - b0) / 700.0)
    na, nb = int((float(a.max()) - a0) / sa) + 4, int((float(b.max()) - b0) / sb) + 4
    grid = rng.standard_normal((nb, na), dtype=np.float32)
    return cv2.remap(grid, (a - a0) / sa + 1, (b - b0) / sb + 1, cv2.INTER_CUBIC, borderMode=cv2.BORDER_REFLECT) * 1.6


def _fade(kp: np.ndarray, period: float) -> np.ndarray:
    """How much of a pattern with this world period survives at kp photo px per world px (0 once below ~1 px)."""
    return np.clip(kp * (period / 2.5) - 0.4, 0, 1)


def _square(t: np.ndarray, kp: np.ndarray, period: float, duty: float = 0.5) -> np.ndarray:
    """Anti-aliased square wave (1 on the first `duty` share of each period), greyed out where it cannot be resolved."""
    ph = (t / period) % 1.0
    sd = np.where(ph < duty, np.minimum(ph, duty - ph), -np.minimum(ph - duty, 1 - ph)) * period
    m = np.clip(sd * kp + 0.5, 0, 1)
    return duty + (m - duty) * _fade(kp, period)


def _table(rng: Rng, p: np.ndarray, z: float, size: tuple[int, int]) -> np.ndarray:
    """The table top, evaluated per photo pixel in world coordinates (true foreshortening, no tiling seams).

    Detail finer than a photo pixel fades to its mean instead of aliasing.
    """
    w, h = size
    hp = _plane_h(p, z)
    inv = np.linalg.inv(hp)
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    iv = inv.astype(np.float32)  # keep the full-size maps float32 (cv2.remap wants them so)
    den = iv[2, 0] * xs + iv[2, 1] * ys + iv[2, 2]
    den = np.where(np.abs(den) < 1e-9, 1e-9, den)  # a horizon never shows at the tilts used; stay finite anyway
    wx = (iv[0, 0] * xs + iv[0, 1] * ys + iv[0, 2]) / den
    wy = (iv[1, 0] * xs + iv[1, 1] * ys + iv[1, 2]) / den
    del xs, ys
    cg = np.mgrid[0:h + 31:32, 0:w + 31:32].astype(np.float64)
    pts = np.stack([cg[1].ravel(), cg[0].ravel()], 1)
    q0, q1, q2 = (_apply(inv, pts + d) for d in ((0, 0), (1, 0), (0, 1)))
    e1, e2 = q1 - q0, q2 - q0
    kp = 1.0 / np.maximum(np.sqrt(np.abs(e1[:, 0] * e2[:, 1] - e1[:, 1] * e2[:, 0])), 1e-6)
    kp = cv2.resize(kp.reshape(cg.shape[1:]).astype(np.float32), (cg.shape[2] * 32, cg.shape[1] * 32))[:h, :w]
    ang = rng.uniform(0, math.pi)
    kp = kp.astype(np.float32)
    u = wx * math.cos(ang) + wy * math.sin(ang)
    v = -wx * math.sin(ang) + wy * math.cos(ang)
    del wx, wy
    kind = str(rng.choice(["plain", "wood", "cloth", "patterned"], p=[0.3, 0.35, 0.2, 0.15]))
    if kind == "plain":
        col = _hsv(rng.uniform(0, 360), rng.uniform(0, 0.35), rng.uniform(0.25, 0.92))
        shade = 1 + 0.035 * _wnoise(rng, u, v, 220, 220) + 0.03 * _wnoise(rng, u, v, 6, 6) * _fade(kp, 12)
        img = col * shade[..., None]
    elif kind == "wood":
        base = _hsv(rng.uniform(15, 38), rng.uniform(0.35, 0.7), rng.uniform(0.3, 0.75))
        plank, period = rng.uniform(150, 320), rng.uniform(6, 14)
        # grain lines meander slowly along the plank and quickly across it: a few long, slanted waves
        warp = np.zeros_like(u)
        for _ in range(4):
            fu, fv = rng.uniform(0.002, 0.012), rng.uniform(0.004, 0.03)
            warp += rng.uniform(2, 9) * np.sin(u * fu + v * fv + rng.uniform(0, 2 * math.pi))
        lines = np.abs(np.sin((v + warp) * (math.pi / period))) ** 8
        grain = (0.5 - lines) * _fade(kp, period)
        idx = np.floor(v / plank)
        tone = np.sin(idx * 12.9898 + rng.uniform(0, 9)) * 0.08
        seam = 1 - 0.4 * _square(v, kp, plank, 2.5 / plank)
        streak = _wnoise(rng, u, v, 70, 7) * _fade(kp, 10)
        img = base * ((0.9 + 0.2 * grain + 0.035 * streak + tone) * seam)[..., None]
    elif kind == "cloth":
        c1 = _hsv(rng.uniform(0, 360), rng.uniform(0.3, 0.8), rng.uniform(0.4, 0.9))
        c2 = _hsv(rng.uniform(30, 60), 0.05, 0.95)
        weave = 1 + 0.06 * np.sin(u * 2.2) * np.sin(v * 2.2) * _fade(kp, 2.9)
        if rng.random() < 0.6:  # gingham: light, mid and dark squares
            cs = rng.uniform(30, 80)
            m = (_square(u, kp, cs) + _square(v, kp, cs)) / 2.0
            img = c2 * (1 - m[..., None]) + c1 * m[..., None]
        else:
            img = c1 * np.ones((h, w, 1), np.float32)
        folds = 1 + 0.08 * _wnoise(rng, u, v, 260, 260)
        img = img * (weave * folds)[..., None]
    else:
        bg = _hsv(rng.uniform(0, 360), rng.uniform(0.1, 0.5), rng.uniform(0.5, 0.95))
        fg = _hsv(rng.uniform(0, 360), rng.uniform(0.3, 0.9), rng.uniform(0.3, 0.9))
        step = rng.uniform(40, 110)
        if rng.random() < 0.5:  # polka dots
            du, dv = ((u / step) % 1 - 0.5) * step, ((v / step) % 1 - 0.5) * step
            r = step * 0.22
            mean = math.pi * r * r / step ** 2
            m = np.clip((r - np.hypot(du, dv)) * kp + 0.5, 0, 1)
            m = mean + (m - mean) * _fade(kp, step * 0.5)
        else:  # stripes
            m = _square(u, kp, step, 0.4)
        img = (bg * (1 - m[..., None]) + fg * m[..., None]) * (1 + 0.03 * _wnoise(rng, u, v, 120, 120))[..., None]
    return _u8(img)


@dataclass
class _Thing:
    """A flat-topped prism standing on the table: printed top art, plain sides."""
    art: np.ndarray  # uint8 top art
    alpha: np.ndarray | None  # float32 top mask, None = the whole art rectangle
    outline: np.ndarray  # (n, 2) convex outline in art px, counter-clockwise on screen
    b: np.ndarray  # 3x3 art px -> world (X, Y)
    z_top: float
    z_bot: float
    side: np.ndarray  # BGR


def _draw_thing(photo: np.ndarray, p: np.ndarray, t: _Thing, light_xy: np.ndarray) -> bool:
    """Draw a prism: sides back to front, then the top through its plane's homography. False if not in view."""
    hh, ww = photo.shape[:2]
    world = _apply(t.b, t.outline)
    top = _apply(_plane_h(p, t.z_top), world)
    bot = _apply(_plane_h(p, t.z_bot), world)
    depth = np.c_[world, np.ones(len(world))] @ _plane_h(p, t.z_top)[2]
    if np.any(depth <= 0) or not np.all(np.isfinite(top)):
        return False
    lo, hi = np.floor(np.minimum(top.min(0), bot.min(0))) - 2, np.ceil(np.maximum(top.max(0), bot.max(0))) + 2
    x0, y0 = int(max(lo[0], 0)), int(max(lo[1], 0))
    x1, y1 = int(min(hi[0], ww)), int(min(hi[1], hh))
    if x0 >= x1 or y0 >= y1:
        return False
    roi = photo[y0:y1, x0:x1]
    ctr = world.mean(0)
    n = len(world)
    faces = []
    for i in range(n):
        j = (i + 1) % n
        mid = (world[i] + world[j]) / 2
        nrm = mid - ctr
        nrm /= max(np.hypot(*nrm), 1e-9)
        shade = 0.5 + 0.4 * max(0.0, float(nrm @ light_xy))
        quad = np.array([top[i], top[j], bot[j], bot[i]]) - (x0, y0)
        faces.append((float(depth[i] + depth[j]), quad, shade))
    for _, quad, shade in sorted(faces, key=lambda f: -f[0]):
        _poly(roi, quad, _c(t.side * shade))
    hroi = np.array([[1, 0, -x0], [0, 1, -y0], [0, 0, 1.0]]) @ _plane_h(p, t.z_top) @ t.b
    face = _warp(t.art, hroi, (x1 - x0, y1 - y0))
    amask = t.alpha if t.alpha is not None else np.ones(t.art.shape[:2], np.float32)
    a = cv2.warpPerspective(amask, hroi, (x1 - x0, y1 - y0), flags=cv2.INTER_LINEAR)[..., None]
    roi[:] = _u8(roi * (1 - a) + face * a)
    return True


def _table_shadow(shade: np.ndarray, p: np.ndarray, t: _Thing, z_table: float, sh: np.ndarray, k: float) -> None:
    """Add an object's cast shadow (footprint swept along the light) to a reduced-size shadow map."""
    world = _apply(t.b, t.outline)
    pts = np.r_[world, world + sh * (t.z_bot - t.z_top)]
    img = _apply(_plane_h(p, z_table), pts) * k
    if np.all(np.isfinite(img)):
        hull = cv2.convexHull(img.astype(np.float32))
        _poly(shade, hull[:, 0, :], 1.0)


def _similar(angle: float, centre, w: float, h: float) -> np.ndarray:
    """Art px -> world: turn by `angle` about the art centre and put that centre at `centre`."""
    ca, sa = math.cos(angle), math.sin(angle)
    return np.array([[ca, -sa, centre[0]], [sa, ca, centre[1]], [0, 0, 1.0]]) @ np.array([[1, 0, -w / 2], [0, 1, -h / 2], [0, 0, 1.0]])


def _rect(w: float, h: float) -> np.ndarray:
    return np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float64)


def _pad_art(rng: Rng) -> tuple[np.ndarray, None, np.ndarray, float, np.ndarray]:
    w, h = int(CELL * rng.uniform(2.2, 3.0)), int(CELL * rng.uniform(3.0, 4.0))
    paper = _hsv(rng.uniform(40, 60), rng.uniform(0.0, 0.25), rng.uniform(0.88, 0.98))
    img = _u8(paper * np.ones((h, w, 1), np.float32))
    cv2.rectangle(img, (0, 0), (w, int(0.12 * h)), _c(_hsv(rng.uniform(0, 360), 0.6, 0.6)), -1)
    rule = _c(_hsv(210, 0.35, 0.7))
    for y in np.arange(0.2 * h, h, 0.075 * h):
        cv2.line(img, (4, int(y)), (w - 4, int(y)), rule, 1, AA)
    for x in np.linspace(0.3 * w, w, 4)[:-1]:
        cv2.line(img, (int(x), int(0.14 * h)), (int(x), h - 4), rule, 1, AA)
    pen = _c(_hsv(rng.uniform(200, 240), 0.7, 0.4))
    for y in np.arange(0.2 * h, h * rng.uniform(0.4, 0.95), 0.075 * h):
        for x in np.linspace(0.33 * w, w, 4)[:-1]:
            if rng.random() < 0.7:
                cv2.putText(img, str(int(rng.integers(0, 40))), (int(x), int(y + 0.06 * h)), cv2.FONT_HERSHEY_SCRIPT_SIMPLEX,
                            0.02 * h / 10, pen, 1, AA)
    return img, None, _rect(w, h), CELL * 0.08, _hsv(45, 0.1, 0.85)


def _die_art(rng: Rng) -> tuple[np.ndarray, np.ndarray, np.ndarray, float, np.ndarray]:
    s = int(CELL * rng.uniform(0.45, 0.65))
    body = [_hsv(40, 0.05, 0.95), _hsv(0, 0.8, 0.75), _hsv(130, 0.7, 0.5), _hsv(0, 0, 0.12), _hsv(30, 0.5, 0.7)][int(rng.integers(5))]
    pip = (25, 25, 25) if body.mean() > 140 else (235, 235, 235)
    img = _u8(body * np.ones((s, s, 1), np.float32))
    m = np.zeros((s, s), np.uint8)
    cv2.rectangle(m, (0, 0), (s - 1, s - 1), 255, -1)
    face = int(rng.integers(1, 7))
    spots = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)], 4: [(0, 0), (0, 2), (2, 0), (2, 2)],
             5: [(0, 0), (0, 2), (1, 1), (2, 0), (2, 2)], 6: [(0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)]}[face]
    for i, j in spots:
        _circ(img, ((0.22 + 0.28 * j) * s, (0.22 + 0.28 * i) * s), 0.09 * s, pip)
    return img, cv2.GaussianBlur(m.astype(np.float32) / 255, (0, 0), 0.7), _rect(s, s), float(s), body


def _pen_art(rng: Rng) -> tuple[np.ndarray, np.ndarray, np.ndarray, float, np.ndarray]:
    ln, wd = int(CELL * rng.uniform(4.5, 6.5)), int(CELL * rng.uniform(0.22, 0.3))
    body = _hsv(rng.uniform(0, 360), rng.uniform(0.4, 0.9), rng.uniform(0.3, 0.9))
    img = np.zeros((wd, ln, 3), np.uint8)
    yy = np.linspace(-1, 1, wd, dtype=np.float32)[:, None]
    img[:] = _u8(body * (1.0 + 0.35 * (1 - yy ** 2) - 0.2)[..., None])
    tip = int(0.12 * ln)
    img[:, :tip] = _u8(_hsv(40, 0.1, 0.85) * (0.8 + 0.3 * (1 - yy ** 2))[..., None])
    cv2.rectangle(img, (int(0.7 * ln), int(0.15 * wd)), (int(0.95 * ln), int(0.35 * wd)), (200, 200, 205), -1)
    m = np.zeros((wd, ln), np.uint8)
    outline = np.array([[0, wd / 2], [tip, 0], [ln - 1, 0], [ln - 1, wd - 1], [tip, wd - 1]])
    _poly(m, outline, 255)
    return img, m.astype(np.float32) / 255, outline, float(wd), body


def _cup_art(rng: Rng) -> tuple[np.ndarray, np.ndarray, np.ndarray, float, np.ndarray]:
    d = int(CELL * rng.uniform(1.7, 2.5))
    c = (d - 1) / 2
    cup = _hsv(rng.uniform(0, 360), rng.uniform(0.0, 0.7), rng.uniform(0.5, 0.97))
    img = _u8(cup * np.ones((d, d, 1), np.float32))
    drink = _hsv(25, 0.7, rng.uniform(0.12, 0.3)) if rng.random() < 0.7 else cup * 0.8
    _circ(img, (c, c), 0.44 * d, _c(cup * 0.85))
    _circ(img, (c, c), 0.4 * d, _c(drink))
    _ell(img, (c - 0.1 * d, c - 0.1 * d), (0.12 * d, 0.05 * d), -40, _c(np.minimum(np.asarray(drink) * 1.8 + 40, 255)))
    m = np.zeros((d, d), np.uint8)
    _circ(m, (c, c), 0.5 * d - 0.5, 255)
    ang = np.linspace(0, 2 * math.pi, 40, endpoint=False)
    outline = np.c_[c + 0.5 * d * np.cos(ang), c + 0.5 * d * np.sin(ang)]
    return img, m.astype(np.float32) / 255, outline, CELL * rng.uniform(1.6, 2.4), cup


def _place(rng: Rng, r_item: float, r_board: float, taken: list[tuple[np.ndarray, float]]) -> np.ndarray | None:
    """A world position beside the board (never on it) not touching earlier clutter."""
    for _ in range(12):
        a = rng.uniform(0, 2 * math.pi)
        d = (r_board + r_item) * rng.uniform(1.02, 1.5)
        pos = np.array([math.cos(a), math.sin(a)]) * d
        if all(np.hypot(*(pos - q)) > r + r_item for q, r in taken):
            return pos
    return None


def _clutter(rng: Rng, design: int, rows: int, cols: int, bw: int, bh: int, hb: float, mild: bool,
             foot: np.ndarray, cam_h: float, sh_dir: np.ndarray) -> list[_Thing]:
    """Things lying on the table around the board."""
    r_board = math.hypot(bw, bh) / 2
    taken: list[tuple[np.ndarray, float]] = []
    things: list[_Thing] = []
    odds = 0.5 if mild else 1.0
    if rng.random() < 0.45 * odds:  # the other player's bed, maybe with a few tiles on it
        other = design + int(rng.integers(1, 4))
        art, alpha, g, _ = _board(other, rows, cols)
        art = art.copy()
        if rng.random() < 0.6:
            side = _hsv(35, 0.25, 0.65)
            sym = _symbol_style(rng)
            plan = _plan(rng, rows, cols, int(rng.integers(0, rows * cols // 2 + 1)))
            pieces = [(_tile_piece(rng, cells, g, 2, side, sym) if kind == "tile" else _token_piece(rng, kind, cells[0], g, side, sym))
                      for kind, cells in plan]
            _lay(art, pieces, foot, cam_h, sh_dir, rng)
        ho, wo = art.shape[:2]
        pos = _place(rng, math.hypot(wo, ho) / 2, r_board, taken)
        if pos is not None:
            taken.append((pos, math.hypot(wo, ho) / 2))
            things.append(_Thing(art, alpha, _rect(wo - 1, ho - 1), _similar(rng.uniform(-0.4, 0.4) + rng.integers(0, 4) * math.pi / 2, pos, wo - 1, ho - 1), 0.0, hb, _hsv(30, 0.2, 0.35)))
    makers = [(_pad_art, 0.4), (_die_art, 0.45), (_die_art, 0.2), (_pen_art, 0.35), (_cup_art, 0.3)]
    for make, prob in makers:
        if rng.random() >= prob * odds:
            continue
        art, alpha, outline, height, side = make(rng)
        hh, ww = art.shape[:2]
        r_item = math.hypot(ww, hh) / 2
        pos = _place(rng, r_item, r_board, taken)
        if pos is None:
            continue
        taken.append((pos, r_item))
        things.append(_Thing(art, alpha, outline, _similar(rng.uniform(0, 2 * math.pi), pos, ww, hh), hb - height, hb, side))
    return things


def _effects(rng: Rng, img: np.ndarray, quad: np.ndarray, light_dir: np.ndarray, mild: bool) -> np.ndarray:
    """Phone camera and room: light gradient, vignetting, hand shadow, glare, blur, noise, JPEG."""
    h, w = img.shape[:2]
    sh, sw = max(h // 8, 2), max(w // 8, 2)
    yy, xx = np.mgrid[0:sh, 0:sw].astype(np.float32)
    xn, yn = (xx + 0.5) / sw * 2 - 1, (yy + 0.5) / sh * 2 - 1
    ld = light_dir / max(np.hypot(*light_dir), 1e-9)
    grad = 1 + rng.uniform(0.02, 0.1 if mild else 0.22) * (xn * ld[0] * w / max(w, h) + yn * ld[1] * h / max(w, h))
    vig = 1 - rng.uniform(0.05, 0.2 if mild else 0.4) * ((xn * w / max(w, h)) ** 2 + (yn * h / max(w, h)) ** 2)
    field = grad * vig
    if not mild and rng.random() < 0.3:  # hand or phone shadow over part of the board
        i = int(rng.integers(4))
        t = rng.uniform(0, 1)
        c = (quad[i] * (1 - t) + quad[(i + 1) % 4] * t) / 8
        m = np.zeros((sh, sw), np.float32)
        ax = rng.uniform(0.15, 0.35) * min(sw, sh)
        _ell(m, tuple(c), (ax, ax * rng.uniform(0.5, 1.0)), rng.uniform(0, 180), 1.0)
        edge = np.array([[c[0], -sh], [c[0], 2 * sh], [-sw, c[1]], [2 * sw, c[1]]])[int(rng.integers(4))]
        cv2.line(m, _pt(*c), _pt(*edge), 1.0, int(ax * 1.1), AA, _SH)  # the arm reaching in from the photo edge
        m = cv2.GaussianBlur(m, (0, 0), rng.uniform(2, 6))
        field = field * (1 - rng.uniform(0.25, 0.5) * m)
    field = cv2.resize(field.astype(np.float32), (w, h), interpolation=cv2.INTER_LINEAR)
    wb = 1 + rng.normal(0, 0.025 if mild else 0.05, 3)
    out = img.astype(np.float32) * field[..., None] * wb.astype(np.float32)
    if rng.random() < (0.1 if mild else 0.3):  # glare on the glossy print
        lo, hi = quad.min(0), quad.max(0)
        c = rng.uniform(lo, hi) / 8
        sig = rng.uniform(0.03, 0.12) * min(sw, sh)
        gl = np.exp(-((xx - c[0]) ** 2 + (yy - c[1]) ** 2) / (2 * sig ** 2))
        gl = cv2.resize(gl.astype(np.float32), (w, h), interpolation=cv2.INTER_LINEAR)
        k = rng.uniform(0.2, 0.4) if mild else rng.uniform(0.4, 0.95)
        out += (255 - out) * (k * gl)[..., None]
    out = cv2.GaussianBlur(out, (0, 0), rng.uniform(0.3, 0.7) if mild else rng.uniform(0.4, 1.3))
    sigma = rng.uniform(1.0, 2.5) if mild else rng.uniform(1.5, 5.0)
    out += rng.standard_normal((h, w, 1), dtype=np.float32) * sigma
    out += rng.standard_normal((h, w, 3), dtype=np.float32) * (sigma * 0.4)
    q = int(rng.integers(80, 93) if mild else rng.integers(70, 93))
    _, buf = cv2.imencode(".jpg", _u8(out), [cv2.IMWRITE_JPEG_QUALITY, q])
    return cv2.imdecode(buf, cv2.IMREAD_COLOR)


# ---------------------------------------------------------------- public API


def _target(rng: Rng, n: int, coverage: float | None) -> int:
    """How many cells the pieces cover: given share, or a mix of empty, sparse, full and anything between."""
    if coverage is not None:
        return int(round(min(max(coverage, 0.0), 1.0) * n))
    u = rng.random()
    if u < 0.1:
        return 0
    if u < 0.22:
        return n
    if u < 0.37:
        return int(rng.integers(1, max(2, n // 6)))
    if u < 0.52:
        return int(rng.integers(max(1, n - n // 6), n))
    return int(rng.integers(0, n + 1))


def _render(design: int, rng: Rng, rows: int, cols: int, size: tuple[int, int], tilt: float,
            coverage: float | None, fill: tuple[float, float], mild: bool) -> tuple[np.ndarray, dict]:
    base, alpha, g, layout = _board(int(design), rows, cols)
    canvas = base.copy()
    bh, bw = canvas.shape[:2]
    cam = _pose(rng, bw, bh, size, tilt, fill)
    p = cam["P"]
    az, elev = rng.uniform(0, 2 * math.pi), math.radians(rng.uniform(35, 70))
    light_xy = np.array([math.cos(az), math.sin(az)])  # towards the light, world XY
    sh_dir = -light_xy / math.tan(elev)  # shadow offset per unit of height
    # pieces on the face-on board
    n_cells = rows * cols
    plan = _plan(rng, rows, cols, _target(rng, n_cells, coverage))
    side = _hsv(rng.uniform(25, 45), rng.uniform(0.1, 0.35), rng.uniform(0.5, 0.75))
    sym = _symbol_style(rng)
    gap = int(rng.integers(1, 3))
    pieces = [(_tile_piece(rng, cells, g, gap, side, sym) if kind == "tile" else _token_piece(rng, kind, cells[0], g, side, sym))
              for kind, cells in plan]
    _lay(canvas, pieces, cam["foot"], cam["height"], sh_dir, rng)
    covered = {cell for _, cells in plan for cell in cells}
    # the table, clutter and the board as prisms standing on it
    hb = CELL * rng.uniform(0.05, 0.08)
    photo = _table(rng, p, hb, size)
    board = _Thing(canvas, alpha, _rect(bw - 1, bh - 1), np.array([[1, 0, -(bw - 1) / 2], [0, 1, -(bh - 1) / 2], [0, 0, 1.0]]),
                   0.0, hb, _hsv(rng.uniform(20, 40), rng.uniform(0.05, 0.3), rng.uniform(0.2, 0.5)))
    things = _clutter(rng, int(design), rows, cols, bw, bh, hb, mild, cam["foot"], cam["height"], sh_dir) + [board]
    k = 0.25
    shade = np.zeros((int(size[1] * k), int(size[0] * k)), np.float32)
    for t in things:
        _table_shadow(shade, p, t, hb, sh_dir, k)
    shade = cv2.resize(cv2.GaussianBlur(shade, (0, 0), rng.uniform(1.5, 4)), size, interpolation=cv2.INTER_LINEAR)
    photo = _u8(photo * (1 - rng.uniform(0.3, 0.5) * shade)[..., None])
    for t in things:
        _draw_thing(photo, p, t, light_xy)
    # truth: grid corners in the board's own order, through the camera
    grid = np.array([[g, g], [g + cols * CELL, g], [g + cols * CELL, g + rows * CELL], [g, g + rows * CELL]], np.float64) - 0.5
    corners = _apply(_plane_h(p, 0.0) @ board.b, grid)
    c0 = _apply(_plane_h(p, 0.0), [[0, 0]])[0]
    light_img = _apply(_plane_h(p, 0.0), [light_xy * 100])[0] - c0
    photo = _effects(rng, photo, corners, light_img, mild)
    names = {".": "empty", "P": "pot", "C": "cloche"}
    lay = layout.split("/")
    cells = [["covered" if (r, c) in covered else names[lay[r][c]] for c in range(cols)] for r in range(rows)]
    truth = {"rows": rows, "cols": cols, "layout": layout, "corners": corners.tolist(), "cells": cells}
    return photo, truth


def _seed(x: int) -> int:
    return int(x) % (1 << 63)


def scene(design: int, seed: int, rows: int = 5, cols: int = 5, size=(1600, 1200), tilt: float = 45.0,
          coverage: float | None = None) -> tuple[np.ndarray, dict]:
    """(photo BGR uint8 of shape (height, width, 3), truth) of a bed design with pieces; deterministic."""
    rng = np.random.default_rng([_seed(design), _seed(seed), 0xB0A])
    return _render(design, rng, rows, cols, (int(size[0]), int(size[1])), tilt, coverage, (0.25, 0.8), mild=False)


def calibration_scene(design: int, rows: int = 5, cols: int = 5, seed: int = 12345, size=(1600, 1200)) -> tuple[np.ndarray, dict]:
    """The empty bed, nearly face-on (tilt <= 15 degrees), large in the frame, with mild camera effects."""
    rng = np.random.default_rng([_seed(design), _seed(seed), 0xCA1])
    return _render(design, rng, rows, cols, (int(size[0]), int(size[1])), 15.0, 0.0, (0.6, 0.8), mild=True)


def corner_error(corners, truth: dict) -> float:
    """Largest distance of located grid corners from the truth's, as a share of the grid diagonal."""
    tc = np.asarray(truth["corners"], np.float64)
    return float(np.max(np.linalg.norm(np.asarray(corners, np.float64) - tc, axis=1)) / np.linalg.norm(tc[0] - tc[2]))
