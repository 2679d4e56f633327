"""A located board's cells measured against its calibrated reference: the photo rectified onto the
reference with the homography's smooth misfit moved out (aligned_to_reference), the reference
blurred to the photo's sharpness, the photo's light and white balance fitted on what plainly shows
the board, and per cell the measures the cell models read (cell_features; cells.py's docstring
lists them). All are normalised per photo, so that they carry over between cameras and boards."""

from __future__ import annotations

from typing import Callable

import cv2
import numpy as np

from assistant.vision import cell_rings, finewarp, framefit
from assistant.vision.imageio import to_grey
from assistant.vision.lab import bgr_to_lab
from assistant.vision.profile import BoardProfile
from assistant.vision.rectified import (
    cell_view, frame_boxes, neighbours, norm_xcorr, stack_highpass, warp_to_ref,
)

#: ref-blur candidates (reference pixels) tried to match the photo's sharpness
BLUR_SIGMAS = (0.0, 1.0, 2.0, 3.0, 4.5, 6.0)
#: photo-blur candidates, for a calibration photo softer than the photo
PHOTO_SIGMAS = (1.0, 2.0, 3.0)
#: weight of lightness in the Lab mismatch (shading and shadows move L more than colour)
L_WEIGHT = 0.5
#: the share of a cell's pixels, its steepest, whose gradient makes its edge contrast (edge_contrast)
EDGE_TOP = 0.1


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


def edge_contrast(grey: np.ndarray, prof: BoardProfile) -> np.ndarray:
    """rows x cols: the contrast of each cell's sharpest edges (the mean gradient of its EDGE_TOP
    steepest pixels) over its mean brightness. Light and shadow scale both alike; what stands out
    of focus (an object near the camera) or washes out (glare) leaves brightness without edges."""
    s, m = prof.cell, prof.margin_px
    grad = np.hypot(cv2.Sobel(grey, cv2.CV_32F, 1, 0, ksize=3), cv2.Sobel(grey, cv2.CV_32F, 0, 1, ksize=3))
    steep = cell_view(grad, m, prof.rows, prof.cols, s).reshape(prof.rows, prof.cols, -1)
    n = max(1, int(EDGE_TOP * steep.shape[-1]))
    top = np.partition(steep, -n, axis=-1)[..., -n:].mean(axis=-1)
    return top / (cell_view(grey, m, prof.rows, prof.cols, s).mean(axis=(2, 3)) + 10.0)


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
    # the edges each cell shows against the board's own there (cells.shows_no_detail)
    detail = edge_contrast(g_p, prof) / cref.cached(("edges", max(sigma, 0.0)), lambda: edge_contrast(g_r, prof))
    info = {"sigma": sigma, "sigma_board": sigma_board, "scale": scale, "gain": gain,
            "light": coef, "ab": ab, "match": match, "sides": sides, "detail": detail}
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
    cref = cell_reference(prof)
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


def cell_reference(prof: BoardProfile) -> CellReference:
    key = id(prof.reference)
    cr = _CREF.get(key)
    if cr is None or cr.prof is not prof:
        if len(_CREF) > 8:
            _CREF.clear()
        cr = _CREF[key] = CellReference(prof)
    return cr

