"""The Hanging Gardens' rules: the one checked way to change a game (`apply`), each refusal an
IllegalMove naming its rule (rulebook.py)."""

from __future__ import annotations

from collections.abc import Callable

from assistant.errors import GardenError, IllegalMove
from assistant.games.events import check_players, event_cell, replaced_at
from assistant.games.hanging_gardens import garden as gardens
from assistant.games.hanging_gardens.actions import Action, Card, Discard, NextTurn, Take, Temple
from assistant.games.hanging_gardens.components import (
    BUILDING_CARDS, CHARACTERS, COLUMNS, DRAW_FROM, REVEALED, ROWS, SERIES, TEMPLES, THEMES, card_cells,
    parse_layout,
)
from assistant.games.hanging_gardens.state import GameState, Player, Setup, TurnState, slot
from assistant.games.hanging_gardens.pending import pending
from assistant.games.interface import Outcome, refuse_while_owed

Notes = list[str]


def new_game(setup: Setup) -> GameState:
    check_players(setup.players, setup.solo, REVEALED, "HG-SETUP-1", "The Hanging Gardens")
    count = len(setup.players)
    top, _, bottom = setup.rule("tile_stacks").partition("/")
    players = tuple(Player(name, gardens.start_garden()) for name in setup.players)
    return GameState(setup, players, deck=BUILDING_CARDS - REVEALED[count],
                     stacks=(int(top) - len(COLUMNS), int(bottom) - len(COLUMNS)))


def apply(state: GameState, action: Action) -> Outcome:
    if state.over:
        raise IllegalMove("HG-END-1", "The game is over; no further move is possible.")
    state, notes = _HANDLERS[type(action)](state, action)
    return Outcome(state, tuple(notes))


def _with_player(state: GameState, player: Player, **changes) -> GameState:
    return state._replace(players=replaced_at(state.players, state.current, player), **changes)


def _card(state: GameState, action: Card) -> tuple[GameState, Notes]:
    _check_card(state, action.layout, action.card)
    player = state.current_player
    cells = card_cells(action.layout, action.turn, event_cell(action.at, "at"))
    problem = gardens.placement_problem(player.garden, player.temples, cells)
    if problem:
        raise IllegalMove(problem[0], f"{player.name} cannot lay {action.card or action.layout} there: {problem[1]}.")
    player = player._replace(garden=player.garden.lay(cells), cards=player.cards + 1)
    state = _with_player(state, player, used=state.used + ((action.card,) if action.card else ()),
                         turn=state.turn._replace(played=True, placed=tuple(sorted(cells))))
    per_area = state.setup.rule("temples") == "per-area"
    sites = gardens.temple_sites(gardens.areas(player.garden, player.temples), cells, per_area)
    notes = []
    if sites:
        best = sites[0]
        cell = min(c for c in best.cells if c in cells)
        notes.append(f"An area of {best.size} {_theme(best)} cells grew: you may build a temple on it "
                     f"(garden temple {cell[0]},{cell[1]}), or wait to grow it. [HG-TEMPLE-1]")
    return state, notes


def _check_card(state: GameState, layout: str, card: str) -> None:
    if state.turn.played:
        raise IllegalMove("HG-TURN-1", f"{state.current_player.name} has played a card this turn (garden next).")
    try:
        parse_layout(layout)
    except GardenError as err:
        raise IllegalMove("HG-CARD-1", str(err).removesuffix(" [HG-CARD-1]")) from None
    if card and card in state.used:
        raise IllegalMove("HG-CARD-1", f"card {card} has been played already in this game (each card once).")


def _discard(state: GameState, action: Discard) -> tuple[GameState, Notes]:
    _check_card(state, action.layout, action.card)
    player = state.current_player
    fits = gardens.placements(player.garden, player.temples, action.layout)
    if fits:
        where = fits[0]
        raise IllegalMove("HG-DISCARD-1", f"{action.card or action.layout} fits: at {where.at[0]},{where.at[1]} "
                          f"turned {where.turn} (and {len(fits) - 1} other place(s)); only a card that fits "
                          "nowhere is discarded.")
    player = player._replace(discards=player.discards + 1)
    state = _with_player(state, player, used=state.used + ((action.card,) if action.card else ()),
                         turn=state.turn._replace(played=True))
    return state, [f"{player.name} discards {action.card or action.layout}; the turn ends. [HG-DISCARD-1]"]


def _theme(area: gardens.Area) -> str:
    return THEMES[area.theme]


def smallest_templed(player: Player) -> list[gardens.Area]:
    """The player's templed areas of the smallest size (where a moved temple comes from)."""
    templed = [a for a in gardens.areas(player.garden, player.temples) if a.temples]
    least = min((a.size for a in templed), default=0)
    return [a for a in templed if a.size == least]


def _temple(state: GameState, action: Temple) -> tuple[GameState, Notes]:
    player, turn = state.current_player, state.turn
    at = event_cell(action.at, "temple")
    if turn.temple is not None:
        raise IllegalMove("HG-TEMPLE-2", f"{player.name} has built a temple this turn already (one a turn).")
    if at not in turn.placed:
        placed = f"the card just placed covers {gardens.cells_text(turn.placed)}" if turn.placed else \
            "no card has been placed this turn"
        raise IllegalMove("HG-TEMPLE-1", f"a temple goes on a themed cell of the card just placed: {placed}.")
    found = gardens.areas(player.garden, player.temples)
    area = gardens.area_at(found, at)
    if area is None:
        raise IllegalMove("HG-TEMPLE-1", f"cell {at[0]},{at[1]} is blank: a temple goes on a themed cell.")
    if area.size < 3:
        raise IllegalMove("HG-TEMPLE-1", f"the {_theme(area)} area at {at[0]},{at[1]} has {area.size} cell(s): a "
                          "temple needs an area of 3 or more.")
    if area.temples and state.setup.rule("temples") == "per-area":
        t = area.temples[0]
        raise IllegalMove("HG-TEMPLE-3", f"the {_theme(area)} area at {at[0]},{at[1]} holds a temple already (at "
                          f"{t[0]},{t[1]}): one per area.")
    temples = player.temples
    notes: Notes = []
    if player.temples_left == 0:
        if not action.move_from:
            raise IllegalMove("HG-TEMPLE-4", f"all {TEMPLES} of {player.name}'s temples stand: say which moves "
                              "(--move-from ROW,COL), from the smallest templed area.")
        source = event_cell(action.move_from, "move_from")
        if source not in temples:
            raise IllegalMove("HG-TEMPLE-4", f"no temple of {player.name} stands at {source[0]},{source[1]}.")
        smallest = smallest_templed(player)
        if not any(source in a.temples for a in smallest):
            size = smallest[0].size
            raise IllegalMove("HG-TEMPLE-4", f"the temple at {source[0]},{source[1]} is not in a smallest templed "
                              f"area: move one from an area of {size} ({_sites(smallest)}).")
        temples = tuple(t for t in temples if t != source)
        notes.append(f"The temple at {source[0]},{source[1]} moves to {at[0]},{at[1]}. [HG-TEMPLE-4]")
    elif action.move_from:
        raise IllegalMove("HG-TEMPLE-4", f"{player.name} has {player.temples_left} temple(s) left: none moves yet.")
    player = player._replace(temples=temples + (at,))
    face_up = any(state.slots[slot(row, col)] for row in ROWS for col in COLUMNS if col <= area.size)
    if face_up:
        turn = turn._replace(temple=at, area=area.size, tile_due=True)
        notes.append(f"Temple on the {_theme(area)} area of {area.size}: take a score tile from column "
                     f"{_columns(area.size)} (garden take SERIES --column N). [HG-TILE-1]")
    else:  # a column is refilled from its row's stack at once: the allowed columns empty means both stacks are
        owed = 1 + (area.size >= DRAW_FROM)
        player = player._replace(owed=player.owed + owed)
        turn = turn._replace(temple=at, area=area.size)
        notes.append(f"No score tile is left for an area of {area.size}: {player.name} scores {5 * owed} points "
                     "for it at the end. [HG-END-2]")
    return _with_player(state, player, turn=turn), notes


def _sites(found: list[gardens.Area]) -> str:
    return ", ".join(f"temple at {a.temples[0][0]},{a.temples[0][1]}" for a in found)


def _columns(size: int) -> str:
    allowed = [str(c) for c in COLUMNS if c <= size]
    return allowed[0] if len(allowed) == 1 else ", ".join(allowed[:-1]) + " or " + allowed[-1]


def _taken(state: GameState, series: str) -> int:
    return sum(p.tiles.count(series) for p in state.players)


def _check_tile(state: GameState, series: str, also: tuple[str, ...] = ()) -> None:
    box = SERIES.get(series, 1 if series in CHARACTERS else 0)
    if box == 0:
        raise IllegalMove("HG-TILE-3", f"{series!r} is no score tile: series {', '.join(SERIES)}; characters "
                          f"{', '.join(CHARACTERS)}.")
    if _taken(state, series) + also.count(series) >= box:
        raise IllegalMove("HG-TILE-3", f"the box holds {box} {series} tile(s), and all are taken already.")


def _take(state: GameState, action: Take) -> tuple[GameState, Notes]:
    player, turn = state.current_player, state.turn
    if not turn.tile_due:
        raise IllegalMove("HG-TILE-1", f"{player.name} is owed no score tile: a tile follows a temple built this "
                          "turn (garden temple ROW,COL), one per temple.")
    if action.column not in COLUMNS or action.column > turn.area:
        raise IllegalMove("HG-TILE-1", f"column {action.column} is for areas of {action.column}; the area just "
                          f"templed has {turn.area} cells: take from column {_columns(turn.area)}.")
    if action.row not in ROWS:
        raise GardenError(f"event: row {action.row!r} is top or bottom")
    index = slot(action.row, action.column)
    if not state.slots[index]:
        raise IllegalMove("HG-TILE-1", f"the {action.row} row of column {action.column} is empty.")
    _check_tile(state, action.series)
    slots, stacks = list(state.slots), list(state.stacks)
    row = ROWS.index(action.row)
    if stacks[row]:
        stacks[row] -= 1  # the slot is refilled at once from its row's stack
    else:
        slots[index] = False
    tiles = (action.series,)
    notes: Notes = []
    owed = player.owed
    if turn.area >= DRAW_FROM:
        drawn_from = next((i for i, n in enumerate(stacks) if n), None)
        if drawn_from is None:
            if action.draw:
                raise IllegalMove("HG-TILE-2", "no face-down tile is left to draw.")
            owed += 1
            notes.append(f"No face-down tile is left to draw: {player.name} scores 5 points for it at the end. "
                         "[HG-END-2]")
        else:
            if not action.draw:
                raise IllegalMove("HG-TILE-2", f"an area of {turn.area} also draws a tile face down: say which "
                                  "(--draw SERIES).")
            _check_tile(state, action.draw, also=tiles)
            stacks[drawn_from] -= 1
            tiles += (action.draw,)
    elif action.draw:
        raise IllegalMove("HG-TILE-2", f"only an area of {DRAW_FROM} or more draws a face-down tile; this one has "
                          f"{turn.area}.")
    player = player._replace(tiles=player.tiles + tiles, owed=owed)
    state = _with_player(state, player, slots=tuple(slots), stacks=(stacks[0], stacks[1]),
                         turn=turn._replace(tile_due=False))
    if state.tiles_left == 0:
        notes.append("The score tiles have run out: this round is finished, then the game ends. [HG-END-2]")
    return state, notes


def _next(state: GameState, action: NextTurn) -> tuple[GameState, Notes]:
    refuse_while_owed(pending(state))
    picks = state.picks + 1
    if picks < state.revealed:
        return state._replace(picks=picks, turn=TurnState()), []
    if state.deck == 0 or state.tiles_left == 0:
        why = "the deck is empty" if state.deck == 0 else "the score tiles have run out"
        return state._replace(picks=picks, turn=TurnState(), over=True), [
            f"The round is over and {why}: the game ends (garden tally). [HG-END-1]"]
    start = (state.start + 1) % len(state.players)
    deck = state.deck - state.revealed
    state = state._replace(round=state.round + 1, start=start, picks=0, deck=deck, turn=TurnState())
    return state, [f"Round {state.round}: reveal {state.revealed} cards ({deck} left in the deck); "
                   f"{state.players[start].name} starts. [HG-ROUND-1]"]


_HANDLERS: dict[type, Callable[[GameState, Action], tuple[GameState, Notes]]] = {
    Card: _card, Discard: _discard, Temple: _temple, Take: _take, NextTurn: _next,  # type: ignore[dict-item]
}
