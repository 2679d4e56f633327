"""Pixels of a piece's top face, its die-cut outline, and where it lies.

piece_raster() draws a piece on a small canvas at ppc pixels per cell and
returns the canvas, its cut mask, the canvas -> board transform (with the
piece's small offset and rotation) and its outline polygons in board units
(outer rings counter-clockwise in a y-down frame, i.e. positive shoelace area;
holes negative), which the scene turns into the visible edge and the shadow.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from . import symbols
from .pieces import Piece
from .rng import stream
from .textures import SHIFT, colorize, fbm, fx, hsv, ramp, shade

PAD = 0.15  # canvas margin around the piece's cells, in cells


@dataclass
class PieceRaster:
    tex: np.ndarray  # BGR uint8
    mask: np.ndarray  # uint8 0/255 (anti-aliased edge)
    tex_to_board: np.ndarray  # 3x3
    outlines: list[np.ndarray]  # board units, (N,2) float64
    edge_color: tuple[int, int, int]
    thickness: float


def _signed_area(p: np.ndarray) -> float:
    x, y = p[:, 0], p[:, 1]
    return 0.5 * float(np.dot(x, np.roll(y, -1)) - np.dot(np.roll(x, -1), y))


def mask_outlines(mask: np.ndarray, to_board: np.ndarray, eps_px: float) -> list[np.ndarray]:
    """Outline rings of a 0/255 mask, mapped to board units, oriented (outer +, holes -)."""
    bin_ = (mask >= 128).astype(np.uint8)
    contours, hier = cv2.findContours(bin_, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_NONE)
    out = []
    if hier is None:
        return out
    for i, c in enumerate(contours):
        if len(c) < 3:
            continue
        c = cv2.approxPolyDP(c, eps_px, True).reshape(-1, 2).astype(np.float64)
        if len(c) < 3:
            continue
        is_hole = hier[0][i][3] >= 0
        pts = np.c_[c, np.ones(len(c))] @ to_board.T
        pts = pts[:, :2] / pts[:, 2:3]
        a = _signed_area(pts)
        if (a < 0) != is_hole:
            pts = pts[::-1].copy()
        out.append(pts)
    return out


def _rounded_square(img, cx, cy, side, rad, value):
    h = side / 2
    rad = min(rad, h)
    pts = []
    for qx, qy, a0 in ((cx + h - rad, cy - h + rad, -90), (cx + h - rad, cy + h - rad, 0),
                       (cx - h + rad, cy + h - rad, 90), (cx - h + rad, cy - h + rad, 180)):
        for a in np.linspace(a0, a0 + 90, 6):
            pts.append((qx + rad * math.cos(math.radians(a)), qy + rad * math.sin(math.radians(a))))
    cv2.fillPoly(img, [fx(np.array(pts))], value, cv2.LINE_AA, SHIFT)


def _blob_poly(rng, cx, cy, r, n=40, wob=0.12):
    k = rng.integers(2, 5)
    ph = rng.uniform(0, 2 * math.pi, 3)
    pts = []
    for t in np.linspace(0, 2 * math.pi, n, endpoint=False):
        rr = r * (1 - wob + wob * 0.5 * (math.sin(k * t + ph[0]) + 0.5 * math.sin((k + 1) * t + ph[1])))
        pts.append((cx + rr * math.cos(t), cy + rr * math.sin(t)))
    return np.array(pts)


def _cat_silhouette(img, cx, cy, s, value):
    """A sitting cat seen from the front, fitting in a square of side s."""
    e = cv2.LINE_AA
    cv2.ellipse(img, (int(cx * 16), int((cy + s * 0.18) * 16)), (int(s * 0.34 * 16), int(s * 0.3 * 16)), 0, 0, 360,
                value, -1, e, SHIFT)
    cv2.circle(img, (int(cx * 16), int((cy - s * 0.14) * 16)), int(s * 0.22 * 16), value, -1, e, SHIFT)
    for sg in (-1, 1):
        ear = np.array([[cx + sg * s * 0.2, cy - s * 0.18], [cx + sg * s * 0.2, cy - s * 0.46],
                        [cx + sg * s * 0.03, cy - s * 0.32]])
        cv2.fillPoly(img, [fx(ear)], value, e, SHIFT)
    cv2.ellipse(img, (int((cx + s * 0.3) * 16), int((cy + s * 0.3) * 16)), (int(s * 0.16 * 16), int(s * 0.06 * 16)),
                -40, 0, 360, value, -1, e, SHIFT)


def _pot_silhouette(img, cx, cy, s, value):
    body = np.array([[cx - s * 0.36, cy - s * 0.22], [cx + s * 0.36, cy - s * 0.22],
                     [cx + s * 0.26, cy + s * 0.45], [cx - s * 0.26, cy + s * 0.45]])
    rim = np.array([[cx - s * 0.45, cy - s * 0.42], [cx + s * 0.45, cy - s * 0.42],
                    [cx + s * 0.45, cy - s * 0.18], [cx - s * 0.45, cy - s * 0.18]])
    cv2.fillPoly(img, [fx(body), fx(rim)], value, cv2.LINE_AA, SHIFT)


def _background(rng, w, h, ppc, base, contrast=1.2):
    gx, gy = max(1, round(w / ppc * 2.5)), max(1, round(h / ppc * 2.5))
    return colorize(fbm(rng, w, h, gx, gy, 3, contrast=contrast),
                    ramp([(0, shade(base, 0.6)), (0.55, base), (1, shade(base, 1.25))]))


def _tile_hue(rng) -> tuple[float, float, float]:
    """Foliage colour of a flower tile: mostly greens, but any hue, browns and greys too."""
    u = rng.random()
    if u < 0.5:
        return rng.uniform(70, 150), rng.uniform(0.4, 0.85), rng.uniform(0.25, 0.6)
    if u < 0.65:
        return rng.uniform(15, 45), rng.uniform(0.3, 0.75), rng.uniform(0.25, 0.6)
    if u < 0.75:
        return rng.uniform(0, 360), rng.uniform(0.0, 0.15), rng.uniform(0.15, 0.9)
    return rng.uniform(0, 360), rng.uniform(0.3, 0.9), rng.uniform(0.3, 0.85)


def _draw_flower_tile(img, rng, piece: Piece, ppc, ox, oy, cells_local):
    h_, s_, v_ = _tile_hue(rng)
    H, W = img.shape[:2]
    img[:] = _background(rng, W, H, ppc, hsv(h_, s_, v_))
    n = len(piece.cells)
    leaf_cols = [hsv(h_ + rng.uniform(-15, 15), s_, v_ * rng.uniform(0.6, 1.4)) for _ in range(3)]
    for _ in range(int(8 * n)):
        cx, cy = rng.uniform(0, W), rng.uniform(0, H)
        L = ppc * rng.uniform(0.08, 0.22)
        cv2.ellipse(img, (int(cx * 16), int(cy * 16)), (int(L * 16), int(L * 0.35 * 16)), float(rng.uniform(0, 360)),
                    0, 360, leaf_cols[int(rng.integers(0, 3))], -1, cv2.LINE_AA, SHIFT)
    # flowers in one or two colours (any hue)
    main = hsv(rng.uniform(0, 360), rng.uniform(0.25, 1.0), rng.uniform(0.45, 1.0))
    second = hsv(rng.uniform(0, 360), rng.uniform(0.2, 1.0), rng.uniform(0.4, 1.0)) if rng.random() < 0.4 else main
    kind = str(rng.choice(["daisy", "round", "cluster", "star"]))
    for (r, c) in cells_local:
        for _ in range(int(rng.integers(1, 4))):
            fx_ = ox + (c + rng.uniform(0.1, 0.9)) * ppc
            fy_ = oy + (r + rng.uniform(0.1, 0.9)) * ppc
            symbols.flower(img, fx_, fy_, ppc * rng.uniform(0.12, 0.32), rng,
                           main if rng.random() < 0.7 else second, kind=kind if rng.random() < 0.8 else None)
    if rng.random() < 0.3:  # faint printed cell seams
        col = shade(hsv(h_, s_, v_), 0.7)
        for (r, c) in cells_local:
            for (a, b) in (((c, r), (c + 1, r)), ((c, r), (c, r + 1))):
                cv2.line(img, (int((ox + a[0] * ppc) * 16), int((oy + a[1] * ppc) * 16)),
                         (int((ox + b[0] * ppc) * 16), int((oy + b[1] * ppc) * 16)), col, 1, cv2.LINE_AA, SHIFT)


def _draw_leaf_tile(img, rng, piece: Piece, ppc, ox, oy, cells_local):
    n = len(piece.cells)
    if rng.random() < 0.9:
        hue = {3: rng.uniform(75, 130), 4: rng.uniform(28, 52)}.get(n, rng.uniform(-8, 12))
    else:
        hue = rng.uniform(0, 360)
    base = hsv(hue, rng.uniform(0.55, 0.95), rng.uniform(0.45, 0.9))
    H, W = img.shape[:2]
    img[:] = _background(rng, W, H, ppc, base, contrast=1.0)
    vein = shade(base, rng.choice([0.55, 1.35]))
    for (r, c) in cells_local[: max(1, n // 2 + 1)]:
        symbols.leaf_shape(img, ox + (c + 0.5) * ppc, oy + (r + 0.5) * ppc, ppc * rng.uniform(0.6, 1.1),
                           rng.uniform(0, 360), shade(base, rng.uniform(0.8, 1.2)), vein, rng)


def _draw_animal(img, rng, piece, ppc, ox, oy, cells_local):
    base = hsv(rng.choice([25, 30, 20, 35, 0]) + rng.uniform(-8, 8), rng.uniform(0.1, 0.8), rng.uniform(0.3, 0.8))
    H, W = img.shape[:2]
    img[:] = _background(rng, W, H, ppc, base, contrast=1.8)
    r, c = cells_local[0]
    cx, cy = ox + (c + 0.5) * ppc, oy + (r + 0.5) * ppc
    for sg in (-1, 1):
        cv2.circle(img, (int((cx + sg * ppc * 0.15) * 16), int(cy * 16)), int(ppc * 0.06 * 16), (20, 20, 20), -1,
                   cv2.LINE_AA, SHIFT)


def piece_raster(piece: Piece, ppc: float, origin: tuple[float, float] = (0.0, 0.0),
                 edge_tone: tuple[int, int, int] = (170, 175, 180)) -> PieceRaster:
    """Raster of a piece. origin: board position (x, y) of local cell (0, 0) for loose pieces."""
    rng = stream("piece", piece.style_seed)
    rows = [r for r, _ in piece.cells]
    cols = [c for _, c in piece.cells]
    r0, c0 = min(rows), min(cols)
    nr, nc = max(rows) - r0 + 1, max(cols) - c0 + 1
    W = int(math.ceil((nc + 2 * PAD) * ppc))
    H = int(math.ceil((nr + 2 * PAD) * ppc))
    ox = oy = PAD * ppc  # canvas pixel offset of local cell (0, 0) corner (in continuous coords)
    cells_local = [(r - r0, c - c0) for r, c in piece.cells]

    # cut mask
    mask = np.zeros((H, W), np.uint8)
    inset_px = piece.inset * ppc
    kind = piece.kind
    token = kind in ("pot_token", "cat_token", "squirrel", "treasure_token")
    if token:
        r, c = cells_local[0]
        cx, cy = ox + (c + 0.5) * ppc - 0.5, oy + (r + 0.5) * ppc - 0.5
        side = ppc * (1 - 2 * piece.inset)
        if piece.shape == "round":
            cv2.circle(mask, (int(cx * 16), int(cy * 16)), int(side / 2 * 16), 255, -1, cv2.LINE_AA, SHIFT)
        elif piece.shape == "square":
            _rounded_square(mask, cx, cy, side, side * rng.uniform(0.05, 0.2), 255)
        elif piece.shape == "cat":
            _cat_silhouette(mask, cx, cy, side, 255)
        elif piece.shape == "pot":
            _pot_silhouette(mask, cx, cy, side, 255)
        else:
            cv2.fillPoly(mask, [fx(_blob_poly(rng, cx, cy, side / 2))], 255, cv2.LINE_AA, SHIFT)
    else:
        for (r, c) in cells_local:
            x0, y0 = int(round(ox + c * ppc)), int(round(oy + r * ppc))
            x1, y1 = int(round(ox + (c + 1) * ppc)), int(round(oy + (r + 1) * ppc))
            mask[y0:y1, x0:x1] = 255
        dist = cv2.distanceTransform((mask > 0).astype(np.uint8), cv2.DIST_L2, 3)
        mask = np.clip((dist - inset_px) * 255.0, 0, 255).astype(np.uint8)
        rad = max(0.6, ppc * rng.uniform(0.005, 0.04))
        mask = cv2.GaussianBlur(mask, (0, 0), rad)
        mask = np.clip((mask.astype(np.int16) - 128) * 3 + 128, 0, 255).astype(np.uint8)
        if piece.hole is not None:
            hr, hc = piece.hole[0] - r0, piece.hole[1] - c0
            side = ppc * rng.uniform(0.74, 0.9)
            _rounded_square(mask, ox + (hc + 0.5) * ppc - 0.5, oy + (hr + 0.5) * ppc - 0.5, side,
                            side * rng.uniform(0.03, 0.25), 0)

    # top art
    tex = np.empty((H, W, 3), np.uint8)
    if kind == "flower_tile":
        _draw_flower_tile(tex, rng, piece, ppc, ox, oy, cells_local)
    elif kind == "leaf_tile":
        _draw_leaf_tile(tex, rng, piece, ppc, ox, oy, cells_local)
    elif kind == "animal_tile":
        _draw_animal(tex, rng, piece, ppc, ox, oy, cells_local)
    else:
        r, c = cells_local[0]
        cx, cy = ox + (c + 0.5) * ppc - 0.5, oy + (r + 0.5) * ppc - 0.5
        s = ppc * (1 - 2 * piece.inset)
        if kind == "cat_token":
            fur = symbols.cat_fur(rng)
            if piece.shape == "round":
                tex[:] = _background(rng, W, H, ppc, hsv(rng.uniform(0, 360), rng.uniform(0.1, 0.6), rng.uniform(0.5, 0.95)))
                symbols.cat_face(tex, cx, cy + s * 0.05, s * 0.8, rng, fur)
            else:
                tex[:] = _background(rng, W, H, ppc, fur, contrast=0.8)
                symbols.cat_face(tex, cx, cy - s * 0.1, s * 0.45, rng, fur)
        elif kind == "pot_token":
            if piece.shape == "pot":
                tex[:] = _background(rng, W, H, ppc, hsv(rng.uniform(12, 26), 0.7, 0.75), contrast=0.6)
            else:
                tex[:] = _background(rng, W, H, ppc, hsv(rng.uniform(0, 360), rng.uniform(0.05, 0.4), rng.uniform(0.6, 0.95)))
                symbols.pot(tex, cx, cy, s * 0.7, rng)
        elif kind == "squirrel":
            tex[:] = _background(rng, W, H, ppc, hsv(rng.uniform(30, 140), rng.uniform(0.2, 0.6), rng.uniform(0.5, 0.9)))
            symbols.squirrel(tex, cx, cy, s * 0.8, rng)
        else:  # treasure token
            tex[:] = _background(rng, W, H, ppc, hsv(rng.uniform(30, 50), rng.uniform(0.1, 0.4), rng.uniform(0.75, 0.95)))
            word = next(iter(piece.symbols.values()), "blueberry")
            symbols.TREASURE_DRAW[word](tex, cx, cy, s * 0.75, rng)
    if kind == "flower_tile":
        for (r, c), word in piece.symbols.items():
            lr, lc = r - r0, c - c0
            cx, cy = ox + (lc + 0.5) * ppc - 0.5, oy + (lr + 0.5) * ppc - 0.5
            if rng.random() < 0.6:
                symbols.badge(tex, cx, cy, ppc * 0.7, "circle", hsv(rng.uniform(30, 60), 0.2, 0.92))
            symbols.BOARD_SYMBOL_DRAW[word](tex, cx, cy, ppc * rng.uniform(0.5, 0.65), rng)
    if not token and rng.random() < 0.45:  # printed border line just inside the cut
        inner = (cv2.distanceTransform((mask > 127).astype(np.uint8), cv2.DIST_L2, 3) > ppc * 0.05).astype(np.uint8)
        cs, _ = cv2.findContours(inner, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_SIMPLE)
        col = (235, 235, 230) if rng.random() < 0.5 else shade(tuple(int(v) for v in tex[H // 2, W // 2]), 0.5)
        cv2.drawContours(tex, cs, -1, col, max(1, int(ppc * 0.02)), cv2.LINE_AA)

    # canvas -> board (before jitter): x = c0 - PAD + (i + 0.5) / ppc
    S = np.array([[1 / ppc, 0, c0 - PAD + 0.5 / ppc + origin[0]],
                  [0, 1 / ppc, r0 - PAD + 0.5 / ppc + origin[1]], [0, 0, 1]])
    cx_b, cy_b = c0 + nc / 2 + origin[0], r0 + nr / 2 + origin[1]
    a = math.radians(piece.angle)
    ca, sa = math.cos(a), math.sin(a)
    J = np.array([[ca, -sa, cx_b - ca * cx_b + sa * cy_b + piece.dx],
                  [sa, ca, cy_b - sa * cx_b - ca * cy_b + piece.dy], [0, 0, 1]])
    T = J @ S
    outlines = mask_outlines(mask, T, eps_px=max(0.5, ppc * 0.004))
    tone = edge_tone
    if kind == "treasure_token":
        tone = (200, 205, 210)
    jitter = rng.uniform(0.9, 1.1)
    edge = tuple(int(min(255, v * jitter)) for v in tone)
    return PieceRaster(tex=tex, mask=mask, tex_to_board=T, outlines=outlines, edge_color=edge,
                       thickness=piece.thickness)
