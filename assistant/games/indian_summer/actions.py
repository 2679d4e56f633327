"""Indian Summer score-mode actions, and their form in the event log.

All actions but `path` are the current player's. Every choice is explicit in
an action (which colours, which region, which wave of the end chain
completes what): a log replays to the same state.
Fields are plain strings and ints so the JSON form reads back unchanged.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from assistant.games import events


class NextTurn(NamedTuple):
    kind = "next"


class Leaf(NamedTuple):
    """Main action A: a leaf tile of this colour from the own path, placed.

    found: its hole over a printed treasure, 'nut:3' (treasure:region), or ''."""

    colour: str
    found: str = ""
    at: str = ""  # board mode: its cells, 'r,c+r,c*+r,c' (hole marked '*'); the board finds the treasure
    kind = "leaf"


class Squirrel(NamedTuple):
    """Main action B: a squirrel from the supply, placed (board mode: on cell `at`, 'r,c')."""

    at: str = ""
    kind = "squirrel"


class Mushroom(NamedTuple):
    """Main action C: pay a mushroom, take a tile from two sources and place them.

    take: 'Ben:orange,Cy:green' (2 players: 'Ben:orange,ring:red'); solo: '' (the mushroom spaces).
    decline: a source whose tile does not fit and stays where it is ('' none; solo 'm1'/'m2')."""

    take: str = ""
    decline: str = ""
    found: str = ""  # holes over printed treasures, 'nut:3,blueberry:5'
    at: str = ""  # board mode: the placed tiles' cells in take order (declined left out), split by '/'
    kind = "mushroom"


class Feather(NamedTuple):
    """Main action D: pay a feather, two tiles of these colours from the own path ('orange,green')."""

    colours: str
    found: str = ""
    at: str = ""  # board mode: both tiles' cells, in the order of `colours`, split by '/'
    kind = "feather"


class Blueberry(NamedTuple):
    """Special: pay a blueberry, refill the own path. draw: colours taken from the common path
    in order ('g,o,o'); solo: row ends in order ('UL,UL,LR')."""

    draw: str
    kind = "blueberry"


class Nut(NamedTuple):
    """Special: pay a nut, a squirrel placed (board mode: on cell `at`)."""

    at: str = ""
    kind = "nut"


class Exchange(NamedTuple):
    """Special: one `give` for one lower `get`, or two `give` for the next higher `get`."""

    give: str
    get: str
    kind = "exchange"


class Region(NamedTuple):
    """The current player's region (1-6) is complete: its tokens are taken."""

    region: int
    kind = "region"


class Animal(NamedTuple):
    """An animal of `animal` (i3, l3, i4, o, t, z, l) over a connected group of holes;
    `treasures`: the printed treasures under it ('nut,blueberry' or '')."""

    animal: str
    treasures: str = ""
    cells: str = ""  # board mode: the hole cells it covers (the treasures under it are read from the board)
    shape: str = ""  # board mode: its shape as the catalogue gave it when placed ('###/.#.')
    kind = "animal"


class PathRefill(NamedTuple):
    """A player whose path was emptied this turn refills it to 5 (same draw form as Blueberry)."""

    player: str
    draw: str
    kind = "path"


class Final(NamedTuple):
    """The end-of-game chain: treasures to nuts, nuts to squirrels, until nothing more.

    waves: the regions the squirrels of each wave complete, waves split by '/', e.g. '2,5/3';
    '' when no wave completes a region."""

    waves: str = ""
    cells: str = ""  # board mode: the squirrels' cells, 'r,c+r,c' per wave, waves split by '/'
    kind = "final"


class Deal(NamedTuple):
    """Solo: the layout of this game's stack of 25, by colour: upper row and lower row (left
    to right, 5 each), spaces 1-10, the path (5)."""

    upper: str
    lower: str
    spaces: str
    path: str
    kind = "deal"


Action = (NextTurn | Leaf | Squirrel | Mushroom | Feather | Blueberry | Nut | Exchange | Region | Animal
          | PathRefill | Final | Deal)
ACTION_TYPES: dict[str, type] = {t.kind: t for t in (
    NextTurn, Leaf, Squirrel, Mushroom, Feather, Blueberry, Nut, Exchange, Region, Animal, PathRefill,
    Final, Deal)}


to_event = events.to_event


def from_event(event: dict[str, Any]) -> Action:
    return events.from_event(event, ACTION_TYPES, "Indian Summer")
