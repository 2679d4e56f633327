"""Hypothesis: random shapes, marks and boards against the brute force."""

from __future__ import annotations

from hypothesis import event, given, settings
from hypothesis import strategies as st

from assistant.errors import GardenError
from assistant.grid import (
    Grid,
    Shape,
    components,
    perimeter,
    place,
    placements,
    uncoverable,
)

from .reference import as_placed, brute_components, brute_perimeter, brute_placements, cells_of

FAST = settings(max_examples=150, deadline=None)
MANY = settings(max_examples=400, deadline=None)


@st.composite
def polyominoes(draw, max_cells: int = 6):
    """A random connected cell set, grown one edge-neighbour at a time."""
    n = draw(st.integers(1, max_cells))
    cells = [(0, 0)]
    for _ in range(n - 1):
        frontier = sorted(
            {
                (r + dr, c + dc)
                for r, c in cells
                for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
            }
            - set(cells)
        )
        cells.append(draw(st.sampled_from(frontier)))
    return cells


@st.composite
def marked_shapes(draw):
    cells = draw(polyominoes())
    marks = {}
    for cell in draw(st.lists(st.sampled_from(cells), max_size=2, unique=True)):
        marks[cell] = draw(st.sampled_from(["hole", "pot"]))
    return cells, marks


@st.composite
def boards(draw, max_side: int = 6):
    rows = draw(st.integers(1, max_side))
    cols = draw(st.integers(1, max_side))
    full = (1 << rows * cols) - 1
    noise = draw(st.integers(0, full))
    kind = draw(st.sampled_from(["empty", "random", "few blocked"]))
    if kind == "empty":
        allowed = full
    elif kind == "random":
        allowed = noise
    else:  # about one cell in eight blocked, so bigger shapes still fit
        allowed = full & ~(noise & draw(st.integers(0, full)) & draw(st.integers(0, full)))
    return Grid(rows, cols), allowed


def fits_somewhere(cells, rows, cols) -> bool:
    h = max(r for r, _ in cells) - min(r for r, _ in cells) + 1
    w = max(c for _, c in cells) - min(c for _, c in cells) + 1
    return (h <= rows and w <= cols) or (w <= rows and h <= cols)


@MANY
@given(marked_shapes(), boards(), st.booleans(), st.booleans())
def test_enumeration_equals_brute_force(shape_spec, board_spec, flip, split_hole):
    cells, marks = shape_spec
    grid, allowed = board_spec
    shape = Shape.from_cells(cells, marks)
    mark_allowed = {"hole": grid.full & ~(allowed >> 1)} if split_hole else None
    if not fits_somewhere(cells, grid.rows, grid.cols):
        try:
            placements(shape, grid, allowed, flip=flip)
        except GardenError as err:
            assert "does not fit" in str(err)
            return
        raise AssertionError("a shape bigger than the board must be refused")
    got = placements(shape, grid, allowed, flip=flip, mark_allowed=mark_allowed)
    want = brute_placements(
        cells,
        marks,
        grid.rows,
        grid.cols,
        cells_of(allowed, grid.cols),
        flip=flip,
        mark_allowed={m: cells_of(v, grid.cols) for m, v in (mark_allowed or {}).items()},
    )
    placed = [as_placed(p) for p in got]
    event("some placements" if placed else "no placements")
    assert len(placed) == len(set(placed))  # no duplicates
    assert set(placed) == want
    for p in got:
        assert p.fits(allowed, mark_allowed)
        assert p.size == len(cells)
        # every placement can be named and placed again
        assert place(shape, grid, p.orientation.name, p.anchor, flip=flip) == p


@FAST
@given(marked_shapes())
def test_orientations_round_trip_and_carry_marks(shape_spec):
    cells, marks = shape_spec
    shape = Shape.from_cells(cells, marks)
    assert Shape.parse(shape.to_text(), shape.mark_map()) == shape
    assert shape.cells[0][0] == 0 and min(c for _, c in shape.cells) == 0
    seen = set()
    for o in shape.orientations():
        assert o.shape not in seen
        seen.add(o.shape)
        assert sorted(o.shape.mark_map().values()) == sorted(marks.values())
        assert o.shape.congruent(shape)
        assert shape.orientation(o.index) is o
        for alias in o.aliases:
            assert shape.transformed(alias) == o.shape
    assert 1 <= len(shape.orientations(flip=False)) <= len(shape.orientations()) <= 8


@FAST
@given(boards(max_side=8))
def test_regions_match_brute_force(board_spec):
    grid, mask = board_spec
    cells = cells_of(mask, grid.cols)
    parts = components(mask, grid)
    assert sorted(sorted(cells_of(p, grid.cols)) for p in parts) == sorted(
        sorted(part) for part in brute_components(cells)
    )
    assert perimeter(mask, grid) == brute_perimeter(cells, grid.rows, grid.cols)
    assert perimeter(mask, grid, board_edges=False) == brute_perimeter(
        cells, grid.rows, grid.cols, board_edges=False
    )


@FAST
@given(st.lists(polyominoes(max_cells=4), min_size=1, max_size=3), boards(max_side=5))
def test_uncoverable_cells_are_exactly_those_no_placement_covers(polys, board_spec):
    grid, free = board_spec
    polys = [p for p in polys if fits_somewhere(p, grid.rows, grid.cols)]
    shapes = [Shape.from_cells(p) for p in polys]
    dead = uncoverable(free, shapes, grid)
    covered = set()
    for p in polys:
        for placed in brute_placements(p, None, grid.rows, grid.cols, cells_of(free, grid.cols)):
            covered |= {cell for cell, _ in placed}
    assert cells_of(dead, grid.cols) == cells_of(free, grid.cols) - covered
