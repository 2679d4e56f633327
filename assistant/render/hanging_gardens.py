"""Rich views of a Hanging Gardens game: set-up, each garden drawn as a grid of themes, tally."""

from __future__ import annotations

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from assistant.games.hanging_gardens import report
from assistant.games.hanging_gardens.components import COLUMNS, REVEALED, ROWS, TEMPLES, THEMES
from assistant.games.hanging_gardens.state import GameState, Player

STYLE = {"R": "bold white on red", "G": "bold white on green", "Y": "bold black on yellow",
         "B": "bold white on blue", ".": "black on grey70"}
TEMPLE = "▲"


def garden_view(player: Player, placed: tuple = ()) -> Text:
    """The garden as a grid of themes, column numbers above and row numbers beside; a temple as ▲,
    the card placed this turn underlined."""
    (top, left), rows = player.garden.rows()
    temples = set(player.temples)
    new = set(placed)
    width = max(len(str(left)), len(str(left + len(rows[0]) - 1))) if rows else 1
    text = Text(" " * 5 + "".join(f"{c:>{width + 1}}" for c in range(left, left + len(rows[0])))
                + "\n", style="dim")
    for i, row in enumerate(rows):
        r = top + i
        text.append(f"{r:>4} ", style="dim")
        for j, letter in enumerate(row):
            cell = (r, left + j)
            if letter == " ":
                text.append(" " * (width + 1))
                continue
            mark = TEMPLE if cell in temples else letter if letter != "." else "·"
            style = STYLE[letter] + (" underline" if cell in new else "")
            text.append(" " * width, style=style).append(mark, style=style)
        text.append("\n")
    return text


def player_panel(state: GameState, index: int) -> Panel:
    player = state.players[index]
    data = report.player_data(player)
    current = index == state.current and not state.over
    body = [garden_view(player, state.turn.placed if current else ())]
    areas = [f"{THEMES_SHORT[a['theme']]}{a['size']}{TEMPLE if a['temple'] else ''}" for a in data["areas"]
             if a["size"] >= 2]
    tiles = ", ".join(f"{k} {v}" for k, v in data["tiles"].items()) or "none"
    body.append(Text(f"areas of 2+: {' '.join(areas) or 'none'} · temples left {player.temples_left} of "
                     f"{TEMPLES} · cards {player.cards} · tiles: {tiles}"
                     + (f" · owed {player.owed} (5 points each)" if player.owed else "")))
    title = ("▶ " if current else "") + player.name
    return Panel(Group(*body), title=title, title_align="left", expand=False)


THEMES_SHORT = {name: letter for letter, name in THEMES.items()}


def display_line(state: GameState) -> str:
    cells = []
    for col in COLUMNS:
        count = sum(state.slots[ROWS.index(row) * len(COLUMNS) + COLUMNS.index(col)] for row in ROWS)
        cells.append(f"column {col}: {count}")
    return (f"Display: {', '.join(cells)} face up · stacks top {state.stacks[0]}, bottom {state.stacks[1]} · "
            f"deck {state.deck} · face-up cards {state.face_up}")


def status_view(state: GameState, name: str) -> Panel:
    from assistant.games.hanging_gardens.engine import turn_summary

    head = Text(turn_summary(state) + "\n", style="bold")
    head.append(display_line(state))
    legend = Text("R terrace  G park  Y arcade  B fountain  · blank  ▲ temple; the card just placed underlined",
                  style="dim")
    panels = [player_panel(state, i) for i in range(len(state.players))]
    return Panel(Group(head, *panels, legend), title=f"The Hanging Gardens · {name}", title_align="left")


def setup_view(state: GameState, name: str) -> Panel:
    n = len(state.players)
    top, bottom = state.setup.rule("tile_stacks").split("/")
    lines = [
        f"Start player (the youngest, with the start marker): {state.players[0].name}; clockwise: "
        + ", ".join(p.name for p in state.players) + ".",
        f"Each player: a start card (6 blank cells: rows 0-1, columns 0-2 of their garden) and {TEMPLES} temples of "
        f"their colour; the other {4 - n} start card(s) and their temples leave the game." if n < 4 else
        f"Each player: a start card (6 blank cells: rows 0-1, columns 0-2 of their garden) and {TEMPLES} temples.",
        "The 60 building cards shuffled face down: the deck.",
        f"The 49 score tiles face down in two stacks ({top} and {bottom}); 3 of each revealed: the display's top and "
        "bottom rows, 3 columns of 2 for areas of 3, 4 and 5 cells.",
        f"Each round: reveal {REVEALED[n]} cards" + (" (the two players alternate, each taking 2)" if n == 2 else "")
        + "; the start marker passes left after the round.",
        "House rules: " + ", ".join(f"{k}={v}" for k, v in state.setup.house_rules.items()),
        "Define your box's cards once (garden cards define ID LAYOUT), or write a card as RG./..B.",
    ]
    return Panel("\n".join(lines), title=f"New game: The Hanging Gardens · {name} · {n} players", title_align="left")


def tally_view(state: GameState) -> Group:
    data = report.tally_data(state)
    title = "Final tally" if state.over else "Standings so far (the game is not over)"
    table = Table(title=title, title_justify="left")
    for header in ("place", "player", "series", "characters", "owed", "total", "tiles"):
        table.add_column(header, justify="left" if header in ("player", "series", "characters") else "right")
    players = {p["name"]: p for p in data["players"]}
    for row in data["ranking"]:
        p = players[row["name"]]
        series = ", ".join(f"{k} {v['tiles']}: {'?' if v['points'] is None else v['points']}"
                           for k, v in p["series"].items()) or "-"
        chars = ", ".join(f"{k}: {'?' if v['points'] is None else v['points']}" for k, v in p["characters"].items())
        total = str(p["total"]) if p["total"] is not None else f"{p['known_points']}+?"
        table.add_row(str(row["place"]), row["name"], series, chars or "-", f"{p['owed']} (+{p['debt_points']})",
                      total, str(p["tiles"]))
    if data["decided"]:
        tie = " on the tie-break (more score tiles)" if data["tie_break"] else ""
        winner = data["winner"] if isinstance(data["winner"], str) else " and ".join(data["winner"]) + " share it"
        table.caption = f"Winner: {winner}{tie}. Highest total wins; tied: more score tiles."
        return Group(table)
    lines = [Text("Unknown values (no source gives them; nothing is scored as 0) — the ranking counts known points "
                  "only:", style="bold")]
    lines += [Text(f"  {u['player']}: {u['value']} → {u['how']}") for u in data["unknown"]]
    return Group(table, *lines)

