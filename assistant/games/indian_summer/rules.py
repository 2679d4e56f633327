"""Indian Summer score mode: state + action -> new state and notes, or IllegalMove.

Pure: no printing, no files. Every refusal names its rule id (see rulebook.py).
The players move the pieces and say what they did; these rules keep every
path, treasure, squirrel and turn honest.

Here: set-up, the dispatch of each action, the turn's flow and the main and special actions;
what they share lives beside it: paths.py (tiles taken, treasures paid), placing.py (pieces onto
a board), animals.py, solo.py (the solo game's deal, round spaces and mushroom).
"""

from __future__ import annotations

from assistant.errors import GardenError, IllegalMove
from assistant.games.indian_summer import animals, board, chain, paths, placing, solo, supply, woods
from assistant.games.indian_summer.actions import (
    Action, Animal, Blueberry, Deal, Exchange, Feather, Final, Leaf, Mushroom, NextTurn, Nut, PathRefill, Region,
    Squirrel,
)
from assistant.games.indian_summer.pending import SOLO_ROUNDS, in_final_turn, pending
from assistant.games.indian_summer.solo import SOLO_GAMES
from assistant.games.indian_summer.state import GameState, Player, Setup, SoloResult, TurnState
from assistant.games.indian_summer.supply import (
    LEAF_TOTAL, PATH_SIZE, STACK_TOKEN, START_HELD, START_PATH, TOKEN_TOTAL,
)
from assistant.games.interface import Outcome, refuse_while_owed

MAX_PLAYERS = 4
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


# -- the actions -------------------------------------------------------------

def _leaf(state: GameState, action: Leaf) -> tuple[GameState, list[str]]:
    colour = supply.colour_of(action.colour)
    state = _start_main(state, "leaf")
    state = paths.take_from_path(state, state.current, colour, "IS-MAIN-A")
    state, notes = placing.place_leaves(state, [colour], action.found, action.at)
    notes.insert(0, f"{state.current_player.name} places {placing.leaf_tiles([colour])} from their path "
                    f"({state.current_player.empty} empty cell(s) left).")
    state, more = paths.note_empty_path(state, state.current, robbed=False)
    return state, notes + more


def _squirrel(state: GameState, action: Squirrel) -> tuple[GameState, list[str]]:
    """IS-MAIN-B: a squirrel from the supply, placed on one cell."""
    state = _start_main(state, "squirrel")
    state = placing.board_squirrel(state, action.at, "the squirrel")
    state, what = board.place_squirrel(state, state.current)
    state = state._replace(turn=state.turn._replace(placed=True))
    notes = [f"{state.current_player.name} places a {what} ({state.current_player.empty} empty cell(s) left)."]
    return placing.after_cover(state, state.current, notes)


def _nut(state: GameState, action: Nut) -> tuple[GameState, list[str]]:
    _check_special(state)
    if state.current_player.full:
        raise IllegalMove("IS-PLACE-1", f"{state.current_player.name}'s board is full: nothing more can be placed.")
    state = paths.pay(state, "nut", "IS-SPEC-2", "a squirrel")
    state = placing.board_squirrel(state, action.at, "the squirrel")
    state, what = board.place_squirrel(state, state.current)
    state = state._replace(turn=state.turn._replace(placed=True))
    notes = [f"{state.current_player.name} pays a nut and places a {what} ({state.current_player.empty} empty cell(s) left)."]
    return placing.after_cover(state, state.current, notes)


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
        return solo.mushroom(state, declines, action.found, action.at)
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
    pay_state = paths.pay(state, "mushroom", "IS-MAIN-C", "the mushroom action")
    state = pay_state
    placed: list[str] = []
    notes: list[str] = []
    for (source, colour), key in zip(takes, sources):
        if key == "ring":
            if key in declines:
                notes.append(f"The front tile of the common path ({colour}) does not fit and stays.")
                continue
            state, more = paths.ring_take(state, colour)
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
        checked = paths.take_from_path(state, index, colour, "IS-MAIN-C")  # refuses a tile the path does not hold
        if key in declines:
            notes.append(f"{state.players[index].name}'s {colour} tile does not fit and stays in their path.")
            continue
        state = checked
        placed.append(colour)
    state, more = placing.place_leaves(state, placed, action.found, action.at)
    notes = [f"{state.current_player.name} pays a mushroom and places {placing.leaf_tiles(placed)} "
             f"({state.current_player.empty} empty cell(s) left)."] + notes + more
    n = len(state.players)
    for k in range(1, n):  # robbed players in turn order from the active player
        index = (me + k) % n
        if index in robbed:
            state, more = paths.note_empty_path(state, index, robbed=True)
            notes.extend(more)
    return state, notes


def _feather(state: GameState, action: Feather) -> tuple[GameState, list[str]]:
    colours = list(supply.colours_of(action.colours))
    if len(colours) != 2:
        raise IllegalMove("IS-MAIN-D", f"A feather places exactly 2 tiles from your path, not {len(colours)}.")
    state = _start_main(state, "feather")
    if len(state.current_player.path) < 2:
        raise IllegalMove("IS-MAIN-D", f"{state.current_player.name}'s path holds {len(state.current_player.path)} tile(s): "
                          "a feather needs at least 2 there.")
    state = paths.pay(state, "feather", "IS-MAIN-D", "the feather action")
    for colour in colours:
        state = paths.take_from_path(state, state.current, colour, "IS-MAIN-D")
    state, notes = placing.place_leaves(state, colours, action.found, action.at)
    notes.insert(0, f"{state.current_player.name} pays a feather and places {placing.leaf_tiles(colours)} from their path "
                    f"({state.current_player.empty} empty cell(s) left).")
    state, more = paths.note_empty_path(state, state.current, robbed=False)
    return state, notes + more


def _blueberry(state: GameState, action: Blueberry) -> tuple[GameState, list[str]]:
    _check_special(state)
    state = paths.pay(state, "blueberry", "IS-SPEC-1", "a path refill")
    held = len(state.current_player.path)
    wanted = PATH_SIZE - held if held < PATH_SIZE else 1
    state, notes = paths.draw(state, state.current, action.draw, wanted, "IS-SPEC-1")
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
    state, more = paths.draw(state, index, action.draw, PATH_SIZE, "IS-PATH-2")
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
        state, moved = solo.round_start(state)
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
    Blueberry: _blueberry, Nut: _nut, Exchange: _exchange, Region: _region, Animal: animals.place,
    PathRefill: _path_refill, Final: _final, Deal: solo.deal,
}


def final_cells(state: GameState) -> str:
    """Board mode: the squirrel cells the end chain of the current player would use, chosen to leave
    the fewest empty cells (squirrels.py), as the Final action's `cells` text; '' if none go down."""
    from assistant.games.indian_summer.squirrels import BoardPlacer

    placer = BoardPlacer(None)
    until_full = state.setup.solo and state.setup.rule("solo_convert") == "until-full"
    chain.run(state, state.current, placer, until_full, int(state.setup.rule("solo_feather_points")))
    return placer.cells_text()
