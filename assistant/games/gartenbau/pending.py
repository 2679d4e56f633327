"""What a Gartenbau player still owes before the turn can end: the turn's one action, the tile the
flowerpot took, resources above 10 (`next --return` settles those)."""

from __future__ import annotations

from assistant.games.gartenbau.components import HOLD
from assistant.games.gartenbau.state import GameState
from assistant.games.interface import Pending


def pending(state: GameState) -> list[Pending]:
    if state.over:
        return []
    player, turn = state.current_player, state.turn
    out = []
    if turn.held:
        out.append(Pending(player.name, "place the seedling tile the flowerpot took", True, "GB-POT-1",
                           "garden seedling --tile KIND+KIND --at R,C"))
    elif not turn.action:
        out.append(Pending(player.name, "take one action", True, "GB-TURN-1",
                           "garden seedling | plant | flower | flowerpot"))
    if player.resources > HOLD:
        out.append(Pending(player.name, f"return {player.resources - HOLD} resource(s) to keep {HOLD}", True,
                           "GB-RES-1", "garden next --return sun,water,..."))
    return out
