"""Where a leaf tile could go on an Indian Summer woodland board, best first, with reasons.

`rank_leaf(board, shape)` lists every legal placement of a leaf `shape` (its hole
the grid.HOLE mark) on the board: onto uncovered cells only (empty or printed
treasure), turned and, unless flip=False, flipped; the hole goes where any cell
may. Pure and deterministic: ties keep the grid engine's order.

Score = sum of these terms (weights below, each with why):

* its hole on a printed treasure: + that treasure's worth (the token comes at once);
* a plain cell on a printed treasure: - its worth (that treasure can never be found);
* each region it completes: + W_COMPLETE + the worth of every token then lying on it;
* its hole closes a group of free holes into an animal's shape: + W_ANIMAL + the
  animal stack's token (if still there) + the printed treasures showing under it;
  a group that has the shape but holds a token: + W_ANIMAL_LATER (after its region);
* each uncovered cell left with no uncovered neighbour: - W_LONE.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from assistant.games.indian_summer import woods
from assistant.games.indian_summer.supply import STACK_TOKEN
from assistant.grid import HOLE, Board, Cell, Placement, Shape, placements

# What a treasure is worth, in blueberries: the exchange ladder (feather > mushroom > nut >
# blueberry) with the solo scores 1, 2, 3 for the first three; the feather one step above
# the mushroom (the seed's solo 1 for it is very likely a typo, rules-vs-seeds IS-2).
WORTH = {"blueberry": 1.0, "nut": 2.0, "mushroom": 3.0, "feather": 4.0}
# A completed region is 12 cells that need nothing more and it pays its tokens now
# (counted apart): worth more than any single treasure.
W_COMPLETE = 5.0
# An animal covers holes for good and brings its stack's token and the treasures under it
# (counted apart); on its own about a nut and a half.
W_ANIMAL = 3.0
# The shape is there but a token blocks it until the region completes: a promise only.
W_ANIMAL_LATER = 1.0
# A lone uncovered cell takes a squirrel: a main action, or a nut.
W_LONE = 1.5


@dataclass(frozen=True, slots=True)
class RankedLeaf:
    placement: Placement
    score: float
    hole: Cell
    found: str | None  # printed treasure under the hole
    lost: tuple[str, ...]  # printed treasures under plain cells
    completes: tuple[tuple[int, tuple[str, ...]], ...]  # (region, tokens taken)
    animal: tuple[str, bool, tuple[str, ...]] | None  # (kind, blocked by a token, what it brings)
    lone: int
    left: int  # uncovered cells left on the board

    @property
    def cells(self) -> list[Cell]:
        return self.placement.cells

    @property
    def reasons(self) -> tuple[str, ...]:
        out = []
        if self.found:
            out.append(f"its hole lands on a printed {self.found}: you take the {self.found} token")
        for region, tokens in self.completes:
            out.append(f"completes region {region}" + (f": you take {', '.join(tokens)}" if tokens else " (no tokens on it)"))
        if self.animal:
            kind, blocked, brings = self.animal
            if blocked:
                out.append(f"its hole completes a {kind} of holes, but a token lies on it: the animal can come once "
                           "that region is complete")
            else:
                out.append(f"sets up the {kind} animal over holes" + (f" (it brings {', '.join(brings)})" if brings else ""))
        if self.lost:
            out.append(f"covers printed {', '.join(self.lost)} with a plain cell: lost for good")
        if self.lone:
            out.append(f"leaves {self.lone} lone empty cell(s) only a squirrel can fill")
        if not self.completes:
            out.append(f"leaves {self.left} empty cell(s) on the board")
        return tuple(out)

    def to_json(self) -> dict:
        return {
            "cells": [[r, c] for r, c in self.cells],
            "hole": list(self.hole),
            "orientation": self.placement.orientation.name,
            "anchor": list(self.placement.anchor),
            "score": self.score + 0.0,
            "treasure": self.found,
            "completes": [r for r, _ in self.completes],
            "animal": None if self.animal is None else {"kind": self.animal[0], "blocked": self.animal[1]},
            "reasons": list(self.reasons),
        }


def _kinds_in(board: Board, mask: int, states: dict[str, str]) -> list[str]:
    return [k for k in woods.TREASURES for _ in range((board.mask(states[k]) & mask).bit_count())]


def rank_leaf(board: Board, shape: Shape, *, animals: dict[str, Shape] | None = None,
              stacks: Iterable[str] = (), flip: bool = True) -> list[RankedLeaf]:
    """Every legal placement of the leaf `shape` on `board`, best first.

    animals: the animal kinds whose shape is known (kind -> shape); stacks: the animal
    stacks still carrying their token."""
    from assistant.games.indian_summer.laying import animal_offers

    grid = board.grid
    free = woods.free_mask(board)
    stacks = tuple(stacks)
    identity = {k: k for k in woods.TREASURES}
    out = []
    for p in placements(shape, grid, free, flip=flip):
        hole_mask = p.mark_mask(HOLE)
        plain = p.mask & ~hole_mask
        hole = grid.cells(hole_mask)[0]
        found = next((k for k in woods.PRINTED if board.mask(k) & hole_mask), None)
        lost = tuple(_kinds_in(board, plain, identity))
        score = (WORTH[found] if found else 0.0) - sum(WORTH[k] for k in lost)
        after = board.with_state(plain, woods.LEAF).with_state(
            hole_mask, woods.TOKEN[found] if found else woods.HOLE)
        free_after = free & ~p.mask
        completes = []
        for region, rmask in enumerate(woods.region_masks(), 1):
            if rmask & p.mask and not rmask & free_after:
                tokens = _kinds_in(after, rmask, woods.TOKEN)
                completes.append((region, tuple(tokens)))
                score += W_COMPLETE + sum(WORTH[k] for k in tokens)
                for k in woods.TREASURES:  # the tokens leave: the printed treasures show in the holes
                    lying = after.mask(woods.TOKEN[k]) & rmask
                    if lying:
                        after = after.with_state(lying, woods.SHOWS[k])
        animal = None
        if animals:
            for offer in animal_offers(after, animals):
                if offer.mask & hole_mask:
                    brings = _kinds_in(after, offer.mask, woods.SHOWS)
                    if offer.kind in stacks:
                        brings.append(f"the {offer.kind.upper()} stack's {STACK_TOKEN[offer.kind]}")
                    animal = (offer.kind, offer.blocked, tuple(brings))
                    if offer.blocked:
                        score += W_ANIMAL_LATER
                    else:
                        score += W_ANIMAL + sum(WORTH[b] for b in brings if b in WORTH) \
                            + (WORTH[STACK_TOKEN[offer.kind]] if offer.kind in stacks else 0.0)
                    break
        lone = 0
        for r, c in grid.cells(free_after & grid.neighbours(p.mask)):
            if not grid.neighbours(grid.bit(r, c)) & free_after:
                lone += 1
        score -= W_LONE * lone
        out.append(RankedLeaf(p, round(score, 3), hole, found, lost, tuple(completes), animal, lone,
                              free_after.bit_count()))
    out.sort(key=lambda r: -r.score)
    return out


def rank_squirrel(board: Board) -> list[tuple[float, Cell, list[str]]]:
    """Every cell a squirrel could go on, best first: (score, cell, reasons)."""
    grid = board.grid
    free = woods.free_mask(board)
    out = []
    for r, c in grid.cells(free):
        bit = grid.bit(r, c)
        score, why = 0.0, []
        printed = next((k for k in woods.PRINTED if board.mask(k) & bit), None)
        if printed:
            score -= WORTH[printed]
            why.append(f"covers a printed {printed} (lost for good)")
        region = woods.region_of(r, c)
        if not woods.region_masks()[region - 1] & free & ~bit:
            tokens = _kinds_in(board, woods.region_masks()[region - 1], woods.TOKEN)
            score += W_COMPLETE + sum(WORTH[k] for k in tokens)
            why.append(f"completes region {region}" + (f": you take {', '.join(tokens)}" if tokens else ""))
        if not grid.neighbours(bit) & free:
            score += W_LONE
            why.append("fills a lone cell no leaf tile can reach")
        out.append((round(score, 3), (r, c), why or ["covers one empty cell"]))
    out.sort(key=lambda x: -x[0])
    return out
