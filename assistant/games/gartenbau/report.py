"""Gartenbau's status and tally as plain data (the JSON contracts)."""

from __future__ import annotations

from typing import Any

from assistant.games.gartenbau.state import GameState, Player


def player_data(p: Player) -> dict[str, Any]:
    return {"name": p.name, "sun": p.sun, "water": p.water, "flowerpot": p.flowerpot, "can": p.can,
            "garden": [{"layer": piece.layer, "id": piece.id or None, "cells": [list(c) for c in piece.cells],
                        **({"seedlings": list(piece.kinds)} if piece.layer == "seedling" else {}),
                        **({"colour": piece.colours[0], "needs": list(piece.kinds), "points": piece.points}
                           if piece.layer == "plant" else {}),
                        **({"colours": list(piece.colours), "points": piece.points}
                           if piece.layer == "flower" else {})}
                       for piece in p.pieces],
            "hand": None if p.hand is None else list(p.hand), "position": p.position, "turns": p.turns}


def status(state: GameState, name: str) -> dict[str, Any]:
    n = len(state.players)
    return {
        "game": "gartenbau",
        "name": name,
        "solo": False,
        "over": state.over,
        "turn": {"player": state.current_player.name, "number": state.turn_number, "action": state.turn.action,
                 "held": state.turn.held, "next_player": state.players[(state.current + 1) % n].name},
        "players": [player_data(p) for p in state.players],
        "petals": [{"tiles_left": p.tiles, "resources": {"sun": p.sun, "water": p.water}} for p in state.petals],
        "ring": state.setup.ring or None,
        "supply": {"sun": state.supply[0], "water": state.supply[1]},
        "ending": {"triggered": state.ending, "turns_left": turns_left(state)},
        "flowers": state.setup.flowers,
        "house_rules": dict(state.setup.house_rules),
    }


def turns_left(state: GameState) -> int | None:
    """Once the end is triggered: turns still to play, this one included, so that everyone has had as many."""
    if not state.ending:
        return None
    return 0 if state.over else len(state.players) - state.current


def tally_data(state: GameState) -> dict[str, Any]:
    from assistant.games.gartenbau.tally import tally

    return tally(state)
