"""Indian Summer score-mode state: immutable, so undo is history, not reversal.

Named tuples rather than dataclasses (start-up time is benchmarked). Score mode
does not know the board's cells: per player it keeps the number of empty
cells, the regions completed and the tokens lying on each region; the players
say where things went, the rules keep every count honest.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, NamedTuple

from assistant.games.events import find_player, replaced_at

from assistant.games.indian_summer.supply import (
    ANIMALS, BOARD_CELLS, REGIONS, SQUIRRELS, START_HELD, TOKEN_TOTAL, Counts,
)

NO_TOKENS: Counts = (0, 0, 0, 0)


class Player(NamedTuple):
    name: str
    path: tuple[str, ...] = ()  # leaf colours, display order (any tile may be taken)
    held: Counts = START_HELD  # treasures in front of the player
    empty: int = BOARD_CELLS  # empty cells on the woodland board (holes count as covered)
    completed: tuple[int, ...] = ()  # regions 1-6 completed, in order
    tokens: tuple[Counts, ...] = (NO_TOKENS,) * REGIONS  # tokens lying on each region
    found: Counts = NO_TOKENS  # printed treasures a hole has uncovered (at most 10/7/3/1)
    revealed: Counts = NO_TOKENS  # of those, printed treasures visible in a hole again (token taken), no animal on them
    leaves: Counts = (0, 0, 0)  # leaf tiles on the board by colour (each brings one hole)
    squirrels: int = 0  # squirrel tiles on the board
    standins: int = 0  # markers used once the squirrels ran out
    animals: tuple[str, ...] = ()  # animal kinds placed
    animal_cells: int = 0  # hole cells under animals
    done: bool = False  # has taken their last turn (the end of the game)
    board: Any = None  # board mode: the woodland board cell by cell (grid.Board; woods.py states)

    @property
    def holes(self) -> int:
        return sum(self.leaves)

    @property
    def full(self) -> bool:
        return self.empty == 0

    def on_board(self) -> Counts:
        return tuple(sum(t[i] for t in self.tokens) for i in range(4))


class TurnState(NamedTuple):
    """What the current player has done this turn."""

    main: str = ""  # the main action taken: leaf, squirrel, mushroom or feather
    holes: int = 0  # leaf tiles placed this turn whose hole is not yet reported over a treasure
    placed: bool = False  # something was placed this turn (animals form only then)
    refills: tuple[int, ...] = ()  # players whose path was emptied this turn and may (or must) refill, in order
    forced: tuple[int, ...] = ()  # of those, the refills that are compulsory (robbed, house rule robbed_refill=must)
    chain: bool = False  # the end-of-game conversion chain has run this turn


class SoloResult(NamedTuple):
    game: int
    empty: int
    held: Counts
    points: int
    success: bool


class Setup(NamedTuple):
    players: tuple[str, ...]
    solo: bool = False
    name: str = ""
    house_rules: Mapping[str, str] = MappingProxyType({})
    rules: int = 1  # the rule checks it is played under (events.RULES_VERSION)
    board_mode: bool = False  # every woodland board cell by cell
    woods: tuple[Any, ...] = ()  # board mode: each player's woodland side (laying.WoodSide), in player order

    def rule(self, key: str) -> str:
        return self.house_rules[key]


class GameState(NamedTuple):
    setup: Setup
    players: tuple[Player, ...]
    supply: Counts = TOKEN_TOTAL  # treasure tokens in the supply
    stacks: tuple[str, ...] = ("z", "t", "o")  # animal stacks still carrying their token
    animals_left: int = ANIMALS
    squirrels_left: int = SQUIRRELS
    ring: int = 0  # tiles on the common path
    reserve: int = 0  # tiles in the reserve pile
    pool: Counts = (0, 0, 0)  # colours of the common path and reserve together (not seen one by one)
    turn_number: int = 1
    current: int = 0
    ending: int | None = None  # the player whose board was full first
    over: bool = False
    turn: TurnState = TurnState()
    # solo
    game: int = 1  # solo game 1-3
    round: int = 1  # solo round 1-10
    dealt: bool = False  # the solo layout of this game has been reported
    upper: tuple[str, ...] = ()  # solo rows, left to right
    lower: tuple[str, ...] = ()
    spaces: tuple[str | None, ...] = ()  # solo spaces 1-10, then the two mushroom spaces (11, 12)
    undealt: Counts = (0, 0, 0)  # solo: colours of the stacks not yet dealt
    retired: Counts = (0, 0, 0)  # solo: leaf tiles of finished games
    results: tuple[SoloResult, ...] = ()

    @property
    def current_player(self) -> Player:
        return self.players[self.current]

    def index_of(self, name: str) -> int | None:
        return find_player(self.players, name)

    def with_player(self, index: int, player: Player) -> "GameState":
        return self._replace(players=replaced_at(self.players, index, player))
