"""Where a seedling tile or a plant may go in a player's garden (`garden fit`)."""

from __future__ import annotations

from typing import Any

from assistant.errors import UsageError
from assistant.games.gartenbau import catalogue
from assistant.games.gartenbau import garden as gardens
from assistant.games.gartenbau.components import parse_kinds
from assistant.games.gartenbau.state import Player
from assistant.grid.stack import NEIGHBOURS


def seedling_places(player: Player, kinds_text: str) -> list[dict[str, Any]]:
    """Every empty domino next to the garden, each with its first cell and turn (h, v)."""
    parse_kinds(kinds_text)
    near = {(r + dr, c + dc) for r, c in player.garden.top for dr, dc in NEIGHBOURS} - set(player.garden.top)
    out = []
    for cell in sorted(near):
        for turn in ("h", "v"):
            for first in (cell, (cell[0], cell[1] - 1) if turn == "h" else (cell[0] - 1, cell[1])):
                cells = gardens.domino(first, turn)
                if gardens.seedling_problem(player.garden, cells) is None:
                    out.append({"at": list(first), "turn": turn, "cells": [list(c) for c in cells]})
    unique = {tuple(map(tuple, p["cells"])): p for p in out}
    return sorted(unique.values(), key=lambda p: p["cells"])


def plant_places(player: Player, text: str) -> list[dict[str, Any]]:
    """Every pair of cells the plant may cover: an id from the catalogue, or COLOUR:KIND+KIND."""
    if ":" in text:
        colour, _, kinds = text.partition(":")
        needs = parse_kinds(kinds.split(":")[0])
    else:
        spec = catalogue.load("plant").get(text.strip().upper())
        if spec is None:
            raise UsageError(f"plant {text!r} is not in your catalogue (garden plants): give COLOUR:KIND+KIND")
        needs = spec.needs
    out = []
    for cell in sorted(player.garden.top):
        for dr, dc in ((0, 1), (1, 0)):
            cells = (cell, (cell[0] + dr, cell[1] + dc))
            if gardens.plant_problem(player, cells, needs) is None:
                out.append({"cells": [list(c) for c in cells]})
    return out
