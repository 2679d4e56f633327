"""Finding a calibrated board in a photo: candidate places from every locator, cheapest first (the
board's outline aligned on its art, grid lines, the printed art's features, re-matches inside rough
places, the frame band), each checked (verify), and the corner markers when laid. `find_board` is
the whole search, with the refusal that says what to change."""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np

from assistant.errors import GardenError
from assistant.vision import framefit
from assistant.vision.framefit import FRAME_GUESS
from assistant.vision.geometry import cell_size, same_place, turns
from assistant.vision.glare import GLARE_NAMED, MOVE_THE_REFLECTION, glare_on_board
from assistant.vision.gridfind import find_grids
from assistant.vision.imageio import LoadedPhoto, to_grey
from assistant.vision.profile import BoardProfile
from assistant.vision.rectified import ecc_grid_step, ring_mask, warp_to_ref
from assistant.vision.reference import Reference
from assistant.vision.verify import (
    AGREE_CELLS, ART_INLIERS_ALONE, ART_NO_POLISH, ART_ORIENTATION_MARGIN, FOUND_SCORE, GRID_ORIENTATION_MARGIN,
    Located, TurnedReadings, accepted, settled_by_cells, settled_by_frame, settled_by_known, settled_by_reading,
    verified,
)

#: board outlines tried (largest first) when nothing else located the board
OUTLINE_TRIES = 3
#: at most so many rough places are re-matched (each costs a SIFT pass or two)
MAX_REMATCHES = 6
#: rough places aligned on the frame band at most (framefit; ~0.1 s each)
MAX_FRAME_FITS = 8
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
#: four corner markers overrule a verified place no block fit confirmed (feature fits, grid
#: lines, frame fits) when they put the grid further from it than this share of its diagonal:
#: their own places were at most 2.1% off (rendered nearly full boards, 374 photos), while
#: a feature fit of 63 inliers on such a board lay 4.1% off (seed 7700070)
MARKERS_OVERRULE = 0.03
#: evened(): CLAHE's clip and tiles a side (OpenCV's usual 8x8; the clip a common choice, not fitted)
EVEN_CLIP = 3.0
EVEN_TILES = 8
#: what a refused player can change: the misses measured are small boards under blur and
#: boards so covered that little printed art is left to match
RETAKE_ADVICE = ("take it again with the whole board in view and filling more of the photo, held still; "
                 "for a board nearly covered, lay the corner markers of `garden markers` at its corners")
ORIENTATION_ADVICE = ("take it again with less of the board hidden by hands or loose pieces, or lay the corner "
                      "markers of `garden markers` at its corners")


def locate_board(img: np.ndarray, ref: Reference) -> Located | None:
    """Finds the board: by its outline aligned on the art, or by its grid lines, when
    that match is unmistakable (cheap), else by its printed art (SIFT features +
    MAGSAC homography, which also fixes the orientation). Every candidate is verified
    against the reference (verified), or, when none is on its own, by its uncovered cells
    (settled_by_cells), else by its frame's orientation (settled_by_frame), and taken to a
    block fit found at its place (_on_blocks); the caller tries the corner markers (which also
    overrule a place no block fit confirmed, when they put the board elsewhere:
    MARKERS_OVERRULE), then refuses an unverified one."""
    results: list[Located] = []
    for loc in locate_candidates(img, ref):
        results.append(loc)
        if accepted(loc):
            return _on_blocks(img, _best_match_here(loc, results, ref), results, ref)
    ok = ([r for r in results if verified(r)] or settled_by_cells(img, results, ref)
          or settled_by_frame(img, results, ref))
    pool = ok or results
    if not pool:
        return None
    best = max(pool, key=lambda r: r.score)
    return _on_blocks(img, _best_match_here(best, results, ref), results, ref) if ok else best


def _best_match_here(loc: Located, results: list[Located], ref: Reference) -> Located:
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
    best = max([loc] + [r for r in here if verified(r)], key=lambda r: r.score)  # ties keep loc
    # a frame fit's score is its cells' correlation, not a match
    lender = max((r for r in here if not verified(r) and r.method != "frame"), key=lambda r: r.score, default=None)
    if lender is not None and lender.score >= best.score + UNVERIFIED_LEAD:
        return replace(best, corners=lender.corners)  # `best` keeps its own verification
    return best


def _on_blocks(img: np.ndarray, loc: Located, results: list[Located], ref: Reference) -> Located:
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


def marker_located(grey: np.ndarray, found: dict[int, np.ndarray], ref: Reference) -> Located | None:
    """The board by the corner markers `found` in the grey photo (markers.place_grid), which
    fix its orientation too; the frame band may move the grid where it matches far better.
    None without all four markers at a board's corners."""
    from assistant.vision import markers

    prof = ref.prof

    def band(corners: np.ndarray) -> float:
        return framefit.band_scores(ref, warp_to_ref(grey, corners, prof, ref.s_scale)[0])[0]

    measured = ref.frame_width  # a frame filling the reference's margin is at least that wide
    grid = markers.place_grid(grey, found, prof.rows, prof.cols, prof.margin if measured is None else measured,
                              band if ref.ring_weight > 0 else None)
    return None if grid is None else _located(grey, grid, ref, "markers")


def locate_candidates(img: np.ndarray, ref: Reference):
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

    def oriented(corners: np.ndarray, method: str) -> Located:
        # all four rolls: grid lines of a non-square board may be fitted either way round
        return placed(img, levels, rolls(grey, corners, ref, range(4))[0], ref, method)

    for fit in outline_fits(img, levels, ref):
        yield _located(grey, fit.corners, ref, "outline", blocks=fit.blocks, turned_blocks=fit.turned)
    tried: list[Located] = []
    for cand in find_grids(grey, prof.rows, prof.cols, max_results=3):
        loc = oriented(cand.corners, "grid")
        tried.append(loc)
        yield loc
    # the printed art: the strongest features first, then all of them (small boards)
    feats = artmatch.photo_features(grey, 0)
    for stage, use in artmatch.feature_stages(feats):
        m = artmatch.match_art(ref.art, use, prof.grid_rect(), grey.shape)
        if m is not None:
            loc = placed(img, levels, m.corners, ref, stage, m.inliers, ecc=m.inliers < ART_NO_POLISH)
            if (loc.inliers >= ART_INLIERS_ALONE and loc.score - loc.second < ART_ORIENTATION_MARGIN
                    and not verified(loc)):
                # nothing verifies it and the photo's match cannot tell the turns apart (a sheen; art alike
                # turned): its features may tell. So a feature fit's votes are what verify it (accepted)
                loc = replace(loc, votes=artmatch.orientation_inliers(ref.art, use, m.corners, prof.grid_rect(),
                                                                     turns(prof.rows, prof.cols)[1:], grey.shape))
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
            loc = _with_source(levels.photo, loc, tried, ref)
            tried.append(loc)
            yield loc
    # a mostly covered board: every rough place, and the outlines again with the frame
    # width the reference shows, aligned on the frame band (never covered)
    yield from _frame_located(img, grey, quads, [t.corners for t in tried], ref)


def _frame_located(img: np.ndarray, grey: np.ndarray, quads: list[np.ndarray], tried: list[np.ndarray],
                   ref: Reference):
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
        yield Located(fit.corners, fit.cells, fit.cells_turned, "frame", 0, fit.ring,
                       cells=(fit.cells, fit.cells_turned))


def _with_source(grey: np.ndarray, loc: Located, tried: list[Located], ref: Reference) -> Located:
    """A re-match with the support of the earlier feature fit of most inliers at its place
    (SOURCE_PLACE_CELLS; `source_inliers`); one of too few inliers to place the board alone
    (ART_INLIERS_ALONE) and not moved onto blocks is verified by that fit's place and its own
    orientation votes, so it takes that fit's corners (in its own order). Physically rendered photos
    (samples/pbr beds seeds 1, 4, 6, 9, 10, woodland 4 and 5): the 6 re-matches of 36-58 inliers
    whose source had 60 or more lay 0.5-2.9% of the diagonal off, their sources 0.3-0.6%
    (pbr-bed-0_40024, verified and read: 2.9%, its source of 94 inliers 0.3%)."""
    prof = ref.prof
    source = max((t for t in tried if t.inliers and _same_place(loc.corners, t.corners, prof, SOURCE_PLACE_CELLS)),
                 key=lambda t: t.inliers, default=None)
    if source is None:
        return loc
    loc.source_inliers = source.inliers
    if loc.blocks or loc.inliers >= ART_INLIERS_ALONE or source.inliers < ART_INLIERS_ALONE:
        return loc
    in_order = min((np.roll(source.corners, -k, axis=0) for k in range(4)),
                   key=lambda c: float(np.abs(c - loc.corners).max()))
    moved = _located(grey, in_order, ref, loc.method, loc.inliers, loc.votes)
    moved.source_inliers = source.inliers
    return moved


def _same_place(a: np.ndarray, b: np.ndarray, prof: BoardProfile, cells: float = 1.0) -> bool:
    """Whether two grid guesses cover the same spot (any corner order) within `cells` cells."""
    cell = cells * cell_size(b, prof.rows, prof.cols)
    return all(np.min(np.linalg.norm(b - p, axis=1)) < cell for p in a)


def _rematched(img: np.ndarray, levels, guess: np.ndarray, ref: Reference) -> Located | None:
    """The art matched again inside a straightened rough location (rematch)."""
    from assistant.vision.rematch import rematch

    prof = ref.prof
    m = rematch(levels.photo, guess, ref.art, prof.grid_rect(), prof.rows, prof.cols, prof.cell)
    if m is None:
        return None
    return placed(img, levels, m.corners, ref, "rematch", m.inliers, (m.votes, m.turned),
                   ecc=m.inliers < ART_NO_POLISH)


def placed(img: np.ndarray, levels, corners: np.ndarray, ref: Reference, method: str,
            inliers: int = 0, votes: tuple[int, int] | None = None, ecc: bool = True) -> Located:
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


def _located(grey: np.ndarray, corners: np.ndarray, ref: Reference, method: str, inliers: int = 0,
             votes: tuple[int, int] | None = None, blocks: int = 0, turned_blocks: int = -1) -> Located:
    """A candidate with its match score as placed, the best of its other shape-keeping
    orientations, and its frame support (from the rectification as placed)."""
    prof = ref.prof
    warps = [warp_to_ref(grey, np.roll(corners, -k, axis=0), prof, ref.s_scale)[0]
             for k in turns(prof.rows, prof.cols)]
    scores = [ref.match_score(w) for w in warps]
    return Located(corners, scores[0], max(scores[1:]), method, inliers, ref.ring_score(warps[0]), votes,
                    blocks=blocks, turned_blocks=turned_blocks)


def _polish(img: np.ndarray, corners: np.ndarray, ref: Reference) -> np.ndarray:
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


def _score_at(img: np.ndarray, corners: np.ndarray, ref: Reference) -> float:
    warp, _ = warp_to_ref(to_grey(img), corners, ref.prof, ref.s_scale)
    return ref.match_score(warp)


def refine_alignment(img: np.ndarray, corners: np.ndarray, ref: Reference, scale: float = 0.5,
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


def _refusal(board: str, source: str, loc: Located | None, hint: str | None, glare: float = 0.0) -> GardenError:
    """Why a photo is refused: the board not found, or found but not which way round; with
    what to change (`hint`: about corner markers laid but not placing it; else, when glare
    covers a share of the board's grid as placed, glare.GLARE_NAMED or more, the glare)."""
    if hint is None and glare >= GLARE_NAMED:
        hint = f"a light's reflection covers {glare:.0%} of the board: {MOVE_THE_REFLECTION}"
    if loc is not None and loc.score >= FOUND_SCORE and loc.score - loc.second < GRID_ORIENTATION_MARGIN:
        return GardenError(f"found board {board} in {source} but cannot tell which way round it lies (too little "
                           f"of its printed art shows; {hint or ORIENTATION_ADVICE}).")
    if loc is None:
        return GardenError(f"could not find board {board} in {source} ({hint or RETAKE_ADVICE}).")
    return GardenError(f"could not find board {board} in {source} with confidence (best match {loc.score:.2f}; "
                       f"{hint or RETAKE_ADVICE}).")


def find_board(photo: LoadedPhoto, profile: BoardProfile, known: np.ndarray | None = None) -> Located:
    """The board found in the photo (its art matched, again on the photo evened when that fails,
    its corner markers when laid); raises GardenError when it cannot be found. `known`: the cells
    another photo of the board read (verify.settled_by_known), which may tell which way round it lies."""
    ref = Reference(profile)
    loc = locate_board(photo.image, ref)
    ok = loc is not None and verified(loc)
    if not ok:  # a veil of sheen or glare, or dim light, can flatten the art the locators match
        again = locate_board(evened(photo.image), ref)
        if again is not None and verified(again):
            loc, ok = again, True
        else:
            candidates = [c for c in (loc, again) if c is not None]
            turned = TurnedReadings(photo.image, profile)
            read = settled_by_reading(turned, candidates)
            if read is None and known is not None:
                read = settled_by_known(turned, candidates, known)
            loc, ok = (read, True) if read is not None else (loc, False)
    if not ok or not loc.blocks:  # the corner markers, when laid, place it; else refused
        from assistant.vision import markers

        grey = to_grey(photo.image)
        found = markers.detect(grey)
        marked = marker_located(grey, found, ref)
        if not ok:
            if marked is None:
                glare = 0.0 if loc is None else glare_on_board(photo.image, loc.corners)
                raise _refusal(profile.name, photo.source, loc, markers.retake_hint(found), glare)
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
