"""Building Indian Summer states for rule tests without the CLI."""

from __future__ import annotations

from types import MappingProxyType

import pytest

from assistant.errors import IllegalMove
from assistant.games import houserules
from assistant.games.events import RULES_VERSION
from assistant.games.indian_summer import notation, rules, supply
from assistant.games.indian_summer.actions import from_event
from assistant.games.indian_summer.houserules import SWITCHES
from assistant.games.indian_summer.state import GameState, Setup


def new(players: str = "Ann,Ben,Cy", solo: bool = False, **house: str) -> GameState:
    chosen = houserules.parse(SWITCHES, [f"{k}={v}" for k, v in house.items()])
    return rules.new_game(Setup(tuple(players.split(",")), solo, "test", MappingProxyType(chosen), rules=RULES_VERSION))


def act(token: str):
    return from_event(notation.parse_action(token))


def play(state: GameState, *tokens: str) -> GameState:
    for token in tokens:
        state = rules.apply(state, act(token)).state
    return state


def refused(state: GameState, token: str, rule_id: str) -> IllegalMove:
    with pytest.raises(IllegalMove) as err:
        rules.apply(state, act(token))
    assert err.value.rule == rule_id, err.value
    return err.value


def check_conservation(state: GameState) -> None:
    """80 treasure tokens, 75 leaf tiles, 32 squirrels, and the empty-cell identity."""
    tokens = state.supply
    for p in state.players:
        tokens = supply.plus(supply.plus(tokens, p.held), p.on_board())
    for kind in state.stacks:
        tokens = supply.add(tokens, supply.tindex(supply.STACK_TOKEN[kind]), 1)
    assert tokens == supply.TOKEN_TOTAL and min(state.supply) >= 0
    leaves = state.pool if not state.setup.solo else supply.plus(state.undealt, state.retired)
    if state.setup.solo:
        leaves = supply.plus(leaves, supply.colour_counts(state.upper + state.lower + tuple(s for s in state.spaces if s)))
    for p in state.players:
        leaves = supply.plus(supply.plus(leaves, p.leaves), supply.colour_counts(p.path))
    assert leaves == supply.LEAF_TOTAL and sum(leaves) == 75
    assert state.ring + state.reserve == sum(state.pool) and state.ring >= 0 and state.reserve >= 0
    assert state.squirrels_left + sum(p.squirrels for p in state.players) == supply.SQUIRRELS
    assert state.animals_left + sum(len(p.animals) for p in state.players) == supply.ANIMALS
    for p in state.players:
        assert p.standins == 0 or state.squirrels_left == 0
        sizes = sum(n * s for n, s in zip(p.leaves, (3, 4, 5)))
        assert p.empty == supply.BOARD_CELLS - sizes - p.squirrels - p.standins >= 0
        assert len(p.completed) * 12 <= 72 - p.empty and (len(p.completed) == 6) == p.full
        assert min(p.held) >= 0 and all(min(t) >= 0 for t in p.tokens)
