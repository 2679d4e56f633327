"""Gartenbau's actions, and their form in the event log.

Every choice is explicit in an action: the petal landed on and the resources paid to skip, the
tile's seedlings and cells, a plant's or flower's needs, cost and points (so a record replays
without the catalogue). Fields are plain strings and ints so the JSON form reads back unchanged.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from assistant.games import events


class NextTurn(NamedTuple):
    returned: str = ""  # resources given back to keep 10: 'sun,water'
    kind = "next"


class Seedling(NamedTuple):
    """Seedling market: the marker lands on `petal` (1 = first clockwise), paying `skips` onto the
    petals skipped; then the top tile (`kinds` at `at`, turned `turn`) or, `resources`, the petal's."""

    petal: int
    skips: str = ""  # 'sun,water': one resource per petal skipped, in order
    kinds: str = ""  # 'carrot+pea'; '' with resources
    at: str = ""
    turn: str = "h"
    id: str = ""
    resources: bool = False
    kind = "seedling"


class Place(NamedTuple):
    """The tile the flowerpot took, placed."""

    kinds: str
    at: str
    turn: str = "h"
    id: str = ""
    kind = "place"


class Flowerpot(NamedTuple):
    petal: int
    kind = "flowerpot"


class Plant(NamedTuple):
    colour: str
    needs: str  # 'carrot+pea'
    cost: str  # '2s1w'
    points: int
    over: str  # 'r,c+r,c'
    id: str = ""
    kind = "plant"


class Flower(NamedTuple):
    card: str  # as the hand holds it: an id or 'red+blue:5'
    colours: str  # 'red+blue'
    points: int
    over: str
    gain: str  # 'sun,water,sun'
    kind = "flower"


class Can(NamedTuple):
    action: str  # move or swap
    cells: str  # 'r,c' (move) or 'r,c/r,c' (swap)
    to: str = ""
    turn: str = ""
    kind = "can"


class Hand(NamedTuple):
    player: str
    flowers: str  # 'F1,F2,red+blue:5'
    kind = "hand"


Action = NextTurn | Seedling | Place | Flowerpot | Plant | Flower | Can | Hand
ACTION_TYPES: dict[str, type] = {cls.kind: cls for cls in (NextTurn, Seedling, Place, Flowerpot, Plant, Flower, Can,
                                                           Hand)}


def from_event(event: dict[str, Any]) -> Action:
    return events.from_event(event, ACTION_TYPES, "Gartenbau")


to_event = events.to_event
