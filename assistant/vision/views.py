"""One reading of a board from several photos of it, each taken from a little to one side.

A reflection moves with the camera, the board does not: a cell one photo's glare washes out (or a
hard shadow's edge, or an object standing in front, spoils) is seen plainly in another. Each photo
is found and read on its own; the reading of the set takes, cell by cell, the photo that reads it
most surely, less the sureness of any photo that reads it otherwise, so that two photos sure of
different things leave the cell in doubt rather than let one of them win.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

import numpy as np

from assistant.errors import GardenError, UsageError
from assistant.vision.profile import BoardProfile
from assistant.vision.reader import UNCERTAIN_BELOW, BoardReading, read_photo


def read_views(photos: Sequence[Any], read: Callable[[Any, np.ndarray | None], BoardReading]
               ) -> tuple[BoardReading, Any, list[tuple[str, str]]]:
    """The photos (vision.imageio's LoadedPhoto) read by `read(photo, known)` (reader.read_photo's
    `known`) as one (combined_reading): the reading, the photo it is placed on (the first read), and
    the source and refusal of each photo that could not be read (the others still read the board).
    A photo refused is read again knowing what the others read (known_cells): a board found whose
    art is too hidden to tell which way round it lies may be turned by its pieces. Raises the first
    photo's refusal when none can be read."""
    readings: dict[int, BoardReading] = {}
    errors: dict[int, GardenError] = {}

    def attempt(i: int, known: np.ndarray | None) -> None:
        try:  # a malformed request (UsageError) is not a photo's refusal: it ends the check
            readings[i] = read(photos[i], known)
            errors.pop(i, None)
        except UsageError:
            raise
        except GardenError as err:
            errors.setdefault(i, err)

    for i in range(len(photos)):
        attempt(i, None)
    if not readings:
        raise errors[0]
    if errors:
        known = known_cells(combined_reading([readings[i] for i in sorted(readings)]))
        for i in list(errors):
            attempt(i, known)
    order = sorted(readings)
    return (combined_reading([readings[i] for i in order]), photos[order[0]],
            [(photos[i].source, str(err)) for i, err in sorted(errors.items())])


def read_board(photos: Sequence[Any], profile: BoardProfile) -> tuple[BoardReading, Any, list[tuple[str, str]]]:
    """Photos of one calibrated board (vision.imageio's LoadedPhoto), each from a little to one side,
    read by reader.read_photo as one (read_views): the reading, the photo it is placed on, and the
    source and refusal of each photo that could not be read. `check`, `fit --again` and Indian
    Summer's `tally --photo PLAYER=PHOTO,PHOTO2` read them so."""
    return read_views(photos, lambda photo, known: read_photo(photo, profile, known))


def known_cells(reading: BoardReading) -> np.ndarray:
    """rows x cols: 1 where the reading is sure a cell is covered, 0 sure it is open, NaN in doubt."""
    covered = np.array([[reading.is_covered(r, c) for c in range(reading.cols)] for r in range(reading.rows)], float)
    return np.where(np.asarray(reading.confidence) >= UNCERTAIN_BELOW, covered, np.nan)


def combined_reading(readings: list[BoardReading]) -> BoardReading:
    """The board as the photos of `readings` show it together (all of one calibrated board, the
    first photo's place and size kept: it is the one drawn on). Per cell: the reading of the photo
    surest of it, its confidence less that of the surest photo reading the cell otherwise; the
    glare (and where nothing sharp shows) named only where it hides the cell in every photo.
    details["views"] holds, per cell, the index of the photo whose reading counts, and
    details["disagree"] the cells that two photos read differently, each with confidence."""
    first = readings[0]
    if len(readings) == 1:
        return first
    if len({(r.board, r.rows, r.cols) for r in readings}) != 1 or first.board is None:
        raise UsageError("photos read together must all show the same calibrated board (--board).")
    conf = np.stack([np.asarray(r.confidence, np.float64) for r in readings])
    best = conf.argmax(axis=0)
    cells = [[readings[best[r, c]].cells[r][c] for c in range(first.cols)] for r in range(first.rows)]
    other = np.array([[[rd.cells[r][c] != cells[r][c] for c in range(first.cols)] for r in range(first.rows)]
                      for rd in readings])
    against = np.where(other, conf, 0.0).max(axis=0)
    merged = np.clip(conf.max(axis=0) - against, 0.0, 1.0)
    sure = conf >= UNCERTAIN_BELOW
    disagree = (other & sure).any(axis=0) & np.take_along_axis(sure, best[None], axis=0)[0]
    uncertain = [(r, c) for r in range(first.rows) for c in range(first.cols) if merged[r, c] < UNCERTAIN_BELOW]
    details = dict(first.details)
    for key in ("glare_hides", "no_detail"):  # named only where every photo has it so
        masks = [rd.details.get(key) for rd in readings]
        details[key] = None if any(m is None for m in masks) else np.logical_and.reduce(masks)
    p = [rd.details.get("p_covered") for rd in readings]
    if all(v is not None for v in p):
        details["p_covered"] = np.take_along_axis(np.stack(p), best[None], axis=0)[0]
    details["views"] = best
    details["disagree"] = [(int(r), int(c)) for r, c in zip(*np.nonzero(disagree))]
    return replace(first, cells=cells, confidence=merged, uncertain=uncertain, details=details)
