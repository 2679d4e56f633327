"""Region helpers: components, sizes, perimeter, compactness, dead cells."""

from __future__ import annotations

import pytest

from assistant.errors import GardenError
from assistant.grid import (
    Grid,
    Shape,
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

from .reference import brute_components, brute_perimeter, brute_placements, cells_of, text_cells

FREE_5 = "\n".join(["##.#.", "#..#.", "...##", "#.#..", "#.#.#"])


def test_components_of_a_drawn_mask():
    grid, mask = Grid.parse_mask(FREE_5)
    parts = components(mask, grid)
    assert [grid.to_text(p, sep="\n").count("#") for p in parts] == component_sizes(mask, grid)
    assert sorted(component_sizes(mask, grid)) == [1, 2, 2, 3, 4]
    assert sum(parts) == mask and all(a & b == 0 for a in parts for b in parts if a is not b)
    assert components(0, grid) == []


def test_components_do_not_wrap_across_rows():
    grid = Grid(3, 3)
    end_of_row_0, start_of_row_1 = grid.bit(0, 2), grid.bit(1, 0)
    assert len(components(end_of_row_0 | start_of_row_1, grid)) == 2
    assert len(components(grid.full, grid)) == 1


@pytest.mark.parametrize("seed", range(30))
def test_components_and_perimeter_match_brute_force(seed):
    rows, cols = 3 + seed % 7, 2 + (seed * 5) % 11
    grid = Grid(rows, cols)
    mask = (seed * 0x9E3779B97F4A7C15 + 12345) ** 3 % (1 << rows * cols)
    cells = cells_of(mask, cols)
    want = sorted(sorted(part) for part in brute_components(cells))
    assert sorted(sorted(cells_of(p, cols)) for p in components(mask, grid)) == want
    assert perimeter(mask, grid) == brute_perimeter(cells, rows, cols)
    assert perimeter(mask, grid, board_edges=False) == brute_perimeter(cells, rows, cols, False)


def test_perimeter_and_compactness_figures():
    grid = Grid(5, 5)
    square = grid.mask([(1, 1), (1, 2), (2, 1), (2, 2)])
    line = grid.mask([(0, 0), (0, 1), (0, 2), (0, 3)])
    assert perimeter(square, grid) == 8 and compactness(square, grid) == 1.0
    assert perimeter(line, grid) == 10 and compactness(line, grid) == pytest.approx(0.8)
    assert perimeter(line, grid, board_edges=False) == 10 - 4 - 1
    assert perimeter(grid.full, grid, board_edges=False) == 0
    assert compactness(0, grid) == 1.0
    assert [min_perimeter(n) for n in range(0, 10)] == [0, 4, 6, 8, 8, 10, 10, 12, 12, 12]


def test_min_perimeter_is_attained_by_some_polyomino():
    from .reference import fixed_polyominoes

    for n in range(1, 7):
        best = min(brute_perimeter(set(p), 99, 99) for p in fixed_polyominoes(n))
        assert best == min_perimeter(n)


def test_small_region_cells():
    grid, mask = Grid.parse_mask(FREE_5)
    small = small_region_cells(mask, grid, 3)
    assert sorted(component_sizes(small, grid)) == [1, 2, 2]
    assert small_region_cells(mask, grid, 1) == 0
    assert small_region_cells(mask, grid, 99) == mask


def test_uncoverable_matches_brute_force():
    grid, free = Grid.parse_mask(FREE_5)
    texts = ["###", "##/#."]
    shapes = [Shape.parse(t) for t in texts]
    free_cells = cells_of(free, 5)
    covered = set()
    for t in texts:
        for placed in brute_placements(text_cells(t), None, 5, 5, free_cells):
            covered |= {cell for cell, _ in placed}
    want = free_cells - covered
    assert cells_of(uncoverable(free, shapes, grid), 5) == want
    assert cells_of(coverage(free, shapes, grid), 5) == covered
    # a monomino covers every free cell
    assert uncoverable(free, [Shape.parse("#")], grid) == 0
    assert uncoverable(free, [], grid) == free


def test_uncoverable_respects_flip_and_mark_masks():
    grid = Grid(2, 3)
    free = grid.mask([(0, 0), (0, 1), (1, 1), (1, 2)])  # a Z of four
    s = Shape.parse(".##/##.")
    assert uncoverable(free, [s], grid) == 0  # the S flipped is a Z
    assert uncoverable(free, [s], grid, flip=False) == free
    pot_end = Shape.parse("##", marks={(0, 0): "pot"})
    # pots only allowed on (0, 0): dominoes may only lie with a pot there
    only = {"pot": grid.bit(0, 0)}
    assert uncoverable(free, [pot_end], grid, mark_allowed=only) == grid.mask([(1, 1), (1, 2)])


def test_shape_of_a_mask():
    grid = Grid(5, 5)
    mask = grid.mask([(2, 2), (2, 3), (3, 3)])
    assert shape_of(mask, grid) == Shape.parse("##/.#")
    with pytest.raises(GardenError) as exc:
        shape_of(grid.mask([(0, 0), (2, 2)]), grid)
    assert "disconnected" in str(exc.value)
    with pytest.raises(GardenError):
        shape_of(0, grid)


def test_region_helpers_reject_masks_off_the_board():
    grid = Grid(3, 3)
    for call in (components, component_sizes, perimeter, compactness):
        with pytest.raises(GardenError):
            call(1 << 9, grid)
    with pytest.raises(GardenError):
        uncoverable(-1, [Shape.parse("#")], grid)
