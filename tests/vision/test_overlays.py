"""Photo overlays read without the manual: a legend on the image, covered cells hatched (not only
tinted, which vanishes on red art), uncertain cells dashed with a '?', the grid numbered."""

from __future__ import annotations

from types import SimpleNamespace

import cv2
import numpy as np

from assistant.vision import symbols
from assistant.vision.draw import COLOURS, draw_reading


def reading(rows: int = 3, cols: int = 3):
    corners = np.float64([[300, 200], [600, 200], [600, 500], [300, 500]])
    grid = np.float64([[0, 0], [cols, 0], [cols, rows], [0, rows]])
    homography = cv2.getPerspectiveTransform(corners.astype(np.float32), grid.astype(np.float32))
    cells = [[symbols.EMPTY] * cols for _ in range(rows)]
    cells[1][1] = symbols.COVERED
    return SimpleNamespace(rows=rows, cols=cols, cells=cells, uncertain=[(2, 2)], corners=corners,
                           homography=homography, photo_size=(800, 700))


def test_covered_cells_are_hatched_on_red_art_and_a_legend_is_drawn():
    red = np.zeros((700, 800, 3), np.uint8)
    red[:] = (30, 30, 200)  # red leaf art everywhere (BGR)
    out = draw_reading(red, reading())
    cell = out[320:380, 420:480]  # inside the covered cell 1,1 (x 400-500, y 300-400)
    dark = (cell.sum(axis=2) < 60).mean()
    assert dark > 0.05  # dark hatch strokes show on red, where a red tint alone would not
    legend = [out[:40, :40], out[:40, -40:], out[-40:, :40], out[-40:, -40:]]
    assert any((corner.sum(axis=2) == 0).mean() > 0.5 for corner in legend)  # the legend's black box


def test_uncertain_cells_are_dashed_in_yellow():
    out = draw_reading(np.full((700, 800, 3), 120, np.uint8), reading())
    cell = out[400:500, 500:600]  # cell 2,2
    yellow = np.all(np.abs(cell.astype(int) - COLOURS["uncertain"]) < 40, axis=2).mean()
    assert yellow > 0.05


def test_a_board_filling_the_photo_keeps_its_legend_below_it():
    filled = reading()
    filled.corners = np.float64([[60, 40], [740, 40], [740, 660], [60, 660]])
    grid = np.float64([[0, 0], [3, 0], [3, 3], [0, 3]])
    filled.homography = cv2.getPerspectiveTransform(filled.corners.astype(np.float32), grid.astype(np.float32))
    photo = np.full((700, 800, 3), 120, np.uint8)
    out = draw_reading(photo, filled)
    assert out.shape[0] > 700 and out.shape[1] == 800  # a strip added below the photo ...
    strip = out[700:]
    assert (strip.sum(axis=2) > 0).mean() > 0.01  # ... with the legend's words in it
    # ... and no corner of the photo turned into the legend's black box
    assert all((c.sum(axis=2) == 0).mean() < 0.5 for c in (out[:40, :40], out[:40, 760:800], out[660:700, :40]))
