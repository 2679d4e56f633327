"""Cottage Garden status and tally as plain data (the JSON contracts)."""

from __future__ import annotations

from typing import Any

from assistant.games.cottage_garden.state import GameState


def turns_left_before_final(state: GameState) -> int | None:
    """Turns (all players together) until the final round starts, None once it has."""
    if state.final_round:
        return None
    return state.die.turns_until_final(state.die_position, state.face)


def status(state: GameState, name: str) -> dict[str, Any]:
    die = state.die
    nxt = (state.current + 1) % len(state.players)
    return {
        "game": "cottage-garden",
        "name": name,
        "round": state.face,
        "final_round": state.final_round,
        "over": state.over,
        "turn": {"player": state.current_player.name, "number": state.turn_number,
                 "next_player": state.players[nxt].name,
                 "turns_before_final_round": turns_left_before_final(state),
                 "refilled": state.turn.refilled, "beds_scored": state.turn.scored,
                 "paid": state.turn.paid},
        "gardener": {"position": state.die_position, "line": die.line_name(state.die_position),
                     "face": state.face, "side": die.side,
                     "line_cells": [list(c) for c in die.line_cells(state.die_position)]},
        "players": [
            {"name": p.name, "score": p.score, "orange": p.points("orange"), "blue": p.points("blue"),
             "cats": p.cats, "beehives": p.beehive, "beds": p.beds}
            for p in state.players
        ],
        "beehives_left": list(state.hives_left),
        "house_rules": dict(state.setup.house_rules),
        "solo": state.setup.solo,
        **({"board_mode": True, "bed_cells": _bed_cells(state)} if state.setup.board_mode else {}),
        **({"nursery": {"cells": [list(state.nursery.cells[r * 4:r * 4 + 4]) for r in range(4)],
                        "queue": list(state.nursery.queue)}} if state.nursery else {}),
    }


def _bed_cells(state: GameState) -> dict[str, Any]:
    """Board mode: each bed as its text form (docs: bed.py legend), None once gone."""
    from assistant.games.cottage_garden.bed import bed_text

    beds = {p.name: [None if s is None else bed_text(s.board) for s in slots]
            for p, slots in zip(state.players, state.beds)}
    return {"players": beds, "public": bed_text(state.public_bed.board) if state.public_bed else None}


def tally_data(state: GameState) -> dict[str, Any]:
    from assistant.games.cottage_garden import tally  # not for status, whose start-up is benchmarked

    ranking = [
        {"place": s.place, "name": s.player.name, "score": s.score, "orange": s.player.points("orange"),
         "blue": s.player.points("blue"), "beehives": s.player.beehive}
        for s in tally.standings(state)
    ]
    data: dict[str, Any] = {"over": state.over, "ranking": ranking}
    if state.setup.solo:
        data["rating"] = tally.solo_rating(ranking[0]["score"])
    return data
