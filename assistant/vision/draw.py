"""Overlays drawn on photos: chosen grid (calibration preview), a reading, placements."""

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


def draw_grid_preview(image: np.ndarray, corners_img: np.ndarray, rows: int, cols: int,
                      layout: list[list[str]] | None = None) -> np.ndarray:
    """The grid and the orientation chosen (row 0 edge thick, TL corner marked, r,c labels)."""
    out = image.copy()
    G = _grid_to_image(corners_img, rows, cols)
    t = _thickness(out)
    _draw_lines(out, G, rows, cols, COLOURS["grid"], t)
    q = np.round(np.asarray(corners_img)).astype(int)
    cv2.line(out, tuple(q[0]), tuple(q[1]), COLOURS["corner"], 3 * t, cv2.LINE_AA)
    cv2.circle(out, tuple(q[0]), 6 * t, COLOURS["corner"], -1)
    fs = 0.35 * t
    for r in range(rows):
        for c in range(cols):
            centre = cv2.perspectiveTransform(np.float64([[[c + 0.15, r + 0.45]]]), G).reshape(2)
            text = f"{r},{c}"
            if layout and layout[r][c] != symbols.EMPTY:
                text += " " + layout[r][c][:1].upper()
            _label(out, text, centre, fs, (255, 255, 255))
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


def draw_reading(image: np.ndarray, reading) -> np.ndarray:
    """The reading on the photo: grid, covered cells filled, uncertain cells marked '?'."""
    s = image.shape[1] / reading.photo_size[0]
    Hinv = np.diag([s, s, 1.0]) @ np.linalg.inv(reading.homography)
    t = _thickness(image)
    out = draw_cells_on_photo(image, np.linalg.inv(Hinv), [
        (r, c) for r in range(reading.rows) for c in range(reading.cols) if reading.cells[r][c] == symbols.COVERED
    ], COLOURS["covered"], alpha=0.35)
    _draw_lines(out, Hinv, reading.rows, reading.cols, COLOURS["grid"], t)
    q = np.round(np.asarray(reading.corners) * s).astype(int)
    cv2.line(out, tuple(q[0]), tuple(q[1]), COLOURS["corner"], 3 * t, cv2.LINE_AA)
    cv2.circle(out, tuple(q[0]), 6 * t, COLOURS["corner"], -1)
    fs = 0.4 * t
    unc = set(map(tuple, reading.uncertain))
    for r in range(reading.rows):
        for c in range(reading.cols):
            name = reading.cells[r][c]
            centre = cv2.perspectiveTransform(np.float64([[[c + 0.2, r + 0.6]]]), Hinv).reshape(2)
            if (r, c) in unc:
                _label(out, "?", centre, fs * 1.6, COLOURS["uncertain"])
            elif name not in (symbols.EMPTY, symbols.COVERED):
                _label(out, name[:1].upper(), centre, fs * 1.4, (255, 255, 255))
    return out
