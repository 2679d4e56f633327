"""Gartenbau's picture for the web page (render/picture.py): each player's garden (seedlings,
plants and flowers by layer), sun and water, the flowerpot and the watering can."""

from __future__ import annotations

from typing import Any

from assistant.render.picture import WIDTH, each_player, cell_grid, svg, text, turn_banner

LAYER = {"seedling": "#b9d98c", "plant": "#4f9a45", "flower": "#d9568f"}


def _garden(player: dict[str, Any], mover: bool, y: float) -> tuple[list[str], float]:
    cells: dict[tuple[int, int], str] = {}
    for order in ("seedling", "plant", "flower"):  # the higher layer drawn over the lower
        for tile in player.get("garden") or []:
            if tile.get("layer") == order:
                for r, c in tile.get("cells", []):
                    cells[(r, c)] = LAYER[order]
    extras = [word for word, held in (("flowerpot", player.get("flowerpot")), ("watering can", player.get("can")))
              if held]
    parts = [text(12, y + 20, ("▶ " if mover else "") + player["name"], 16, weight="bold"),
             text(WIDTH - 12, y + 20, f"sun {player.get('sun', 0)} · water {player.get('water', 0)}", 14, "end"),
             text(12, y + 40, ", ".join(extras) or "no flowerpot, no watering can", 12, fill="#555")]
    grid, height = cell_grid(cells, 12, y + 50, WIDTH - 24)
    return parts + grid, 60 + height


def _key(y: float) -> list[str]:
    parts, x = [], 12.0
    for layer, fill in LAYER.items():
        parts += [f"<rect x='{x}' y='{y}' width='14' height='14' rx='3' fill='{fill}'/>", text(x + 18, y + 12, layer, 12)]
        x += 100
    return parts


def status_picture(status: dict[str, Any]) -> str:
    parts, y = turn_banner(status)
    parts += _key(y)
    more, y = each_player(status, _garden, y + 24)
    return svg(WIDTH, y, parts + more, "Gartenbau status")
