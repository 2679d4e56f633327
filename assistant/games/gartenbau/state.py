"""Gartenbau's state: immutable, so undo is history, not reversal.

Each garden is kept cell by cell in three layers (grid.Stack: the top piece's index at every
covered cell, the depth its layer): seedling tiles, plant tiles over two seedlings, flowers over
plants. The market is counted: each petal's tiles left and the resources lying on its top tile,
each marker's space on the ring (when the ring is defined).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from assistant.games.events import find_player
from assistant.grid import Cell, Stack


class Setup(NamedTuple):
    players: tuple[str, ...]
    name: str = ""
    house_rules: Mapping[str, str] = {}
    rules: int = 1
    solo: bool = False  # never: 2-4 players (kept for the shared headers)
    flowers: str = "beginner"
    ring: str = ""  # the market ring ("S P C ..."), '' when undefined at the start
    starts: tuple[str, ...] = ()  # each player's start tile, 'KIND+KIND' or '' (not given)

    def rule(self, key: str) -> str:
        return self.house_rules[key]


class Piece(NamedTuple):
    """A tile in a garden: its layer, its id ('' inline), its cells and what it shows."""

    layer: str  # seedling, plant or flower
    id: str
    cells: tuple[Cell, ...]
    kinds: tuple[str, ...] = ()  # seedling: the kind at each cell; plant: the two it needs
    colours: tuple[str, ...] = ()  # plant: its colour; flower: the colours it needs
    points: int = 0


class Player(NamedTuple):
    name: str
    garden: Stack  # top label: the index of the piece on top (in `pieces`); depth: the layer
    pieces: tuple[Piece, ...]
    sun: int = 2
    water: int = 2
    flowerpot: bool = True  # unused
    can: bool = True  # unused
    hand: tuple[str, ...] | None = None  # flowers held (ids or inline forms); None: not reported
    position: int = 0  # the marker's space on the ring
    turns: int = 0

    @property
    def resources(self) -> int:
        return self.sun + self.water

    def of_layer(self, layer: str) -> list[Piece]:
        return [p for p in self.pieces if p.layer == layer]

    def piece_at(self, cell: Cell) -> tuple[int, Piece] | None:
        label = self.garden.label(cell)
        return None if label is None else (int(label), self.pieces[int(label)])


class Petal(NamedTuple):
    tiles: int = 9
    sun: int = 0  # resources paid onto its top tile by players skipping it
    water: int = 0


class TurnState(NamedTuple):
    action: str = ""  # seedling, plant, flower or flowerpot
    held: bool = False  # flowerpot: the tile taken is still to place


class GameState(NamedTuple):
    setup: Setup
    players: tuple[Player, ...]
    petals: tuple[Petal, ...]
    supply: tuple[int, int]  # sun, water in the carts
    bought: tuple[str, ...] = ()  # catalogue plant tiles bought (their stacks' tops move on)
    current: int = 0
    turn_number: int = 1
    turn: TurnState = TurnState()
    ending: bool = False  # 4 petals are empty: play on until everyone has had as many turns
    over: bool = False
    noted_ring: bool = False  # the missing ring has been mentioned

    @property
    def current_player(self) -> Player:
        return self.players[self.current]

    def index_of(self, name: str) -> int | None:
        return find_player(self.players, name)

    @property
    def empty_petals(self) -> int:
        return sum(1 for p in self.petals if p.tiles == 0)
