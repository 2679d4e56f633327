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


#: FLANN: randomised k-d trees over the photo's descriptors, leaves checked per query
FLANN_INDEX = {"algorithm": 1, "trees": 4}
FLANN_CHECKS = 128
#: the same for the coarser seed features among many photo features (_seed_features):
#: as many boards found on the rendered dev photos as with the above, in half the time
FLANN_INDEX_SEEDS = {"algorithm": 1, "trees": 2}
FLANN_CHECKS_SEEDS = 64
#: reference features per search chunk (the chunks are searched in parallel threads)
SEARCH_CHUNK = 2048


def _search_threads() -> int:
    import os

    try:
        n = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        n = os.cpu_count() or 1
    return max(1, min(n, 4))


def _knn2(query: np.ndarray, train: np.ndarray, index_params: dict = FLANN_INDEX,
          checks: int = FLANN_CHECKS) -> tuple[np.ndarray, np.ndarray]:
    """The two nearest `train` descriptors of every `query` descriptor (indices, L2
    distances): FlannBasedMatcher.knnMatch(query, train, k=2) with the same index
    and search parameters, so the same answer (call cv2.setRNGSeed first), but the
    queries are searched in parallel: each query's search only reads the index."""
    index = cv2.flann_Index(np.ascontiguousarray(train, np.float32), index_params)
    query = np.ascontiguousarray(query, np.float32)

    def search(rows: np.ndarray):
        return index.knnSearch(np.ascontiguousarray(query[rows]), 2, params={"checks": checks})

    chunks = np.array_split(np.arange(len(query)), max(1, -(-len(query) // SEARCH_CHUNK)))
    threads = min(_search_threads(), len(chunks))
    if threads > 1:
        from concurrent.futures import ThreadPoolExecutor

        with ThreadPoolExecutor(threads) as pool:  # OpenCV releases the GIL while searching
            found = list(pool.map(search, chunks))
    else:
        found = [search(c) for c in chunks]
    idx = np.vstack([f[0].reshape(-1, 2) for f in found]).astype(np.int64)
    d2 = np.vstack([f[1].reshape(-1, 2) for f in found]).astype(np.float32)
    return idx, np.sqrt(d2)


def _ratio_matches(query_desc: np.ndarray, train_desc: np.ndarray, index_params: dict = FLANN_INDEX,
                   checks: int = FLANN_CHECKS) -> tuple[np.ndarray, np.ndarray]:
    """(query, train) index pairs passing Lowe's ratio test, one query per train
    feature (the closest; ties: the lower query index), in the order the train
    features first occur among the passing queries."""
    if len(train_desc) < 2:
        return np.zeros(0, np.int64), np.zeros(0, np.int64)
    idx, dist = _knn2(query_desc, train_desc, index_params, checks)
    ok = (idx[:, 0] >= 0) & (idx[:, 1] >= 0) & (dist[:, 0] < RATIO * dist[:, 1])
    qi = np.nonzero(ok)[0]
    ti, d = idx[qi, 0], dist[qi, 0]
    if len(qi) == 0:
        return qi, ti
    # the closest query of each train feature (ties: the first)
    order = np.lexsort((qi, d, ti))
    head = np.ones(len(order), bool)
    head[1:] = ti[order][1:] != ti[order][:-1]
    keep = order[head]
    # ordered by where each train feature first passed
    _, first, group = np.unique(ti, return_index=True, return_inverse=True)
    keep = keep[np.argsort(first[group[keep]], kind="stable")]
    return qi[keep], ti[keep]


class ArtFeatures:
    """SIFT keypoints of a profile's reference (reference pixels).

    ArtFeatures(ref_grey, valid) extracts them (a few tenths of a second);
    cached_features() keeps them in a file beside the profile instead."""

    def __init__(self, ref_grey: np.ndarray | None = None, valid: np.ndarray | None = None, *,
                 arrays: tuple[np.ndarray, np.ndarray | None, np.ndarray] | None = None) -> None:
        if arrays is not None:
            self.points, self.desc, self.geo = arrays
            return
        g = cv2.resize(ref_grey.astype(np.uint8), None, fx=REF_UPSAMPLE, fy=REF_UPSAMPLE,
                       interpolation=cv2.INTER_CUBIC)
        mask = cv2.resize(valid.astype(np.uint8) * 255, g.shape[::-1], interpolation=cv2.INTER_NEAREST)
        mask = cv2.erode(mask, np.ones((5, 5), np.uint8))
        kp, desc = _sift().detectAndCompute(_normalise(g), mask)
        pts, self.geo, _ = _keypoint_arrays(kp)
        self.points = pts / REF_UPSAMPLE
        self.desc = desc


# ----------------------------------------------------------------- stored reference features

#: the file beside a profile (and the cache entries) holding its reference features
FEATURES_FILE = "features.npz"
#: bump whenever ArtFeatures' extraction changes: stored features of another version
#: (or another OpenCV) are then never used, only recomputed
FEATURES_VERSION = 1


def features_key(ref_grey: np.ndarray, valid: np.ndarray) -> str:
    """Hash of everything the reference features depend on: the reference's pixels
    (grey, as extracted) and valid mask, the extraction parameters, OpenCV's version.
    A stored file whose key differs is stale (e.g. reference.png was replaced)."""
    import hashlib

    g = np.ascontiguousarray(ref_grey.astype(np.uint8))
    v = np.ascontiguousarray(np.asarray(valid, bool))
    h = hashlib.sha256()
    h.update(f"art-features v{FEATURES_VERSION} cv{cv2.__version__} up{REF_UPSAMPLE} "
             f"{g.shape} {v.shape}".encode())
    h.update(g.tobytes())
    h.update(np.packbits(v).tobytes())
    return h.hexdigest()


def save_features(art: ArtFeatures, key: str, path) -> bool:
    """Writes `art` to `path` atomically; False (nothing written) when it cannot."""
    import os
    import tempfile
    from pathlib import Path

    path = Path(path)
    desc = art.desc if art.desc is not None else np.zeros((0, 128), np.float32)
    desc_u8 = desc.astype(np.uint8)
    if not np.array_equal(desc_u8, desc):  # SIFT's descriptors are whole numbers 0..255
        return False
    tmp = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".features-", suffix=".npz", dir=path.parent)
        with os.fdopen(fd, "wb") as f:
            np.savez(f, key=np.array(key), points=art.points.astype(np.float32), desc=desc_u8,
                     geo=art.geo.astype(np.float32))
        os.replace(tmp, path)
        return True
    except OSError:
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass
        return False


def load_features(path, key: str) -> ArtFeatures | None:
    """The features stored at `path` when they were made for `key`, else None."""
    try:
        with np.load(path, allow_pickle=False) as z:
            if str(z["key"]) != key:
                return None
            points = z["points"].astype(np.float32).reshape(-1, 2)
            desc = z["desc"].astype(np.float32).reshape(-1, 128)
            geo = z["geo"].astype(np.float32).reshape(-1, 2)
    except (OSError, ValueError, KeyError, EOFError):  # missing, truncated or foreign file
        return None
    except Exception:  # noqa: BLE001 - zipfile.BadZipFile and the like: never fatal
        return None
    if not (len(points) == len(desc) == len(geo)):
        return None
    return ArtFeatures(arrays=(points, desc if len(desc) else None, geo))


def cached_features(ref_grey: np.ndarray, valid: np.ndarray, folder=None, cache_dir=None,
                    writable: bool = False) -> ArtFeatures:
    """The reference's features, extracted once and then read back.

    Looked up in `folder`/features.npz (the profile's own folder), then in
    `cache_dir`/<key>.npz; used only when made from the very same reference
    (features_key). When neither holds them they are extracted and stored: in
    `folder` if `writable`, else in `cache_dir` (never anywhere else). `cache_dir`
    may be a callable giving the folder (or None), asked only when needed."""
    from pathlib import Path

    key = features_key(ref_grey, valid)
    own = Path(folder) / FEATURES_FILE if folder is not None else None
    if own is not None:
        art = load_features(own, key)
        if art is not None:
            return art
    if callable(cache_dir):
        cache_dir = cache_dir()
    cached = Path(cache_dir) / f"{key[:40]}.npz" if cache_dir is not None else None
    if cached is not None:
        art = load_features(cached, key)
        if art is not None:
            return art
    art = ArtFeatures(ref_grey, valid)
    if not (own is not None and writable and save_features(art, key, own)) and cached is not None:
        save_features(art, key, cached)
    return art


def _keypoint_arrays(kp) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Keypoints as arrays, in one pass over them (20000 photo keypoints' attributes
    read one by one cost tens of milliseconds): points (N x 2), geometry (N x 2:
    orientation in degrees, log2 size) and response (N)."""
    a = np.array([(*k.pt, k.angle, k.size, k.response) for k in kp], np.float32).reshape(-1, 5)
    geo = np.stack([a[:, 2], np.log2(np.maximum(a[:, 3].astype(np.float64), 1e-3))], axis=1)
    return a[:, :2].copy(), geo.astype(np.float32), a[:, 4].copy()


def photo_features(grey: np.ndarray, limit: int = PHOTO_FEATURES):
    """(points in `grey` pixels, descriptors, work scale, keypoint orientation and log2
    size) of a photo; `limit` keeps the strongest features only (0: all of them)."""
    s = min(1.0, WORK_LONG_SIDE / max(grey.shape))
    small = cv2.resize(grey, None, fx=s, fy=s, interpolation=cv2.INTER_AREA) if s < 1 else grey
    kp, desc = _sift(limit).detectAndCompute(_normalise(small), None)
    pts, geo, response = _keypoint_arrays(kp)
    # strongest first, so that strongest(features, n) is SIFT's own nfeatures=n selection
    order = np.argsort(-response, kind="stable")
    return (pts / s)[order], (desc[order] if desc is not None else None), s, geo[order]


def strongest(photo, limit: int):
    """The `limit` strongest of photo_features(grey, 0) (one SIFT pass serves both stages)."""
    pts, desc, s, geo = photo
    if limit <= 0 or len(pts) <= limit:
        return photo
    return pts[:limit], (desc[:limit] if desc is not None else None), s, geo[:limit]


def feature_stages(photo) -> list[tuple[str, tuple]]:
    """The feature fits the locators try, each with the photo features it matches: "art" the
    PHOTO_FEATURES strongest, then "art-all" every feature where there are more (a small board).
    `photo`: photo_features(grey, 0)."""
    stages = [("art", strongest(photo, PHOTO_FEATURES))]
    if len(photo[0]) > PHOTO_FEATURES:
        stages.append(("art-all", photo))
    return stages


#: consistent matches: orientation change within this many degrees, and size change
#: within this many octaves, of the densest cluster (a tilted plane bends both a little)
CLUSTER_DEG = 15.0
CLUSTER_OCT = 0.5
#: fits tried: all ratio-test matches, then the densest clusters of consistent matches
CLUSTERS = 4
#: a seed that gains so many guided inliers is kept without trying the clusters (speed)
ENOUGH_INLIERS = 150


def _clusters(dgeo: np.ndarray) -> list[np.ndarray]:
    """Index sets of ratio-test matches that agree on rotation and scale change (Lowe's
    Hough clustering): on a busy table a board's few true matches are a small fraction
    of all, but they turn and scale alike, so a cluster is mostly true matches."""
    da = (dgeo[:, 0][:, None] - dgeo[:, 0][None, :] + 180.0) % 360.0 - 180.0
    near = (np.abs(da) <= CLUSTER_DEG) & (np.abs(dgeo[:, 1][:, None] - dgeo[:, 1][None, :]) <= CLUSTER_OCT)
    free = np.ones(len(dgeo), bool)
    out = []
    for _ in range(CLUSTERS):
        counts = (near & free[None, :]).sum(axis=1) * free
        c = int(np.argmax(counts))
        if counts[c] < 8:
            break
        members = np.nonzero(near[c] & free)[0]
        out.append(members)
        free[members] = False
    return out


#: the reference features that seed the homographies (searched for in the whole photo):
#: all of them among at most SEED_ALL_UP_TO photo features (the strongest, or a small
#: photo); among more (a busy photo searched for a small board) only those at least
#: SEED_MIN_SIZE reference pixels large (SIFT keypoint size). The finer ones, 60% of
#: all (the reference is upsampled), seldom match in a whole photo (about 12% of the
#: true matches on the rendered dev photos): they cost most of the search and bring
#: more false matches than true. Guided matching still uses every feature.
SEED_ALL_UP_TO = PHOTO_FEATURES
SEED_MIN_SIZE = 1.5


def _seed_features(art: ArtFeatures, n_photo: int) -> np.ndarray:
    """Indices of the reference features searched for among `n_photo` photo features."""
    if n_photo <= SEED_ALL_UP_TO:
        return np.arange(len(art.points))
    big = np.nonzero(art.geo[:, 1] >= np.log2(SEED_MIN_SIZE * REF_UPSAMPLE))[0]
    return big if len(big) >= 8 else np.arange(len(art.points))


def match_art(art: ArtFeatures, photo, grid_rect: np.ndarray, image_shape: tuple[int, int]) -> ArtMatch | None:
    """Grid corners of the board in the photo from feature matches, or None.

    First homographies come from the ratio-test matches, all of them and the densest
    clusters that agree on rotation and scale (_clusters); each seeds guided matching:
    every reference feature is matched again among the photo features near where the
    homography puts it, which turns a handful of inliers on a mostly covered or small
    board into many (a wrong seed gains few). The seed that gains most wins."""
    pts, desc, s, geo = photo
    if art.desc is None or desc is None or len(art.points) < 8 or len(pts) < 8:
        return None
    cv2.setRNGSeed(7)  # FLANN and MAGSAC are randomised: same photo, same answer
    seeds = _seed_features(art, len(pts))
    if len(seeds) < len(art.points):
        qi, ti = _ratio_matches(art.desc[seeds], desc, FLANN_INDEX_SEEDS, FLANN_CHECKS_SEEDS)
        qi = seeds[qi]
    else:
        qi, ti = _ratio_matches(art.desc, desc)
    if len(qi) < 8:
        return None
    src, dst = art.points[qi].astype(np.float32), pts[ti].astype(np.float32)
    dgeo = geo[ti] - art.geo[qi]
    best_fit = None
    for subset in [np.arange(len(qi))] + _clusters(dgeo):
        fit = _fit(src[subset], dst[subset], s, grid_rect, image_shape)
        if fit is None:
            continue
        H, n_in, n_all = fit
        for radius in GUIDED_RADIUS:
            refit = _guided_fit(art, photo, H, radius, grid_rect, image_shape)
            if refit is None or refit[1] < n_in:
                break
            H, n_in, n_all = refit
        if best_fit is None or n_in > best_fit[1]:
            best_fit = (H, n_in, n_all)
        if n_in >= ENOUGH_INLIERS:
            break  # unmistakable: the clusters would find the same board
    if best_fit is None:
        return None
    H, n_in, n_all = best_fit
    return ArtMatch(project(H, grid_rect), n_in, n_all, n_in / max(n_all, 1))


def orientation_inliers(art: ArtFeatures, photo, corners: np.ndarray, grid_rect: np.ndarray, rolls: list[int],
                        image_shape: tuple[int, int]) -> tuple[int, int]:
    """Which way round a fit's features put the board: the inliers of the reference features
    matched again (guided, refitted) where the grid `corners` put them, and the most so matched
    with the corners rolled by any of `rolls` (the board turned in place). Art that looks alike
    turned (repeated cell prints) gathers inliers in every turn, the board's own art most as it
    lies. `photo`: photo_features of the image the corners are in."""
    _, desc, _, _ = photo
    if art.desc is None or desc is None:
        return 0, 0
    cv2.setRNGSeed(7)  # MAGSAC is randomised: same photo, same answer

    def inliers(quad: np.ndarray) -> int:
        H = cv2.getPerspectiveTransform(np.asarray(grid_rect, np.float32), np.asarray(quad, np.float32))
        fit = _guided_fit(art, photo, H, GUIDED_RADIUS[-1], grid_rect, image_shape)
        return 0 if fit is None else fit[1]

    return inliers(corners), max((inliers(np.roll(corners, -k, axis=0)) for k in rolls), default=0)


#: guided matching search radii (work-image pixels), first and second round
GUIDED_RADIUS = (12.0, 6.0)
#: guided matching: best descriptor distance must beat the second nearby one by this ratio
GUIDED_RATIO = 0.9


def _fit(src: np.ndarray, dst: np.ndarray, s: float, grid_rect: np.ndarray, image_shape
         ) -> tuple[np.ndarray, int, int] | None:
    if len(src) < 8:
        return None
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
    if not _plausible(project(H, grid_rect), dst[inl], image_shape):
        return None
    return H, n_in, len(src)


def _guided_fit(art: ArtFeatures, photo, H: np.ndarray, radius: float, grid_rect: np.ndarray,
                image_shape: tuple[int, int]) -> tuple[np.ndarray, int, int] | None:
    """The homography refitted (_fit) on the pairs guided matching finds within `radius` (work-image
    pixels) of where H puts each reference feature, or None. `photo`: photo_features."""
    pts, desc, s, _ = photo
    pairs = _guided_pairs(art, pts, desc, H, radius / s)
    return None if pairs is None else _fit(*pairs, s, grid_rect, image_shape)


def _guided_pairs(art: ArtFeatures, pts: np.ndarray, desc: np.ndarray, H: np.ndarray, radius: float
                  ) -> tuple[np.ndarray, np.ndarray] | None:
    """Reference/photo point pairs matched among photo features within `radius`
    (photo pixels) of each reference feature's projection by H."""
    proj = project(H, art.points).astype(np.float32)
    if not np.all(np.isfinite(proj)):
        return None
    lo, hi = proj.min(axis=0) - radius, proj.max(axis=0) + radius
    sel = np.nonzero(np.all((pts >= lo) & (pts <= hi), axis=1))[0]
    if len(sel) < 8:
        return None
    P = pts[sel]
    # the few photo features nearest each projection (k-d tree on positions)
    k = min(GUIDED_NEIGHBOURS, len(P))
    index = cv2.flann_Index(np.ascontiguousarray(P, np.float32), {"algorithm": 1, "trees": 1})
    nn, d2 = index.knnSearch(np.ascontiguousarray(proj, np.float32), k, params={"checks": 32})
    nn, d2 = nn.reshape(len(proj), k), d2.reshape(len(proj), k)
    qi, col = np.nonzero((d2 < radius * radius) & (nn >= 0))
    ti = nn[qi, col].astype(np.int64)
    if len(qi) < 8:
        return None
    dd = np.linalg.norm(art.desc[qi] - desc[sel[ti]], axis=1)
    order = np.lexsort((dd, qi))
    qi, ti, dd = qi[order], ti[order], dd[order]
    first = np.ones(len(qi), bool)
    first[1:] = qi[1:] != qi[:-1]
    idx = np.nonzero(first)[0]
    nxt = idx + 1
    has2 = (nxt < len(qi)) & (qi[np.minimum(nxt, len(qi) - 1)] == qi[idx])
    second = np.where(has2, dd[np.minimum(nxt, len(qi) - 1)], np.inf)
    ok = (dd[idx] < GUIDED_RATIO * second) & (dd[idx] < GUIDED_MAX_DIST)
    idx = idx[ok]
    # one reference feature per photo feature
    order = np.lexsort((dd[idx], ti[idx]))
    idx = idx[order]
    keep = np.ones(len(idx), bool)
    keep[1:] = ti[idx][1:] != ti[idx][:-1]
    idx = idx[keep]
    if len(idx) < 8:
        return None
    return art.points[qi[idx]].astype(np.float32), P[ti[idx]].astype(np.float32)


#: guided matching: photo features considered around each projected reference feature
GUIDED_NEIGHBOURS = 6
#: guided matching: absolute SIFT descriptor distance limit (descriptors have norm ~512)
GUIDED_MAX_DIST = 300.0


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
