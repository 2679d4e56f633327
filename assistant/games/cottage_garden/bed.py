"""A Cottage Garden flower bed cell by cell, on the grid engine's Board.

Cell states: uncovered cells are `empty`, `pot` or `cloche` (printed symbols);
covered cells are `tile` (plain tile cell), `tile-pot` / `tile-cloche` (a tile
cell showing that symbol), `pot-token` or `cat`. A bed is complete when no
`empty` cell is left; its flowerpots are the uncovered printed pots, the tile
pots and the pot tokens; its cloches the uncovered printed cloches and the tile
cloches.
"""

from __future__ import annotations

from assistant.grid import Board, Grid

EMPTY, POT, CLOCHE = "empty", "pot", "cloche"
TILE, TILE_POT, TILE_CLOCHE = "tile", "tile-pot", "tile-cloche"
POT_TOKEN, CAT = "pot-token", "cat"

UNCOVERED = (EMPTY, POT, CLOCHE)
COVERED = (TILE, TILE_POT, TILE_CLOCHE, POT_TOKEN, CAT)
BED_SIZE = 5

# The text form of a bed, one character a cell, rows split by '/':
# a layout (printed symbols) uses only '.', 'P', 'C'; a played bed also '#'
# (covered by a tile), 'p'/'c' (tile cell showing a pot/cloche), 'o' (pot
# token), 'k' (cat).
LEGEND: dict[str, str] = {
    ".": EMPTY, "P": POT, "C": CLOCHE,
    "#": TILE, "p": TILE_POT, "c": TILE_CLOCHE, "o": POT_TOKEN, "k": CAT,
}
LAYOUT_LEGEND: dict[str, str] = {ch: LEGEND[ch] for ch in ".PC"}


def parse_bed(text: str, layout_only: bool = False) -> Board:
    """A bed from its text form (any size; a real bed is 5x5)."""
    return Board.from_text(text, LAYOUT_LEGEND if layout_only else LEGEND)


def bed_text(board: Board) -> str:
    return board.to_text(LEGEND)


def empty_bed(grid: Grid | None = None) -> Board:
    return Board.filled(grid or Grid(BED_SIZE, BED_SIZE), EMPTY)


def free_mask(board: Board) -> int:
    """Cells a tile, pot token or cat may go on: uncovered cells (covering a printed symbol is allowed)."""
    return board.mask(*UNCOVERED)


def is_complete(board: Board) -> bool:
    return board.mask(EMPTY) == 0


def visible_pots(board: Board) -> int:
    return board.count(POT, TILE_POT, POT_TOKEN)


def visible_cloches(board: Board) -> int:
    return board.count(CLOCHE, TILE_CLOCHE)
