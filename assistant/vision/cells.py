"""Cell classification against a calibrated reference: covered or not, with a confidence.

The photo is rectified onto the profile's reference (REF_CELL pixels a cell) and
every cell is compared with what the empty board looks like there:

* the photo is read at the size a 12 MP JPEG is decoded at (reduced_photo), whatever its size;
* geometry first: the smooth misfit the homography leaves (a lens's bend, corners a little
  off) is moved out (finewarp), since every measure compares pixels at the same place;
* photometry next: the reference is blurred to the photo's sharpness (a climb over
  blur candidates that stops at the first one that does not gain), and the
  photo's light (a smooth lightness gain over the board) and white balance (a gain
  and offset on a and b) are fitted on the parts that plainly show the board (the
  frame, which tiles never cover, and cells whose art clearly matches);
* per-cell measurements that mean something physically (cell_features): how well
  the art correlates with the reference (high-pass NCC, two scales), the Lab
  difference after the photometric fit by distance from the cell edge (centre,
  border band, each side), extra edges parallel to each side (a tile's outline,
  the cut of a leaf tile's hole), texture lost or gained, and the same measures
  of the four neighbours (a hole is a reference-matching centre inside a ring of
  tile that continues into a covered neighbour); the mismatch again after the cell's own
  lightness gain (a shadow or a bright patch on open board is a gain, a tile rarely is); a
  leaf tile's hole ring (cell_rings: tile outside a cut, board inside it, on every side, at
  the cut depth that fits each side) and the share of pixels the sensor clipped (glare);
* a small boosted-tree model (cell_model.npz, fitted by cell_fit.py on a mix of
  rendered photos: the sample renderer's designs and dozens more, and the
  independent tests/vision/synth.py boards) turns the measures into P(covered);
  its members, fitted on two such mixes, are averaged;
* a second stage sees the first stage's P(covered) of the four neighbours and
  splits each side's evidence by what lies beyond it (a tile's overhang, outline
  and shadow reach into an open cell only from a covered neighbour; a covered cell
  differs from the board on its open-facing sides too; a hole is ringed by tile).
  A cell whose probability is not clearly on one side gets a low confidence; the
  reader lists it as uncertain instead of guessing;
* a photo too soft for its game's board is refused (GardenError) rather than read: its
  confident readings go wrong (woodland boards from about a tenth of a cell, beds only beyond
  the strongest blur the reference is matched at). The softness must show on the cells and on
  the board as a whole (the frame too): on a nearly full board the cells are all tiles.

All measures are normalised per photo (divided by the typical mismatch of cells
that plainly show the board), so that they carry over between cameras and boards.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

import cv2
import numpy as np

from assistant.vision import cell_fit, cell_net, cell_rings, finewarp, framefit, symbols
from assistant.vision.glare import clipped_white
from assistant.vision.imageio import TARGET_LONG_SIDE, to_grey
from assistant.vision.lab import bgr_to_lab
from assistant.vision.profile import BoardProfile
from assistant.vision.rectified import (
    cell_pixels, cell_view, frame_boxes, neighbours, norm_xcorr, stack_highpass, warp_to_ref,
)

#: ref-blur candidates (reference pixels) tried to match the photo's sharpness
BLUR_SIGMAS = (0.0, 1.0, 2.0, 3.0, 4.5, 6.0)
#: photo-blur candidates, for a calibration photo softer than the photo
PHOTO_SIGMAS = (1.0, 2.0, 3.0)
#: weight of lightness in the Lab mismatch (shading and shadows move L more than colour)
L_WEIGHT = 0.5
#: P(covered) between these is not a reading but a guess: confidence below 0.5
SURE_LOW, SURE_HIGH = 0.2, 0.8


class _Geometry:
    """Masks over one s x s cell, by distance from the cell edge (fractions of s)."""

    def __init__(self, s: int) -> None:
        c = (np.arange(s) + 0.5) / s
        left = np.broadcast_to(c[None, :], (s, s))
        top = np.broadcast_to(c[:, None], (s, s))
        dist = [top, 1 - left, 1 - top, left]  # distance from side: top, right, bottom, left
        edge = np.minimum.reduce(dist)
        self.centre = edge > 0.22
        self.inner = edge > 0.15
        along = [np.abs(left - 0.5), np.abs(top - 0.5), np.abs(left - 0.5), np.abs(top - 0.5)]
        #: band just inside each side, away from the corners
        self.band = [(d >= 0.02) & (d < 0.13) & (a < 0.33) for d, a in zip(dist, along)]
        self.border = (edge < 0.13)
        self.rings = [(edge >= lo) & (edge < hi) for lo, hi in ((0.0, 0.05), (0.05, 0.1), (0.1, 0.16), (0.16, 0.25))]
        # edge-profile lines: depth index -> mask along each side
        self.s = s
        self.depth_lo, self.depth_hi = int(np.floor(0.03 * s)), int(np.ceil(0.17 * s))


_GEOM: dict[int, _Geometry] = {}


def _geometry(s: int) -> _Geometry:
    if s not in _GEOM:
        _GEOM[s] = _Geometry(s)
    return _GEOM[s]


def _mean_in(cells: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """rows x cols x s x s -> rows x cols mean over mask."""
    return cells[:, :, mask].mean(axis=-1)


def _blocks_lab_mean(lab: np.ndarray, m, rows, cols, s, mask) -> np.ndarray:
    c = cell_view(lab, m, rows, cols, s)
    return c[:, :, mask].mean(axis=2)


def _frame_blocks(a: np.ndarray, valid: np.ndarray, prof: BoardProfile):
    """Mean of cell-wide blocks of the frame margin (fully valid ones) and their centres."""
    s, m = prof.cell, prof.margin_px
    vals, pos = [], []
    for ys, xs in frame_boxes(prof, valid):
        vals.append(a[ys, xs].reshape(-1, a.shape[-1]).mean(axis=0))
        pos.append(((xs.start + xs.stop) / 2 / s - m / s, (ys.start + ys.stop) / 2 / s - m / s))
    if not vals:
        return np.zeros((0, a.shape[-1]), np.float32), np.zeros((0, 2))
    return np.array(vals, np.float32), np.array(pos)


class CellReference:
    """A profile's reference prepared once for cell classification."""

    def __init__(self, prof: BoardProfile) -> None:
        self.prof = prof
        ref = prof.reference
        valid = prof.valid if prof.valid is not None else np.full(ref.shape[:2], 255, np.uint8)
        self.valid = valid > 127
        self.grey = to_grey(ref).astype(np.float32)
        self.lab = bgr_to_lab(ref)
        self.blurred = {}
        for sg in BLUR_SIGMAS:
            if sg == 0:
                self.blurred[sg] = (self.grey, self.lab)
            else:
                self.blurred[sg] = (cv2.GaussianBlur(self.grey, (0, 0), sg), cv2.GaussianBlur(self.lab, (0, 0), sg))
        self._cache: dict = {}

    def cached(self, key, make):
        if key not in self._cache:
            self._cache[key] = make()
        return self._cache[key]


def _robust_scale(v: np.ndarray, floor: float) -> float:
    v = v[np.isfinite(v)]
    if v.size == 0:
        return floor
    return max(float(np.median(v)), floor)


def _lit_mismatch(lab_cells: np.ndarray, pred_cells: np.ndarray, mask: np.ndarray
                  ) -> tuple[np.ndarray, np.ndarray]:
    """Per-pixel Lab mismatch of each cell after scaling its predicted empty board by the
    cell's own light (the median lightness ratio over mask; a and b scale with it, as they do
    for a change of exposure), and the log of that ratio. rows x cols x s x s (x 3) inputs."""
    ratio = (lab_cells[..., 0] + 5) / (pred_cells[..., 0] + 5)
    r = np.clip(np.median(ratio[:, :, mask], axis=-1), 0.3, 3.0)[:, :, None, None]
    d = lab_cells - pred_cells * r[..., None]
    d[..., 0] -= 5 * (r - 1)
    mis = np.sqrt((L_WEIGHT * d[..., 0]) ** 2 + d[..., 1] ** 2 + d[..., 2] ** 2)
    return mis, np.log(r[:, :, 0, 0])


def _block_nccs(g_p: np.ndarray, cref: CellReference, sg: float) -> tuple[np.ndarray, np.ndarray]:
    """NCC of every cell's inner part and of every frame block, photo against reference, at
    relative blur sg (>= 0: the reference blurred by sg; < 0: the photo blurred by -sg)."""
    prof = cref.prof
    s, m, R, C = prof.cell, prof.margin_px, prof.rows, prof.cols
    inner = _geometry(s).inner
    a, b = (g_p, cref.blurred[sg][0]) if sg >= 0 else (cv2.GaussianBlur(g_p, (0, 0), -sg), cref.grey)
    cells = norm_xcorr(cell_view(a, m, R, C, s)[:, :, inner], cell_view(b, m, R, C, s)[:, :, inner]).ravel()
    boxes = cref.cached("frame_boxes", lambda: frame_boxes(prof, cref.valid))
    frame = np.array([norm_xcorr(a[bx].ravel(), b[bx].ravel()) for bx in boxes], np.float64)
    return cells, frame


def _top_third(v: np.ndarray) -> float:
    """Mean of the best third: the blocks that show the board (the rest may be tiles)."""
    v = np.sort(v)[::-1]
    return float(v[: max(1, len(v) // 3)].mean())


#: a blur step is taken only if the score gains at least this much
BLUR_STEP_GAIN = 0.005


def _climb(score: Callable[[float], float], start: tuple[float, float], path: tuple[float, ...]
           ) -> tuple[float, float]:
    """(score, blur) reached from start by taking path's candidates in turn while each one gains
    at least BLUR_STEP_GAIN over the last one taken; the first that does not ends the climb."""
    best = start
    for sg in path:
        v = score(sg)
        if v < best[0] + BLUR_STEP_GAIN:
            break
        best = (v, sg)
    return best


def _match_sharpness(score: Callable[[float], float]) -> tuple[float, float]:
    """(relative blur, its score): from no blur, one climb towards a blurrier reference
    (BLUR_SIGMAS) and one towards a blurrier photo (PHOTO_SIGMAS), each stopping at the first
    candidate that does not gain; the photo-blur end wins only if it is clearly better.
    The score rises to the true softness and then flattens; on that plateau small gains
    (slack in the rectification, noise) must not let a far candidate win when the one in
    between did not: that overstates the softness (refusing sharp photos, or matching them
    against a reference washed out more than they are)."""
    start = (score(0.0), 0.0)
    ref_end = _climb(score, start, BLUR_SIGMAS[1:])
    photo_end = _climb(score, start, tuple(-v for v in PHOTO_SIGMAS))
    best = photo_end if photo_end[0] >= ref_end[0] + BLUR_STEP_GAIN else ref_end
    return best[1], best[0]


def _sharpness(g_p: np.ndarray, cref: CellReference) -> tuple[float, float, float]:
    """(blur, its score) matched on the cells, and the blur matched on the cells and the frame
    together. The cells' estimate sets the measures (the model is fitted on it); on a nearly
    full board its best third are tiles, whose correlation with the board's art rises with any
    blur, and only the frame, which tiles never cover, still shows how sharp the photo is:
    the refusal needs both estimates to find the photo soft."""
    memo: dict[float, tuple[np.ndarray, np.ndarray]] = {}

    def nccs(sg: float) -> tuple[np.ndarray, np.ndarray]:
        if sg not in memo:
            memo[sg] = _block_nccs(g_p, cref, sg)
        return memo[sg]

    sigma, match = _match_sharpness(lambda sg: _top_third(nccs(sg)[0]))
    sigma_board, _ = _match_sharpness(lambda sg: _top_third(np.concatenate(nccs(sg))))
    return sigma, match, sigma_board


def cell_features(warp: np.ndarray, cref: CellReference) -> tuple[np.ndarray, list[str], dict]:
    """rows x cols x F measures of a rectified photo (reference-sized BGR) against the reference."""
    prof = cref.prof
    s, m, R, C = prof.cell, prof.margin_px, prof.rows, prof.cols
    geo = _geometry(s)
    g_p = to_grey(warp).astype(np.float32)
    lab_p = bgr_to_lab(warp)

    # --- sharpness: blur the reference (or, when the calibration photo was the softer one,
    # the photo) so that both are equally sharp (see _sharpness)
    sigma, match, sigma_board = _sharpness(g_p, cref)
    if sigma < 0:
        g_p = cv2.GaussianBlur(g_p, (0, 0), -sigma)
        lab_p = cv2.GaussianBlur(lab_p, (0, 0), -sigma)
    g_r, lab_r = cref.blurred[max(sigma, 0.0)]

    # --- art correlation (high-pass, two scales), texture
    feats: dict[str, np.ndarray] = {}
    tex = {}
    for name, hs in (("ncc_fine", s / 8), ("ncc_coarse", s / 3)):
        hp_p = stack_highpass(g_p, hs)
        hp_r = cref.cached(("hp", max(sigma, 0.0), hs), lambda: stack_highpass(g_r, hs))
        a = cell_view(hp_p, m, R, C, s)[:, :, geo.inner]
        b = cell_view(hp_r, m, R, C, s)[:, :, geo.inner]
        feats[name] = norm_xcorr(a, b)
        tex[name] = (a.std(axis=-1), b.std(axis=-1))
        c_a = cell_view(hp_p, m, R, C, s)[:, :, geo.centre]
        c_b = cell_view(hp_r, m, R, C, s)[:, :, geo.centre]
        feats[name + "_centre"] = norm_xcorr(c_a, c_b)
    tp, tr = tex["ncc_fine"]
    ncc = feats["ncc_fine"]
    good = (ncc > 0.6) & (tr > 3)
    gain = float(np.clip(np.median(tp[good] / tr[good]), 0.3, 2.0)) if good.sum() >= 3 else 1.0
    feats["ref_tex"] = np.log1p(tr)
    feats["tex_ratio"] = np.log((tp / gain + 1.0) / (tr + 1.0))

    # --- photometric fit on the frame and the cells that plainly match
    cm_p = _blocks_lab_mean(lab_p, m, R, C, s, geo.inner)
    cm_r = _blocks_lab_mean(lab_r, m, R, C, s, geo.inner)
    rr, cc = np.mgrid[0:R, 0:C]
    pos_cells = np.stack([cc.ravel() + 0.5, rr.ravel() + 0.5], axis=1)
    fp, fpos = _frame_blocks(lab_p, cref.valid, prof)
    fr, _ = _frame_blocks(lab_r, cref.valid, prof)
    trust = ((ncc > 0.55) & (tr > 3.0)).ravel()
    lp = np.concatenate([cm_p.reshape(-1, 3)[trust], fp])
    lr = np.concatenate([cm_r.reshape(-1, 3)[trust], fr])
    pos = np.concatenate([pos_cells[trust], fpos])
    if len(lp) < 6:
        lp, lr, pos = cm_p.reshape(-1, 3), cm_r.reshape(-1, 3), pos_cells
    y = np.log((lp[:, 0] + 5) / (lr[:, 0] + 5))
    A = np.stack([np.ones(len(pos)), pos[:, 0], pos[:, 1]], axis=1)
    coef = np.array([np.median(y), 0.0, 0.0])
    keep = np.ones(len(y), bool)
    for _ in range(3):
        if keep.sum() >= 6:
            coef, *_ = np.linalg.lstsq(A[keep], y[keep], rcond=None)
        res = np.abs(y - A @ coef)
        keep = res < max(0.1, float(np.percentile(res, 60)))
    ab = []
    for k in (1, 2):
        x, t = lr[keep, k], lp[keep, k]
        if keep.sum() >= 6 and np.std(x) > 2.0:
            g, o = np.polyfit(x, t, 1)
            g = float(np.clip(g, 0.3, 1.5))
            o = float(np.median(t - g * x))
        else:
            g, o = 1.0, float(np.median(t - x))
        ab.append((g, o))
    # predicted photo of the empty board, per pixel
    Hh, Ww = g_p.shape
    xs = (np.arange(Ww) + 0.5) / s - m / s
    ys = (np.arange(Hh) + 0.5) / s - m / s
    plane = coef[0] + coef[1] * xs[None, :] + coef[2] * ys[:, None]
    pred = np.empty_like(lab_r)
    pred[..., 0] = (lab_r[..., 0] + 5) * np.exp(plane) - 5
    pred[..., 1] = ab[0][0] * lab_r[..., 1] + ab[0][1]
    pred[..., 2] = ab[1][0] * lab_r[..., 2] + ab[1][1]
    diff = lab_p - pred
    mis = np.sqrt((L_WEIGHT * diff[..., 0]) ** 2 + diff[..., 1] ** 2 + diff[..., 2] ** 2)
    # noise scale: typical mismatch where the board plainly shows
    mcells = cell_view(mis, m, R, C, s)
    centre_mis = _mean_in(mcells, geo.centre)
    frame_mis = _frame_blocks(mis[..., None], cref.valid, prof)[0][:, 0]
    scale = _robust_scale(np.concatenate([centre_mis.ravel()[trust], frame_mis]), 2.0)
    mcells = mcells / scale
    feats["mis_centre"] = np.log1p(centre_mis / scale)
    feats["mis_inner"] = np.log1p(_mean_in(mcells, geo.inner))
    feats["mis_centre_med"] = np.log1p(np.median(mcells[:, :, geo.centre], axis=-1))
    for i, ring in enumerate(geo.rings):
        feats[f"mis_ring{i}"] = np.log1p(_mean_in(mcells, ring))
    bands = np.stack([_mean_in(mcells, b) for b in geo.band], axis=-1)  # R x C x 4 (T, R, B, L)
    sb = np.sort(bands, axis=-1)
    for i in range(4):
        feats[f"mis_band{i}"] = np.log1p(sb[..., i])
    # lightness and chroma of the cell against the fit, signed lightness
    dcell = cell_view(diff, m, R, C, s)[:, :, geo.inner].mean(axis=2)
    feats["dL"] = dcell[..., 0] / scale
    feats["dab"] = np.linalg.norm(dcell[..., 1:], axis=-1) / scale
    # the same mismatch after the cell's own lightness gain (a shadow or a bright patch over
    # open board is a gain; a tile rarely differs from the board by a gain alone)
    lit, lgain = _lit_mismatch(cell_view(lab_p, m, R, C, s), cell_view(pred, m, R, C, s), geo.inner)
    lit = lit / scale
    feats["lit_centre"] = np.log1p(_mean_in(lit, geo.centre))
    feats["lit_inner"] = np.log1p(_mean_in(lit, geo.inner))
    feats["lit_gain"] = lgain
    # a ring of tile around art that matches the board (a leaf tile's hole); glare
    feats.update(cell_rings.ring_features(mcells, s))
    feats["clipped"] = cell_rings.clipped_share(cell_view(warp, m, R, C, s), geo.inner)

    # --- extra edges parallel to each side, a little inside the cell (tile outline, hole cut)
    gx_p = np.abs(cv2.Sobel(g_p, cv2.CV_32F, 1, 0, ksize=3))
    gy_p = np.abs(cv2.Sobel(g_p, cv2.CV_32F, 0, 1, ksize=3))
    gx_r = cref.cached(("gx", max(sigma, 0.0)), lambda: np.abs(cv2.Sobel(g_r, cv2.CV_32F, 1, 0, ksize=3))) * gain
    gy_r = cref.cached(("gy", max(sigma, 0.0)), lambda: np.abs(cv2.Sobel(g_r, cv2.CV_32F, 0, 1, ksize=3))) * gain
    ex = cell_view(gx_p - gx_r, m, R, C, s)
    ey = cell_view(gy_p - gy_r, m, R, C, s)
    a0, a1 = int(0.2 * s), int(0.8 * s)
    # profiles: mean excess edge along each side at each depth
    top = ey[:, :, :, a0:a1].mean(axis=-1)  # R x C x s (depth from top)
    bottom = ey[:, :, ::-1, a0:a1].mean(axis=-1)
    left = ex[:, :, a0:a1, :].mean(axis=-2)
    right = ex[:, :, a0:a1, ::-1].mean(axis=-2)
    prof4 = np.stack([top, right, bottom, left], axis=2)  # R x C x 4 x s
    escale = _robust_scale((gx_r + gy_r)[cref.valid].ravel()[::7], 4.0)
    inside = prof4[..., geo.depth_lo : geo.depth_hi].max(axis=-1) / escale
    at_border = prof4[..., : max(2, geo.depth_lo)].max(axis=-1) / escale
    se = np.sort(inside, axis=-1)
    for i in range(4):
        feats[f"edge_in{i}"] = se[..., i]
    feats["edge_border_max"] = at_border.max(axis=-1)
    feats["edge_border_min"] = at_border.min(axis=-1)

    # --- band colour vs the neighbour's centre colour (a tile continuing across the border)
    cen_p = _blocks_lab_mean(lab_p, m, R, C, s, geo.centre)
    band_p = np.stack([cell_view(lab_p, m, R, C, s)[:, :, b].mean(axis=2) for b in geo.band], axis=2)  # R C 4 3
    big = 1e3
    nb_cen = np.full((R, C, 4, 3), big, np.float32)
    nb_cen[1:, :, 0] = cen_p[:-1]
    nb_cen[:, :-1, 1] = cen_p[:, 1:]
    nb_cen[:-1, :, 2] = cen_p[1:]
    nb_cen[:, 1:, 3] = cen_p[:, :-1]
    dd = band_p - nb_cen
    dn = np.sqrt((L_WEIGHT * dd[..., 0]) ** 2 + dd[..., 1] ** 2 + dd[..., 2] ** 2) / scale
    dn = np.minimum(dn, 50.0)
    # a side whose band looks like the neighbour rather than like the board
    cont = np.log1p(bands) - np.log1p(dn)
    sc = np.sort(cont, axis=-1)
    for i in range(4):
        feats[f"cont{i}"] = sc[..., i]

    # --- the neighbours' own state (frame counts as plainly uncovered)
    nm = neighbours(feats["mis_centre"], 0.0)
    nn = neighbours(feats["ncc_fine"], 1.0)
    feats["nb_mis_max"] = nm.max(axis=-1)
    feats["nb_mis_min"] = nm.min(axis=-1)
    feats["nb_mis_mean"] = nm.mean(axis=-1)
    feats["nb_ncc_min"] = nn.min(axis=-1)
    feats["nb_ncc_mean"] = nn.mean(axis=-1)
    # the photo as a whole: sharpness, how well the board's art shows at all, share trusted
    feats["sigma"] = np.full((R, C), sigma, np.float32)
    feats["photo_match"] = np.full((R, C), match, np.float32)
    feats["photo_trusted"] = np.full((R, C), trust.mean(), np.float32)
    names = list(feats)
    X = np.stack([feats[k] for k in names], axis=-1).astype(np.float32)
    # side-aligned measures (T, R, B, L) for the second stage, which knows the neighbours' state
    sides = np.stack([np.log1p(bands), inside, cont, at_border], axis=-1).astype(np.float32)  # R x C x 4 x 4
    info = {"sigma": sigma, "sigma_board": sigma_board, "scale": scale, "gain": gain,
            "light": coef, "ab": ab, "match": match, "sides": sides}
    return X, names, info


def _to_reference(corners: np.ndarray, prof: BoardProfile) -> np.ndarray:
    """The homography taking the photo's grid corners to the reference's."""
    return cv2.getPerspectiveTransform(np.asarray(corners, np.float32), prof.grid_rect().astype(np.float32))


def warp_to_reference(img: np.ndarray, corners: np.ndarray, prof: BoardProfile) -> np.ndarray:
    """The photo rectified onto the reference by the homography through the grid's corners."""
    return warp_to_ref(img, corners, prof, 1.0)[0]


def aligned_to_reference(img: np.ndarray, corners: np.ndarray, prof: BoardProfile
                         ) -> tuple[np.ndarray, finewarp.Alignment]:
    """The photo rectified onto the reference, with the smooth misfit the homography leaves (a
    lens's bend, corners a little off) moved out (finewarp): every measure compares pixels at
    the same place. The photo is sampled once, through homography and field together (a
    second resampling of the rectified photo would soften it, and softness is read as tile).
    The misfit is measured on a rectification padded by the blocks' search radius, so that
    the frame's outer pieces are searched too; without a field its inside is the plain
    rectification (warp_to_reference). The corners a reading reports stay the homography's:
    moved by this field (evaluated at the grid's corners, where it is extrapolated), on rendered
    seeds 61-68 2 of the 4 boards placed 2.1-2.5% of the diagonal off came within 2%, but 7
    others went from within 2% to 2.2-4.2% off (beds found 457 where 460)."""
    cref = _cell_reference(prof)
    pad = finewarp.search_radius(prof)
    template = cref.cached("fine", lambda: np.pad(finewarp.prepared(cref.grey, prof.cell), pad))
    blocks = cref.cached("fine_blocks", lambda: finewarp.reference_blocks(prof, cref.valid,
                                                                           framefit.frame_width(prof)))
    H = _to_reference(corners, prof)
    w, h = prof.reference_size
    shift = np.array([[1, 0, pad], [0, 1, pad], [0, 0, 1]], np.float64)
    canvas = cv2.warpPerspective(img, shift @ H, (w + 2 * pad, h + 2 * pad), flags=cv2.INTER_LINEAR,
                                 borderMode=cv2.BORDER_REPLICATE)
    field, how = finewarp.align(canvas, template, blocks, prof, pad)
    if field is None:
        return np.ascontiguousarray(canvas[pad : pad + h, pad : pad + w]), how
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    where = cv2.perspectiveTransform(np.dstack([xs + field[..., 0], ys + field[..., 1]]), np.linalg.inv(H))
    return cv2.remap(img, where, None, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE), how


_CREF: dict[int, CellReference] = {}


def _cell_reference(prof: BoardProfile) -> CellReference:
    key = id(prof.reference)
    cr = _CREF.get(key)
    if cr is None or cr.prof is not prof:
        if len(_CREF) > 8:
            _CREF.clear()
        cr = _CREF[key] = CellReference(prof)
    return cr


#: the fitted cell models (cell_fit.load_model): Cottage Garden's beds have their own, fitted on
#: beds alone; every other game's boards are read by the model of all boards. One model for all
#: read open bed cells ringed by tiles covered (the woodland's "art amid tiles may show through a
#: leaf tile's hole"): with true corners, rendered photos of seeds 1-5 and 7, bed cells read
#: wrong fell from 45 to 31 and photos with a wrong cell from 38 to 29 with the beds' own model
MODEL_FILE = Path(__file__).with_name("cell_model.npz")
MODEL_FILES = {"cottage-garden": Path(__file__).with_name("cell_model_beds.npz")}
_MODELS: dict[Path, dict] = {}
#: a model that replaces every game's (the benchmark measures another fit so)
MODEL: dict | None = None


def model_file(game: str) -> Path:
    """The model file that reads a game's boards."""
    return MODEL_FILES.get(game, MODEL_FILE)


def _model(game: str) -> dict:
    if MODEL is not None:
        return MODEL
    path = model_file(game)
    if path not in _MODELS:
        _MODELS[path] = cell_fit.load_model(path)
    return _MODELS[path]


#: the nets' share of the log-odds averaged with the trees' (probability_covered), by game
#: (NET_WEIGHT_DEFAULT for the others). Woodland photos, true corners, those not refused as too
#: blurred (118 of seeds 1-3, 119 of seeds 11-13): the trees alone read 86 and 97 cells wrong;
#: the first net alone 45 and 41, averaged with the trees at 0.5 38 and 38 (97 photos perfect
#: of seeds 11-13); the two nets' mean at 0.5 / 0.6 / 0.7 / 0.8: 36 / 37 / 34 / 32 wrong (seeds
#: 1-3, where the weight was chosen) and 33 / 31 / 32 / 30 (seeds 11-13; 102 photos perfect)
NET_WEIGHT = {"indian-summer": 0.8}
NET_WEIGHT_DEFAULT = 0.5
#: the nets' reading counts only on the cells the trees leave in doubt (log-odds at most this far from 0;
#: ~60 ms a 9x8 board for every cell on a 2-core machine). Those woodland photos: the nets on
#: the 23% of the cells the trees doubt at 8 (49% at 10) gave 31 and 28 wrong cells where on
#: every cell 32 and 30, the same definite errors (13, 12) and perfect photos (106, 102); 800
#: rendered photos of both games, located (seeds 1-8): 57 wrong cells and 728 perfect photos
#: where 58 and 727, the beds' unchanged. The cells the trees are sure are covered are read as
#: well, only to check the trees (readers_disagree): physically rendered beds (samples/pbr
#: seed 1) had open cells under glare read covered with the trees at +9..+10, the nets at -2..-12
TREES_SURE = 8.0


def trees_log_odds(X: np.ndarray, names: list[str], sides: np.ndarray | None = None,
                   game: str = symbols.DEFAULT_GAME) -> np.ndarray:
    """Log-odds of covered per cell by the game's model (model_file), averaged over its members
    (fitted on different training mixes: averaged, the model of all boards read 220 cells wrong
    where its first member alone read 252, true corners, 800 rendered photos of the tuning
    seeds). Each member reads the cell's own measures, then (when the side measures are given)
    its second stage also sees the first stage's reading of the neighbours."""
    model = _model(game)
    z = np.zeros(X.shape[:-1])
    members = int(model["MEMBERS"])
    for i in range(members):
        p = cell_fit.probability(model, X, names, f"_{i}")
        if sides is not None:
            F2, n2 = cell_fit.neighbour_features(p, sides)
            p = cell_fit.probability(model, np.concatenate([X, F2], axis=-1), list(names) + n2, f"2_{i}")
        p = np.clip(p, 1e-9, 1 - 1e-9)
        z += np.log(p / (1 - p))
    return z / members


#: the trees and the nets read a cell from different evidence (measures chosen by hand; the
#: pixels themselves). Where each is this sure (log-odds) of the opposite reading, the cell is
#: left in doubt whatever their weighted mean says: under a light no fit saw, one of them is
#: wrong with confidence (samples/pbr seed 1, woodland: every leaf tile read open with
#: confidence had the trees at +2.3..+7.6 and the nets at -1.5..-7.1)
DISAGREE = 1.5


def readers_disagree(trees_z: np.ndarray, net_log_odds: np.ndarray | None) -> np.ndarray:
    """rows x cols: cells the trees and the nets are each sure of the opposite reading
    (DISAGREE; never where the nets did not read)."""
    if net_log_odds is None:
        return np.zeros(np.shape(trees_z), bool)
    net = np.nan_to_num(net_log_odds, nan=0.0)
    return (np.sign(trees_z) * np.sign(net) < 0) & (np.minimum(np.abs(trees_z), np.abs(net)) >= DISAGREE)


def in_doubt(p: np.ndarray, where: np.ndarray) -> np.ndarray:
    """P(covered) moved inside the uncertain band (SURE_LOW, SURE_HIGH) where `where`, keeping
    its side of 0.5."""
    return np.where(where, np.clip(p, SURE_LOW + 0.05, SURE_HIGH - 0.05), p)


def probability_covered(trees_z: np.ndarray, game: str = symbols.DEFAULT_GAME,
                        net_log_odds: np.ndarray | None = None) -> np.ndarray:
    """P(covered) per cell from the trees' log-odds (trees_log_odds), averaged with the game's
    nets' (cell_net) at the game's NET_WEIGHT where the nets read the cell (not NaN)."""
    z = trees_z
    if net_log_odds is not None:
        w = NET_WEIGHT.get(game, NET_WEIGHT_DEFAULT)
        z = np.where(np.isnan(net_log_odds), z, (1 - w) * z + w * net_log_odds)
    return 1 / (1 + np.exp(-z))


#: a cell whose photo is clipped (glare.clipped_white) over this much more of its area than its
#: calibrated look is in doubt: glare on varnish over an empty cell reads as a tile (physically
#: rendered photos, samples/pbr seed 1: every open cell read covered lay under the mirrored window)
GLARE_SHARE = 0.05
#: ... and over half of it, the glare hides the cell: what lies there is not in the photo, and the
#: user is told so (a tile's white print or a small highlight clips a few percent)
GLARE_HIDES = 0.5


def glare_share(warp: np.ndarray, prof: BoardProfile) -> np.ndarray:
    """rows x cols: the share of each cell the photo shows clipped highlight (glare.clipped_white)
    beyond what the board's own art, as calibrated, shows clipped (a tile's white print clips too)."""
    m = int(round(prof.margin * prof.cell))
    inset = max(1, prof.cell // 8)

    def clipped(img: np.ndarray) -> np.ndarray:
        return clipped_white(cell_pixels(img[..., :3], m, prof.rows, prof.cols, prof.cell, inset)).mean(axis=-1)

    if warp.ndim != 3 or prof.reference is None:
        return np.zeros((prof.rows, prof.cols))
    return clipped(warp) - clipped(prof.reference)


def glare_over_art(share: np.ndarray) -> np.ndarray:
    """rows x cols: cells where the photo shows clipped highlight that the board's own art does
    not (glare_share over GLARE_SHARE). A cell read covered there is left uncertain (P(covered) at
    most 0.5), never covered with confidence; the light, not the cell, is what changed."""
    return share > GLARE_SHARE


def confidence(p: np.ndarray) -> np.ndarray:
    """0..1; below 0.5 exactly when P(covered) lies inside (SURE_LOW, SURE_HIGH)."""
    p = np.asarray(p, np.float64)
    d = np.where(p >= 0.5, (p - SURE_HIGH) / (1 - SURE_HIGH), (SURE_LOW - p) / SURE_LOW)
    return np.clip(0.5 + 0.5 * d, 0.0, 1.0)


#: art this plainly the reference's ...
ART_PLAIN = 0.7
#: ... is read covered with confidence only through a hole: a ring of tile on every side,
#: i.e. the weakest side's band (just inside the cell edge) differs from the board.
#: (The extra-edge measure is no help: a hole's cut is a soft, shadowed step, and open cells
#: next to tiles show more extra edge than holes do. The former rule, band AND edge, with
#: the cell then read open, turned 70% of correctly read holes into wrong readings on
#: renders of unseen designs while saving almost no confident mistakes.)
HOLE_BAND_MIN = 0.7


def _veto_plain_art(p: np.ndarray, X: np.ndarray, names: list[str]) -> np.ndarray:
    """A cell whose own printed art plainly shows is covered only as a hole, and a hole
    has a cut on all four sides; without that evidence a covered reading stays a covered
    reading, but an uncertain one (P capped just below SURE_HIGH)."""
    f = {n: X[..., i] for i, n in enumerate(names)}
    art = (f["ncc_fine"] > ART_PLAIN) & (f["ncc_coarse"] > ART_PLAIN)
    ringed = f["mis_band0"] > HOLE_BAND_MIN
    return np.where(art & ~ringed, np.minimum(p, SURE_HIGH - 0.05), p)


#: the blur (reference pixels, a cell is 48) from which a photo of a game's board is refused.
#: Woodland boards need the thin ring of a leaf tile's hole and the small treasure art: from
#: about a tenth of a cell their readings went confidently wrong on rendered photos (one in
#: three photos with most open cells read covered). A bed's cells differ from a tile in colour
#: over the whole cell and read well up to the strongest blur the reference is matched at.
REFUSE_SIGMA = {"indian-summer": 4.5}


def too_blurred(info: dict, game: str = "") -> bool:
    """The photo is at least as soft as its game's refusal blur (REFUSE_SIGMA; the strongest
    blur the reference is matched at, BLUR_SIGMAS[-1], for other games) by the cells and by the
    whole board (cells and frame; see _sharpness): the cell art and a tile's outline are then
    washed out, and such a photo is refused rather than read."""
    limit = REFUSE_SIGMA.get(game, BLUR_SIGMAS[-1])
    return min(info["sigma"], info.get("sigma_board", info["sigma"])) >= limit


def reduced_photo(img: np.ndarray, corners: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The photo the cells are read from, with the grid's corners in it: reduced (area-averaged)
    to TARGET_LONG_SIDE, the size a phone's 12 MP JPEG is decoded at, so that a photo reads alike
    whatever size it comes in. The averaging quiets sensor noise and JPEG blocks more than it
    loses of a woodland hole's rim. The sample renderer's 1600 x 1200 photos
    (bench_photo_accuracy.py --count 100), woodland boards read perfectly as decoded / reduced:
    seeds 1-4 137 / 139 of 160, 41-44 139 / 140, 61-64 132 / 138 (per-cell error 0.34% / 0.27%;
    measured with the corners scaled without the half-pixel shift); the same scenes as 12 MP
    JPEGs, decoded reduced, 138; beds 465 / 465 of 480 on seeds 1-4 and 41-44."""
    k = TARGET_LONG_SIDE / max(img.shape[:2])
    if k >= 1:
        return img, corners
    small = cv2.resize(img, (round(img.shape[1] * k), round(img.shape[0] * k)), interpolation=cv2.INTER_AREA)
    return small, (corners + 0.5) * k - 0.5  # pixel centres move so under INTER_AREA


def classify_cells(img: np.ndarray, corners: np.ndarray, prof: BoardProfile, refuse_blur: bool = True
                   ) -> tuple[list[list[str]], np.ndarray, dict]:
    """Cells of a located board: COVERED or the printed symbol, a confidence 0..1 each, details.
    refuse_blur=False reads a too blurred photo anyway (the benchmark measures the refusal so)."""
    warp, fine = aligned_to_reference(*reduced_photo(img, corners), prof)
    cref = _cell_reference(prof)
    X, names, info = cell_features(warp, cref)
    info["fine"] = fine
    if refuse_blur and too_blurred(info, prof.game):
        from assistant.errors import GardenError

        raise GardenError(f"the photo of board {prof.name} is too blurred to read its cells safely "
                          "(take it again, sharper: hold still, focus on the board).")
    trees_z = trees_log_odds(X, names, info["sides"], prof.game)
    net_z = None
    doubt = np.abs(trees_z) <= TREES_SURE
    if cell_net.has_net(prof.game):
        ref_patches = cref.cached("net_patches", lambda: cell_net.cell_patches(prof.reference, prof))
        # the cells the trees call covered are read too, only to be checked (readers_disagree): an
        # open cell read covered is the costlier mistake (a free cell called taken)
        net_z = cell_net.log_odds(warp, ref_patches, prof, where=doubt | (trees_z > 0))
    p = probability_covered(trees_z, prof.game, None if net_z is None else np.where(doubt, net_z, np.nan))
    p = in_doubt(_veto_plain_art(p, X, names), readers_disagree(trees_z, net_z))
    glare = glare_share(warp, prof)
    p = np.where((p >= 0.5) & glare_over_art(glare), np.minimum(p, 0.5), p)
    covered = p >= 0.5
    conf = confidence(p)
    cells = [[symbols.COVERED if covered[r, c] else prof.layout[r][c] for c in range(prof.cols)]
             for r in range(prof.rows)]
    return cells, conf, {"p_covered": p, "glare_hides": glare > GLARE_HIDES, **info}
