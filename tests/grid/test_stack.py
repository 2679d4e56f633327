"""The unbounded stacked grid: laying, covering, origins and parts, against plain set arithmetic."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from assistant.grid import Stack

cells = st.tuples(st.integers(-6, 6), st.integers(-6, 6))
layers = st.lists(st.dictionaries(cells, st.sampled_from("ab."), min_size=1, max_size=8), min_size=1, max_size=6)


def build(given_layers) -> Stack:
    stack = Stack.of(given_layers[0])
    for layer in given_layers[1:]:
        stack = stack.lay(layer)
    return stack


@given(layers)
def test_the_top_layer_wins_and_layers_are_counted(given_layers):
    stack = build(given_layers)
    for cell in set().union(*given_layers):
        tops = [layer[cell] for layer in given_layers if cell in layer]
        assert stack.label(cell) == tops[-1] and stack.depth[cell] == len(tops)
    assert stack.label((99, 99)) is None


@given(layers)
def test_parts_partition_each_label_into_connected_pieces(given_layers):
    stack = build(given_layers)
    for label in "ab":
        parts = stack.parts(label)
        union = set().union(*parts) if parts else set()
        assert union == {c for c, here in stack.top.items() if here == label}
        assert sum(len(p) for p in parts) == len(union)  # disjoint
        for a in parts:  # no two parts touch
            for b in parts:
                if a is not b:
                    assert not any((r + dr, c + dc) in b for r, c in a for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)))


@given(layers, st.integers(1, 3), st.integers(1, 3))
def test_origins_are_the_rectangles_overlapping_the_stack(given_layers, height, width):
    stack = build(given_layers)
    found = set(stack.origins(height, width))
    expected = {(r, c) for r in range(-12, 12) for c in range(-12, 12)
                if any((r + i, c + j) in stack.top for i in range(height) for j in range(width))}
    assert found == expected


def test_lay_leaves_the_old_stack_unchanged_and_rows_draw_the_window():
    one = Stack.of({(0, 0): "a", (0, 1): "b"})
    two = one.lay({(0, 1): "a", (1, -1): "b"})
    assert one.top == {(0, 0): "a", (0, 1): "b"}
    assert two.rows() == ((0, -1), [" aa", "b  "])
    assert two.covered([(0, 0), (5, 5), (1, -1)]) == [(0, 0), (1, -1)]


def test_a_bottom_piece_lifts_off_and_connectedness():
    stack = Stack.of({(0, 0): "a", (0, 1): "a", (1, 1): "b"})
    assert stack.connected()
    lifted = stack.lifted([(0, 1)])
    assert (0, 1) not in lifted.top and not lifted.connected()
    import pytest

    with pytest.raises(ValueError):
        stack.lay({(0, 0): "c"}).lifted([(0, 0)])  # two layers: the one below is not kept
