"""Cottage Garden score-mode state: immutable, so undo is history, not reversal.

Named tuples rather than dataclasses: every `garden` call builds these classes,
and a frozen dataclass costs several times more to create (start-up is benchmarked).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import NamedTuple

from assistant.games.events import find_player, replaced_at

from assistant.games.cottage_garden.die import DieModel
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # board mode's types; importing them would load the grid engine on every call
    from assistant.games.cottage_garden.nursery import Nursery
    from assistant.games.cottage_garden.planting import BedSlot
from assistant.games.cottage_garden.tracks import TRACK_VALUES, Colour

START_CATS = 2
BEDS_EACH = 2
BEEHIVES = (2, 1)  # the 2-hive tile goes first, then the 1-hive tile


class Player(NamedTuple):
    name: str
    orange: tuple[int, int, int] = (0, 0, 0)  # track spaces, not points
    blue: tuple[int, int, int] = (0, 0, 0)
    cats: int = START_CATS
    beehive: int = 0  # points of the hive tile held
    beds: int = BEDS_EACH
    withdrawn: bool = False  # gave up in the final round (house rule)
    final_turns: int = 0  # final-round turns begun (discarding is only before the first)
    declared: bool = False  # said at the final round's start which small beds they give up (rules 4)

    def spaces(self, colour: Colour) -> tuple[int, int, int]:
        return self.orange if colour == "orange" else self.blue

    def points(self, colour: Colour) -> list[int]:
        values = TRACK_VALUES[colour]
        return [values[s] for s in self.spaces(colour)]

    @property
    def score(self) -> int:
        """CG-END-2: the three orange and three blue cubes' values and the beehive's points."""
        return sum(self.points("orange")) + sum(self.points("blue")) + self.beehive


class TurnState(NamedTuple):
    """What the current player has done this turn."""

    refilled: bool = False
    scored: int = 0
    paid: bool = False  # the final-round payment
    planted: bool = False  # board mode: the plant phase's tile or pot token
    pots_owed: int = 0  # board mode: reward pot tokens still to place
    rewards: int = 0  # cats and flowerpot tokens won, cats placed (each may complete a bed, which then scores)


class PassedTurn(NamedTuple):
    """The turn just passed, for a bed its rewards completed reported after it (--reward)."""

    player: int
    rewards: int  # rewards won and extra cats placed at its end, not yet used by a --reward score
    scored: int  # beds it scored, --reward ones included


class Setup(NamedTuple):
    players: tuple[str, ...]
    solo: bool = False
    name: str = ""
    house_rules: Mapping[str, str] = MappingProxyType({})
    rules: int = 1  # the rule checks it is played under (events.RULES_VERSION)
    board_mode: bool = False
    start_beds: tuple[tuple[BedSlot, ...], ...] = ()  # board mode: each player's two beds
    start_public: BedSlot | None = None
    start_nursery: Nursery | None = None  # board mode, optional: the nursery and queue tracked

    @property
    def die(self) -> DieModel:
        return DieModel.for_players(len(self.players), self.solo)

    def rule(self, key: str) -> str:
        return self.house_rules[key]

    @property
    def children_corners(self) -> frozenset[int]:
        """Nursery corners holding a cat in the young-children variant (0 = top right)."""
        val = self.house_rules.get("children", "0")
        return frozenset() if val == "0" else frozenset(int(c) - 1 for c in val.split(","))

    @property
    def rewards_on(self) -> bool:
        return not self.children_corners or self.house_rules.get("children_rewards", "on") == "on"


class GameState(NamedTuple):
    setup: Setup
    players: tuple[Player, ...]
    die_position: int
    face: int
    turn_number: int = 1
    current: int = 0
    final_round: bool = False
    over: bool = False
    hives_left: tuple[int, ...] = BEEHIVES
    turn: TurnState = TurnState()
    passed: PassedTurn | None = None
    beds: tuple[tuple[BedSlot | None, ...], ...] = ()  # board mode; None: a bed gone in the final round
    public_bed: BedSlot | None = None
    nursery: Nursery | None = None

    @property
    def die(self) -> DieModel:
        return self.setup.die

    @property
    def current_player(self) -> Player:
        return self.players[self.current]

    def index_of(self, name: str) -> int | None:
        return find_player(self.players, name)

    def with_beds(self, index: int, slots: tuple[BedSlot | None, ...]) -> "GameState":
        player = self.players[index]._replace(beds=sum(1 for s in slots if s is not None))
        return self.with_player(index, player)._replace(beds=replaced_at(self.beds, index, slots))

    def with_player(self, index: int, player: Player) -> "GameState":
        return self._replace(players=replaced_at(self.players, index, player))
