"""Regions of a mask: connected parts, their sizes and outlines, and cells
that no piece can fill -- the measures a move ranker looks at.

Connectivity is 4-neighbour (cells sharing an edge), as for the tiles.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from math import isqrt

from assistant.grid.bitboard import Grid
from assistant.grid.placement import placement_table
from assistant.grid.shape import Shape


def components(mask: int, grid: Grid) -> list[int]:
    """The 4-connected parts of `mask`, each a mask, ordered by their lowest cell."""
    grid.check_mask(mask)
    parts = []
    while mask:
        part = mask & -mask
        # Grow by whole rings of neighbours at a time: a few dilations per part.
        while True:
            grown = grid.dilate(part) & mask
            if grown == part:
                break
            part = grown
        parts.append(part)
        mask &= ~part
    return parts


def component_sizes(mask: int, grid: Grid) -> list[int]:
    """Cell counts of `components(mask, grid)`, in the same order."""
    return [part.bit_count() for part in components(mask, grid)]


def perimeter(mask: int, grid: Grid, *, board_edges: bool = True) -> int:
    """Exposed cell edges of `mask`: edges not shared with another cell of it.

    With board_edges=False, edges lying on the board's outline do not count
    (the outline of free space against the board's rim is not "exposed").
    """
    grid.check_mask(mask)
    edges = 4 * mask.bit_count() - 2 * grid.adjacent_pairs(mask)
    return edges if board_edges else edges - grid.border_edges(mask)


def min_perimeter(cells: int) -> int:
    """Smallest perimeter any polyomino of `cells` cells has: 2 * ceil(2 * sqrt(n))."""
    if cells <= 0:
        return 0
    return 2 * (isqrt(4 * cells - 1) + 1)


def compactness(mask: int, grid: Grid) -> float:
    """min_perimeter(n) / perimeter: 1.0 for as square a blob as n cells allow,
    towards 0 for stringy or scattered cells. An empty mask counts as 1.0."""
    n = mask.bit_count()
    if n == 0:
        return 1.0
    return min_perimeter(n) / perimeter(mask, grid)


def small_region_cells(mask: int, grid: Grid, smaller_than: int) -> int:
    """Cells of `mask` in parts with fewer than `smaller_than` cells: no piece of
    that size or more can ever fill them."""
    out = 0
    for part in components(mask, grid):
        if part.bit_count() < smaller_than:
            out |= part
    return out


def coverage(
    free: int,
    shapes: Iterable[Shape],
    grid: Grid,
    *,
    flip: bool = True,
    mark_allowed: Mapping[str, int] | None = None,
) -> int:
    """Union of the cells of every placement of any of `shapes` inside `free`."""
    grid.check_mask(free, "free")
    union = 0
    for shape in shapes:
        table = placement_table(shape, grid, flip)
        if mark_allowed:
            for p in table.placements:
                if not p.conflicts(free, mark_allowed):
                    union |= p.mask
        else:
            for m in table.masks:
                if not m & ~free:
                    union |= m
    return union


def uncoverable(
    free: int,
    shapes: Iterable[Shape],
    grid: Grid,
    *,
    flip: bool = True,
    mark_allowed: Mapping[str, int] | None = None,
) -> int:
    """Free cells that no placement of any of `shapes` covers (dead cells)."""
    return free & ~coverage(free, shapes, grid, flip=flip, mark_allowed=mark_allowed)


def shape_of(mask: int, grid: Grid, name: str | None = None) -> Shape:
    """The shape a connected mask forms (GardenError if empty or disconnected);
    compare with `Shape.congruent` to ask "is this group of holes an animal"."""
    grid.check_mask(mask)
    return Shape.from_cells(grid.cells(mask), name=name)
