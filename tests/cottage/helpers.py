"""Building Cottage Garden states for rule tests without the CLI."""

from __future__ import annotations

from types import MappingProxyType

from assistant.games import houserules
from assistant.games.events import RULES_VERSION
from assistant.games.cottage_garden import rules
from assistant.games.cottage_garden.actions import NextTurn, Pay
from assistant.games.cottage_garden.houserules import SWITCHES
from assistant.games.cottage_garden.state import GameState, Setup


def new(players: str = "Ann,Ben", solo: bool = False, **house: str) -> GameState:
    chosen = houserules.parse(SWITCHES, [f"{k}={v}" for k, v in house.items()])
    return rules.new_game(Setup(tuple(players.split(",")), solo, "test", MappingProxyType(chosen), rules=RULES_VERSION))


def play(state: GameState, *actions) -> GameState:
    for action in actions:
        state = rules.apply(state, action).state
    return state


def to_final_round(state: GameState) -> GameState:
    while not state.final_round:
        state = rules.apply(state, NextTurn()).state
    return state


def pay_cheapest(state: GameState) -> GameState:
    from assistant.games.cottage_garden.advice import best_payment

    colour, cube, _ = best_payment(state.setup, state.current_player)
    return rules.apply(state, Pay(colour, cube)).state
