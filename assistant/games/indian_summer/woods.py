"""An Indian Summer woodland board cell by cell, on the grid engine's Board (board mode).

Reading of "9x8 cells, 6 regions of 3x4" (rules/indian-summer.md): 9 rows by 8
columns. Only then do six 3x4 blocks tile the board: three bands of 3 rows, each
split into a left and a right half of 4 columns. (An 8-row by 9-column board is
the same board turned a quarter turn; its regions would be 4 rows by 3 columns.)
Regions are numbered row-major, top-left first:

    1 | 2        rows 0-2
    3 | 4        rows 3-5
    5 | 6        rows 6-8
  cols 0-3 | 4-7

Cell states. Uncovered: `empty`, or a printed treasure (`blueberry`, `nut`,
`mushroom`, `feather`). Covered: `leaf` (a leaf tile cell that is not its hole),
`hole` (a hole over a plain cell), `token-K` (a hole over a printed K with the K
token lying on it), `shows-K` (a hole over a printed K with no token on it: the
region paid it out, or the supply had none), `squirrel` (a squirrel or a
stand-in marker), `animal`. Hole cells count as covered (IS-REGION-1) and
nothing but an animal may go on them (IS-8).
"""

from __future__ import annotations

from functools import lru_cache

from assistant.grid import Board, Grid

ROWS, COLS = 9, 8
GRID = Grid(ROWS, COLS)
REGION_ROWS, REGION_COLS = 3, 4

EMPTY, LEAF, HOLE, SQUIRREL, ANIMAL = "empty", "leaf", "hole", "squirrel", "animal"
TREASURES = ("blueberry", "nut", "mushroom", "feather")  # value order, as supply.TREASURES
PRINTED = TREASURES
TOKEN = {k: f"token-{k}" for k in TREASURES}
SHOWS = {k: f"shows-{k}" for k in TREASURES}

UNCOVERED = (EMPTY, *PRINTED)
HOLES = (HOLE, *TOKEN.values(), *SHOWS.values())

# Text form, one character a cell, rows split by '/': a layout uses '.', 'B', 'N', 'M', 'F'.
LEGEND: dict[str, str] = {
    ".": EMPTY, "B": "blueberry", "N": "nut", "M": "mushroom", "F": "feather",
    "#": LEAF, "o": HOLE, "s": SQUIRREL, "a": ANIMAL,
    "b": TOKEN["blueberry"], "n": TOKEN["nut"], "m": TOKEN["mushroom"], "f": TOKEN["feather"],
    "1": SHOWS["blueberry"], "2": SHOWS["nut"], "3": SHOWS["mushroom"], "4": SHOWS["feather"],
}
LAYOUT_LEGEND: dict[str, str] = {ch: LEGEND[ch] for ch in ".BNMF"}
LEGEND_TEXT = ("'.' empty, B N M F printed blueberry/nut/mushroom/feather, '#' leaf, 'o' hole, "
               "b n m f a token on a hole, 1 2 3 4 a hole showing a printed treasure (no token), "
               "'s' squirrel, 'a' animal")
BLANK_LAYOUT = "/".join(["." * COLS] * ROWS)


def parse_woods(text: str, layout_only: bool = False) -> Board:
    """A board from its text form; any size (a real board is 9x8, checked by the callers)."""
    return Board.from_text(text, LAYOUT_LEGEND if layout_only else LEGEND)


def woods_text(board: Board) -> str:
    return board.to_text(LEGEND)


@lru_cache(maxsize=1)
def region_masks() -> tuple[int, ...]:
    """The six regions' masks, region 1 first."""
    out = []
    for band in range(ROWS // REGION_ROWS):
        for half in range(COLS // REGION_COLS):
            out.append(GRID.mask((r, c) for r in range(band * REGION_ROWS, (band + 1) * REGION_ROWS)
                                 for c in range(half * REGION_COLS, (half + 1) * REGION_COLS)))
    return tuple(out)


def region_of(row: int, col: int) -> int:
    """The region (1-6) of a cell."""
    return (row // REGION_ROWS) * (COLS // REGION_COLS) + col // REGION_COLS + 1


def free_mask(board: Board) -> int:
    """Cells a leaf tile or a squirrel may cover: uncovered cells (printed treasures included)."""
    return board.mask(*UNCOVERED)


def printed_at(board: Board, mask: int) -> dict[str, int]:
    """Printed treasures under `mask` that are still uncovered, by kind."""
    return {k: (board.mask(k) & mask).bit_count() for k in PRINTED if board.mask(k) & mask}


def complete_regions(board: Board) -> list[int]:
    """Regions (1-6) with no uncovered cell."""
    free = free_mask(board)
    return [i + 1 for i, m in enumerate(region_masks()) if not m & free]


def empty_in(board: Board, region: int) -> int:
    return (free_mask(board) & region_masks()[region - 1]).bit_count()


def free_holes(board: Board) -> int:
    """Hole cells no animal covers (tokens or not)."""
    return board.mask(*HOLES)


def token_cells(board: Board) -> int:
    return board.mask(*TOKEN.values())


def layout_counts(layout: str) -> tuple[int, int, int, int]:
    """Printed blueberries, nuts, mushrooms, feathers of a layout text."""
    return tuple(layout.count(ch) for ch in "BNMF")  # type: ignore[return-value]


def check_layout(layout: object) -> tuple[str, list[str]]:
    """(canonical layout text, warnings); ValueError naming the problem.

    The shape and characters are refused when wrong; printed counts other than
    the seed's 10 blueberries, 7 nuts, 3 mushrooms and 1 feather only warn: the
    seed gives those per board, "per side" is rules/'s reading (rules-vs-seeds 2b)."""
    from assistant.errors import GardenError

    if not isinstance(layout, str):
        raise ValueError(f"layout {layout!r} must be text: 9 rows of 8 characters split by '/' or null")
    try:
        board = parse_woods(layout, layout_only=True)
    except GardenError as err:
        raise ValueError(f"{err} (a layout uses '.', B, N, M, F)") from None
    if (board.rows, board.cols) != (ROWS, COLS):
        raise ValueError(f"layout is {board.rows} rows by {board.cols} columns: a woodland board is {ROWS} by {COLS}")
    text = board.to_text(LAYOUT_LEGEND)
    counts = layout_counts(text)
    warnings = []
    if counts != (10, 7, 3, 1):
        warnings.append(f"the layout prints {counts[0]} blueberries, {counts[1]} nuts, {counts[2]} mushrooms and "
                        f"{counts[3]} feather(s); the seed gives 10, 7, 3 and 1 per board: check it")
    return text, warnings
