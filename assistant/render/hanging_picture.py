"""The Hanging Gardens' picture for the web page (render/picture.py): each player's garden as a
grid of themed cells with its temples, and the tiles they hold."""

from __future__ import annotations

from typing import Any

from assistant.render.picture import WIDTH, each_player, cell_grid, svg, text, turn_banner

#: a garden row's letters (status's "rows"): a theme's initial, "." a card cell without a theme
THEME = {"Y": "#f0c93c", "B": "#4f7fd6", "R": "#d0513c", "G": "#5aa04a", ".": "#e9e3cc"}


def _garden(player: dict[str, Any], mover: bool, y: float) -> tuple[list[str], float]:
    garden = player.get("garden") or {}
    top, left = garden.get("origin", [0, 0])
    cells = {(r, c): THEME.get(ch, "#bbb") for r, row in enumerate(garden.get("rows", []))
             for c, ch in enumerate(row) if ch != " "}
    tiles = ", ".join(f"{n} {series}" for series, n in (player.get("tiles") or {}).items()) or "no tiles"
    parts = [text(12, y + 20, ("▶ " if mover else "") + player["name"], 16, weight="bold"),
             text(WIDTH - 12, y + 20, f"temples left {player.get('temples_left', '?')}", 13, "end"),
             text(12, y + 40, tiles, 12, fill="#555")]
    grid, height = cell_grid(cells, 12, y + 50, WIDTH - 24)
    parts += grid
    if cells:
        rows = [r for r, _ in cells]
        cols = [c for _, c in cells]
        size = min(30, (WIDTH - 24) / (max(cols) - min(cols) + 1))
        for tr, tc in player.get("temples", []):  # in the garden's own coordinates: origin is rows[0][0]
            cx = 12 + (tc - left - min(cols) + 0.5) * size
            cy = y + 50 + (tr - top - min(rows) + 0.5) * size
            parts.append(f"<path d='M{cx:.1f} {cy - size * 0.35:.1f} L{cx + size * 0.35:.1f} {cy + size * 0.3:.1f} "
                         f"L{cx - size * 0.35:.1f} {cy + size * 0.3:.1f}z' fill='white' stroke='#222'/>")
    return parts, 60 + height


def status_picture(status: dict[str, Any]) -> str:
    parts, y = turn_banner(status)
    more, y = each_player(status, _garden, y)
    return svg(WIDTH, y, parts + more, "The Hanging Gardens status")
