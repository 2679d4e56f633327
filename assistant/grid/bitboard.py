"""Bitboards: the cells of a rectangular grid as the bits of one Python int.

Cell (row, col) of a grid with `cols` columns is bit ``row * cols + col``, so
a set of cells is an int, union is ``|``, overlap is ``&`` and "does this
placement fit" is ``mask & ~allowed == 0`` -- python-chess does the same on
its 8x8 board. Rows and columns count from 0, top-left first.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from assistant.errors import GardenError

Cell = tuple[int, int]

# Far beyond any garden game (5x5 beds, 9x8 woods); the cap only catches
# nonsense sizes before they build huge ints.
MAX_SIDE = 64


def popcount(mask: int) -> int:
    """Number of cells in a mask."""
    return mask.bit_count()


def iter_bits(mask: int) -> Iterator[int]:
    """Bit indices of a mask, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


@dataclass(frozen=True, slots=True)
class Grid:
    """The geometry of a rows x cols board: bit <-> cell, masks, neighbours."""

    rows: int
    cols: int
    # Derived masks, fixed per size; excluded from equality and repr.
    full: int = field(init=False, repr=False, compare=False)
    _not_first_col: int = field(init=False, repr=False, compare=False)
    _not_last_col: int = field(init=False, repr=False, compare=False)
    _borders: tuple[int, int, int, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        for what, value in (("rows", self.rows), ("columns", self.cols)):
            if type(value) is not int or not 1 <= value <= MAX_SIDE:
                raise GardenError(
                    f"a board needs 1 to {MAX_SIDE} {what}, not {value!r}"
                )
        rows, cols = self.rows, self.cols
        full = (1 << rows * cols) - 1
        first_col = sum(1 << r * cols for r in range(rows))
        last_col = first_col << (cols - 1)
        first_row = (1 << cols) - 1
        last_row = first_row << (rows - 1) * cols
        object.__setattr__(self, "full", full)
        object.__setattr__(self, "_not_first_col", full & ~first_col)
        object.__setattr__(self, "_not_last_col", full & ~last_col)
        object.__setattr__(self, "_borders", (first_row, last_row, first_col, last_col))

    def __str__(self) -> str:
        return f"{self.rows}×{self.cols}"

    @property
    def size(self) -> int:
        """Number of cells."""
        return self.rows * self.cols

    # --- cells and bits -------------------------------------------------

    def contains(self, row: int, col: int) -> bool:
        """Whether (row, col) lies on the board."""
        return 0 <= row < self.rows and 0 <= col < self.cols

    def index(self, row: int, col: int) -> int:
        """Bit index of (row, col); GardenError naming the position if off the board."""
        if type(row) is not int or type(col) is not int:
            raise GardenError(f"position ({row!r}, {col!r}) is not a pair of whole numbers")
        if not self.contains(row, col):
            raise GardenError(
                f"position ({row}, {col}) is off the {self} board "
                f"(rows 0-{self.rows - 1}, columns 0-{self.cols - 1})"
            )
        return row * self.cols + col

    def bit(self, row: int, col: int) -> int:
        """Single-cell mask of (row, col)."""
        return 1 << self.index(row, col)

    def cell(self, index: int) -> Cell:
        """(row, col) of a bit index."""
        if not 0 <= index < self.size:
            raise GardenError(f"bit {index} is off the {self} board")
        return divmod(index, self.cols)

    def mask(self, cells: Iterable[Cell]) -> int:
        """Mask of the given (row, col) cells; each must be on the board."""
        mask = 0
        for row, col in cells:
            mask |= 1 << self.index(row, col)
        return mask

    def cells(self, mask: int) -> list[Cell]:
        """(row, col) of each cell of a mask, in row-major order."""
        cols = self.cols
        return [divmod(i, cols) for i in iter_bits(mask)]

    def check_mask(self, mask: int, what: str = "mask") -> int:
        """Return `mask` if it is a set of cells of this board, else GardenError."""
        if type(mask) is not int or mask < 0:
            raise GardenError(f"{what} must be a non-negative int bitmask, not {mask!r}")
        if mask >> self.size:
            raise GardenError(f"{what} has cells outside the {self} board")
        return mask

    def row_mask(self, row: int) -> int:
        """All cells of one row."""
        self.index(row, 0)
        return ((1 << self.cols) - 1) << row * self.cols

    def col_mask(self, col: int) -> int:
        """All cells of one column."""
        self.index(0, col)
        return (self.full & ~self._not_first_col) << col

    # --- neighbourhoods -------------------------------------------------

    def dilate(self, mask: int) -> int:
        """The mask plus every cell 4-adjacent to it (never wraps across rows)."""
        cols = self.cols
        return (
            mask
            | ((mask & self._not_last_col) << 1)
            | ((mask & self._not_first_col) >> 1)
            | (mask << cols)
            | (mask >> cols)
        ) & self.full

    def neighbours(self, mask: int) -> int:
        """Cells 4-adjacent to the mask that are not in it."""
        return self.dilate(mask) & ~mask

    def adjacent_pairs(self, mask: int) -> int:
        """Number of 4-adjacent pairs of cells both in the mask."""
        horizontal = mask & self._not_last_col & (mask >> 1)
        vertical = mask & (mask >> self.cols)
        return horizontal.bit_count() + vertical.bit_count()

    def border_edges(self, mask: int) -> int:
        """Number of cell edges of the mask that lie on the board's outline."""
        return sum((mask & side).bit_count() for side in self._borders)

    # --- text -----------------------------------------------------------

    def as_rows(self, mask: int) -> list[list[bool]]:
        """A mask as rows of booleans, row 0 first."""
        cols = self.cols
        return [[bool(mask >> (r * cols + c) & 1) for c in range(cols)] for r in range(self.rows)]

    def to_text(self, mask: int, on: str = "#", off: str = ".", sep: str = "/") -> str:
        """Draw a mask: one character a cell, rows joined by `sep`."""
        cols = self.cols
        return sep.join(
            "".join(on if mask >> (r * cols + c) & 1 else off for c in range(cols))
            for r in range(self.rows)
        )

    @classmethod
    def parse_mask(cls, text: str, on: str = "#", off: str = ".") -> tuple[Grid, int]:
        """Read a drawn mask (rows split by '/' or newlines) -> (grid, mask)."""
        rows = split_rows(text, "mask")
        width = len(rows[0])
        mask = 0
        for r, line in enumerate(rows):
            if len(line) != width:
                raise GardenError(
                    f"mask {text!r}: row {r + 1} has {len(line)} cells, row 1 has {width}"
                )
            for c, ch in enumerate(line):
                if ch == on:
                    mask |= 1 << r * width + c
                elif ch != off:
                    raise GardenError(
                        f"mask {text!r}: unexpected character {ch!r} at row {r + 1}, "
                        f"column {c + 1} (use {on!r} and {off!r})"
                    )
        return cls(len(rows), width), mask


def split_rows(text: str, what: str) -> list[str]:
    """Rows of a drawn grid, split by '/' or newlines (surrounding blank lines ignored)."""
    if not isinstance(text, str) or not text.strip():
        raise GardenError(f"{what} {text!r} is empty")
    lines = text.strip().replace("\n", "/").split("/")
    rows = [line.strip() for line in lines]
    for r, line in enumerate(rows):
        if not line:
            raise GardenError(f"{what} {text!r}: row {r + 1} is empty")
    return rows
