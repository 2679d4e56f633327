"""Pictures drawn as SVG text from the JSON every face shares: the end-of-game scoresheet (from
`tally --json`). Plain strings, no drawing library: a browser, `tally --out FILE.svg` and a test read them."""

from __future__ import annotations

from html import escape
from typing import Any

from assistant.render.picture import text

ROW_H = 34


def _rows(tally: dict[str, Any]) -> list[dict[str, Any]]:
    return list(tally.get("ranking") or tally.get("players") or [])


def _columns(rows: list[dict[str, Any]]) -> list[str]:
    """The columns every game's tally has in common form: its plain values (numbers, yes/no, words),
    in the order the game gives them; nested details stay in the JSON."""
    columns: list[str] = []
    for row in rows:
        for key, value in row.items():
            if key not in columns and isinstance(value, (int, float, str, bool)) and key != "name":
                columns.append(key)
    return columns


def _cell(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return "" if value is None else str(value)


def scoresheet_svg(tally: dict[str, Any], title: str) -> str:
    """The tally as a scoresheet: a row a player (in rank order), a column each plain value."""
    rows = _rows(tally)
    columns = _columns(rows)
    name_w, col_w = 120, 96
    width = name_w + col_w * len(columns) + 20
    height = 70 + ROW_H * (len(rows) + 1) + 30
    over = "final" if tally.get("over") else "standings so far"
    winner = f" · winner {tally['winner']}" if tally.get("winner") else ""
    broken = f" · tie broken by {tally['tie_break']}" if tally.get("tie_break") else ""
    out = [f"<svg xmlns='http://www.w3.org/2000/svg' width='{width}' height='{height}' "
           f"viewBox='0 0 {width} {height}' role='img' aria-label='{escape(title)} scoresheet'>",
           "<rect width='100%' height='100%' fill='#fffdf5'/>",
           text(10, 30, title, 20, weight="bold"), text(10, 52, over + winner + broken, 13, fill="#555")]
    y = 70
    out.append(f"<rect x='10' y='{y}' width='{width - 20}' height='{ROW_H}' fill='#2f5d34'/>")
    out.append(text(18, y + 22, "player", 14, fill="white"))
    for k, column in enumerate(columns):
        out.append(text(name_w + (k + 1) * col_w - 8, y + 22, column.replace("_", " "), 13, "end", fill="white"))
    for i, row in enumerate(rows):
        y = 70 + ROW_H * (i + 1)
        shade = "#f1ecd8" if i % 2 else "#fffdf5"
        out.append(f"<rect x='10' y='{y}' width='{width - 20}' height='{ROW_H}' fill='{shade}'/>")
        out.append(text(18, y + 22, row.get("name", ""), 15, weight="bold"))
        for k, column in enumerate(columns):
            out.append(text(name_w + (k + 1) * col_w - 8, y + 22, _cell(row.get(column)), 15, "end"))
    out.append("</svg>")
    return "\n".join(out)
