"""Gartenbau's end tally (GB-SCORE-1): flower points, uncovered plant points, 2 for each unused flowerpot or
watering can; ties (GB-SCORE-2): more flowers, then fewer plants, then shared."""

from __future__ import annotations

from typing import Any

from assistant.games.gartenbau import garden as gardens
from assistant.games.gartenbau.components import TOKEN_POINTS
from assistant.games.gartenbau.state import GameState, Player


def player_tally(player: Player) -> dict[str, Any]:
    flowers = player.of_layer("flower")
    plants = player.of_layer("plant")
    uncovered = gardens.uncovered_plants(player)
    tokens = TOKEN_POINTS * (player.flowerpot + player.can)
    flower_points = sum(f.points for f in flowers)
    plant_points = sum(p.points for p in uncovered)
    return {"name": player.name, "flower_points": flower_points, "plant_points": plant_points,
            "token_points": tokens, "total": flower_points + plant_points + tokens,
            "flowers": len(flowers), "plants": len(plants), "uncovered_plants": len(uncovered)}


def tally(state: GameState) -> dict[str, Any]:
    rows = [player_tally(p) for p in state.players]
    key = lambda r: (-r["total"], -r["flowers"], r["plants"])  # noqa: E731
    ranking = []
    for row in sorted(rows, key=key):
        place = next((r["place"] for r in ranking if key(r) == key(row)), len(ranking) + 1)
        ranking.append({"place": place, **row})
    best = [r for r in ranking if r["total"] == ranking[0]["total"]]
    decided_by = None
    if len(best) > 1:
        most = [r for r in best if r["flowers"] == max(b["flowers"] for b in best)]
        fewest = [r for r in most if r["plants"] == min(m["plants"] for m in most)]
        decided_by = "more flower tiles" if len(most) == 1 else "fewer plant tiles" if len(fewest) == 1 else "shared"
    winners = [r["name"] for r in ranking if r["place"] == 1]
    return {"over": state.over, "ranking": ranking, "winner": winners[0] if len(winners) == 1 else winners,
            "tie_break": decided_by}
