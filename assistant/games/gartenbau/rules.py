"""Gartenbau's rules: the one checked way to change a game (`apply`), each refusal an
IllegalMove naming its rule (rulebook.py)."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from assistant.errors import GardenError, IllegalMove
from assistant.games.events import check_players, event_cell, replaced_at
from assistant.games.gartenbau import garden as gardens
from assistant.games.gartenbau.actions import (
    Action, Can, Flower, Flowerpot, Hand, NextTurn, Place, Plant, Seedling,
)
from assistant.games.gartenbau.components import (
    DRAFT, ENDING_PETALS, FLOWER_GAIN, HOLD, KINDS, PETALS, START_SUN, START_WATER, parse_kinds,
    parse_resources, resources_text,
)
from assistant.games.gartenbau.market import Space, parse_ring
from assistant.games.gartenbau.state import GameState, Petal, Piece, Player, Setup, TurnState
from assistant.games.gartenbau.pending import pending
from assistant.games.interface import Outcome, refuse_while_owed
from assistant.grid import Cell, Stack

Notes = list[str]


def new_game(setup: Setup) -> GameState:
    check_players(setup.players, setup.solo, PETALS, "GB-SETUP-1", "Gartenbau")
    count = len(setup.players)
    if setup.ring:
        ring(setup.ring, count)  # refuses a damaged one now
    cart = int(setup.rule("cart"))
    players = []
    for name, start in zip(setup.players, setup.starts or ("",) * count):
        piece = gardens.start_piece(start)
        players.append(Player(name, gardens.laid(Stack(), 0, piece.cells), (piece,), START_SUN, START_WATER))
    return GameState(setup, tuple(players), (Petal(),) * PETALS[count],
                     (cart - START_SUN * count, cart - START_WATER * count))


@lru_cache(maxsize=16)
def ring(text: str, players: int) -> tuple[Space, ...]:
    return parse_ring(text, players)


def spaces(state: GameState) -> tuple[Space, ...] | None:
    return ring(state.setup.ring, len(state.players)) if state.setup.ring else None


def petal_space(spaces_: tuple[Space, ...], petal: int) -> int:
    """The ring index of petal `petal` (1 = the first clockwise from the start)."""
    return [i for i, s in enumerate(spaces_) if s.kind == "P"][petal - 1]


def petal_of(spaces_: tuple[Space, ...], index: int) -> int:
    return [i for i, s in enumerate(spaces_) if s.kind == "P"].index(index) + 1


def apply(state: GameState, action: Action) -> Outcome:
    if state.over:
        raise IllegalMove("GB-END-1", "The game is over; no further move is possible.")
    state, notes = _HANDLERS[type(action)](state, action)
    return Outcome(state, tuple(notes))


# -- helpers -----------------------------------------------------------------------------

def _with_player(state: GameState, player: Player, index: int | None = None, **changes) -> GameState:
    at = state.current if index is None else index
    return state._replace(players=replaced_at(state.players, at, player), **changes)


def _cells(text: str, what: str) -> tuple[Cell, ...]:
    return tuple(event_cell(part, what) for part in text.split("+") if part)


def _start_action(state: GameState) -> None:
    turn = state.turn
    if turn.held:
        raise IllegalMove("GB-POT-1", f"{state.current_player.name} first places the tile the flowerpot took "
                          "(garden seedling --tile KIND+KIND --at R,C).")
    if turn.action:
        raise IllegalMove("GB-TURN-1", f"{state.current_player.name} has taken this turn's action ({turn.action}); "
                          "one action a turn (garden next).")


def _occupied(state: GameState, index: int) -> bool:
    return any(p.position == index for i, p in enumerate(state.players) if i != state.current)


def _next_circle(state: GameState) -> int | None:
    """The next unoccupied circle clockwise (GB-MARKET-3); None without a ring (unchecked, said once)."""
    found = spaces(state)
    if found is None:
        return None
    counts = state.setup.rule("start_circle") == "counts"
    pos = state.current_player.position
    for step in range(1, len(found)):
        i = (pos + step) % len(found)
        if (found[i].kind == "C" or found[i].kind == "S" and counts) and not _occupied(state, i):
            return i
    raise IllegalMove("GB-MARKET-3", "every circle holds another marker: no plant or flower this turn.")


def _ring_note(state: GameState) -> tuple[GameState, Notes]:
    if state.setup.ring or state.noted_ring:
        return state, []
    n = len(state.players)
    return state._replace(noted_ring=True), [
        f"The market ring for {n} players is not defined, so the markers' moves are not checked (petals are "
        f"counted by number): define it for your next game with garden market define {n} \"S P C P ...\". "
        "[GB-MARKET-1]"]


def _pay(player: Player, sun: int, water: int, rule: str, why: str) -> Player:
    if player.sun < sun or player.water < water:
        raise IllegalMove(rule, f"{player.name} holds {resources_text(player.sun, player.water)}: {why} needs "
                          f"{resources_text(sun, water)}.")
    return player._replace(sun=player.sun - sun, water=player.water - water)


def _gain(state: GameState, player: Player, sun: int, water: int) -> tuple[GameState, Player]:
    if state.supply[0] < sun or state.supply[1] < water:
        raise IllegalMove("GB-RES-1", f"the carts hold {resources_text(*state.supply)}: not "
                          f"{resources_text(sun, water)} (house rule cart).")
    return (state._replace(supply=(state.supply[0] - sun, state.supply[1] - water)),
            player._replace(sun=player.sun + sun, water=player.water + water))


def _place_tile(state: GameState, player: Player, kinds_text: str, at: str, turn: str, ident: str) -> Player:
    kinds = parse_kinds(kinds_text, "tile")
    cells = gardens.domino(event_cell(at, "at"), turn)
    problem = gardens.seedling_problem(player.garden, cells)
    if problem:
        raise IllegalMove("GB-SEED-1", f"{player.name} cannot place the {kinds_text} tile at {gardens.cells_text(cells)}: "
                          f"{problem}.")
    known = {k for p in state.players for piece in p.of_layer("seedling") for k in piece.kinds} - {gardens.UNKNOWN}
    if len(known | set(kinds)) > KINDS:
        raise IllegalMove("GB-COMP-1", f"the box has {KINDS} seedling kinds; with {kinds_text} this game would have "
                          f"{len(known | set(kinds))} ({', '.join(sorted(known | set(kinds)))}).")
    index = len(player.pieces)
    return player._replace(garden=gardens.laid(player.garden, index, cells),
                           pieces=player.pieces + (Piece("seedling", ident, cells, kinds),))


def _take_top(state: GameState, player: Player, petal: int) -> tuple[GameState, Player, Notes]:
    """The petal's top tile taken: the resources lying on it go to the player; an emptied petal shows
    its power, and the fourth empty petal triggers the end."""
    tiles = state.petals[petal - 1]
    if tiles.tiles == 0:
        raise IllegalMove("GB-SEED-1", f"petal {petal} is empty: no tile to take.")
    player = player._replace(sun=player.sun + tiles.sun, water=player.water + tiles.water)
    notes = [f"{player.name} takes {resources_text(tiles.sun, tiles.water)} lying on the tile. [GB-SEED-1]"] \
        if tiles.sun or tiles.water else []
    petals = replaced_at(state.petals, petal - 1, Petal(tiles.tiles - 1))
    state = state._replace(petals=petals)
    if tiles.tiles == 1:
        notes.append(f"Petal {petal} is empty: its power shows (what it does is the table's; no source gives it). "
                     "[GB-POWER-1]")
        if not state.ending and state.empty_petals >= ENDING_PETALS:
            last = state.players[-1].name
            state = state._replace(ending=True)
            notes.append(f"{ENDING_PETALS} petals are empty: the end is triggered; play goes on until {last} has "
                         "finished their turn. [GB-END-1]")
    return state, player, notes


# -- handlers -------------------------------------------------------------------------------

def _seedling(state: GameState, action: Seedling) -> tuple[GameState, Notes]:
    _start_action(state)
    player = state.current_player
    count = len(state.players)
    if not 1 <= action.petal <= PETALS[count]:
        raise IllegalMove("GB-MARKET-1", f"{count} players play with petals 1-{PETALS[count]}, not {action.petal}.")
    skips = [s for s in action.skips.split(",") if s]
    if len(skips) > 1 and state.setup.rule("skips") == "one":
        raise IllegalMove("GB-MARKET-2", "house rule skips=one: one petal may be skipped a turn.")
    found = spaces(state)
    petals = state.petals
    notes: Notes = []
    if found is None:
        if skips:
            raise IllegalMove("GB-MARKET-2", "skipping petals needs the market ring to know which are skipped "
                              "(garden market define).")
        state, notes = _ring_note(state)
    else:
        stop, paid = landing(state, found, len(skips))
        if petal_of(found, stop) != action.petal:
            raise IllegalMove("GB-MARKET-1", f"the marker lands on petal {petal_of(found, stop)}, not "
                              f"{action.petal}.")
        for number, resource in zip(paid, skips):
            sun, water = (1, 0) if resource == "sun" else (0, 1)
            player = _pay(player, sun, water, "GB-MARKET-2", f"skipping petal {number}")
            petal = petals[number - 1]
            petals = replaced_at(petals, number - 1, petal._replace(sun=petal.sun + sun, water=petal.water + water))
        player = player._replace(position=stop)
        if paid:
            notes.append(f"{player.name} skips petal(s) {', '.join(map(str, paid))}, paying {', '.join(skips)}. "
                         "[GB-MARKET-2]")
        state = state._replace(petals=petals)
    if action.resources:
        shows = found[petal_space(found, action.petal)].shows if found else None
        if shows is None:
            raise IllegalMove("GB-SEED-2", f"what petal {action.petal} shows is not in the market ring: define it "
                              "with the petal's resources, e.g. P1s1w (garden market define).")
        state, player = _gain(state, player, *shows)
        notes.append(f"{player.name} takes the {resources_text(*shows)} petal {action.petal} shows. [GB-SEED-2]")
    else:
        if not action.kinds:
            raise GardenError("event seedling: give the tile (kinds, at) or resources")
        state, player, taken = _take_top(state, player, action.petal)
        player = _place_tile(state, player, action.kinds, action.at, action.turn, action.id)
        notes += taken
    return _with_player(state, player, turn=state.turn._replace(action="seedling")), notes


def landing(state: GameState, found: tuple[Space, ...], skips: int) -> tuple[int, list[int]]:
    """Where the seedling move stops: the ring index, and the petals skipped (by number)."""
    pos = state.current_player.position
    paid: list[int] = []
    for step in range(1, len(found)):
        i = (pos + step) % len(found)
        if found[i].kind != "P" or _occupied(state, i):
            continue
        number = petal_of(found, i)
        if len(paid) < skips:
            if state.petals[number - 1].tiles == 0:
                raise IllegalMove("GB-MARKET-2", f"petal {number} is empty: with no tile to pay onto it cannot be "
                                  "skipped.")
            paid.append(number)
            continue
        return i, paid
    raise IllegalMove("GB-MARKET-2", f"after {len(paid)} skipped petal(s) no unoccupied petal is left to stop on.")


def _place(state: GameState, action: Place) -> tuple[GameState, Notes]:
    if not state.turn.held:
        raise IllegalMove("GB-POT-1", "no tile taken by the flowerpot is waiting to be placed.")
    player = _place_tile(state, state.current_player, action.kinds, action.at, action.turn, action.id)
    return _with_player(state, player, turn=state.turn._replace(held=False)), []


def _flowerpot(state: GameState, action: Flowerpot) -> tuple[GameState, Notes]:
    _start_action(state)
    player = state.current_player
    if not player.flowerpot:
        raise IllegalMove("GB-POT-1", f"{player.name} has used the flowerpot (once a game).")
    count = len(state.players)
    if not 1 <= action.petal <= PETALS[count]:
        raise IllegalMove("GB-POT-1", f"{count} players play with petals 1-{PETALS[count]}, not {action.petal}.")
    found = spaces(state)
    if found is not None:
        player = player._replace(position=petal_space(found, action.petal))
    state, player, notes = _take_top(state, player._replace(flowerpot=False), action.petal)
    notes.append(f"{player.name} takes petal {action.petal}'s top tile with the flowerpot: place it (garden "
                 "seedling --tile KIND+KIND --at R,C). [GB-POT-1]")
    return _with_player(state, player, turn=state.turn._replace(action="flowerpot", held=True)), notes


def _plant(state: GameState, action: Plant) -> tuple[GameState, Notes]:
    _start_action(state)
    player = state.current_player
    if action.id and action.id in state.bought:
        raise IllegalMove("GB-PLANT-1", f"plant tile {action.id} has been bought already.")
    circle, notes = _next_circle(state), []
    sun, water = parse_resources(action.cost, "cost")
    player = _pay(player, sun, water, "GB-PLANT-1", f"the plant {action.id or action.needs}")
    cells = _cells(action.over, "over")
    needs = parse_kinds(action.needs, "needs")
    problem = gardens.plant_problem(player, cells, needs)
    if problem:
        raise IllegalMove("GB-PLANT-2", f"the {action.colour} plant cannot go over {gardens.cells_text(cells)}: "
                          f"{problem}.")
    index = len(player.pieces)
    piece = Piece("plant", action.id, cells, needs, (action.colour,), action.points)
    player = player._replace(garden=gardens.laid(player.garden, index, cells), pieces=player.pieces + (piece,))
    if circle is not None:
        player = player._replace(position=circle)
    else:
        state, notes = _ring_note(state)
    state = state._replace(supply=(state.supply[0] + sun, state.supply[1] + water),
                           bought=state.bought + ((action.id,) if action.id else ()))
    return _with_player(state, player, turn=state.turn._replace(action="plant")), notes


def _flower(state: GameState, action: Flower) -> tuple[GameState, Notes]:
    _start_action(state)
    player = state.current_player
    if player.hand is not None and action.card not in player.hand:
        raise IllegalMove("GB-FLOWER-1", f"{player.name}'s hand holds {', '.join(player.hand) or 'no flower'}, not "
                          f"{action.card}.")
    circle, notes = _next_circle(state), []
    colours = tuple(action.colours.split("+"))
    cells = _cells(action.over, "over")
    problem = gardens.flower_problem(player, cells, colours)
    if problem:
        raise IllegalMove("GB-FLOWER-1", f"the flower cannot go over {gardens.cells_text(cells)}: {problem}.")
    gain = parse_resources(action.gain, "gain")
    if sum(gain) != FLOWER_GAIN:
        raise IllegalMove("GB-FLOWER-2", f"a flower gains {FLOWER_GAIN} resources, not {sum(gain)}.")
    state, player = _gain(state, player, *gain)
    index = len(player.pieces)
    piece = Piece("flower", action.card, cells, (), colours, action.points)
    hand = None if player.hand is None else _without(player.hand, action.card)
    player = player._replace(garden=gardens.laid(player.garden, index, cells), pieces=player.pieces + (piece,),
                             hand=hand)
    if circle is not None:
        player = player._replace(position=circle)
    else:
        state, notes = _ring_note(state)
    return _with_player(state, player, turn=state.turn._replace(action="flower")), notes


def _without(items: tuple[str, ...], item: str) -> tuple[str, ...]:
    i = items.index(item)
    return items[:i] + items[i + 1:]


def _can(state: GameState, action: Can) -> tuple[GameState, Notes]:
    player = state.current_player
    if not player.can:
        raise IllegalMove("GB-CAN-1", f"{player.name} has used the watering can (once a game).")
    if state.turn.held:
        raise IllegalMove("GB-POT-1", f"{player.name} first places the tile the flowerpot took.")
    picked = [event_cell(c, "cells") for c in action.cells.split("/") if c]
    tiles = []
    for cell in picked:
        found = gardens.movable(player, cell)
        if found is None:
            raise IllegalMove("GB-CAN-1", f"cell {cell[0]},{cell[1]} is not part of an uncovered seedling tile.")
        tiles.append(found)
    if action.action == "swap" and (len(tiles) != 2 or tiles[0][0] == tiles[1][0]):
        raise IllegalMove("GB-CAN-1", "a swap names cells of two different seedling tiles.")
    garden = player.garden.lifted(c for _, piece in tiles for c in piece.cells)
    pieces = list(player.pieces)
    if action.action == "move":
        if len(tiles) != 1:
            raise GardenError("event can move: one cell")
        (index, piece), = tiles
        turn = action.turn or ("h" if piece.cells[1][0] == piece.cells[0][0] else "v")
        cells = gardens.domino(event_cell(action.to, "to"), turn)
        taken = garden.covered(cells)
        if taken:
            raise IllegalMove("GB-CAN-1", f"cell(s) {gardens.cells_text(taken)} already hold a tile.")
        pieces[index] = piece._replace(cells=cells)
        garden = gardens.laid(garden, index, cells)
        what = f"moves the {'+'.join(piece.kinds)} tile to {gardens.cells_text(cells)}"
    else:
        (i, a), (j, b) = tiles
        pieces[i], pieces[j] = a._replace(cells=b.cells), b._replace(cells=a.cells)
        garden = gardens.laid(gardens.laid(garden, i, b.cells), j, a.cells)
        what = f"swaps the {'+'.join(a.kinds)} and {'+'.join(b.kinds)} tiles"
    if not garden.connected():
        raise IllegalMove("GB-CAN-1", "that would split the garden in two.")
    player = player._replace(garden=garden, pieces=tuple(pieces), can=False)
    return _with_player(state, player), [f"{player.name} {what} with the watering can. [GB-CAN-1]"]


def _hand(state: GameState, action: Hand) -> tuple[GameState, Notes]:
    index = state.index_of(action.player)
    if index is None:
        raise IllegalMove("GB-SETUP-2", f"there is no player {action.player!r} in this game.")
    player = state.players[index]
    if player.hand is not None or player.of_layer("flower"):
        raise IllegalMove("GB-SETUP-2", f"{player.name}'s hand is told once, before their first flower.")
    flowers = tuple(f for f in action.flowers.split(",") if f)
    if state.setup.flowers == "advanced":
        stacks, discards = DRAFT[len(state.players)]
        if len(flowers) != 2 * stacks - discards:
            raise IllegalMove("GB-SETUP-2", f"the advanced draft leaves {2 * stacks - discards} flowers in a hand "
                              f"with {len(state.players)} players, not {len(flowers)}.")
    return _with_player(state, player._replace(hand=flowers), index), []


def _next(state: GameState, action: NextTurn) -> tuple[GameState, Notes]:
    player = state.current_player
    refuse_while_owed([p for p in pending(state) if p.rule != "GB-RES-1"])
    sun, water = parse_resources(action.returned, "return")
    excess = player.resources - HOLD
    if excess > 0 and sun + water != excess:
        raise IllegalMove("GB-RES-1", f"{player.name} holds {player.resources} resources: return {excess} to keep "
                          f"{HOLD} (garden next --return sun,water,...).")
    if excess <= 0 and sun + water:
        raise IllegalMove("GB-RES-1", f"{player.name} holds {player.resources} resources: none need go back.")
    player = _pay(player, sun, water, "GB-RES-1", "returning")
    state = state._replace(supply=(state.supply[0] + sun, state.supply[1] + water))
    player = player._replace(turns=player.turns + 1)
    state = _with_player(state, player)
    notes: Notes = []
    if state.ending and state.current == len(state.players) - 1:
        return state._replace(turn=TurnState(), over=True), [
            "Everyone has had as many turns: the game ends (garden tally). [GB-END-1]"]
    state = state._replace(current=(state.current + 1) % len(state.players), turn_number=state.turn_number + 1,
                           turn=TurnState())
    return state, notes


_HANDLERS: dict[type, Callable[[GameState, Action], tuple[GameState, Notes]]] = {
    Seedling: _seedling, Place: _place, Flowerpot: _flowerpot, Plant: _plant, Flower: _flower, Can: _can,
    Hand: _hand, NextTurn: _next,  # type: ignore[dict-item]
}
