"""An unbounded, stacked grid: pieces laid over pieces, only the top layer seen.

The Hanging Gardens builds a garden of cards laid over each other anywhere on the table: no
board bounds it, and a cell can hold several layers. A `Stack` keeps, for every cell that
anything covers, the label of its top layer and how many layers lie there; cells it does not
hold are the table. Labels are any strings (a game decides what they mean). Rows and columns
may be negative. Immutable: `lay` returns a new stack.

Connected parts of a label are found by a flood fill over the cells themselves, not the
bitboards: a garden may grow wider than their MAX_SIDE.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field

from assistant.grid.bitboard import Cell

NEIGHBOURS: tuple[Cell, ...] = ((1, 0), (-1, 0), (0, 1), (0, -1))


@dataclass(frozen=True)
class Stack:
    """The cells some piece covers: the top layer's label and the layer count, by cell."""

    top: dict[Cell, str] = field(default_factory=dict)
    depth: dict[Cell, int] = field(default_factory=dict)

    @classmethod
    def of(cls, cells: Mapping[Cell, str]) -> Stack:
        """One layer of pieces on the bare table."""
        return cls(dict(cells), {cell: 1 for cell in cells})

    def lay(self, cells: Mapping[Cell, str]) -> Stack:
        """A new stack with `cells` laid on top (whatever they cover is hidden)."""
        top = dict(self.top)
        depth = dict(self.depth)
        for cell, label in cells.items():
            top[cell] = label
            depth[cell] = depth.get(cell, 0) + 1
        return Stack(top, depth)

    def lifted(self, cells: Iterable[Cell]) -> Stack:
        """A new stack without `cells`, each holding one layer (lifting a piece off the table;
        what lies under a higher layer is not kept, so only a bottom piece can be lifted)."""
        top = dict(self.top)
        depth = dict(self.depth)
        for cell in cells:
            if depth.get(cell) != 1:
                raise ValueError(f"cell {cell} holds {depth.get(cell, 0)} layers: only a single layer lifts off")
            del top[cell], depth[cell]
        return Stack(top, depth)

    def connected(self) -> bool:
        """Whether the covered cells form one 4-connected piece (an empty stack does)."""
        return len(flood_parts(set(self.top))) <= 1

    def label(self, cell: Cell) -> str | None:
        """The top layer's label at `cell`; None over the bare table."""
        return self.top.get(cell)

    def covered(self, cells: Iterable[Cell]) -> list[Cell]:
        """Those of `cells` that some piece already covers, in the order given."""
        return [c for c in cells if c in self.top]

    def bounds(self) -> tuple[int, int, int, int]:
        """(top row, left column, bottom row, right column) of the covered cells, inclusive."""
        if not self.top:
            raise ValueError("an empty stack has no bounds")
        rows = [r for r, _ in self.top]
        cols = [c for _, c in self.top]
        return min(rows), min(cols), max(rows), max(cols)

    def origins(self, height: int, width: int) -> Iterator[Cell]:
        """The top-left cells of every height x width rectangle that overlaps the stack, row by
        row (where a piece of that outline could be laid over it)."""
        if not self.top:
            return
        top, left, bottom, right = self.bounds()
        for r in range(top - height + 1, bottom + 1):
            for c in range(left - width + 1, right + 1):
                if any((r + dr, c + dc) in self.top for dr in range(height) for dc in range(width)):
                    yield r, c

    def parts(self, label: str) -> list[frozenset[Cell]]:
        """The 4-connected parts of the cells whose top layer is `label`, each a set of cells,
        ordered by their first cell (row, then column)."""
        return flood_parts({cell for cell, here in self.top.items() if here == label})

    def rows(self, blank: str = " ") -> tuple[Cell, list[str]]:
        """The window as text: (its top-left cell, one string a row, each label's first character;
        `blank` over the table)."""
        if not self.top:
            return (0, 0), []
        top, left, bottom, right = self.bounds()
        return (top, left), ["".join((self.top.get((r, c)) or blank)[0] for c in range(left, right + 1))
                             for r in range(top, bottom + 1)]


def flood_parts(cells: set[Cell]) -> list[frozenset[Cell]]:
    """The 4-connected parts of a set of cells, ordered by their first cell."""
    cells = set(cells)
    found: list[frozenset[Cell]] = []
    while cells:
        start = min(cells)
        part = {start}
        todo = [start]
        while todo:
            r, c = todo.pop()
            for dr, dc in NEIGHBOURS:
                nb = (r + dr, c + dc)
                if nb in cells and nb not in part:
                    part.add(nb)
                    todo.append(nb)
        cells -= part
        found.append(frozenset(part))
    return found
