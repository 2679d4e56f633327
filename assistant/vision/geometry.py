"""Small geometry helpers: corner order, quadrilateral checks, homographies."""

from __future__ import annotations

import cv2
import numpy as np

from assistant.errors import UsageError


def parse_corners(text: str) -> np.ndarray:
    """'x,y x,y x,y x,y' -> 4x2 float array (no geometry checks)."""
    parts = text.replace(";", " ").split()
    if len(parts) != 4:
        raise UsageError(f'--corners needs four points "x,y x,y x,y x,y", got {len(parts)}: {text!r}.')
    pts = []
    for p in parts:
        xy = p.split(",")
        try:
            if len(xy) != 2:
                raise ValueError
            pts.append((float(xy[0]), float(xy[1])))
        except ValueError:
            raise UsageError(f"--corners point {p!r} is not of the form x,y.") from None
    return np.array(pts, np.float64)


def is_convex_quad(q: np.ndarray) -> bool:
    q = np.asarray(q, np.float64).reshape(4, 2)
    signs = []
    for i in range(4):
        a, b, c = q[i], q[(i + 1) % 4], q[(i + 2) % 4]
        cross = (b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0])
        signs.append(cross)
    signs = np.array(signs)
    return bool(np.all(signs > 1e-6) or np.all(signs < -1e-6))


def is_clockwise(q: np.ndarray) -> bool:
    """Clockwise as seen on screen (y down): TL, TR, BR, BL is clockwise."""
    q = np.asarray(q, np.float64).reshape(4, 2)
    area = 0.0
    for i in range(4):
        x1, y1 = q[i]
        x2, y2 = q[(i + 1) % 4]
        area += x1 * y2 - x2 * y1
    return area > 0


def quad_area(q: np.ndarray) -> float:
    return float(abs(cv2.contourArea(np.asarray(q, np.float32).reshape(4, 2))))


def order_clockwise_from_top(q: np.ndarray) -> np.ndarray:
    """Clockwise order starting at the first corner of the edge nearest the top
    of the image (the 'upright' reading order)."""
    q = np.asarray(q, np.float64).reshape(4, 2)
    if not is_clockwise(q):
        q = q[::-1].copy()
    best = min(range(4), key=lambda i: (q[i][1] + q[(i + 1) % 4][1], q[i][0]))
    return np.roll(q, -best, axis=0)


def rotate_corners(q: np.ndarray, k: int) -> np.ndarray:
    """Cyclic shift: corner k becomes the first corner."""
    return np.roll(np.asarray(q).reshape(4, 2), -k, axis=0)


def grid_homography(corners: np.ndarray, width: float, height: float) -> np.ndarray:
    """Homography mapping photo points to a (width x height) grid rectangle."""
    dst = np.array([[0, 0], [width, 0], [width, height], [0, height]], np.float32)
    return cv2.getPerspectiveTransform(np.asarray(corners, np.float32).reshape(4, 2), dst)


def project(h: np.ndarray, pts: np.ndarray) -> np.ndarray:
    pts = np.asarray(pts, np.float64).reshape(-1, 1, 2)
    return cv2.perspectiveTransform(pts, np.asarray(h, np.float64)).reshape(-1, 2)


def cell_size(corners: np.ndarray, rows: int, cols: int) -> float:
    """A cell's rough size in pixels: the grid's diagonal over its diagonal in cells."""
    c = np.asarray(corners, np.float64)
    return float(np.linalg.norm(c[0] - c[2]) / np.hypot(rows, cols))


def turns(rows: int, cols: int) -> list[int]:
    """Corner rolls that keep a rows x cols grid's shape, 0 (as given) first: all four
    quarter turns for a square grid, the half turn only otherwise."""
    return [0, 1, 2, 3] if rows == cols else [0, 2]


def turned_cells(rows: int, cols: int, k: int) -> tuple[np.ndarray, np.ndarray]:
    """Where each cell of a grid read with its corners as given lies when they are rolled by
    `k` (a shape-keeping roll, turns): (row, col) arrays, rows x cols each."""
    r, c = np.mgrid[0:rows, 0:cols]
    return np.rot90(r, -k), np.rot90(c, -k)  # rolling the corners by k turns the cells back by k


def same_place(a: np.ndarray, b: np.ndarray, tol: float) -> bool:
    """Whether two corner sets (in order) agree within `tol` pixels at every corner."""
    return bool(np.max(np.linalg.norm(np.asarray(a) - np.asarray(b), axis=1)) < tol)


def corner_spread(src: np.ndarray, dst: np.ndarray, rect: np.ndarray) -> float:
    """How firmly point pairs fix a homography's corners: the farthest a corner of `rect` (in
    `src` coordinates) lands from where all pairs put it (share of that quad's diagonal) when
    the homography src -> dst is fitted leaving out any one pair (least squares with h33 = 1,
    every fit solved at once). Points nearly in a line, or one far from the others, leave the
    corners free; inf when a fit fails."""
    src, dst, rect = (np.asarray(a, np.float64) for a in (src, dst, rect))
    c, k = src.mean(axis=0), src.std() + 1e-9  # normalised coordinates: a well-conditioned fit
    d, e = (src - c) / k, (dst - c) / k
    x, y, u, v = d[:, 0], d[:, 1], e[:, 0], e[:, 1]
    one, zero = np.ones_like(x), np.zeros_like(x)
    A = np.stack([np.stack([x, y, one, zero, zero, zero, -u * x, -u * y], -1),
                  np.stack([zero, zero, zero, x, y, one, -v * x, -v * y], -1)], 1)  # n x 2 x 8
    b = np.stack([u, v], 1)
    AtA = np.einsum("nki,nkj->nij", A, A)
    Atb = np.einsum("nki,nk->ni", A, b)
    N, r = AtA.sum(0), Atb.sum(0)
    try:  # all pairs, then each left out in turn
        h = np.linalg.solve(np.concatenate([N[None], N - AtA]), np.concatenate([r[None], r - Atb])[..., None])[..., 0]
    except np.linalg.LinAlgError:
        return float("inf")
    H = np.concatenate([h, np.ones((len(h), 1))], 1).reshape(-1, 3, 3)
    q = np.einsum("mij,cj->mci", H, np.c_[(rect - c) / k, np.ones(len(rect))])
    with np.errstate(divide="ignore", invalid="ignore"):
        q = q[..., :2] / q[..., 2:]
        moved = np.linalg.norm(q[1:] - q[0], axis=-1).max() / np.linalg.norm(q[0, 0] - q[0, 2])
    return float(moved) if np.isfinite(moved) else float("inf")
