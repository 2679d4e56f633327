"""Where a flower tile could go on one Cottage Garden bed, best first, with reasons.

`rank_placements(board, shape)` lists every legal placement of `shape` on the
bed (onto empty or printed-symbol cells, never onto a tile, pot token or cat;
turned and, unless flip=False, flipped) with a score and plain-sentence
reasons. Placements covering the same cells that differ only in where the
tile's own symbol lies are listed once (the symbol scores wherever it is).
Pure and deterministic: ties keep the grid engine's order
(orientation, then top-left anchor row-major). Fast: placements come from the
engine's cached bitmask tables, and each candidate is judged with a handful
of int operations (no per-cell Python loops).

Score = sum of these terms (weights below, each with why):

* completes the bed: + W_COMPLETE + the points the bed then scores
  (pots 1 each, cloches 2 each -- what the tracks pay);
* covers printed symbols: - the points they would have scored (on a
  completing placement they are simply missing from the points it scores);
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
    """One placement with its score; `reasons` are plain sentences, built when read
    (a caller that only compares scores, like `advise`, never pays for the text)."""

    bed: int
    placement: Placement
    score: float
    completes: bool
    covered_pots: int
    covered_cloches: int
    pockets: int  # empty cells only a 1-cell piece can fill after this placement
    regions: int  # uncovered regions still holding empty cells (0 when complete)
    # (pots, cloches) scored on completion; pocket fills (tile, cat, pot, dead);
    # compactness of the empty area; empty cells left.
    detail: tuple[tuple[int, int], tuple[int, int, int, int], float, int]

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

    @property
    def reasons(self) -> tuple[str, ...]:
        (pots, cloches), fills, compact, left = self.detail
        out = []
        if self.completes:
            out.append(f"completes the bed: it scores {_plural(pots, 'flowerpot')} and "
                       f"{_plural(cloches, 'cloche')} now")
        cov_p, cov_c = self.covered_pots, self.covered_cloches
        if cov_p or cov_c:
            lost = _symbol_points(cov_p, cov_c)
            what = " and ".join(x for x in (
                _plural(cov_p, "printed flowerpot") if cov_p else "",
                _plural(cov_c, "printed cloche") if cov_c else "") if x)
            out.append(f"covers {what}: {lost:g} point{'s' if lost != 1 else ''} the bed will not score")
        if self.pockets:
            out.append(_pocket_sentence(self.pockets, fills))
        if not self.completes:
            if self.regions > 1:
                out.append(f"splits the empty area into {self.regions} separate regions")
            else:
                out.append("keeps the empty area in one " + ("compact region" if compact >= 0.9 else "region"))
            if compact < 0.75:
                out.append(f"leaves a ragged empty area (compactness {compact:.2f} of 1)")
            out.append(f"leaves {_plural(left, 'empty cell')} to fill")
        return tuple(out)

    def to_json(self) -> dict:
        """The `garden fit --json` entry: bed, cells [[r, c], ...], orientation, score, reasons (+ anchor)."""
        return {
            "bed": self.bed,
            "cells": [[r, c] for r, c in self.cells],
            "orientation": self.orientation,
            "anchor": list(self.anchor),
            "score": self.score + 0.0,  # no "-0.0" in the JSON
            "reasons": list(self.reasons),
        }


def _plural(n: int, word: str) -> str:
    return f"{n} {word if n == 1 else word + 's'}"


def _symbol_points(pots: int, cloches: int) -> float:
    return pots * POT_POINTS + cloches * CLOCHE_POINTS


def _pocket_sentence(n: int, fills: tuple[int, int, int, int]) -> str:
    by_tile, by_cat, by_pot, dead = fills
    parts = []
    if by_tile:
        parts.append(f"{by_tile} for a 1-cell tile still to come")
    if by_cat:
        parts.append(f"{by_cat} for {'a cat' if by_cat == 1 else 'cats'} you hold")
    if by_pot:
        parts.append(f"{by_pot} for {'a flowerpot token' if by_pot == 1 else 'flowerpot tokens'} (a turn each)")
    if dead:
        parts.append(f"{dead} nothing can fill, so the bed could never be completed")
    return f"leaves {_plural(n, 'empty cell')} only a 1-cell piece can fill: " + ", ".join(parts)


@lru_cache(maxsize=16)
def _geometry(grid: Grid) -> tuple[int, int, int, tuple[int, ...]]:
    """(cells not in the first column, not in the last column, columns, min perimeter by cell count)."""
    cols = grid.cols
    first = sum(1 << r * cols for r in range(grid.rows))
    last = first << (cols - 1)
    return grid.full & ~first, grid.full & ~last, cols, tuple(min_perimeter(n) for n in range(grid.size + 1))


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
    nursery and queue); empty = unknown, then only empty cells with no
    uncovered neighbour count as pockets. `cats`: cats the player holds or
    will get to fill pockets; `pots_available`: flowerpot tokens are left in
    the supply. `bed` only labels the result. Refuses (GardenError) a shape
    that cannot fit the bed's size in any orientation; a blocked one gives [].
    """
    if type(cats) is not int or cats < 0:
        raise GardenError(f"cats must be a whole number from 0, not {cats!r}")
    grid = board.grid
    nf, nl, cols, min_per = _geometry(grid)
    free = free_mask(board)
    empty = board.mask(EMPTY)
    pots = board.mask(POT)
    cloches = board.mask(CLOCHE)
    found = placements(shape, grid, free, flip=flip)
    if not found:
        return []

    # Points the bed scores on completion apart from printed symbols this placement covers.
    base_pots = pots.bit_count() + board.count(TILE_POT, POT_TOKEN) + sum(1 for _, m in shape.marks if m == _ORANGE)
    base_cloches = cloches.bit_count() + board.count(TILE_CLOCHE) + sum(1 for _, m in shape.marks if m == _BLUE)

    # What can still reach each cell: multi-cell remaining pieces inside today's
    # free cells (a placement only shrinks those), de-duplicated.
    singles = 0
    reach: tuple[tuple[int, tuple[int, ...]], ...] | None = None
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
        # For each free cell, the pieces' masks that cover it: a cell stays
        # reachable while one of them misses the placement (usually the first).
        by_cell = []
        rest = free
        while rest:
            low = rest & -rest
            by_cell.append((low, tuple(sorted(x for x in masks if x & low))))
            rest ^= low
        reach = tuple(by_cell)

    ranked = []
    seen: set[int] = set()
    no_fills = (0, 0, 0, 0)
    for p in found:
        m = p.mask
        if m in seen:
            # Same cells, the tile's symbol on another cell: in Cottage Garden that
            # scores the same, so only the first orientation is listed.
            continue
        seen.add(m)
        cov_p = (m & pots).bit_count()
        cov_c = (m & cloches).bit_count()
        score = -(cov_p * POT_POINTS + cov_c * CLOCHE_POINTS)
        empty_after = empty & ~m
        if not empty_after:
            points = (base_pots - cov_p, base_cloches - cov_c)
            # The covered symbols are already missing from `points`: no second charge.
            score = W_COMPLETE + points[0] * POT_POINTS + points[1] * CLOCHE_POINTS
            ranked.append(RankedPlacement(bed, p, round(score, 3), True, cov_p, cov_c, 0, 0,
                                          (points, no_fills, 1.0, 0)))
            continue
        free_after = free & ~m

        # Pockets: empty cells no multi-cell piece can cover.
        if reach is None:
            f = free_after
            pocket = empty_after & ~(((f & nl) << 1) | ((f & nf) >> 1) | (f << cols) | (f >> cols))
        else:
            pocket = 0
            for low, covering in reach:
                if low & empty_after:
                    for x in covering:
                        if not x & m:
                            break
                    else:
                        pocket |= low
        fills = no_fills
        pocket_n = pocket.bit_count()
        if pocket_n:
            by_tile = min(pocket_n, singles)
            by_cat = min(pocket_n - by_tile, cats)
            rest = pocket_n - by_tile - by_cat
            by_pot = rest if pots_available else 0
            fills = (by_tile, by_cat, by_pot, rest - by_pot)
            score -= (by_tile * W_POCKET_TILE + by_cat * W_POCKET_CAT + by_pot * W_POCKET_POT
                      + fills[3] * W_POCKET_DEAD)

        # Regions of uncovered cells that hold empty cells, and how compact they are.
        regions = 0
        area = 0
        rest_free = free_after
        while empty_after & rest_free:
            seed = empty_after & rest_free
            part = seed & -seed
            while True:
                grown = (part | ((part & nl) << 1) | ((part & nf) >> 1) | (part << cols) | (part >> cols)) & rest_free
                grown = (grown | ((grown & nl) << 1) | ((grown & nf) >> 1) | (grown << cols) | (grown >> cols)) & rest_free
                if grown == part:
                    break
                part = grown
            regions += 1
            area |= part
            rest_free &= ~part
        n = area.bit_count()
        pairs = (area & nl & (area >> 1)).bit_count() + (area & (area >> cols)).bit_count()
        compact = min_per[n] / (4 * n - 2 * pairs)
        score -= W_REGION * (regions - 1) + W_RAGGED * (1.0 - compact)
        ranked.append(RankedPlacement(bed, p, round(score, 3), False, cov_p, cov_c, pocket_n, regions,
                                      ((base_pots - cov_p, base_cloches - cov_c), fills, compact,
                                       empty_after.bit_count())))
    ranked.sort(key=lambda r: -r.score)  # stable: ties keep the engine's order
    return ranked


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
