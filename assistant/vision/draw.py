"""Overlays drawn on photos: chosen grid (calibration preview), a reading, placements, scanned tiles.

Each carries what a player needs without the manual: a legend in a box on the image, row numbers
down the left edge and column numbers along the top of the grid, the row-0 edge and cell 0,0
named. A covered cell is outlined and hatched (a tint alone vanishes on red leaf art); an uncertain
cell gets a thick dashed yellow outline and a large '?'."""

from __future__ import annotations

import cv2
import numpy as np

from assistant.vision import symbols

COLOURS = {
    "covered": (40, 40, 230),
    "empty": (60, 200, 60),
    "uncertain": (0, 215, 255),
    "grid": (255, 180, 0),
    "corner": (255, 0, 255),
    "tile in doubt": (0, 140, 255),
}


def _cell_polygon(Hinv: np.ndarray, r: int, c: int, shrink: float = 0.0) -> np.ndarray:
    pts = np.array([[c + shrink, r + shrink], [c + 1 - shrink, r + shrink],
                    [c + 1 - shrink, r + 1 - shrink], [c + shrink, r + 1 - shrink]], np.float64)
    out = cv2.perspectiveTransform(pts.reshape(-1, 1, 2), Hinv).reshape(-1, 2)
    return np.round(out).astype(np.int32)


def _grid_to_image(corners_img: np.ndarray, rows: int, cols: int) -> np.ndarray:
    src = np.float32([[0, 0], [cols, 0], [cols, rows], [0, rows]])
    return cv2.getPerspectiveTransform(src, np.asarray(corners_img, np.float32))


def _thickness(image: np.ndarray) -> int:
    return max(1, round(max(image.shape[:2]) / 500))


def _draw_lines(out: np.ndarray, G: np.ndarray, rows: int, cols: int, colour, t: int) -> None:
    for r in range(rows + 1):
        p = cv2.perspectiveTransform(np.float64([[[0, r]], [[cols, r]]]), G).reshape(-1, 2)
        cv2.line(out, tuple(np.round(p[0]).astype(int)), tuple(np.round(p[1]).astype(int)), colour, t, cv2.LINE_AA)
    for c in range(cols + 1):
        p = cv2.perspectiveTransform(np.float64([[[c, 0]], [[c, rows]]]), G).reshape(-1, 2)
        cv2.line(out, tuple(np.round(p[0]).astype(int)), tuple(np.round(p[1]).astype(int)), colour, t, cv2.LINE_AA)


def _label(out: np.ndarray, text: str, at, scale: float, colour) -> None:
    x, y = int(at[0]), int(at[1])
    cv2.putText(out, text, (x, y), cv2.FONT_HERSHEY_SIMPLEX, scale, (0, 0, 0), max(2, int(scale * 4)), cv2.LINE_AA)
    cv2.putText(out, text, (x, y), cv2.FONT_HERSHEY_SIMPLEX, scale, colour, max(1, int(scale * 2)), cv2.LINE_AA)


def _at(G: np.ndarray, x: float, y: float) -> np.ndarray:
    """A grid point (column units, row units) in image pixels."""
    return cv2.perspectiveTransform(np.float64([[[x, y]]]), G).reshape(2)


def _grid_numbers(out: np.ndarray, G: np.ndarray, rows: int, cols: int, t: int) -> None:
    """Column numbers above row 0, row numbers left of column 0, and the row-0 edge and cell 0,0 named."""
    fs = 0.45 * t
    for c in range(cols):
        _label(out, str(c), _at(G, c + 0.4, -0.35), fs, (255, 255, 255))
    for r in range(rows):
        _label(out, str(r), _at(G, -0.45, r + 0.6), fs, (255, 255, 255))
    _label(out, "row 0", _at(G, cols / 2 - 0.4, -1.2), fs, COLOURS["corner"])
    _label(out, "0,0", _at(G, -0.9, -0.35), fs, COLOURS["corner"])


def _hatch(out: np.ndarray, polygon: np.ndarray, colour, t: int) -> None:
    """Diagonal hatching inside a cell, each line dark under light, and the cell's outline. Drawn
    within the cell's bounding box alone (a reading hatches many cells of a large photo)."""
    x, y, w, h = cv2.boundingRect(polygon)
    x, y = max(x, 0), max(y, 0)
    box = out[y : y + h, x : x + w]
    if box.size == 0:
        return
    h, w = box.shape[:2]
    mask = np.zeros((h, w), np.uint8)
    cv2.fillConvexPoly(mask, polygon - (x, y), 255)
    layer = box.copy()
    step = max(6, w // 5)
    for k in range(-h, w + h, step):
        a, b = (k, 0), (k + h, h)
        cv2.line(layer, a, b, (0, 0, 0), 3 * t, cv2.LINE_AA)
        cv2.line(layer, a, b, colour, t, cv2.LINE_AA)
    box[mask > 0] = layer[mask > 0]
    cv2.polylines(out, [polygon], True, (0, 0, 0), 3 * t, cv2.LINE_AA)
    cv2.polylines(out, [polygon], True, colour, t, cv2.LINE_AA)


def _dashed(out: np.ndarray, polygon: np.ndarray, colour, t: int) -> None:
    pts = list(polygon) + [polygon[0]]
    for p, q in zip(pts, pts[1:]):
        length = float(np.hypot(*(q - p)))
        n = max(2, int(length / (8 * t)))
        for i in range(0, n, 2):
            a = p + (q - p) * i / n
            b = p + (q - p) * min(i + 1, n) / n
            cv2.line(out, tuple(np.round(a).astype(int)), tuple(np.round(b).astype(int)), colour, 3 * t, cv2.LINE_AA)


def _row0(out: np.ndarray, corners: np.ndarray, t: int) -> None:
    """The row-0 edge thick and a dot on cell 0,0's corner (`corners`: TL, TR, BR, BL in pixels)."""
    cv2.line(out, tuple(corners[0]), tuple(corners[1]), COLOURS["corner"], 3 * t, cv2.LINE_AA)
    cv2.circle(out, tuple(corners[0]), 6 * t, COLOURS["corner"], -1)


def _placed(image: np.ndarray, reading) -> tuple[np.ndarray, np.ndarray]:
    """(grid -> pixels of `image`, the grid's corners in those pixels) of a reading, `image` being the
    photo or a reduced copy."""
    s = image.shape[1] / reading.photo_size[0]
    return (np.diag([s, s, 1.0]) @ np.linalg.inv(reading.homography),
            np.round(np.asarray(reading.corners) * s).astype(int))


def _legend(out: np.ndarray, entries: list[tuple[str, tuple[int, int, int]]], board: np.ndarray) -> np.ndarray:
    """A box in the photo's corner where it hides none of the board (`board`: its corner points),
    the farthest from it among those; one line an entry in its colour. When every corner would hide
    some of a board that fills the photo, the box goes in a strip added below the photo."""
    t = _thickness(out)
    fs = 0.5 * t
    line = int(22 * t)
    width = int(max(len(text) for text, _ in entries) * 10.5 * t) + 16 * t
    height = line * len(entries) + 10 * t
    h, w = out.shape[:2]
    quad = np.asarray(board, np.float32).reshape(-1, 2)
    centre = quad.mean(axis=0)
    quad = centre + (quad - centre) * 1.35  # with the numbers and names drawn around the grid

    def covers(p: tuple[int, int]) -> tuple[float, float]:  # the board area it would hide, then nearness
        box = np.float32([[p[0], p[1]], [p[0] + width, p[1]], [p[0] + width, p[1] + height], [p[0], p[1] + height]])
        hidden, _ = cv2.intersectConvexConvex(box, quad)
        return hidden, -float(np.hypot(p[0] + width / 2 - centre[0], p[1] + height / 2 - centre[1]))

    corners = [(4 * t, 4 * t), (w - width - 4 * t, 4 * t), (4 * t, h - height - 4 * t),
               (w - width - 4 * t, h - height - 4 * t)]
    x, y = min(corners, key=covers)
    if covers((x, y))[0] > 0:
        out = np.vstack([out, np.zeros((height + 8 * t, w, 3), out.dtype)])
        x, y = 4 * t, h + 4 * t
    cv2.rectangle(out, (x, y), (x + width, y + height), (0, 0, 0), -1)
    for i, (text, colour) in enumerate(entries):
        _label(out, text, (x + 6 * t, y + line * (i + 1)), fs, colour)
    return out


def draw_grid_preview(image: np.ndarray, corners_img: np.ndarray, rows: int, cols: int,
                      layout: list[list[str]] | None = None) -> np.ndarray:
    """The grid and the orientation chosen (row 0 edge thick, TL corner marked, r,c labels)."""
    out = image.copy()
    G = _grid_to_image(corners_img, rows, cols)
    t = _thickness(out)
    _draw_lines(out, G, rows, cols, COLOURS["grid"], t)
    q = np.round(np.asarray(corners_img)).astype(int)
    _row0(out, q, t)
    fs = 0.35 * t
    for r in range(rows):
        for c in range(cols):
            centre = cv2.perspectiveTransform(np.float64([[[c + 0.15, r + 0.45]]]), G).reshape(2)
            text = f"{r},{c}"
            if layout and layout[r][c] != symbols.EMPTY:
                text += " " + layout[r][c][:1].upper()
            _label(out, text, centre, fs, (255, 255, 255))
    _grid_numbers(out, G, rows, cols, t)
    out = _legend(out, [("the grid as calibrated", COLOURS["grid"]), ("magenta edge: row 0, dot: cell 0,0", COLOURS["corner"]),
                  ("r,c in each cell; a letter: a printed symbol", (255, 255, 255))], q)
    return out


def draw_cells_on_photo(image: np.ndarray, homography: np.ndarray, cells, colour=(0, 200, 255),
                        alpha: float = 0.45, photo_size: tuple[int, int] | None = None) -> np.ndarray:
    """Fills the given grid cells [(r, c), ...] on the photo, in perspective.

    `homography` maps full-size photo pixels to grid units (BoardReading.homography);
    pass `photo_size` when `image` is a reduced copy of the photo."""
    out = image.copy()
    Hinv = np.linalg.inv(np.asarray(homography, np.float64))
    if photo_size is not None:
        s = image.shape[1] / photo_size[0]
        Hinv = np.diag([s, s, 1.0]) @ Hinv
    overlay = out.copy()
    for r, c in cells:
        cv2.fillConvexPoly(overlay, _cell_polygon(Hinv, r, c, 0.06), colour, cv2.LINE_AA)
    cv2.addWeighted(overlay, alpha, out, 1 - alpha, 0, dst=out)
    for r, c in cells:
        cv2.polylines(out, [_cell_polygon(Hinv, r, c, 0.06)], True, colour, _thickness(out), cv2.LINE_AA)
    return out


def draw_tiles(image: np.ndarray, scale: float, tiles) -> np.ndarray:
    """Scanned tiles (vision.tilescan.ScannedTile) on the photo: each one's quantised cells outlined,
    green when read surely, orange in doubt, and its number ('?' after it in doubt); `scale`:
    full-size photo pixels an image pixel (LoadedPhoto.scale)."""
    out = image.copy()
    t = max(2, _thickness(out))
    for k, tile in enumerate(tiles, 1):
        colour = COLOURS["tile in doubt"] if tile.uncertain else COLOURS["empty"]
        for cell in tile.cells_px:
            cv2.polylines(out, [np.round(cell / scale).astype(np.int32)], True, colour, t, cv2.LINE_AA)
        centre = np.mean([c.mean(axis=0) for c in tile.cells_px], axis=0) / scale
        _label(out, f"{k}" + ("?" if tile.uncertain else ""), centre - (8, -8), 0.45 * t, (255, 255, 255))
    return out


def draw_reading(image: np.ndarray, reading) -> np.ndarray:
    """The reading on the photo: grid with its numbers, covered cells hatched, uncertain cells dashed
    and marked '?', a legend."""
    Hinv, q = _placed(image, reading)
    t = _thickness(image)
    out = image.copy()
    _draw_lines(out, Hinv, reading.rows, reading.cols, COLOURS["grid"], t)
    for r in range(reading.rows):
        for c in range(reading.cols):
            if reading.cells[r][c] == symbols.COVERED:
                _hatch(out, _cell_polygon(Hinv, r, c, 0.06), COLOURS["covered"], t)
    _row0(out, q, t)
    fs = 0.4 * t
    unc = set(map(tuple, reading.uncertain))
    for r in range(reading.rows):
        for c in range(reading.cols):
            name = reading.cells[r][c]
            centre = cv2.perspectiveTransform(np.float64([[[c + 0.2, r + 0.6]]]), Hinv).reshape(2)
            if (r, c) in unc:
                _dashed(out, _cell_polygon(Hinv, r, c, 0.1), COLOURS["uncertain"], t)
                _label(out, "?", _at(Hinv, c + 0.3, r + 0.75), fs * 2.4, COLOURS["uncertain"])
            elif name not in (symbols.EMPTY, symbols.COVERED):
                _label(out, name[:1].upper(), centre, fs * 1.4, (255, 255, 255))
    _grid_numbers(out, Hinv, reading.rows, reading.cols, t)
    out = _legend(out, [("hatched: covered", COLOURS["covered"]), ("dashed ?: uncertain, check it", COLOURS["uncertain"]),
                  ("letter: a printed symbol showing", (255, 255, 255)),
                  ("magenta edge: row 0, dot: cell 0,0", COLOURS["corner"])], q)
    return out


def mark_grid(image: np.ndarray, reading, entries: list[tuple[str, tuple[int, int, int]]]) -> np.ndarray:
    """The grid's numbers, row 0 and cell 0,0 on a drawing of placements, with its legend."""
    out = image.copy()
    Hinv, q = _placed(image, reading)
    t = _thickness(out)
    _row0(out, q, t)
    _grid_numbers(out, Hinv, reading.rows, reading.cols, t)
    out = _legend(out, [*entries, ("magenta edge: row 0, dot: cell 0,0", COLOURS["corner"])], q)
    return out
