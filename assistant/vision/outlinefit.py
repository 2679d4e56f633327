"""A cheap board location: the board's outline, the grid inside it, aligned on the
reference's blocks.

The whole-photo feature search (artmatch) costs half a second or more on a 12 MP
photo; most boards' outer edge shows plainly, though, and the grid inside it
follows from the frame width the reference shows (Reference.frame_width). Such a
guess is a few percent of the board off. The photo is straightened with it, and
the reference's blocks (each cell's inner part, cell-long pieces of the frame) are
found again by correlation near where the guess puts them (finewarp.block_shifts):
the homography through the blocks that agree moves the guess onto the art, at half
the reference's scale and then at its own, in milliseconds. Pieces hide blocks, never
move them, so a fit is robust to a covered board; it is refused when too few blocks
agree, they leave a corner far behind, or the corners hang on any one of them. The
caller verifies every fit as any other candidate (ECC, tried first, drifted a few
percent on covered boards and costs tens of milliseconds a pass in OpenCV 5).
"""

from __future__ import annotations

from collections.abc import Generator, Iterable, Iterator
from dataclasses import dataclass

import cv2
import numpy as np

from assistant.vision.geometry import cell_size, corner_spread, project, same_place, turns
from assistant.vision.rectified import warp_to_ref

#: outlines are searched at this long side (pixels): a board is seldom smaller than a
#: tenth of the photo, and its outline then still spans 40 pixels
WORK_LONG_SIDE = 480
#: the outlines tried, in outline_quads' order: other boards and table patterns can rank
#: before the board's own (rendered photo, seed 100094: the board's outline fifth, behind
#: other boards and blobs of the table's pattern)
OUTLINES = 5
#: block-matching passes: (reference scale, search radius in cells); the coarse pass
#: pulls in a guess a frame's width off, the fine one settles it at the reference's scale.
#: A small board's blurred cells (30-36 pixels in the photo) match too few blocks at the fine
#: scale; retrying that pass at the photo's own scale, then the coarse one, placed 3 of the 21
#: boards not found in rendered seeds 1-8 (one 3.7% of the diagonal off), all 3 then refused
#: still (two too blurred to read, one not telling which way round): not done. The fine pass
#: is retried against a blurred reference instead (BLUR_RETRIES). Going on to the fine pass
#: from the outline's own guess when the coarse one finds too few blocks: rendered seeds 1-8 and
#: 21-28, one more board found (2600063, 0.2% of the diagonal off where the art put it 2.4%), but
#: one photo read with 2 wrong cells where none, and 4 places 0.6-1.1 points of the diagonal less
#: precise (fine fits of few blocks, or other candidates moved onto them): not done
STEPS = ((0.5, 0.6), (1.0, 0.25))
#: a pass needs so many blocks (cells, frame pieces) found where one homography puts them,
#: and the last pass's blocks must reach this near every grid corner (share of the grid's
#: diagonal): a homography extrapolated far beyond its blocks (a board mostly covered, or
#: under glare, on one side) can put that side's corners a few percent off. Rendered
#: photos (seeds 2-6, 500): fits of fewer blocks were most of those more than 2% of the
#: diagonal off (9 blocks: 5 more photos with a right fit, 4 more with a wrong place);
#: fits of 10 or more blocks reaching 0.45-0.6 were all within 1.4%, and 0.5 (was 0.45)
#: gave 5 more photos a right fit
MIN_BLOCKS = 10
MAX_REACH = 0.5
#: ... and the corners must not hang on any one block: fitted with any one left out, none
#: moves more than this share of the diagonal (geometry.corner_spread). Rendered photos, seeds
#: 1-8 and 21-28 (1600 photos, 1384 outline fits): of the 1355 fits within 2% of the diagonal,
#: 2 spread more (1.5% and 1.8% off); of the 16 at wrong places, 3 (2.4-44% off; among them
#: 2500091, 15 blocks none turned, taken 2.9% off and now placed by its art within 0.4%). The
#: other 13 spread less; in the readings of both sets none of them was taken (verify.verified)
MAX_SPREAD = 0.015
#: a blurred photo (defocus, a shaking hand) loses the fine art a sharp reference's blocks
#: correlate on: the fine pass, when it finds too few blocks, is tried again with the reference
#: blurred by these Gaussian sigmas (reference pixels), the photo's detail matched at its own
#: sharpness. Rendered photos, seeds 1-8 (800): 2 more boards found, both right, both of the
#: 26 refused before (one of them read perfectly), and one placed by its outline, not by the
#: art over the whole photo (8.4 s -> 0.34 s); no other photo's reading changed
BLUR_RETRIES = (2.0, 3.5)
#: MAGSAC threshold of that homography (reference pixels at the pass's scale); MAGSAC,
#: as artmatch uses, takes a fraction of classic RANSAC's time when most blocks are hidden.
#: All blocks found enter it, however weakly they correlate. Leaving out those below 0.7: on
#: rendered seeds 61-68 it put 6200003 right (a narrow leafy frame's pieces, matched at 0.60-0.72
#: and 4-11 pixels off, had pulled a fit through 9 open cells 2.5% of the diagonal off), but 460
#: beds found became 458 (3 more refused). Leaving them out only while 10 stronger
#: (0.75) remain: 458 as well (one wrong place put right, another made). Not done
BLOCK_PX = 1.5
#: a coarse pass of so many blocks stands when the fine pass finds too few even blurred: a board
#: small in the photo (cells of 30-40 pixels) shows the fine art too thinly. Rendered photo 2200037
#: (woodland-1-b): coarse 24 blocks 0.5% of the diagonal off, fine none; its outline retried at
#: other frame widths then gave 11 blocks 2.9% off, verified by the photometric match (a wrong
#: reading). Seeds 1-8 and 21-28: that photo read right, no other reading changed
COARSE_ALONE = 20
#: board thickness showing outside the printed frame, in cells (retry_frames): bed-3-dark's
#: outer edge sits this far outside its printed frame. Rendered photos (seeds 2-6, 500):
#: outlines none of whose guesses aligned gave a right place for 4 more photos at frame 0
#: (the frame's inner edge found: a frame the colour of the table), 3 more at this
#: width after that, and no wrong place
THICKNESS = 0.17


class Levels:
    """The grey photo halved again and again (cv2.pyrDown, each made when first asked
    for). A board is straightened to a scale from the level nearest that scale: a warp
    that shrinks it several times at once aliases. pyrDown centres level pixel i on
    photo pixel 2i, so a level's coordinates are the photo's divided by 2 ** level."""

    def __init__(self, grey: np.ndarray) -> None:
        self.levels = [grey]

    @property
    def photo(self) -> np.ndarray:
        """The grey photo itself (level 0)."""
        return self.levels[0]

    def at(self, ppc: float, target: float) -> tuple[np.ndarray, float]:
        """The smallest level whose cells are still at least `target` pixels when they
        are `ppc` in the photo, and its size factor (level = photo * factor)."""
        k = 0
        while ppc / 2 ** (k + 1) >= target and min(self.levels[k].shape[:2]) >= 64:
            if len(self.levels) == k + 1:
                self.levels.append(cv2.pyrDown(self.levels[k]))
            k += 1
        return self.levels[k], 0.5 ** k


def _block_template(ref, scale: float, pad: int, blur: float = 0.0
                    ) -> tuple[np.ndarray, list[tuple[int, int, int, int]]]:
    """The reference at `scale` (blurred by `blur` pixels, a Gaussian sigma), high-passed as
    finewarp matches blocks and padded by `pad` (frame blocks at the border are searched
    beyond it), and its blocks (cells, frame pieces) in padded pixels; kept on the reference."""
    from assistant.vision import finewarp

    cache = ref.__dict__.setdefault("block_templates", {})
    if (scale, pad, blur) not in cache:
        prof = ref.prof
        grey, _ = ref.at_scale(scale)
        if blur > 0:
            grey = cv2.GaussianBlur(grey.astype(np.float32), (0, 0), blur)
        hp = np.pad(finewarp.prepared(grey, prof.cell * scale), pad)
        boxes = [tuple(int(round(v * scale)) + pad for v in box)
                 for box in finewarp.reference_blocks(prof, ref.valid, ref.frame_width)]
        cache[(scale, pad, blur)] = (hp, boxes)
    return cache[(scale, pad, blur)]


@dataclass
class BlockFit:
    corners: np.ndarray  # grid corners in the photo
    blocks: int  # reference blocks found where the fit puts them
    reach: float  # farthest a grid corner lies from those blocks (share of the grid's diagonal)
    spread: float = 0.0  # farthest a corner moves with any one block left out (corner_spread)
    turned: int = -1  # the most blocks found with the grid turned in place (-1: not counted)


def _reach(centres: np.ndarray, rect: np.ndarray) -> float:
    """How far the homography through blocks at `centres` is extrapolated: the largest
    distance from a corner of `rect` to its nearest block, over the rect's diagonal."""
    d = np.linalg.norm(rect[:, None, :] - centres[None, :, :], axis=-1).min(axis=1)
    return float(d.max() / np.linalg.norm(rect[0] - rect[2]))


def block_step(levels: Levels, corners: np.ndarray, ref, scale: float, search: float,
               blur: float = 0.0) -> BlockFit | None:
    """Grid corners moved so that the reference's blocks, each found again within
    `search` cells by correlation (finewarp.block_shifts), sit where the reference has
    them: one homography through the blocks that agree (robustly: pieces hide the
    others). None when too few agree. `blur`: the reference's blur (_block_template)."""
    from assistant.vision import finewarp

    prof = ref.prof
    cell = prof.cell * scale
    radius = max(2, int(round(search * cell)))
    template, boxes = _block_template(ref, scale, radius, blur)
    image, f = levels.at(cell_size(corners, prof.rows, prof.cols), cell)
    rect = (prof.grid_rect() * scale + radius).astype(np.float32)
    Hs = cv2.getPerspectiveTransform(np.asarray(corners * f, np.float32), rect)
    warp = cv2.warpPerspective(image, Hs, template.shape[::-1], flags=cv2.INTER_LINEAR,
                               borderMode=cv2.BORDER_REPLICATE)
    centres, shifts, _ = finewarp.block_shifts(finewarp.prepared(warp, cell), template, boxes, radius)
    if len(centres) < MIN_BLOCKS:
        return None
    cv2.setRNGSeed(7)  # MAGSAC is randomised: same photo, same answer
    G, inliers = cv2.findHomography((centres + shifts).astype(np.float32), centres.astype(np.float32),
                                    cv2.USAC_MAGSAC, BLOCK_PX)
    if G is None or inliers is None or int(inliers.sum()) < MIN_BLOCKS:
        return None
    q = project(np.linalg.inv(G @ Hs), rect) / f
    if not np.all(np.isfinite(q)):
        return None
    agree = inliers.ravel().astype(bool)
    return BlockFit(q, int(agree.sum()), _reach(centres[agree], rect),
                    corner_spread(centres[agree], (centres + shifts)[agree], rect))


def align(levels: Levels, corners: np.ndarray, ref, steps: tuple | None = None) -> BlockFit | None:
    """Grid corners moved onto the reference's art, coarse then fine (the last pass's
    fit, tried again against a blurred reference when it finds too few blocks; the coarse fit
    kept when even that finds too few and the coarse one had COARSE_ALONE); None when a pass
    finds too few blocks (no such board there) or the fit's do not reach every corner or
    fix it (MAX_REACH, MAX_SPREAD)."""
    fit = None
    passes = steps or STEPS
    for i, (scale, search) in enumerate(passes):
        start = np.asarray(corners if fit is None else fit.corners, np.float64)
        coarse = fit
        fit = block_step(levels, start, ref, scale, search)
        for blur in BLUR_RETRIES if fit is None and i == len(passes) - 1 else ():
            fit = block_step(levels, start, ref, scale, search, blur)
            if fit is not None:
                break
        if fit is None and coarse is not None and coarse.blocks >= COARSE_ALONE:
            fit = coarse
            break
        if fit is None:
            return None
    return fit if fit.reach <= MAX_REACH and fit.spread <= MAX_SPREAD else None


def rolls(grey: np.ndarray, corners: np.ndarray, ref, ks: Iterable[int] | None = None) -> list[np.ndarray]:
    """The corners rolled to every orientation that keeps the grid's shape (or by each
    of `ks`), the one whose straightened photo matches the reference best first (a guess
    from an outline has no orientation of its own, and a rough one matches every way poorly)."""

    scored = []
    for k in turns(ref.prof.rows, ref.prof.cols) if ks is None else ks:
        q = np.roll(corners, -k, axis=0)
        warp, _ = warp_to_ref(grey, q, ref.prof, ref.s_scale)
        scored.append((ref.match_score(warp), k, q))
    return [q for _, _, q in sorted(scored, key=lambda x: (-x[0], x[1]))]


def frame_guess(ref) -> float:
    """The frame width the reference shows, in cells (FRAME_GUESS when it shows none).
    Measuring instead where the board's outline lies on the calibration photo (bed-3-dark's
    cut edge half a cell out, its frame 0.35) spared that board the retries (its 12 MP photo
    400015: 6 block passes where 29), but the guesses moved by a few hundredths of a cell on
    every board gave other fits and fine alignments: rendered seeds 1-8, 68 wrong cells where
    59, 728 perfect photos where 730 (800056: corners 0.16% off where 0.36%, yet the alignment
    field bent 0.22 of a cell, 4 cells wrong). Not done."""
    from assistant.vision import framefit

    frame = ref.frame_width
    return framefit.FRAME_GUESS if frame is None else frame


def retry_frames(frame: float) -> tuple[float, ...]:
    """Frame widths tried, in turn, on an outline none of whose guesses at the reference's
    own width aligned."""
    return (0.0, frame + THICKNESS)


def outline_fits(img: np.ndarray, levels: Levels, ref, count: int = OUTLINES) -> Iterator[BlockFit]:
    """Aligned grid corners from the largest board outlines, the grid inset by the frame
    width the reference shows, each orientation tried (the best matching first), with the
    blocks that placed them; each place and orientation once. Outlines none of whose
    guesses aligned are tried again with other frame widths (retry_frames), after every
    outline's first try: photos placed today cost nothing more. They come before grid lines
    and art: a board that needs them (bed-3-dark, its edge outside its printed frame) needs
    them in every photo. Tried after the art, they saved 13% on 35 photos no outline places
    but made that board's 12 MP photo 1.59 s where 0.39 s (bench_photo_speed.py --sweep 20
    --seed 4, 400015). `levels`: Levels of the grey photo."""
    from assistant.vision.outline import outline_quads

    done: list[np.ndarray] = []
    frame = frame_guess(ref)
    missed: list[np.ndarray] = []
    for quad in outline_quads(img, count, WORK_LONG_SIDE):
        if not (yield from _quad_fits(levels, quad, frame, ref, done)):
            missed.append(quad)
    for quad in missed:
        for other in retry_frames(frame):
            if (yield from _quad_fits(levels, quad, other, ref, done)):
                break


def _quad_fits(levels: Levels, quad: np.ndarray, frame: float, ref,
               done: list[np.ndarray]) -> Generator[BlockFit, None, bool]:
    """outline_fits' fits of one outline at one frame width (places not in `done`, which
    grows); returns whether any guess aligned at all."""
    from assistant.vision.rematch import outline_grids

    prof = ref.prof
    aligned = False
    for guess in outline_grids(quad, prof.rows, prof.cols, frame):
        for rolled in rolls(levels.photo, guess, ref):
            fit = align(levels, rolled, ref)
            if fit is None:
                continue
            aligned = True
            q = fit.corners
            tol = 0.25 * cell_size(q, prof.rows, prof.cols)
            if any(same_place(q, d, tol) for d in done):
                continue
            done.append(q)
            fit.turned = turned_blocks(levels, q, ref)
            yield fit
    return aligned


def turned_blocks(levels: Levels, corners: np.ndarray, ref) -> int:
    """The most reference blocks found at a fit's place with the grid turned (every other
    shape-keeping orientation, searched as the fit's last pass). A board's own art is found
    again in its own orientation only: a mostly covered board whose few open cells and
    frame match the reference photometrically no better one way than another still shows
    its orientation by which blocks are found at all."""
    scale, search = STEPS[-1]
    best = 0
    for k in turns(ref.prof.rows, ref.prof.cols)[1:]:
        fit = block_step(levels, np.roll(corners, -k, axis=0), ref, scale, search)
        best = max(best, 0 if fit is None else fit.blocks)
    return best
