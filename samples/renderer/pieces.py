"""Pieces on a board: which cells each covers, and how it sits (no pixels here).

Kinds:
  Cottage Garden: "flower_tile" (polyomino of 1-6 cells, some cells show a pot
  or cloche), "pot_token" and "cat_token" (one cell each, round or die-cut).
  Indian Summer: "leaf_tile" (3-5 cells, exactly one hole cell), "animal_tile"
  (3-4 cells, no hole), "squirrel" (one cell), and "treasure_token" (a small
  disc lying on the board inside a leaf's hole over a printed treasure).
Every cell of a piece, its hole included, is "covered" in the truth.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from .designs import COTTAGE, BoardDesign
from .rng import sub_seed

Cell = tuple[int, int]
TOKENS = ("pot_token", "cat_token", "squirrel", "treasure_token")


@dataclass
class Piece:
    kind: str
    cells: list[Cell]  # (row, col) on the board grid (or in a local grid for loose pieces)
    hole: Cell | None = None
    symbols: dict[Cell, str] = field(default_factory=dict)  # cell -> "pot" | "cloche"
    dx: float = 0.0  # placement offset, cells
    dy: float = 0.0
    angle: float = 0.0  # placement rotation, degrees, about the piece's cell-bbox centre
    inset: float = 0.02  # die-cut gap per side, cells
    thickness: float = 0.08  # cells
    shape: str = "square"  # tokens: "round" | "square" | "cat" | "blob"
    style_seed: int = 0

    def to_json(self) -> dict:
        d = {"kind": self.kind, "cells": [list(c) for c in self.cells],
             "offset": [round(self.dx, 4), round(self.dy, 4)], "angle": round(self.angle, 3),
             "thickness": round(self.thickness, 4)}
        if self.kind in TOKENS:
            d["shape"] = self.shape
        if self.hole is not None:
            d["hole"] = list(self.hole)
        if self.symbols:
            d["symbols"] = {f"{r},{c}": s for (r, c), s in sorted(self.symbols.items())}
        return d


SIZE_WEIGHTS_COTTAGE = {1: 0.06, 2: 0.12, 3: 0.18, 4: 0.22, 5: 0.24, 6: 0.18}
SIZE_WEIGHTS_LEAF = {3: 17, 4: 29, 5: 29}  # rules/components.md
ANIMAL_SHAPES = {
    "Z": [(0, 0), (0, 1), (1, 1), (1, 2)],
    "T": [(0, 0), (0, 1), (0, 2), (1, 1)],
    "O": [(0, 0), (0, 1), (1, 0), (1, 1)],
    "L": [(0, 0), (1, 0), (2, 0), (2, 1)],
    "I3": [(0, 0), (0, 1), (0, 2)],
    "V3": [(0, 0), (1, 0), (1, 1)],
    "I4": [(0, 0), (0, 1), (0, 2), (0, 3)],
}


def _neighbours(c: Cell, rows: int, cols: int):
    r, k = c
    for dr, dk in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        if 0 <= r + dr < rows and 0 <= k + dk < cols:
            yield (r + dr, k + dk)


def grow_polyomino(rng: np.random.Generator, free: set[Cell], size: int, rows: int, cols: int,
                   start: Cell | None = None) -> list[Cell]:
    """A random connected shape of up to `size` free cells."""
    if not free:
        return []
    if start is None:
        pool = sorted(free)
        start = pool[int(rng.integers(0, len(pool)))]
    shape = [start]
    frontier = set(n for n in _neighbours(start, rows, cols) if n in free)
    while len(shape) < size and frontier:
        options = sorted(frontier)
        # prefer cells touching more of the shape (compact, like real tiles) a little
        w = np.array([1.0 + 0.6 * sum(1 for n in _neighbours(o, rows, cols) if n in shape) for o in options])
        nxt = options[int(rng.choice(len(options), p=w / w.sum()))]
        shape.append(nxt)
        frontier.discard(nxt)
        frontier |= set(n for n in _neighbours(nxt, rows, cols) if n in free and n not in shape)
    return shape


def _weighted(rng, weights: dict) -> int:
    keys = list(weights)
    p = np.array([weights[k] for k in keys], float)
    return keys[int(rng.choice(len(keys), p=p / p.sum()))]


def _jitter(rng, cells: list[Cell], piece: Piece, jitter: float):
    """Small offset and rotation, bounded so a piece stays in its cells."""
    rs = [r for r, _ in cells]
    cs = [c for _, c in cells]
    half = max(max(rs) - min(rs) + 1, max(cs) - min(cs) + 1) / 2.0
    piece.dx = float(np.clip(rng.normal(0, 0.025 * jitter), -0.07, 0.07))
    piece.dy = float(np.clip(rng.normal(0, 0.025 * jitter), -0.07, 0.07))
    amax = math.degrees(math.atan(0.045 / max(half, 0.5)))
    piece.angle = float(np.clip(rng.normal(0, amax / 2 * jitter), -amax, amax))


def place_pieces(design: BoardDesign, coverage: float, rng: np.random.Generator,
                 jitter: float = 1.0) -> list[Piece]:
    """Pieces covering about coverage * cells of the board, legal-looking and non-overlapping."""
    rows, cols = design.rows, design.cols
    n_cells = rows * cols
    target = int(round(max(0.0, min(1.0, coverage)) * n_cells))
    free = {(r, c) for r in range(rows) for c in range(cols)}
    pieces: list[Piece] = []
    covered = 0
    tile_thick = float(rng.uniform(0.04, 0.12))
    token_thick = float(rng.uniform(0.04, 0.12))
    inset = float(rng.uniform(0.008, 0.035))
    attempts = 0
    cottage = design.game == COTTAGE
    while covered < target and attempts < 400 and free:
        attempts += 1
        remaining = target - covered
        u = rng.random()
        if cottage:
            if u < 0.08 or (remaining == 1 and u < 0.5):
                kind = "pot_token"
            elif u < 0.16 or (remaining == 1 and u < 0.8):
                kind = "cat_token"
            else:
                kind = "flower_tile"
        else:
            if u < 0.1 or remaining < 3:
                kind = "squirrel"
            elif u < 0.17:
                kind = "animal_tile"
            else:
                kind = "leaf_tile"
        if kind in ("pot_token", "cat_token", "squirrel"):
            cells = grow_polyomino(rng, free, 1, rows, cols)
        elif kind == "animal_tile":
            name = list(ANIMAL_SHAPES)[int(rng.integers(0, len(ANIMAL_SHAPES)))]
            cells = _fit_shape(rng, free, ANIMAL_SHAPES[name], rows, cols)
            if not cells or len(cells) > remaining:
                continue
        else:
            weights = SIZE_WEIGHTS_COTTAGE if cottage else SIZE_WEIGHTS_LEAF
            size = _weighted(rng, weights)
            size = min(size, max(remaining, 1 if cottage else 3))
            cells = grow_polyomino(rng, free, size, rows, cols)
            if not cottage and len(cells) < 3:
                # leaf tiles have 3+ cells; a leftover pocket gets a squirrel instead
                cells = cells[:1]
                kind = "squirrel"
        if not cells:
            continue
        p = Piece(kind=kind, cells=cells, inset=inset, style_seed=sub_seed(rng))
        if kind in ("pot_token", "cat_token", "squirrel"):
            p.thickness = token_thick
            p.shape = _token_shape(rng, kind)
            p.inset = float(rng.uniform(0.02, 0.1)) if p.shape != "square" else inset
        else:
            p.thickness = tile_thick
        if kind == "leaf_tile":
            p.hole = cells[int(rng.integers(0, len(cells)))]
        if kind == "flower_tile" and rng.random() < 0.3:
            sym_cell = cells[int(rng.integers(0, len(cells)))]
            p.symbols[sym_cell] = "pot" if rng.random() < 0.6 else "cloche"
        _jitter(rng, cells, p, jitter)
        pieces.append(p)
        for c in cells:
            free.discard(c)
        covered += len(cells)
    # treasure tokens in holes over printed treasures
    if not cottage:
        for p in list(pieces):
            if p.kind == "leaf_tile" and p.hole is not None:
                r, c = p.hole
                if design.cell(r, c) != "empty" and rng.random() < 0.7:
                    t = Piece(kind="treasure_token", cells=[p.hole], shape="round",
                              thickness=float(min(rng.uniform(0.03, 0.07), p.thickness * 0.9)), inset=float(rng.uniform(0.18, 0.28)),
                              style_seed=sub_seed(rng))
                    t.symbols[p.hole] = design.cell(r, c)
                    _jitter(rng, [p.hole], t, jitter * 0.6)
                    pieces.append(t)
    return pieces


def _token_shape(rng, kind: str) -> str:
    if kind == "cat_token":
        return str(rng.choice(["round", "cat", "blob"], p=[0.45, 0.4, 0.15]))
    if kind == "pot_token":
        return str(rng.choice(["round", "pot", "square"], p=[0.6, 0.25, 0.15]))
    return str(rng.choice(["round", "square", "blob"], p=[0.4, 0.45, 0.15]))


def _fit_shape(rng, free: set[Cell], shape: list[Cell], rows: int, cols: int) -> list[Cell]:
    variants = []
    for rot in range(4):
        for flip in (False, True):
            pts = shape
            for _ in range(rot):
                pts = [(c, -r) for r, c in pts]
            if flip:
                pts = [(r, -c) for r, c in pts]
            mr, mc = min(r for r, _ in pts), min(c for _, c in pts)
            variants.append([(r - mr, c - mc) for r, c in pts])
    options = []
    for v in variants:
        for r0 in range(rows):
            for c0 in range(cols):
                cells = [(r0 + r, c0 + c) for r, c in v]
                if all(cell in free for cell in cells):
                    options.append(cells)
    if not options:
        return []
    return options[int(rng.integers(0, len(options)))]


def covered_cells(pieces: list[Piece]) -> set[Cell]:
    out: set[Cell] = set()
    for p in pieces:
        out.update(p.cells)
    return out


def loose_piece(rng: np.random.Generator, game: str) -> Piece:
    """A piece lying loose on the table (cells in a local grid from (0,0))."""
    if game == COTTAGE:
        kind = str(rng.choice(["flower_tile", "pot_token", "cat_token"], p=[0.7, 0.15, 0.15]))
    else:
        kind = str(rng.choice(["leaf_tile", "squirrel", "animal_tile"], p=[0.7, 0.2, 0.1]))
    if kind in ("pot_token", "cat_token", "squirrel"):
        cells = [(0, 0)]
    else:
        size = _weighted(rng, SIZE_WEIGHTS_COTTAGE if game == COTTAGE else SIZE_WEIGHTS_LEAF)
        if kind == "animal_tile":
            size = 4
        full = {(r, c) for r in range(6) for c in range(6)}
        cells = grow_polyomino(rng, full, size, 6, 6, start=(2, 2))
        mr, mc = min(r for r, _ in cells), min(c for _, c in cells)
        cells = [(r - mr, c - mc) for r, c in cells]
    p = Piece(kind=kind, cells=cells, thickness=float(rng.uniform(0.04, 0.12)),
              inset=float(rng.uniform(0.008, 0.035)), style_seed=sub_seed(rng))
    if kind in ("pot_token", "cat_token", "squirrel"):
        p.shape = _token_shape(rng, kind)
        p.inset = float(rng.uniform(0.02, 0.1))
    if kind == "leaf_tile":
        p.hole = cells[int(rng.integers(0, len(cells)))]
    if kind == "flower_tile" and rng.random() < 0.3:
        p.symbols[cells[0]] = "pot" if rng.random() < 0.6 else "cloche"
    return p
