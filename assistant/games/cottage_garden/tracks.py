"""The two score tracks of a Cottage Garden scoring board.

A cube stands on a track *space* (an index from 0, the start space); the
points it is worth are the number printed on that space.
"""

from __future__ import annotations

from typing import Literal

Colour = Literal["orange", "blue"]
COLOURS: tuple[Colour, Colour] = ("orange", "blue")

# Printed values, start space first. Orange: one point a space, 15 -> 20 is the
# last step; blue: two points a space, 14 -> 20 is the last step.
TRACK_VALUES: dict[Colour, tuple[int, ...]] = {
    "orange": tuple(range(16)) + (20,),
    "blue": tuple(range(0, 15, 2)) + (20,),
}
TOP: dict[Colour, int] = {colour: len(values) - 1 for colour, values in TRACK_VALUES.items()}
CUBES_PER_COLOUR = 3


def value(colour: Colour, space: int) -> int:
    return TRACK_VALUES[colour][space]


def advance(colour: Colour, space: int, steps: int) -> tuple[int, int]:
    """Move a cube up `steps` spaces; returns (new space, spaces lost beyond 20: CG-SCORE-3)."""
    target = space + steps
    top = TOP[colour]
    return min(target, top), max(0, target - top)


def crosses_red_line(colour: Colour, before: int, after: int, line_after: int) -> bool:
    """True when a move upwards takes a cube from at or below `line_after` points to above it."""
    return value(colour, before) <= line_after < value(colour, after)


def space_of_value(colour: Colour, points: int) -> int | None:
    values = TRACK_VALUES[colour]
    return values.index(points) if points in values else None
