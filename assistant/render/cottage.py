"""Rich views of a Cottage Garden game: set-up, status panel, tally table."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import Group
from rich.panel import Panel
from rich.text import Text

from assistant.games.cottage_garden import report
from assistant.games.cottage_garden.die import NURSERY_SIZE
from assistant.games.cottage_garden.state import GameState, Player
from assistant.games.cottage_garden.tracks import Colour
from assistant.render.layout import SideBySide, plain_table

if TYPE_CHECKING:  # the tally's table; the status loads no rich.table (its start-up is benchmarked)
    from rich.table import Table

DIE_FACES = "⚀⚁⚂⚃⚄⚅"
TRACK_STYLE = {"orange": "bold dark_orange", "blue": "bold dodger_blue1"}


def nursery(state: GameState) -> Text:
    """The 4x4 nursery with the die on its rim and the gardener line lit."""
    die = state.die
    line = set(die.line_cells(state.die_position))
    size = NURSERY_SIZE + 2  # the rim around the grid
    rim: dict[tuple[int, int], int] = {}
    for pos in range(die.positions):
        side, index = die.side_and_index(pos)
        k = NURSERY_SIZE if index is None else index
        rim[{0: (0, 1 + k), 1: (1 + k, size - 1), 2: (size - 1, size - 2 - k), 3: (size - 2 - k, 0)}[side]] = pos
    text = Text()
    for r in range(size):
        for c in range(size):
            if 0 < r < size - 1 and 0 < c < size - 1:
                lit = (r - 1, c - 1) in line
                if state.nursery is not None:  # tracked: the tile ids
                    tile = state.nursery.at((r - 1, c - 1)) or "--"
                    text.append(f" {tile:<3}", style="bold green" if lit else "")
                else:
                    text.append(" ▓▓ " if lit else " ░░ ", style="bold green" if lit else "dim")
            elif (r, c) in rim:
                pos = rim[(r, c)]
                if pos == state.die_position:
                    text.append(f" {DIE_FACES[state.face - 1]}  ", style="bold yellow")
                elif pos == 0:
                    text.append(" S  ", style="cyan")
                elif pos == die.turnover:
                    text.append(" ↻  ", style="cyan")
                else:
                    text.append(" ·  ", style="dim")
            else:
                text.append("    ")
        text.append("\n")
    text.append(f"{die.side}: S start, ↻ turn-over", style="dim")
    if state.nursery is not None:
        text.append(f"\nqueue ({len(state.nursery.queue)}): {' '.join(state.nursery.queue[:8])}"
                    + (" …" if len(state.nursery.queue) > 8 else ""), style="dim")
    return text


PAST = "▲"  # a cube past the red line


def track(player: Player, colour: Colour, red_line_after: int) -> Text:
    """One track as its three cubes' points, highest first, each apart; a cube past the red line
    marked (PAST): what a player reads off the board, without counting spaces."""
    text = Text()
    for points in sorted(player.points(colour), reverse=True):
        text.append(f"{points:>2}", style=TRACK_STYLE[colour])
        text.append(PAST if points > red_line_after else " ", style="bold red")
    return text


def players_table(state: GameState) -> Text:
    """A column a figure, no column rules: at 60 columns (a phone's terminal) every header and cube fits."""
    rows = []
    for i, p in enumerate(state.players):
        marker = "▶ " if i == state.current and not state.over else "  "
        rows.append([marker + p.name, str(p.score), track(p, "orange", int(state.setup.rule("red_line_orange"))),
                     track(p, "blue", int(state.setup.rule("red_line_blue"))), str(p.cats),
                     str(p.beehive) if p.beehive else "·", str(p.beds)])
    return plain_table(("player", "score", "orange", "blue", "cats", "hive", "beds"), rows, gap=2)


def tracks_key(state: GameState) -> Text:
    orange, blue = (int(state.setup.rule(f"red_line_{c}")) for c in ("orange", "blue"))
    return Text(f"Cubes: the points each of a player's 3 orange and 3 blue cubes stands on; {PAST} past the red "
                f"line (orange after {orange}, blue after {blue}).", style="dim")


def status_view(state: GameState, name: str) -> Panel:
    data = report.status(state, name)
    turn = data["turn"]
    info = Text()
    if state.over:
        info.append("The game is over: garden tally\n", style="bold")
    else:
        info.append(f"Turn {turn['number']}: ", style="bold")
        info.append(f"{turn['player']}", style="bold yellow")
        info.append(f"   next: {turn['next_player']}\n")
        info.append(f"Gardener line: {data['gardener']['line']}\n", style="bold green")
        if state.final_round:
            info.append("FINAL ROUND", style="bold red")
            info.append(": pay 2 points first; completed beds leave; no new beds\n")
        else:
            left = turn["turns_before_final_round"]
            each = -(-left // len(state.players))
            info.append(f"Round {state.face} of 6 · {left} turn(s) before the final round (about {each} each)\n")
        info.append(_phase_hint(state), style="italic")
    top = SideBySide(nursery(state), info)
    # a Text title: a str one is read as markup, loading rich's emoji table on every status
    title = f"Cottage Garden · {name}" + (" · solo" if state.setup.solo else "")
    return Panel(Group(top, Text(""), players_table(state), tracks_key(state)), title=Text(title), title_align="left")


def _phase_hint(state: GameState) -> str:
    if state.final_round and state.current_player.beds and not state.turn.paid:
        return "Pay first: garden pay (or garden score, which pays the cheapest way)."
    if state.turn.scored:
        return "Scored this turn. More beds complete? garden score. Done: garden next."
    return ("Fill: 3-4 empty cells in the line must be refilled (nearest the die first); "
            "1-2 may be, for a cat (garden refill).\nPlant a tile from the line or take a flowerpot; "
            "a complete bed: garden score. Then garden next.")


def setup_view(state: GameState, name: str) -> Panel:
    die = state.die
    setup = state.setup
    lines = [
        f"Nursery: the {die.side}; 16 random tiles fill it, the other 20 form the queue (wheelbarrow at the front).",
        f"Gardener die: on the start space (S, above column 1), showing {die.start_face}"
        + ("; it moves two positions a turn (solo)." if setup.solo else "."),
        f"Turn-over space: {'two positions before the start space' if die.turnover else 'the start space'}.",
        f"Turns before the final round: {die.turns_before_final_round() // len(state.players)} each.",
        "Public bed: one bed, light side up, beside the nursery.",
    ]
    if setup.solo:
        lines.append("Solo: 3 beds in play (2 for you, light + dark; 1 public light side up); no beehives.")
    lines.append("Each player: a scoring board with 3 orange + 3 blue cubes on start, 2 beds (one light, one dark side up), 2 cats.")
    if setup.children_corners:
        corners = ", ".join(("top right", "bottom right", "bottom left", "top left")[c] for c in sorted(setup.children_corners))
        lines.append(f"Young children: a cat on the nursery corner(s) {corners}; rewards {setup.rule('children_rewards')}.")
    lines.append(f"Turn order: {', '.join(p.name for p in state.players)} (clockwise); {state.players[0].name} starts.")
    changed = {k: v for k, v in setup.house_rules.items()}
    lines.append("House rules: " + ", ".join(f"{k}={v}" for k, v in changed.items()))
    return Panel("\n".join(lines), title=f"New game: Cottage Garden · {name}", title_align="left")


def tally_view(state: GameState) -> Table:
    from rich.table import Table

    data = report.tally_data(state)
    title = "Final tally" if state.over else "Standings so far (the game is not over)"
    table = Table(title=title, title_justify="left")
    for header in ("place", "player", "score", "orange", "blue", "beehive"):
        table.add_column(header, justify="right" if header != "player" else "left")
    for row in data["ranking"]:
        table.add_row(str(row["place"]), row["name"], str(row["score"]), " + ".join(map(str, row["orange"])),
                      " + ".join(map(str, row["blue"])), str(row["beehives"]))
    if "rating" in data:
        table.caption = f"Solo rating: {data['rating']} (over 70 very good, 80 outstanding)"
    elif len({r["place"] for r in data["ranking"]}) < len(data["ranking"]):
        table.caption = f"Tie-breakers: score, then beehive points, then {state.setup.rule('tie')} (house rule tie)."
    return table


def notes_view(notes: list[str]) -> Text:
    return Text("\n".join(f"• {n}" for n in notes))



