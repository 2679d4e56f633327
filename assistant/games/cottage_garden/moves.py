"""What each Cottage Garden command means: the events it implies, in order, and why.

A move may imply more than its own action: the final-round payment that comes first, the
best cube when the player names none, the scoring of every bed a placement completes.
All of it is decided here, once, for every face (the CLI, the web page, `play.Table`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from assistant.errors import GardenError, IllegalMove, OffBoard, UsageError
from assistant.games.cottage_garden import advice, rules
from assistant.games.cottage_garden.actions import (
    Discard, NextTurn, Pay, PlaceCat, PlaceCats, PlacePot, PlantTile, Refill, ScoreBed, Withdraw, to_event,
)
from assistant.games.cottage_garden.state import GameState
from assistant.games.interface import Acted, parse_cell

Options = Mapping[str, Any]


def act(state: GameState, command: str, options: Options) -> Acted:
    reasons: list[str] = []
    events = _MOVES[command](state, options, reasons)
    return Acted(events, reasons)


def _score(state: GameState, o: Options, reasons: list[str]) -> list[dict[str, Any]]:
    player, pots, cloches, bed = o["player"], o["pots"], o["cloches"], o["bed"]
    index = state.index_of(player)
    events: list[dict[str, Any]] = []
    if index == state.current:
        state, events = advice.payment_first(state, reasons)
    if bed is not None and index is not None and state.setup.board_mode:
        from assistant.games.cottage_garden import planting

        slot = planting.bed_at(state.beds[index], player, bed)
        if pots is None and cloches is None:
            pots, cloches = planting.counts(slot)
    if pots is None or cloches is None:
        raise UsageError("give the bed's counts: --pots N --cloches M" + (" (or --bed N in board mode)" if bed is None else ""))
    choice = {"orange": o["orange"], "blue": o["blue"]}
    if index is not None:
        choice = cubes_chosen(state, index, pots, cloches, choice, reasons, "Chosen")
    return events + [to_event(ScoreBed(player, pots, cloches, choice["orange"], choice["blue"], o["reward"], bed))]


def cubes_chosen(state: GameState, index: int, pots: int, cloches: int, given: dict[str, int | None],
                 reasons: list[str], why: str) -> dict[str, int | None]:
    """The cube of each colour that moves: the one given, else the best one, said in `reasons`."""
    choice = dict(given)
    for colour, count in (("orange", pots), ("blue", cloches)):
        if choice[colour] is None and count > 0:
            best = advice.best_cube(state, index, colour, count)
            choice[colour] = best.cube
            reasons.append(f"{why}: {best.reason}.")
    return choice


def _refill(state: GameState, o: Options, reasons: list[str]) -> list[dict[str, Any]]:
    return [to_event(Refill())]


def _cat(state: GameState, o: Options, reasons: list[str]) -> list[dict[str, Any]]:
    if (o["bed"] is None) != (o["at"] is None):
        raise UsageError("board mode takes both --bed N and --at ROW,COL")
    if o["bed"] is not None:
        return placed_then_scored(state, PlaceCat(o["player"], o["bed"], parse_cell(o["at"])), reasons)
    return [to_event(PlaceCats(o["player"], o["count"]))]


def _pay(state: GameState, o: Options, reasons: list[str]) -> list[dict[str, Any]]:
    if o["orange"] is not None and o["blue"] is not None:
        raise GardenError("pay with one cube: --orange K or --blue K, not both")
    if o["orange"] is not None:
        return [to_event(Pay("orange", o["orange"]))]
    if o["blue"] is not None:
        return [to_event(Pay("blue", o["blue"]))]
    colour, cube, why = advice.best_payment(state.setup, state.current_player)
    reasons.append(f"Chosen: {why}.")
    return [to_event(Pay(colour, cube))]


def _discard(state: GameState, o: Options, reasons: list[str]) -> list[dict[str, Any]]:
    return [to_event(Discard(o["player"], o["count"]))]


def _withdraw(state: GameState, o: Options, reasons: list[str]) -> list[dict[str, Any]]:
    return [to_event(Withdraw(o["player"]))]


def _plant(state: GameState, o: Options, reasons: list[str]) -> list[dict[str, Any]]:
    from assistant.data import catalogue
    from assistant.games.cottage_garden.planting import BED_GRID
    from assistant.grid import place

    tile = o["tile"]
    shape = catalogue.resolve_shape(tile)
    label = catalogue.normalise_id(tile) if catalogue.looks_like_id(tile) else None
    try:
        placed = place(shape, BED_GRID, o["turn"], parse_cell(o["at"]))
    except OffBoard as err:
        raise IllegalMove("CG-PLANT-3", f"The tile {label or tile!r}: {err}.") from None
    marks = tuple((r, c, m) for (r, c), m in sorted(placed.marks.items()))
    source = parse_cell(o["from"], "--from") if o["from"] else None
    action = PlantTile(o["player"], o["bed"], shape.to_text(), tuple(placed.cells), marks, label, source)
    return placed_then_scored(state, action, reasons)


def _pot(state: GameState, o: Options, reasons: list[str]) -> list[dict[str, Any]]:
    return placed_then_scored(state, PlacePot(o["player"], o["bed"], parse_cell(o["at"]), o["reward"]), reasons)


def _next(state: GameState, o: Options, reasons: list[str]) -> list[dict[str, Any]]:
    """The final-round payment if still owed (chosen for the player), then the turn's end."""
    _, paid = advice.payment_first(state, reasons)
    return paid + [to_event(NextTurn())]


def placed_then_scored(state: GameState, action: Any, reasons: list[str]) -> list[dict[str, Any]]:
    """Board mode: a placement (after the final-round payment, if owed) and the scoring of
    every bed it completes, cubes chosen."""
    events: list[dict[str, Any]] = []
    if state.index_of(action.player) == state.current:
        state, events = advice.payment_first(state, reasons)
    after = rules.apply(state, action).state
    return events + [to_event(action)] + completed_scored(after, action.player, reasons)


def completed_scored(state: GameState, player: str, reasons: list[str]) -> list[dict[str, Any]]:
    """The score events for every complete bed of `player`, cubes chosen, each applied in turn."""
    from assistant.games.cottage_garden import planting

    index = state.index_of(player)
    events: list[dict[str, Any]] = []
    while index is not None and (done := planting.complete_beds(state.beds[index])):
        number = done[0]
        pots, cloches = planting.counts(state.beds[index][number - 1])
        cubes = cubes_chosen(state, index, pots, cloches, {"orange": None, "blue": None}, reasons,
                             f"Bed {number} scores")
        action = ScoreBed(state.players[index].name, pots, cloches, cubes["orange"], cubes["blue"],
                          reward=index != state.current, bed=number)
        state = rules.apply(state, action).state
        events.append(to_event(action))
    return events


_MOVES: dict[str, Callable[[GameState, Options, list[str]], list[dict[str, Any]]]] = {
    "score": _score, "refill": _refill, "cat": _cat, "pay": _pay, "discard": _discard, "withdraw": _withdraw,
    "plant": _plant, "pot": _pot, "next": _next,
}
