"""Where a flower tile could go on one Cottage Garden bed, best first, with reasons.

`rank_placements(board, shape)` lists every legal placement of `shape` on the
bed (onto empty or printed-symbol cells, never onto a tile, pot token or cat;
turned and, unless flip=False, flipped) with a score and plain-sentence
reasons. Pure and deterministic: ties keep the grid engine's order
(orientation, then top-left anchor row-major). Fast: placements come from the
engine's cached bitmask tables, and each candidate is judged with a handful
of int operations (no per-cell Python loops).

Score = sum of these terms (weights below, each with why):

* completes the bed: + W_COMPLETE + the points the bed then scores
  (pots 1 each, cloches 2 each -- what the tracks pay);
* covers printed symbols: - the points they would have scored;
* pockets -- empty cells that no multi-cell piece left can reach (by default:
  empty cells with no uncovered neighbour, where only a 1-cell piece fits),
  filled in turn by 1-cell tiles in `remaining_shapes`, the player's `cats`,
  flowerpot tokens (a whole turn each, if `pots_available`), else dead;
* the uncovered area that still holds empty cells: - W_REGION for each region
  beyond the first, - W_RAGGED * (1 - compactness).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from assistant.errors import GardenError
from assistant.games.cottage_garden.bed import (
    CLOCHE,
    EMPTY,
    POT,
    POT_TOKEN,
    TILE_CLOCHE,
    TILE_POT,
    free_mask,
)
from assistant.grid import Board, Cell, Grid, Placement, Shape, placements
from assistant.grid.regions import min_perimeter

# --- weights (points-like units: 1.0 ~ one orange track space) ---------------

# Completing scores the bed now and frees the player to take a new one; no
# other consideration in one placement should outweigh it.
W_COMPLETE = 10.0
# What a printed symbol is worth when its bed scores: an orange space is one
# point, a blue space two. Covering one loses exactly that.
POT_POINTS = 1.0
CLOCHE_POINTS = 2.0
# A pocket a 1-cell tile (1A) in the queue can fill: the tile still costs a
# turn, but it also brings a cloche, so it is a small cost.
W_POCKET_TILE = 0.3
# A pocket filled by a held cat: cats score nothing and cost no action, but a
# cat spent here cannot fill another bed's pocket.
W_POCKET_CAT = 0.5
# A pocket filled by taking a flowerpot token: a whole plant action (a turn a
# bigger tile could have used), partly paid back by the pot's one point.
W_POCKET_POT = 2.0
# A pocket nothing can fill: the bed cannot be completed (final-round discard).
W_POCKET_DEAD = 8.0
# Each separate empty region beyond the first needs its own tiles to finish;
# fewer regions keep more of the gardener line usable.
W_REGION = 1.0
# A stringy or jagged empty area accepts fewer shapes than a compact one; at
# most this much for the most ragged area (compactness near 0).
W_RAGGED = 2.0

_ORANGE = "pot"
_BLUE = "cloche"


@dataclass(frozen=True, slots=True)
class RankedPlacement:
    """One placement with its score and the reasons, in plain sentences."""

    bed: int
    placement: Placement
    score: float
    reasons: tuple[str, ...]
    completes: bool
    covered_pots: int
    covered_cloches: int
    pockets: int  # empty cells only a 1-cell piece can fill after this placement
    regions: int  # uncovered regions still holding empty cells

    @property
    def mask(self) -> int:
        return self.placement.mask

    @property
    def cells(self) -> list[Cell]:
        return self.placement.cells

    @property
    def orientation(self) -> str:
        return self.placement.orientation.name

    @property
    def anchor(self) -> Cell:
        return self.placement.anchor

    def to_json(self) -> dict:
        """The `garden fit --json` entry: bed, cells [[r, c], ...], orientation, score, reasons (+ anchor)."""
        return {
            "bed": self.bed,
            "cells": [[r, c] for r, c in self.cells],
            "orientation": self.orientation,
            "anchor": list(self.anchor),
            "score": self.score,
            "reasons": list(self.reasons),
        }


@dataclass(frozen=True, slots=True)
class _Geometry:
    full: int
    not_first_col: int
    not_last_col: int
    cols: int


@lru_cache(maxsize=16)
def _geometry(grid: Grid) -> _Geometry:
    cols = grid.cols
    first = sum(1 << r * cols for r in range(grid.rows))
    last = first << (cols - 1)
    return _Geometry(grid.full, grid.full & ~first, grid.full & ~last, cols)


def _plural(n: int, word: str, many: str | None = None) -> str:
    return f"{n} {word if n == 1 else (many or word + 's')}"


def _regions(area: int, seeds: int, g: _Geometry) -> tuple[int, int]:
    """(number of 4-connected parts of `area` that hold a `seeds` cell, their union)."""
    full, nf, nl, cols = g.full, g.not_first_col, g.not_last_col, g.cols
    count = 0
    union = 0
    rest = area
    while seeds & rest:
        low = seeds & rest
        part = low & -low
        while True:
            grown = (part | ((part & nl) << 1) | ((part & nf) >> 1) | (part << cols) | (part >> cols)) & rest
            if grown == part:
                break
            part = grown
        count += 1
        union |= part
        rest &= ~part
    return count, union


def _compactness(area: int, g: _Geometry) -> float:
    n = area.bit_count()
    if n == 0:
        return 1.0
    pairs = (area & g.not_last_col & (area >> 1)).bit_count() + (area & (area >> g.cols)).bit_count()
    return min_perimeter(n) / (4 * n - 2 * pairs)


def _pocket_cells(
    free_after: int, empty_after: int, g: _Geometry, reach: tuple[int, ...] | None, placed: int
) -> int:
    """Empty cells after the placement that no multi-cell piece can cover."""
    if reach is None:
        # Unknown pieces: any empty cell with an uncovered neighbour can take some domino.
        f = free_after
        spread = ((f & g.not_last_col) << 1) | ((f & g.not_first_col) >> 1) | (f << g.cols) | (f >> g.cols)
        return empty_after & ~spread
    covered = 0
    for m in reach:
        if not m & placed:
            covered |= m
            if not empty_after & ~covered:
                return 0
    return empty_after & ~covered


def _symbol_points(pots: int, cloches: int) -> float:
    return pots * POT_POINTS + cloches * CLOCHE_POINTS


def rank_placements(
    board: Board,
    shape: Shape,
    *,
    bed: int = 1,
    remaining_shapes: Iterable[Shape] = (),
    cats: int = 0,
    pots_available: bool = True,
    flip: bool = True,
) -> list[RankedPlacement]:
    """Every legal placement of `shape` on the bed `board`, best first.

    `remaining_shapes`: the tiles that may still come to this bed (e.g. the
    nursery and queue); empty = unknown, then only isolated empty cells count
    as pockets. `cats`: cats the player holds or will get to fill pockets;
    `pots_available`: flowerpot tokens are left in the supply. `bed` only
    labels the result. Refuses (GardenError) a shape that cannot fit the bed's
    size in any orientation; a blocked one gives [].
    """
    if type(cats) is not int or cats < 0:
        raise GardenError(f"cats must be a whole number from 0, not {cats!r}")
    grid = board.grid
    g = _geometry(grid)
    free = free_mask(board)
    empty = board.mask(EMPTY)
    pots = board.mask(POT)
    cloches = board.mask(CLOCHE)
    found = placements(shape, grid, free, flip=flip)
    if not found:
        return []

    # Points the bed scores apart from printed symbols this placement covers.
    tile_pots = sum(1 for _, m in shape.marks if m == _ORANGE)
    tile_cloches = sum(1 for _, m in shape.marks if m == _BLUE)
    base_pots = pots.bit_count() + board.count(TILE_POT, POT_TOKEN) + tile_pots
    base_cloches = cloches.bit_count() + board.count(TILE_CLOCHE) + tile_cloches

    # What can still reach each cell: multi-cell remaining pieces inside today's
    # free cells (a placement only shrinks that), de-duplicated.
    singles = 0
    reach: tuple[int, ...] | None = None
    remaining = tuple(remaining_shapes)
    if remaining:
        masks: set[int] = set()
        for other in remaining:
            if other.size == 1:
                singles += 1
                continue
            try:
                masks.update(p.mask for p in placements(other, grid, free, flip=flip))
            except GardenError:
                continue  # a piece too big for this bed reaches nothing
        reach = tuple(sorted(masks))

    ranked = []
    for p in found:
        m = p.mask
        reasons: list[str] = []
        score = 0.0
        free_after = free & ~m
        empty_after = empty & ~m
        cov_p = (m & pots).bit_count()
        cov_c = (m & cloches).bit_count()
        completes = not empty_after
        pocket_n = 0
        region_n = 0
        if completes:
            points = _symbol_points(base_pots - cov_p, base_cloches - cov_c)
            score += W_COMPLETE + points + _symbol_points(cov_p, cov_c)
            reasons.append(
                f"completes the bed: it scores {_plural(base_pots - cov_p, 'flowerpot')} and "
                f"{_plural(base_cloches - cov_c, 'cloche')} now"
            )
        if cov_p or cov_c:
            lost = _symbol_points(cov_p, cov_c)
            score -= lost
            what = " and ".join(
                s for s in (
                    _plural(cov_p, "printed flowerpot") if cov_p else "",
                    _plural(cov_c, "printed cloche") if cov_c else "",
                ) if s
            )
            reasons.append(f"covers {what}: {lost:g} point{'s' if lost != 1 else ''} the bed will not score")
        if not completes:
            pocket_mask = _pocket_cells(free_after, empty_after, g, reach, m)
            pocket_n = pocket_mask.bit_count()
            if pocket_n:
                score -= _pocket_cost(pocket_n, singles, cats, pots_available, reasons)
            region_n, area = _regions(free_after, empty_after, g)
            if region_n > 1:
                score -= W_REGION * (region_n - 1)
                reasons.append(f"splits the empty area into {region_n} separate regions")
            compact = _compactness(area, g)
            score -= W_RAGGED * (1.0 - compact)
            if region_n == 1:
                reasons.append("keeps the empty area in one " + ("compact region" if compact >= 0.9 else "region"))
            if compact < 0.75:
                reasons.append(f"leaves a ragged empty area (compactness {compact:.2f} of 1)")
            reasons.append(f"leaves {_plural(empty_after.bit_count(), 'empty cell')} to fill")
        ranked.append(
            RankedPlacement(bed, p, round(score, 3), tuple(reasons), completes, cov_p, cov_c, pocket_n, region_n)
        )
    ranked.sort(key=lambda r: -r.score)  # stable: ties keep the engine's order
    return ranked


def _pocket_cost(n: int, singles: int, cats: int, pots_available: bool, reasons: list[str]) -> float:
    by_tile = min(n, singles)
    by_cat = min(n - by_tile, cats)
    rest = n - by_tile - by_cat
    by_pot = rest if pots_available else 0
    dead = rest - by_pot
    parts = []
    if by_tile:
        parts.append(f"{by_tile} for a 1-cell tile still to come")
    if by_cat:
        parts.append(f"{by_cat} for {'a cat' if by_cat == 1 else 'cats'} you hold")
    if by_pot:
        parts.append(f"{by_pot} for flowerpot token{'s' if by_pot > 1 else ''} (a turn each)")
    if dead:
        parts.append(f"{dead} nothing can fill, so the bed could never be completed")
    reasons.append(
        f"leaves {_plural(n, 'empty cell')} only a 1-cell piece can fill: " + ", ".join(parts)
    )
    return by_tile * W_POCKET_TILE + by_cat * W_POCKET_CAT + by_pot * W_POCKET_POT + dead * W_POCKET_DEAD


__all__ = [
    "CLOCHE_POINTS",
    "POT_POINTS",
    "W_COMPLETE",
    "W_POCKET_CAT",
    "W_POCKET_DEAD",
    "W_POCKET_POT",
    "W_POCKET_TILE",
    "W_RAGGED",
    "W_REGION",
    "RankedPlacement",
    "rank_placements",
]
