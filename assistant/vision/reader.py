"""Reading a board photo: locate the grid, rectify it, classify every cell.

Library entry points (no side effects on import beyond numpy/cv2):
    read_photo(source, profile) -> BoardReading      (with a calibrated profile)
    read_grid(source, rows, cols) -> BoardReading    (no profile: blank vs marked)
    calibrate(source, name, rows, cols, ...) -> (BoardProfile, preview BGR image)
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path

import cv2
import numpy as np

from assistant.errors import GardenError, UsageError
from assistant.vision import framefit, symbols
from assistant.vision.blankcells import classify_blank
from assistant.vision.cells import SURE_LOW, classify_cells
from assistant.vision.geometry import (
    cell_size, is_convex_quad, order_clockwise_from_top, same_place, turned_cells, turns,
)
from assistant.vision.gridfind import GRID_SCORE, continues_beyond, find_grids
from assistant.vision.imageio import LoadedPhoto, load_photo, to_grey
from assistant.vision.framefit import FRAME_GUESS
from assistant.vision.profile import BoardProfile, validate_name
from assistant.vision.rectified import (
    cell_pixels, ecc_grid_step, norm_xcorr, ring_mask, warp_to_ref,
)

#: a located board must match its reference at least this well (0..1, see _match_score)
FOUND_SCORE = 0.30
#: so many (guided) inliers of one homography confirm a location on their own (with
#: ART_ORIENTATION_MARGIN); wrong fits on covered boards reach about 45 (rendered
#: photos, seeds 2 and 3)
ART_INLIERS_ALONE = 60
#: a feature fit of fewer inliers is confirmed when its frame band (never covered) matches the
#: reference at least FRAME_CONFIRMS as placed and the whole board beats its other orientations
#: by GRID_ORIENTATION_MARGIN: a board so covered that few features show (the end of a game).
#: Rendered photos (seeds 1-5 and 7, every candidate listed): of 1642 such fits none was more
#: than 2% off; every wrong fit of 20+ inliers had a frame below 0.3 or a margin below 0.1 (the
#: nearest: frame 0.27 at margin 0.20, margin 0.06 at frame 0.51). Held-out seeds 6 and 8: 524
#: such fits, none off
ART_INLIERS_FRAMED = 20
FRAME_CONFIRMS = 0.4
#: a homography from so many inliers is already sub-pixel: not ECC-polished (ECC on a
#: partly covered board can drift to a higher-scoring wrong fit)
ART_NO_POLISH = 40
#: without ART_INLIERS_ALONE (grid lines, or a fit of few inliers) the match must be
#: this strong and this clear
FOUND_SCORE_WITHOUT_ART = 0.45
GRID_ORIENTATION_MARGIN = 0.15
#: a grid-line location this good is taken without looking at features (speed); the
#: grid lines alone can be 2% of the diagonal off on a steeply tilted board, so only
#: clear matches of the whole board and of its frame band on its own
GRID_EARLY_SCORE = 0.8
GRID_EARLY_MARGIN = 0.2
GRID_EARLY_FRAME = 0.5
#: a well-supported homography must still beat the board's other orientations by this much
ART_ORIENTATION_MARGIN = 0.05
#: a place (an outline's, or any candidate's moved onto the blocks: _placed) fixed by so many
#: reference blocks (outlinefit: cells and frame pieces found again by correlation, all
#: where one homography puts them) is the board, however
#: poorly the photo matches photometrically (light, pieces); it still needs the clear
#: orientation margin. Rendered photos (seeds 2-6, 420 photos): fits at a wrong place,
#: turned, or with another board's profile gathered 12 blocks at most, right ones up to 70
OUTLINE_BLOCKS_ALONE = 20
#: ... or placed by fewer blocks (at least OUTLINE_BLOCKS_OWN) with the orientation shown by the
#: blocks themselves: at most a quarter as many found with the grid turned in place. Rendered
#: photos (seeds 2-4), mostly covered boards: 13-18 blocks as placed, none turned; the only
#: outline fits more than 2% off gathered 10-12 blocks
OUTLINE_BLOCKS_OWN = 13
OUTLINE_TURNED_SHARE = 0.25
#: board outlines tried (largest first) when nothing else located the board
OUTLINE_TRIES = 3
#: at most so many rough places are re-matched (each costs a SIFT pass or two)
MAX_REMATCHES = 6
#: rough places aligned on the frame band at most (framefit; ~0.1 s each)
MAX_FRAME_FITS = 8
#: a frame fit's uncovered cells must match their reference cells this well (mean of
#: the best few, framefit.best_cells) and this much better than in any other
#: orientation or at any other frame fit
FRAME_CELLS = 0.6
FRAME_CELLS_MARGIN = 0.2
#: with no candidate verified on its own, a candidate whose uncovered cells settle the
#: orientation as placed (FRAME_CELLS, FRAME_CELLS_MARGIN) is verified when a candidate of
#: another kind (AGREE_KINDS) places the board within AGREE_CELLS of it, or, a grid-line fit,
#: alone with the cells' margin GRID_CELLS_MARGIN. Rendered photos (seeds 1-5 and 7, 600
#: photos, all candidates listed): agreeing kinds placed 3 more boards right and none wrong for
#: any agreement of 0.3-1 cell, cells of 0.5-0.6 and a margin of 0.1-0.2; lone grid-line fits
#: 3 more, none wrong, for a margin of 0.2-0.3 (2 fewer at 0.35). The cells alone of a feature
#: fit took wrong places (another part of the photo) from a margin of 0.28 down.
#: An outline fit placed by blocks (fewer than OUTLINE_BLOCKS_OWN) none of which are found with
#: the grid turned is verified alone by that margin too: the blocks fix the place. Rendered
#: photos (seeds 1-8, 800 photos, 679 outline fits): the 7 such fits with a margin of 0.3 or
#: more were all right (as were all 504 fits of any blocks with none turned and such cells); the
#: two wrong fits with no turned blocks had margins of 0.25 (2.5% of the diagonal off) and 0.09
AGREE_CELLS = 0.5
GRID_CELLS_MARGIN = 0.3
AGREE_KINDS = {"outline": "outline", "grid": "grid", "art": "art", "art-all": "art", "rematch": "art",
               "frame": "frame"}
#: a candidate not verified (an outline or grid-line fit whose orientation margin is thin) lends
#: a verified fit at its place its corners when the photo matches it this much better
#: (_best_match_here). bed_photos 200011 and 300053 (steep beds): feature fits verified by 83 and
#: 62 inliers 3.2% and 2.1% of the diagonal off at match 0.42 and 0.35; outline and grid-line
#: fits 0.3-0.7% off at 0.58-0.65 (leads 0.23). Letting any better match lend (no lead) put 5
#: more boards of the sample renderer at wrong places (4100091: a lead of 0.11-0.17). Measured
#: with 0.2 (bench_photo_accuracy.py --count 100): those two placed within 0.8%; the sample
#: renderer's seeds 1-8, 21-28, 41-44 and 61-68 and woods_photos and synth_woods seeds 1-3 line
#: for line as without the rule
UNVERIFIED_LEAD = 0.2
#: a re-match landing within so many cells of an earlier feature fit shares that fit's
#: support for the place (its own votes then decide the orientation): rendered photos of
#: mostly covered boards gave fits of 60-150 inliers at the right place whose orientation
#: the photometric margin could not tell, re-matched there with 45-58 inliers and clear votes
SOURCE_PLACE_CELLS = 0.5
#: re-matched features decide the orientation when the located one has this many
#: times the support of the best turned one (and at least VOTE_RATIO * VOTE_FLOOR)
VOTE_RATIO = 3.0
VOTE_FLOOR = 3
#: four corner markers overrule a verified place no block fit confirmed (feature fits, grid
#: lines, frame fits) when they put the grid further from it than this share of its diagonal:
#: their own places were at most 2.1% off (rendered nearly full boards, 374 photos), while
#: a feature fit of 63 inliers on such a board lay 4.1% off (seed 7700070)
MARKERS_OVERRULE = 0.03
#: evened(): CLAHE's clip and tiles a side (OpenCV's usual 8x8; the clip a common choice, not fitted)
EVEN_CLIP = 3.0
EVEN_TILES = 8
#: confidence below this puts a cell in `uncertain`
UNCERTAIN_BELOW = 0.5
#: a board found (FOUND_SCORE) but not which way round, its art too hidden for the locators, is
#: read in every shape-keeping orientation. A cell read open with confidence (P(covered) below
#: cells.SURE_LOW) agrees with its reference cell; where two orientations put cells of different
#: art (a pot, a cloche, plain board), only one of them can agree, while plain cells met by plain
#: ones, or covered ones, tell nothing. An orientation is the board's when, on the cells where its
#: art and another's differ, it reads READ_TURN_MARGIN more such cells than that one and
#: READ_TURN_RATIO times as many, against each other orientation. Physically rendered photos
#: (samples/pbr, not the held-out seeds), each given its true place turned: beds seeds 1, 4, 5, 6
#: turned 97 right, 26 left refused, none wrong; woodland seeds 1, 4, 5: 45 right, 1 left, none
#: wrong. Where the locators had refused (beds seeds 4-6), the true orientation read 1-8 cells so,
#: each turned one 0 (once 2, against 6)
READ_TURN_MARGIN = 2
READ_TURN_RATIO = 3.0


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

    @property
    def glare(self) -> list[tuple[int, int]]:
        """The uncertain cells glare hides: over half of each a clipped highlight that the board's own
        art does not show (cells.GLARE_HIDES); the light, not the cell, hides what is there."""
        mask = self.details.get("glare_hides")
        return [] if mask is None else [(r, c) for r, c in self.uncertain if mask[r, c]]

    def to_json(self) -> dict:
        out = {
            "board": self.board,
            "rows": self.rows,
            "cols": self.cols,
            "cells": self.cells,
            "uncertain": [[int(r), int(c)] for r, c in self.uncertain],
            "glare": [[int(r), int(c)] for r, c in self.glare],
            "corners": corners_json(self.corners),
        }
        if self.photo_path:
            out["photo"] = self.photo_path
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


# ----------------------------------------------------------------- helpers


def _mask_weight(mask: np.ndarray, sigma: float) -> np.ndarray:
    """The mask blurred as _masked_highpass blurs (floored): the same for every image masked
    alike, so computed once per mask."""
    return np.maximum(cv2.GaussianBlur(mask.astype(np.float32), (0, 0), sigma), 1e-3)


def _masked_highpass(g: np.ndarray, sigma: float, mask: np.ndarray, weight: np.ndarray) -> np.ndarray:
    """g minus its local mean over the `mask` pixels only (normalized convolution; `weight`
    is _mask_weight(mask, sigma)); 0 outside."""
    mean = cv2.GaussianBlur(g * mask, (0, 0), sigma) / weight
    return np.where(mask, g - mean, 0.0).astype(np.float32)


def _board_mask(prof: BoardProfile, valid: np.ndarray, scale: float, frame: float | None) -> np.ndarray:
    """`valid` (reference pixels at `scale` that came from the photo) up to just short of the
    frame's outer edge, when the reference shows that edge (`frame`: framefit.frame_width)."""
    inner = framefit.within_frame(prof, scale, frame, -framefit.EDGE_KEEP_OFF)
    return valid & inner[: valid.shape[0], : valid.shape[1]]


class _Reference:
    """A profile's reference prepared for matching at two scales."""

    def __init__(self, prof: BoardProfile) -> None:
        self.prof = prof
        ref = prof.reference
        self.grey = to_grey(ref).astype(np.float32)
        valid = prof.valid if prof.valid is not None else np.full(self.grey.shape, 255, np.uint8)
        self.valid = valid > 127
        # small copy for orientation / candidate scoring
        self.s_scale = 0.5
        w, h = prof.reference_size
        self.s_size = (int(round(w * 0.5)), int(round(h * 0.5)))
        self.s_grey = cv2.resize(self.grey, self.s_size, interpolation=cv2.INTER_AREA)
        self.s_valid = cv2.resize(valid, self.s_size, interpolation=cv2.INTER_NEAREST) > 127
        self.s_board = _board_mask(prof, self.s_valid, 0.5, framefit.frame_of(self))
        self._s_sigma = prof.cell * 0.5 / 3
        self._s_board_weight = _mask_weight(self.s_board, self._s_sigma)
        self.s_hp = self.small_highpass(self.s_grey)
        self.s_ring = ring_mask(prof, 0.5) & self.s_board
        self.s_cells = cell_pixels(self.s_hp, prof.margin_px // 2, prof.rows, prof.cols, prof.cell // 2, 2)
        self.s_cell_tex = self.s_cells.std(axis=-1)
        self.s_ring_hp = self.s_hp[self.s_ring]
        ring_tex = float(self.s_ring_hp.std()) if self.s_ring_hp.size > 50 else 0.0
        self._art = None
        self.ring_weight = 0.5 if ring_tex > 3.0 and self.s_ring.mean() > 0.3 * ring_mask(prof, 0.5).mean() else 0.0

    @property
    def art(self):
        if self._art is None:
            self._art = self.prof.art_features(self.grey, self.valid)
        return self._art

    def at_scale(self, scale: float) -> tuple[np.ndarray, np.ndarray]:
        """The reference's grey image and valid mask at `scale` (the small copy, or a
        resized one kept for the next call)."""
        if scale == self.s_scale:
            return self.s_grey, self.s_valid
        cache = self.__dict__.setdefault("_scaled", {})
        if scale not in cache:
            size = tuple(int(round(v * scale)) for v in self.prof.reference_size)
            grey = cv2.resize(self.grey, size, interpolation=cv2.INTER_AREA)
            valid = cv2.resize(self.valid.astype(np.uint8), size, interpolation=cv2.INTER_NEAREST) > 0
            cache[scale] = (grey, valid)
        return cache[scale]

    def small_highpass(self, warp_small: np.ndarray) -> np.ndarray:
        """A rectified photo at the small scale, high-passed as the reference's small copy
        (s_hp): what every small-scale correlation with the reference compares. The local
        mean is taken over the board alone (s_board): beyond a narrow frame lies the table,
        whose edge with the frame swamped the frame band's texture (a bright cloth in the
        calibration photo and a dark one in the photo correlated at -0.5 to -0.6 where the
        board lay exactly)."""
        g = cv2.GaussianBlur(warp_small.astype(np.float32), (0, 0), 1.0)
        return _masked_highpass(g, self._s_sigma, self.s_board, self._s_board_weight)

    def ring_score(self, warp_small: np.ndarray) -> float:
        """Correlation of the frame band alone (-1 when the reference frame is plain)."""
        if self.ring_weight <= 0:
            return -1.0
        hp = self.small_highpass(warp_small)
        return float(norm_xcorr(hp[self.s_ring][None, :], self.s_ring_hp[None, :])[0])

    def match_score(self, warp_small: np.ndarray) -> float:
        """How well a rectified photo (small scale, grey) matches the reference: the
        mean of the better half of per-cell correlations, blended with the frame's."""
        prof = self.prof
        hp = self.small_highpass(warp_small)
        cells = cell_pixels(hp, prof.margin_px // 2, prof.rows, prof.cols, prof.cell // 2, 2)
        corr = norm_xcorr(cells, self.s_cells)
        textured = self.s_cell_tex > 2.0
        if textured.sum() >= 1:
            vals = np.sort(corr[textured].ravel())[::-1]
            k = max(1, int(np.ceil(len(vals) * 0.5)))
            cell_score = float(vals[:k].mean())
        else:
            cell_score = 0.0
        if self.ring_weight > 0:
            ring = float(norm_xcorr(hp[self.s_ring][None, :], self.s_ring_hp[None, :])[0])
            return self.ring_weight * ring + (1 - self.ring_weight) * cell_score
        return cell_score


# ----------------------------------------------------------------- locate

@dataclass
class _Located:
    corners: np.ndarray  # decoded-image pixels, calibrated order
    score: float
    second: float
    method: str
    inliers: int = 0
    frame: float = -1.0  # frame band correlation (-1: plain frame or not measured)
    votes: tuple[int, int] | None = None  # re-matched features as located / turned (rematch)
    cells: tuple[float, float] | None = None  # best-cells score as located / rival (framefit)
    blocks: int = 0  # reference blocks that fixed the place (outlinefit.align)
    turned_blocks: int = -1  # the most found with the grid turned in place (-1: not counted)
    source_inliers: int = 0  # a re-match's: the most inliers of an earlier feature fit at its place
    settled_by: str = ""  # "cells" / "frame" / "reading": verified so, the last resorts (_settled_by_*)


def locate_board(img: np.ndarray, ref: _Reference) -> _Located | None:
    """Finds the board: by its outline aligned on the art, or by its grid lines, when
    that match is unmistakable (cheap), else by its printed art (SIFT features +
    MAGSAC homography, which also fixes the orientation). Every candidate is verified
    against the reference (_verified), or, when none is on its own, by its uncovered cells
    (_settled_by_cells), else by its frame's orientation (_settled_by_frame), and taken to a
    block fit found at its place (_on_blocks); the caller tries the corner markers (which also
    overrule a place no block fit confirmed, when they put the board elsewhere:
    MARKERS_OVERRULE), then refuses an unverified one."""
    results: list[_Located] = []
    for loc in locate_candidates(img, ref):
        results.append(loc)
        if _accepted(loc):
            return _on_blocks(img, _best_match_here(loc, results, ref), results, ref)
    ok = ([r for r in results if _verified(r)] or _settled_by_cells(img, results, ref)
          or _settled_by_frame(img, results, ref))
    pool = ok or results
    if not pool:
        return None
    best = max(pool, key=lambda r: r.score)
    return _on_blocks(img, _best_match_here(best, results, ref), results, ref) if ok else best


def _best_match_here(loc: _Located, results: list[_Located], ref: _Reference) -> _Located:
    """Of the verified candidates at `loc`'s place and orientation (within AGREE_CELLS), the one
    the photo matches best: fits of one place differ by a few percent of the diagonal (features
    in one part of the board, a re-match of them, grid lines), and the closer one matches the
    reference better. Rendered 6200003: the accepted feature fit (448 inliers) 2.5% off at match
    0.38, the grid-line fit found before it 0.3% off at 0.46. A candidate not verified lends only
    its corners, and only when it matches better by UNVERIFIED_LEAD: on covered boards a small
    lead says little of how close it is (rendered 4100091: a grid-line fit 2.5% off at 0.39, the
    verified feature fits 0.2-0.9% off at 0.22-0.28)."""
    tol = AGREE_CELLS * cell_size(loc.corners, ref.prof.rows, ref.prof.cols)
    here = [r for r in results if r is not loc and same_place(r.corners, loc.corners, tol)]
    best = max([loc] + [r for r in here if _verified(r)], key=lambda r: r.score)  # ties keep loc
    # a frame fit's score is its cells' correlation, not a match
    lender = max((r for r in here if not _verified(r) and r.method != "frame"), key=lambda r: r.score, default=None)
    if lender is not None and lender.score >= best.score + UNVERIFIED_LEAD:
        return replace(best, corners=lender.corners)  # `best` keeps its own verification
    return best


def _on_blocks(img: np.ndarray, loc: _Located, results: list[_Located], ref: _Reference) -> _Located:
    """A verified place no block fit of its own moved (features or grid lines alone: 2-4% of
    the diagonal off at times) taken to the corners of a block fit (outlinefit) that another
    candidate found there in the same orientation, within AGREE_CELLS, when the photo matches
    the reference there at least as well: blocks found all over the board place it more
    precisely. Rendered photo 200081: a re-match verified by 70 features 2.0% off, the
    outline's 11 blocks (too few to verify it alone) 0.3%."""
    if loc.blocks:
        return loc
    tol = AGREE_CELLS * cell_size(loc.corners, ref.prof.rows, ref.prof.cols)
    fits = [r for r in results if r.blocks and r.turned_blocks == 0 and same_place(r.corners, loc.corners, tol)]
    if not fits:
        return loc
    fit = max(fits, key=lambda r: r.blocks)
    # a block fit's score is already its match there (_located); `loc`'s may be a frame fit's cells
    if fit.score < _score_at(img, loc.corners, ref):
        return loc
    return replace(loc, corners=fit.corners)


def _marker_located(grey: np.ndarray, found: dict[int, np.ndarray], ref: _Reference) -> _Located | None:
    """The board by the corner markers `found` in the grey photo (markers.place_grid), which
    fix its orientation too; the frame band may move the grid where it matches far better.
    None without all four markers at a board's corners."""
    from assistant.vision import markers

    prof = ref.prof

    def band(corners: np.ndarray) -> float:
        return framefit.band_scores(ref, warp_to_ref(grey, corners, prof, ref.s_scale)[0])[0]

    measured = framefit.frame_of(ref)  # a frame filling the reference's margin is at least that wide
    grid = markers.place_grid(grey, found, prof.rows, prof.cols, prof.margin if measured is None else measured,
                              band if ref.ring_weight > 0 else None)
    return None if grid is None else _located(grey, grid, ref, "markers")


def locate_candidates(img: np.ndarray, ref: _Reference):
    """Board locations to verify, cheapest first: the largest board outlines aligned on
    the art at small scale (outlinefit), grid-line fits, then the printed art over the
    whole photo, then the art matched again face-on inside rough places (the
    weak fits so far, then the largest board outlines), last those places aligned on
    the board's frame (a board so covered that little art shows)."""
    from assistant.vision import artmatch
    from assistant.vision.outlinefit import Levels, outline_fits, rolls

    prof = ref.prof
    grey = to_grey(img)
    levels = Levels(grey)  # the photo halved as block alignment asks (shared by every stage)

    def oriented(corners: np.ndarray, method: str) -> _Located:
        # all four rolls: grid lines of a non-square board may be fitted either way round
        return _placed(img, levels, rolls(grey, corners, ref, range(4))[0], ref, method)

    for fit in outline_fits(img, levels, ref):
        yield _located(grey, fit.corners, ref, "outline", blocks=fit.blocks, turned_blocks=fit.turned)
    tried: list[_Located] = []
    for cand in find_grids(grey, prof.rows, prof.cols, max_results=3):
        loc = oriented(cand.corners, "grid")
        tried.append(loc)
        yield loc
    # the printed art: the strongest features first, then all of them (small boards)
    feats = artmatch.photo_features(grey, 0)
    for stage, use in (("art", artmatch.strongest(feats, artmatch.PHOTO_FEATURES)), ("art-all", feats)):
        if stage == "art-all" and len(use[0]) <= artmatch.PHOTO_FEATURES:
            break  # the same features as the first stage
        m = artmatch.match_art(ref.art, use, prof.grid_rect(), grey.shape)
        if m is not None:
            loc = _placed(img, levels, m.corners, ref, stage, m.inliers, ecc=m.inliers < ART_NO_POLISH)
            tried.append(loc)
            yield loc
    # a rough place (a weak fit, or the board's outline when pieces hide the art and
    # the grid) straightened and matched again face-on
    from assistant.vision.outline import outline_quads
    from assistant.vision.rematch import outline_grids

    guesses = [t.corners for t in tried]
    quads = outline_quads(img, OUTLINE_TRIES)
    for quad in quads:
        guesses += outline_grids(quad, prof.rows, prof.cols, FRAME_GUESS)
    done: list[np.ndarray] = []
    for guess in guesses:
        if len(done) >= MAX_REMATCHES or any(_same_place(guess, d, prof) for d in done):
            continue
        done.append(guess)
        loc = _rematched(img, levels, guess, ref)
        if loc is not None:
            loc.source_inliers = max([t.inliers for t in tried
                                      if _same_place(loc.corners, t.corners, prof, SOURCE_PLACE_CELLS)], default=0)
            tried.append(loc)
            yield loc
    # a mostly covered board: every rough place, and the outlines again with the frame
    # width the reference shows, aligned on the frame band (never covered)
    yield from _frame_located(img, grey, quads, [t.corners for t in tried], ref)


def _frame_located(img: np.ndarray, grey: np.ndarray, quads: list[np.ndarray], tried: list[np.ndarray],
                   ref: _Reference):
    """Frame fits (framefit) as candidates, the best-supported first."""
    from assistant.vision.outlinefit import frame_guess
    from assistant.vision.rematch import outline_grids

    prof = ref.prof
    if ref.ring_weight <= 0:
        return
    guesses = tried[::-1]  # the latest (re-matched) places are the most precise
    for quad in quads:
        guesses += outline_grids(quad, prof.rows, prof.cols, frame_guess(ref))
    for fit in framefit.frame_fits(img, grey, guesses, ref, MAX_FRAME_FITS):
        yield _Located(fit.corners, fit.cells, fit.cells_turned, "frame", 0, fit.ring,
                       cells=(fit.cells, fit.cells_turned))


def _same_place(a: np.ndarray, b: np.ndarray, prof: BoardProfile, cells: float = 1.0) -> bool:
    """Whether two grid guesses cover the same spot (any corner order) within `cells` cells."""
    cell = cells * cell_size(b, prof.rows, prof.cols)
    return all(np.min(np.linalg.norm(b - p, axis=1)) < cell for p in a)


def _rematched(img: np.ndarray, levels, guess: np.ndarray, ref: _Reference) -> _Located | None:
    """The art matched again inside a straightened rough location (rematch)."""
    from assistant.vision.rematch import rematch

    prof = ref.prof
    m = rematch(levels.photo, guess, ref.art, prof.grid_rect(), prof.rows, prof.cols, prof.cell)
    if m is None:
        return None
    return _placed(img, levels, m.corners, ref, "rematch", m.inliers, (m.votes, m.turned),
                   ecc=m.inliers < ART_NO_POLISH)


def _placed(img: np.ndarray, levels, corners: np.ndarray, ref: _Reference, method: str,
            inliers: int = 0, votes: tuple[int, int] | None = None, ecc: bool = True) -> _Located:
    """A candidate place (grid lines, a feature fit) moved onto the reference's blocks when
    they confirm it (outlinefit.align: cells and frame pieces found again by correlation,
    one homography through those that agree), with the blocks found as placed and turned
    (which can verify it on their own, as an outline fit's); else ECC-polished (`ecc`).
    Features may all lie in one part of a board (the rest covered, or small in the photo):
    even 70 inliers then left the far corners 3% of the diagonal off (rendered photo, seed
    400069), while blocks lie wherever the board shows. `levels`: outlinefit.Levels of the
    grey photo."""
    from assistant.vision import outlinefit

    fit = outlinefit.align(levels, np.asarray(corners, np.float64), ref)
    if fit is None:
        q = _polish(img, corners, ref) if ecc else corners
        return _located(levels.photo, q, ref, method, inliers, votes)
    return _located(levels.photo, fit.corners, ref, method, inliers, votes, fit.blocks,
                    outlinefit.turned_blocks(levels, fit.corners, ref))


def _located(grey: np.ndarray, corners: np.ndarray, ref: _Reference, method: str, inliers: int = 0,
             votes: tuple[int, int] | None = None, blocks: int = 0, turned_blocks: int = -1) -> _Located:
    """A candidate with its match score as placed, the best of its other shape-keeping
    orientations, and its frame support (from the rectification as placed)."""
    prof = ref.prof
    warps = [warp_to_ref(grey, np.roll(corners, -k, axis=0), prof, ref.s_scale)[0]
             for k in turns(prof.rows, prof.cols)]
    scores = [ref.match_score(w) for w in warps]
    return _Located(corners, scores[0], max(scores[1:]), method, inliers, ref.ring_score(warps[0]), votes,
                    blocks=blocks, turned_blocks=turned_blocks)


def _accepted(loc: _Located) -> bool:
    """Whether a candidate ends the search: a grid-line fit only when unmistakable."""
    if loc.method == "grid":
        return (loc.score >= GRID_EARLY_SCORE and loc.score - loc.second >= GRID_EARLY_MARGIN
                and loc.frame >= GRID_EARLY_FRAME)
    if _coarse_art(loc) or _weak_art(loc):
        return False  # re-matched face-on next; still a candidate should that fail
    return _verified(loc)


def _weak_art(loc: _Located) -> bool:
    """Whether a feature fit is verified by its inliers alone while the photo matches the
    reference poorly there (below FOUND_SCORE): its features sit in the little of the board
    that shows, and the far corners can be 3% of the diagonal off. bed_photos 200045 (a bed
    nearly covered, steeply tilted): such a fit of 93 inliers 3.2% off at match 0.26, the
    weaker features and their re-match, searched next, 0.3-0.5% off at 0.39."""
    return loc.method == "art" and loc.score < FOUND_SCORE


def _coarse_art(loc: _Located) -> bool:
    """Whether a fit is one of many inliers (so not ECC-polished) of the weaker features
    over the whole photo (a block alignment may have moved it, as any candidate).
    That stage runs only when the strongest features missed the board: it is small in
    the photo, its features span few pixels, and the inliers may sit in the uncovered
    part of it, so even 60-150 of them can put the far corners 2-14% of the diagonal
    off (rendered photos: the speed benchmark's hard case, seed 4; ECC polish does not
    move such a fit). The re-match, straightened face-on, put those within 0.5%."""
    return loc.method == "art-all" and loc.inliers >= ART_NO_POLISH


def _polish(img: np.ndarray, corners: np.ndarray, ref: _Reference) -> np.ndarray:
    """ECC alignment with the reference, coarse then fine; each step is kept only when
    it improves the match. When the whole-board alignment does not help (mostly
    covered boards) the frame band alone is tried."""
    start = corners
    for frame_only in (False, True):
        if frame_only and (corners is not start or ref.ring_weight <= 0):
            break
        for scale, its, shift in ((0.5, 40, 1.0), (1.0, 25, 0.5)):
            moved = refine_alignment(img, corners, ref, scale, iterations=its, max_shift=shift,
                                     frame_only=frame_only)
            if moved is not corners and _score_at(img, moved, ref) > _score_at(img, corners, ref):
                corners = moved
    return corners


def _verified(loc: _Located) -> bool:
    """Accept a location only when the rectified board matches its reference and
    beats its other orientations (thresholds measured on rendered photos)."""
    if loc.settled_by:
        return True
    margin = loc.score - loc.second
    if loc.cells is not None:  # a frame fit (framefit checked the frame itself)
        own, rival = loc.cells
        return own >= FRAME_CELLS and own - rival >= FRAME_CELLS_MARGIN
    # a coarse fit (_coarse_art) the photo matches poorly is not the board by its inliers alone:
    # rendered 800061 (bed-1-dark, every cell covered, its profile stored and read back by
    # `garden calibrate`): 66 inliers at match 0.27, orientation margin 0.10, 6% of the diagonal off
    if (loc.inliers >= ART_INLIERS_ALONE and (margin >= ART_ORIENTATION_MARGIN or _votes_clear(loc.votes))
            and not (_coarse_art(loc) and loc.score < FOUND_SCORE)):
        return True
    if loc.inliers >= ART_INLIERS_FRAMED and loc.frame >= FRAME_CONFIRMS and margin >= GRID_ORIENTATION_MARGIN:
        return True
    if loc.source_inliers >= ART_INLIERS_ALONE and _votes_clear(loc.votes):
        return True  # the place is the feature fit's, the orientation the re-match's votes'
    if loc.blocks >= OUTLINE_BLOCKS_ALONE and margin >= GRID_ORIENTATION_MARGIN:
        return True
    if loc.blocks >= OUTLINE_BLOCKS_OWN and 0 <= loc.turned_blocks <= OUTLINE_TURNED_SHARE * loc.blocks:
        return True
    # fewer inliers (or none: grid lines) place the board only roughly (a fit of 20-50
    # inliers can be 2-4% of the diagonal off, or a cell off on a covered board): the
    # rectified photo itself must match the reference well and in one orientation only
    return loc.score >= FOUND_SCORE_WITHOUT_ART and margin >= GRID_ORIENTATION_MARGIN


def _settled_by_cells(img: np.ndarray, results: list[_Located], ref: _Reference) -> list[_Located]:
    """Candidates verified by their uncovered cells, which must settle the orientation as
    placed (FRAME_CELLS, FRAME_CELLS_MARGIN): one that fixes its own place (_places_itself)
    on its own by a wider margin (GRID_CELLS_MARGIN), any other when it agrees on the place
    with a candidate of another kind (AGREE_CELLS); of each agreeing group the best supported
    (most inliers, then blocks, then match)."""
    grey = to_grey(img)
    settled: list[tuple[_Located, float]] = []
    for loc in results:
        scores = {k: v for v, k in framefit.orientation_cells(grey, loc.corners, ref)}
        own = scores.pop(0)
        margin = own - max(scores.values(), default=-1.0)
        if own >= FRAME_CELLS and margin >= FRAME_CELLS_MARGIN:
            settled.append((loc, margin))
    chosen = []
    for loc, margin in settled:
        tol = AGREE_CELLS * cell_size(loc.corners, ref.prof.rows, ref.prof.cols)
        group = [o for o, _ in settled if same_place(loc.corners, o.corners, tol)]
        if len({AGREE_KINDS[o.method] for o in group}) >= 2:
            pick = max(group, key=lambda o: (o.inliers, o.blocks, o.score))
        elif _places_itself(loc) and margin >= GRID_CELLS_MARGIN:
            pick = loc
        else:
            continue
        if not any(pick is c for c in chosen):
            pick.settled_by = "cells"
            chosen.append(pick)
    return chosen


def _settled_by_frame(img: np.ndarray, results: list[_Located], ref: _Reference) -> list[_Located]:
    """Candidates verified by the frame alone, for a board too covered for its cells to tell
    its orientation: the place must stand on its own (a frame fit, aligned on the frame band
    and checked there by framefit; a candidate that places itself, _places_itself, whose frame
    band matches the reference's, FRAME_CONFIRMS), and the part of the frame that a turn changes
    must show the board lies as placed (framefit.frame_shows_turn). Rendered 6200085 (bed-3-dark,
    3 cells open): a frame fit 0.5% of the diagonal off whose cells matched 0.75 as placed and
    0.63 turned; 6300025: a grid-line fit 0.2% off matched 0.39, below FOUND_SCORE_WITHOUT_ART."""
    grey = to_grey(img)
    settled = []
    for loc in results:
        stands = loc.method == "frame" or (_places_itself(loc) and loc.frame >= FRAME_CONFIRMS)
        if stands and framefit.frame_shows_turn(grey, loc.corners, ref):
            loc.settled_by = "frame"
            settled.append(loc)
    return settled


def _settled_by_reading(img: np.ndarray, found: list[_Located], prof: BoardProfile) -> _Located | None:
    """The first of the candidates found (FOUND_SCORE, as placed or turned) whose cells, read in
    each orientation, tell which way round it lies (READ_TURN_*), turned so; None when none does."""
    layout = np.array(prof.layout)
    ks = turns(prof.rows, prof.cols)
    for loc in found:
        if max(loc.score, loc.second) < FOUND_SCORE:
            continue
        rolled = {k: np.roll(loc.corners, -k, axis=0) for k in ks}
        agree = {k: classify_cells(img, rolled[k], prof, refuse_blur=False)[2]["p_covered"] < SURE_LOW for k in ks}
        for own in ks:
            if all(_reads_apart(agree[own], agree[k], layout, (k - own) % 4) for k in ks if k != own):
                return replace(loc, corners=rolled[own], settled_by="reading")
    return None


def _reads_apart(own: np.ndarray, other: np.ndarray, layout: np.ndarray, k: int) -> bool:
    """Whether cells read open with confidence with the corners as placed (`own`) outnumber
    those read so with them rolled by k (`other`, its own cell order) on the cells where the two
    put different art (READ_TURN_MARGIN, READ_TURN_RATIO)."""
    r, c = turned_cells(*layout.shape, k)
    differ = layout != layout[r, c]
    a, b = int((own & differ).sum()), int((other[r, c] & differ).sum())
    return a - b >= READ_TURN_MARGIN and a >= READ_TURN_RATIO * b


def _places_itself(loc: _Located) -> bool:
    """Whether a candidate's place stands without another kind agreeing: a grid-line fit (the
    lattice), or an outline fit by blocks none of which are found with the grid turned."""
    return loc.method == "grid" or (loc.method == "outline" and loc.turned_blocks == 0)


def _votes_clear(votes: tuple[int, int] | None) -> bool:
    """Whether re-matched features settle the orientation on their own: many more of
    them found where the board is located than with it turned (a mostly covered
    board's frame pattern can look alike turned to the coarse photometric score)."""
    if votes is None:
        return False
    own, turned = votes
    return own >= VOTE_RATIO * max(turned, VOTE_FLOOR)


def _score_at(img: np.ndarray, corners: np.ndarray, ref: _Reference) -> float:
    warp, _ = warp_to_ref(to_grey(img), corners, ref.prof, ref.s_scale)
    return ref.match_score(warp)


def refine_alignment(img: np.ndarray, corners: np.ndarray, ref: _Reference, scale: float = 0.5,
                     iterations: int = 40, max_shift: float = 0.5, frame_only: bool = False) -> np.ndarray:
    """Polishes located corners by aligning the rectified photo with the reference
    (ECC, homography motion). Returns the input corners when alignment fails or
    wanders more than half a cell."""
    prof = ref.prof
    grey = to_grey(img)
    warp, Hs = warp_to_ref(grey, corners, prof, scale)
    template, valid = ref.at_scale(scale)
    if frame_only:  # pieces cover the cells: align on the frame band (never covered)
        valid = valid & ring_mask(prof, scale)[: valid.shape[0], : valid.shape[1]]
    moved = ecc_grid_step(template, warp, valid, Hs, prof.grid_rect() * scale, iterations,
                          max_shift * prof.cell * scale, 5)
    return corners if moved is None else moved


# ----------------------------------------------------------------- entry points

#: what a refused player can change: the misses measured are small boards under blur and
#: boards so covered that little printed art is left to match
RETAKE_ADVICE = ("take it again with the whole board in view and filling more of the photo, held still; "
                 "for a board nearly covered, lay the corner markers of `garden markers` at its corners")
ORIENTATION_ADVICE = ("take it again with less of the board hidden by hands or loose pieces, or lay the corner "
                      "markers of `garden markers` at its corners")


def _photo(source) -> LoadedPhoto:
    if isinstance(source, LoadedPhoto):
        return source
    if isinstance(source, (bytes, bytearray)):
        from assistant.vision.imageio import decode_photo

        return decode_photo(bytes(source), "<photo bytes>")
    return load_photo(source)


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


def _refusal(board: str, source: str, loc: _Located | None, hint: str | None) -> GardenError:
    """Why a photo is refused: the board not found, or found but not which way round; with
    what to change (`hint`: about corner markers laid but not placing it)."""
    if loc is not None and loc.score >= FOUND_SCORE and loc.score - loc.second < GRID_ORIENTATION_MARGIN:
        return GardenError(f"found board {board} in {source} but cannot tell which way round it lies (too little "
                           f"of its printed art shows; {hint or ORIENTATION_ADVICE}).")
    if loc is None:
        return GardenError(f"could not find board {board} in {source} ({hint or RETAKE_ADVICE}).")
    return GardenError(f"could not find board {board} in {source} with confidence (best match {loc.score:.2f}; "
                       f"{hint or RETAKE_ADVICE}).")


def read_photo(source, profile: BoardProfile) -> BoardReading:
    """Reads a photo of a calibrated board; raises GardenError when it cannot be read."""
    photo = _photo(source)
    loc = _find_board(photo, profile)
    cells, conf, details = classify_cells(photo.image, loc.corners, profile)
    details["second"] = loc.second
    details["settled_by"] = loc.settled_by
    return _reading(profile.name, profile.rows, profile.cols, cells, conf, loc.corners, photo,
                    loc.score, loc.method, details)


def place_board(source, profile: BoardProfile) -> BoardPlace:
    """Where a calibrated board lies in a photo, found as read_photo finds it, its cells not read
    (a tile scan needs only the table's plane and the cell's size); raises GardenError as
    read_photo does."""
    photo = _photo(source)
    return _place(_find_board(photo, profile).corners, photo, profile.rows, profile.cols)


def _find_board(photo: LoadedPhoto, profile: BoardProfile) -> _Located:
    """The board found in the photo (its art matched, again on the photo evened when that fails,
    its corner markers when laid); raises GardenError when it cannot be found."""
    ref = _Reference(profile)
    loc = locate_board(photo.image, ref)
    verified = loc is not None and _verified(loc)
    if not verified:  # a veil of sheen or glare, or dim light, can flatten the art the locators match
        again = locate_board(evened(photo.image), ref)
        if again is not None and _verified(again):
            loc, verified = again, True
        else:
            read = _settled_by_reading(photo.image, [c for c in (loc, again) if c is not None], profile)
            loc, verified = (read, True) if read is not None else (loc, False)
    if not verified or not loc.blocks:  # the corner markers, when laid, place it; else refused
        from assistant.vision import markers

        grey = to_grey(photo.image)
        found = markers.detect(grey)
        marked = _marker_located(grey, found, ref)
        if not verified:
            if marked is None:
                raise _refusal(profile.name, photo.source, loc, markers.retake_hint(found))
            loc = marked
        elif marked is not None and not same_place(marked.corners, loc.corners, MARKERS_OVERRULE * float(
                np.linalg.norm(marked.corners[0] - marked.corners[2]))):
            loc = marked
    return loc


def evened(image: np.ndarray) -> np.ndarray:
    """The photo with its local contrast evened out (CLAHE on the lightness): a broad sheen on a
    varnished board, a dim corner or a hazy photo keep the art's edges but flatten them below what
    feature and block matching find. Only for locating: cells are read on the photo as taken.
    Physically rendered bed 0, seed 10000 (a matt sheen over half the board): nothing found as
    taken, the board 0.7% of the diagonal off once evened."""
    lab = cv2.cvtColor(image, cv2.COLOR_BGR2LAB)
    lab[..., 0] = cv2.createCLAHE(clipLimit=EVEN_CLIP, tileGridSize=(EVEN_TILES, EVEN_TILES)).apply(lab[..., 0])
    return cv2.cvtColor(lab, cv2.COLOR_LAB2BGR)


def read_grid(source, rows: int, cols: int) -> BoardReading:
    """No profile: finds an R x C grid and tells blank cells from marked/covered ones."""
    photo = _photo(source)
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
    photo = _photo(source)
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
