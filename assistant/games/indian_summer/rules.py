"""Indian Summer score mode: state + action -> new state and notes, or IllegalMove.

Pure: no printing, no files. Every refusal names its rule id (see rulebook.py).
The players move the pieces and say what they did; these rules keep every
path, treasure, squirrel and turn honest.
"""

from __future__ import annotations


from assistant.errors import GardenError, IllegalMove
from assistant.games.indian_summer import board, chain, laying, supply, woods
from assistant.games.indian_summer.actions import (
    Action, Animal, Blueberry, Deal, Exchange, Feather, Final, Leaf, Mushroom, NextTurn, Nut, PathRefill, Region,
    Squirrel,
)
from assistant.games.indian_summer.state import GameState, Player, Setup, SoloResult, TurnState
from assistant.games.interface import Outcome, refuse_while_owed
from assistant.games.indian_summer.pending import SOLO_ROUNDS, in_final_turn, pending, refill_example
from assistant.games.indian_summer.supply import (
    ANIMAL_SIZE, ANIMALS, LEAF_SIZE, LEAF_TOTAL, PATH_SIZE, PRINTED, REGIONS, RING_LOW, STACK_TOKEN,
    START_HELD, START_PATH, TOKEN_TOTAL, TREASURES,
)
from assistant.wording import a

MAX_PLAYERS = 4
SOLO_GAMES = 3
SOLO_SPACES = 12  # spaces 1-10, then the two mushroom spaces
ROW_ENDS = {"ul": ("upper", 0), "ur": ("upper", -1), "ll": ("lower", 0), "lr": ("lower", -1)}
MAIN_NAMES = {"leaf": "A (leaf tile)", "squirrel": "B (squirrel)", "mushroom": "C (mushroom)", "feather": "D (feather)"}


def _stack_tokens() -> supply.Counts:
    out = (0, 0, 0, 0)
    for kind in STACK_TOKEN.values():
        out = supply.add(out, supply.tindex(kind), 1)
    return out


def _fresh_supply(players: int) -> supply.Counts:
    return supply.minus(supply.minus(TOKEN_TOTAL, tuple(h * players for h in START_HELD)), _stack_tokens())


def new_game(setup: Setup) -> GameState:
    count = len(setup.players)
    if setup.solo and count != 1:
        raise IllegalMove("IS-SETUP-2", "Solo is played by exactly one player.")
    if not setup.solo and not 2 <= count <= MAX_PLAYERS:
        raise IllegalMove("IS-SETUP-1", "Indian Summer takes 2 to 4 players, or 1 with --solo.")
    names = [n.lower() for n in setup.players]
    if len(set(names)) != len(names):
        raise IllegalMove("IS-SETUP-1", "Each player needs a different name.")
    if "ring" in names and setup.rules >= 2:  # a 2-player mushroom names the common path so (OPPONENT:COLOUR,ring:COLOUR)
        raise IllegalMove("IS-SETUP-1", "'ring' names the common path in a mushroom action; give the player "
                          "another name.")
    boards: list = [None] * count
    if setup.board_mode:
        if len(setup.woods) != count:
            raise IllegalMove("IS-SETUP-1", "Board mode: each player needs a woodland board side.")
        boards = [side.board() for side in setup.woods]
    if setup.solo:
        return GameState(setup=setup, players=(Player(setup.players[0], board=boards[0]),), supply=_fresh_supply(1),
                         undealt=LEAF_TOTAL)
    pool = supply.minus(LEAF_TOTAL, tuple(n * count for n in supply.colour_counts(START_PATH)))
    ring = min(int(setup.rule("ring_capacity")), sum(pool))
    return GameState(setup=setup, players=tuple(Player(n, path=START_PATH, board=b) for n, b in zip(setup.players, boards)),
                     supply=_fresh_supply(count), ring=ring, reserve=sum(pool) - ring, pool=pool)


def apply(state: GameState, action: Action) -> Outcome:
    """The one checked way to change a game."""
    if state.over:
        raise IllegalMove("IS-TURN-1", "The game is over; no further move is possible.")
    if state.setup.solo and not state.dealt and not isinstance(action, Deal):
        raise IllegalMove("IS-SETUP-2", f"Solo game {state.game}: report this game's layout first (garden deal).")
    if state.turn.forced and not isinstance(action, PathRefill):
        who = ", ".join(state.players[i].name for i in state.turn.forced)
        raise IllegalMove("IS-PATH-3", f"{who} must first refill their emptied path to 5 (garden path).")
    if state.setup.board_mode and not isinstance(action, Region):
        _complete_regions_pay_first(state)
    handler = _HANDLERS[type(action)]
    state, notes = handler(state, action)
    return Outcome(state, tuple(notes))


def _complete_regions_pay_first(state: GameState) -> None:
    """Board mode: a region whose cells are all covered pays out before anything else happens."""
    for index, player in enumerate(state.players):
        if player.board is None:
            continue
        due = [r for r in woods.complete_regions(player.board) if r not in player.completed]
        if due:
            raise IllegalMove("IS-REGION-1", f"{player.name}'s region {due[0]} is complete: it pays out first "
                              f"(garden region {due[0]}).")


# -- helpers ---------------------------------------------------------------

def _start_main(state: GameState, name: str) -> GameState:
    player = state.current_player
    if state.turn.main:
        raise IllegalMove("IS-TURN-2", f"{player.name} already took a main action this turn "
                          f"({MAIN_NAMES[state.turn.main]}); only special actions are left.")
    if not state.setup.solo and in_final_turn(state):
        rule = state.setup.rule("final_turn")
        if rule == "convert-only":
            raise IllegalMove("IS-END-2", f"{player.name}'s last turn is the end chain only (house rule final_turn).")
        if rule == "convert-then-act" and not state.turn.chain:
            raise IllegalMove("IS-END-2", f"{player.name}'s last turn starts with the end chain (garden final).")
    if state.turn.chain and (state.setup.solo or state.setup.rule("final_turn") != "convert-then-act"):
        raise IllegalMove("IS-END-2", "The end chain has run: the turn is over (garden next).")
    if player.full:
        raise IllegalMove("IS-PLACE-1", f"{player.name}'s board is full: nothing more can be placed.")
    return state._replace(turn=state.turn._replace(main=name))


def _parse_found(text: str) -> list[tuple[str, int]]:
    out = []
    for part in (p.strip() for p in text.split(",") if p.strip()):
        kind, sep, region = part.partition(":")
        if not sep or not region.strip().isdigit():
            raise GardenError(f"found {part!r}: write TREASURE:REGION, e.g. nut:3")
        out.append((supply.treasure_of(kind), int(region)))
    return out


def _find(state: GameState, index: int, kind: str, region: int) -> tuple[GameState, str]:
    """A hole over a printed treasure: a token from the supply onto that region."""
    player = state.players[index]
    k = supply.tindex(kind)
    if not 1 <= region <= REGIONS:
        raise IllegalMove("IS-HOLE-1", f"Regions are numbered 1 to {REGIONS}, not {region}.")
    if region in player.completed:
        raise IllegalMove("IS-HOLE-1", f"{player.name}'s region {region} is complete: no hole can lie there now.")
    # score mode caps the finds at a side's printed count; in board mode the hole lies on a printed
    # cell of the board's own layout (which may print other counts), each covered once
    if player.board is None and player.found[k] >= PRINTED[k]:
        raise IllegalMove("IS-HOLE-1", f"A board side prints {PRINTED[k]} {kind}(s); {player.name} has found them all.")
    tokens = list(player.tokens)
    player = player._replace(found=supply.add(player.found, k, 1))
    if state.supply[k] == 0:
        # the printed treasure shows in the hole, no token on it: an animal may earn it later
        player = player._replace(revealed=supply.add(player.revealed, k, 1))
        return state.with_player(index, player), f"A hole over a printed {kind} in region {region}: the supply has no {kind} token left, so none is put there. [IS-SUPPLY-1]"
    tokens[region - 1] = supply.add(tokens[region - 1], k, 1)
    state = state._replace(supply=supply.add(state.supply, k, -1))
    return state.with_player(index, player._replace(tokens=tuple(tokens))), f"A hole over a printed {kind}: a {kind} token goes on region {region}."


def _place_leaves(state: GameState, colours: list[str], found: str, at: str = "") -> tuple[GameState, list[str]]:
    """Leaf tiles placed by the current player, their holes' findings, a full board's consequences."""
    index = state.current
    if state.setup.board_mode:
        return _lay_leaves(state, colours, found, at)
    if at:
        raise IllegalMove("IS-PLACE-1", "Cells are tracked only in board mode (garden new indian-summer --board-mode).")
    notes: list[str] = []
    for colour in colours:
        player = state.players[index]
        state = board.cover(state, index, LEAF_SIZE[colour], f"{a(colour)} leaf tile")
        player = state.players[index]
        state = state.with_player(index, player._replace(leaves=supply.add(player.leaves, supply.cindex(colour), 1)))
    finds = _parse_found(found)
    if len(finds) > len(colours):
        raise IllegalMove("IS-HOLE-1", f"{len(colours)} leaf tile(s) placed: at most {len(colours)} hole(s) over a treasure, not {len(finds)}.")
    for kind, region in finds:
        state, note = _find(state, index, kind, region)
        notes.append(note)
    state = state._replace(turn=state.turn._replace(holes=state.turn.holes + len(colours), placed=True))
    return _after_cover(state, index, notes)


def _lay_leaves(state: GameState, colours: list[str], found: str, at: str) -> tuple[GameState, list[str]]:
    """Board mode: each tile on its cells; a hole over a printed treasure gets that token from the supply."""
    index = state.current
    if found.strip():
        raise IllegalMove("IS-HOLE-1", "In board mode the board says what a hole finds: leave out found=.")
    tiles = laying.split_tiles(at)
    if len(tiles) != len(colours):
        raise IllegalMove("IS-PLACE-1", f"Board mode: give the cells of each of the {len(colours)} tile(s) placed "
                          f"({len(tiles)} given).")
    notes: list[str] = []
    for n, (colour, text) in enumerate(zip(colours, tiles), 1):
        what = f"the {colour} leaf tile" + (f" ({n} of {len(colours)})" if len(colours) > 1 else "")
        player = state.players[index]
        laid = laying.lay_leaf(player.board, LEAF_SIZE[colour], text, what)
        state = board.cover(state, index, LEAF_SIZE[colour], what)
        player = state.players[index]
        state = state.with_player(index, player._replace(board=laid.board,
                                                         leaves=supply.add(player.leaves, supply.cindex(colour), 1)))
        r, c = laid.hole
        if laid.printed:
            had = state.supply[supply.tindex(laid.printed)]
            state, note = _find(state, index, laid.printed, woods.region_of(r, c))
            cell_state = woods.TOKEN[laid.printed] if had else woods.SHOWS[laid.printed]
            player = state.players[index]
            state = state.with_player(index, player._replace(board=player.board.with_state([(r, c)], cell_state)))
            notes.append(note.rstrip(".") + f" (cell {r},{c}). [IS-HOLE-1]")
        if laid.lost:
            notes.append(f"{what.capitalize()} covers printed {', '.join(laid.lost)} with a plain cell: "
                         "they are gone for good.")
    state = state._replace(turn=state.turn._replace(holes=state.turn.holes + len(colours), placed=True))
    return _after_cover(state, index, notes)


def _board_squirrel(state: GameState, at: str, what: str) -> GameState:
    """Board mode: the squirrel's cell (score mode: refuses a cell)."""
    player = state.current_player
    if player.board is None:
        if at:
            raise IllegalMove("IS-PLACE-1", "Cells are tracked only in board mode (garden new indian-summer --board-mode).")
        return state
    if not at.strip():
        raise IllegalMove("IS-PLACE-1", f"Board mode: say where {what} goes (--at ROW,COL).")
    cells, _ = laying.put_squirrel(player.board, at, what)
    return state.with_player(state.current, player._replace(board=cells))


def _after_cover(state: GameState, index: int, notes: list[str]) -> tuple[GameState, list[str]]:
    state, more = board.complete_rest_if_full(state, index)
    notes.extend(more)
    player = state.players[index]
    if player.full and not state.setup.solo and state.ending is None:
        state = state._replace(ending=index)
        n = len(state.players)
        others = [state.players[(index + k) % n].name for k in range(1, n)]
        notes.append(f"{player.name}'s board is full! Every other player takes one more turn ({', '.join(others)}), "
                     "starting with the end chain; then the game ends. [IS-END-1]")
    elif player.full:
        notes.append(f"{player.name}'s board is full.")
    return state, notes


def _take_from_path(state: GameState, index: int, colour: str, rule_id: str) -> GameState:
    player = state.players[index]
    if colour not in player.path:
        raise IllegalMove(rule_id, f"{player.name}'s path holds {supply.short(player.path)} "
                          f"({len(player.path)} tile(s)): no {colour} tile.")
    path = list(player.path)
    path.remove(colour)
    return state.with_player(index, player._replace(path=tuple(path)))


def _note_empty_path(state: GameState, index: int, robbed: bool) -> tuple[GameState, list[str]]:
    player = state.players[index]
    if player.path:
        return state, []
    refills = state.turn.refills + (index,)
    forced = state.turn.forced
    if robbed and state.setup.rule("robbed_refill") == "must" and not state.setup.solo:
        forced = forced + (index,)
        how = "must refill it to 5 at once"
    else:
        how = "may refill it to 5 at once"
    where = "from the rows" if state.setup.solo else "from the common path"
    state = state._replace(turn=state.turn._replace(refills=refills, forced=forced))
    return state, [f"{player.name}'s path is empty: {player.name} {how} {where} "
                   f"(garden path {player.name} {refill_example(state.setup)}). "
                   f"[{'IS-PATH-3' if robbed else 'IS-PATH-2'}]"]


def _ring_take(state: GameState, colour: str) -> tuple[GameState, list[str]]:
    """The front tile of the common path, of `colour`; the ring topped up from the reserve below 7."""
    c = supply.cindex(colour)
    if state.ring == 0:
        raise IllegalMove("IS-PATH-1", "The common path is empty: no tile can be taken from it.")
    if state.pool[c] == 0:
        raise IllegalMove("IS-PATH-1", f"The common path and reserve hold no {colour} tile "
                          f"(left: {supply.describe(state.pool, supply.COLOURS)}).")
    state = state._replace(ring=state.ring - 1, pool=supply.add(state.pool, c, -1))
    notes: list[str] = []
    if state.ring < RING_LOW and state.reserve > 0:
        capacity = int(state.setup.rule("ring_capacity"))
        moved = min(state.reserve, max(0, capacity - state.ring))
        state = state._replace(ring=state.ring + moved, reserve=state.reserve - moved)
        notes.append(f"The common path is down to {state.ring - moved} tiles: {moved} tile(s) from the reserve "
                     f"extend it at its end ({state.ring} now, {state.reserve} in reserve). [IS-PATH-4]")
    return state, notes


def _row_take(state: GameState, source: str) -> tuple[GameState, str]:
    key = source.strip().lower()
    if key not in ROW_ENDS:
        raise GardenError(f"solo draw {source!r}: use UL, UR, LL or LR (upper/lower row, left/right end)")
    row_name, end = ROW_ENDS[key]
    row = getattr(state, row_name)
    if not row:
        raise IllegalMove("IS-SOLO-3", f"The {row_name} row is empty.")
    colour = row[end]
    rest = row[1:] if end == 0 else row[:-1]
    return state._replace(**{row_name: rest}), colour


def _draw(state: GameState, index: int, draw: str, wanted: int, rule_id: str) -> tuple[GameState, list[str]]:
    """Tiles to the end of player `index`'s path, `wanted` of them or as many as there are."""
    notes: list[str] = []
    player = state.players[index]
    parts = [p.strip() for p in draw.split(",") if p.strip()] if draw.strip() not in ("", "-") else []
    if state.setup.solo:
        available = len(state.upper) + len(state.lower)
        expected = min(wanted, available)
        if len(parts) != expected:
            raise IllegalMove(rule_id, f"{player.name} takes {expected} tile(s) from the rows now "
                              f"(name the row end of each: UL, UR, LL, LR), not {len(parts)}.")
        once = state.setup.rule("solo_refill_choice") == "once"
        taken = []
        for k, part in enumerate(parts):
            # once: one row end per refill; a row used up before the path holds 5 leaves the
            # rest to another choice (else the refill could not be made at all)
            if once and k and part.lower() != parts[k - 1].lower() and getattr(state, ROW_ENDS[parts[k - 1].lower()][0]):
                raise IllegalMove("IS-SOLO-3", "One refill takes from one row end until that row is used up "
                                  f"(house rule solo_refill_choice=once): {parts[k - 1]} still holds tiles.")
            state, colour = _row_take(state, part)
            taken.append(colour)
    else:
        colours = list(supply.colours_of(draw)) if parts else []
        available = sum(state.pool)
        expected = min(wanted, available)
        if len(colours) != expected:
            raise IllegalMove(rule_id, f"{player.name} takes {expected} tile(s) from the common path now "
                              f"(name the colour of each, in order), not {len(colours)}.")
        taken = []
        for colour in colours:
            state, more = _ring_take(state, colour)
            notes.extend(more)
            taken.append(colour)
    player = state.players[index]
    state = state.with_player(index, player._replace(path=player.path + tuple(taken)))
    if expected < wanted:
        notes.append(f"Only {expected} tile(s) were left to take.")
    notes.insert(0, f"{player.name} takes {supply.short(tuple(taken))} to the end of their path "
                    f"(path: {supply.short(state.players[index].path)}).")
    return state, notes


def _pay(state: GameState, kind: str, rule_id: str, what: str) -> GameState:
    player = state.current_player
    k = supply.tindex(kind)
    if player.held[k] < 1:
        raise IllegalMove(rule_id, f"{player.name} holds no {kind} to pay for {what} "
                          f"(holds {supply.describe(player.held)}).")
    state = state._replace(supply=supply.add(state.supply, k, 1))
    return state.with_player(state.current, player._replace(held=supply.add(player.held, k, -1)))


# -- the actions -------------------------------------------------------------

def _leaf_tiles(colours: list[str] | tuple[str, ...]) -> str:
    """Leaf tiles in words: "an orange leaf tile", "a green and a red leaf tile", "two red leaf tiles"."""
    if not colours:
        return "no leaf tile"
    if len(colours) == 2 and colours[0] == colours[1]:
        return f"two {colours[0]} leaf tiles"
    return " and ".join(a(c) for c in colours) + " leaf tile"


def _leaf(state: GameState, action: Leaf) -> tuple[GameState, list[str]]:
    colour = supply.colour_of(action.colour)
    state = _start_main(state, "leaf")
    state = _take_from_path(state, state.current, colour, "IS-MAIN-A")
    state, notes = _place_leaves(state, [colour], action.found, action.at)
    notes.insert(0, f"{state.current_player.name} places {_leaf_tiles([colour])} from their path "
                    f"({state.current_player.empty} empty cell(s) left).")
    state, more = _note_empty_path(state, state.current, robbed=False)
    return state, notes + more


def _squirrel(state: GameState, action: Squirrel) -> tuple[GameState, list[str]]:
    """IS-MAIN-B: a squirrel from the supply, placed on one cell."""
    state = _start_main(state, "squirrel")
    state = _board_squirrel(state, action.at, "the squirrel")
    state, what = board.place_squirrel(state, state.current)
    state = state._replace(turn=state.turn._replace(placed=True))
    notes = [f"{state.current_player.name} places a {what} ({state.current_player.empty} empty cell(s) left)."]
    return _after_cover(state, state.current, notes)


def _nut(state: GameState, action: Nut) -> tuple[GameState, list[str]]:
    _check_special(state)
    if state.current_player.full:
        raise IllegalMove("IS-PLACE-1", f"{state.current_player.name}'s board is full: nothing more can be placed.")
    state = _pay(state, "nut", "IS-SPEC-2", "a squirrel")
    state = _board_squirrel(state, action.at, "the squirrel")
    state, what = board.place_squirrel(state, state.current)
    state = state._replace(turn=state.turn._replace(placed=True))
    notes = [f"{state.current_player.name} pays a nut and places a {what} ({state.current_player.empty} empty cell(s) left)."]
    return _after_cover(state, state.current, notes)


def _check_special(state: GameState) -> None:
    if not state.setup.solo and in_final_turn(state) and not state.turn.chain \
            and state.setup.rule("final_turn") == "convert-then-act":
        raise IllegalMove("IS-END-2", f"{state.current_player.name}'s last turn starts with the end chain (garden final).")


def _mushroom(state: GameState, action: Mushroom) -> tuple[GameState, list[str]]:
    state = _start_main(state, "mushroom")
    me = state.current
    declines = [d.strip().lower() for d in action.decline.split(",") if d.strip()]
    if len(declines) > 1 and state.setup.rule("mushroom_decline") == "one":
        raise IllegalMove("IS-MAIN-C", "At most one of the two tiles may be declined (house rule mushroom_decline=one).")
    if state.setup.solo:
        return _solo_mushroom(state, declines, action.found, action.at)
    takes: list[tuple[str, str]] = []
    for part in (p.strip() for p in action.take.split(",") if p.strip()):
        source, sep, colour = part.partition(":")
        if not sep:
            raise GardenError(f"mushroom take {part!r}: write SOURCE:COLOUR, e.g. Ben:orange")
        takes.append((source.strip(), supply.colour_of(colour)))
    two = len(state.players) == 2
    if len(takes) != 2:
        raise IllegalMove("IS-MAIN-C", "A mushroom takes exactly two tiles: "
                          + ("one from the opponent's path and the front of the common path (OPPONENT:COLOUR,ring:COLOUR)."
                             if two else "one from each of two different other players' paths (A:COLOUR,B:COLOUR)."))
    sources = [s.lower() for s, _ in takes]
    for d in declines:
        if d not in sources:
            raise IllegalMove("IS-MAIN-C", f"Declined tile {d!r} is not one of the two taken "
                              f"({', '.join(s for s, _ in takes)}): --decline names a SOURCE.")
    robbed: list[int] = []
    ring_sources = [s for s in sources if s == "ring"]
    if two:
        if len(ring_sources) != 1:
            raise IllegalMove("IS-MAIN-C", "With 2 players a mushroom takes one tile from the opponent's path and one "
                              "from the front of the common path (OPPONENT:COLOUR,ring:COLOUR).")
    elif ring_sources:
        raise IllegalMove("IS-MAIN-C", "Only with 2 players does a mushroom take from the common path; with "
                          f"{len(state.players)} it takes from two different other players' paths.")
    pay_state = _pay(state, "mushroom", "IS-MAIN-C", "the mushroom action")
    state = pay_state
    placed: list[str] = []
    notes: list[str] = []
    for (source, colour), key in zip(takes, sources):
        if key == "ring":
            if key in declines:
                notes.append(f"The front tile of the common path ({colour}) does not fit and stays.")
                continue
            state, more = _ring_take(state, colour)
            notes.extend(more)
            placed.append(colour)
            continue
        index = state.index_of(source)
        if index is None:
            known = ", ".join(p.name for p in state.players if p.name != state.current_player.name)
            raise IllegalMove("IS-MAIN-C", f"There is no player {source!r} whose path could be taken from (other players: {known}).")
        if index == me:
            raise IllegalMove("IS-MAIN-C", "A mushroom takes from other players' paths, not your own.")
        if index in robbed:
            raise IllegalMove("IS-MAIN-C", "The two tiles come from two different players.")
        robbed.append(index)
        checked = _take_from_path(state, index, colour, "IS-MAIN-C")  # refuses a tile the path does not hold
        if key in declines:
            notes.append(f"{state.players[index].name}'s {colour} tile does not fit and stays in their path.")
            continue
        state = checked
        placed.append(colour)
    state, more = _place_leaves(state, placed, action.found, action.at)
    notes = [f"{state.current_player.name} pays a mushroom and places {_leaf_tiles(placed)} "
             f"({state.current_player.empty} empty cell(s) left)."] + notes + more
    n = len(state.players)
    for k in range(1, n):  # robbed players in turn order from the active player
        index = (me + k) % n
        if index in robbed:
            state, more = _note_empty_path(state, index, robbed=True)
            notes.extend(more)
    return state, notes


def _solo_mushroom(state: GameState, declines: list[str], found: str, at: str = "") -> tuple[GameState, list[str]]:
    spaces = list(state.spaces)
    present = [(name, i) for name, i in (("m1", SOLO_SPACES - 1), ("m2", SOLO_SPACES - 2)) if spaces[i] is not None]
    if not present:
        raise IllegalMove("IS-SOLO-2", "Both mushroom spaces are empty: no tile to take.")
    for d in declines:
        if d not in {name for name, _ in present}:
            raise IllegalMove("IS-SOLO-2", f"Declined tile {d!r} is not on a mushroom space (m1 = rightmost, m2 = next).")
    state = _pay(state, "mushroom", "IS-MAIN-C", "the mushroom action")
    placed = []
    for name, i in present:
        if name in declines:
            continue
        placed.append(spaces[i])
        spaces[i] = None
    notes = []
    # Tiles on spaces below the round number move, highest first, to the rightmost free spaces.
    moved = []
    for i in range(state.round - 2, -1, -1):
        if spaces[i] is not None:
            tile, spaces[i] = spaces[i], None
            target = max(j for j in range(SOLO_SPACES) if spaces[j] is None)
            spaces[target] = tile
            moved.append(f"{i + 1}->{target + 1}")
    state = state._replace(spaces=tuple(spaces))
    state, more = _place_leaves(state, placed, found, at)
    notes = [f"{state.current_player.name} pays a mushroom and places {_leaf_tiles(placed)} from the mushroom "
             f"spaces ({state.current_player.empty} empty cell(s) left)."] + more
    if moved:
        notes.append(f"Tiles below round {state.round} move right: {', '.join(moved)}. [IS-SOLO-2]")
    return state, notes


def _feather(state: GameState, action: Feather) -> tuple[GameState, list[str]]:
    colours = list(supply.colours_of(action.colours))
    if len(colours) != 2:
        raise IllegalMove("IS-MAIN-D", f"A feather places exactly 2 tiles from your path, not {len(colours)}.")
    state = _start_main(state, "feather")
    if len(state.current_player.path) < 2:
        raise IllegalMove("IS-MAIN-D", f"{state.current_player.name}'s path holds {len(state.current_player.path)} tile(s): "
                          "a feather needs at least 2 there.")
    state = _pay(state, "feather", "IS-MAIN-D", "the feather action")
    for colour in colours:
        state = _take_from_path(state, state.current, colour, "IS-MAIN-D")
    state, notes = _place_leaves(state, colours, action.found, action.at)
    notes.insert(0, f"{state.current_player.name} pays a feather and places {_leaf_tiles(colours)} from their path "
                    f"({state.current_player.empty} empty cell(s) left).")
    state, more = _note_empty_path(state, state.current, robbed=False)
    return state, notes + more


def _blueberry(state: GameState, action: Blueberry) -> tuple[GameState, list[str]]:
    _check_special(state)
    state = _pay(state, "blueberry", "IS-SPEC-1", "a path refill")
    held = len(state.current_player.path)
    wanted = PATH_SIZE - held if held < PATH_SIZE else 1
    state, notes = _draw(state, state.current, action.draw, wanted, "IS-SPEC-1")
    index = state.current
    if index in state.turn.refills and state.players[index].path:
        state = state._replace(turn=state.turn._replace(refills=tuple(i for i in state.turn.refills if i != index)))
    return state, [f"{state.current_player.name} pays a blueberry to refill their path."] + notes


def _path_refill(state: GameState, action: PathRefill) -> tuple[GameState, list[str]]:
    index = state.index_of(action.player)
    if index is None:
        raise IllegalMove("IS-TURN-1", f"There is no player {action.player!r} in this game.")
    refills = state.turn.refills
    if index not in refills:
        raise IllegalMove("IS-PATH-2", f"{state.players[index].name}'s path was not emptied this turn: no free refill.")
    position = refills.index(index)
    notes: list[str] = []
    for earlier in refills[:position]:
        if earlier in state.turn.forced:
            raise IllegalMove("IS-PATH-3", f"{state.players[earlier].name} refills first (turn order from the active player).")
        notes.append(f"{state.players[earlier].name} lets their refill go.")
    state = state._replace(turn=state.turn._replace(refills=refills[position + 1:],
                                                    forced=tuple(i for i in state.turn.forced if i != index)))
    state, more = _draw(state, index, action.draw, PATH_SIZE, "IS-PATH-2")
    return state, notes + more


def exchange_cost(state: GameState, give_name: str, get_name: str, times: int = 1) -> int:
    """Treasures of `give_name` the current player pays for `times` of `get_name` (IS-EXCH-1:
    one buys one of any lower kind, two buy one of the next higher), refused when not held."""
    give, get = supply.treasure_of(give_name), supply.treasure_of(get_name)
    g, t = supply.tindex(give), supply.tindex(get)
    if g > t:
        cost = 1
    elif t == g + 1:
        cost = 2
    else:
        raise IllegalMove("IS-EXCH-1", f"No exchange turns {give} into {get}: one buys one of any lower kind, "
                          "two buy one of the next higher kind (feather > mushroom > nut > blueberry).")
    player = state.current_player
    if player.held[g] < cost * times:
        what = f"the exchange for a {get}" if times == 1 else f"{times} exchanges for a {get}"
        raise IllegalMove("IS-EXCH-1", f"{player.name} holds {player.held[g]} {give}(s); {what} cost(s) {cost * times}.")
    return cost


def _exchange(state: GameState, action: Exchange) -> tuple[GameState, list[str]]:
    if state.setup.rules >= 3:
        _check_special(state)  # a last turn's own exchanges come after its chain, which converts all
    give, get = supply.treasure_of(action.give), supply.treasure_of(action.get)
    g, t = supply.tindex(give), supply.tindex(get)
    cost = exchange_cost(state, give, get)
    player = state.current_player
    if state.supply[t] < 1:
        raise IllegalMove("IS-SUPPLY-1", f"The supply holds no {get} token.")
    held = supply.add(supply.add(player.held, g, -cost), t, 1)
    state = state.with_player(state.current, player._replace(held=held))
    state = state._replace(supply=supply.add(supply.add(state.supply, g, cost), t, -1))
    return state, [f"{player.name} exchanges {cost} {give}(s) for a {get} (holds {supply.describe(held)})."]


def _region(state: GameState, action: Region) -> tuple[GameState, list[str]]:
    return board.complete_region(state, state.current, int(action.region))


def _animal(state: GameState, action: Animal) -> tuple[GameState, list[str]]:
    kind = action.animal.strip().lower()
    if kind not in ANIMAL_SIZE:
        raise GardenError(f"animal {action.animal!r}: use one of {', '.join(ANIMAL_SIZE)}")
    size = ANIMAL_SIZE[kind]
    player = state.current_player
    if state.animals_left == 0:
        raise IllegalMove("IS-ANIMAL-1", f"All {ANIMALS} animals are placed.")
    if not state.turn.placed:
        raise IllegalMove("IS-ANIMAL-1", "An animal goes on holes as they form: in a turn that placed something.")
    if player.board is not None:
        return _board_animal(state, action, kind)
    if action.cells or action.shape:
        raise IllegalMove("IS-ANIMAL-1", "Cells are tracked only in board mode (garden new indian-summer --board-mode).")
    free_holes = player.holes - player.animal_cells - sum(player.on_board())
    if size > free_holes:
        raise IllegalMove("IS-ANIMAL-1", f"The {kind} animal covers {size} hole cells; {player.name} has {free_holes} "
                          "hole(s) free of animals and tokens.")
    under = supply.treasures_of(action.treasures)
    if len(under) > size:
        raise IllegalMove("IS-ANIMAL-1", f"The {kind} animal covers {size} cells: at most {size} printed treasures.")
    counts = tuple(sum(1 for u in under if u == k) for k in TREASURES)
    for k, name in enumerate(TREASURES):
        if counts[k] > player.revealed[k]:
            raise IllegalMove("IS-ANIMAL-1", f"{player.name} has {player.revealed[k]} printed {name}(s) showing in a hole "
                              "with no token on it (found earlier, region paid out): an animal cannot earn more.")
    player = player._replace(revealed=supply.minus(player.revealed, counts), animals=player.animals + (kind,),
                             animal_cells=player.animal_cells + size)
    return _animal_pays(state, player, kind, size, counts)


def _board_animal(state: GameState, action: Animal, kind: str) -> tuple[GameState, list[str]]:
    """Board mode: the animal on explicit hole cells; the treasures under it are read from the board."""
    player = state.current_player
    if not action.cells or not action.shape:
        raise IllegalMove("IS-ANIMAL-1", f"Board mode: say which hole cells the {kind} animal covers (--at or --cells).")
    if action.treasures.strip():
        raise IllegalMove("IS-ANIMAL-1", "In board mode the board says which treasures lie under an animal: leave out under=.")
    size = ANIMAL_SIZE[kind]
    new_board, shows = laying.put_animal(player.board, kind, action.shape, action.cells)
    cells = len(laying.parse_cells(action.cells, "the animal")[0])
    if cells != size:
        raise IllegalMove("IS-ANIMAL-1", f"The {kind} animal covers {size} cells, not {cells}.")
    counts = tuple(shows.get(k, 0) for k in TREASURES)
    player = player._replace(board=new_board, revealed=tuple(max(0, r - c) for r, c in zip(player.revealed, counts)),
                             animals=player.animals + (kind,), animal_cells=player.animal_cells + size)
    return _animal_pays(state, player, kind, size, counts)


def _animal_pays(state: GameState, player: Player, kind: str, size: int,
                 counts: supply.Counts) -> tuple[GameState, list[str]]:
    state = state.with_player(state.current, player)._replace(animals_left=state.animals_left - 1)
    state, taken = board.take_tokens(state, state.current, counts)
    notes = [f"{player.name} places the {kind} animal over {size} holes"
             + (f" and takes {supply.describe(taken)} for the treasures under it." if any(counts) else ".")]
    if taken != counts:
        notes.append("The supply was short: " + supply.describe(supply.minus(counts, taken)) + " not taken. [IS-SUPPLY-1]")
    if kind in state.stacks:
        token = STACK_TOKEN[kind]
        p = state.current_player
        state = state.with_player(state.current, p._replace(held=supply.add(p.held, supply.tindex(token), 1)))
        state = state._replace(stacks=tuple(s for s in state.stacks if s != kind))
        notes.append(f"The {kind} stack's {token} token goes to {player.name}.")
    return state, notes


def _final(state: GameState, action: Final) -> tuple[GameState, list[str]]:
    player = state.current_player
    if not in_final_turn(state):
        raise IllegalMove("IS-END-2", "The end chain comes only in a last turn (another board full; solo round 10).")
    if state.turn.chain:
        raise IllegalMove("IS-END-2", "The end chain has already run this turn.")
    if state.setup.solo or state.setup.rule("final_turn") == "act-then-convert":
        if not state.turn.main and not player.full:
            raise IllegalMove("IS-END-2", f"{player.name} first takes the main action, then the end chain.")
    elif state.turn.main:
        raise IllegalMove("IS-END-2", f"{player.name}'s last turn starts with the end chain, before the main action.")
    if player.board is not None:
        if action.waves.strip():
            raise IllegalMove("IS-END-2", "In board mode the board says which regions the squirrels complete: leave out waves=.")
        from assistant.games.indian_summer.squirrels import BoardPlacer

        placer = BoardPlacer.from_text(action.cells)
    elif action.cells:
        raise IllegalMove("IS-END-2", "Cells are tracked only in board mode (garden new indian-summer --board-mode).")
    else:
        placer = chain.ReportedPlacer(chain.parse_waves(action.waves))
    until_full = state.setup.solo and state.setup.rule("solo_convert") == "until-full"
    state, notes = chain.run(state, state.current, placer, until_full, int(state.setup.rule("solo_feather_points")))
    state = state._replace(turn=state.turn._replace(chain=True, placed=True))
    return state, notes


def _deal(state: GameState, action: Deal) -> tuple[GameState, list[str]]:
    if not state.setup.solo:
        raise IllegalMove("IS-SETUP-2", "Only the solo game deals a layout; the multiplayer paths are set by the rules.")
    if state.dealt:
        raise IllegalMove("IS-SETUP-2", f"Solo game {state.game} is already dealt.")
    parts = {}
    for field, size in (("upper", 5), ("lower", 5), ("spaces", 10), ("path", 5)):
        colours = supply.colours_of(getattr(action, field))
        if len(colours) != size:
            raise IllegalMove("IS-SETUP-2", f"The {field} holds {size} tiles, not {len(colours)}.")
        parts[field] = colours
    counts = supply.colour_counts(sum(parts.values(), ()))
    if any(c > u for c, u in zip(counts, state.undealt)):
        raise IllegalMove("IS-SETUP-2", f"The stacks left hold {supply.describe(state.undealt, supply.COLOURS)}; "
                          f"this deal has {supply.describe(counts, supply.COLOURS)}.")
    if state.game == SOLO_GAMES and counts != state.undealt:
        raise IllegalMove("IS-SETUP-2", f"The last stack is what is left: {supply.describe(state.undealt, supply.COLOURS)}.")
    spaces = tuple(parts["spaces"]) + (None, None)
    player = state.players[0]._replace(path=parts["path"])
    state = state.with_player(0, player)._replace(
        dealt=True, upper=parts["upper"], lower=parts["lower"], spaces=spaces,
        undealt=supply.minus(state.undealt, counts))
    state, moved = _solo_round_start(state)
    return state, [f"Solo game {state.game} dealt: upper {supply.short(parts['upper'])}, lower {supply.short(parts['lower'])}, "
                   f"path {supply.short(parts['path'])}."] + moved


def _solo_round_start(state: GameState) -> tuple[GameState, list[str]]:
    """Before a round: the tile on that round's space moves to the rightmost free space."""
    spaces = list(state.spaces)
    i = state.round - 1
    if spaces[i] is None:
        return state, []
    tile, spaces[i] = spaces[i], None
    target = max(j for j in range(SOLO_SPACES) if spaces[j] is None)
    spaces[target] = tile
    where = f"mushroom space {'m1' if target == SOLO_SPACES - 1 else 'm2'}" if target >= 10 else f"space {target + 1}"
    move = f"moves to {where}" if target != i else "stays: the spaces after it are full"
    return state._replace(spaces=tuple(spaces)), [f"Round {state.round}: the {tile} tile on space {i + 1} {move}. [IS-SOLO-1]"]


def _next(state: GameState, action: NextTurn) -> tuple[GameState, list[str]]:
    refuse_while_owed(pending(state))
    player = state.current_player
    notes: list[str] = []
    if state.setup.solo:
        return _solo_next(state)
    n = len(state.players)
    if state.ending is not None:
        state = state.with_player(state.current, player._replace(done=True))
        nxt = (state.current + 1) % n
        if nxt == state.ending:
            state = state._replace(over=True, turn=TurnState())
            notes.append("Every other player has had their last turn: the game is over (garden tally). [IS-END-1]")
            return state, notes
    else:
        nxt = (state.current + 1) % n
    state = state._replace(current=nxt, turn_number=state.turn_number + 1, turn=TurnState())
    if in_final_turn(state):
        rule = state.setup.rule("final_turn")
        first = {"convert-then-act": "the end chain first (garden final), then the main action",
                 "act-then-convert": "the main action first, then the end chain (garden final)",
                 "convert-only": "the end chain only (garden final)"}[rule]
        notes.append(f"{state.current_player.name}'s last turn: {first}. [IS-END-2]")
    return state, notes


def _solo_next(state: GameState) -> tuple[GameState, list[str]]:
    notes: list[str] = []
    if state.round < SOLO_ROUNDS:
        state = state._replace(round=state.round + 1, turn_number=state.turn_number + 1, turn=TurnState())
        state, moved = _solo_round_start(state)
        return state, moved
    player = state.players[0]
    fp = int(state.setup.rule("solo_feather_points"))
    points = sum(h * v for h, v in zip(player.held, (1, 2, 3, fp))) - player.empty
    success = player.full or points > 0
    result = SoloResult(state.game, player.empty, player.held, points, success)
    results = state.results + (result,)
    notes.append(f"Solo game {state.game}: {'success' if success else 'failure'}, {points} point(s) "
                 f"({player.empty} empty cell(s), holding {supply.describe(player.held)}). [IS-SOLO-4]")
    in_play = supply.plus(supply.plus(player.leaves, supply.colour_counts(player.path)),
                          supply.colour_counts(state.upper + state.lower + tuple(s for s in state.spaces if s)))
    retired = supply.plus(state.retired, in_play)
    if state.game == SOLO_GAMES or (state.game == 2 and not any(r.success for r in results)):
        if state.game == 2:
            notes.append("The first two games failed: the third is not played. [IS-SOLO-5]")
        return state._replace(results=results, over=True, turn=TurnState()), notes  # the last board stays
    notes.append(f"Solo game {state.game + 1}: take the next stack of 25 and report its layout (garden deal).")
    fresh = new_game(state.setup)
    state = fresh._replace(game=state.game + 1, results=results, retired=retired, undealt=state.undealt,
                           turn_number=state.turn_number + 1)
    return state, notes


_HANDLERS = {
    NextTurn: _next, Leaf: _leaf, Squirrel: _squirrel, Mushroom: _mushroom, Feather: _feather,
    Blueberry: _blueberry, Nut: _nut, Exchange: _exchange, Region: _region, Animal: _animal,
    PathRefill: _path_refill, Final: _final, Deal: _deal,
}


def final_cells(state: GameState) -> str:
    """Board mode: the squirrel cells the end chain of the current player would use, chosen to leave
    the fewest empty cells (squirrels.py), as the Final action's `cells` text; '' if none go down."""
    from assistant.games.indian_summer.squirrels import BoardPlacer

    placer = BoardPlacer(None)
    until_full = state.setup.solo and state.setup.rule("solo_convert") == "until-full"
    chain.run(state, state.current, placer, until_full, int(state.setup.rule("solo_feather_points")))
    return placer.cells_text()
