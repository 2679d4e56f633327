"""Grid geometry (bits <-> cells) and boards of game-defined cell states."""

from __future__ import annotations

import enum

import pytest

from assistant.errors import GardenError
from assistant.grid import Board, Grid, Shape, iter_bits, placements, popcount


def test_bits_and_cells_round_trip():
    grid = Grid(9, 8)
    for r in range(9):
        for c in range(8):
            i = grid.index(r, c)
            assert i == r * 8 + c and grid.cell(i) == (r, c)
            assert grid.bit(r, c) == 1 << i
    assert grid.size == 72 and grid.full == (1 << 72) - 1 and str(grid) == "9×8"
    cells = [(0, 0), (3, 7), (8, 1)]
    assert grid.cells(grid.mask(cells)) == cells
    assert list(iter_bits(0b1011)) == [0, 1, 3] and popcount(0b1011) == 3


def test_row_and_column_masks():
    grid = Grid(3, 4)
    assert grid.to_text(grid.row_mask(1)) == "..../####/...."
    assert grid.to_text(grid.col_mask(3)) == "...#/...#/...#"
    assert grid.as_rows(grid.mask([(0, 1), (2, 3)])) == [[False, True, False, False], [False] * 4,
                                                         [False, False, False, True]]


def test_neighbours_never_wrap():
    grid = Grid(3, 3)
    assert grid.cells(grid.neighbours(grid.bit(0, 2))) == [(0, 1), (1, 2)]
    assert grid.cells(grid.neighbours(grid.bit(1, 0))) == [(0, 0), (1, 1), (2, 0)]
    assert grid.cells(grid.neighbours(grid.bit(2, 2))) == [(1, 2), (2, 1)]
    assert grid.dilate(grid.full) == grid.full


@pytest.mark.parametrize("position", [(5, 0), (0, 5), (-1, 0), (0, -1), (99, 99)])
def test_position_off_the_board_is_named(position):
    with pytest.raises(GardenError) as exc:
        Grid(5, 5).index(*position)
    message = str(exc.value)
    assert "\n" not in message
    assert f"position ({position[0]}, {position[1]}) is off the 5×5 board" in message


def test_bad_grid_sizes_and_masks():
    for rows, cols in [(0, 5), (5, 0), (-1, 3), (65, 2), (2.0, 2), ("5", 5)]:
        with pytest.raises(GardenError):
            Grid(rows, cols)  # type: ignore[arg-type]
    assert Grid(12, 12).size == 144 and Grid(1, 64).size == 64
    grid = Grid(2, 2)
    assert grid.check_mask(0b1111) == 0b1111
    for bad in (-1, 16, "x", None):
        with pytest.raises(GardenError):
            grid.check_mask(bad)  # type: ignore[arg-type]
    with pytest.raises(GardenError):
        grid.cell(4)
    with pytest.raises(GardenError):
        grid.index(0.0, 1)  # type: ignore[arg-type]


def test_mask_text_round_trip_and_errors():
    text = "#..#/.##./...."
    grid, mask = Grid.parse_mask(text)
    assert (grid.rows, grid.cols) == (3, 4) and grid.to_text(mask) == text
    assert Grid.parse_mask("\n#.\n.#\n") == (Grid(2, 2), 0b1001)
    for bad, problem in [
        ("#./#", "row 2 has 1 cells"),
        ("#x", "'x'"),
        ("", "empty"),
        ("#//#", "row 2 is empty"),
    ]:
        with pytest.raises(GardenError) as exc:
            Grid.parse_mask(bad)
        assert problem in str(exc.value)


class Cell(enum.Enum):
    """Cottage Garden's cell states, as a game might define them."""

    EMPTY = "."
    POT = "p"
    CLOCHE = "c"
    TILE = "#"
    POT_TOKEN = "o"
    CAT = "k"


LEGEND = {cell.value: cell for cell in Cell}
BED = "p...c/.#.../.#..k/...p./c...o"


def test_board_from_text_and_masks():
    board = Board.from_text(BED, LEGEND)
    assert (board.rows, board.cols) == (5, 5)
    assert board.state(0, 0) is Cell.POT and board.state(4, 4) is Cell.POT_TOKEN
    assert board.count(Cell.POT, Cell.CLOCHE) == 4
    assert board.mask(Cell.TILE) == board.grid.mask([(1, 1), (2, 1)])
    assert board.to_text(LEGEND) == BED
    assert board.mask(Cell.EMPTY, Cell.POT, Cell.CLOCHE).bit_count() == 25 - 4
    with pytest.raises(GardenError) as exc:
        board.state(5, 5)
    assert "(5, 5)" in str(exc.value)


def test_boards_are_values_and_moves_make_new_boards():
    board = Board.from_text(BED, LEGEND)
    free = board.mask(Cell.EMPTY, Cell.POT, Cell.CLOCHE)
    first = placements(Shape.parse("###"), board.grid, free)[0]
    after = board.with_state(first.mask, Cell.TILE)
    assert board.to_text(LEGEND) == BED  # unchanged
    assert after.to_text(LEGEND).startswith("###.c")
    assert after.with_state([(0, 0), (0, 1), (0, 2)], Cell.EMPTY).with_state(
        [(0, 0)], Cell.POT
    ) == board
    # equal cells make equal boards, whatever order the layers came in
    assert Board(board.grid, tuple(reversed(board.layers))) == board
    assert hash(Board(board.grid, tuple(reversed(board.layers)))) == hash(board)
    full = Board.filled(Grid(2, 2), "empty")
    assert full.states() == ("empty",) and full.count("empty") == 4


def test_board_errors():
    grid = Grid(2, 2)
    with pytest.raises(GardenError) as exc:
        Board(grid, (("a", 0b0011),))
    assert "no state" in str(exc.value)
    with pytest.raises(GardenError) as exc:
        Board(grid, (("a", 0b0111), ("b", 0b1100)))
    assert "overlaps" in str(exc.value)
    with pytest.raises(GardenError):
        Board(grid, (("a", 0b0011), ("a", 0b1100)))
    with pytest.raises(GardenError):
        Board(grid, (("a", 0b11111),))
    with pytest.raises(GardenError) as exc:
        Board.from_text("p.z/...", LEGEND)
    assert "'z'" in str(exc.value) and "row 1, column 3" in str(exc.value)
    with pytest.raises(GardenError) as exc:
        Board.from_text("p../..", LEGEND)
    assert "row 2 has 2 cells" in str(exc.value)
    with pytest.raises(GardenError):
        Board.filled(grid, "x").to_text({".": "y"})
    with pytest.raises(GardenError):
        Board.filled(grid, "x").with_state(1 << 4, "y")
