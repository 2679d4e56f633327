"""What a player of The Hanging Gardens still owes before the turn can end: a card to place or
discard, the score tile for a temple just built. Building a temple is a choice the rules leave
open (a player may wait to grow the area): it never holds up `next`."""

from __future__ import annotations

from assistant.games.hanging_gardens.state import GameState
from assistant.games.interface import Pending


def pending(state: GameState) -> list[Pending]:
    if state.over:
        return []
    name, turn = state.current_player.name, state.turn
    if not turn.played:
        return [Pending(name, "place a face-up card, or discard one that fits nowhere", True, "HG-TURN-1",
                        "garden card CARD --at ROW,COL [--turn r90] | garden card CARD --discard")]
    if turn.tile_due:
        columns = "3" if turn.area < 4 else "3-4" if turn.area < 5 else "3-5"
        return [Pending(name, f"take the score tile for the temple just built (an area of {turn.area}: column "
                              f"{columns})", True, "HG-TILE-1", "garden take SERIES --column N")]
    return []
