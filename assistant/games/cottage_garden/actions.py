"""Cottage Garden score-mode actions, and their form in the event log.

Every choice is explicit in an action (which cube, which payment): a log
replays to the same state whatever the advice code later prefers.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from assistant.games import events
from assistant.games.cottage_garden.tracks import Colour


class NextTurn(NamedTuple):
    kind = "next"


class Refill(NamedTuple):
    """The gardener line is refilled: for a cat with 1 or 2 empty cells; free (and a must)
    with 3 or 4, which only a tracked nursery records."""

    kind = "refill"


class PlaceCats(NamedTuple):
    player: str
    count: int = 1
    kind = "cat"


class ScoreBed(NamedTuple):
    player: str
    pots: int
    cloches: int
    orange: int | None = None  # cube 1-3 moved by the pots (None when pots == 0)
    blue: int | None = None
    reward: bool = False  # completed by a reward after the turn was passed
    bed: int | None = None  # board mode: which bed (1 or 2); counts must match it
    kind = "score"


class Pay(NamedTuple):
    """The final-round payment; colour None when nothing can be paid."""

    colour: Colour | None
    cube: int | None
    kind = "pay"


class Discard(NamedTuple):
    """At the final round's start: the player gives up `count` beds of 2 or fewer tiles (0: none)."""

    player: str
    count: int = 1
    kind = "discard"


class Withdraw(NamedTuple):
    player: str
    kind = "withdraw"


class PlantTile(NamedTuple):
    """Board mode: a flower tile on explicit cells (the shape is checked against them)."""

    player: str
    bed: int
    shape: str
    cells: tuple[tuple[int, int], ...]
    marks: tuple[tuple[int, int, str], ...] = ()  # cells showing a "pot" or "cloche"
    label: str | None = None  # the catalogue id, when the tile came from it
    source: tuple[int, int] | None = None  # tracked nursery: the gardener-line cell it came from
    kind = "plant"


class PlacePot(NamedTuple):
    """Board mode: a flowerpot token on one cell (the plant option, or a reward)."""

    player: str
    bed: int
    cell: tuple[int, int]
    reward: bool = False
    kind = "pot"


class PlaceCat(NamedTuple):
    """Board mode: one held cat on one cell."""

    player: str
    bed: int
    cell: tuple[int, int]
    kind = "cat-on"


Action = NextTurn | Refill | PlaceCats | ScoreBed | Pay | Discard | Withdraw | PlantTile | PlacePot | PlaceCat
ACTION_TYPES: dict[str, type] = {t.kind: t for t in (NextTurn, Refill, PlaceCats, ScoreBed, Pay, Discard, Withdraw,
                                                    PlantTile, PlacePot, PlaceCat)}


to_event = events.to_event


def from_event(event: dict[str, Any]) -> Action:
    return events.from_event(event, ACTION_TYPES, "Cottage Garden")
