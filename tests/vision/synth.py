"""A small synthetic board photographer for vision tests (independent of samples/renderer).

Board: a frame with printed art around a R x C grid of cells (grass texture,
some cells carrying a printed pot or cloche), tiles of random colours with
flower art on some cells, then perspective, rotation, uneven light, a glare
spot, tile shadows, blur, noise and JPEG loss.
"""

from __future__ import annotations

import cv2
import numpy as np

CELL = 80


def _layout(rng, rows, cols):
    lay = [["." for _ in range(cols)] for _ in range(rows)]
    for ch, n in (("P", 3), ("C", 2)):
        for _ in range(n):
            lay[int(rng.integers(rows))][int(rng.integers(cols))] = ch
    return "/".join("".join(r) for r in lay)


def board_image(design_seed: int, rows: int = 5, cols: int = 5, layout: str | None = None):
    """Flat board art (BGR), the grid rectangle inside it, and the layout."""
    rng = np.random.default_rng(design_seed)
    frame = int(CELL * 0.6)
    W, H = cols * CELL + 2 * frame, rows * CELL + 2 * frame
    base = np.array(rng.integers(60, 200, 3), np.float32)
    img = np.empty((H, W, 3), np.float32)
    img[:] = base * 0.7
    noise = cv2.GaussianBlur(rng.normal(0, 1, (H, W)).astype(np.float32), (0, 0), 3)
    img += noise[..., None] * 25
    for _ in range(60):  # frame art: leaves and dots
        x, y = int(rng.integers(W)), int(rng.integers(H))
        col = tuple(int(v) for v in rng.integers(20, 240, 3))
        cv2.ellipse(img, (x, y), (int(rng.integers(4, 14)), int(rng.integers(3, 8))), float(rng.integers(180)), 0, 360, col, -1)
    grass = np.array(rng.integers(80, 200, 3), np.float32)
    layout = layout or _layout(rng, rows, cols)
    lay = layout.split("/")
    for r in range(rows):
        for c in range(cols):
            x0, y0 = frame + c * CELL, frame + r * CELL
            cell = np.empty((CELL, CELL, 3), np.float32)
            cell[:] = grass * (0.9 + 0.2 * rng.random())
            tex = cv2.GaussianBlur(rng.normal(0, 1, (CELL, CELL)).astype(np.float32), (0, 0), 1.5)
            cell += tex[..., None] * 18
            for _ in range(4):
                p = tuple(int(v) for v in rng.integers(8, CELL - 8, 2))
                cv2.circle(cell, p, int(rng.integers(3, 7)), tuple(float(v) for v in grass * 0.6), -1)
            ch = lay[r][c]
            if ch == "P":
                cv2.rectangle(cell, (25, 35), (55, 65), (40, 80, 180), -1)
                cv2.circle(cell, (40, 28), 12, (40, 160, 40), -1)
            elif ch == "C":
                cv2.ellipse(cell, (40, 48), (22, 22), 0, 180, 360, (230, 230, 210), 3)
                cv2.line(cell, (18, 50), (62, 50), (230, 230, 210), 3)
            img[y0:y0 + CELL, x0:x0 + CELL] = cell
            cv2.rectangle(img, (x0, y0), (x0 + CELL, y0 + CELL), (40, 50, 40), 2)
    img = np.clip(img, 0, 255).astype(np.uint8)
    grid = np.array([[frame, frame], [frame + cols * CELL, frame], [frame + cols * CELL, frame + rows * CELL],
                     [frame, frame + rows * CELL]], np.float64)
    return img, grid, layout


def add_tiles(board, grid, rows, cols, rng, count):
    """Covers `count` random cells with tiles; returns the board and the covered set."""
    out = board.copy()
    covered = set()
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    order = rng.permutation(len(cells))[:count]
    for i in order:
        r, c = cells[i]
        covered.add((r, c))
        x0, y0 = int(grid[0][0] + c * CELL), int(grid[0][1] + r * CELL)
        colour = tuple(int(v) for v in rng.integers(0, 256, 3))
        # shadow to the lower right
        sh = out[y0 + 3:y0 + CELL + 4, x0 + 3:x0 + CELL + 4].astype(np.float32) * 0.75
        out[y0 + 3:y0 + CELL + 4, x0 + 3:x0 + CELL + 4] = sh.astype(np.uint8)
        cv2.rectangle(out, (x0 + 1, y0 + 1), (x0 + CELL - 2, y0 + CELL - 2), colour, -1)
        for _ in range(int(rng.integers(0, 4))):
            p = tuple(int(v) for v in rng.integers(x0 + 12, x0 + CELL - 12, 1)) + tuple(
                int(v) for v in rng.integers(y0 + 12, y0 + CELL - 12, 1))
            petal = tuple(int(v) for v in rng.integers(0, 256, 3))
            for a in range(0, 360, 72):
                q = (int(p[0] + 8 * np.cos(np.radians(a))), int(p[1] + 8 * np.sin(np.radians(a))))
                cv2.circle(out, q, 5, petal, -1)
            cv2.circle(out, p, 4, (0, 200, 255), -1)
    return out, covered


def photograph(board, grid, rng, size=(1600, 1200), tilt=35.0, jpeg=85):
    """Places the board in a photo; returns (BGR photo, grid corners in the photo)."""
    W, H = size
    bh, bw = board.shape[:2]
    bg = np.empty((H, W, 3), np.float32)
    bg[:] = np.array(rng.integers(30, 220, 3), np.float32)
    bg += cv2.GaussianBlur(rng.normal(0, 1, (H, W)).astype(np.float32), (0, 0), 6)[..., None] * 30
    # board corners: rotate, scale and tilt
    scale = rng.uniform(0.45, 0.75) * min(W, H) / max(bw, bh)
    ang = rng.uniform(0, 2 * np.pi)
    c, s = np.cos(ang), np.sin(ang)
    pts = np.array([[0, 0], [bw, 0], [bw, bh], [0, bh]], np.float64) - [bw / 2, bh / 2]
    pts = pts @ np.array([[c, s], [-s, c]]) * scale
    # perspective: foreshorten along a random axis by up to `tilt` degrees
    t = np.radians(rng.uniform(0, tilt))
    ax = rng.uniform(0, 2 * np.pi)
    d = np.array([np.cos(ax), np.sin(ax)])
    along = pts @ d
    k = np.sin(t) / (max(bw, bh) * scale) * 0.9
    f = 1.0 / (1.0 + k * along)
    pts = pts * f[:, None] * np.array([1.0, 1.0])
    pts[:, 0] += W / 2 + rng.uniform(-0.1, 0.1) * W
    pts[:, 1] += H / 2 + rng.uniform(-0.1, 0.1) * H
    src = np.float32([[0, 0], [bw, 0], [bw, bh], [0, bh]])
    M = cv2.getPerspectiveTransform(src, pts.astype(np.float32))
    warped = cv2.warpPerspective(board, M, (W, H), flags=cv2.INTER_LINEAR)
    mask = cv2.warpPerspective(np.full((bh, bw), 255, np.uint8), M, (W, H)) > 0
    photo = bg.copy()
    photo[mask] = warped[mask]
    # uneven light, glare, blur, noise
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    g = 0.75 + 0.5 * (xx * rng.uniform(-1, 1) + yy * rng.uniform(-1, 1)) / (W + H) + 0.1
    photo *= g[..., None]
    gx, gy = rng.uniform(0.2, 0.8) * W, rng.uniform(0.2, 0.8) * H
    glare = np.exp(-((xx - gx) ** 2 + (yy - gy) ** 2) / (2 * (0.03 * W) ** 2)) * 120
    photo += glare[..., None]
    photo = cv2.GaussianBlur(photo, (0, 0), rng.uniform(0.5, 1.8))
    photo += rng.normal(0, 4, photo.shape).astype(np.float32)
    photo = np.clip(photo, 0, 255).astype(np.uint8)
    ok, buf = cv2.imencode(".jpg", photo, [cv2.IMWRITE_JPEG_QUALITY, jpeg])
    photo = cv2.imdecode(buf, cv2.IMREAD_COLOR)
    corners = cv2.perspectiveTransform(grid.reshape(-1, 1, 2), M).reshape(-1, 2)
    return photo, corners


def scene(design_seed, seed, rows=5, cols=5, tiles=None, tilt=35.0, size=(1600, 1200)):
    """(photo, truth dict) for a board design and a photo seed."""
    board, grid, layout = board_image(design_seed, rows, cols)
    rng = np.random.default_rng(seed)
    n = int(rng.integers(0, rows * cols)) if tiles is None else tiles
    covered_board, covered = add_tiles(board, grid, rows, cols, rng, n)
    photo, corners = photograph(covered_board, grid, rng, size=size, tilt=tilt)
    names = {".": "empty", "P": "pot", "C": "cloche"}
    lay = layout.split("/")
    cells = [["covered" if (r, c) in covered else names[lay[r][c]] for c in range(cols)] for r in range(rows)]
    return photo, {"rows": rows, "cols": cols, "layout": layout, "corners": corners.tolist(), "cells": cells}


def calibration_scene(design_seed, rows=5, cols=5, seed=12345, size=(1600, 1200)):
    return scene(design_seed, seed, rows, cols, tiles=0, tilt=15.0, size=size)


def corner_error(corners, truth: dict) -> float:
    """Largest distance of located grid corners from the truth's, as a share of the grid diagonal."""
    tc = np.asarray(truth["corners"], np.float64)
    return float(np.max(np.linalg.norm(np.asarray(corners) - tc, axis=1)) / np.linalg.norm(tc[0] - tc[2]))
