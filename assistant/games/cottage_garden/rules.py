"""Cottage Garden score mode: state + action -> new state and notes, or IllegalMove.

Pure: no printing, no files. Every refusal names its rule id (see rulebook.py).
"""

from __future__ import annotations


from assistant.errors import IllegalMove
from assistant.games.cottage_garden import tracks
from assistant.games.cottage_garden.actions import (
    Action, Discard, NextTurn, Pay, PlaceCat, PlaceCats, PlacePot, PlantTile, Refill, ScoreBed, Withdraw,
)
from assistant.games.cottage_garden.checks import must_pay_first, player_index, require_current
from assistant.games.cottage_garden.pending import pending
from assistant.games.interface import Outcome, refuse_while_owed
from assistant.games.cottage_garden.state import BEEHIVES, GameState, PassedTurn, Player, Setup, TurnState
from assistant.games.cottage_garden.tracks import COLOURS, CUBES_PER_COLOUR, TOP, Colour

BED_CELLS = 25  # a 5x5 bed
#: beds a player can score in one turn: their two (the bed taken after a scoring is empty)
BEDS_A_TURN = 2
PAYMENT_POINTS = 2
MAX_PLAYERS = 4


def new_game(setup: Setup) -> GameState:
    count = len(setup.players)
    if setup.solo and count != 1:
        raise IllegalMove("CG-VAR-1", "Solo is played by exactly one player.")
    if not setup.solo and not 2 <= count <= MAX_PLAYERS:
        raise IllegalMove("CG-SETUP-1", "Cottage Garden takes 2 to 4 players, or 1 with --solo.")
    names = [n.lower() for n in setup.players]
    if len(set(names)) != len(names):
        raise IllegalMove("CG-SETUP-1", "Each player needs a different name.")
    die = setup.die
    return GameState(
        setup=setup,
        players=tuple(Player(name) for name in setup.players),
        die_position=0,
        face=die.start_face,
        hives_left=() if setup.solo and setup.rule("solo_beehives") == "off" else BEEHIVES,
        beds=setup.start_beds,
        public_bed=setup.start_public,
        nursery=setup.start_nursery,
    )


def apply(state: GameState, action: Action) -> Outcome:
    """The one checked way to change a game."""
    if state.over:
        raise IllegalMove("CG-TURN-2", "The game is over; no further move is possible.")
    if state.setup.board_mode and not isinstance(action, ScoreBed):
        _board().complete_beds_score_first(state)
    handler = _HANDLERS[type(action)]
    return handler(state, action)


# -- the actions -------------------------------------------------------------

def _refill(state: GameState, action: Refill) -> Outcome:
    player = state.current_player
    line = state.die.line_name(state.die_position)
    if state.turn.refilled:
        raise IllegalMove("CG-FILL-3", "The fill phase comes once a turn; the line was already refilled.")
    if state.turn.scored or state.turn.planted:
        raise IllegalMove("CG-FILL-3", "The fill phase comes before planting.")
    empty = state.nursery.empty_in_line(state.die, state.die_position) if state.nursery else None
    if empty == 0:
        raise IllegalMove("CG-FILL-2", f"The gardener line ({line}) is full: nothing to refill.")
    if state.nursery and not state.nursery.queue:
        raise IllegalMove("CG-FILL-1", "The queue is empty: nothing to refill with.")
    pays = empty is None or empty <= 2
    if pays:
        if state.setup.children_corners:
            raise IllegalMove("CG-FILL-2", "In the young-children variant nobody may refill for a cat.")
        if player.cats < 1:
            raise IllegalMove("CG-FILL-2", f"{player.name} holds no cat to pay for a refill.")
        state = state.with_player(state.current, player._replace(cats=player.cats - 1))
    notes = [f"{player.name} {'pays a cat to the supply and ' if pays else ''}refills {line}, nearest the die first."]
    if state.nursery:
        nursery, placed = state.nursery.refilled(state.die, state.die_position)
        state = state._replace(nursery=nursery)
        notes.append("Queue to line: " + ", ".join(placed) + ".")
    state = state._replace(turn=state.turn._replace(refilled=True))
    return Outcome(state, tuple(notes))


def _place_cats(state: GameState, action: PlaceCats) -> Outcome:
    index = player_index(state, action.player)
    require_current(state, index, "place cats")
    player = state.players[index]
    if state.setup.board_mode:
        raise IllegalMove("CG-PLANT-2", "In board mode each cat goes on a cell: garden cat PLAYER --bed N --at ROW,COL.")
    if action.count < 1:
        raise IllegalMove("CG-PLANT-2", "Place at least one cat.")
    if action.count > player.cats:
        raise IllegalMove("CG-PLANT-2", f"{player.name} holds {player.cats} cat(s), not {action.count}.")
    if player.beds == 0:
        raise IllegalMove("CG-FINAL-3", f"{player.name} has no bed left to place a cat on.")
    state = state.with_player(index, player._replace(cats=player.cats - action.count))
    # cats placed may complete a bed: scored now, or with --reward once the turn is passed
    state = state._replace(turn=state.turn._replace(rewards=state.turn.rewards + action.count))
    return Outcome(state, (f"{player.name} places {action.count} cat(s) on their beds; if a bed is now complete, score it.",))


def _score(state: GameState, action: ScoreBed) -> Outcome:
    index = player_index(state, action.player)
    player = state.players[index]
    if action.pots < 0 or action.cloches < 0:
        raise IllegalMove("CG-SCORE-1", "A bed cannot show a negative number of flowerpots or cloches.")
    if action.pots + action.cloches > BED_CELLS:
        raise IllegalMove("CG-SCORE-1", f"A 5x5 bed shows at most {BED_CELLS} flowerpots and cloches together, not {action.pots + action.cloches}.")
    late = _late_score(state, index, action.reward)  # a bed a reward completed after the turn was passed
    if player.beds == 0:
        raise IllegalMove("CG-FINAL-3", f"{player.name} has no bed left to score.")
    scored = state.passed.scored if late and state.passed else state.turn.scored
    if state.setup.rules >= 2 and scored >= BEDS_A_TURN:
        raise IllegalMove("CG-SCORE-1", f"{player.name} has scored {scored} beds in this turn: a player has two beds, "
                          "and the bed taken after a scoring is empty.")
    if not late:
        must_pay_first(state)
    notes: list[str] = []
    rewards = 0  # won by this scoring
    if state.setup.board_mode:
        _board().check_board_score(state, index, action)
    elif action.bed is not None:
        raise IllegalMove("CG-SCORE-1", "Beds are numbered only in board mode; give just the counts.")
    for colour, count, cube in (("orange", action.pots, action.orange), ("blue", action.cloches, action.blue)):
        if count == 0:
            if cube is not None:
                raise IllegalMove("CG-SCORE-2", f"No {colour} cube moves when the bed shows no {'flowerpot' if colour == 'orange' else 'cloche'}.")
            continue
        if cube is None or not 1 <= cube <= CUBES_PER_COLOUR:
            raise IllegalMove("CG-SCORE-2", f"Name the {colour} cube that moves: 1, 2 or 3.")
        state, moved, won = _move_up(state, index, colour, cube, count)  # type: ignore[arg-type]
        notes.extend(moved)
        rewards += won
    player = state.players[index]
    if state.setup.board_mode:
        state, cleaned = _board().clean_up_bed(state, index, action.bed)  # type: ignore[arg-type]
        notes.append(cleaned)
        player = state.players[index]
    elif state.final_round:
        player = player._replace(beds=player.beds - 1)
        notes.append(f"{player.name}'s completed bed leaves the game; no new bed in the final round ({player.beds} left). "
                     "[CG-FINAL-3]")
    else:
        notes.append("Clean-up: pot tokens and cats to the supply, tiles to the back of the queue, the bed flipped "
                     "becomes the public bed; take the previous public bed, not flipped.")
    state = state.with_player(index, player)
    if late and state.passed:
        p = state.passed
        state = state._replace(passed=p._replace(rewards=p.rewards - 1 + rewards, scored=p.scored + 1))
    elif not late:
        state = state._replace(turn=state.turn._replace(scored=state.turn.scored + 1,
                                                        rewards=state.turn.rewards + rewards))
    if all(c == TOP["orange"] for c in player.orange) and all(c == TOP["blue"] for c in player.blue):
        notes.append(f"All six of {player.name}'s cubes stand on 20: nothing more can move.")
    return Outcome(*_end_if_done(state, notes))


def _late_score(state: GameState, index: int, reward: bool) -> bool:
    """Whether a score belongs to the turn just passed: a bed a reward of it completed (a cat or
    flowerpot token won, cats placed), reported with --reward by that turn's player while such
    a reward is unused; any other score is the current player's. (Games under rules 1 took
    any --reward score out of turn as late.)"""
    name, current = state.players[index].name, state.current_player.name
    passed = state.passed
    if state.setup.rules >= 2 and reward and passed is not None and passed.player == index:
        if passed.rewards <= 0:
            raise IllegalMove("CG-TURN-1", f"{name} has no reward of the turn just passed left (a cat or flowerpot "
                              "token won, cats placed) that could have completed a bed.")
        return True
    if index == state.current:
        return False
    if not reward:
        raise IllegalMove("CG-TURN-1", f"It is {current}'s turn, not {name}'s: a bed scores on its owner's turn "
                          "(if a reward completed it after the turn was passed, add --reward).")
    if state.setup.rules >= 2:
        raise IllegalMove("CG-TURN-1", f"--reward scores a bed of the player whose turn just passed, which was not "
                          f"{name}'s; it is {current}'s turn.")
    return True


def _move_up(state: GameState, index: int, colour: Colour, cube: int, steps: int) -> tuple[GameState, list[str], int]:
    player = state.players[index]
    spaces = list(player.spaces(colour))
    before = spaces[cube - 1]
    after, lost = tracks.advance(colour, before, steps)
    spaces[cube - 1] = after
    notes = [f"{player.name}: {colour} cube {cube} {tracks.value(colour, before)} -> {tracks.value(colour, after)}."]
    if lost:
        notes.append(f"{lost} {colour} space(s) lost beyond 20 (they cannot go to another cube).")
    cats, hive, hives_left = player.cats, player.beehive, state.hives_left
    won = 0  # rewards: each may complete a bed
    if state.setup.rewards_on:
        line = int(state.setup.rule(f"red_line_{colour}"))
        if tracks.crosses_red_line(colour, before, after, line):
            cats += 1
            won += 1
            beds_left = player.beds - (1 if state.final_round else 0)  # a bed scored in the final round leaves
            if beds_left > 0 or state.setup.rules < 4:
                notes.append(f"Red line crossed: {player.name} takes a cat from the supply (place it now or keep it). "
                             "[CG-REWARD-1]")
            else:
                notes.append(f"Red line crossed: {player.name} takes a cat from the supply; with no bed left it "
                             "cannot be placed (cats score nothing). [CG-REWARD-1]")
        if before == 0 and after > 0 and sum(1 for s in player.spaces(colour) if s == 0) == 1:
            notes.append(f"Last {colour} cube left start: {player.name} takes a flowerpot token and places it at once "
                         "(if it completes a bed, score that bed).")
            won += 1
            if state.setup.board_mode:
                state = state._replace(turn=state.turn._replace(pots_owed=state.turn.pots_owed + 1))
    if after == TOP[colour] and before < after and hive == 0 and hives_left:
        hive, hives_left = hives_left[0], hives_left[1:]
        notes.append(f"First cube to 20: {player.name} takes the {hive}-hive beehive tile ({hive} point(s)). "
                     "[CG-REWARD-4]")
    updated = player._replace(cats=cats, beehive=hive, **{colour: tuple(spaces)})
    return state.with_player(index, updated)._replace(hives_left=hives_left), notes, won


def payment_options(setup: Setup, player: Player) -> list[tuple[Colour, int, int]]:
    """Legal final-round payments: (colour, cube 1-3, points it costs). Empty: nothing to pay."""
    normal: list[tuple[Colour, int, int]] = []
    from_top: list[tuple[Colour, int, int]] = []
    for colour in COLOURS:
        back = 2 if colour == "orange" else 1
        for cube, space in enumerate(player.spaces(colour), start=1):
            points = tracks.value(colour, space)
            if space == TOP[colour]:
                from_top.append((colour, cube, points - tracks.value(colour, space - 1)))
            elif points >= PAYMENT_POINTS:
                normal.append((colour, cube, points - tracks.value(colour, max(0, space - back))))
    if normal:
        return normal
    if from_top:  # forced: every cube on 0, 1 or 20
        return from_top
    if setup.rule("final_low_payment") == "orange-one":
        return [("orange", cube, 1) for cube, space in enumerate(player.orange, start=1) if space == 1]
    return []


def _pay(state: GameState, action: Pay) -> Outcome:
    player = state.current_player
    if not state.final_round:
        raise IllegalMove("CG-FINAL-2", "Points are paid only in the final round.")
    if player.beds == 0:
        raise IllegalMove("CG-FINAL-4", f"{player.name} has no bed left and pays nothing.")
    if state.turn.paid:
        raise IllegalMove("CG-FINAL-2", f"{player.name} has already paid for this turn.")
    options = payment_options(state.setup, player)
    if action.colour is None:
        if options:
            raise IllegalMove("CG-FINAL-2", f"{player.name} can pay; name the cube (orange or blue, 1-3).")
        state = state._replace(turn=state.turn._replace(paid=True))
        return Outcome(state, (f"{player.name} has no points to pay with; nothing is paid.",))
    chosen = next(((c, k, cost) for c, k, cost in options if c == action.colour and k == action.cube), None)
    if chosen is None:
        allowed = ", ".join(f"{c} {k}" for c, k, _ in options) or "none"
        raise IllegalMove("CG-FINAL-2", f"{action.colour} cube {action.cube} cannot pay now (allowed: {allowed}).")
    colour, cube, cost = chosen
    spaces = list(player.spaces(colour))
    before = spaces[cube - 1]
    back = 1 if before == TOP[colour] or colour == "blue" else 2
    spaces[cube - 1] = max(0, before - back)
    player = player._replace(**{colour: tuple(spaces)})
    state = state.with_player(state.current, player)
    state = state._replace(turn=state.turn._replace(paid=True))
    return Outcome(state, (f"{player.name} pays {cost} point(s): {colour} cube {cube} "
                           f"{tracks.value(colour, before)} -> {tracks.value(colour, spaces[cube - 1])}.",))


def _discard(state: GameState, action: Discard) -> Outcome:
    index = player_index(state, action.player)
    player = state.players[index]
    if state.setup.board_mode:
        raise IllegalMove("CG-FINAL-1", "In board mode the assistant gives up the beds with 2 or fewer tiles itself.")
    if not state.final_round:
        raise IllegalMove("CG-FINAL-1", "Beds are given up only at the start of the final round.")
    declares = state.setup.rules >= 4  # each player says once, before the round's first turn ends
    if declares and player.declared:
        raise IllegalMove("CG-FINAL-1", f"{player.name} has already said which beds they give up "
                          "(undo that command to change it).")
    if not declares and (player.final_turns > 1 or (player.final_turns == 1 and (index != state.current or state.turn.paid))):
        raise IllegalMove("CG-FINAL-1", f"Small beds are given up at the start of the final round; {player.name} has already played on.")
    if not 0 <= action.count <= player.beds or (action.count == 0 and not declares):
        raise IllegalMove("CG-FINAL-1", f"{player.name} has {player.beds} bed(s): they can give up 0 to {player.beds}.")
    if player.beds == 0:
        raise IllegalMove("CG-FINAL-1", f"{player.name} has no bed left.")
    player = player._replace(beds=player.beds - action.count, declared=declares)
    where = "to the back of the queue" if state.setup.rule("final_discard") == "queue" else "out of the game"
    state = state.with_player(index, player)
    if action.count == 0:
        return Outcome(state, (f"{player.name} keeps both beds: neither holds 2 or fewer tiles.",))
    given = "a bed" if action.count == 1 else f"{action.count} beds"
    return Outcome(*_end_if_done(state, [f"{player.name} gives up {given} with 2 or fewer tiles (tiles {where}); {player.beds} bed(s) left."]))


def _withdraw(state: GameState, action: Withdraw) -> Outcome:
    index = player_index(state, action.player)
    player = state.players[index]
    if state.setup.rule("final_opt_out") != "on":
        raise IllegalMove("CG-FINAL-6", "Players keep playing until every bed is completed (house rule final_opt_out is off).")
    if not state.final_round:
        raise IllegalMove("CG-FINAL-6", "A player may only give up in the final round.")
    if player.beds == 0:
        raise IllegalMove("CG-FINAL-6", f"{player.name} has no bed left.")
    # docs/rules-vs-seeds.md CG-13: the choice is made at the start of one's own turn, before paying
    if state.setup.rules >= 3 and index != state.current:
        raise IllegalMove("CG-FINAL-6", f"{player.name} may give up only at the start of their own turn "
                          f"(it is {state.current_player.name}'s).")
    if state.setup.rules >= 3 and state.turn.paid:
        raise IllegalMove("CG-FINAL-6", f"{player.name}'s payment for this turn is done: giving up comes before "
                          "it, at the start of a turn.")
    state = state.with_player(index, player._replace(beds=0, withdrawn=True))
    return Outcome(*_end_if_done(state, [f"{player.name} gives up their remaining beds and pays no more."]))


def _next(state: GameState, action: NextTurn) -> Outcome:
    refuse_while_owed(pending(state))
    must_pay_first(state)
    notes: list[str] = []
    player = state.current_player
    rewards = state.turn.rewards
    if player.cats > 2 and not player.beds and state.setup.rules >= 4:
        notes.append(f"{player.name} holds {player.cats} cats and has no bed left to place them on: they stay unused "
                     "(cats score nothing). [CG-REWARD-3]")
    elif player.cats > 2 and not state.setup.children_corners:
        extra = player.cats - 2
        rewards += extra  # each may complete a bed
        state = state.with_player(state.current, player._replace(cats=2))
        notes.append(f"{player.name} held {player.cats} cats: {extra} must go on their beds now "
                     f"(if that completes a bed, score it with --reward). [CG-REWARD-3]")
    passed = PassedTurn(state.current, rewards, state.turn.scored)
    for _ in state.players:  # at most one lap of players without a bed
        state, moved = _advance_die(state)
        notes.extend(moved)
        nxt = state.current_player
        if not state.final_round or nxt.beds > 0:
            break
        notes.append(f"{nxt.name} has no bed: no payment, the die moves on. [CG-FINAL-4]")
    if state.final_round:
        cur = state.current_player
        state = state.with_player(state.current, cur._replace(final_turns=cur.final_turns + 1))
    return Outcome(*_end_if_done(state._replace(passed=passed), notes))


def _advance_die(state: GameState) -> tuple[GameState, list[str]]:
    die = state.die
    before = state.die_position
    position = die.move(before)
    face, final_round = state.face, state.final_round
    starts_final = False
    notes: list[str] = []
    player = state.current_player
    corners = state.setup.children_corners & set(die.corners_passed(before, position))
    if corners:
        state = state.with_player(state.current, player._replace(cats=player.cats + len(corners)))
        notes.append(f"The die passes a corner holding a cat: {player.name} takes a cat. [CG-VAR-2]")
    if position == die.turnover and not final_round:  # CG-DIE-2; CG-FINAL-5: not turned in the final round
        face += 1
        notes.append(f"New round: the die turns to {face}. [CG-DIE-2]")
        if face >= die.final_face:  # CG-DIE-3
            final_round = starts_final = True
            notes.append("The final round begins: every player gives up each bed with 2 or fewer tiles "
                         + ("(done below); " if state.setup.board_mode else "(garden discard PLAYER); ")
                         + "from now on each turn costs 2 points. [CG-FINAL-1]")
    state = state._replace(die_position=position, face=face, final_round=final_round,
                    turn_number=state.turn_number + 1, current=(state.current + 1) % len(state.players),
                    turn=TurnState())
    if starts_final and state.setup.board_mode:
        state, given_up = _board().give_up_small_beds(state)
        notes.extend(given_up)
    return state, notes


def _end_if_done(state: GameState, notes: list[str]) -> tuple[GameState, tuple[str, ...]]:
    if state.final_round and all(p.beds == 0 for p in state.players):
        state = state._replace(over=True)
        notes.append("No player has a bed left: the game is over. [CG-END-1]")
    return state, tuple(notes)


_HANDLERS = {
    NextTurn: _next, Refill: _refill, PlaceCats: _place_cats, ScoreBed: _score,
    Pay: _pay, Discard: _discard, Withdraw: _withdraw,
    PlantTile: lambda state, action: _board().plant_tile(state, action),
    PlacePot: lambda state, action: _board().place_pot(state, action),
    PlaceCat: lambda state, action: _board().place_cat(state, action),
}


def _board():
    """Board mode's rules, loaded only by board-mode games (they bring in the grid engine)."""
    from assistant.games.cottage_garden import board_rules

    return board_rules
