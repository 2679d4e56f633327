"""Two light layouts for the views read most (`garden status`, whose start-up is benchmarked):
two blocks side by side, and a plain table of fixed columns. Neither loads rich.table (with
its fractions and decimals) for a view this simple."""

from __future__ import annotations

from collections.abc import Iterable

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.text import Text

NARROWEST = 24  # below this the right block goes under the left one


class SideBySide:
    """`left` at its natural width, `right` wrapped into what the console leaves beside it (under
    it, on a narrow screen)."""

    def __init__(self, left: Text, right: Text, gap: int = 4) -> None:
        self.left, self.right, self.gap = left, right, gap

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        left = self.left.split("\n", allow_blank=True)
        width = max((cell_len(line.plain) for line in left), default=0)
        room = options.max_width - width - self.gap
        if room < NARROWEST:
            yield self.left
            yield self.right
            return
        right = self.right.wrap(console, room)
        for i in range(max(len(left), len(right))):
            line = Text()
            if i < len(left):
                line.append_text(left[i])
            if i < len(right):
                line.pad_right(width + self.gap - cell_len(line.plain))
                line.append_text(right[i])
            yield line


def plain_table(headers: Iterable[str], rows: Iterable[Iterable[str | Text]], gap: int = 1) -> Text:
    """Rows under their headers, each column as wide as its widest cell, a rule under the headers."""
    heads = list(headers)
    body = [[cell if isinstance(cell, Text) else Text(cell) for cell in row] for row in rows]
    widths = [max([cell_len(h)] + [cell_len(row[i].plain) for row in body]) for i, h in enumerate(heads)]
    out = Text()
    out.append_text(_line([Text(h, style="bold") for h in heads], widths, gap))
    out.append("\n" + "─" * (sum(widths) + gap * (len(widths) - 1)), style="dim")
    for row in body:
        out.append("\n")
        out.append_text(_line(row, widths, gap))
    return out


def _line(cells: list[Text], widths: list[int], gap: int) -> Text:
    line = Text()
    for i, (cell, width) in enumerate(zip(cells, widths)):
        line.append_text(cell)
        if i < len(cells) - 1:
            line.append(" " * (width - cell_len(cell.plain) + gap))
    return line
