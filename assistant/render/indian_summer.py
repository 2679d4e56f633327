"""Rich views of an Indian Summer game: set-up, status panel, tally table."""

from __future__ import annotations

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from assistant.games.indian_summer import report, supply, tally
from assistant.games.indian_summer.pending import refill_example
from assistant.games.indian_summer.state import GameState

COLOUR_STYLE = {"green": "bold green", "orange": "bold dark_orange", "red": "bold red"}
TREASURE_MARK = {"blueberry": "b", "nut": "n", "mushroom": "m", "feather": "f"}


def leaves(colours) -> Text:
    text = Text()
    for c in colours:
        if c is None:
            text.append("·", style="dim")
        else:
            text.append(supply.LETTER[c], style=COLOUR_STYLE[c])
    return text if colours else Text("-", style="dim")


def held(counts) -> str:
    return " ".join(f"{n}{TREASURE_MARK[k]}" for n, k in zip(counts, supply.TREASURES)) 


def players_table(state: GameState) -> Table:
    table = Table(expand=False, show_edge=False, pad_edge=False, padding=(0, 1, 0, 0))
    # held: treasures b n m f; regions: those complete; tokens: lying on regions (3:1n1m). Fits
    # 80 columns with 4 players; a narrower terminal wraps a cell, never cuts it short
    for header in ("player", "path", "held", "empty", "regions", "tokens", "squirrels", "animals"):
        table.add_column(header, overflow="fold")
    for i, p in enumerate(state.players):
        marker = "▶ " if i == state.current and not state.over else "  "
        on = " ".join(f"{r + 1}:" + "".join(f"{n}{TREASURE_MARK[k]}" for n, k in zip(t, supply.TREASURES) if n)
                      for r, t in enumerate(p.tokens) if any(t)) or "·"
        table.add_row(marker + p.name + (" (full)" if p.full else ""), leaves(p.path), held(p.held).replace(" ", ""),
                      str(p.empty),
                      ",".join(map(str, p.completed)) or "·", on,
                      str(p.squirrels + p.standins), ",".join(p.animals) or "·")
    return table


def status_view(state: GameState, name: str) -> Panel:
    info = Text()
    turn = state.turn
    if state.over:
        info.append("The game is over: garden tally\n", style="bold")
    elif state.setup.solo:
        info.append(f"Solo game {state.game} of 3 · round {state.round} of 10\n", style="bold")
        if state.dealt:
            info.append("Upper row: ").append(leaves(state.upper)).append("   lower row: ").append(leaves(state.lower))
            info.append("\nSpaces 1-10 | mushroom m2 m1: ").append(leaves(state.spaces[:10])).append(" | ")
            info.append(leaves(state.spaces[10:])).append("\n")
        else:
            info.append("Report the layout of the next stack: garden deal\n", style="italic")
    else:
        info.append(f"Turn {state.turn_number}: ", style="bold")
        info.append(state.current_player.name, style="bold yellow")
        if state.ending is not None:
            info.append(f"   {state.players[state.ending].name}'s board is full: last turns", style="bold red")
        info.append(f"\nCommon path: {state.ring} tiles, reserve {state.reserve} "
                    f"(left unseen: {supply.describe(state.pool, supply.COLOURS)})\n")
    if not state.over:
        info.append(("Main action done: " + turn.main) if turn.main else
                    "Main action: garden leaf | squirrel | mushroom | feather", style="italic")
        info.append("\nSpecial: garden blueberry | nut | exchange; report regions (garden region) and animals "
                    "(garden animal); end: garden next", style="italic")
        if turn.refills:
            info.append("\nRefill pending: " + ", ".join(state.players[i].name for i in turn.refills)
                        + f" (garden path NAME {refill_example(state.setup)})", style="bold")
    sup = (f"Supply: {held(state.supply)} · squirrels {state.squirrels_left} · animals {state.animals_left} · "
           f"stack tokens: {', '.join(f'{k.upper()} {supply.STACK_TOKEN[k]}' for k in state.stacks) or 'none'}")
    # a Text title: a str one is read as markup, loading rich's emoji table on every status
    title = f"Indian Summer · {name}" + (" · solo" if state.setup.solo else "")
    return Panel(Group(info, Text(sup, style="dim"), Text(""), players_table(state)), title=Text(title), title_align="left")


def setup_view(state: GameState, name: str) -> Panel:
    setup = state.setup
    n = len(state.players)
    lines = []
    if setup.solo:
        lines += [
            "Solo: 3 games of 10 rounds. Shuffle the 75 leaf tiles into 3 stacks of 25, one a game.",
            "Each game: from its stack, 5 tiles in a row above the game board (upper row), 5 below (lower row), one on each "
            "of spaces 1-10, the last 5 in a row beside your backpack (your path).",
            "Then tell the assistant the layout by colour: garden deal --upper ggoor --lower ... --spaces ... --path ...",
            "Game board: solo side up; the two mushroom spaces right of space 10 start empty.",
            "Your woodland board (either side), a backpack; 1 blueberry, 1 nut, 1 mushroom. No common path, no bush, no boot.",
        ]
    else:
        lines += [
            f"Game board: multiplayer side up. Start player (hiking boot): {state.players[0].name}; clockwise: "
            + ", ".join(p.name for p in state.players) + ".",
            "Each player: a woodland board (either side), a backpack beside it, 1 blueberry, 1 nut, 1 mushroom, and a path "
            "beside the backpack of 2 green, 2 orange and 1 red random leaf tiles.",
            f"Common path: the other {sum(state.pool)} leaf tiles ({supply.describe(state.pool, supply.COLOURS)}) ring the game "
            f"board: lay {state.ring}, leaving a gap for the bush; the other {state.reserve} form the reserve "
            f"(house rule ring_capacity={setup.rule('ring_capacity')}, a PLACEHOLDER: no source gives the ring's size).",
        ]
    if setup.board_mode:
        from assistant.games.indian_summer import woods

        lines.append("Board mode: every woodland board cell by cell (9 rows x 8 columns, regions 1|2, 3|4, 5|6 of 3x4 "
                     "from the top); placements name their cells. Draw them: garden woods.")
        for player, side in zip(setup.players, setup.woods):
            line = f"  {player}: woodland {side.describe()}"
            if side.known:
                _, warnings = woods.check_layout(side.layout)
                line += "".join(f" — warning: {w}" for w in warnings)
            lines.append(line)
    lines += [
        "Animals: 20 tiles in 7 stacks (i3, l3, i4, o, t, z, l); a blueberry on the Z stack, a nut on the T stack, "
        "a feather on the O stack.",
        f"Supply: 32 squirrels by one short side; treasure tokens by the other ({held(state.supply)} after dealing).",
        "House rules: " + ", ".join(f"{k}={v}" for k, v in setup.house_rules.items()),
    ]
    who = "solo" if setup.solo else f"{n} players"
    return Panel("\n".join(lines), title=f"New game: Indian Summer · {name} · {who}", title_align="left")


def tally_view(state: GameState) -> Table:
    data = report.tally_data(state)
    title = "Final tally" if state.over else "Standings so far (the game is not over)"
    table = Table(title=title, title_justify="left")
    if state.setup.solo:
        for header in ("game", "result", "points", "empty cells", "treasures b n m f"):
            table.add_column(header, justify="right")
        for r in state.results:
            table.add_row(str(r.game), "success" if r.success else "failure", str(r.points), str(r.empty), held(r.held))
        score = tally.solo_score(state.results)
        if score is not None:
            games = " + ".join(f"game {g}" for g in score.counted)
            table.caption = f"Three-game score: {score.score} ({games}); {score.successes} success(es) · {score.verdict}"
        return table
    for header in ("place", "player", "empty cells", "nuts", "blueberry", "regions"):
        table.add_column(header, justify="right" if header != "player" else "left")
    for row in data["ranking"]:
        table.add_row(str(row["place"]), row["name"], str(row["empty"]), str(row["nuts"]),
                      "yes" if row["blueberry"] else "no", str(row["completed"]))
    table.caption = "Fewest empty cells wins; tied: more nuts, then a blueberry held, then shared."
    return table

