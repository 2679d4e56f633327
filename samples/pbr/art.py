"""Board art for the physically based renderer, drawn in numpy alone (the bpy environment has no
OpenCV): a Cottage Garden bed of R x C cells face on -- soil in patches, printed lines between the
cells, printed flowerpots and cloches on some cells, a painted frame -- at PPC pixels a cell.

Written apart from samples/renderer, tests/vision's renderers and the reader: its own palettes,
its own noise, its own symbols. Designs are seeded; none claims to be the published board.
"""

from __future__ import annotations

import numpy as np

PPC = 96  # pixels a cell, face on
FRAME = 0.45  # the printed frame around the grid, in cells

_SOILS = ((96, 70, 48), (120, 92, 60), (84, 96, 52), (136, 112, 80), (70, 80, 60))
_FRAMES = ((46, 84, 40), (120, 84, 52), (150, 150, 140), (40, 60, 110))


def _smooth_noise(rng: np.random.Generator, h: int, w: int, scale: int) -> np.ndarray:
    """Value noise in 0..1: a coarse random grid, bilinearly enlarged."""
    gh, gw = h // scale + 2, w // scale + 2
    coarse = rng.random((gh, gw))
    ys = np.linspace(0, gh - 1.001, h)
    xs = np.linspace(0, gw - 1.001, w)
    y0, x0 = ys.astype(int), xs.astype(int)
    fy, fx = (ys - y0)[:, None], (xs - x0)[None, :]
    a = coarse[y0][:, x0]
    b = coarse[y0][:, x0 + 1]
    c = coarse[y0 + 1][:, x0]
    d = coarse[y0 + 1][:, x0 + 1]
    return a * (1 - fy) * (1 - fx) + b * (1 - fy) * fx + c * fy * (1 - fx) + d * fy * fx


def _disc(img: np.ndarray, cy: float, cx: float, ry: float, rx: float, colour, alpha: float = 1.0) -> None:
    h, w = img.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w]
    inside = ((yy - cy) / ry) ** 2 + ((xx - cx) / rx) ** 2 <= 1.0
    img[inside] = img[inside] * (1 - alpha) + np.array(colour, np.float64) * alpha


def _pot(img: np.ndarray, y: int, x: int, rng: np.random.Generator) -> None:
    """A printed terracotta flowerpot seen from above at an angle: a rim ring and a dark mouth."""
    c = PPC / 2
    _disc(img, y + c, x + c, PPC * 0.34, PPC * 0.36, (176, 88, 52))
    _disc(img, y + c, x + c, PPC * 0.26, PPC * 0.28, (90, 50, 30))
    _disc(img, y + c + PPC * 0.05, x + c, PPC * 0.18, PPC * 0.2, (60, 42, 26))


def _cloche(img: np.ndarray, y: int, x: int, rng: np.random.Generator) -> None:
    """A printed glass cloche: a pale blue dome with a white highlight and a knob."""
    c = PPC / 2
    _disc(img, y + c, x + c, PPC * 0.36, PPC * 0.36, (170, 205, 215), 0.85)
    _disc(img, y + c - PPC * 0.12, x + c - PPC * 0.12, PPC * 0.08, PPC * 0.12, (245, 250, 250), 0.9)
    _disc(img, y + c, x + c, PPC * 0.06, PPC * 0.06, (90, 120, 130))


def board_art(design: int, rows: int = 5, cols: int = 5) -> tuple[np.ndarray, str]:
    """(RGB uint8 image of the board's top with its frame, the layout: '.', P pot, C cloche)."""
    rng = np.random.default_rng(7100 + design)
    f = int(round(FRAME * PPC))
    h, w = rows * PPC + 2 * f, cols * PPC + 2 * f
    img = np.zeros((h, w, 3), np.float64)
    base = np.array(_SOILS[design % len(_SOILS)], np.float64)
    other = np.array(_SOILS[(design + 2) % len(_SOILS)], np.float64)
    mix = _smooth_noise(rng, h, w, PPC // 2)[..., None]
    grain = _smooth_noise(rng, h, w, 3)[..., None] - 0.5
    img[:] = base * (1 - mix) + other * mix + grain * 30
    # the frame: painted, a band of another colour with a thin inner line
    frame = np.array(_FRAMES[design % len(_FRAMES)], np.float64)
    band = np.zeros((h, w), bool)
    band[:f], band[-f:], band[:, :f], band[:, -f:] = True, True, True, True
    img[band] = frame + (grain[band] * 20)
    line = (30, 26, 20) if design % 2 == 0 else (200, 190, 160)
    for r in range(rows + 1):
        y = f + r * PPC
        img[max(y - 1, 0):y + 2, f - 1:w - f + 1] = line
    for c in range(cols + 1):
        x = f + c * PPC
        img[f - 1:h - f + 1, max(x - 1, 0):x + 2] = line
    layout = [["."] * cols for _ in range(rows)]
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    order = rng.permutation(len(cells))
    for k, idx in enumerate(order[:6]):
        r, c = cells[idx]
        layout[r][c] = "P" if k < 4 else "C"
        (_pot if k < 4 else _cloche)(img, f + r * PPC, f + c * PPC, rng)
    return np.clip(img, 0, 255).astype(np.uint8), "/".join("".join(row) for row in layout)


def tile_art(seed: int, rows: int, cols: int) -> np.ndarray:
    """A flower tile's printed face for a rows x cols bounding box: leaves and blossoms."""
    rng = np.random.default_rng(seed)
    h, w = rows * PPC, cols * PPC
    green = np.array((52 + rng.integers(0, 40), 110 + rng.integers(0, 50), 44), np.float64)
    img = np.empty((h, w, 3))
    img[:] = green * (0.7 + 0.6 * _smooth_noise(rng, h, w, 12)[..., None])
    petals = ((220, 60, 90), (240, 200, 60), (150, 90, 200), (250, 250, 245), (240, 130, 40))
    for _ in range(rows * cols * 3):
        colour = petals[rng.integers(len(petals))]
        _disc(img, rng.random() * h, rng.random() * w, PPC * 0.12, PPC * 0.12, colour)
    return np.clip(img, 0, 255).astype(np.uint8)
