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


def to_final_round(state: GameState, declared: bool = True) -> GameState:
    """The state as the final round starts; `declared`: every player has said they give up no bed."""
    while not state.final_round:
        state = rules.apply(state, NextTurn()).state
    return declare_none(state) if declared else state


def declare_none(state: GameState) -> GameState:
    """Every player with a bed who has not said it yet: no small bed to give up (CG-FINAL-1, rules 4)."""
    from assistant.games.cottage_garden.actions import Discard

    for p in state.players:
        if state.final_round and p.beds and not p.declared and state.setup.rules >= 4:
            state = rules.apply(state, Discard(p.name, 0)).state
    return state


def pay_cheapest(state: GameState) -> GameState:
    from assistant.games.cottage_garden.advice import best_payment

    colour, cube, _ = best_payment(state.setup, state.current_player)
    return rules.apply(state, Pay(colour, cube)).state
