"""Locating a mostly covered board by its frame, and telling its orientation from the
few cells still showing.

Pieces hide a covered board's grid lines and nearly all of its art, but never its
printed frame. A rough place (a board outline with a guessed frame width, a weak
fit) is aligned on the frame band alone (ECC); the aligned frame must then match
the reference's frame closely. The frame of many boards looks alike turned, so the
orientation is told by the uncovered cells: the few cells that match their reference
cell best, in each orientation. The whole frame band does not tell it, even of wood grain:
rendered bed-1-dark photos 92-100% covered, at their true corners, matched the reference's
band turned better than placed, as well, or at most 0.12 worse (placed, best turned: 4400091
0.35, 0.39; 2500061 0.43, 0.43; 4800011 0.41, 0.40; 4500081 0.44, 0.32), the part alike in
every orientation swamping the rest. Only the part a turn changes (frame_shows_turn) can:
a board neither it nor the cells tell is refused unless corner markers lie at its corners.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from assistant.vision.geometry import cell_size, same_place, turns
from assistant.vision.imageio import to_grey
from assistant.vision.lab import bgr_to_lab_u8
from assistant.vision.rectified import (
    cell_pixels, ecc_grid_step, gaussian_highpass, norm_xcorr, ring_mask, warp_to_ref,
)

#: share of the cells whose correlations make the orientation score (at least one):
#: a board 90% covered shows a tenth of its cells; covered cells correlate ~0 in
#: every orientation and must not dilute the few that show
BEST_CELLS = 0.08
#: ECC passes on the frame band: (scale, iterations, largest move in cells)
FRAME_STEPS = ((0.5, 40, 1.0), (1.0, 25, 0.5))

#: frame width (cells, grid to outer edge) assumed inside an outline; the re-match
#: tolerates a guess this far off
FRAME_GUESS = 0.35


@dataclass
class FrameFit:
    corners: np.ndarray  # grid corners in the photo, orientation decided by the cells
    ring: float  # frame band correlation after alignment
    cells: float  # best-cells score as placed
    cells_turned: float  # the best of the other orientations


def cell_correlations(ref, warp_small: np.ndarray) -> np.ndarray:
    """Per-cell correlation (rows x cols) of a rectified photo (reference small scale)
    with the reference cells; plain reference cells are NaN (they tell nothing)."""

    prof = ref.prof
    hp = ref.small_highpass(warp_small)
    cells = cell_pixels(hp, prof.margin_px // 2, prof.rows, prof.cols, prof.cell // 2, 2)
    corr = norm_xcorr(cells, ref.s_cells).astype(np.float64)
    corr[ref.s_cell_tex <= 2.0] = np.nan
    return corr


def best_cells(corr: np.ndarray, share: float = BEST_CELLS) -> float:
    """Mean of the best `share` of the textured cells' correlations (0 when none)."""
    vals = np.sort(corr[np.isfinite(corr)].ravel())[::-1]
    if vals.size == 0:
        return 0.0
    k = max(1, int(round(vals.size * share)))
    return float(vals[:k].mean())


def scores_per_turn(grey: np.ndarray, corners: np.ndarray, ref, score) -> list[tuple[float, int]]:
    """(score of the photo rectified at the reference's small scale, roll) for each
    shape-keeping roll of the corners, best first."""

    out = []
    for k in turns(ref.prof.rows, ref.prof.cols):
        warp, _ = warp_to_ref(grey, np.roll(corners, -k, axis=0), ref.prof, ref.s_scale)
        out.append((score(warp), k))
    out.sort(reverse=True)
    return out


def orientation_cells(grey: np.ndarray, corners: np.ndarray, ref) -> list[tuple[float, int]]:
    """Best-cells score for each shape-keeping roll of the corners, best first."""
    return scores_per_turn(grey, corners, ref, lambda warp: best_cells(cell_correlations(ref, warp)))


#: the printed frame's outer edge is looked for this far from the grid (cells): nearer
#: lie the grid's own border lines; farther the reference holds no pixels
EDGE_SEARCH = (0.1, 0.48)
#: an outer edge must change the Lab colour this much (per reference pixel)
EDGE_MIN_STEP = 10.0

def _side_profiles(reference: np.ndarray, m: int) -> list[np.ndarray]:
    """Mean Lab colour across the frame margin on each side, from the grid outward
    (m values each), over the middle of the side (corners hold other things)."""
    lab = bgr_to_lab_u8(reference).astype(np.float32)
    h, w = lab.shape[:2]
    ax, ay = (w - 2 * m) // 10 + m, (h - 2 * m) // 10 + m
    return [lab[:m, ax : w - ax].mean(axis=1)[::-1], lab[h - m :, ax : w - ax].mean(axis=1),
            lab[ay : h - ay, :m].mean(axis=0)[::-1], lab[ay : h - ay, w - m :].mean(axis=0)]


def frame_width(prof) -> float | None:
    """The printed frame's width in cells (grid edge to the frame's outer edge), when
    the reference's margin shows that edge (None: the frame fills the margin, or no
    clear edge): the median over the sides of the strongest colour step. Measured once
    a profile (the locators and the cell reader both ask)."""
    if "frame_width" not in prof.derived:
        prof.derived["frame_width"] = _measured_frame_width(prof)
    return prof.derived["frame_width"]


def _measured_frame_width(prof) -> float | None:
    m, cell = prof.margin_px, prof.cell
    lo, hi = int(EDGE_SEARCH[0] * cell), min(m - 1, int(EDGE_SEARCH[1] * cell))
    found = []
    for p in _side_profiles(prof.reference, m):
        step = np.linalg.norm(p[lo + 1 : hi + 1] - p[lo:hi], axis=1)
        i = int(np.argmax(step)) if step.size else -1
        if i >= 0 and step[i] >= EDGE_MIN_STEP:
            found.append((lo + i + 1) / cell)
    if len(found) < 3:  # an edge on one or two sides only is art, not the frame's edge
        return None
    vals = np.sort(found)
    if vals[-1] - vals[0] > 0.1 and len(found) == 3:
        return None
    return float(np.median(vals))

#: the frame band is aligned stopping this short of the frame's outer edge (cells;
#: the table beyond the edge, lighter or darker than the frame, differs from photo
#: to photo), from a rough guess after a first pass reaching this far past it
EDGE_PAD = 0.1
EDGE_KEEP_OFF = 0.04


def within_frame(prof, scale: float, frame: float | None, pad: float) -> np.ndarray:
    """The reference (at `scale`) up to `pad` cells beyond the frame's outer edge (all of it
    when the frame fills the margin: `frame` None)."""
    w, h = (int(round(v * scale)) for v in prof.reference_size)
    inner = np.zeros((h, w), bool)
    cut = 0 if frame is None else max(0, int(round((prof.margin - frame - pad) * prof.cell * scale)))
    inner[cut : h - cut, cut : w - cut] = True
    return inner


def _band_mask(prof, scale: float, frame: float | None, pad: float) -> np.ndarray:
    """The reference ring (at `scale`) cut at `pad` cells beyond the frame's outer edge."""

    return ring_mask(prof, scale) & within_frame(prof, scale, frame, pad)


def _frame_template(ref, scale: float, pad: float) -> tuple[np.ndarray, np.ndarray]:
    """The reference's frame band at `scale`, high-passed, and its mask (cached)."""

    cache = ref.__dict__.setdefault("frame_templates", {})
    if (scale, pad) not in cache:
        prof = ref.prof
        grey, valid = ref.at_scale(scale)
        mask = valid & _band_mask(prof, scale, ref.frame_width, pad)[: valid.shape[0], : valid.shape[1]]
        cache[(scale, pad)] = (gaussian_highpass(grey, prof.cell * scale / 3), mask)
    return cache[(scale, pad)]


def align_frame(img: np.ndarray, corners: np.ndarray, ref, pad: float = EDGE_PAD,
                steps: tuple = FRAME_STEPS) -> np.ndarray | None:
    """ECC on the high-passed frame band alone (light falls unevenly over a board, and
    raw intensities then correlate badly), coarse then fine; None when it does not
    converge or wanders off (no frame like the reference's there)."""

    prof = ref.prof
    grey = to_grey(img)
    q = np.asarray(corners, np.float64)
    for scale, its, shift in steps:
        template, mask = _frame_template(ref, scale, pad)
        warp, Hs = warp_to_ref(grey, q, prof, scale)
        moving = gaussian_highpass(warp.astype(np.float32), prof.cell * scale / 3)
        moved = ecc_grid_step(template, moving, mask, Hs, prof.grid_rect() * scale, its,
                              shift * prof.cell * scale, 3)
        if moved is None:
            return None
        q = moved
    return q


def _aligned(img: np.ndarray, guess: np.ndarray, ref) -> np.ndarray | None:
    """The frame band aligned short of its outer edge; when that does not converge (a
    rough guess), first with the edge, which pulls a rough place in but, with the
    table beyond it, biases the fit by up to a few percent of the grid's diagonal."""
    if ref.frame_width is None:
        return align_frame(img, guess, ref, EDGE_PAD)
    inner = align_frame(img, guess, ref, -EDGE_KEEP_OFF)
    if inner is not None:
        return inner
    outer = align_frame(img, guess, ref, EDGE_PAD, FRAME_STEPS[:1])
    return None if outer is None else align_frame(img, outer, ref, -EDGE_KEEP_OFF)


def band_scores(ref, warp_small: np.ndarray) -> tuple[float, list[float]]:
    """Correlation of the high-passed frame band (short of its outer edge) with the
    reference's: over the whole band, and over each side of it on its own (top,
    right, bottom, left; a true fit matches on all four, a fit slid along two sides
    still matches on those two)."""

    hp = ref.small_highpass(warp_small)
    band, sides = _score_masks(ref)
    whole = float(norm_xcorr(hp[band][None, :], ref.s_hp[band][None, :])[0])
    return whole, [float(norm_xcorr(hp[m][None, :], ref.s_hp[m][None, :])[0]) for m in sides]


def _score_masks(ref) -> tuple[np.ndarray, list[np.ndarray]]:
    """The scored band (small scale, valid pixels) and its four sides, corners left out."""
    if "score_masks" not in ref.__dict__:
        prof = ref.prof
        band = _band_mask(prof, ref.s_scale, ref.frame_width, -EDGE_KEEP_OFF)
        band = band[: ref.s_valid.shape[0], : ref.s_valid.shape[1]] & ref.s_valid
        m = prof.margin_px // 2
        h, w = band.shape
        boxes = [(slice(0, m), slice(m, w - m)), (slice(m, h - m), slice(w - m, w)),
                 (slice(h - m, h), slice(m, w - m)), (slice(m, h - m), slice(0, m))]
        sides = []
        for ys, xs in boxes:
            mask = np.zeros_like(band)
            mask[ys, xs] = band[ys, xs]
            sides.append(mask)
        ref.score_masks = (band, sides)
    return ref.score_masks


#: the frame alone tells a board's orientation when the part of its band that a turn changes
#: (the band less its mean over the grid's shape-keeping turns: a printed title or emblem on
#: one side, wood grain, an irregular hedge) correlates with the photo's band this well as
#: placed, and this much better than in any other orientation. Boards with at most 3 cells open
#: (their cells cannot tell), at their true corners: of 90 of the sample renderer (seeds 61-68)
#: 47 told, of 86 of bed_photos (seeds 1-3) 45, none the wrong way; where a wrong orientation
#: scored best, it led by 0.23 at most (at a score of 0.02) and scored 0.34 at most (by 0.10)
FRAME_TURN_MIN = 0.35
FRAME_TURN_MARGIN = 0.25


def _turned_part(ref) -> tuple[np.ndarray, np.ndarray]:
    """The reference's high-passed small copy less its mean over the shape-keeping turns (what
    tells one orientation from another), and the frame band pixels valid in every turn (cached)."""
    if "turned_part" not in ref.__dict__:
        band, _ = _score_masks(ref)
        hp = ref.s_hp.astype(np.float64)
        ks = turns(ref.prof.rows, ref.prof.cols)  # quarter turns of the reference image
        ref.turned_part = (hp - np.mean([np.rot90(hp, k) for k in ks], axis=0),
                           np.logical_and.reduce([np.rot90(band, k) for k in ks]))
    return ref.turned_part


def frame_turn_scores(grey: np.ndarray, corners: np.ndarray, ref) -> list[tuple[float, int]]:
    """For each shape-keeping roll of the corners, the correlation of the photo's frame band
    with the part of the reference's that a turn changes (_turned_part), best first."""

    part, band = _turned_part(ref)

    def score(warp: np.ndarray) -> float:
        return float(norm_xcorr(ref.small_highpass(warp)[band][None, :], part[band][None, :])[0])

    return scores_per_turn(grey, corners, ref, score)


def frame_shows_turn(grey: np.ndarray, corners: np.ndarray, ref) -> bool:
    """Whether the frame alone shows the board lies as placed (FRAME_TURN_MIN, FRAME_TURN_MARGIN);
    never for a plain frame (nothing to tell by)."""
    if ref.ring_weight <= 0:
        return False
    (best, k), (second, _) = frame_turn_scores(grey, corners, ref)[:2]
    return k == 0 and best >= FRAME_TURN_MIN and best - second >= FRAME_TURN_MARGIN


def frame_fit(img: np.ndarray, grey: np.ndarray, guess: np.ndarray, ref) -> FrameFit | None:
    """A rough grid place aligned on the frame, then turned as its best cells say;
    None when the frame does not align or is not clearly there."""

    if ref.ring_weight <= 0:  # a plain frame: nothing to align on
        return None
    q = _aligned(img, guess, ref)
    if q is None:
        return None
    ranked = orientation_cells(grey, q, ref)
    if ranked[0][1]:  # aligned turned: align again as the cells say (a turned frame fits loosely)
        q = _aligned(img, np.roll(q, -ranked[0][1], axis=0), ref)
        if q is None:
            return None
    warp, _ = warp_to_ref(grey, q, ref.prof, ref.s_scale)
    ring, sides = band_scores(ref, warp)
    if ring < RING_MIN or min(sides) < SIDE_MIN or ring - _ring_shifted(grey, q, ref) < RING_PEAK:
        return None
    turned = ranked[1][0] if len(ranked) > 1 else -1.0
    return FrameFit(q, ring, ranked[0][0], turned)


#: an aligned frame band must correlate this well with the reference's, and each
#: side of it on its own this well
RING_MIN = 0.6
SIDE_MIN = 0.45
#: ... and this much better than with the grid moved a third of a cell (a plain or
#: repetitive band fits anywhere along itself)
RING_PEAK = 0.25
RING_SHIFT = 0.33


def _ring_shifted(grey: np.ndarray, corners: np.ndarray, ref) -> float:
    """The best frame band correlation with the grid moved RING_SHIFT cells along
    either axis (either way)."""
    from assistant.vision.geometry import project

    prof = ref.prof
    unit = np.array([[0, 0], [prof.cols, 0], [prof.cols, prof.rows], [0, prof.rows]], np.float64)
    back = np.linalg.inv(cv2.getPerspectiveTransform(np.asarray(corners, np.float32), unit.astype(np.float32)))
    best = -1.0
    for d in ((RING_SHIFT, 0), (-RING_SHIFT, 0), (0, RING_SHIFT), (0, -RING_SHIFT)):
        warp, _ = warp_to_ref(grey, project(back, unit + np.array(d)), prof, ref.s_scale)
        best = max(best, band_scores(ref, warp)[0])
    return best


def frame_fits(img: np.ndarray, grey: np.ndarray, guesses: list[np.ndarray], ref,
               limit: int) -> list[FrameFit]:
    """Frame fits from up to `limit` distinct guesses (in corner order: an outline read
    with its sides swapped is another guess), equal fits merged; each fit's
    `cells_turned` is raised to the best cells score of any other fit (another
    place, or the same outline read with its sides swapped), so that a fit counts
    only when its uncovered cells single it out."""
    fits: list[FrameFit] = []
    distinct: list[np.ndarray] = []
    for guess in guesses:
        cell_px = cell_size(guess, ref.prof.rows, ref.prof.cols)
        if len(distinct) >= limit or any(same_place(guess, d, 0.1 * cell_px) for d in distinct):
            continue
        distinct.append(guess)
        f = frame_fit(img, grey, guess, ref)
        if f is None:
            continue
        cell_px = cell_size(f.corners, ref.prof.rows, ref.prof.cols)
        if not any(same_place(f.corners, g.corners, 0.25 * cell_px) for g in fits):
            fits.append(f)
    for f in fits:
        rivals = [g.cells for g in fits if g is not f]
        f.cells_turned = max([f.cells_turned, *rivals])
    return sorted(fits, key=lambda f: f.cells, reverse=True)
