"""The Hanging Gardens' components as far as any source gives them (../shared/rules/components.md),
and a building card's written form.

A card is written as its two rows of three cells seen upright, '/' between the rows: R terrace
(red), G park (green), Y arcade (yellow), B fountain (blue), '.' a blank building cell, e.g.
"RG./..B". Card layouts are in no source: they are the user's data (catalogue.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from assistant.errors import UsageError

if TYPE_CHECKING:  # listing the game's commands reads the tile names here, without the grid engine
    from assistant.grid import Cell, Shape

THEMES: dict[str, str] = {"R": "terrace", "G": "park", "Y": "arcade", "B": "fountain", ".": "blank"}
LETTER: dict[str, str] = {name: letter for letter, name in THEMES.items()}
BLANK = "."
CARD_ROWS, CARD_COLS = 2, 3
START_LAYOUT = ".../..."
START_CARDS = 4
BUILDING_CARDS = 60
CARDS = START_CARDS + BUILDING_CARDS
THEMED_PER_CARD = (1, 4)  # a building card shows 1-4 themed cells, the rest blank
TEMPLES = 5  # each player's
AREA_MIN = 3  # a temple needs an area of at least this many cells
TURNS = ("r0", "r90", "r180", "r270")

#: the 44 series tiles by series, then the 5 characters (one tile each)
SERIES: dict[str, int] = {"queen": 4, "king": 4, "tiger": 6, "garden": 6, "statue": 6, "chalice": 10, "gate": 8}
CHARACTERS: tuple[str, ...] = ("animal-handler", "gardener", "sculptor", "priest", "guard")
TILES = sum(SERIES.values()) + len(CHARACTERS)  # 49
COLUMNS = (3, 4, 5)  # the display: 3 columns of 2 face-up tiles, for areas of 3, 4 and 5 cells
ROWS = ("top", "bottom")  # the display's rows, each refilled from its own stack
DRAW_FROM = 6  # an area of this many cells or more also draws a face-down tile

#: cards revealed at the start of a round, by player count (2 players: each takes 2)
REVEALED: dict[int, int] = {2: 4, 3: 3, 4: 4}


def tile_names() -> tuple[str, ...]:
    return (*SERIES, *CHARACTERS)


def parse_layout(text: str, what: str = "card") -> str:
    """A card's layout in its written form, checked: 2 rows of 3 cells of R, G, Y, B or '.',
    with 1-4 themed cells. UsageError naming the problem [HG-CARD-1]."""
    raw = str(text).strip().upper().replace(" ", "")
    rows = raw.split("/")
    if len(rows) != CARD_ROWS or any(len(row) != CARD_COLS for row in rows):
        raise UsageError(f"{what} {text!r}: a card is 2 rows of 3 cells, '/' between them, e.g. RG./..B [HG-CARD-1]")
    bad = sorted({ch for ch in raw if ch != "/" and ch not in THEMES})
    if bad:
        raise UsageError(f"{what} {text!r}: unknown cell letter(s) {', '.join(bad)}: use R terrace, G park, "
                         "Y arcade, B fountain, '.' blank [HG-CARD-1]")
    themed = sum(ch != BLANK for ch in raw if ch != "/")
    low, high = THEMED_PER_CARD
    if not low <= themed <= high:
        raise UsageError(f"{what} {text!r}: a building card shows {low}-{high} themed cells, not {themed} [HG-CARD-1]")
    return raw


def card_cells(layout: str, turn: str, at: Cell) -> dict[Cell, str]:
    """The garden cells a card covers when turned `turn` (clockwise, seen from above) with its
    top-left cell at `at`, each with its letter."""
    oriented = card_shape(layout).transformed(turn)
    r0, c0 = at
    marks = oriented.mark_map()
    return {(r0 + r, c0 + c): marks[(r, c)] for r, c in oriented.cells}


def card_shape(layout: str) -> Shape:
    """The card as a 2x3 shape whose marks are its cells' letters (they turn with it)."""
    from assistant.grid import Shape

    rows = layout.split("/")
    marks = [((r, c), rows[r][c]) for r in range(CARD_ROWS) for c in range(CARD_COLS)]
    return Shape.parse("###/###", marks=marks)


def distinct_turns(layout: str) -> list[str]:
    """The turns that give different cells and themes (a card symmetric under a half turn has 2)."""
    return [o.name for o in card_shape(layout).orientations(flip=False)]
