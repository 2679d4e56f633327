"""A calibrated board's reference image prepared for matching a photo against it: at full and half
scale, high-passed over the board alone, with its frame band and its cells' texture."""

from __future__ import annotations

import cv2
import numpy as np

from assistant.vision import framefit
from assistant.vision.imageio import to_grey
from assistant.vision.profile import BoardProfile
from assistant.vision.rectified import cell_pixels, norm_xcorr, ring_mask


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


class Reference:
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
        #: the printed frame's width in cells, None when it fills the margin (framefit.frame_width)
        self.frame_width = framefit.frame_width(prof)
        self.s_board = _board_mask(prof, self.s_valid, 0.5, self.frame_width)
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
        return self._ring_correlation(self.small_highpass(warp_small))

    def _ring_correlation(self, hp: np.ndarray) -> float:
        """The frame band of a high-passed small photo (small_highpass) against the reference's."""
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
            return self.ring_weight * self._ring_correlation(hp) + (1 - self.ring_weight) * cell_score
        return cell_score
