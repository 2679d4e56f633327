"""Things on the table around the board: other boards, cards, coins, dice,
cups, pens, a score pad, a phone, loose pieces; and a hand at the photo's edge.

Each builder returns a Slab centred at a world pose. Sizes are in cells
(about 25 mm), so a card is 2.5 x 3.5 and a mug 3-4.5 tall.
"""
from __future__ import annotations

import math

import cv2
import numpy as np

from . import symbols
from .board_art import board_texture
from .designs import SAMPLE_DESIGNS, SAMPLE_WOODLAND, get_design
from .piece_art import piece_raster
from .pieces import loose_piece
from .slabs import Slab, make_slab, transform_slab
from .textures import SHIFT, colorize, fx, hsv, pt, ramp, shade


def _rounded_mask(w: int, h: int, rad: float) -> np.ndarray:
    m = np.zeros((h, w), np.uint8)
    rad = max(0.0, min(rad, w / 2 - 1, h / 2 - 1))
    if rad < 1:
        m[:] = 255
        return m
    pts = []
    for cx, cy, a0 in ((w - 1 - rad, rad, -90), (w - 1 - rad, h - 1 - rad, 0), (rad, h - 1 - rad, 90), (rad, rad, 180)):
        for a in np.linspace(a0, a0 + 90, 8):
            pts.append((cx + rad * math.cos(math.radians(a)), cy + rad * math.sin(math.radians(a))))
    cv2.fillPoly(m, [fx(np.array(pts))], 255, cv2.LINE_AA, SHIFT)
    return m


def other_board(rng, tpc, pose, own_design: str) -> Slab:
    names = [n for n in SAMPLE_DESIGNS + SAMPLE_WOODLAND if n != own_design]
    if rng.random() < 0.3:
        # a board of an unknown design: random name
        name = f"other-{int(rng.integers(0, 10**6))}" + ("-dark" if rng.random() < 0.5 else "")
    else:
        name = names[int(rng.integers(0, len(names)))]
    d = get_design(name)
    ppc = int(max(12, min(64, round(tpc))))
    tex, mask = board_texture(name, ppc, quick=True)
    size = (d.cols + 2 * d.frame, d.rows + 2 * d.frame)
    return make_slab("other_board", np.array(tex), np.array(mask), size, pose, 0.0, d.thickness,
                     (150, 155, 160), info={"design": name})


def card(rng, tpc, pose) -> Slab:
    w, h = 2.5, 3.5
    W, H = max(8, int(w * tpc)), max(8, int(h * tpc))
    img = np.empty((H, W, 3), np.uint8)
    if rng.random() < 0.5:  # face
        border = (245, 245, 240) if rng.random() < 0.7 else (30, 30, 30)
        img[:] = border
        inner = hsv(rng.uniform(0, 360), rng.uniform(0.2, 0.8), rng.uniform(0.4, 0.9))
        m = int(W * 0.08)
        cv2.rectangle(img, (m, m), (W - m, int(H * 0.7)), inner, -1)
        for _ in range(4):
            symbols.flower(img, rng.uniform(m, W - m), rng.uniform(m, H * 0.7), W * rng.uniform(0.08, 0.2), rng,
                           hsv(rng.uniform(0, 360), 0.8, 0.9))
        for k in range(3):
            y = int(H * (0.77 + 0.07 * k))
            cv2.line(img, (m, y), (int(W * rng.uniform(0.5, 0.92)), y), shade(inner, 0.5), max(1, int(tpc * 0.05)))
    else:  # back
        a = hsv(rng.uniform(0, 360), rng.uniform(0.3, 0.9), rng.uniform(0.2, 0.7))
        img[:] = a
        step = max(4, int(W * rng.uniform(0.12, 0.3)))
        for k in range(-H, W + H, step):
            cv2.line(img, (k, 0), (k + H, H), shade(a, 1.4), max(1, step // 6), cv2.LINE_AA)
            cv2.line(img, (k, H), (k + H, 0), shade(a, 1.4), max(1, step // 6), cv2.LINE_AA)
        cv2.rectangle(img, (0, 0), (W - 1, H - 1), (235, 235, 235), max(1, int(W * 0.05)))
    return make_slab("card", img, _rounded_mask(W, H, W * 0.06), (w, h), pose, 0.0, 0.012, (225, 225, 220))


def coin(rng, tpc, pose) -> Slab:
    r = rng.uniform(0.3, 0.55)
    n = max(8, int(2 * r * tpc))
    metal = [hsv(45, 0.6, 0.85), hsv(40, 0.05, 0.8), hsv(20, 0.6, 0.7)][int(rng.integers(0, 3))]
    yy, xx = np.mgrid[0:n, 0:n].astype(np.float32)
    g = ((xx + yy) / (2 * n)).astype(np.float32)
    img = colorize(g, ramp([(0, shade(metal, 1.3)), (0.5, metal), (1, shade(metal, 0.6))]))
    cv2.circle(img, pt(n / 2 - 0.5, n / 2 - 0.5), int(n * 0.4 * 16), shade(metal, 0.7), max(1, n // 30), cv2.LINE_AA, SHIFT)
    cv2.putText(img, str(int(rng.integers(1, 6))), (int(n * 0.35), int(n * 0.65)), cv2.FONT_HERSHEY_SIMPLEX,
                n / 60, shade(metal, 0.6), max(1, n // 25), cv2.LINE_AA)
    m = np.zeros((n, n), np.uint8)
    cv2.circle(m, pt(n / 2 - 0.5, n / 2 - 0.5), int(n / 2 * 16), 255, -1, cv2.LINE_AA, SHIFT)
    return make_slab("coin", img, m, (2 * r, 2 * r), pose, 0.0, rng.uniform(0.06, 0.1), shade(metal, 0.8))


def die(rng, tpc, pose) -> Slab:
    s = rng.uniform(0.5, 0.8)
    n = max(8, int(s * tpc))
    body = [(245, 245, 245), hsv(0, 0.8, 0.75), (30, 30, 30), hsv(120, 0.7, 0.5), hsv(220, 0.7, 0.7)][int(rng.integers(0, 5))]
    pip = (20, 20, 20) if sum(body) > 400 else (245, 245, 245)
    img = np.empty((n, n, 3), np.uint8)
    img[:] = body
    face = int(rng.integers(1, 7))
    spots = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)], 4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
             5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)], 6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}[face]
    for dx, dy in spots:
        cv2.circle(img, pt(n / 2 + dx * n * 0.27, n / 2 + dy * n * 0.27), int(n * 0.09 * 16), pip, -1, cv2.LINE_AA, SHIFT)
    return make_slab("die", img, _rounded_mask(n, n, n * 0.15), (s, s), pose, 0.0, s, body, info={"face": face})


def cup(rng, tpc, pose) -> Slab:
    r = rng.uniform(1.2, 1.8)
    n = max(16, int(2 * r * tpc))
    body = hsv(rng.uniform(0, 360), rng.uniform(0, 0.8), rng.uniform(0.3, 0.97))
    img = np.empty((n, n, 3), np.uint8)
    img[:] = shade(body, 1.1)
    c = n / 2 - 0.5
    drink = [hsv(25, 0.8, 0.2), hsv(30, 0.9, 0.45), hsv(30, 0.3, 0.75), shade(body, 0.6)][int(rng.integers(0, 4))]
    cv2.circle(img, pt(c, c), int(n * 0.43 * 16), drink, -1, cv2.LINE_AA, SHIFT)
    cv2.ellipse(img, pt(c - n * 0.1, c - n * 0.1), (int(n * 0.12 * 16), int(n * 0.05 * 16)), -40, 0, 360,
                shade(drink, 1.5), -1, cv2.LINE_AA, SHIFT)
    m = np.zeros((n, n), np.uint8)
    cv2.circle(m, pt(c, c), int(n / 2 * 16), 255, -1, cv2.LINE_AA, SHIFT)
    return make_slab("cup", img, m, (2 * r, 2 * r), pose, 0.0, rng.uniform(3.0, 4.5), body)


def pen(rng, tpc, pose) -> Slab:
    L, w = rng.uniform(5, 6.5), rng.uniform(0.25, 0.4)
    W, H = max(8, int(L * tpc)), max(3, int(w * tpc))
    col = hsv(rng.uniform(0, 360), rng.uniform(0.3, 0.9), rng.uniform(0.3, 0.9))
    img = np.empty((H, W, 3), np.uint8)
    img[:] = col
    img[:, : int(W * 0.1)] = (40, 40, 40)
    img[: max(1, H // 3)] = shade(col, 1.3)
    m = _rounded_mask(W, H, H * 0.45)
    return make_slab("pen", img, m, (L, w), pose, 0.0, w, shade(col, 0.8))


def score_pad(rng, tpc, pose) -> Slab:
    w, h = rng.uniform(3.5, 5), rng.uniform(5, 7)
    W, H = max(8, int(w * tpc)), max(8, int(h * tpc))
    img = np.empty((H, W, 3), np.uint8)
    img[:] = hsv(rng.uniform(30, 60), rng.uniform(0, 0.12), rng.uniform(0.85, 0.98))
    ink = hsv(rng.uniform(200, 240), 0.6, 0.35)
    rows, cols = int(rng.integers(6, 14)), int(rng.integers(3, 6))
    for k in range(rows + 1):
        y = int(H * (0.1 + 0.85 * k / rows))
        cv2.line(img, (int(W * 0.05), y), (int(W * 0.95), y), (120, 120, 120), max(1, int(tpc * 0.02)))
    for k in range(cols + 1):
        x = int(W * (0.05 + 0.9 * k / cols))
        cv2.line(img, (x, int(H * 0.1)), (x, int(H * 0.95)), (120, 120, 120), max(1, int(tpc * 0.02)))
    for k in range(rows * cols // 2):
        x0 = W * (0.07 + 0.9 * rng.integers(0, cols) / cols)
        y0 = H * (0.12 + 0.85 * rng.integers(0, rows) / rows)
        pts = np.array([[x0 + i * W * 0.02, y0 + H * 0.02 + rng.uniform(-1, 1) * H * 0.012] for i in range(6)])
        cv2.polylines(img, [fx(pts)], False, ink, max(1, int(tpc * 0.03)), cv2.LINE_AA, SHIFT)
    return make_slab("score_pad", img, _rounded_mask(W, H, 1), (w, h), pose, 0.0, 0.03, (230, 230, 230))


def phone(rng, tpc, pose) -> Slab:
    w, h = 3.0, 6.2
    W, H = max(8, int(w * tpc)), max(8, int(h * tpc))
    body = [(25, 25, 28), (200, 200, 205), hsv(220, 0.5, 0.3)][int(rng.integers(0, 3))]
    img = np.empty((H, W, 3), np.uint8)
    img[:] = body
    cv2.rectangle(img, (int(W * 0.05), int(H * 0.03)), (int(W * 0.95), int(H * 0.97)), (15, 15, 18), -1)
    g = colorize(np.tile(np.linspace(0, 1, W, dtype=np.float32), (H, 1)), ramp([(0, (15, 15, 18)), (0.6, (40, 40, 45)), (1, (15, 15, 18))]))
    img = cv2.addWeighted(img, 0.6, g, 0.4, 0)
    return make_slab("phone", img, _rounded_mask(W, H, W * 0.12), (w, h), pose, 0.0, 0.32, shade(body, 0.8))


def loose(rng, tpc, pose, game: str, edge_tone) -> Slab:
    p = loose_piece(rng, game)
    pr = piece_raster(p, max(12, tpc), edge_tone=edge_tone)
    rows = [r for r, _ in p.cells]
    cols = [c for _, c in p.cells]
    cx, cy = (min(cols) + max(cols) + 1) / 2, (min(rows) + max(rows) + 1) / 2
    x, y, a = pose
    ca, sa = math.cos(a), math.sin(a)
    M = np.array([[ca, -sa, x - ca * cx + sa * cy], [sa, ca, y - sa * cx - ca * cy], [0, 0, 1]])
    s = Slab("loose_" + p.kind, pr.tex, pr.mask, pr.tex_to_board, pr.outlines, 0.0, p.thickness, pr.edge_color,
             info={"piece": p.to_json()})
    return transform_slab(s, M)


BUILDERS = {"card": card, "coin": coin, "die": die, "cup": cup, "pen": pen, "score_pad": score_pad,
            "phone": phone}
TALL = {"cup", "die", "pen", "phone"}


# --------------------------------------------------------------------------
# a hand or fingers entering from an edge of the photo (image space)

def draw_hand(canvas: np.ndarray, rng, finger_px: float, forbid: np.ndarray, light_dir: np.ndarray,
              frame: tuple[int, int, int, int]) -> dict | None:
    """Draw a hand from a random edge of frame=(x0, y0, x1, y1) without touching `forbid`
    (uint8 mask at canvas size). Returns what was drawn, or None."""
    H, W = canvas.shape[:2]
    fx0, fy0, fx1, fy1 = frame
    skin = hsv(rng.uniform(12, 32), rng.uniform(0.25, 0.65), rng.uniform(0.3, 0.95))
    for _ in range(6):
        side = int(rng.integers(0, 4))
        t = rng.uniform(0.1, 0.9)
        if side == 0:
            base, inward = np.array([fx0 + t * (fx1 - fx0), fy0]), np.array([0.0, 1.0])
        elif side == 1:
            base, inward = np.array([fx1, fy0 + t * (fy1 - fy0)]), np.array([-1.0, 0.0])
        elif side == 2:
            base, inward = np.array([fx0 + t * (fx1 - fx0), fy1]), np.array([0.0, -1.0])
        else:
            base, inward = np.array([fx0, fy0 + t * (fy1 - fy0)]), np.array([1.0, 0.0])
        ang = rng.uniform(-0.6, 0.6)
        ca, sa = math.cos(ang), math.sin(ang)
        fwd = np.array([inward[0] * ca - inward[1] * sa, inward[0] * sa + inward[1] * ca])
        perp = np.array([-fwd[1], fwd[0]])
        fw = finger_px * rng.uniform(0.85, 1.15)
        mask = np.zeros((H, W), np.uint8)
        palm_c = base - fwd * fw * rng.uniform(0.5, 2.0)
        cv2.ellipse(mask, pt(*palm_c), (int(fw * 2.4 * 16), int(fw * 1.8 * 16)),
                    math.degrees(math.atan2(fwd[1], fwd[0])), 0, 360, 255, -1, cv2.LINE_AA, SHIFT)
        nf = int(rng.integers(1, 5))
        tips = []
        for k in range(nf):
            off = (k - (nf - 1) / 2) * fw * 1.05
            L = fw * rng.uniform(2.2, 3.6) * (0.85 if k in (0, nf - 1) and nf > 2 else 1.0)
            a0 = palm_c + perp * off + fwd * fw * 1.2
            tip = a0 + fwd * L + perp * rng.uniform(-0.3, 0.3) * fw
            cv2.line(mask, pt(*a0), pt(*tip), 255, max(1, int(fw)), cv2.LINE_AA, SHIFT)
            cv2.circle(mask, pt(*tip), int(fw / 2 * 16), 255, -1, cv2.LINE_AA, SHIFT)
            tips.append((tip, (tip - a0) / max(1e-6, np.linalg.norm(tip - a0))))
        if np.any((mask > 0) & (forbid > 0)):
            continue
        ys, xs = np.nonzero(mask)
        pad = int(fw * 3)
        x0, y0 = max(0, xs.min() - pad), max(0, ys.min() - pad)
        x1, y1 = min(W, xs.max() + pad + 1), min(H, ys.max() + pad + 1)
        m = mask[y0:y1, x0:x1]
        roi = canvas[y0:y1, x0:x1]
        h_, w_ = m.shape
        # blurs on a small copy (the hand's shading and shadow are smooth)
        k = max(1.0, fw / 12.0)
        sw_, sh_ = max(2, int(w_ / k)), max(2, int(h_ / k))
        small = cv2.resize(m, (sw_, sh_), interpolation=cv2.INTER_AREA).astype(np.float32) / 255.0
        sh = cv2.GaussianBlur(small, (0, 0), fw * 0.6 / k)
        dx, dy = -light_dir * fw * rng.uniform(0.5, 1.5) / k
        sh = cv2.warpAffine(sh, np.float32([[1, 0, dx], [0, 1, dy]]), (sw_, sh_))
        sh = cv2.resize(sh, (w_, h_), interpolation=cv2.INTER_LINEAR)
        f = 1.0 - 0.45 * sh
        roi[:] = cv2.multiply(roi, cv2.merge([f, f, f]), dtype=cv2.CV_8U)
        soft = cv2.resize(cv2.GaussianBlur(small, (0, 0), fw * 0.25 / k), (w_, h_), interpolation=cv2.INTER_LINEAR)
        shade_f = np.clip(0.55 + 0.55 * soft, 0, 1.1)
        skin_img = np.empty_like(roi)
        skin_img[:] = skin
        skin_img = cv2.multiply(skin_img, cv2.merge([shade_f] * 3), dtype=cv2.CV_8U)
        for tip, d in tips:
            c = tip - d * fw * 0.25 - [x0, y0]
            cv2.ellipse(skin_img, pt(*c), (int(fw * 0.28 * 16), int(fw * 0.22 * 16)),
                        math.degrees(math.atan2(d[1], d[0])), 0, 360, shade(skin, 1.25), -1, cv2.LINE_AA, SHIFT)
        a = m.astype(np.float32) / 255.0
        roi[:] = cv2.blendLinear(skin_img, roi, a, 1.0 - a)
        return {"side": ["top", "right", "bottom", "left"][side], "fingers": nf}
    return None
