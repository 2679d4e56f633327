"""Whether a candidate place is the board: a located place (`Located`) verified by its own support
(feature inliers, reference blocks, the photo's match with its reference as placed and turned), or,
when none is, settled by its uncovered cells, its frame, or its cells read in every orientation.
Each threshold names the rendered photos it was measured on."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import numpy as np

from assistant.vision import framefit
from assistant.vision.cells import SURE_HIGH, SURE_LOW, classify_cells
from assistant.vision.geometry import cell_size, same_place, turned_cells, turns
from assistant.vision.imageio import to_grey
from assistant.vision.profile import BoardProfile
from assistant.vision.reference import Reference

#: a located board must match its reference at least this well (0..1, Reference.match_score)
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
#: a place (an outline's, or any candidate's moved onto the blocks: locate.placed) fixed by so many
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
#: re-matched features (rematch.orientation_votes) decide the orientation when at least VOTE_MIN
#: of them are found where the board is located and so many more than with it turned (the best
#: turn) that a fair coin tossed for each vote between the two gives the located one as many with
#: a chance of at most VOTE_CHANCE: 41 votes against 23 say more than 9 against 3. A re-match
#: turned wrong counts the true orientation's votes among its turned ones, so it leads only where
#: the art gathers more votes turned than as it lies. benchmarks/bench_orientation_votes.py --full
#: (the sample renderer's seed 7 and seed 3 at coverage 0.8, bed_photos and woods_photos at 0.8, the
#: committed physically rendered beds): 662 re-matches at the right place (626 clear), none turned
#: wrong, 2 elsewhere (neither clear), one 2.3% of the diagonal off (clear, and verified by the rule
#: before too); the true orientation gathered fewer votes than a turn once, 7 against 9. The rule
#: before (three times as many, at least 9) refused mostly covered physically rendered beds whose
#: re-matches lead 34-68 votes to 19-32 (development seed 6, held-out seed 3: 2 boards more found)
#: A feature fit of ART_INLIERS_ALONE inliers or more whose photo match cannot tell its turns apart
#: (a margin below ART_ORIENTATION_MARGIN: a lamp's sheen flattens the art; the beds' cell prints
#: look alike turned to the coarse match, one fit of 1339 inliers matched 0.35 as placed, 0.41
#: turned) carries its features' votes: the reference features found again (guided, refitted)
#: where it puts them and turned (artmatch.orientation_inliers). On the physically rendered beds
#: seeds 1, 4, 5, 6, 8, 9, 10 and woodland 4 and 5 (bench_orientation_votes.py --dir): 125 such
#: fits at the right place (122 clear), none turned wrong or elsewhere, one 2.4% off (clear: why such a
#: fit does not end the search, accepted); each right one turned in place, 375 turns, none clear.
#: Found now that were refused: three of those beds (40001, 40029, 60007) and two of bed_photos
#: seed 2 (200041, 200047); every other guard set read line for line as before
VOTE_MIN = 9
VOTE_CHANCE = 0.05
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
class Located:
    """A candidate place of the board (locate) with what supports it: its match as placed and turned,
    and whichever of inliers, votes, blocks, frame and cells its locator measured."""

    corners: np.ndarray  # decoded-image pixels, calibrated order
    score: float
    second: float
    method: str
    inliers: int = 0
    frame: float = -1.0  # frame band correlation (-1: plain frame or not measured)
    votes: tuple[int, int] | None = None  # features found again as located / turned (rematch; a feature fit
    # the photo's match cannot turn: artmatch.orientation_inliers)
    cells: tuple[float, float] | None = None  # best-cells score as located / rival (framefit)
    blocks: int = 0  # reference blocks that fixed the place (outlinefit.align)
    turned_blocks: int = -1  # the most found with the grid turned in place (-1: not counted)
    source_inliers: int = 0  # a re-match's: the most inliers of an earlier feature fit at its place
    settled_by: str = ""  # "cells" / "frame" / "reading" / "another photo": verified so, the last resorts (settled_by_*)


def accepted(loc: Located) -> bool:
    """Whether a candidate ends the search: a grid-line fit only when unmistakable."""
    if loc.method == "grid":
        return (loc.score >= GRID_EARLY_SCORE and loc.score - loc.second >= GRID_EARLY_MARGIN
                and loc.frame >= GRID_EARLY_FRAME)
    if _coarse_art(loc) or _weak_art(loc) or _few_inliers(loc) or _turned_by_features(loc):
        return False  # re-matched face-on next; still a candidate should that fail
    return verified(loc)


def _turned_by_features(loc: Located) -> bool:
    """Whether a feature fit's orientation rests on its features' votes (artmatch.orientation_inliers;
    a fit carries them only when nothing else verifies it and the photo matches it as poorly turned
    as placed, locate.locate_candidates): the votes tell which way round the board lies,
    not how closely the fit places it. pbr-woods-1_55005 (samples/pbr seed 5, 70 inliers, match 0.30
    against 0.29 turned): such a fit 2.4% of the diagonal off, its re-match 0.3% off at 0.41."""
    return loc.method in ("art", "art-all") and loc.votes is not None


def _few_inliers(loc: Located) -> bool:
    """Whether a feature fit has too few inliers to fix its place alone (ART_INLIERS_ALONE):
    verified by its frame or its match, it is the board, but its far corners can be a few
    percent of the diagonal off. pbr-bed-4_100004 (samples/pbr seed 10, a veil of sheen):
    such a fit of 50 inliers at match 0.55 8.4% off ended the search; the re-matches after it
    were 0.6-0.7% off at 0.80-0.82."""
    return loc.method == "art" and loc.inliers < ART_INLIERS_ALONE


def _weak_art(loc: Located) -> bool:
    """Whether a feature fit is verified by its inliers alone while the photo matches the
    reference poorly there (below FOUND_SCORE): its features sit in the little of the board
    that shows, and the far corners can be 3% of the diagonal off. bed_photos 200045 (a bed
    nearly covered, steeply tilted): such a fit of 93 inliers 3.2% off at match 0.26, the
    weaker features and their re-match, searched next, 0.3-0.5% off at 0.39."""
    return loc.method == "art" and loc.score < FOUND_SCORE


def _coarse_art(loc: Located) -> bool:
    """Whether a fit is one of many inliers (so not ECC-polished) of the weaker features
    over the whole photo (a block alignment may have moved it, as any candidate).
    That stage runs only when the strongest features missed the board: it is small in
    the photo, its features span few pixels, and the inliers may sit in the uncovered
    part of it, so even 60-150 of them can put the far corners 2-14% of the diagonal
    off (rendered photos: the speed benchmark's hard case, seed 4; ECC polish does not
    move such a fit). The re-match, straightened face-on, put those within 0.5%."""
    return loc.method == "art-all" and loc.inliers >= ART_NO_POLISH


def verified(loc: Located) -> bool:
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
    if (loc.inliers >= ART_INLIERS_ALONE and (margin >= ART_ORIENTATION_MARGIN or votes_clear(loc.votes))
            and not (_coarse_art(loc) and loc.score < FOUND_SCORE)):
        return True
    if loc.inliers >= ART_INLIERS_FRAMED and loc.frame >= FRAME_CONFIRMS and margin >= GRID_ORIENTATION_MARGIN:
        return True
    if loc.source_inliers >= ART_INLIERS_ALONE and votes_clear(loc.votes):
        return True  # the place is the feature fit's, the orientation the re-match's votes'
    if loc.blocks >= OUTLINE_BLOCKS_ALONE and margin >= GRID_ORIENTATION_MARGIN:
        return True
    if loc.blocks >= OUTLINE_BLOCKS_OWN and 0 <= loc.turned_blocks <= OUTLINE_TURNED_SHARE * loc.blocks:
        return True
    # fewer inliers (or none: grid lines) place the board only roughly (a fit of 20-50
    # inliers can be 2-4% of the diagonal off, or a cell off on a covered board): the
    # rectified photo itself must match the reference well and in one orientation only
    return loc.score >= FOUND_SCORE_WITHOUT_ART and margin >= GRID_ORIENTATION_MARGIN


def settled_by_cells(img: np.ndarray, results: list[Located], ref: Reference) -> list[Located]:
    """Candidates verified by their uncovered cells, which must settle the orientation as
    placed (FRAME_CELLS, FRAME_CELLS_MARGIN): one that fixes its own place (_places_itself)
    on its own by a wider margin (GRID_CELLS_MARGIN), any other when it agrees on the place
    with a candidate of another kind (AGREE_CELLS); of each agreeing group the best supported
    (most inliers, then blocks, then match)."""
    grey = to_grey(img)
    settled: list[tuple[Located, float]] = []
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


def settled_by_frame(img: np.ndarray, results: list[Located], ref: Reference) -> list[Located]:
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


def settled_by_reading(turned: TurnedReadings, found: list[Located]) -> Located | None:
    """The first of the candidates found (FOUND_SCORE, as placed or turned) whose cells, read in
    each orientation (turned), tell which way round it lies (READ_TURN_*), turned so; None when none does."""
    layout = np.array(turned.prof.layout)
    for loc in found:
        if max(loc.score, loc.second) < FOUND_SCORE:
            continue
        read = turned.of(loc)
        agree = {k: p < SURE_LOW for k, (_, p) in read.items()}
        for own in agree:
            if all(reads_apart(agree[own], agree[k], layout, (k - own) % 4) for k in agree if k != own):
                return replace(loc, corners=read[own][0], settled_by="reading")
    return None


class TurnedReadings:
    """Candidates' cells read in every shape-keeping orientation (turns), each candidate read once:
    per corner roll k, the corners rolled so and P(covered) of each cell read with them. The
    orientation is settled by these readings alone (settled_by_reading), then, when another photo
    has been read, by what it read (settled_by_known), from the same readings."""

    def __init__(self, img: np.ndarray, prof: BoardProfile) -> None:
        self.img, self.prof = img, prof
        self._read: dict[bytes, dict[int, tuple[np.ndarray, np.ndarray]]] = {}

    def of(self, loc: Located) -> dict[int, tuple[np.ndarray, np.ndarray]]:
        key = np.asarray(loc.corners, np.float64).tobytes()
        if key not in self._read:
            rolled = {k: np.roll(loc.corners, -k, axis=0) for k in turns(self.prof.rows, self.prof.cols)}
            self._read[key] = {k: (c, classify_cells(self.img, c, self.prof, refuse_blur=False)[2]["p_covered"])
                               for k, c in rolled.items()}
        return self._read[key]


#: a board found but not which way round when another photo of it has been read (vision.views):
#: the orientation whose cells read with confidence agree with that photo's sure cells, differing
#: on at most KNOWN_SLIP of the cells both read surely, and on KNOWN_MARGIN more in every other
#: orientation (a turned board puts other pieces over the cells; one covered all over, or laid
#: alike turned, tells nothing and stays refused)
KNOWN_SLIP = 0.1
KNOWN_MARGIN = 3


def settled_by_known(turned: TurnedReadings, found: list[Located], known: np.ndarray) -> Located | None:
    """The first of the candidates found (FOUND_SCORE, as placed or turned) that one orientation
    (turned) reads as `known` says (rows x cols: 1 covered, 0 open, NaN not known; KNOWN_*), turned
    so; None when none does."""
    told = ~np.isnan(known)
    for loc in found:
        if max(loc.score, loc.second) < FOUND_SCORE:
            continue
        read = turned.of(loc)
        differ, compared = {}, {}
        for k, (_, p) in read.items():
            both = told & ((p < SURE_LOW) | (p > SURE_HIGH))
            differ[k] = int((both & ((p > 0.5) != (known > 0.5))).sum())
            compared[k] = int(both.sum())
        best = min(read, key=lambda k: differ[k])
        if compared[best] and differ[best] <= KNOWN_SLIP * compared[best] and all(
                differ[k] >= differ[best] + KNOWN_MARGIN for k in read if k != best):
            return replace(loc, corners=read[best][0], settled_by="another photo")
    return None


def reads_apart(own: np.ndarray, other: np.ndarray, layout: np.ndarray, k: int) -> bool:
    """Whether cells read open with confidence with the corners as placed (`own`) outnumber
    those read so with them rolled by k (`other`, its own cell order) on the cells where the two
    put different art (READ_TURN_MARGIN, READ_TURN_RATIO)."""
    r, c = turned_cells(*layout.shape, k)
    differ = layout != layout[r, c]
    a, b = int((own & differ).sum()), int((other[r, c] & differ).sum())
    return a - b >= READ_TURN_MARGIN and a >= READ_TURN_RATIO * b


def _places_itself(loc: Located) -> bool:
    """Whether a candidate's place stands without another kind agreeing: a grid-line fit (the
    lattice), or an outline fit by blocks none of which are found with the grid turned."""
    return loc.method == "grid" or (loc.method == "outline" and loc.turned_blocks == 0)


def votes_clear(votes: tuple[int, int] | None) -> bool:
    """Whether re-matched features settle the orientation on their own: enough of them, and
    more found where the board is located than with it turned than chance gives (VOTE_MIN,
    VOTE_CHANCE; a mostly covered board's frame can look alike turned to the coarse
    photometric score, and a few features alike turned to the votes)."""
    if votes is None:
        return False
    own, turned = votes
    return own >= VOTE_MIN and as_many_by_chance(own, own + turned) <= VOTE_CHANCE


def as_many_by_chance(k: int, n: int) -> float:
    """The chance that a fair coin tossed n times comes up heads k times or more."""
    return sum(math.comb(n, i) for i in range(k, n + 1)) / 2 ** n
