"""What each Gartenbau command means: the events it implies, and why. Tiles named by id are
resolved against the user's catalogue here, once, and the log keeps what they show; the petal a
seedling move lands on is worked out from the ring (rules.py checks it again)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from assistant.errors import IllegalMove, UsageError
from assistant.games.gartenbau import catalogue, rules
from assistant.games.gartenbau.actions import (
    Can, Flower, Flowerpot, Hand, NextTurn, Place, Plant, Seedling, to_event,
)
from assistant.games.gartenbau.components import parse_resources, short_resources
from assistant.games.gartenbau.state import GameState
from assistant.games.interface import Acted, parse_cell

Options = Mapping[str, Any]


def act(state: GameState, command: str, options: Options) -> Acted:
    notes: list[str] = []
    return Acted([to_event(a) for a in _MOVES[command](state, options, notes)], notes)


def _cells_text(text: str, what: str) -> str:
    return "+".join("{},{}".format(*parse_cell(part, what)) for part in str(text).split("+"))


def _tile(state: GameState, options: Options) -> tuple[str, str, str, str]:
    """(id, kinds, at, turn) of the seedling tile an option set places."""
    if options["tile"] is None or options["at"] is None:
        raise UsageError("give the tile and where it goes: --tile KIND+KIND --at R,C [--turn v] (or --resources)")
    ident, kinds, marked = catalogue.seedling(options["tile"])
    if marked and len(state.players) == 2:
        raise IllegalMove("GB-SETUP-1", f"seedling tile {ident} is marked for 3-4 players: it is out with 2.")
    r, c = parse_cell(options["at"])
    return ident, "+".join(kinds), f"{r},{c}", options["turn"]


def _seedling(state: GameState, options: Options, notes: list[str]) -> list[Any]:
    if state.turn.held:  # the flowerpot's tile: placed without a move
        ident, kinds, at, turn = _tile(state, options)
        return [Place(kinds, at, turn, ident)]
    skips = [s.strip().lower() for s in options["skip"] or []]
    if any(s not in ("sun", "water") for s in skips):
        raise UsageError("--skip takes sun or water, once per petal skipped")
    found = rules.spaces(state)
    petal = options["petal"]
    if found is not None:
        stop, _ = rules.landing(state, found, len(skips))
        landed = rules.petal_of(found, stop)
        if petal is not None and petal != landed:
            raise IllegalMove("GB-MARKET-1", f"the marker lands on petal {landed}, not {petal}.")
        petal = landed
    elif petal is None:
        raise UsageError("without a market ring, say which petal the marker lands on (--petal N, 1 = first "
                         "clockwise from the start); garden market define sets the ring for your next game")
    if options["resources"]:
        if options["tile"] is not None or options["at"] is not None:
            raise UsageError("--resources takes the petal's resources instead of its tile: leave out --tile and --at")
        return [Seedling(petal, ",".join(skips), resources=True)]
    ident, kinds, at, turn = _tile(state, options)
    return [Seedling(petal, ",".join(skips), kinds, at, turn, ident)]


def _flowerpot(state: GameState, options: Options, notes: list[str]) -> list[Any]:
    return [Flowerpot(options["petal"])]


def _plant(state: GameState, options: Options, notes: list[str]) -> list[Any]:
    colour = options["stack"].strip().lower()
    if options["tile"] is not None:
        tile = catalogue.plant(options["tile"], colour)
        top = catalogue.stack(colour, len(state.players), state.bought)
        if tile.id and top and tile.points > top[0].points:
            raise IllegalMove("GB-PLANT-1", f"plant {tile.id} is not on top of the {colour} stack: {top[0].id} "
                              f"({top[0].points}) is.")
    else:
        top = catalogue.stack(colour, len(state.players), state.bought)
        if not top:
            raise UsageError(f"your catalogue holds no {colour} plant tile left to buy: name the tile, --tile "
                             "KIND+KIND:COST:POINTS (or garden plants define ...)")
        tile = top[0]
        notes.append(f"The top of the {colour} stack: {tile.id} ({'+'.join(tile.needs)}, costs "
                     f"{short_resources(*tile.cost)}, {tile.points} points).")
    return [Plant(colour, "+".join(tile.needs), short_resources(*tile.cost), tile.points,
                  _cells_text(options["over"], "--over"), tile.id)]


def _flower(state: GameState, options: Options, notes: list[str]) -> list[Any]:
    tile = catalogue.flower(options["flower"])
    card = tile.id or options["flower"].strip().lower()
    sun, water = parse_resources(options["gain"], "--gain")
    gain = ",".join(["sun"] * sun + ["water"] * water)
    return [Flower(card, "+".join(tile.colours), tile.points, _cells_text(options["over"], "--over"), gain)]


def _can(state: GameState, options: Options, notes: list[str]) -> list[Any]:
    cells = ["{},{}".format(*parse_cell(c, "R,C")) for c in options["cells"]]
    if options["action"] == "move":
        if len(cells) != 1 or options["to"] is None:
            raise UsageError("can move R,C --to R,C [--turn h|v]: one cell of the tile, and where it goes")
        r, c = parse_cell(options["to"], "--to")
        return [Can("move", cells[0], f"{r},{c}", options["turn"] or "")]
    if len(cells) != 2 or options["to"] is not None or options["turn"] is not None:
        raise UsageError("can swap R,C R,C: a cell of each of the two tiles (no --to, no --turn)")
    return [Can("swap", "/".join(cells))]


def _hand(state: GameState, options: Options, notes: list[str]) -> list[Any]:
    flowers = []
    for text in (t.strip() for t in options["flowers"].split(",") if t.strip()):
        tile = catalogue.flower(text)
        flowers.append(tile.id or text.lower())
    return [Hand(options["player"], ",".join(flowers))]


def _next(state: GameState, options: Options, notes: list[str]) -> list[Any]:
    sun, water = parse_resources(options["return"], "--return")
    return [NextTurn(",".join(["sun"] * sun + ["water"] * water))]


_MOVES: dict[str, Callable[[GameState, Options, list[str]], list[Any]]] = {
    "seedling": _seedling, "flowerpot": _flowerpot, "plant": _plant, "flower": _flower, "can": _can,
    "hand": _hand, "next": _next,
}
