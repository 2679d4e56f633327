"""Placement enumeration: perft counts against hand figures and a brute force,
marks, per-mark masks, explicit placing, pattern finding and bad input."""

from __future__ import annotations

import subprocess
import sys

import pytest

from assistant.errors import GardenError
from assistant.grid import (
    HOLE,
    Grid,
    Placement,
    Shape,
    clear_cache,
    place,
    placements,
    shape_of,
)

from .reference import as_placed, brute_placements, cells_of, mask_of, text_cells

I5, O4, L4, T4, S4 = "#####", "##/##", "###/#..", "###/.#.", ".##/##."
HEX = "##../.###/..#."
EMPTY_5 = "...../...../...../...../....."
CENTRE_5 = "...../...../..#../...../....."
WALL_5 = "..#../..#../..#../..#../..#.."
HALF_5 = "##.../##.../#..#./..##./....#"  # 9 blocked: a half-filled bed's shape
NINE_BY_EIGHT = "/".join(["." * 8] * 9)
TWELVE = "/".join(["." * 12] * 12)
WOODS = "/".join(  # 9x8 with a blocked diagonal band and a blocked corner
    "".join("#" if (c - r) % 5 == 0 or (r > 6 and c > 5) else "." for c in range(8))
    for r in range(9)
)
TWELVE_BLOCKED = "/".join(
    "".join("#" if (r * 7 + c * 3) % 11 == 0 else "." for c in range(12)) for r in range(12)
)


def board(drawing: str) -> tuple[Grid, int, set]:
    """Grid, allowed mask and allowed cells of a drawing ('#' = blocked)."""
    rows = drawing.split("/")
    grid = Grid(len(rows), len(rows[0]))
    free = {(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "."}
    return grid, mask_of(free, grid.cols), free


def check_against_brute(text, drawing, flip=True, marks=None, mark_drawings=None):
    grid, allowed, free = board(drawing)
    mark_allowed = mark_cells = None
    if mark_drawings:
        mark_cells = {m: board(d)[2] for m, d in mark_drawings.items()}
        mark_allowed = {m: mask_of(c, grid.cols) for m, c in mark_cells.items()}
    got = placements(Shape.parse(text, marks), grid, allowed, flip=flip, mark_allowed=mark_allowed)
    want = brute_placements(
        text_cells(text), marks, grid.rows, grid.cols, free, flip=flip, mark_allowed=mark_cells
    )
    as_sets = [as_placed(p) for p in got]
    assert len(as_sets) == len(set(as_sets)), "duplicate placements"
    assert set(as_sets) == want
    return got


# --- perft ----------------------------------------------------------------

PERFT = [
    # shape, board ('#' blocked), flip, placements (hand-counted)
    (I5, EMPTY_5, True, 10),
    (O4, EMPTY_5, True, 16),
    ("#", EMPTY_5, True, 25),
    ("##", EMPTY_5, True, 40),
    (L4, EMPTY_5, True, 96),
    (L4, EMPTY_5, False, 48),
    (T4, EMPTY_5, True, 48),
    (S4, EMPTY_5, True, 48),
    (S4, EMPTY_5, False, 24),
    (HEX, EMPTY_5, True, 48),
    (HEX, EMPTY_5, False, 24),
    (I5, CENTRE_5, True, 8),
    (O4, CENTRE_5, True, 12),
    (I5, WALL_5, True, 4),
    (O4, WALL_5, True, 8),
    (I5, NINE_BY_EIGHT, True, 76),
    (O4, NINE_BY_EIGHT, True, 56),
    (L4, NINE_BY_EIGHT, True, 388),
    (L4, NINE_BY_EIGHT, False, 194),
    (I5, "/".join(["." * 9] * 8), True, 76),
    (I5, TWELVE, True, 192),
    (O4, TWELVE, True, 121),
]


@pytest.mark.parametrize("text, drawing, flip, expected", PERFT)
def test_perft_counts(text, drawing, flip, expected):
    got = check_against_brute(text, drawing, flip)
    assert len(got) == expected


@pytest.mark.parametrize(
    "text", ["#", "##", "##/#.", "###", I5, O4, L4, T4, S4, HEX, ".#./###/.#.", "#../###/..#"]
)
@pytest.mark.parametrize("drawing", [HALF_5, WOODS, TWELVE_BLOCKED])
@pytest.mark.parametrize("flip", [True, False])
def test_blocked_boards_match_brute_force(text, drawing, flip):
    check_against_brute(text, drawing, flip)


def test_square_is_counted_once_whatever_its_symmetry():
    got = placements(Shape.parse(O4), Grid(2, 2))
    assert len(got) == 1 and got[0].orientation.name == "r0"
    assert len(placements(Shape.parse("#"), Grid(1, 1))) == 1


def test_every_placement_lies_inside_allowed_and_is_distinct():
    grid, allowed, _ = board(HALF_5)
    got = placements(Shape.parse(L4), grid, allowed)
    assert all(p.mask & ~allowed == 0 for p in got)
    assert len({p.mask for p in got}) == len(got)
    assert all(p.size == 4 for p in got)


def test_blocked_everywhere_gives_no_placements_not_an_error():
    assert placements(Shape.parse(O4), Grid(5, 5), 0) == []


def test_order_is_orientation_then_anchor():
    got = placements(Shape.parse(I5), Grid(5, 5))
    assert [(p.orientation.name, p.anchor) for p in got[:2]] == [("r0", (0, 0)), ("r0", (1, 0))]
    assert [p.orientation.index for p in got] == sorted(p.orientation.index for p in got)


def test_cache_gives_the_same_answer_cold_and_warm():
    shape, grid = Shape.parse(HEX), Grid(9, 8)
    clear_cache()
    cold = placements(shape, grid)
    warm = placements(shape, grid)
    assert cold == warm and cold is not warm  # callers get their own list


# --- marks ----------------------------------------------------------------


def test_placement_reports_which_cell_got_which_mark():
    shape = Shape.parse("##/#.", marks={(0, 1): "pot"})
    p = place(shape, Grid(5, 5), "r90", (3, 3))
    assert p.cells == [(3, 3), (3, 4), (4, 4)]
    assert p.marks == {(4, 4): "pot"}
    assert p.mark_mask("pot") == 1 << (4 * 5 + 4)
    assert p.mark_mask("cloche") == 0


@pytest.mark.parametrize("drawing", [EMPTY_5, HALF_5, WOODS])
def test_marked_shapes_match_brute_force(drawing):
    check_against_brute(I5, drawing, marks={(0, 2): "pot"})
    check_against_brute("##/#.", drawing, marks={(0, 1): "pot"})
    check_against_brute(".#./###", drawing, marks={(1, 0): HOLE})
    check_against_brute("##/##", drawing, marks={(0, 0): "pot", (1, 1): "cloche"})


def test_marks_distinguish_otherwise_equal_placements():
    # An unmarked domino on a 1x2 strip lies one way; with a pot on one end, two.
    assert len(placements(Shape.parse("##"), Grid(1, 2))) == 1
    pots = placements(Shape.parse("##", marks={(0, 0): "pot"}), Grid(1, 2))
    assert sorted(p.marks[(0, 0)] if (0, 0) in p.marks else "-" for p in pots) == ["-", "pot"]
    # the straight five with a centred pot is still symmetric: 10 on a bed
    assert len(placements(Shape.parse(I5, marks={(0, 2): "pot"}), Grid(5, 5))) == 10
    assert len(placements(Shape.parse(I5, marks={(0, 0): "pot"}), Grid(5, 5))) == 20


# --- holes and per-mark masks ---------------------------------------------

# Indian-Summer-like strip: '.' empty, 't' printed treasure, 'x' blocked.
#   plain cells: empty only (to exercise the split); hole: empty or treasure
WOOD_4 = "t.../.tx./..../x..t"


def _wood():
    rows = WOOD_4.split("/")
    grid = Grid(len(rows), len(rows[0]))
    empty = {(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "."}
    treasure = {(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "t"}
    return grid, empty, treasure


def test_hole_may_lie_where_plain_cells_may_not():
    grid, empty, treasure = _wood()
    leaf = Shape.parse("##/#.", marks={(0, 0): HOLE})
    plain_ok = mask_of(empty, grid.cols)
    hole_ok = mask_of(empty | treasure, grid.cols)
    got = placements(leaf, grid, plain_ok, mark_allowed={HOLE: hole_ok})
    want = brute_placements(
        text_cells("##/#."), {(0, 0): HOLE}, 4, 4, empty, mark_allowed={HOLE: empty | treasure}
    )
    assert {as_placed(p) for p in got} == want
    assert len(got) == len(want)
    # some placement really uses the hole over a treasure
    tmask = mask_of(treasure, grid.cols)
    assert any(p.mark_mask(HOLE) & tmask for p in got)
    assert all(not (p.mask & ~p.mark_mask(HOLE)) & tmask for p in got)
    # and without the per-mark mask the hole obeys `allowed` like any cell
    assert len(placements(leaf, grid, plain_ok)) < len(got)


def test_plain_cells_may_lie_where_the_hole_may_not():
    grid, empty, treasure = _wood()
    leaf = Shape.parse("###/.#.", marks={(1, 1): HOLE})
    both = mask_of(empty | treasure, grid.cols)
    only_empty = mask_of(empty, grid.cols)
    got = placements(leaf, grid, both, mark_allowed={HOLE: only_empty})
    want = brute_placements(
        text_cells("###/.#."), {(1, 1): HOLE}, 4, 4, empty | treasure, mark_allowed={HOLE: empty}
    )
    assert {as_placed(p) for p in got} == want


def test_mark_allowed_for_a_mark_the_shape_lacks_is_ignored():
    grid = Grid(5, 5)
    plain = placements(Shape.parse(L4), grid)
    assert placements(Shape.parse(L4), grid, mark_allowed={"pot": 0}) == plain


def test_conflicts_names_the_offending_cells():
    grid = Grid(5, 5)
    leaf = Shape.parse("##/#.", marks={(0, 0): HOLE})
    p = place(leaf, grid, 0, (0, 0))
    allowed = grid.full & ~grid.bit(0, 1)
    assert p.conflicts(allowed) == grid.bit(0, 1)
    assert p.conflicts(grid.full, {HOLE: 0}) == grid.bit(0, 0)
    assert p.fits(grid.full) and not p.fits(allowed)


# --- pattern finding ------------------------------------------------------

HOLES_9x8 = "\n".join(
    [
        "........",
        ".###....",
        "..#.....",
        "........",
        ".....##.",
        "....##..",
        "........",
        "##......",
        "##......",
    ]
)


def test_animal_shapes_inside_the_hole_cells():
    grid, holes = Grid.parse_mask(HOLES_9x8)
    t4, z4, o4 = Shape.parse("###/.#."), Shape.parse("##./.##"), Shape.parse(O4)
    assert [p.cells for p in placements(t4, grid, holes)] == [[(1, 1), (1, 2), (1, 3), (2, 2)]]
    assert [p.cells for p in placements(z4, grid, holes)] == [[(4, 5), (4, 6), (5, 4), (5, 5)]]
    assert not placements(z4, grid, holes, flip=False)  # only the S lies there
    assert [p.cells for p in placements(o4, grid, holes)] == [[(7, 0), (7, 1), (8, 0), (8, 1)]]
    # "holes form a group whose outline matches the animal": whole components
    from assistant.grid import components

    groups = [shape_of(part, grid) for part in components(holes, grid)]
    assert [any(g.congruent(a) for a in (t4, z4, o4)) for g in groups] == [True, True, True]


def test_pattern_finding_matches_brute_force():
    grid, holes = Grid.parse_mask(HOLES_9x8)
    for text in ("#", "##", "###/.#.", "##./.##", O4, "###"):
        got = {as_placed(p) for p in placements(Shape.parse(text), grid, holes)}
        assert got == brute_placements(text_cells(text), None, 9, 8, cells_of(holes, 8))


# --- explicit placement -----------------------------------------------------


@pytest.mark.parametrize("text", [L4, S4, HEX, "##/#."])
def test_every_enumerated_placement_can_be_named_and_placed(text):
    shape = Shape.parse(text, marks={min(text_cells(text)): "pot"})
    grid = Grid(5, 5)
    for p in placements(shape, grid):
        by_index = place(shape, grid, p.orientation.index, p.anchor)
        by_name = place(shape, grid, p.orientation.name, p.anchor)
        assert by_index == p == by_name
        assert by_index.marks == p.marks
        assert p.describe() == f"{p.orientation.name} at {p.anchor}"


def test_alias_names_give_the_same_placement():
    square = Shape.parse(O4)
    grid = Grid(5, 5)
    assert place(square, grid, "flip+r90", (1, 1)) == place(square, grid, 0, (1, 1))
    assert place(square, grid, "flip+r90", (1, 1)).orientation.name == "r0"


@pytest.mark.parametrize(
    "orientation, anchor",
    [("r0", (4, 4)), ("r90", (0, 4)), (0, (-1, 0)), (0, (0, -1)), (0, (5, 0)), (1, (3, 0))],
)
def test_off_board_position_is_one_clear_line(orientation, anchor):
    shape = Shape.parse(L4, name="4A")
    with pytest.raises(GardenError) as exc:
        place(shape, Grid(5, 5), orientation, anchor)
    message = str(exc.value)
    assert "\n" not in message
    assert f"({anchor[0]}, {anchor[1]})" in message
    assert "off the 5×5 board" in message and "4A" in message


def test_place_checks_the_anchor_and_the_flip_rule():
    shape, grid = Shape.parse(L4), Grid(5, 5)
    for bad in [(1,), (1, 2, 3), ("a", 1), [1, 1], (1.0, 1)]:
        with pytest.raises(GardenError) as exc:
            place(shape, grid, 0, bad)  # type: ignore[arg-type]
        assert "position" in str(exc.value)
    with pytest.raises(GardenError):
        place(shape, grid, "flip", (0, 0), flip=False)
    assert place(shape, grid, "r90", (0, 0), flip=False).orientation.name == "r90"


# --- bad input ------------------------------------------------------------


def test_shape_bigger_than_the_bed():
    with pytest.raises(GardenError) as exc:
        placements(Shape.parse(I5, name="5F"), Grid(4, 4))
    message = str(exc.value)
    assert "\n" not in message
    assert "5F" in message and "'#####'" in message and "4×4" in message and "does not fit" in message
    # fitting one way round is enough
    assert len(placements(Shape.parse(I5), Grid(5, 1))) == 1


def test_allowed_must_be_a_mask_of_the_board():
    grid = Grid(5, 5)
    for bad in (-1, 1 << 25, "all", 3.0):
        with pytest.raises(GardenError) as exc:
            placements(Shape.parse("#"), grid, bad)  # type: ignore[arg-type]
        assert "allowed" in str(exc.value)
    with pytest.raises(GardenError) as exc:
        placements(Shape.parse("#", marks={(0, 0): HOLE}), grid, grid.full, mark_allowed={HOLE: -5})
    assert "hole" in str(exc.value)


def test_placement_equality_ignores_how_it_was_named():
    grid = Grid(3, 3)
    a = place(Shape.parse(O4), grid, "r0", (0, 0))
    b = Placement(grid, a.mask, a.mark_masks, a.orientation, (9, 9))
    assert a == b and hash(a) == hash(b)
    assert a != place(Shape.parse(O4), Grid(3, 4), "r0", (0, 0))  # other board


def test_grid_package_does_not_import_numpy():
    code = (
        "import sys, assistant.grid as g; "
        "g.placements(g.Shape.parse('##/#.'), g.Grid(5, 5)); "
        "g.components(3, g.Grid(5, 5)); "
        "print('numpy' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
