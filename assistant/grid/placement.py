"""Placements of a shape on a grid: enumeration and explicit placing.

A placement is a bitmask of the cells it covers plus one mask per mark. For
each (shape, grid size, flip) every placement on the empty grid is built once
and cached, so a query is just the filter ``mask & ~allowed == 0`` over a
tuple of ints -- microseconds on a 5x5 bed.

Distinct orientations of a shape differ in cells or marks, and translation
keeps that difference, so the cached placements are distinct by construction:
a symmetric shape is never counted twice.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache

from assistant.errors import GardenError, OffBoard
from assistant.grid.bitboard import Cell, Grid, iter_bits
from assistant.grid.shape import Orientation, Shape, clear_orientations


@dataclass(frozen=True, slots=True)
class Placement:
    """One way a shape lies on a grid.

    Equality and hash look at the grid, the covered cells and which cell
    carries which mark -- not at the orientation or anchor that produced it.
    """

    grid: Grid
    mask: int
    mark_masks: tuple[tuple[str, int], ...]  # (mark, cells carrying it), by mark name
    orientation: Orientation = field(compare=False)
    anchor: Cell = field(compare=False)  # top-left of the oriented shape's bounding box

    @property
    def size(self) -> int:
        return self.mask.bit_count()

    @property
    def cells(self) -> list[Cell]:
        """Covered (row, col) cells, row-major."""
        return self.grid.cells(self.mask)

    @property
    def marks(self) -> dict[Cell, str]:
        """Which board cell got which mark."""
        cols = self.grid.cols
        return {divmod(i, cols): mark for mark, m in self.mark_masks for i in iter_bits(m)}

    def mark_mask(self, mark: str) -> int:
        """Cells carrying `mark` (0 if the shape has no such mark)."""
        for name, m in self.mark_masks:
            if name == mark:
                return m
        return 0

    def conflicts(self, allowed: int, mark_allowed: Mapping[str, int] | None = None) -> int:
        """Cells that break the rule: unmarked cells (and marks without an entry
        in `mark_allowed`) must lie in `allowed`, marked cells in their own mask."""
        rest = self.mask
        bad = 0
        if mark_allowed:
            for mark, m in self.mark_masks:
                own = mark_allowed.get(mark)
                if own is not None:
                    bad |= m & ~own
                    rest &= ~m
        return bad | (rest & ~allowed)

    def fits(self, allowed: int, mark_allowed: Mapping[str, int] | None = None) -> bool:
        return not self.conflicts(allowed, mark_allowed)

    def describe(self) -> str:
        """How a person names it: orientation and anchor, e.g. "flip+r90 at (1, 2)"."""
        return f"{self.orientation.name} at {self.anchor}"

    def __str__(self) -> str:
        return f"{self.describe()}: {self.grid.to_text(self.mask)}"


@dataclass(frozen=True, slots=True)
class PlacementTable:
    """Every placement of one shape on one grid (placement_table), and their masks alike ordered."""

    placements: tuple[Placement, ...]
    masks: tuple[int, ...]


def _origin_masks(oriented: Shape, cols: int) -> tuple[int, tuple[tuple[str, int], ...]]:
    """Masks of an oriented shape with its top-left on cell (0, 0)."""
    mask = 0
    by_mark: dict[str, int] = {}
    for r, c in oriented.cells:
        mask |= 1 << r * cols + c
    for (r, c), mark in oriented.marks:
        by_mark[mark] = by_mark.get(mark, 0) | 1 << r * cols + c
    return mask, tuple(sorted(by_mark.items()))


@lru_cache(maxsize=512)
def placement_table(shape: Shape, grid: Grid, flip: bool) -> PlacementTable:
    """Every placement of `shape` inside `grid` in each of its orientations (mirrored too when
    `flip`), cached: the one enumeration that placements() and the region searches read."""
    rows, cols = grid.rows, grid.cols
    placements = []
    for o in shape.orientations(flip):
        h, w = o.shape.height, o.shape.width
        if h > rows or w > cols:
            continue
        base, base_marks = _origin_masks(o.shape, cols)
        for r in range(rows - h + 1):
            for c in range(cols - w + 1):
                shift = r * cols + c
                placements.append(
                    Placement(
                        grid,
                        base << shift,
                        tuple((mark, m << shift) for mark, m in base_marks),
                        o,
                        (r, c),
                    )
                )
    if not placements:
        raise GardenError(
            f"shape {shape.label} ({shape.height}×{shape.width}) does not fit on the {grid} board "
            f"in any orientation"
        )
    return PlacementTable(tuple(placements), tuple(p.mask for p in placements))


def placements(
    shape: Shape,
    grid: Grid,
    allowed: int | None = None,
    *,
    flip: bool = True,
    mark_allowed: Mapping[str, int] | None = None,
) -> list[Placement]:
    """Every distinct placement of `shape` whose cells all lie in `allowed`
    (default: the whole grid).

    `mark_allowed` gives marked cells their own mask (a leaf's hole may lie
    where a plain cell may not, or the reverse); marks without an entry use
    `allowed`, entries for marks the shape lacks are ignored. Order: by
    orientation index, then anchor row-major. A shape that fits nowhere on
    the empty grid raises GardenError; one that is merely blocked gives [].
    Pattern finding is the same call: ``placements(animal, grid, holes)``.
    """
    table = placement_table(shape, grid, flip)
    if allowed is None:
        allowed = grid.full
    else:
        grid.check_mask(allowed, "allowed")
    if not mark_allowed:
        return [p for p, m in zip(table.placements, table.masks) if not m & ~allowed]
    loose = allowed  # every cell any part of the shape may cover: a cheap first filter
    for mark, m in mark_allowed.items():
        loose |= grid.check_mask(m, f"allowed mask for mark {mark!r}")
    return [
        p
        for p, m in zip(table.placements, table.masks)
        if not m & ~loose and not p.conflicts(allowed, mark_allowed)
    ]


def place(
    shape: Shape,
    grid: Grid,
    orientation: int | str,
    anchor: Cell,
    *,
    flip: bool = True,
) -> Placement:
    """The placement of `shape` in the named orientation (index or name such as
    "flip+r90") with its bounding box's top-left at `anchor` (row, col).

    Only geometry is checked (OffBoard if it runs off the board); whether
    the cells are free is the game's rule: see `Placement.conflicts`.
    """
    o = shape.orientation(orientation, flip)
    if not (
        isinstance(anchor, tuple) and len(anchor) == 2 and all(type(v) is int for v in anchor)
    ):
        raise GardenError(f"position {anchor!r} is not a (row, col) pair of whole numbers")
    r, c = anchor
    h, w = o.shape.height, o.shape.width
    if r < 0 or c < 0 or r + h > grid.rows or c + w > grid.cols:
        raise OffBoard(
            f"shape {shape.label} as {o.name} at position ({r}, {c}) runs off the {grid} board: "
            f"it needs rows {r}-{r + h - 1} and columns {c}-{c + w - 1}, "
            f"the board has rows 0-{grid.rows - 1} and columns 0-{grid.cols - 1}"
        )
    base, base_marks = _origin_masks(o.shape, grid.cols)
    shift = r * grid.cols + c
    return Placement(grid, base << shift, tuple((mk, m << shift) for mk, m in base_marks), o, (r, c))


def clear_cache() -> None:
    """Forget cached placement tables and orientations (benchmarks, tests)."""
    placement_table.cache_clear()
    clear_orientations()
