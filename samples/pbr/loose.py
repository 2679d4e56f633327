"""Tiles laid loose on the table around an empty board, for judging `garden tiles scan` on
physically rendered photos: which tiles, where, at what turn, and their outlines. Plain Python and
numpy (no bpy), so the geometry can be checked without Blender.

Units are cells, the board's middle at the origin, x to the right and y up (the scene's metres
divided by its CELL). A tile's own grid is its cells' bounding box centred on its position: cell
(r, c) spans x in [c - w/2, c + 1 - w/2] and y in [h/2 - r - 1, h/2 - r] before the tile is turned.
Written apart from samples/renderer's loose tiles: its own pieces, spacing and placement.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

import numpy as np

REACH = 4.0  # cells beyond the board's frame that tiles are laid within
GAP = 0.3  # cells: the least space between two tiles, or a tile and the board's frame


@dataclass
class LooseTile:
    kind: str  # flower_tile | leaf_tile | animal_tile | squirrel
    cells: list[tuple[int, int]]  # its own grid, from (0, 0)
    hole: tuple[int, int] | None = None
    symbols: dict[tuple[int, int], str] = field(default_factory=dict)  # printed pot or cloche
    x: float = 0.0  # where its middle lies
    y: float = 0.0
    angle: float = 0.0  # radians, anticlockwise

    @property
    def size(self) -> tuple[int, int]:
        """(rows, cols) of its bounding box."""
        return max(r for r, _ in self.cells) + 1, max(c for _, c in self.cells) + 1

    def to_board(self, local: np.ndarray) -> np.ndarray:
        """Points of its own grid (N x 2, x and y) on the table."""
        ca, sa = math.cos(self.angle), math.sin(self.angle)
        return local @ np.array([[ca, sa], [-sa, ca]]) + (self.x, self.y)

    def to_local(self, pts: np.ndarray) -> np.ndarray:
        ca, sa = math.cos(self.angle), math.sin(self.angle)
        return (pts - (self.x, self.y)) @ np.array([[ca, -sa], [sa, ca]])

    def square(self, r: int, c: int) -> np.ndarray:
        """Cell (r, c)'s corners in its own grid (x, y)."""
        h, w = self.size
        x0, y1 = c - w / 2, h / 2 - r
        return np.array([[x0, y1], [x0 + 1, y1], [x0 + 1, y1 - 1], [x0, y1 - 1]], float)

    def covers(self, pts: np.ndarray, grow: float = 0.0) -> np.ndarray:
        """Which table points lie on it, its cells grown by `grow`."""
        local = self.to_local(pts)
        h, w = self.size
        hit = np.zeros(len(pts), bool)
        for r, c in self.cells:
            x0, y1 = c - w / 2, h / 2 - r
            hit |= ((local[:, 0] >= x0 - grow) & (local[:, 0] <= x0 + 1 + grow)
                    & (local[:, 1] >= y1 - 1 - grow) & (local[:, 1] <= y1 + grow))
        return hit

    def samples(self, n: int = 5) -> np.ndarray:
        """Points over each of its cells, edges included, on the table."""
        t = np.linspace(0.0, 1.0, n)
        grid = np.stack(np.meshgrid(t, t), axis=-1).reshape(-1, 2)
        h, w = self.size
        return self.to_board(np.concatenate([grid * (1, -1) + (c - w / 2, h / 2 - r) for r, c in self.cells]))

    def outline(self) -> np.ndarray:
        """Its outline on the table: the cells' outer edges joined into one loop (clockwise on the
        page, y up)."""
        h, w = self.size
        cells = set(self.cells)
        nxt: dict[tuple[int, int], tuple[int, int]] = {}  # corner (col, row) -> the next one along the outline
        for r, c in cells:  # each outer edge, walked with the tile on its right
            if (r - 1, c) not in cells:
                nxt[(c, r)] = (c + 1, r)
            if (r, c + 1) not in cells:
                nxt[(c + 1, r)] = (c + 1, r + 1)
            if (r + 1, c) not in cells:
                nxt[(c + 1, r + 1)] = (c, r + 1)
            if (r, c - 1) not in cells:
                nxt[(c, r + 1)] = (c, r)
        start = min(nxt)
        loop, at = [start], nxt[start]
        while at != start:
            loop.append(at)
            at = nxt[at]
        return self.to_board(np.array([(c - w / 2, h / 2 - r) for c, r in loop], float))

    def truth(self) -> dict:
        return {"kind": self.kind, "cells": [list(p) for p in self.cells],
                "hole": list(self.hole) if self.hole else None,
                "symbols": {f"{r},{c}": name for (r, c), name in sorted(self.symbols.items())},
                "pose": [round(self.x, 4), round(self.y, 4), round(math.degrees(self.angle) % 360, 3)]}


def _grow(rng: random.Random, size: int) -> list[tuple[int, int]]:
    cells = {(0, 0)}
    while len(cells) < size:
        r, c = rng.choice(sorted(cells))
        dr, dc = rng.choice(((1, 0), (-1, 0), (0, 1), (0, -1)))
        cells.add((r + dr, c + dc))
    r0, c0 = min(r for r, _ in cells), min(c for _, c in cells)
    return sorted((r - r0, c - c0) for r, c in cells)


def draw_tile(rng: random.Random, board: str) -> LooseTile:
    """One of the game's tiles: a bed's flower tiles of 1-6 cells, some cells printed with a pot or
    a cloche; a woodland's leaf tiles of 3-5 cells with a hole, animal tiles of 3-4, squirrels."""
    if board == "bed":
        cells = _grow(rng, rng.randint(1, 6))
        symbols = {cell: ("pot" if rng.random() < 0.6 else "cloche") for cell in cells if rng.random() < 0.25}
        return LooseTile("flower_tile", cells, symbols=symbols)
    pick = rng.random()
    if pick < 0.7:
        cells = _grow(rng, rng.randint(3, 5))
        return LooseTile("leaf_tile", cells, hole=rng.choice(cells))
    if pick < 0.85:
        return LooseTile("animal_tile", _grow(rng, rng.randint(3, 4)))
    return LooseTile("squirrel", [(0, 0)])


def lay(rng: random.Random, board: str, rows: int, cols: int, frame: float, count: int,
        reach: float = REACH, gap: float = GAP) -> list[LooseTile]:
    """Up to `count` tiles at any turn within `reach` of the board's frame, none within `gap` of
    another or of the frame (a tile that finds no room in 60 tries is left out). Each tile's corners
    and edge points are tested against the other's cells grown by `gap` both ways round: the
    nearest two polygons come is at a corner of one."""
    half_w, half_h = cols / 2 + frame, rows / 2 + frame
    corners = np.array([[-half_w, -half_h], [half_w, -half_h], [half_w, half_h], [-half_w, half_h]])
    laid: list[LooseTile] = []
    for _ in range(count):
        tile = draw_tile(rng, board)
        for _try in range(60):
            tile.x = rng.uniform(-half_w - reach + 1, half_w + reach - 1)
            tile.y = rng.uniform(-half_h - reach + 1, half_h + reach - 1)
            tile.angle = rng.uniform(0, 2 * math.pi)
            pts = tile.samples()
            if np.any((np.abs(pts[:, 0]) <= half_w + gap) & (np.abs(pts[:, 1]) <= half_h + gap)):
                continue
            if tile.covers(corners, gap).any():  # a tile's edge passing the frame's corner
                continue
            if np.any(np.abs(pts) > (half_w + reach, half_h + reach)):
                continue
            if any(other.covers(pts, gap).any() or tile.covers(other.samples(), gap).any() for other in laid):
                continue
            laid.append(tile)
            break
    return laid
