"""Shapes: parsing, text round trip, orientations, marks, and every malformed input."""

from __future__ import annotations

import pytest

from assistant.errors import GardenError
from assistant.grid import HOLE, TRANSFORMS, Shape

from .reference import draw, fixed_polyominoes


def one_line_error(excinfo) -> str:
    message = str(excinfo.value)
    assert "\n" not in message and message
    return message


# --- parsing and text -----------------------------------------------------


def test_parse_reads_cells_row_by_row():
    shape = Shape.parse("##/#.")
    assert shape.cells == ((0, 0), (0, 1), (1, 0))
    assert (shape.size, shape.height, shape.width) == (3, 2, 2)
    assert shape.marks == ()


@pytest.mark.parametrize(
    "text", ["#", "##", "#####", "##/#.", "###/.#.", ".#./###/.#.", "#../###/..#", "##../.###/..#."]
)
def test_to_text_round_trips(text):
    shape = Shape.parse(text)
    assert shape.to_text() == text
    assert Shape.parse(shape.to_text()) == shape


def test_ragged_rows_are_gaps_and_padding_is_trimmed():
    assert Shape.parse("##/#") == Shape.parse("##/#.")
    padded = Shape.parse("..../.##./.#../....", marks={(1, 2): "pot"})
    assert padded.to_text() == "##/#."
    assert padded.mark_map() == {(0, 1): "pot"}  # marks move with the normalisation


def test_from_cells_normalises_to_top_left():
    shape = Shape.from_cells([(7, 3), (7, 4), (8, 3)], marks={(8, 3): HOLE})
    assert shape == Shape.parse("##/#.", marks={(1, 0): HOLE})
    assert shape.cells[0] == (0, 0)


def test_equality_ignores_name_but_not_marks():
    assert Shape.parse("##", name="2C") == Shape.parse("##")
    assert Shape.parse("##", marks={(0, 0): "pot"}) != Shape.parse("##")
    assert Shape.parse("##", name="2C").label == "2C ('##')"


def test_marks_round_trip_with_text():
    shape = Shape.parse("#####", marks={(0, 2): "pot"}, name="5F")
    assert Shape.parse(shape.to_text(), shape.mark_map()) == shape
    assert shape.mark_at(0, 2) == "pot" and shape.mark_at(0, 0) is None
    assert str(shape) == "5F: ##### pot@0,2"


# --- orientations ---------------------------------------------------------


@pytest.mark.parametrize(
    "text, with_flip, without_flip",
    [
        ("#", 1, 1),
        ("##", 2, 2),
        ("#####", 2, 2),
        ("##/##", 1, 1),
        ("###/.#.", 4, 4),  # T
        ("###/#..", 8, 4),  # L
        (".##/##.", 4, 2),  # S (and Z when flipped)
        (".##/##./.#.", 8, 4),  # F pentomino
        (".#./###/.#.", 1, 1),  # X pentomino
        ("##/#.", 4, 4),  # L3 is its own mirror image
    ],
)
def test_distinct_orientation_counts(text, with_flip, without_flip):
    shape = Shape.parse(text)
    assert len(shape.orientations(flip=True)) == with_flip
    assert len(shape.orientations(flip=False)) == without_flip


@pytest.mark.parametrize(
    "n, free, one_sided, fixed",
    [(1, 1, 1, 1), (2, 1, 1, 2), (3, 2, 2, 6), (4, 5, 7, 19), (5, 12, 18, 63), (6, 35, 60, 216)],
)
def test_polyomino_census(n, free, one_sided, fixed):
    """Every fixed polyomino of n cells, grown independently, against the known
    counts (OEIS A000105, A000988, A001168): orientations are exactly right."""
    polys = fixed_polyominoes(n)
    assert len(polys) == fixed
    shapes = [Shape.from_cells(p) for p in polys]
    free_classes = {s.canonical(flip=True) for s in shapes}
    one_sided_classes = {s.canonical(flip=False) for s in shapes}
    assert len(free_classes) == free
    assert len(one_sided_classes) == one_sided
    assert sum(len(s.orientations(True)) for s in free_classes) == fixed
    assert sum(len(s.orientations(False)) for s in one_sided_classes) == fixed
    # each fixed polyomino is one of its class's orientations
    for s in shapes:
        assert s in {o.shape for o in s.canonical().orientations()}


def test_rotation_is_clockwise_and_flip_mirrors_left_right():
    l3 = Shape.parse("##/#.")
    assert l3.transformed("r90").to_text() == "##/.#"
    assert l3.transformed("r180").to_text() == ".#/##"
    assert l3.transformed("r270").to_text() == "#./##"
    l4 = Shape.parse("#./#./##")
    assert l4.transformed("flip").to_text() == ".#/.#/##"
    # flip first, then turn
    assert l4.transformed("flip+r90").to_text() == l4.transformed("flip").transformed("r90").to_text()


def test_marks_follow_their_cell_through_every_orientation():
    l3 = Shape.parse("##/#.", marks={(0, 1): "pot"})
    got = {o.name: (o.shape.to_text(), o.shape.mark_map()) for o in l3.orientations()}
    assert got["r0"] == ("##/#.", {(0, 1): "pot"})
    assert got["r90"] == ("##/.#", {(1, 1): "pot"})
    assert got["r180"] == (".#/##", {(1, 0): "pot"})
    assert got["r270"] == ("#./##", {(0, 0): "pot"})
    assert got["flip"] == ("##/.#", {(0, 0): "pot"})
    # the unmarked L3 has 4 orientations; the pot tells mirror images apart
    assert len(l3.orientations()) == 8 and len(l3.orientations(flip=False)) == 4


def test_a_mark_breaks_symmetry():
    assert len(Shape.parse("##").orientations()) == 2
    assert len(Shape.parse("##", marks={(0, 0): HOLE}).orientations()) == 4
    assert len(Shape.parse("##/##", marks={(0, 0): HOLE}).orientations()) == 4
    assert len(Shape.parse(".#./###/.#.", marks={(1, 1): HOLE}).orientations()) == 1


def test_orientation_lookup_by_index_name_and_alias():
    square = Shape.parse("##/##")
    only = square.orientations()[0]
    assert only.name == "r0" and set(only.aliases) == set(TRANSFORMS)
    assert square.orientation("flip+r270") is only
    assert square.orientation(" R90 ") is only
    s4 = Shape.parse(".##/##.")
    assert [o.name for o in s4.orientations()] == ["r0", "r90", "flip", "flip+r90"]
    assert s4.orientation("r180").name == "r0"
    assert s4.orientation("flip+r0").name == "flip"
    assert s4.orientation(3).name == "flip+r90"
    # indices are stable: the rotations come first with or without flipping
    assert [o.name for o in s4.orientations(flip=False)] == ["r0", "r90"]


def test_orientation_lookup_errors():
    s4 = Shape.parse(".##/##.", name="S")
    with pytest.raises(GardenError) as exc:
        s4.orientation("r45")
    assert "'r45'" in one_line_error(exc) and "S" in str(exc.value)
    with pytest.raises(GardenError) as exc:
        s4.orientation(4)
    assert "orientation 4" in one_line_error(exc)
    with pytest.raises(GardenError) as exc:
        s4.orientation(2, flip=False)
    assert "orientation 2" in one_line_error(exc)
    with pytest.raises(GardenError) as exc:
        s4.orientation("flip", flip=False)
    assert "flipping is not allowed" in one_line_error(exc)
    with pytest.raises(GardenError):
        s4.orientation(True)


def test_canonical_and_congruent():
    s4, z4 = Shape.parse(".##/##."), Shape.parse("##./.##")
    assert s4.congruent(z4)
    assert not s4.congruent(z4, flip=False)
    assert not s4.congruent(Shape.parse("##/##"))
    assert Shape.parse("###/#..").canonical() == Shape.parse("#../###").canonical()


# --- malformed input ------------------------------------------------------


@pytest.mark.parametrize(
    "text, problem",
    [
        ("#/", "row 2 is empty"),
        ("/#", "row 1 is empty"),
        ("##//##", "row 2 is empty"),
        ("", "empty"),
        ("#./.#", "disconnected"),
        ("#.#", "disconnected"),
        ("#x", "unexpected character 'x' at row 1, column 2"),
        ("# ", "unexpected character ' '"),
        ("##\n#.", "unexpected character '\\n'"),
        ("../..", "no cells"),
    ],
)
def test_malformed_shapes_get_one_clear_line(text, problem):
    with pytest.raises(GardenError) as exc:
        Shape.parse(text)
    message = one_line_error(exc)
    assert problem in message
    assert repr(text) in message  # names the input


def test_shape_text_must_be_a_string():
    with pytest.raises(GardenError):
        Shape.parse(None)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "marks, problem",
    [
        ({(1, 1): "pot"}, "not on a '#' cell"),
        ({(5, 0): "pot"}, "not on a '#' cell"),
        ({(0, 0): ""}, "non-empty name"),
        ({(0, 0): 3}, "non-empty name"),
        ({"a1": "pot"}, "not on a '#' cell"),
    ],
)
def test_bad_marks(marks, problem):
    with pytest.raises(GardenError) as exc:
        Shape.parse("##/#.", marks=marks)
    assert problem in one_line_error(exc)


def test_from_cells_rejects_bad_cells():
    for cells, problem in [
        ([], "no cells"),
        ([(0, 0), (2, 0)], "disconnected"),
        ([(0, 0), (0, 0)], "listed twice"),
        ([(0, 0.5)], "whole numbers"),
        (["ab"], "pairs"),
    ]:
        with pytest.raises(GardenError) as exc:
            Shape.from_cells(cells)
        assert problem in one_line_error(exc), cells
    with pytest.raises(GardenError) as exc:
        Shape.from_cells([(3, 3), (3, 4)], marks=[((3, 3), "a"), ((3, 3), "b")])
    assert "two marks" in one_line_error(exc)


def test_draw_helper_agrees_with_to_text():
    for poly in fixed_polyominoes(4):
        assert Shape.from_cells(poly).to_text() == draw(poly)
