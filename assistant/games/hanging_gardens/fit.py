"""Every legal placement of a card on a player's garden, best first: the largest area it makes
ready for a temple, then the temples it makes possible, then the largest area it grows, then
the fewest themed cells it buries."""

from __future__ import annotations

from typing import Any

from assistant.games.hanging_gardens import garden as gardens
from assistant.games.hanging_gardens.components import BLANK, THEMES, TURNS
from assistant.games.hanging_gardens.state import Player


def ranked(player: Player, layout: str, per_area: bool = True) -> list[dict[str, Any]]:
    """The placements as JSON-ready dicts: "at", "turn", "cells" ([r, c, theme]), "grows", "temples",
    "buries", "reasons"; two turns giving the same cells and themes are listed once."""
    out = []
    for placement in gardens.placements(player.garden, player.temples, layout):
        after = player.garden.lay(placement.cells)
        found = gardens.areas(after, player.temples)
        grown = gardens.grown(found, placement.cells)
        sites = gardens.temple_sites(found, placement.cells, per_area)
        buries = sum(1 for c in placement.cells if player.garden.label(c) not in (None, BLANK))
        largest = max((a.size for a in grown), default=0)
        reasons = [f"grows the {THEMES[a.theme]} area to {a.size}" for a in grown if a.size >= 2]
        reasons += [f"a temple is possible on the {THEMES[a.theme]} area of {a.size}" for a in sites]
        if buries:
            reasons.append(f"covers {buries} themed cell(s)")
        out.append({"at": list(placement.at), "turn": placement.turn,
                    "cells": [[r, c, THEMES[letter]] for (r, c), letter in sorted(placement.cells.items())],
                    "grows": largest, "temples": len(sites), "site": max((a.size for a in sites), default=0),
                    "buries": buries, "reasons": reasons})
    out.sort(key=rank_key)
    return out


def rank_key(p: dict[str, Any]) -> tuple:
    """Best first: the largest temple site, the most sites, the largest area grown, the fewest cells buried."""
    return -p["site"], -p["temples"], -p["grows"], p["buries"], TURNS.index(p["turn"]), p["at"]
