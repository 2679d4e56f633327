"""Rich drawing of Indian Summer woodland boards in board mode (`garden woods`)."""

from __future__ import annotations

from rich.console import Group
from rich.panel import Panel
from rich.text import Text

from assistant.games.indian_summer import woods
from assistant.games.indian_summer.state import GameState

STYLE = {
    "B": "bold blue", "N": "bold yellow", "M": "bold red", "F": "bold magenta",
    "#": "green", "o": "bold white", "s": "bold dark_orange", "a": "bold cyan",
    "b": "reverse blue", "n": "reverse yellow", "m": "reverse red", "f": "reverse magenta",
    "1": "blue", "2": "yellow", "3": "red", "4": "magenta", ".": "dim",
}
LEGEND = ("Legend: . empty · B N M F printed blueberry/nut/mushroom/feather · # leaf · o hole · "
          "b n m f token on a hole · 1 2 3 4 hole showing a printed b/n/m/f · s squirrel · a animal. "
          "Rows 0-8 from the top, columns 0-7; regions 1|2, 3|4, 5|6.")


def board_text(text: str, highlight: set[tuple[int, int]] | None = None) -> Text:
    rows = text.split("/")
    out = Text("    " + " ".join(str(c) for c in range(4)) + "   " + " ".join(str(c) for c in range(4, 8)) + "\n",
               style="dim")
    for r, row in enumerate(rows):
        if r and r % woods.REGION_ROWS == 0:
            out.append("    " + "-" * 7 + " + " + "-" * 7 + "\n", style="dim")
        out.append(f"{r:>2}  ", style="dim")
        for c, ch in enumerate(row):
            if c == woods.REGION_COLS:
                out.append(" | ", style="dim")
            elif c:
                out.append(" ")
            if highlight and (r, c) in highlight:
                out.append("X", style="bold reverse green")
            else:
                out.append(ch, style=STYLE.get(ch, ""))
        out.append("\n")
    return out


def woods_view(state: GameState, names: list[str]) -> Group:
    panels = []
    for name in names:
        index = state.index_of(name)
        assert index is not None
        player = state.players[index]
        side = state.setup.woods[index]
        lines = board_text(woods.woods_text(player.board))
        status = []
        for region in range(1, 7):
            if region in player.completed:
                status.append(f"{region}: done")
            else:
                status.append(f"{region}: {woods.empty_in(player.board, region)} empty")
        lines.append(f"{player.empty} empty cell(s) · regions " + " · ".join(status), style="italic")
        # the count in the body: a placeholder side's long name filled the title, which rich cuts
        panels.append(Panel(lines, title=f"{player.name} · woodland {side.describe()}", title_align="left",
                            expand=False))
    return Group(*panels, Text(LEGEND, style="dim"))
