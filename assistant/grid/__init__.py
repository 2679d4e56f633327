"""The grid engine: shapes, boards and placements as bitmasks. Knows no game.

    >>> from assistant.grid import Grid, Shape, placements
    >>> len(placements(Shape.parse("#####"), Grid(5, 5)))
    10

Cells are (row, col) from the top-left, counting from 0; a set of cells is a
Python int with bit ``row * cols + col``. Bad input raises
`assistant.errors.GardenError` with one line naming the input and the problem.
Pure Python: this package must never import numpy.
"""

from assistant.grid.bitboard import MAX_SIDE, Cell, Grid, iter_bits, popcount
from assistant.grid.board import Board
from assistant.grid.placement import Placement, clear_cache, place, placements
from assistant.grid.regions import (
    compactness,
    component_sizes,
    components,
    coverage,
    min_perimeter,
    perimeter,
    shape_of,
    small_region_cells,
    uncoverable,
)
from assistant.grid.shape import HOLE, TRANSFORMS, Orientation, Shape
from assistant.grid.stack import Stack

__all__ = [
    "HOLE",
    "MAX_SIDE",
    "TRANSFORMS",
    "Board",
    "Cell",
    "Grid",
    "Orientation",
    "Placement",
    "Shape",
    "Stack",
    "clear_cache",
    "compactness",
    "component_sizes",
    "components",
    "coverage",
    "iter_bits",
    "min_perimeter",
    "perimeter",
    "place",
    "placements",
    "popcount",
    "shape_of",
    "small_region_cells",
    "uncoverable",
]
