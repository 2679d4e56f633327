"""Tiles laid face up on the table around a board, for `garden tiles scan`: a box's tiles
photographed beside a calibrated board, apart from each other and from it, at any rotation.

Cottage Garden: flower tiles of 1-6 cells, some cells printed with a flowerpot or a cloche.
Indian Summer: leaf tiles of 3-5 cells with one hole, animal tiles of 3-4 cells, squirrels.
The truth of each tile: its kind, its cells in its own grid (from (0, 0)), its hole, its printed
symbols, and its outline in photo pixels (render_photo adds those once the camera is known).
"""
from __future__ import annotations

import math

import cv2
import numpy as np

from .designs import COTTAGE, BoardDesign
from .piece_art import piece_raster
from .pieces import Piece, grow_polyomino
from .rng import sub_seed
from .slabs import Slab, transform_slab

RASTER = 10  # footprint pixels a cell, for keeping tiles apart
GAP = 0.3  # the least space between two tiles, or a tile and the board's edge, cells
REACH = 4.5  # how far from the board a tile may lie, cells


def _piece(rng: np.random.Generator, game: str) -> Piece:
    if game == COTTAGE:
        kind, size = "flower_tile", int(rng.integers(1, 7))
    else:
        kind = str(rng.choice(["leaf_tile", "animal_tile", "squirrel"], p=[0.7, 0.15, 0.15]))
        size = {"leaf_tile": int(rng.integers(3, 6)), "animal_tile": int(rng.integers(3, 5)), "squirrel": 1}[kind]
    full = {(r, c) for r in range(6) for c in range(6)}
    cells = grow_polyomino(rng, full, size, 6, 6, start=(2, 2))
    mr, mc = min(r for r, _ in cells), min(c for _, c in cells)
    cells = sorted((r - mr, c - mc) for r, c in cells)
    p = Piece(kind=kind, cells=cells, thickness=float(rng.uniform(0.04, 0.1)), inset=float(rng.uniform(0.01, 0.03)),
              style_seed=sub_seed(rng))
    if kind == "leaf_tile":
        p.hole = cells[int(rng.integers(0, len(cells)))]
    if kind == "flower_tile":
        for cell in cells:
            if rng.random() < 0.25:
                p.symbols[cell] = "pot" if rng.random() < 0.6 else "cloche"
    return p


def _footprint(outlines: list[np.ndarray], origin: np.ndarray, shape: tuple[int, int], grow: float) -> np.ndarray:
    img = np.zeros(shape, np.uint8)
    for o in outlines:
        pts = np.round((o - origin) * RASTER).astype(np.int32)
        cv2.fillPoly(img, [pts], 255)
    k = max(1, int(round(grow * RASTER)))
    return cv2.dilate(img, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * k + 1, 2 * k + 1)))


def lay_tiles(rng: np.random.Generator, design: BoardDesign, count: int, tpc: float,
              edge_tone: tuple[int, int, int]) -> list[Slab]:
    """Up to `count` tiles around the board, none touching another or the board (each slab's info
    holds its piece's truth)."""
    fw = design.frame
    lo = np.array([-fw - REACH, -fw - REACH])
    hi = np.array([design.cols + fw + REACH, design.rows + fw + REACH])
    shape = tuple(int(v) for v in np.ceil((hi - lo)[::-1] * RASTER))
    taken = np.zeros(shape, np.uint8)
    board = np.array([[-fw, -fw], [design.cols + fw, -fw], [design.cols + fw, design.rows + fw], [-fw, design.rows + fw]])
    taken |= _footprint([board], lo, shape, GAP)
    slabs: list[Slab] = []
    for _ in range(count):
        p = _piece(rng, design.game)
        pr = piece_raster(p, max(16.0, tpc), edge_tone=edge_tone)
        rows, cols = [r for r, _ in p.cells], [c for _, c in p.cells]
        cx, cy = (max(cols) + 1) / 2, (max(rows) + 1) / 2
        for _attempt in range(40):
            a = float(rng.uniform(0, 2 * math.pi))
            x, y = rng.uniform(lo[0] + 1.5, hi[0] - 1.5), rng.uniform(lo[1] + 1.5, hi[1] - 1.5)
            ca, sa = math.cos(a), math.sin(a)
            M = np.array([[ca, -sa, x - ca * cx + sa * cy], [sa, ca, y - sa * cx - ca * cy], [0, 0, 1]])
            s = transform_slab(Slab("tile_" + p.kind, pr.tex, pr.mask, pr.tex_to_board, pr.outlines, 0.0, p.thickness,
                                    pr.edge_color, info={"piece": p.to_json()}), M)
            mine = _footprint(s.outlines, lo, shape, 0.0)
            if np.any(mine & taken):
                continue
            taken |= _footprint(s.outlines, lo, shape, GAP)
            s.info["pose"] = [round(x, 4), round(y, 4), round(math.degrees(a) % 360, 3)]
            slabs.append(s)
            break
    return slabs


def tiles_truth(slabs: list[Slab], to_photo) -> list[dict]:
    """Each laid tile's truth, its outline in photo pixels by `to_photo` (world x, y, z -> pixels)."""
    out = []
    for s in slabs:
        piece = dict(s.info["piece"])
        outline = max(s.outlines, key=lambda o: abs(cv2.contourArea(o.astype(np.float32))))
        px = to_photo(np.c_[outline, np.full(len(outline), -s.top)])
        out.append({"kind": piece["kind"], "cells": piece["cells"], "hole": piece.get("hole"),
                    "symbols": piece.get("symbols", {}), "pose": s.info["pose"],
                    "outline_px": [[round(float(x), 2), round(float(y), 2)] for x, y in px]})
    return out
