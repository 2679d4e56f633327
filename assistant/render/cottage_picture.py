"""Cottage Garden's picture for the web page (render/picture.py): the nursery with the gardener
die's line, and every player's score tracks with their cubes, the red line and beehives."""

from __future__ import annotations

from typing import Any

from assistant.games.cottage_garden.tracks import COLOURS, TRACK_VALUES
from assistant.render.picture import WIDTH, players_panel, svg, text, turn_banner

NURSERY = 4  # the nursery is 4 x 4 tiles
CUBE = {"orange": "#e8842a", "blue": "#3a6fd0"}


def _nursery(status: dict[str, Any], y: int) -> tuple[list[str], int]:
    gardener = status.get("gardener") or {}
    line = {tuple(cell) for cell in gardener.get("line_cells", [])}
    size, left = 44, 20
    parts = [text(12, y + 16, f"Nursery · gardener on {gardener.get('line', '?')} · die {gardener.get('face', '?')}",
                  14, weight="bold")]
    top = y + 26
    for r in range(NURSERY):
        for c in range(NURSERY):
            fill = "#f6d365" if (r, c) in line else "#9cc59a"
            parts.append(f"<rect x='{left + c * size}' y='{top + r * size}' width='{size - 4}' height='{size - 4}' "
                         f"rx='5' fill='{fill}' stroke='#3d6b3f'/>")
    # the die beside the line it names
    parts.append(f"<rect x='{left + NURSERY * size + 24}' y='{top + 40}' width='56' height='56' rx='10' "
                 f"fill='white' stroke='#333' stroke-width='2'/>")
    parts.append(text(left + NURSERY * size + 52, top + 78, gardener.get("face", "?"), 28, "middle", "bold"))
    parts.append(text(left + NURSERY * size + 52, top + 118, "gardener die", 12, "middle"))
    return parts, 26 + NURSERY * size + 10


def _track(colour: str, cubes: list[int], red_line: int, x0: float, y: float, width: float) -> list[str]:
    values = TRACK_VALUES[colour]  # type: ignore[index]
    step = width / len(values)
    parts = []
    for k, v in enumerate(values):
        parts.append(f"<rect x='{x0 + k * step:.1f}' y='{y}' width='{step - 1:.1f}' height='18' "
                     f"fill='{'#fbe3cf' if colour == 'orange' else '#dbe6fb'}'/>")
        if k % 2 == 0 or v == values[-1]:
            parts.append(text(x0 + (k + 0.5) * step, y + 30, v, 9, "middle", fill="#555"))
    line_at = sum(1 for v in values if v <= red_line)
    parts.append(f"<line x1='{x0 + line_at * step:.1f}' y1='{y - 3}' x2='{x0 + line_at * step:.1f}' y2='{y + 21}' "
                 "stroke='#d22' stroke-width='3'/>")
    for i, value in enumerate(cubes):
        k = values.index(value) if value in values else 0
        parts.append(f"<rect x='{x0 + k * step + 2:.1f}' y='{y + 2 + i * 5}' width='{step - 5:.1f}' height='6' "
                     f"fill='{CUBE[colour]}' stroke='#222' stroke-width='0.6'/>")
    return parts


def _tracks(status: dict[str, Any], y: int) -> tuple[list[str], int]:
    rules = status.get("house_rules", {})
    parts: list[str] = []
    top = y
    for player in status.get("players", []):
        parts.append(text(12, top + 16, f"{player['name']}: {player.get('score', 0)} points "
                          f"· cats {player.get('cats', 0)} · beehives {player.get('beehives', 0)}", 14, weight="bold"))
        for row, colour in enumerate(COLOURS):
            ty = top + 24 + row * 38
            parts.append(text(12, ty + 14, colour, 11))
            parts += _track(colour, list(player.get(colour, [])), int(rules.get(f"red_line_{colour}", 6)), 56, ty,
                            WIDTH - 68)
        top += 24 + 2 * 38 + 8
    return parts, top - y


def status_picture(status: dict[str, Any]) -> str:
    parts, y = turn_banner(status)
    more, h = players_panel(status, y)
    parts += more
    y += h + 8
    more, h = _nursery(status, y)
    parts += more
    y += h + 8
    more, h = _tracks(status, y)
    return svg(WIDTH, y + h, parts + more, "Cottage Garden status")
