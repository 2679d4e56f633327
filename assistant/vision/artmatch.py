"""Locating a calibrated board by its printed art: SIFT features of the profile's
reference matched to the photo, a robust homography (MAGSAC), sanity checks.

The grid lines may be hidden under pieces, the board small, the table patterned;
whatever art is still visible (frame, uncovered cells) is enough when it is
distinctive. The caller still verifies the result photometrically.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from assistant.vision.geometry import is_convex_quad, project, quad_area

#: the photo is searched at this long side (pixels of the decoded image at most)
WORK_LONG_SIDE = 1000
#: the reference is upsampled by this factor before extracting features
REF_UPSAMPLE = 2.0
#: Lowe's ratio test
RATIO = 0.8
#: RANSAC reprojection threshold in work-image pixels
RANSAC_PX = 4.0


@dataclass
class ArtMatch:
    corners: np.ndarray  # grid corners (profile order) in the image given to match_art
    inliers: int
    matches: int
    inlier_ratio: float


def _normalise(grey: np.ndarray) -> np.ndarray:
    """Local contrast normalisation so dim or washed-out photos still give features."""
    clahe = cv2.createCLAHE(clipLimit=3.0, tileGridSize=(8, 8))
    return clahe.apply(grey)


#: keep at most this many photo features (the strongest)
PHOTO_FEATURES = 4000


def _sift(n: int = 0) -> cv2.SIFT:
    return cv2.SIFT_create(nfeatures=n, contrastThreshold=0.02)


def _matcher() -> cv2.FlannBasedMatcher:
    return cv2.FlannBasedMatcher({"algorithm": 1, "trees": 4}, {"checks": 128})


class ArtFeatures:
    """SIFT keypoints of a profile's reference (reference pixels)."""

    def __init__(self, ref_grey: np.ndarray, valid: np.ndarray) -> None:
        g = cv2.resize(ref_grey.astype(np.uint8), None, fx=REF_UPSAMPLE, fy=REF_UPSAMPLE,
                       interpolation=cv2.INTER_CUBIC)
        mask = cv2.resize(valid.astype(np.uint8) * 255, g.shape[::-1], interpolation=cv2.INTER_NEAREST)
        mask = cv2.erode(mask, np.ones((5, 5), np.uint8))
        kp, desc = _sift().detectAndCompute(_normalise(g), mask)
        self.points = np.float32([k.pt for k in kp]).reshape(-1, 2) / REF_UPSAMPLE
        self.desc = desc


def photo_features(grey: np.ndarray, limit: int = PHOTO_FEATURES) -> tuple[np.ndarray, np.ndarray | None, float]:
    """(points in `grey` pixels, descriptors, work scale) of a photo; `limit` keeps
    the strongest features only (0: all of them, slower but finds small boards)."""
    s = min(1.0, WORK_LONG_SIDE / max(grey.shape))
    small = cv2.resize(grey, None, fx=s, fy=s, interpolation=cv2.INTER_AREA) if s < 1 else grey
    kp, desc = _sift(limit).detectAndCompute(_normalise(small), None)
    pts = np.float32([k.pt for k in kp]).reshape(-1, 2) / s
    return pts, desc, s


def match_art(art: ArtFeatures, photo: tuple[np.ndarray, np.ndarray | None, float],
              grid_rect: np.ndarray, image_shape: tuple[int, int]) -> ArtMatch | None:
    """Grid corners of the board in the photo from feature matches, or None."""
    pts, desc, s = photo
    if art.desc is None or desc is None or len(art.points) < 8 or len(pts) < 8:
        return None
    pairs = _matcher().knnMatch(art.desc, desc, k=2)
    good = [p[0] for p in pairs if len(p) == 2 and p[0].distance < RATIO * p[1].distance]
    # one reference point per photo point: keep the closest
    best: dict[int, cv2.DMatch] = {}
    for m in good:
        if m.trainIdx not in best or m.distance < best[m.trainIdx].distance:
            best[m.trainIdx] = m
    good = list(best.values())
    if len(good) < 8:
        return None
    src = np.float32([art.points[m.queryIdx] for m in good])
    dst = np.float32([pts[m.trainIdx] for m in good])
    try:
        H, mask = cv2.findHomography(src, dst, cv2.USAC_MAGSAC, RANSAC_PX / s)
    except cv2.error:
        return None
    if H is None or mask is None:
        return None
    inl = mask.ravel().astype(bool)
    n_in = int(inl.sum())
    if n_in < 8:
        return None
    corners = project(H, grid_rect)
    if not _plausible(corners, dst[inl], image_shape):
        return None
    return ArtMatch(corners, n_in, len(good), n_in / len(good))


def _plausible(corners: np.ndarray, inlier_pts: np.ndarray, image_shape: tuple[int, int]) -> bool:
    """A homography that folds, collapses, or whose inliers bunch in one spot is not a board."""
    if not np.all(np.isfinite(corners)) or not is_convex_quad(corners):
        return False
    h, w = image_shape[:2]
    area = quad_area(corners)
    if area < 0.002 * w * h or area > 4.0 * w * h:
        return False
    sides = np.linalg.norm(corners - np.roll(corners, -1, axis=0), axis=1)
    if sides.min() < 0.15 * sides.max():
        return False
    # inliers spread over a fair part of the board
    spread = np.ptp(inlier_pts, axis=0)
    return bool(spread.min() > 0.12 * np.sqrt(area))
