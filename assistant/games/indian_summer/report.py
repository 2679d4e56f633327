"""Indian Summer status and tally as plain data (the JSON contracts)."""

from __future__ import annotations

from typing import Any

from assistant.games.indian_summer import supply, tally
from assistant.games.indian_summer.state import GameState, Player
from assistant.games.indian_summer.supply import TREASURES


def _treasures(counts: supply.Counts) -> dict[str, int]:
    return dict(zip(TREASURES, counts))


def player_data(p: Player) -> dict[str, Any]:
    return {"name": p.name, "path": list(p.path), "held": _treasures(p.held), "empty": p.empty,
            "completed": list(p.completed), "tokens_on_board": [_treasures(t) for t in p.tokens],
            "leaves": dict(zip(supply.COLOURS, p.leaves)), "squirrels": p.squirrels, "standins": p.standins,
            "animals": list(p.animals), "full": p.full, "done": p.done}


def status(state: GameState, name: str) -> dict[str, Any]:
    n = len(state.players)
    data: dict[str, Any] = {
        "game": "indian-summer",
        "name": name,
        "solo": state.setup.solo,
        "over": state.over,
        "turn": {"player": state.current_player.name, "number": state.turn_number,
                 "next_player": state.players[(state.current + 1) % n].name,
                 "main": state.turn.main, "chain": state.turn.chain,
                 "refills_pending": [state.players[i].name for i in state.turn.refills],
                 "last_turn": _last_turn(state)},
        "ending": None if state.ending is None else state.players[state.ending].name,
        "players": [player_data(p) for p in state.players],
        "supply": {"treasures": _treasures(state.supply), "squirrels": state.squirrels_left,
                   "animals": state.animals_left, "stack_tokens": {k: supply.STACK_TOKEN[k] for k in state.stacks}},
        "house_rules": dict(state.setup.house_rules),
    }
    if state.setup.solo:
        data["solo_game"] = {"game": state.game, "round": state.round, "dealt": state.dealt,
                             "upper": list(state.upper), "lower": list(state.lower),
                             "spaces": list(state.spaces), "results": [r._asdict() for r in state.results]}
        data["solo_game"]["results"] = [dict(r._asdict(), held=_treasures(r.held)) for r in state.results]
    else:
        data["common_path"] = {"ring": state.ring, "reserve": state.reserve,
                               "colours_left": dict(zip(supply.COLOURS, state.pool))}
    return data


def _last_turn(state: GameState) -> bool:
    if state.setup.solo:
        return state.round == 10
    return state.ending is not None and state.current != state.ending


def tally_data(state: GameState) -> dict[str, Any]:
    if state.setup.solo:
        results = [dict(r._asdict(), held=_treasures(r.held)) for r in state.results]
        score = tally.solo_score(state.results)
        return {"over": state.over, "games": results,
                "score": None if score is None else score._asdict()}
    ranking = [
        {"place": s.place, "name": s.player.name, "empty": s.player.empty, "nuts": s.player.held[1],
         "blueberry": s.player.held[0] > 0, "completed": len(s.player.completed)}
        for s in tally.standings(state)
    ]
    return {"over": state.over, "ranking": ranking}
