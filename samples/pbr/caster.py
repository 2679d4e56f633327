"""The hard half's tall object off the board, whose hard shadow falls across it: where it stands,
which cells its shadow covers and which it hides from the camera. Plain Python and numpy (no bpy),
so the geometry can be checked without Blender.

Metres, the board's middle at the origin, x to the right, y up the board, z up from the table;
the board's top at `top`. The sun lies along `toward_sun` (a unit vector), its light travelling the
other way: an object standing on the sun's side of the board throws its shadow across it.
"""

from __future__ import annotations

import math
from collections.abc import Iterator

import numpy as np

RADIUS, HEIGHT = 0.02, 0.25  # the object: a grey cylinder standing on the table


def toward_sun(elevation_deg: float, azimuth_deg: float) -> np.ndarray:
    """The unit vector toward a sun lamp turned (90 - elevation, 0, azimuth) degrees about X then Z:
    the lamp shines down its own -Z, so its light travels along minus this."""
    el, az = math.radians(elevation_deg), math.radians(azimuth_deg)
    return np.array([math.sin(az) * math.cos(el), -math.cos(az) * math.cos(el), math.sin(el)])


def clear_of(half: tuple[float, float], d: tuple[float, float], gap: float) -> float:
    """How far along the flat unit direction d from the board's middle a point first stands `gap`
    clear of the rectangle of half extents `half` (walked out by the millimetre: a ray leaving near
    a corner passes close to it)."""
    t = min(h / max(abs(u), 1e-9) for h, u in zip(half, d))
    while math.hypot(max(abs(d[0] * t) - half[0], 0), max(abs(d[1] * t) - half[1], 0)) < gap:
        t += 0.001
    return t


def cell_centres(rows: int, cols: int, cell: float, top: float) -> Iterator[tuple[int, int, np.ndarray]]:
    """Each cell (row, col) of a rows x cols grid of `cell`-metre cells centred on the origin, row 0
    at the far (+y) edge, and its centre on the board's top."""
    for r in range(rows):
        for c in range(cols):
            yield r, c, np.array([(c + 0.5 - cols / 2) * cell, (rows / 2 - r - 0.5) * cell, top])


def through(p: np.ndarray, q: np.ndarray, foot: tuple[float, float]) -> bool:
    """Whether the segment p-q passes through the cylinder standing at `foot`."""
    v, w = q - p, p[:2] - np.asarray(foot, float)
    a, b, c = v[0] ** 2 + v[1] ** 2, 2 * (v[0] * w[0] + v[1] * w[1]), w @ w - RADIUS ** 2
    disc = b * b - 4 * a * c
    if a < 1e-12 or disc < 0:  # straight up, or passing beside it
        return False
    s0 = max((-b - math.sqrt(disc)) / (2 * a), 0.0)
    s1 = min((-b + math.sqrt(disc)) / (2 * a), 1.0)
    if s0 > s1:
        return False
    z0, z1 = sorted((p[2] + s0 * v[2], p[2] + s1 * v[2]))
    return z0 <= HEIGHT and z1 >= 0.0


def shadowed(rows: int, cols: int, cell: float, top: float, foot: tuple[float, float],
             sun: np.ndarray) -> list[list[int]]:
    """The cells whose centre lies in the object's shadow (`sun`: toward_sun's vector)."""
    return [[r, c] for r, c, p in cell_centres(rows, cols, cell, top) if through(p, p + 5.0 * sun, foot)]


def hidden(rows: int, cols: int, cell: float, top: float, foot: tuple[float, float],
           eye: np.ndarray) -> list[list[int]]:
    """The cells whose centre the object hides from a camera at `eye`."""
    return [[r, c] for r, c, p in cell_centres(rows, cols, cell, top) if through(p, eye, foot)]
