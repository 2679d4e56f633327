"""Indian Summer's picture for the web page (render/picture.py): each player's path on the
common path, the treasures held and the leaves laid, and the rows of the woodland completed."""

from __future__ import annotations

from typing import Any

from assistant.render.picture import WIDTH, each_player, svg, text, turn_banner

TREASURE = {"blueberry": "#4a5bd1", "nut": "#9a6331", "mushroom": "#d8443a", "feather": "#e8c547"}
LEAF = {"green": "#5c9d45", "orange": "#e58a2c", "red": "#c2362f"}
ROWS = 6  # the woodland's rows a player completes


def _player(player: dict[str, Any], mover: bool, y: float) -> tuple[list[str], float]:
    parts = [f"<rect x='0' y='{y}' width='{WIDTH}' height='132' rx='8' fill='{'#ffe9a8' if mover else '#f3f0e4'}'/>",
             text(12, y + 22, ("▶ " if mover else "") + player["name"], 16, weight="bold"),
             text(WIDTH - 12, y + 22, f"{player.get('empty', '?')} empty cells", 14, "end")]
    x = 12.0
    for colour in player.get("path", []):  # the path tiles, in order
        parts.append(f"<rect x='{x}' y='{y + 32}' width='22' height='14' rx='3' fill='{LEAF.get(colour, '#999')}'/>")
        x += 26
    parts.append(text(x + 4, y + 44, "path", 11, fill="#555"))
    counted = (("held", TREASURE, "<circle cx='{x}' cy='{y}' r='8' fill='{fill}' stroke='#333' stroke-width='0.6'/>", 68),
               ("leaves", LEAF, "<path d='M{x0} {y} q10 -14 20 0 q-10 14 -20 0z' fill='{fill}'/>", 100))
    for key, fills, mark, row_y in counted:  # a mark and a count for each treasure, then each leaf colour
        for k, (kind, fill) in enumerate(fills.items()):
            x = 12 + 86 * k
            parts.append(mark.format(x=x + 8, x0=x, y=y + row_y, fill=fill))
            parts.append(text(x + 22, y + row_y + 4, f"{player.get(key, {}).get(kind, 0)} {kind}", 11))
    done = set(player.get("completed", []))
    for row in range(1, ROWS + 1):
        fill = "#2f5d34" if row in done else "white"
        parts.append(f"<rect x='{12 + (row - 1) * 26}' y='{y + 114}' width='22' height='12' rx='2' fill='{fill}' "
                     "stroke='#2f5d34'/>")
    parts.append(text(12 + ROWS * 26 + 4, y + 125, "rows completed", 11, fill="#555"))
    return parts, 140


def status_picture(status: dict[str, Any]) -> str:
    parts, y = turn_banner(status)
    more, y = each_player(status, _player, y, gap=0)
    return svg(WIDTH, y, parts + more, "Indian Summer status")
