"""The gardener die: where it stands on the nursery rim, which line it points at.

Convention (the start side is not given by any source; this is the one the
assistant states and draws): positions are numbered clockwise from the start
space, which sits above column 1. On the 1-3 player side there are 16
positions, 4 a side: 0-3 above columns 1-4, 4-7 right of rows 1-4, 8-11 below
columns 4-1, 12-15 left of rows 4-1. The 4-player side adds a corner position
after each side's four (20 in all), each pointing along a diagonal.
"""

from __future__ import annotations

from typing import NamedTuple

NURSERY_SIZE = 4


class DieModel(NamedTuple):
    positions: int  # 16 or 20
    step: int  # positions moved a turn: 1, or 2 in solo
    start_face: int  # 1, or 2 with 1 or 2 players
    turnover: int  # the space where the die turns to its next face
    final_face: int = 6

    @classmethod
    def for_players(cls, players: int, solo: bool) -> "DieModel":  # type: ignore[misc]
        four_side = players == 4
        positions = 20 if four_side else 16
        return cls(
            positions=positions,
            step=2 if solo else 1,
            start_face=2 if players <= 2 else 1,
            # 3 players: the turn-over space is two positions before the start.
            turnover=positions - 2 if players == 3 else 0,
        )

    @property
    def side(self) -> str:
        return "4-player side" if self.positions == 20 else "1-3 player side"

    def move(self, position: int) -> int:
        """CG-DIE-1: one position clockwise at each turn's end (two in solo)."""
        return (position + self.step) % self.positions

    def turns_before_final_round(self) -> int:
        """Turns played (all players together) before the die first shows the final face."""
        return self.turns_until_final(0, self.start_face)

    def turns_until_final(self, position: int, face: int) -> int:
        """Turns from the die at `position` showing `face` until the final round begins."""
        turns = 0
        while face < self.final_face:
            position = self.move(position)
            turns += 1
            if position == self.turnover:
                face += 1
        return turns

    def side_and_index(self, position: int) -> tuple[int, int | None]:
        """(side 0-3 clockwise from the top, index along it 0-3), or index None for a corner."""
        per_side = self.positions // 4
        side, offset = divmod(position, per_side)
        return side, (offset if offset < NURSERY_SIZE else None)

    def line_cells(self, position: int) -> tuple[tuple[int, int], ...]:
        """Nursery cells (row, col) of the gardener line, nearest the die first."""
        side, index = self.side_and_index(position)
        n = NURSERY_SIZE
        if index is None:  # corner after side `side`: top-right, bottom-right, bottom-left, top-left
            starts = {0: (0, n - 1, 1, -1), 1: (n - 1, n - 1, -1, -1), 2: (n - 1, 0, -1, 1), 3: (0, 0, 1, 1)}
            r, c, dr, dc = starts[side]
            return tuple((r + dr * k, c + dc * k) for k in range(n))
        if side == 0:
            return tuple((k, index) for k in range(n))
        if side == 1:
            return tuple((index, n - 1 - k) for k in range(n))
        if side == 2:
            col = n - 1 - index
            return tuple((n - 1 - k, col) for k in range(n))
        row = n - 1 - index
        return tuple((row, k) for k in range(n))

    def line_name(self, position: int) -> str:
        side, index = self.side_and_index(position)
        if index is None:
            return ("diagonal from top right", "diagonal from bottom right",
                    "diagonal from bottom left", "diagonal from top left")[side]
        if side in (0, 2):
            col = index + 1 if side == 0 else NURSERY_SIZE - index
            return f"column {col}"
        row = index + 1 if side == 1 else NURSERY_SIZE - index
        return f"row {row}"

    def corners_passed(self, before: int, after: int) -> list[int]:
        """Nursery corners (0 top-right .. 3 top-left, clockwise) the die passes moving before -> after."""
        per_side = self.positions // 4
        passed = []
        pos = before
        while pos != after:
            nxt = (pos + 1) % self.positions
            if nxt % per_side == 0:  # stepped past the end of a side: a corner
                passed.append((nxt // per_side - 1) % 4)
            pos = nxt
        return passed
