"""Rich drawings of Cottage Garden beds, cell by cell (board mode)."""

from __future__ import annotations

from rich.columns import Columns
from rich.panel import Panel
from rich.text import Text

from assistant.games.cottage_garden import bed as cells
from assistant.games.cottage_garden.planting import BedSlot

# (text, style) per cell state: uncovered cells dim, covered cells bold.
LOOK: dict[str, tuple[str, str]] = {
    cells.EMPTY: (" · ", "dim"),
    cells.POT: (" P ", "dark_orange"),
    cells.CLOCHE: (" C ", "dodger_blue1"),
    cells.TILE: ("███", "green"),
    cells.TILE_POT: ("█P█", "bold dark_orange on green"),
    cells.TILE_CLOCHE: ("█C█", "bold dodger_blue1 on green"),
    cells.POT_TOKEN: ("(o)", "bold dark_orange"),
    cells.CAT: ("cat", "bold magenta"),
}


def bed_grid(slot: BedSlot, highlight: set[tuple[int, int]] = frozenset()) -> Text:  # type: ignore[assignment]
    board = slot.board
    text = Text()
    for r in range(board.rows):
        for c in range(board.cols):
            label, style = LOOK[str(board.state(r, c))]
            text.append(label, style="bold yellow reverse" if (r, c) in highlight else style)
        text.append("\n")
    return text


def bed_panel(title: str, slot: BedSlot | None) -> Panel:
    if slot is None:
        return Panel(Text("(gone)", style="dim"), title=title, width=26)
    pots, cloches = cells.visible_pots(slot.board), cells.visible_cloches(slot.board)
    empty = slot.board.count(cells.EMPTY)
    body = bed_grid(slot)
    body.append(f"{slot.up.describe()}\n{slot.tiles} tile(s) · {empty} empty\n{pots} pot(s) · {cloches} cloche(s)", style="dim")
    return Panel(body, title=title, width=26)


def beds_view(state, names: list[str]) -> Columns:
    panels = []
    for name in names:
        index = state.index_of(name)
        for number, slot in enumerate(state.beds[index], start=1):
            panels.append(bed_panel(f"{name} · bed {number}", slot))
    if state.public_bed is not None:
        panels.append(bed_panel("public bed", state.public_bed))
    return Columns(panels)
