"""The Hanging Gardens' end tally: series by their value tables (counting again beyond a complete
series), characters on top of their series, 5 points a tile that could not be taken; the
highest total wins, a tie goes to more score tiles. A value nobody has given is listed as
unknown with the tiles it affects, never scored as 0."""

from __future__ import annotations

from typing import Any

from assistant.games.hanging_gardens.components import CHARACTERS, SERIES
from assistant.games.hanging_gardens.state import GameState, Player
from assistant.games.hanging_gardens.values import Values, character_points, series_points

DEBT = 5  # points for each tile a player could not take (HG-END-2)


def player_tally(player: Player, values: Values) -> dict[str, Any]:
    series = {}
    unknown = []
    for name in SERIES:
        count = player.tiles.count(name)
        if count:
            points = series_points(values, name, count)
            series[name] = {"tiles": count, "points": points}
            if points is None:
                unknown.append({"value": f"{name} series, {count} tile(s)", "tiles": [name] * count,
                                "how": f"garden values set {name} P1,P2,..."})
    characters = {}
    for name in CHARACTERS:
        if name in player.tiles:
            pairs = values.characters[name].series
            points = character_points(values, name, player.tiles)
            characters[name] = {"pairs_with": pairs, "with": player.tiles.count(pairs) if pairs else None,
                                "points": points}
            if points is None:
                held = f"with {player.tiles.count(pairs)} {pairs} tile(s)" if pairs else "(its series is unknown)"
                unknown.append({"value": f"{name} {held}", "tiles": [name] + ([pairs] * player.tiles.count(pairs)
                                                                                if pairs else []),
                                "how": f"garden values set {name} P0,P1,... --series SERIES"})
    known = sum(s["points"] or 0 for s in series.values()) + sum(c["points"] or 0 for c in characters.values())
    debts = DEBT * player.owed
    return {"name": player.name, "series": series, "characters": characters, "owed": player.owed,
            "debt_points": debts, "tiles": len(player.tiles), "known_points": known + debts,
            "total": None if unknown else known + debts, "unknown": unknown}


def tally(state: GameState, values: Values) -> dict[str, Any]:
    players = [player_tally(p, values) for p in state.players]
    unknown = [dict(u, player=p["name"]) for p in players for u in p["unknown"]]
    decided = not unknown
    order = sorted(players, key=lambda p: (-p["known_points"], -p["tiles"]))
    ranking = []
    for p in order:
        key = (p["known_points"], p["tiles"])
        place = next((r["place"] for r in ranking if (r["known_points"], r["tiles"]) == key), len(ranking) + 1)
        ranking.append({"place": place, "name": p["name"], "total": p["total"], "known_points": p["known_points"],
                        "tiles": p["tiles"]})
    winners = [r["name"] for r in ranking if r["place"] == 1] if decided else []
    top = [p for p in players if decided and p["total"] == ranking[0]["total"]]
    # undecided: ranked by the points known so far, no winner named
    return {"over": state.over, "players": players, "ranking": ranking, "decided": decided,
            "winner": (winners[0] if len(winners) == 1 else winners) if decided else None,
            "tie_break": "more score tiles" if len(top) > 1 else None,
            "unknown": unknown}
