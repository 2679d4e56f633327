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


def tile_art(seed: int, rows: int, cols: int, symbols: dict[tuple[int, int], str] | None = None) -> np.ndarray:
    """A flower tile's printed face for a rows x cols bounding box: leaves and blossoms, and a
    flowerpot or a cloche printed on the cells of `symbols` ((row, col) -> "pot" or "cloche"), as
    the board prints them."""
    rng = np.random.default_rng(seed)
    h, w = rows * PPC, cols * PPC
    green = np.array((52 + rng.integers(0, 40), 110 + rng.integers(0, 50), 44), np.float64)
    img = np.empty((h, w, 3))
    img[:] = green * (0.7 + 0.6 * _smooth_noise(rng, h, w, 12)[..., None])
    petals = ((220, 60, 90), (240, 200, 60), (150, 90, 200), (250, 250, 245), (240, 130, 40))
    for _ in range(rows * cols * 3):
        colour = petals[rng.integers(len(petals))]
        _disc(img, rng.random() * h, rng.random() * w, PPC * 0.12, PPC * 0.12, colour)
    for (r, c), name in (symbols or {}).items():
        {"pot": _pot, "cloche": _cloche}[name](img, r * PPC, c * PPC, rng)
    return np.clip(img, 0, 255).astype(np.uint8)


# -- Indian Summer woodland boards -----------------------------------------------------------

#: forest floors of the six regions (3 x 4 cells each), RGB
_FLOORS = ((70, 96, 52), (120, 86, 50), (92, 80, 60), (60, 84, 70), (110, 104, 62), (84, 72, 48))
#: the printed treasures of a woodland board: kind, how many (rules/indian-summer.md)
WOODLAND_TREASURES = (("B", 10), ("N", 7), ("M", 3), ("F", 1))


def _blueberry(img: np.ndarray, y: int, x: int) -> None:
    c = PPC / 2
    for dy, dx in ((-0.1, -0.1), (0.08, -0.12), (0.0, 0.12)):
        _disc(img, y + c + dy * PPC, x + c + dx * PPC, PPC * 0.13, PPC * 0.13, (60, 70, 160))
        _disc(img, y + c + (dy - 0.04) * PPC, x + c + (dx - 0.04) * PPC, PPC * 0.03, PPC * 0.03, (190, 200, 240))


def _nut(img: np.ndarray, y: int, x: int) -> None:
    c = PPC / 2
    _disc(img, y + c + PPC * 0.06, x + c, PPC * 0.24, PPC * 0.19, (150, 96, 46))
    _disc(img, y + c - PPC * 0.16, x + c, PPC * 0.1, PPC * 0.2, (96, 64, 34))


def _mushroom(img: np.ndarray, y: int, x: int) -> None:
    c = PPC / 2
    _disc(img, y + c + PPC * 0.14, x + c, PPC * 0.16, PPC * 0.08, (236, 226, 200))
    _disc(img, y + c - PPC * 0.04, x + c, PPC * 0.16, PPC * 0.3, (200, 40, 36))
    for dx in (-0.14, 0.0, 0.12):
        _disc(img, y + c - PPC * 0.08, x + c + dx * PPC, PPC * 0.035, PPC * 0.035, (250, 250, 240))


def _feather(img: np.ndarray, y: int, x: int) -> None:
    c = PPC / 2
    _disc(img, y + c, x + c, PPC * 0.36, PPC * 0.1, (236, 214, 120))
    _disc(img, y + c, x + c, PPC * 0.34, PPC * 0.02, (120, 90, 40))


_ICONS = {"B": _blueberry, "N": _nut, "M": _mushroom, "F": _feather}


def woodland_art(design: int, rows: int = 9, cols: int = 8) -> tuple[np.ndarray, str]:
    """(RGB image of a woodland board with its frame, the layout: '.', B, N, M, F). Six regions of
    3 x 4 cells, each its own forest floor; thin printed lines; the treasures printed at random cells."""
    rng = np.random.default_rng(7300 + design)
    f = int(round(FRAME * PPC))
    h, w = rows * PPC + 2 * f, cols * PPC + 2 * f
    grain = _smooth_noise(rng, h, w, 3)[..., None] - 0.5
    img = np.zeros((h, w, 3), np.float64)
    img[:] = np.array(_FRAMES[(design + 1) % len(_FRAMES)], np.float64) * 0.8 + grain * 24
    order = rng.permutation(len(_FLOORS))
    for k in range(6):
        r0, c0 = (k // 2) * 3, (k % 2) * 4
        y0, x0 = f + r0 * PPC, f + c0 * PPC
        floor = np.array(_FLOORS[order[k]], np.float64)
        patch = _smooth_noise(rng, 3 * PPC, 4 * PPC, PPC // 3)[..., None]
        img[y0:y0 + 3 * PPC, x0:x0 + 4 * PPC] = floor * (0.75 + 0.5 * patch) + grain[y0:y0 + 3 * PPC, x0:x0 + 4 * PPC] * 36
    line = (40, 34, 24)
    for r in range(rows + 1):
        y = f + r * PPC
        img[max(y - 1, 0):y + 1 + (r % 3 == 0), f - 1:w - f + 1] = line
    for c in range(cols + 1):
        x = f + c * PPC
        img[f - 1:h - f + 1, max(x - 1, 0):x + 1 + (c % 4 == 0)] = line
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    picks = rng.permutation(len(cells))
    layout = [["."] * cols for _ in range(rows)]
    k = 0
    for kind, count in WOODLAND_TREASURES:
        for _ in range(count):
            r, c = cells[picks[k]]
            k += 1
            layout[r][c] = kind
            _ICONS[kind](img, f + r * PPC, f + c * PPC)
    return np.clip(img, 0, 255).astype(np.uint8), "/".join("".join(row) for row in layout)


#: leaf tile colours by size: 3 cells green, 4 orange, 5 red (rules/indian-summer.md)
LEAF_COLOURS = {3: (70, 140, 50), 4: (226, 140, 40), 5: (190, 50, 40)}


def leaf_art(seed: int, rows: int, cols: int, size: int) -> np.ndarray:
    """A leaf tile's face for a rows x cols bounding box: the leaf colour with veins and speckles."""
    rng = np.random.default_rng(seed)
    h, w = rows * PPC, cols * PPC
    base = np.array(LEAF_COLOURS[size], np.float64)
    img = np.empty((h, w, 3))
    img[:] = base * (0.75 + 0.45 * _smooth_noise(rng, h, w, 16)[..., None])
    for _ in range(rows * cols * 2):  # veins: thin darker strokes
        y, x = rng.random() * h, rng.random() * w
        _disc(img, y, x, PPC * 0.4, PPC * 0.025, base * 0.55)
    return np.clip(img, 0, 255).astype(np.uint8)


def animal_art(seed: int, rows: int, cols: int) -> np.ndarray:
    """An animal tile's face: a pale ground with a brown beast in it."""
    rng = np.random.default_rng(seed)
    h, w = rows * PPC, cols * PPC
    img = np.empty((h, w, 3))
    img[:] = np.array((210, 196, 160), np.float64) * (0.85 + 0.3 * _smooth_noise(rng, h, w, 20)[..., None])
    _disc(img, h / 2, w / 2, h * 0.3, w * 0.35, (120, 76, 40))
    _disc(img, h * 0.35, w * 0.25, h * 0.12, w * 0.12, (96, 60, 32))
    return np.clip(img, 0, 255).astype(np.uint8)
