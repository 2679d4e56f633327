"""Board mode's optional nursery tracking: which tile lies on which nursery cell, and
the queue beside it. Refills follow the fill rule (nearest the die first)."""

from __future__ import annotations

from typing import Any, NamedTuple

from assistant.errors import GardenError, IllegalMove
from assistant.games.cottage_garden.die import NURSERY_SIZE, DieModel

CELLS = NURSERY_SIZE * NURSERY_SIZE
START_QUEUE = 20


class Nursery(NamedTuple):
    cells: tuple[str | None, ...]  # row-major, 16 cells: a tile id, or None when empty
    queue: tuple[str, ...]  # front first (the wheelbarrow's end)

    def at(self, cell: tuple[int, int]) -> str | None:
        return self.cells[cell[0] * NURSERY_SIZE + cell[1]]

    def line(self, die: DieModel, position: int) -> list[tuple[tuple[int, int], str | None]]:
        """The gardener line's cells and tiles, nearest the die first."""
        return [(cell, self.at(cell)) for cell in die.line_cells(position)]

    def empty_in_line(self, die: DieModel, position: int) -> int:
        return sum(1 for _, tile in self.line(die, position) if tile is None)

    def refilled(self, die: DieModel, position: int) -> tuple["Nursery", list[str]]:
        """Queue tiles onto the line's empty cells, nearest the die first, until full or the queue is out."""
        cells, queue = list(self.cells), list(self.queue)
        placed = []
        for (r, c), tile in self.line(die, position):
            if tile is None and queue:
                cells[r * NURSERY_SIZE + c] = queue.pop(0)
                placed.append(f"{cells[r * NURSERY_SIZE + c]} to {r},{c}")
        return Nursery(tuple(cells), tuple(queue)), placed

    def taken(self, die: DieModel, position: int, cell: tuple[int, int], tile_id: str) -> "Nursery":
        line = dict(self.line(die, position))
        if cell not in line:
            raise IllegalMove("CG-PLANT-1", f"Nursery cell {cell[0]},{cell[1]} is not on the gardener line "
                              f"({die.line_name(position)}): a tile comes from the gardener line.")
        if line[cell] != tile_id:
            raise IllegalMove("CG-PLANT-1", f"Nursery cell {cell[0]},{cell[1]} holds {line[cell] or 'no tile'}, not {tile_id}.")
        cells = list(self.cells)
        cells[cell[0] * NURSERY_SIZE + cell[1]] = None
        return self._replace(cells=tuple(cells))

    def to_back(self, tile_ids: tuple[str, ...]) -> "Nursery":
        return self._replace(queue=self.queue + tuple(tile_ids))


def from_dict(data: dict[str, Any]) -> Nursery:
    try:
        cells = tuple(None if c in (None, "-", "") else str(c) for c in data["cells"])
        queue = tuple(str(t) for t in data["queue"])
    except (KeyError, TypeError) as err:
        raise GardenError(f"the nursery in the set-up is malformed ({err})") from None
    if len(cells) != CELLS:
        raise GardenError(f"the nursery has {CELLS} cells, not {len(cells)}")
    return Nursery(cells, queue)


def to_dict(nursery: Nursery) -> dict[str, Any]:
    return {"cells": ["-" if c is None else c for c in nursery.cells], "queue": list(nursery.queue)}


def check_against_catalogue(nursery: Nursery, counts: dict[str, int]) -> None:
    """Every id is a tile of the game, and no tile appears more often than the box holds."""
    seen: dict[str, int] = {}
    for tile in [c for c in nursery.cells if c is not None] + list(nursery.queue):
        if tile not in counts:
            raise GardenError(f"nursery/queue: unknown tile id {tile!r} (see garden tiles)")
        seen[tile] = seen.get(tile, 0) + 1
        if seen[tile] > counts[tile]:
            raise GardenError(f"nursery/queue: tile {tile} appears {seen[tile]} times; the box holds {counts[tile]}")
