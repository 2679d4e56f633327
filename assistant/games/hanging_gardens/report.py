"""The Hanging Gardens' status and tally as plain data (the JSON contracts)."""

from __future__ import annotations

from typing import Any

from assistant.games.hanging_gardens import garden as gardens
from assistant.games.hanging_gardens.components import COLUMNS, ROWS, tile_names
from assistant.games.hanging_gardens.state import GameState, Player, slot


def player_data(p: Player) -> dict[str, Any]:
    origin, rows = p.garden.rows()
    return {"name": p.name, "temples_left": p.temples_left, "cards": p.cards,
            "areas": [a.to_json() for a in gardens.areas(p.garden, p.temples)],
            "tiles": {name: p.tiles.count(name) for name in tile_names() if name in p.tiles},
            "temples": [list(t) for t in p.temples], "owed": p.owed, "discards": p.discards,
            "garden": {"origin": list(origin), "rows": rows}}


def status(state: GameState, name: str) -> dict[str, Any]:
    turn = state.turn
    return {
        "game": "hanging-gardens",
        "name": name,
        "solo": False,
        "over": state.over,
        "turn": {"player": state.current_player.name, "number": state.turn_number, "round": state.round,
                 "start_player": state.players[state.start].name, "played": turn.played,
                 "placed": [list(c) for c in turn.placed], "temple": list(turn.temple) if turn.temple else None,
                 "area": turn.area, "tile_due": turn.tile_due},
        "players": [player_data(p) for p in state.players],
        "deck_left": state.deck,
        "face_up": state.face_up,
        "display": {"columns": list(COLUMNS),
                    **{row: [state.slots[slot(row, col)] for col in COLUMNS] for row in ROWS}},
        "stacks": dict(zip(ROWS, state.stacks)),
        "tiles_left": state.tiles_left,
        "house_rules": dict(state.setup.house_rules),
    }


def tally_data(state: GameState) -> dict[str, Any]:
    from assistant.games.hanging_gardens import tally, values

    return tally.tally(state, values.load())
