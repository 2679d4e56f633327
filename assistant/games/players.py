"""A player named at the table (any case), as every game's state holds them."""

from __future__ import annotations

from typing import Any

from assistant.errors import GardenError


def player_index(state: Any, player: str | None) -> int:
    """The named player's index (any case), or the current player's when None; GardenError naming the players."""
    if player is None:
        return state.current
    index = state.index_of(player)
    if index is None:
        raise GardenError(f"there is no player {player!r} in this game (players: {', '.join(p.name for p in state.players)})")
    return index
