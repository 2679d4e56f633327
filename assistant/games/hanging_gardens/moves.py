"""What each Hanging Gardens command means: the events it implies, in order, and why. A card
named by id is resolved against the user's catalogue here, once, and the log keeps its layout."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from assistant.errors import IllegalMove, UsageError
from assistant.games.hanging_gardens import catalogue
from assistant.games.hanging_gardens.actions import Card, Discard, NextTurn, Take, Temple, to_event
from assistant.games.hanging_gardens.components import ROWS
from assistant.games.hanging_gardens.rules import smallest_templed
from assistant.games.hanging_gardens.state import GameState, slot
from assistant.games.interface import Acted, parse_cell

Options = Mapping[str, Any]


def act(state: GameState, command: str, options: Options) -> Acted:
    notes: list[str] = []
    return Acted([to_event(a) for a in _MOVES[command](state, options, notes)], notes)


def _card(state: GameState, options: Options, notes: list[str]) -> list[Any]:
    ident, layout = catalogue.resolve(options["card"])
    if options["discard"]:
        if options["at"] is not None:
            raise UsageError("card --discard: a discarded card goes nowhere; leave out --at")
        return [Discard(layout, ident), NextTurn()]
    if options["at"] is None:
        raise UsageError("card: say where its top-left cell goes after turning (--at ROW,COL; --at=-1,0), or "
                         "--discard it")
    r, c = parse_cell(options["at"])
    return [Card(layout, f"{r},{c}", options["turn"], ident)]


def _temple(state: GameState, options: Options, notes: list[str]) -> list[Any]:
    r, c = parse_cell(options["cell"], "ROW,COL")
    move_from = options["move_from"]
    player = state.current_player
    if move_from is not None:
        fr, fc = parse_cell(move_from, "--move-from")
        move_from = f"{fr},{fc}"
    elif player.temples_left == 0:
        smallest = smallest_templed(player)
        if len(smallest) == 1:  # the choice is forced: say so
            tr, tc = smallest[0].temples[0]
            move_from = f"{tr},{tc}"
            notes.append(f"All 5 temples stand: the one at {move_from} is on the smallest templed area "
                         f"({smallest[0].size} cells), so it moves. [HG-TEMPLE-4]")
        else:
            choices = " or ".join(f"{a.temples[0][0]},{a.temples[0][1]}" for a in smallest)
            raise IllegalMove("HG-TEMPLE-4", f"all 5 temples stand: choose which moves from the smallest templed "
                              f"areas (--move-from {choices}).")
    return [Temple(f"{r},{c}", move_from or "")]


def _take(state: GameState, options: Options, notes: list[str]) -> list[Any]:
    column, row = options["column"], options["row"]
    if row is None:  # the top row's tile while there is one
        row = next((r for r in ROWS if state.slots[slot(r, column)]), ROWS[0])
    return [Take(options["series"], column, row, options["draw"] or "")]


def _next(state: GameState, options: Options, notes: list[str]) -> list[Any]:
    return [NextTurn()]


_MOVES: dict[str, Callable[[GameState, Options, list[str]], list[Any]]] = {
    "card": _card, "temple": _temple, "take": _take, "next": _next,
}
