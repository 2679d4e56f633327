"""Rich views of a Gartenbau game: set-up, each garden drawn by its top layer, the market ring, tally."""

from __future__ import annotations

from rich.color import ColorParseError
from rich.console import Group
from rich.panel import Panel
from rich.style import Style
from rich.table import Table
from rich.text import Text

from assistant.games.gartenbau import report
from assistant.games.gartenbau.components import DRAFT, IN_PLAY, PETALS, short_resources
from assistant.games.gartenbau.state import GameState, Player

LEGEND = ("seedlings: their kinds' first letters (lower case) · plants: their colour's first letter (upper case) · "
          "flowers: * · the watering can and flowerpot: yes while unused")


def _style(colour: str) -> str:
    try:
        Style.parse(f"bold {colour}")
        return f"bold {colour}"
    except ColorParseError:
        return "bold"


def garden_view(player: Player) -> Text:
    top = player.garden.top
    if not top:
        return Text("(no tiles)")
    rows = [r for r, _ in top]
    cols = [c for _, c in top]
    text = Text(" " * 5 + "".join(f"{c:>3}" for c in range(min(cols), max(cols) + 1)) + "\n", style="dim")
    for r in range(min(rows), max(rows) + 1):
        text.append(f"{r:>4} ", style="dim")
        for c in range(min(cols), max(cols) + 1):
            found = player.piece_at((r, c))
            if found is None:
                text.append("  ·", style="dim")
                continue
            piece = found[1]
            if piece.layer == "seedling":
                text.append(f"  {piece.kinds[piece.cells.index((r, c))][0]}")
            elif piece.layer == "plant":
                text.append(f"  {piece.colours[0][0].upper()}", style=_style(piece.colours[0]))
            else:
                text.append("  *", style="bold magenta")
        text.append("\n")
    return text


def market_line(state: GameState) -> Text:
    out = Text()
    petals = iter(enumerate(state.petals, 1))
    spaces = state.setup.ring.split() if state.setup.ring else []
    if not spaces:
        out.append("Market ring not defined (markers not tracked). Petals: ")
        for number, petal in petals:
            lying = short_resources(petal.sun, petal.water)
            out.append(f"{number}:{petal.tiles}" + (f"+{lying}" if lying != "0" else "") + " ")
        return out
    for index, space in enumerate(spaces):
        here = "".join(p.name[0] for p in state.players if p.position == index)
        if space.startswith("P"):
            number, petal = next(petals)
            lying = short_resources(petal.sun, petal.water)
            out.append(f"[P{number} {petal.tiles}" + (f" +{lying}" if lying != "0" else "") + "]",
                       style="dim" if petal.tiles == 0 else "")
        else:
            out.append(f"[{space}]")
        if here:
            out.append(f"<{here}>", style="bold")
        out.append(" ")
    return out


def status_view(state: GameState, name: str) -> Panel:
    from assistant.games.gartenbau.engine import turn_summary

    head = Text(turn_summary(state) + "\n", style="bold")
    head.append("Market: ").append(market_line(state))
    ending = report.turns_left(state)
    if ending is not None and not state.over:
        head.append(f"\nEnd triggered: {ending} turn(s) left so that everyone has had as many.", style="bold red")
    panels = []
    for i, p in enumerate(state.players):
        data = report.player_data(p)
        hand = "not told" if p.hand is None else (", ".join(p.hand) or "empty")
        info = Text(f"{p.sun} sun, {p.water} water · flowerpot {'yes' if p.flowerpot else 'used'} · can "
                    f"{'yes' if p.can else 'used'} · hand: {hand} · tiles {len(data['garden'])}")
        title = ("▶ " if i == state.current and not state.over else "") + p.name
        panels.append(Panel(Group(garden_view(p), info), title=title, title_align="left", expand=False))
    return Panel(Group(head, *panels, Text(LEGEND, style="dim")), title=f"Gartenbau · {name}", title_align="left")


def setup_view(state: GameState, name: str) -> Panel:
    n = len(state.players)
    setup = state.setup
    out = {2: "the 15 tiles marked 3-4 players and 3 more at random", 3: "9 at random", 4: "none"}[n]
    lines = [
        f"Market board: the {n}-player side. Start player: {state.players[0].name}; clockwise: "
        + ", ".join(p.name for p in state.players) + ".",
        f"Seedling tiles out: {out}; the {IN_PLAY[n]} left in stacks of 9 face up, one on each of the "
        f"{PETALS[n]} petals.",
        "Plant tiles by colour, each stack lowest value on top" + (" (the tiles worth 3 out)" if n == 2 else "")
        + ".",
        "Each player: 2 sun, 2 water, a start seedling tile (either side: the start of the garden, cells 0,0 and "
        "0,1), a flowerpot and a watering can; every marker on the orange start circle.",
    ]
    if setup.flowers == "advanced":
        stacks, discards = DRAFT[n]
        lines.append(f"Flowers (advanced): 12 of the 24 face down in a 3x4 grid, one face up on each; in turn order "
                     f"each player takes a stack of 2 until each has {stacks}, then discards {discards}: a hand of "
                     f"{2 * stacks - discards}. Tell each hand: garden hand PLAYER F1,F2,...")
    else:
        lines.append("Flowers (beginner): the basic tiles by the icon on their back; in turn order each player takes "
                     "one icon set. Tell each hand if you like: garden hand PLAYER F1,F2,...")
    lines.append(f"Market ring: {setup.ring}" if setup.ring else
                 f"Market ring: not defined for {n} players, so markers' moves are not checked (give --petal N): "
                 f"garden market define {n} \"S P C P C ...\" for your next game.")
    missing = [p for p, s in zip(setup.players, setup.starts or ("",) * n) if not s]
    if missing:
        lines.append(f"Start tiles not named for {', '.join(missing)}: a plant over them will ask for them "
                     "(garden new ... --start PLAYER=KIND+KIND).")
    lines.append("House rules: " + ", ".join(f"{k}={v}" for k, v in setup.house_rules.items()))
    return Panel("\n".join(lines), title=f"New game: Gartenbau · {name} · {n} players", title_align="left")


def tally_view(state: GameState) -> Table:
    data = report.tally_data(state)
    table = Table(title="Final tally" if state.over else "Standings so far (the game is not over)",
                  title_justify="left")
    for header in ("place", "player", "flowers", "plants", "tokens", "total", "flower tiles", "plant tiles"):
        table.add_column(header, justify="left" if header == "player" else "right")
    for r in data["ranking"]:
        table.add_row(str(r["place"]), r["name"], str(r["flower_points"]), str(r["plant_points"]),
                      str(r["token_points"]), str(r["total"]), str(r["flowers"]), str(r["plants"]))
    tie = f" (tie-break: {data['tie_break']})" if data["tie_break"] else ""
    winner = data["winner"] if isinstance(data["winner"], str) else " and ".join(data["winner"]) + " share it"
    table.caption = (f"Winner: {winner}{tie}. Flowers + uncovered plants + 2 a token unused; tied: more flower "
                     "tiles, then fewer plant tiles, then shared.")
    return table

