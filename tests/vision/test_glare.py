"""Glare as what it is: clipped highlight over a cell whose calibrated art shows none puts that cell
in doubt -- a cell read covered there is uncertain, never covered with confidence; a cell the glare
hides is uncertain whichever way it reads; a cell read covered whose colour pattern is the board's (a
highlight adds white light, which leaves the pattern) leans open, in doubt."""

from __future__ import annotations

import cv2
import numpy as np

from assistant.vision.cells import (
    GLARE_HIDES, GLARE_SHARE, LEANS_OPEN, board_shows, confidence, glare_hides, glare_over_art, glare_share,
    tile_may_look_alike, under_glare, where_board_shows,
)
from assistant.vision.glare import chroma_correlation
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


def _veiled(px: np.ndarray, gain: float, veil: np.ndarray) -> np.ndarray:
    """Pixels dimmed by `gain` under a white highlight `veil` (linear light, per pixel), as a camera
    writes them: back to sRGB-like values, clipped at 255."""
    lin = gain * (px.astype(np.float32) / 255.0) ** 2.2 + veil[..., None]
    return np.clip(255.0 * np.clip(lin, 0, 1) ** (1 / 2.2), 0, 255).astype(np.uint8)


def _highlight(h: int, w: int, cy: float, cx: float, radius: float) -> np.ndarray:
    ys, xs = np.mgrid[0:h, 0:w]
    return 1.2 * np.exp(-((ys - cy) ** 2 + (xs - cx) ** 2) / (2 * radius ** 2))


def test_a_highlight_leaves_the_colour_pattern_under_it():
    rng = np.random.default_rng(3)
    board = rng.integers(40, 200, (30, 30, 3)).astype(np.uint8)
    tile = rng.integers(40, 200, (30, 30, 3)).astype(np.uint8)  # another print: another pattern
    veil = _highlight(30, 30, 10, 12, 8)  # brightest at one side, clipped in its middle
    seen_board, seen_tile = _veiled(board, 0.6, veil), _veiled(tile, 0.6, veil)
    usable = seen_board.max(axis=-1) < 235
    assert 0.1 < 1 - usable.mean() < 0.7  # the highlight clips part of the patch

    def flat(a: np.ndarray) -> np.ndarray:  # one cell of k pixels
        return a.reshape(1, -1, 3)

    assert chroma_correlation(flat(seen_board), flat(board), usable.reshape(1, -1))[0] > 0.9
    assert abs(chroma_correlation(flat(seen_tile), flat(board), usable.reshape(1, -1))[0]) < 0.3
    nothing = np.zeros((1, 900), bool)  # wholly clipped: nothing to go by
    assert np.isnan(chroma_correlation(flat(seen_board), flat(board), nothing)[0])


def test_open_board_under_the_glare_leans_open_and_a_tile_there_stays_covered():
    prof = load_profile("bed-1-light")
    m, s = int(round(prof.margin * prof.cell)), prof.cell
    warp = prof.reference[..., :3].copy()
    rng = np.random.default_rng(5)
    tile = np.zeros((s, s, 3), np.uint8)
    tile[...] = (60, 150, 70)  # a green flower tile with spots of colour
    for _ in range(12):
        centre = tuple(int(v) for v in rng.integers(4, s - 4, 2))
        cv2.circle(tile, centre, 4, tuple(int(v) for v in rng.integers(0, 255, 3)), -1)
    warp[m + s:m + 2 * s, m + 2 * s:m + 3 * s] = tile  # cell 1,2 covered (plain cells both)
    h, w = warp.shape[:2]
    for r, c in ((1, 2), (3, 3)):  # a highlight over each: cell 3,3 is open board
        warp = _veiled(warp, 1.0, _highlight(h, w, m + (r + 0.5) * s, m + (c + 0.5) * s, s / 4))
    assert glare_over_art(glare_share(warp, prof))[[3, 1], [3, 2]].all()  # both under clipped glare
    shows = board_shows(warp, prof)
    assert shows[3, 3] and not shows[1, 2]
    p = np.full((prof.rows, prof.cols), 0.9)  # both read covered with confidence
    q = under_glare(where_board_shows(p, shows), glare_share(warp, prof))
    assert q[3, 3] == LEANS_OPEN < 0.5 <= q[1, 2] and confidence(q[[3, 1], [3, 2]]).max() < 0.5
    plain = ~tile_may_look_alike(prof)
    assert plain.sum() >= prof.rows * prof.cols - 8  # the pots and cloches bed-1 prints
    assert (board_shows(prof.reference[..., :3].copy(), prof) == plain).all()  # the open board, plainly
    assert (where_board_shows(np.full_like(p, 0.1), shows) == 0.1).all()  # read open: as read


def test_a_cell_a_tile_may_look_like_is_never_taken_for_board_by_its_colours():
    bed = load_profile("bed-1-light")  # a flower tile prints pots and cloches as the bed does
    printed = np.array([[name in ("pot", "cloche") for name in row] for row in bed.layout])
    assert printed.any() and (tile_may_look_alike(bed) == printed).all()
    woods = load_profile("pbr-woods-1")  # a leaf tile's hole shows the board's own art
    assert not board_shows(woods.reference[..., :3].copy(), woods).any()


def test_the_glare_on_a_board_is_the_share_of_its_quad_clipped():
    from assistant.vision.glare import glare_on_board

    img = np.full((200, 200, 3), 120, np.uint8)
    img[60:80, 60:80] = 255  # 400 clipped pixels inside the board
    img[0:20, 0:20] = 255  # and a highlight off it, on the table
    quad = np.array([[50, 50], [149, 50], [149, 149], [50, 149]], float)
    assert abs(glare_on_board(img, quad) - 400 / 100 ** 2) < 0.005
