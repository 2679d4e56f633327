"""The Hanging Gardens' actions, and their form in the event log.

Every choice is explicit in an action (the card's layout as well as its id, where and how it
was turned, the display row a tile came from): a log replays to the same state without the
catalogue. Fields are plain strings and ints so the JSON form reads back unchanged.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from assistant.games import events


class NextTurn(NamedTuple):
    kind = "next"


class Card(NamedTuple):
    """A face-up card placed on the current player's garden: turned `turn`, top-left at `at`."""

    layout: str  # "RG./..B"
    at: str  # "r,c"
    turn: str = "r0"
    card: str = ""  # its catalogue id, when named by one
    kind = "card"


class Discard(NamedTuple):
    """A face-up card taken and discarded: none could be placed (ends the turn)."""

    layout: str
    card: str = ""
    kind = "discard"


class Temple(NamedTuple):
    """A temple on cell `at` of the card just placed; `move_from`: the temple moved ('' none)."""

    at: str
    move_from: str = ""
    kind = "temple"


class Take(NamedTuple):
    """The score tile for the area just templed: `series` from the display's `column` and `row`;
    `draw`: the face-down tile an area of 6+ draws ('' none)."""

    series: str
    column: int
    row: str
    draw: str = ""
    kind = "take"


Action = NextTurn | Card | Discard | Temple | Take
ACTION_TYPES: dict[str, type] = {cls.kind: cls for cls in (NextTurn, Card, Discard, Temple, Take)}


def from_event(event: dict[str, Any]) -> Action:
    return events.from_event(event, ACTION_TYPES, "The Hanging Gardens")


to_event = events.to_event
