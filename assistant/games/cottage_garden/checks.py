"""Checks every Cottage Garden move shares (score mode and board mode alike): the player
named is in the game, it is their turn, the final-round payment came first."""

from __future__ import annotations

from assistant.errors import IllegalMove
from assistant.games.cottage_garden.state import GameState


def player_index(state: GameState, name: str) -> int:
    index = state.index_of(name)
    if index is None:
        known = ", ".join(p.name for p in state.players)
        raise IllegalMove("CG-TURN-1", f"There is no player {name!r} in this game (players: {known}).")
    return index


def require_current(state: GameState, index: int, what: str) -> None:
    if index != state.current:
        raise IllegalMove("CG-TURN-1", f"It is {state.current_player.name}'s turn: only they can {what} now.")


def must_pay_first(state: GameState) -> None:
    if state.final_round and state.current_player.beds > 0 and not state.turn.paid:
        raise IllegalMove("CG-FINAL-2", f"{state.current_player.name} must first pay 2 points for this final-round turn.")
