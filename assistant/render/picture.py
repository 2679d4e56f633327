"""The game as a picture for the web page: SVG text drawn from `status --json` (the same object
every face reads). Each game's views module offers `status_picture(status)`; what every game
shows (whose turn, the players and their scores) is drawn here, a game adds its own board."""

from __future__ import annotations

from html import escape
from collections.abc import Callable
from typing import Any

FONT = "font-family='system-ui, sans-serif'"
WIDTH = 360  # a phone's width in CSS pixels: the picture scales to the page


def svg(width: int, height: int, parts: list[str], label: str) -> str:
    return "\n".join([f"<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 {width} {height}' "
                      f"width='100%' role='img' aria-label='{escape(label)}'>", *parts, "</svg>"])


def text(x: float, y: float, words: Any, size: int = 14, anchor: str = "start", weight: str = "normal",
         fill: str = "#222") -> str:
    return (f"<text x='{x:.1f}' y='{y:.1f}' {FONT} font-size='{size}' text-anchor='{anchor}' "
            f"font-weight='{weight}' fill='{fill}'>{escape(str(words))}</text>")


def turn_banner(status: dict[str, Any], y: int = 0) -> tuple[list[str], int]:
    """Whose turn (or the game over), as the top of every game's picture; (parts, height)."""
    turn = status.get("turn") or {}
    if status.get("over"):
        line = "The game is over: see the tally"
    else:
        line = f"Turn {turn.get('number', '?')}: {turn.get('player', '?')}"
        if status.get("round") is not None:
            line += f" · round {status['round']}" + (" (final)" if status.get("final_round") else "")
    return [f"<rect x='0' y='{y}' width='{WIDTH}' height='40' rx='8' fill='#2f5d34'/>",
            text(12, y + 26, line, 18, weight="bold", fill="white")], 48


def players_panel(status: dict[str, Any], y: int) -> tuple[list[str], int]:
    """A row a player: name, score when the status has one; the player to move marked."""
    mover = (status.get("turn") or {}).get("player")
    parts: list[str] = []
    for i, player in enumerate(status.get("players", [])):
        name = player.get("name", "?") if isinstance(player, dict) else str(player)
        top = y + i * 36
        parts.append(f"<rect x='0' y='{top}' width='{WIDTH}' height='32' rx='6' "
                     f"fill='{'#ffe9a8' if name == mover else '#f3f0e4'}'/>")
        parts.append(text(12, top + 22, ("▶ " if name == mover else "") + name, 16, weight="bold"))
        score = player.get("score", player.get("total")) if isinstance(player, dict) else None
        if score is not None:
            parts.append(text(WIDTH - 12, top + 22, f"{score} points", 15, anchor="end"))
    return parts, 36 * len(status.get("players", []))


def cell_grid(cells: dict[tuple[int, int], str], x0: float, y0: float, width: float,
              max_cell: float = 30) -> tuple[list[str], float]:
    """Cells {(row, col): fill} drawn as squares fitting `width`, the grid's top-left at (x0, y0);
    (parts, height). Rows and columns may be negative (a garden grows every way)."""
    if not cells:
        return [], 0.0
    rows = [r for r, _ in cells]
    cols = [c for _, c in cells]
    r0, c0 = min(rows), min(cols)
    size = min(max_cell, width / (max(cols) - c0 + 1))
    parts = [f"<rect x='{x0 + (c - c0) * size:.1f}' y='{y0 + (r - r0) * size:.1f}' width='{size - 2:.1f}' "
             f"height='{size - 2:.1f}' rx='3' fill='{fill}' stroke='#444' stroke-width='0.6'/>"
             for (r, c), fill in sorted(cells.items())]
    return parts, (max(rows) - r0 + 1) * size


def each_player(status: dict[str, Any], draw: Callable[[dict[str, Any], bool, float], tuple[list[str], float]],
                y: float, gap: float = 8) -> tuple[list[str], float]:
    """Every player's panel, `draw(player, to_move, top)` -> (parts, height), one below the other
    from `y`; (parts, the y below the last)."""
    mover = (status.get("turn") or {}).get("player")
    parts: list[str] = []
    for player in status.get("players", []):
        more, height = draw(player, player["name"] == mover, y)
        parts += more
        y += height + gap
    return parts, y
