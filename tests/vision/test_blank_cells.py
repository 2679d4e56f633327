"""No-profile cell reading (classify_blank): blank paper against marks, under uneven light."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from assistant.errors import GardenError
from assistant.vision.blankcells import classify_blank
from assistant.vision.gridfind import continues_beyond
from assistant.vision.imageio import load_photo
from assistant.vision.reader import read_grid

CELL = 60
N = 9
MARGIN = 40


def _page(marks: set[tuple[int, int]], plain_tiles: set[tuple[int, int]]) -> tuple[np.ndarray, np.ndarray]:
    """A printed 9x9 grid on white paper, digits in `marks`, flat grey squares in
    `plain_tiles`; returns the image and the grid's corners."""
    side = N * CELL + 2 * MARGIN
    img = np.full((side, side, 3), 235, np.uint8)
    for k in range(N + 1):
        p = MARGIN + k * CELL
        width = 3 if k % 3 == 0 else 1
        cv2.line(img, (p, MARGIN), (p, MARGIN + N * CELL), (30, 30, 30), width)
        cv2.line(img, (MARGIN, p), (MARGIN + N * CELL, p), (30, 30, 30), width)
    for r, c in marks:
        cv2.putText(img, str((r * N + c) % 9 + 1), (MARGIN + c * CELL + 16, MARGIN + r * CELL + 46),
                    cv2.FONT_HERSHEY_SIMPLEX, 1.5, (20, 20, 20), 3)
    for r, c in plain_tiles:
        x, y = MARGIN + c * CELL, MARGIN + r * CELL
        img[y + 3 : y + CELL - 2, x + 3 : x + CELL - 2] = 120
    corners = np.array([[MARGIN, MARGIN], [MARGIN + N * CELL, MARGIN],
                        [MARGIN + N * CELL, MARGIN + N * CELL], [MARGIN, MARGIN + N * CELL]], np.float64)
    return img, corners


def _covered(cells: list[list[str]]) -> set[tuple[int, int]]:
    return {(r, c) for r, row in enumerate(cells) for c, v in enumerate(row) if v == "covered"}


MARKS = {(0, 0), (0, 4), (1, 2), (2, 7), (3, 3), (4, 1), (5, 6), (6, 0), (7, 5), (8, 4), (8, 8)}


def test_a_shadow_over_the_last_row_is_not_a_mark():
    img, corners = _page(MARKS, set())
    # a soft shadow (a hand, the phone) darkening the bottom row to about half: the light
    # falls off over a cell's height, as at image201.jpg of the sudoku photos
    y = np.arange(img.shape[0], dtype=np.float32)[:, None, None]
    ramp = np.clip((y - (MARGIN + 7.3 * CELL)) / CELL, 0.0, 1.0)
    img[:] = (img.astype(np.float32) * (1.0 - 0.45 * ramp)).astype(np.uint8)
    cells, _, _ = classify_blank(img, corners, N, N)
    assert _covered(cells) == MARKS


@pytest.mark.parametrize("tiles", [
    {(4, 4), (8, 2)},  # alone among blank cells
    {(4, c) for c in range(5)},  # most of a row: its lightness is not the row's shading
    {(r, 2) for r in range(5)},  # most of a column
    {(8, c) for c in range(6)},  # along the page's edge, where a shadow would fall
    {(r, c) for r in (1, 6) for c in range(1, 6)},
])
def test_plain_tiles_are_covered(tiles):
    img, corners = _page(MARKS, tiles)
    cells, _, _ = classify_blank(img, corners, N, N)
    assert _covered(cells) == MARKS | tiles


def test_a_curled_page_is_read_along_its_bent_lines():
    """The middle of the page bulges up to 0.4 of a cell away from where the corners'
    homography puts it (a curled newspaper page, as image1087.jpg of the sudoku photos)."""
    img, corners = _page(MARKS, set())
    h, w = img.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    u = np.clip((xx - MARGIN) / (N * CELL), 0, 1)
    v = np.clip((yy - MARGIN) / (N * CELL), 0, 1)
    bulge = np.sin(np.pi * u) * np.sin(np.pi * v)
    bent = cv2.remap(img, xx + 0.4 * CELL * bulge, yy + 0.3 * CELL * bulge, cv2.INTER_LINEAR,
                     borderMode=cv2.BORDER_REPLICATE)
    cells, _, details = classify_blank(bent, corners, N, N)
    assert _covered(cells) == MARKS
    assert details["bend_px"] > 0.2 * 32  # the reading followed the bend (32 px a cell)


def test_a_grid_asked_smaller_than_printed_is_refused_not_read_in_part():
    """Asked for 6x6 of a printed 9x9 grid, the finder fits six of its lines each way; the
    lines going on past that lattice must turn it into a refusal naming the size."""
    img, corners = _page(MARKS, set())
    photo = load_photo(img)
    assert read_grid(photo, N, N).rows == N  # the whole grid reads
    with pytest.raises(GardenError, match="larger than 6x6"):
        read_grid(photo, 6, 6)
    assert continues_beyond(img, corners, N, N) == []
