"""Reading a board photo: the board found (locate), every cell classified; and a board calibrated.

Library entry points (no side effects on import beyond numpy/cv2):
    read_photo(source, profile) -> BoardReading      (with a calibrated profile)
    place_board(source, profile) -> BoardPlace       (where it lies, its cells not read)
    read_grid(source, rows, cols) -> BoardReading    (no profile: blank vs marked)
    calibrate(source, name, rows, cols, ...) -> (BoardProfile, preview BGR image)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np

from assistant.errors import GardenError, UsageError
from assistant.vision import symbols
from assistant.vision.blankcells import classify_blank
from assistant.vision.cells import classify_cells
from assistant.vision.geometry import is_convex_quad, order_clockwise_from_top
from assistant.vision.gridfind import GRID_SCORE, continues_beyond, find_grids
from assistant.vision.imageio import LoadedPhoto, load_photo
from assistant.vision.locate import find_board
from assistant.vision.profile import BoardProfile, validate_name
from assistant.vision.rectified import warp_to_ref

#: confidence below this puts a cell in `uncertain`
UNCERTAIN_BELOW = 0.5


@dataclass
class BoardReading:
    """What a photo shows. Coordinates are full-size upright photo pixels.

    `homography` maps photo pixels to grid units: cell (r, c) is the square
    [c, c+1] x [r, r+1]; its inverse maps grid units back onto the photo.
    """

    board: str | None
    rows: int
    cols: int
    cells: list[list[str]]
    confidence: np.ndarray  # rows x cols, 0..1
    uncertain: list[tuple[int, int]]
    corners: np.ndarray  # 4x2, TL TR BR BL of the (calibrated) grid
    homography: np.ndarray
    photo_size: tuple[int, int]
    locate_score: float = 0.0
    method: str = ""
    photo_path: str | None = None
    details: dict = field(default_factory=dict)

    def _uncertain_where(self, key: str) -> list[tuple[int, int]]:
        """The uncertain cells that details[key] (a rows x cols mask of the cell reader's) marks."""
        mask = self.details.get(key)
        return [] if mask is None else [(r, c) for r, c in self.uncertain if mask[r, c]]

    @property
    def glare(self) -> list[tuple[int, int]]:
        """The uncertain cells glare hides: over half of each a clipped highlight that the board's own
        art does not show (cells.GLARE_HIDES); the light, not the cell, hides what is there."""
        return self._uncertain_where("glare_hides")

    @property
    def hidden(self) -> list[tuple[int, int]]:
        """The uncertain cells that show nothing sharp (cells.shows_no_detail) and that clipped glare
        does not hide: something out of focus between the camera and the board, or a light's veil."""
        glare = set(self.glare)
        return [cell for cell in self._uncertain_where("no_detail") if cell not in glare]

    def to_json(self) -> dict:
        out = {
            "board": self.board,
            "rows": self.rows,
            "cols": self.cols,
            "cells": self.cells,
            "uncertain": [[int(r), int(c)] for r, c in self.uncertain],
            "glare": [[int(r), int(c)] for r, c in self.glare],
            "hidden": [[int(r), int(c)] for r, c in self.hidden],
            "corners": corners_json(self.corners),
        }
        if self.photo_path:
            out["photo"] = self.photo_path
        if "disagree" in self.details:  # read from several photos (vision.views)
            out["disagree"] = [[int(r), int(c)] for r, c in self.details["disagree"]]
        return out

    def is_covered(self, r: int, c: int) -> bool:
        return self.cells[r][c] == symbols.COVERED


@dataclass
class BoardPlace:
    """Where a calibrated board lies in a photo, its cells not read (place_board): full-size upright
    photo pixels; `homography` maps them to grid units as BoardReading's does."""

    corners: np.ndarray  # 4x2, TL TR BR BL of the grid
    homography: np.ndarray

    def corners_json(self) -> list[list[float]]:
        return corners_json(self.corners)


def corners_json(corners: np.ndarray) -> list[list[float]]:
    """A board's corners as the JSON of `check` and `tiles scan` gives them: pixels to a tenth."""
    return [[round(float(x), 1), round(float(y), 1)] for x, y in corners]


def _place(corners_img, photo: LoadedPhoto, rows: int, cols: int) -> BoardPlace:
    corners_full = np.asarray(corners_img, np.float64) * photo.scale
    return BoardPlace(corners_full, cv2.getPerspectiveTransform(
        corners_full.astype(np.float32), np.float32([[0, 0], [cols, 0], [cols, rows], [0, rows]])))


def _reading(board, rows, cols, cells, conf, corners_img, photo: LoadedPhoto, score, method, details):
    placed = _place(corners_img, photo, rows, cols)
    corners_full, H = placed.corners, placed.homography
    uncertain = [(r, c) for r in range(rows) for c in range(cols) if conf[r, c] < UNCERTAIN_BELOW]
    return BoardReading(board, rows, cols, cells, conf, uncertain, corners_full, H, photo.full_size,
                        float(score), method, None, details)


def read_photo(source, profile: BoardProfile, known: np.ndarray | None = None) -> BoardReading:
    """Reads a photo of a calibrated board; raises GardenError when it cannot be read. `known`: the
    cells another photo of it read (locate.find_board)."""
    photo = load_photo(source)
    loc = find_board(photo, profile, known)
    cells, conf, details = classify_cells(photo.image, loc.corners, profile)
    details["second"] = loc.second
    details["settled_by"] = loc.settled_by
    return _reading(profile.name, profile.rows, profile.cols, cells, conf, loc.corners, photo,
                    loc.score, loc.method, details)


def place_board(source, profile: BoardProfile) -> BoardPlace:
    """Where a calibrated board lies in a photo, found as read_photo finds it, its cells not read
    (a tile scan needs only the table's plane and the cell's size); raises GardenError as
    read_photo does."""
    photo = load_photo(source)
    return _place(find_board(photo, profile).corners, photo, profile.rows, profile.cols)


def read_grid(source, rows: int, cols: int) -> BoardReading:
    """No profile: finds an R x C grid and tells blank cells from marked/covered ones."""
    photo = load_photo(source)
    grids = find_grids(photo.image, rows, cols)
    if not grids or grids[0].score < GRID_SCORE:
        raise GardenError(f"could not find a {rows}x{cols} grid in {photo.source}.")
    g = grids[0]
    corners = _upright_order(g.corners, rows, cols)
    beyond = continues_beyond(photo.image, corners, rows, cols)
    if beyond:
        sides = " and ".join(beyond) + (" sides" if len(beyond) > 1 else " side")
        raise GardenError(f"the grid in {photo.source} goes on past its {sides}: it is larger than {rows}x{cols}; "
                          "give its whole size with --grid.")
    cells, conf, details = classify_blank(photo.image, corners, rows, cols)
    return _reading(None, rows, cols, cells, conf, corners, photo, g.score, "grid", details)


def _upright_order(corners: np.ndarray, rows: int, cols: int) -> np.ndarray:
    """TL first on the edge nearest the top; for R != C, the top edge must span C cells."""
    q = order_clockwise_from_top(corners)
    if rows != cols:
        top = np.linalg.norm(q[1] - q[0]) + np.linalg.norm(q[2] - q[3])
        side = np.linalg.norm(q[3] - q[0]) + np.linalg.norm(q[2] - q[1])
        # top/bottom edges hold C cells: longer edges when C > R
        if (cols > rows) != (top >= side):
            # choose the C-edge nearer the top of the photo
            a, b = np.roll(q, -1, axis=0), np.roll(q, -3, axis=0)
            q = a if (a[0][1] + a[1][1]) <= (b[0][1] + b[1][1]) else b
    return q


def calibrate(source, name: str, rows: int, cols: int, corners: np.ndarray | None = None,
              layout: str | None = None, game: str = symbols.DEFAULT_GAME
              ) -> tuple[BoardProfile, np.ndarray]:
    """Learns a board side from one photo of it empty. `corners` are full-size
    photo pixels TL, TR, BR, BL; without them the grid is found automatically."""
    validate_name(name)
    grid_layout = symbols.parse_layout(layout, rows, cols, game)
    photo = load_photo(source)
    W, H = photo.full_size
    if corners is not None:
        corners = np.asarray(corners, np.float64).reshape(4, 2)
        tol = 0.5
        if np.any(corners < -tol) or np.any(corners[:, 0] > W + tol) or np.any(corners[:, 1] > H + tol):
            raise UsageError(f"--corners lie outside the {W}x{H} photo {photo.source}.")
        if not is_convex_quad(corners):
            raise UsageError("--corners are not a convex quadrilateral (give TL, TR, BR, BL in order).")
        c_img = corners / photo.scale
        method = "corners"
        score = 1.0
    else:
        grids = find_grids(photo.image, rows, cols)
        if not grids or grids[0].score < GRID_SCORE:
            raise GardenError(f"could not find a {rows}x{cols} grid in {photo.source}; give --corners.")
        c_img = _upright_order(grids[0].corners, rows, cols)
        method = "auto"
        score = grids[0].score
    prof = BoardProfile(name=name, rows=rows, cols=cols, game=game, layout=grid_layout,
                        source_photo=Path(photo.source).name,
                        source_corners=[[round(float(x), 1), round(float(y), 1)] for x, y in c_img * photo.scale])
    # bilinear, as every photo is rectified (warpPerspective takes INTER_AREA as bilinear). Both
    # averaged down first (INTER_AREA resize of the board's crop to the reference's scale, then
    # the warp), the models fitted on bilinear warps read the cells worse: 19 wrong of 8688,
    # against 15 of 8616 (bench_photo_cells.py --count 200 --seed 7, true corners); the photo
    # alone averaged down read them the same (15 of 8616)
    ref, _ = warp_to_ref(photo.image, c_img, prof, 1.0)
    ones = np.full(photo.image.shape[:2], 255, np.uint8)
    Hm = cv2.getPerspectiveTransform(np.asarray(c_img, np.float32), prof.grid_rect().astype(np.float32))
    valid = cv2.warpPerspective(ones, Hm, prof.reference_size, flags=cv2.INTER_NEAREST,
                                borderMode=cv2.BORDER_CONSTANT, borderValue=0)
    prof.reference = ref
    prof.valid = valid
    from assistant.vision.draw import draw_grid_preview

    preview = draw_grid_preview(photo.image, c_img, rows, cols, grid_layout)
    prof_details = {"method": method, "score": score}
    prof.__dict__["calibration"] = prof_details
    return prof, preview
