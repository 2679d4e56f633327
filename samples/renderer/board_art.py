"""The printed board: frame, cell art, grid lines and printed symbols.

board_texture(name, ppc) draws a design at ppc pixels per cell. Texture pixel
(i, j) has its centre at board point ((i + 0.5) / ppc - frame, (j + 0.5) / ppc
- frame), where the cell grid spans [0, cols] x [0, rows] in board units
(1 unit = 1 cell).
"""
from __future__ import annotations

import math
from functools import lru_cache

import cv2
import numpy as np

from . import symbols
from .designs import COTTAGE, WOODLAND_REGION, BoardDesign, get_design
from .rng import stream
from .textures import (SHIFT, adjust_palette, colorize, fbm, hsv, material, pt, ramp, shade,
                       wood)

AA = cv2.LINE_AA


def texture_size(design: BoardDesign, ppc: float) -> tuple[int, int]:
    fw = design.frame
    return (int(round((design.cols + 2 * fw) * ppc)), int(round((design.rows + 2 * fw) * ppc)))


def tex_to_board(design: BoardDesign, shape: tuple[int, ...]) -> np.ndarray:
    """3x3 affine: pixel coords of a board texture of that shape -> board units."""
    fw = design.frame
    sx = (design.cols + 2 * fw) / shape[1]
    sy = (design.rows + 2 * fw) / shape[0]
    return np.array([[sx, 0, 0.5 * sx - fw], [0, sy, 0.5 * sy - fw], [0, 0, 1]], np.float64)


def _frame(design: BoardDesign, rng, W: int, H: int, ppc: float, detail: float = 1.0) -> np.ndarray:
    st = design.style["frame_style"]
    fw = design.frame
    if st == "planks":
        col = (rng.uniform(18, 35), rng.uniform(0.4, 0.7), rng.uniform(0.35, 0.7))
        horiz = wood(rng, W, H, ppc, col, vertical=False, rings=rng.uniform(4, 10))
        vert = wood(rng, W, H, ppc, col, vertical=True, rings=rng.uniform(4, 10))
        # top/bottom planks horizontal, sides vertical, mitred corners
        img = horiz.copy()
        m = np.zeros((H, W), np.uint8)
        f = fw * ppc
        for poly in ([[0, 0], [f, f], [f, H - f], [0, H]], [[W, 0], [W - f, f], [W - f, H - f], [W, H]]):
            cv2.fillPoly(m, [np.array(poly, np.int32)], 255)
        img[m > 0] = vert[m > 0]
        for (x0, y0), (x1, y1) in (((0, 0), (f, f)), ((W, 0), (W - f, f)), ((0, H), (f, H - f)), ((W, H), (W - f, H - f))):
            cv2.line(img, (int(x0), int(y0)), (int(x1), int(y1)), shade(hsv(*col), 0.3), max(1, int(ppc * 0.012)), AA)
        return img
    if st == "stone":
        base = hsv(rng.uniform(20, 50), rng.uniform(0.05, 0.2), rng.uniform(0.45, 0.75))
        img = colorize(fbm(rng, W, H, max(1, int(W / ppc * 3)), max(1, int(H / ppc * 3)), 5),
                       ramp([(0, shade(base, 0.6)), (1, shade(base, 1.2))]))
        step = ppc * rng.uniform(0.5, 0.9)
        y = 0.0
        while y < H:
            cv2.line(img, (0, int(y)), (W, int(y)), shade(base, 0.45), max(1, int(ppc * 0.015)), AA)
            x = rng.uniform(0, step)
            while x < W:
                cv2.line(img, (int(x), int(y)), (int(x), int(y + step * 0.6)), shade(base, 0.45),
                         max(1, int(ppc * 0.015)), AA)
                x += step * rng.uniform(0.8, 1.5)
            y += step * 0.6
        return img
    if st == "bricks":
        base = hsv(rng.uniform(5, 20), rng.uniform(0.5, 0.75), rng.uniform(0.45, 0.7))
        mortar = hsv(35, 0.1, rng.uniform(0.6, 0.85))
        img = np.empty((H, W, 3), np.uint8)
        img[:] = mortar
        bh, bw = ppc * 0.18, ppc * 0.4
        g = max(1, int(ppc * 0.02))
        j = 0
        y = 0.0
        while y < H:
            x = -bw * 0.5 * (j % 2)
            while x < W:
                tone = shade(base, rng.uniform(0.8, 1.15))
                cv2.rectangle(img, (int(x) + g, int(y) + g), (int(x + bw) - g, int(y + bh) - g), tone, -1)
                x += bw
            y += bh
            j += 1
        return img
    if st == "hedge":
        return material("foliage", rng, W, H, ppc, tint=rng.uniform(-10, 10), light=rng.uniform(0.7, 1.0),
                        detail=detail)
    # solid printed frame
    base = hsv(rng.uniform(0, 360), rng.uniform(0.2, 0.7), rng.uniform(0.2, 0.7))
    return colorize(fbm(rng, W, H, max(1, int(W / ppc * 2)), max(1, int(H / ppc * 2)), 3, contrast=0.4),
                    ramp([(0, shade(base, 0.85)), (1, shade(base, 1.1))]))


def _grid_lines(img, design: BoardDesign, rng, ppc: float, ox: float, oy: float):
    st = design.style["grid_lines"]
    if design.game == COTTAGE and design.style.get("bed_look") == "uniform" and st == "none":
        st = "dark"
    w = max(1, int(round(design.style["grid_width"] * ppc)))
    dark = hsv(rng.uniform(20, 100), rng.uniform(0.3, 0.7), rng.uniform(0.08, 0.25))
    light = hsv(rng.uniform(30, 60), rng.uniform(0.05, 0.3), rng.uniform(0.75, 0.95))
    R, C = design.rows, design.cols

    def X(c):
        return ox + c * ppc

    def Y(r):
        return oy + r * ppc

    if st in ("dark", "light", "dashed"):
        col = light if st == "light" else dark
        for c in range(C + 1):
            _line(img, (X(c), Y(0)), (X(c), Y(R)), col, w, dashed=(st == "dashed"), ppc=ppc)
        for r in range(R + 1):
            _line(img, (X(0), Y(r)), (X(C), Y(r)), col, w, dashed=(st == "dashed"), ppc=ppc)
    elif st == "groove":
        hi, lo = shade(light, 1.0), shade(dark, 1.0)
        bw = max(1, w)
        for r in range(R):
            for c in range(C):
                x0, y0, x1, y1 = X(c), Y(r), X(c + 1), Y(r + 1)
                _line(img, (x0 + bw, y0 + bw / 2), (x1 - bw, y0 + bw / 2), hi, bw)
                _line(img, (x0 + bw / 2, y0 + bw), (x0 + bw / 2, y1 - bw), hi, bw)
                _line(img, (x0 + bw, y1 - bw / 2), (x1 - bw, y1 - bw / 2), lo, bw)
                _line(img, (x1 - bw / 2, y0 + bw), (x1 - bw / 2, y1 - bw), lo, bw)
    if design.game != COTTAGE:
        rs = design.style.get("region_lines", "dark")
        if rs != "none":
            rr, rc = WOODLAND_REGION
            col = light if rs == "path" else dark
            rw = max(1, int(round(ppc * (0.05 if rs == "path" else 0.025))))
            for c in range(0, C + 1, rc):
                _line(img, (X(c), Y(0)), (X(c), Y(R)), col, rw)
            for r in range(0, R + 1, rr):
                _line(img, (X(0), Y(r)), (X(C), Y(r)), col, rw)
    # the edge between cell grid and frame is often marked
    if rng.random() < 0.7:
        col = dark if rng.random() < 0.6 else light
        ew = max(1, int(round(ppc * rng.uniform(0.01, 0.04))))
        cv2.rectangle(img, pt(X(0), Y(0)), pt(X(C), Y(R)), col, ew, AA, SHIFT)


def _line(img, a, b, col, w, dashed=False, ppc=1.0):
    if not dashed:
        cv2.line(img, pt(*a), pt(*b), col, w, AA, SHIFT)
        return
    L = math.hypot(b[0] - a[0], b[1] - a[1])
    n = max(1, int(L / (ppc * 0.12)))
    for i in range(0, n, 2):
        t0, t1 = i / n, min(1.0, (i + 1) / n)
        cv2.line(img, pt(a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0),
                 pt(a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1), col, w, AA, SHIFT)


def _frame_text(img, design, rng, ppc, W, H):
    text = "COTTAGE GARDEN" if design.game == COTTAGE else "INDIAN SUMMER"
    scale = design.frame * ppc * 0.5 / 22.0
    if scale * 22 < 4:
        return
    th = max(1, int(scale * 2))
    (tw, tht), _ = cv2.getTextSize(text, cv2.FONT_HERSHEY_DUPLEX, scale, th)
    col = (235, 235, 225) if rng.random() < 0.6 else (30, 30, 30)
    x = int((W - tw) / 2)
    y = int(H - design.frame * ppc * 0.5 + tht / 2)
    cv2.putText(img, text, (x, y), cv2.FONT_HERSHEY_DUPLEX, scale, col, th, AA)


def _cell_materials(design: BoardDesign, rng) -> list[list[str]]:
    mats = design.style["materials"]
    R, C = design.rows, design.cols
    if design.game != COTTAGE:
        rr, rc = WOODLAND_REGION
        return [[mats[(r // rr) * (C // rc) + (c // rc)] if rng.random() < 0.85 else mats[int(rng.integers(0, len(mats)))]
                 for c in range(C)] for r in range(R)]
    look = design.style["bed_look"]
    if look == "rows":
        per_row = [mats[int(rng.integers(0, len(mats)))] for _ in range(R)]
        return [[per_row[r] for _ in range(C)] for r in range(R)]
    if look == "uniform":
        return [[mats[0]] * C for _ in range(R)]
    return [[mats[int(rng.integers(0, len(mats)))] for _ in range(C)] for _ in range(R)]


#: the one drawing of a design's art every size is scaled from (up or down): a printed board
#: shows the same art however near the camera is. (A second, finer master for the largest
#: sizes drew other leaves and strokes: 12 MP photos of a board then did not match a
#: calibration photo of it, the frame least of all.)
MASTER_PPC = 192


def board_texture(name: str, ppc: int, quick: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """(BGR texture, alpha mask) of the design at about ppc pixels per cell (exact scale:
    tex_to_board(design, texture.shape)). Read-only, cached. Scaled from one master drawing
    (MASTER_PPC), so every size shows the same art.
    quick: fewer brush strokes (for boards lying around as clutter)."""
    base = MASTER_PPC if not quick else max(64, int(ppc))
    if base == ppc:
        return _drawn(name, base, quick)
    return _scaled(name, int(ppc), base, quick)


@lru_cache(maxsize=12)
def _scaled(name: str, ppc: int, base: int, quick: bool):
    img, mask = _drawn(name, base, quick)
    W, H = texture_size(get_design(name), ppc)
    how = cv2.INTER_AREA if ppc < base else cv2.INTER_CUBIC  # area averaging only shrinks well
    out = cv2.resize(img, (W, H), interpolation=how)
    m = cv2.resize(mask, (W, H), interpolation=how)
    out.flags.writeable = False
    m.flags.writeable = False
    return out, m


@lru_cache(maxsize=8)
def _drawn(name: str, ppc: int, quick: bool) -> tuple[np.ndarray, np.ndarray]:
    design = get_design(name)
    detail = 0.3 if quick else 1.0
    rng = stream("design", name, "art")
    W, H = texture_size(design, ppc)
    img = _frame(design, stream("design", name, "frame"), W, H, ppc, detail)
    ox = oy = design.frame * ppc
    mats = _cell_materials(design, stream("design", name, "cellmats"))
    uniform = design.game == COTTAGE and design.style.get("bed_look") == "uniform"
    if uniform:
        x0, y0 = int(round(ox)), int(round(oy))
        x1, y1 = int(round(ox + design.cols * ppc)), int(round(oy + design.rows * ppc))
        img[y0:y1, x0:x1] = material(mats[0][0], rng, x1 - x0, y1 - y0, ppc, detail=detail)
    else:
        for r in range(design.rows):
            for c in range(design.cols):
                x0, y0 = int(round(ox + c * ppc)), int(round(oy + r * ppc))
                x1, y1 = int(round(ox + (c + 1) * ppc)), int(round(oy + (r + 1) * ppc))
                crng = stream("design", name, "cell", r, c)
                img[y0:y1, x0:x1] = material(mats[r][c], crng, x1 - x0, y1 - y0, ppc,
                                             tint=crng.uniform(-8, 8), light=crng.uniform(0.85, 1.15),
                                             detail=detail)
    _grid_lines(img, design, stream("design", name, "grid"), ppc, ox, oy)
    # printed symbols
    st = design.style
    badge_col = hsv(rng.uniform(30, 60), rng.uniform(0.05, 0.35), rng.uniform(0.75, 0.95))
    for r in range(design.rows):
        for c in range(design.cols):
            word = design.cell(r, c)
            if word == "empty":
                continue
            srng = stream("design", name, "symbol", r, c)
            s = st["symbol_scale"] * ppc * srng.uniform(0.9, 1.05)
            cx = ox + (c + 0.5 + srng.uniform(-0.05, 0.05)) * ppc
            cy = oy + (r + 0.5 + srng.uniform(-0.05, 0.05)) * ppc
            if st["symbol_badge"] != "none":
                symbols.badge(img, cx, cy, s * 1.15, st["symbol_badge"], badge_col,
                              shade(badge_col, 0.5) if st["symbol_outline"] else None)
            symbols.BOARD_SYMBOL_DRAW[word](img, cx, cy, s, srng, outline=st["symbol_outline"])
    if st.get("frame_text"):
        _frame_text(img, design, rng, ppc, W, H)
    img = adjust_palette(img, st["darkness"], st["saturation"], st["hue_shift"])
    mask = np.zeros((H, W), np.uint8)
    rad = design.corner_radius * ppc
    _rounded_rect(mask, 0, 0, W, H, rad)
    img.flags.writeable = False
    mask.flags.writeable = False
    return img, mask


def _rounded_rect(mask, x0, y0, x1, y1, rad, value=255):
    rad = max(0.0, min(rad, (x1 - x0) / 2, (y1 - y0) / 2))
    if rad < 1:
        mask[int(y0):int(y1), int(x0):int(x1)] = value
        return
    pts = []
    for cx, cy, a0 in ((x1 - rad, y0 + rad, -90), (x1 - rad, y1 - rad, 0), (x0 + rad, y1 - rad, 90), (x0 + rad, y0 + rad, 180)):
        for a in np.linspace(a0, a0 + 90, 8):
            pts.append((cx + rad * math.cos(math.radians(a)) - 0.5, cy + rad * math.sin(math.radians(a)) - 0.5))
    cv2.fillPoly(mask, [np.round(np.array(pts) * 16).astype(np.int32)], value, AA, SHIFT)


def board_outline(design: BoardDesign) -> np.ndarray:
    """Outer board outline polygon in board units (with rounded corners)."""
    fw, rad = design.frame, design.corner_radius
    x0, y0, x1, y1 = -fw, -fw, design.cols + fw, design.rows + fw
    rad = min(rad, (x1 - x0) / 2)
    if rad < 1e-3:
        return np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], np.float64)
    pts = []
    for cx, cy, a0 in ((x1 - rad, y0 + rad, -90), (x1 - rad, y1 - rad, 0), (x0 + rad, y1 - rad, 90), (x0 + rad, y0 + rad, 180)):
        for a in np.linspace(a0, a0 + 90, 6):
            pts.append((cx + rad * math.cos(math.radians(a)), cy + rad * math.sin(math.radians(a))))
    return np.array(pts, np.float64)
