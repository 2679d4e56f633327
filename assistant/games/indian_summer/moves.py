"""What each Indian Summer command means: the events it implies, in order, and why.

In board mode a placement is followed by the payout of every region it completed, and the
animals its holes now offer are named; a tile or animal given by id and place is turned into
the cells the log keeps. All of it is decided here, once, for every face.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from assistant.errors import GardenError, IllegalMove, OffBoard, UsageError
from assistant.games.indian_summer import rules
from assistant.games.indian_summer.actions import (
    Animal, Blueberry, Deal, Exchange, Feather, Final, Leaf, Mushroom, NextTurn, Nut, PathRefill, Region, Squirrel,
    to_event,
)
from assistant.games.indian_summer.state import GameState
from assistant.games.interface import Acted, parse_cell

Options = Mapping[str, Any]


def act(state: GameState, command: str, options: Options) -> Acted:
    reasons: list[str] = []
    events = _MOVES[command](state, options, reasons)
    return Acted(events, reasons)


def _events(*actions: Any) -> list[dict[str, Any]]:
    return [to_event(a) for a in actions]


def _after(state: GameState, regions: list[int] | None, draw: str | None) -> list[Any]:
    """The reports that follow a placement: completed regions, the own path's refill."""
    if regions and state.setup.board_mode:
        raise UsageError("--region: in board mode the board says which regions are complete; leave it out")
    out: list[Any] = [Region(r) for r in regions or []]
    if draw is not None:
        out.append(PathRefill(state.current_player.name, draw))
    return out


def _board_events(state: GameState, actions: list[Any], reasons: list[str]) -> list[dict[str, Any]]:
    """The actions as events; in board mode each placement is followed by the payout of the regions
    it completed, and the animals its holes now offer are named in `reasons`."""
    if not state.setup.board_mode:
        return _events(*actions)
    from assistant.games.indian_summer import woods

    events: list[dict[str, Any]] = []
    for action in actions:
        state = rules.apply(state, action).state
        events.append(to_event(action))
        for number in woods.complete_regions(state.current_player.board):
            if number not in state.current_player.completed:
                state = rules.apply(state, Region(number)).state
                events.append(to_event(Region(number)))
    reasons.extend(animal_offer_lines(state))
    return events


def animal_offer_lines(state: GameState) -> list[str]:
    """The animals the current player's holes offer now (board mode, after a placement)."""
    from assistant.data import indian_catalogue
    from assistant.games.indian_summer import laying

    player = state.current_player
    if player.board is None or not state.turn.placed or state.animals_left == 0:
        return []
    out = []
    for offer in laying.animal_offers(player.board, indian_catalogue.animal_shapes()):
        where = " ".join(f"{r},{c}" for r, c in offer.cells)
        if offer.blocked:
            out.append(f"Holes at {where} form the {offer.kind} animal's shape, but a token lies on one: it can come "
                       "once that region is complete. [IS-ANIMAL-1]")
        else:
            out.append(f"Holes at {where} form the {offer.kind} animal's shape: you may place it "
                       f"(garden animal {offer.kind}). [IS-ANIMAL-1]")
    return out


def _placements(state: GameState, count: int, o: Options) -> str:
    """Board mode: each tile's cells text from --tile/--at/--turn or --cells; '' in score mode."""
    tiles, at, turns, cells = o["tile"] or [], o["at"] or [], o["turn"] or [], o["cells"] or []
    if not state.setup.board_mode:
        if tiles or at or cells or turns:
            raise UsageError("--tile, --at, --turn and --cells are for board mode (garden new indian-summer --board-mode)")
        return ""
    if cells:
        if tiles or at:
            raise UsageError("give either --cells or --tile with --at, not both")
        texts = cells
    else:
        if not tiles or len(at) != len(tiles):
            raise UsageError(f"board mode: say where each tile goes: --tile ID_OR_SHAPE --at ROW,COL [--turn r90] "
                             f"(or --cells r,c+r,c*+...), once per tile ({count})")
        if len(turns) > len(tiles):
            raise UsageError("--turn: at most one per --tile")
        texts = [_tile_cells(t, a, (turns + ["r0"] * len(tiles))[i]) for i, (t, a) in enumerate(zip(tiles, at))]
    return "/".join(texts)


def _tile_cells(tile: str, at: str, turn: str) -> str:
    """A catalogue leaf or shape, turned and anchored, as a cells text (hole marked '*')."""
    from assistant.data import indian_catalogue
    from assistant.games.indian_summer import laying, woods
    from assistant.grid import HOLE, place

    shape, label = indian_catalogue.resolve_leaf(tile)
    try:
        placed = place(shape, woods.GRID, turn, parse_cell(at))
    except OffBoard:
        raise IllegalMove("IS-PLACE-1", f"The leaf tile {label or tile!r} as {turn} at {at} runs off the board "
                          f"(rows 0-{woods.ROWS - 1}, columns 0-{woods.COLS - 1}).") from None
    hole = next(cell for cell, mark in placed.marks.items() if mark == HOLE)
    return laying.cells_text(placed.cells, hole)


def _cell_at(state: GameState, at: str | None) -> str:
    if at is None:
        return ""
    if not state.setup.board_mode:
        raise UsageError("--at is for board mode (garden new indian-summer --board-mode)")
    r, c = parse_cell(at)
    return f"{r},{c}"


def _found(o: Options) -> str:
    return ",".join(o["found"] or [])


def _leaf(state: GameState, o: Options, reasons: list[str]) -> list[dict[str, Any]]:
    where = _placements(state, 1, o)
    return _board_events(state, [Leaf(o["colour"], _found(o), where), *_after(state, o["region"], o["draw"])], reasons)


def _squirrel(state: GameState, o: Options, reasons: list[str]) -> list[dict[str, Any]]:
    return _board_events(state, [Squirrel(_cell_at(state, o["at"])), *_after(state, o["region"], None)], reasons)


def _mushroom(state: GameState, o: Options, reasons: list[str]) -> list[dict[str, Any]]:
    where = _placements(state, len(o["tile"] or o["cells"] or []), o)
    action = Mushroom(",".join(o["take"] or []), ",".join(o["decline"] or []), _found(o), where)
    return _board_events(state, [action, *_after(state, o["region"], None)], reasons)


def _feather(state: GameState, o: Options, reasons: list[str]) -> list[dict[str, Any]]:
    where = _placements(state, len(o["colours"]), o)
    action = Feather(",".join(o["colours"]), _found(o), where)
    return _board_events(state, [action, *_after(state, o["region"], o["draw"])], reasons)


def _blueberry(state: GameState, o: Options, reasons: list[str]) -> list[dict[str, Any]]:
    return _events(Blueberry(o["draw"]))


def _nut(state: GameState, o: Options, reasons: list[str]) -> list[dict[str, Any]]:
    return _board_events(state, [Nut(_cell_at(state, o["at"])), *_after(state, o["region"], None)], reasons)


def _exchange(state: GameState, o: Options, reasons: list[str]) -> list[dict[str, Any]]:
    rules.exchange_cost(state, o["give"], o["get"], o["times"])  # all of them paid for, or none made
    return _events(*[Exchange(o["give"], o["get"])] * o["times"])


def _region(state: GameState, o: Options, reasons: list[str]) -> list[dict[str, Any]]:
    return _events(*[Region(r) for r in o["regions"]])


def _animal(state: GameState, o: Options, reasons: list[str]) -> list[dict[str, Any]]:
    if not state.setup.board_mode:
        if o["at"] or o["cells"]:
            raise UsageError("--at and --cells are for board mode (garden new indian-summer --board-mode)")
        return _events(Animal(o["kind"], o["under"]))
    shape_text, where = _animal_cells(state, o["kind"], o["at"], o["turn"], o["cells"])
    return _board_events(state, [Animal(o["kind"], o["under"], where, shape_text)], reasons)


def _animal_cells(state: GameState, kind: str, at: str | None, turn: str, cells: str | None) -> tuple[str, str]:
    """(the animal's catalogue shape, its cells) from --at/--turn, --cells, or the one group that fits."""
    from assistant.data import indian_catalogue
    from assistant.games.indian_summer import laying, woods
    from assistant.grid import place

    spec = indian_catalogue.animal(kind)
    if spec.shape is None:
        raise GardenError(f"the {spec.kind} animal's shape is unknown (no source gives it): define it from your box, "
                          f"e.g. {spec.define_hint()}")
    shape_text = spec.shape.to_text()
    if cells:
        return shape_text, laying.cells_text(laying.parse_cells(cells, "--cells")[0])
    if at:
        try:
            placed = place(spec.shape, woods.GRID, turn, parse_cell(at))
        except OffBoard:
            raise IllegalMove("IS-ANIMAL-1", f"The {spec.kind} animal as {turn} at {at} runs off the board.") from None
        return shape_text, laying.cells_text(placed.cells)
    offers = [o for o in laying.animal_offers(state.current_player.board, {spec.kind: spec.shape}) if not o.blocked]
    if len(offers) != 1:
        raise UsageError(f"say where the {spec.kind} animal goes: --at ROW,COL [--turn r90] or --cells "
                         f"({len(offers)} free group(s) of holes have its shape)")
    return shape_text, laying.cells_text(offers[0].cells)


def _path(state: GameState, o: Options, reasons: list[str]) -> list[dict[str, Any]]:
    return _events(PathRefill(o["player"], o["draw"]))


def _final(state: GameState, o: Options, reasons: list[str]) -> list[dict[str, Any]]:
    if not state.setup.board_mode:
        return _events(Final("/".join(o["wave"] or [])))
    if o["wave"]:
        raise UsageError("--wave: in board mode the assistant places the squirrels and reads the regions they complete")
    rules.apply(state, Final())  # the chain's own refusals first (not a last turn, ...)
    return _events(Final("", rules.final_cells(state)))


def _deal(state: GameState, o: Options, reasons: list[str]) -> list[dict[str, Any]]:
    return _events(Deal(o["upper"], o["lower"], o["spaces"], o["path"]))


def _next(state: GameState, o: Options, reasons: list[str]) -> list[dict[str, Any]]:
    return _events(NextTurn())


_MOVES: dict[str, Callable[[GameState, Options, list[str]], list[dict[str, Any]]]] = {
    "leaf": _leaf, "squirrel": _squirrel, "mushroom": _mushroom, "feather": _feather, "blueberry": _blueberry,
    "nut": _nut, "exchange": _exchange, "region": _region, "animal": _animal, "path": _path, "final": _final,
    "deal": _deal, "next": _next,
}
