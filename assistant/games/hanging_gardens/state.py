"""The Hanging Gardens' state: immutable, so undo is history, not reversal.

Each player's garden is kept cell by cell (grid.Stack: the top layer's letter at every cell a
card covers). The deck and the score tiles are counted, not known: which card or tile comes
is the table's; the players say what they took, the rules keep every count honest.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from assistant.games.events import find_player
from assistant.games.hanging_gardens.components import COLUMNS, REVEALED, ROWS, TEMPLES
from assistant.grid import Cell, Stack


class Setup(NamedTuple):
    players: tuple[str, ...]
    name: str = ""
    house_rules: Mapping[str, str] = {}
    rules: int = 1  # the rule checks the game is played under (events.RULES_VERSION)
    solo: bool = False  # never: the game takes 2-4 players (kept for the shared headers)

    def rule(self, key: str) -> str:
        return self.house_rules[key]


class Player(NamedTuple):
    name: str
    garden: Stack
    temples: tuple[Cell, ...] = ()  # cells holding this player's temples, in the order built
    cards: int = 1  # cards in the garden, the start card included
    tiles: tuple[str, ...] = ()  # score tiles taken (series or character), in order
    owed: int = 0  # tiles the player should have taken but could not: 5 points each (HG-END-2)
    discards: int = 0

    @property
    def temples_left(self) -> int:
        return TEMPLES - len(self.temples)


class TurnState(NamedTuple):
    """What the current player has done this turn."""

    played: bool = False  # a card was placed or discarded
    placed: tuple[Cell, ...] = ()  # the cells of the card placed this turn
    temple: Cell | None = None  # the temple built this turn
    area: int = 0  # the size of the area just templed (0: no temple this turn)
    tile_due: bool = False  # the score tile for it is still to take


class GameState(NamedTuple):
    setup: Setup
    players: tuple[Player, ...]
    round: int = 1
    start: int = 0  # the round's start player (holds the marker)
    picks: int = 0  # turns taken this round
    deck: int = 0  # building cards still face down
    slots: tuple[bool, ...] = (True,) * (len(ROWS) * len(COLUMNS))  # the display, row by row: a tile there?
    stacks: tuple[int, int] = (22, 21)  # face-down score tiles under the top and bottom rows
    used: tuple[str, ...] = ()  # catalogue cards played (a card of the box is played once)
    turn: TurnState = TurnState()
    over: bool = False

    @property
    def current(self) -> int:
        return (self.start + self.picks) % len(self.players)

    @property
    def current_player(self) -> Player:
        return self.players[self.current]

    @property
    def revealed(self) -> int:
        return REVEALED[len(self.players)]

    @property
    def face_up(self) -> int:
        """Cards of this round still on display (the current player's pick among them)."""
        return self.revealed - self.picks - (1 if self.turn.played else 0)

    @property
    def turn_number(self) -> int:
        return (self.round - 1) * self.revealed + self.picks + 1

    @property
    def tiles_left(self) -> int:
        return sum(self.slots) + sum(self.stacks)

    def index_of(self, name: str) -> int | None:
        return find_player(self.players, name)


def slot(row: str, column: int) -> int:
    """The display slot's index in GameState.slots."""
    return ROWS.index(row) * len(COLUMNS) + COLUMNS.index(column)
