"""Table tops: wood, cloth, plain, patterned, felt; and the floor past its edge.

table_texture() returns a texture patch and its texture -> world transform;
the scene warps it with a mirrored border, so the patch repeats beyond its
edge (far away, where it is small and soft anyway).
"""
from __future__ import annotations

import math

import cv2
import numpy as np

from .textures import colorize, fbm, hsv, ramp, shade, value_noise, wood

KINDS = ("wood", "cloth", "plain", "patterned", "felt")


def table_texture(rng: np.random.Generator, kind: str, extent: float, tpc: float,
                  centre: tuple[float, float]) -> tuple[np.ndarray, np.ndarray, dict]:
    """A square patch `extent` cells wide centred at `centre` (world), tpc texels per cell."""
    n = max(16, int(round(extent * tpc)))
    info: dict = {"kind": kind}
    if kind == "wood":
        col = (rng.uniform(15, 40), rng.uniform(0.25, 0.75), rng.uniform(0.2, 0.85))
        info["colour"] = [round(c, 3) for c in col]
        img = wood(rng, n, n, tpc, col, rings=rng.uniform(1.5, 6), planks=rng.uniform(2.5, 7) if rng.random() < 0.8 else 0)
        if rng.random() < 0.35:  # painted / whitewashed
            tint = np.empty_like(img)
            tint[:] = hsv(rng.uniform(0, 360), rng.uniform(0, 0.3), rng.uniform(0.6, 0.95))
            img = cv2.addWeighted(img, 0.45, tint, 0.55, 0)
    elif kind == "cloth":
        base = hsv(rng.uniform(0, 360), rng.uniform(0.05, 0.8), rng.uniform(0.25, 0.95))
        info["colour"] = list(base)
        period = rng.uniform(0.08, 0.2) * tpc
        wave = np.sin(np.arange(n, dtype=np.float32) * np.float32(2 * math.pi / period))
        weave = wave[:, None] * wave[None, :]
        f = fbm(rng, n, n, max(1, int(extent * 0.6)), max(1, int(extent * 0.6)), 3, contrast=1.2)
        field = np.float32(0.5) + weave * np.float32(0.12) + (f - np.float32(0.5)) * np.float32(0.7)
        img = colorize(field, ramp([(0, shade(base, 0.55)), (0.5, base), (1, shade(base, 1.2))]))
        if rng.random() < 0.5:  # plaid stripes
            s2 = hsv(rng.uniform(0, 360), rng.uniform(0.3, 0.9), rng.uniform(0.2, 0.8))
            step = rng.uniform(0.6, 2.5) * tpc
            wdt = max(1, int(step * rng.uniform(0.1, 0.4)))
            over = img.copy()
            for k in range(int(n / step) + 1):
                p = int(k * step)
                cv2.rectangle(over, (p, 0), (p + wdt, n), s2, -1)
                cv2.rectangle(over, (0, p), (n, p + wdt), s2, -1)
            img = cv2.addWeighted(img, 0.6, over, 0.4, 0)
    elif kind == "felt":
        base = hsv(rng.choice([120, 210, 0, 30, 260]) + rng.uniform(-15, 15), rng.uniform(0.3, 0.8), rng.uniform(0.15, 0.5))
        info["colour"] = list(base)
        f = fbm(rng, n, n, max(1, int(extent * 8)), max(1, int(extent * 8)), 2, contrast=1.5)
        img = colorize(f, ramp([(0, shade(base, 0.85)), (1, shade(base, 1.1))]))
    elif kind == "patterned":
        style = str(rng.choice(["gingham", "dots", "tiles", "floral", "stripes"]))
        info["pattern"] = style
        a = hsv(rng.uniform(0, 360), rng.uniform(0.0, 0.3), rng.uniform(0.75, 0.98))
        b = hsv(rng.uniform(0, 360), rng.uniform(0.3, 0.9), rng.uniform(0.25, 0.8))
        img = np.empty((n, n, 3), np.uint8)
        img[:] = a
        step = rng.uniform(0.5, 2.0) * tpc
        if style == "gingham":
            over = img.copy()
            for k in range(int(n / step) + 1):
                p = int(k * step)
                cv2.rectangle(over, (p, 0), (int(p + step / 2), n), b, -1)
            over2 = cv2.rotate(over, cv2.ROTATE_90_CLOCKWISE)
            img = cv2.addWeighted(cv2.addWeighted(img, 0.5, over, 0.5, 0), 0.6, over2, 0.4, 0)
        elif style == "dots":
            r = max(1, int(step * rng.uniform(0.1, 0.3)))
            for y in np.arange(0, n + step, step):
                for x in np.arange((y / step % 2) * step / 2, n + step, step):
                    cv2.circle(img, (int(x), int(y)), r, b, -1, cv2.LINE_AA)
        elif style == "tiles":
            grout = shade(a, 0.6)
            w = max(1, int(tpc * rng.uniform(0.03, 0.1)))
            for k in range(int(n / step) + 2):
                p = int(k * step)
                cv2.line(img, (p, 0), (p, n), grout, w)
                cv2.line(img, (0, p), (n, p), grout, w)
        elif style == "floral":
            for _ in range(int((n / step) ** 2 * 1.5)):
                x, y = rng.uniform(0, n, 2)
                r = step * rng.uniform(0.1, 0.3)
                col = hsv(rng.uniform(0, 360), rng.uniform(0.4, 0.9), rng.uniform(0.5, 0.95))
                for k in range(5):
                    t = k * 2 * math.pi / 5
                    cv2.circle(img, (int(x + r * math.cos(t)), int(y + r * math.sin(t))), max(1, int(r * 0.6)), col, -1, cv2.LINE_AA)
                cv2.circle(img, (int(x), int(y)), max(1, int(r * 0.4)), b, -1, cv2.LINE_AA)
        else:
            for k in range(int(n / step) + 1):
                p = int(k * step)
                cv2.rectangle(img, (p, 0), (int(p + step * rng.uniform(0.2, 0.5)), n), b, -1)
        shade_f = fbm(rng, n, n, max(1, int(extent * 0.5)), max(1, int(extent * 0.5)), 2, contrast=0.5)
        img = cv2.multiply(img, cv2.merge([shade_f * 0.4 + 0.8] * 3), dtype=cv2.CV_8U)
    else:  # plain
        base = hsv(rng.uniform(0, 360), rng.uniform(0.0, 0.35), float(rng.choice([rng.uniform(0.05, 0.25), rng.uniform(0.4, 0.95)])))
        info["colour"] = list(base)
        f = fbm(rng, n, n, max(1, int(extent * 0.8)), max(1, int(extent * 0.8)), 4, contrast=0.6)
        img = colorize(f, ramp([(0, shade(base, 0.92)), (1, shade(base, 1.06))]))
        speck = value_noise(rng, n, n, max(1, int(extent * 12)), max(1, int(extent * 12)))
        img = cv2.add(img, cv2.merge([cv2.convertScaleAbs(speck, alpha=10)] * 3))
    ang = rng.uniform(0, 2 * math.pi)
    info["angle"] = round(math.degrees(ang), 2)
    ca, sa = math.cos(ang), math.sin(ang)
    s = 1.0 / tpc
    c = (n - 1) / 2.0
    # texel (i, j) -> world: rotate about the patch centre
    T = np.array([[ca * s, -sa * s, centre[0] - (ca * c - sa * c) * s],
                  [sa * s, ca * s, centre[1] - (sa * c + ca * c) * s], [0, 0, 1]])
    return img, T, info


def floor_colour(rng) -> tuple[int, int, int]:
    return hsv(rng.uniform(0, 60), rng.uniform(0.1, 0.5), rng.uniform(0.05, 0.35))
