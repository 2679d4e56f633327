"""A board whose cells each hold one state that a game defines.

The grid engine does not know what the states mean (Cottage Garden might use
empty / printed pot / printed cloche / tile / pot token / cat); it stores one
bitmask per state, so "cells a tile may cover" is ``board.mask(EMPTY, POT,
CLOCHE)`` and a move is ``board.with_state(placement.mask, TILE)``.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass

from assistant.errors import GardenError
from assistant.grid.bitboard import Grid, split_rows

State = Hashable


@dataclass(frozen=True)
class Board:
    """Immutable: `layers` pairs each state present with the mask of its cells.

    The masks partition the grid. They are kept in order of their lowest cell,
    so two boards with the same cells compare equal whatever order built them.
    """

    grid: Grid
    layers: tuple[tuple[State, int], ...]

    def __post_init__(self) -> None:
        seen: set[State] = set()
        union = 0
        for state, mask in self.layers:
            self.grid.check_mask(mask, f"the mask of state {state!r}")
            if state in seen:
                raise GardenError(f"state {state!r} appears twice on the board")
            if mask & union:
                raise GardenError(f"state {state!r} overlaps another state on the board")
            seen.add(state)
            union |= mask
        if union != self.grid.full:
            missing = self.grid.cells(self.grid.full & ~union)
            raise GardenError(f"board cells {missing} have no state")
        canonical = tuple(
            sorted(((s, m) for s, m in self.layers if m), key=lambda sm: sm[1] & -sm[1])
        )
        object.__setattr__(self, "layers", canonical)

    # --- building -------------------------------------------------------

    @classmethod
    def filled(cls, grid: Grid, state: State) -> Board:
        """Every cell in one state."""
        return cls(grid, ((state, grid.full),))

    @classmethod
    def from_text(cls, text: str, legend: Mapping[str, State]) -> Board:
        """Read a drawn board: one character a cell (looked up in `legend`),
        rows split by '/' or newlines; the size comes from the text."""
        rows = split_rows(text, "board")
        width = len(rows[0])
        grid = Grid(len(rows), width)
        masks: dict[State, int] = {}
        for r, line in enumerate(rows):
            if len(line) != width:
                raise GardenError(
                    f"board {text!r}: row {r + 1} has {len(line)} cells, row 1 has {width}"
                )
            for c, ch in enumerate(line):
                if ch not in legend:
                    raise GardenError(
                        f"board {text!r}: unknown character {ch!r} at row {r + 1}, "
                        f"column {c + 1} (known: {''.join(legend)})"
                    )
                state = legend[ch]
                masks[state] = masks.get(state, 0) | 1 << (r * width + c)
        return cls(grid, tuple(masks.items()))

    def with_state(self, cells: int | Iterable[tuple[int, int]], state: State) -> Board:
        """A new board with the given cells (mask or (row, col) pairs) set to `state`."""
        mask = cells if isinstance(cells, int) else self.grid.mask(cells)
        self.grid.check_mask(mask, "cells to set")
        layers = [(s, m & ~mask) for s, m in self.layers if s != state]
        layers.append((state, self.mask(state) | mask))
        return Board(self.grid, tuple(layers))

    # --- reading --------------------------------------------------------

    @property
    def rows(self) -> int:
        return self.grid.rows

    @property
    def cols(self) -> int:
        return self.grid.cols

    def mask(self, *states: State) -> int:
        """Cells in any of the given states (0 for states not on the board)."""
        wanted = set(states)
        mask = 0
        for state, m in self.layers:
            if state in wanted:
                mask |= m
        return mask

    def state(self, row: int, col: int) -> State:
        """State of one cell; GardenError naming the position if it is off the board."""
        bit = self.grid.bit(row, col)
        for state, mask in self.layers:
            if mask & bit:
                return state
        raise AssertionError("layers partition the grid")  # pragma: no cover

    def states(self) -> tuple[State, ...]:
        """States present on the board."""
        return tuple(s for s, _ in self.layers)

    def count(self, *states: State) -> int:
        """Number of cells in any of the given states."""
        return self.mask(*states).bit_count()

    def to_text(self, legend: Mapping[str, State], sep: str = "/") -> str:
        """Draw the board with the same legend `from_text` reads."""
        chars = {state: ch for ch, state in legend.items()}
        missing = [s for s in self.states() if s not in chars]
        if missing:
            raise GardenError(f"no character for board state(s) {missing!r}")
        cells = [""] * self.grid.size
        for state, mask in self.layers:
            for i in range(self.grid.size):
                if mask >> i & 1:
                    cells[i] = chars[state]
        cols = self.cols
        return sep.join("".join(cells[r * cols:(r + 1) * cols]) for r in range(self.rows))
