"""Printed board symbols per game: the one table mapping layout letters to names.

Pure Python (no numpy / cv2) so the CLI can validate layouts cheaply.
"""

from __future__ import annotations

from assistant.errors import UsageError

EMPTY = "empty"
COVERED = "covered"

#: game id -> {layout letter: printed-content name}. "." is a plain cell in every game.
GAME_SYMBOLS: dict[str, dict[str, str]] = {
    "cottage-garden": {".": EMPTY, "P": "pot", "C": "cloche"},
    "indian-summer": {".": EMPTY, "B": "blueberry", "N": "nut", "M": "mushroom", "F": "feather"},
}
DEFAULT_GAME = "cottage-garden"

#: game id -> what a tile of that game may show: the symbols printed on it, "hole" for a hole cut
#: through it (Cottage Garden's flower tiles print pots and cloches; Indian Summer's leaf tiles
#: have a hole)
GAME_TILE_MARKS: dict[str, tuple[str, ...]] = {
    "cottage-garden": ("pot", "cloche"),
    "indian-summer": ("hole",),
}


def symbols_for(game: str) -> dict[str, str]:
    return _of_game(GAME_SYMBOLS, game, "board symbols")


def tile_marks(game: str) -> tuple[str, ...]:
    return _of_game(GAME_TILE_MARKS, game, "tile marks")


def _of_game(table: dict, game: str, what: str):
    """A game's entry of one of the tables above; an unknown game is named with the known ones."""
    try:
        return table[game]
    except KeyError:
        known = ", ".join(sorted(table))
        raise UsageError(f"unknown game {game!r} for {what}; known: {known}.") from None


def parse_grid_size(text: str) -> tuple[int, int]:
    """'5x5' -> (5, 5)."""
    parts = text.lower().replace("×", "x").split("x")
    try:
        if len(parts) != 2:
            raise ValueError
        r, c = int(parts[0]), int(parts[1])
    except ValueError:
        raise UsageError(f"--grid must be ROWSxCOLS, e.g. 5x5, got {text!r}.") from None
    if not (1 <= r <= 30 and 1 <= c <= 30) or r * c < 2:
        raise UsageError(f"--grid {text} is not a board size (1 to 30 rows and columns).")
    return r, c


def parse_layout(text: str | None, rows: int, cols: int, game: str = DEFAULT_GAME) -> list[list[str]]:
    """'P.C../...' -> rows x cols names; None -> all plain."""
    table = symbols_for(game)
    if text is None or text.strip() == "":
        return [[EMPTY] * cols for _ in range(rows)]
    lines = [ln.strip() for ln in text.strip().split("/")]
    if len(lines) != rows:
        raise UsageError(f"--layout has {len(lines)} rows but the grid has {rows}.")
    out = []
    for i, ln in enumerate(lines):
        if len(ln) != cols:
            raise UsageError(f"--layout row {i + 1} {ln!r} has {len(ln)} cells but the grid has {cols} columns.")
        row = []
        for ch in ln:
            key = ch if ch in table else ch.upper()
            if key not in table:
                allowed = " ".join(f"{k}={v}" for k, v in table.items())
                raise UsageError(f"--layout symbol {ch!r} is not one of {game}'s: {allowed}.")
            row.append(table[key])
        out.append(row)
    return out


def layout_text(layout: list[list[str]], game: str = DEFAULT_GAME) -> str:
    inverse = {v: k for k, v in symbols_for(game).items()}
    return "/".join("".join(inverse.get(name, "?") for name in row) for row in layout)
