"""Glare as what it is: clipped highlight over a cell whose calibrated art shows none puts that cell
in doubt -- a cell read covered there is uncertain, never covered with confidence; a cell the glare
hides is uncertain whichever way it reads."""

from __future__ import annotations

import cv2
import numpy as np

from assistant.vision.cells import (
    GLARE_HIDES, GLARE_SHARE, confidence, glare_hides, glare_over_art, glare_share, under_glare,
)
from assistant.vision.profile import load_profile


def test_a_clipped_highlight_over_one_cell_is_found_there_only():
    prof = load_profile("bed-1-light")
    warp = prof.reference[..., :3].copy()
    m, s = int(round(prof.margin * prof.cell)), prof.cell
    centre = (m + 2 * s + s // 2, m + 3 * s + s // 2)  # cell 3,2 (x is the column)
    cv2.circle(warp, centre, s // 5, (255, 255, 255), -1)
    share = glare_share(warp, prof)
    found = glare_over_art(share)
    assert found[3, 2] and found.sum() == 1
    assert not glare_hides(share).any()  # two fifths of the cell wide: in doubt, but not hidden


def test_glare_over_most_of_a_cell_hides_it():
    prof = load_profile("bed-1-light")
    warp = prof.reference[..., :3].copy()
    m, s = int(round(prof.margin * prof.cell)), prof.cell
    warp[m + s:m + 2 * s, m:m + s] = 255  # cell 1,0 washed out white
    share = glare_share(warp, prof)
    assert share[1, 0] > GLARE_HIDES and glare_hides(share).sum() == 1


def test_the_boards_own_white_art_is_not_glare():
    prof = load_profile("bed-1-light")
    assert not glare_over_art(glare_share(prof.reference[..., :3].copy(), prof)).any()


def test_a_clipped_highlight_is_white_at_the_photos_own_ceiling():
    from assistant.vision.glare import clipped_white

    img = np.full((40, 40, 3), 120, np.uint8)
    img[:10, :10] = (200, 205, 210)  # a camera that exposed down clips white at about 210
    img[20:30, :10] = (40, 60, 210)  # a bright red, as bright in its brightest channel: no glare
    found = clipped_white(img)
    assert found[:10, :10].all() and not found[20:30].any() and not found[10:20].any()


def test_a_cell_the_glare_hides_is_in_doubt_whichever_way_it_reads():
    # P(covered) of four cells: sure open, sure covered, each under a little glare and hidden by it
    p = np.array([[0.05, 0.95], [0.05, 0.95]])
    share = np.array([[2 * GLARE_SHARE, 2 * GLARE_SHARE], [GLARE_HIDES + 0.3, GLARE_HIDES + 0.3]])
    q = under_glare(p, share)
    assert q[0, 0] == p[0, 0]  # read open where the glare leaves most of the cell: as read
    assert q[0, 1] == 0.5  # read covered under the glare: no longer covered with confidence
    assert (confidence(q[1]) < 0.5).all() and q[1, 0] < 0.5 <= q[1, 1]  # hidden: in doubt, each as it read
    assert (under_glare(p, np.zeros_like(share)) == p).all()  # no glare: nothing moves
