"""Board mode's rules: placing tiles, pot tokens and cats cell by cell, scoring a bed from
its own cells, the swap after it scores, and the small beds given up in the final round.
Pure, like rules.py; loaded only by board-mode games."""

from __future__ import annotations

from assistant.errors import IllegalMove
from assistant.games.cottage_garden import bed as bedcells
from assistant.games.cottage_garden import planting
from assistant.games.cottage_garden.actions import PlaceCat, PlacePot, PlantTile, ScoreBed
from assistant.games.cottage_garden.checks import must_pay_first, player_index, require_current
from assistant.games.interface import Outcome
from assistant.games.cottage_garden.state import GameState


def complete_beds_score_first(state: GameState) -> None:
    for index, slots in enumerate(state.beds):
        done = planting.complete_beds(slots)
        if done:
            raise IllegalMove("CG-SCORE-1", f"{state.players[index].name}'s bed {done[0]} is complete: it scores at once "
                              f"(garden score {state.players[index].name} --bed {done[0]}).")


def _board_only(state: GameState) -> None:
    if not state.setup.board_mode:
        raise IllegalMove("CG-PLANT-1", "Cells are tracked only in board mode (garden new cottage-garden --board-mode).")


def _own_bed(state: GameState, name: str, bed: int, what: str) -> tuple[int, planting.BedSlot]:
    _board_only(state)
    index = player_index(state, name)
    require_current(state, index, what)
    must_pay_first(state)
    return index, planting.bed_at(state.beds[index], state.players[index].name, bed)


def _put(state: GameState, index: int, bed: int, slot: planting.BedSlot) -> GameState:
    slots = list(state.beds[index])
    slots[bed - 1] = slot
    return state.with_beds(index, tuple(slots))


def plant_tile(state: GameState, action: PlantTile) -> Outcome:
    index, slot = _own_bed(state, action.player, action.bed, "plant")
    if state.turn.planted:
        raise IllegalMove("CG-PLANT-1", "One tile or one flowerpot a turn: this turn has planted already.")
    what = f"tile {action.label or action.shape}"
    _must_refill_first(state)
    nursery = state.nursery
    if nursery is not None:
        if action.source is None or action.label is None:
            raise IllegalMove("CG-PLANT-1", "The nursery is tracked: name the tile by its id and the gardener-line "
                              "cell it comes from (--from ROW,COL).")
        nursery = nursery.taken(state.die, state.die_position, tuple(action.source), action.label)  # type: ignore[arg-type]
    slot, warnings = planting.plant_tile(slot, action.shape, list(action.cells), list(action.marks), what, action.label)
    state = _put(state, index, action.bed, slot)._replace(turn=state.turn._replace(planted=True), nursery=nursery)
    return Outcome(state, (*warnings, *_completion_note(state, index, action.bed)))


def place_pot(state: GameState, action: PlacePot) -> Outcome:
    index, slot = _own_bed(state, action.player, action.bed, "place a flowerpot")
    turn = state.turn
    if action.reward:
        if turn.pots_owed < 1:
            raise IllegalMove("CG-REWARD-2", "No flowerpot reward is owed: the pot token would be the plant phase's choice.")
        turn = turn._replace(pots_owed=turn.pots_owed - 1)
    elif turn.planted:
        raise IllegalMove("CG-PLANT-1", "One tile or one flowerpot a turn: this turn has planted already.")
    else:
        _must_refill_first(state)
        turn = turn._replace(planted=True)
    slot, warnings = planting.place_single(slot, list(action.cell), bedcells.POT_TOKEN, "the flowerpot token")
    state = _put(state, index, action.bed, slot)._replace(turn=turn)
    return Outcome(state, (*warnings, *_completion_note(state, index, action.bed)))


def place_cat(state: GameState, action: PlaceCat) -> Outcome:
    index, slot = _own_bed(state, action.player, action.bed, "place a cat")
    player = state.players[index]
    if player.cats < 1:
        raise IllegalMove("CG-PLANT-2", f"{player.name} holds no cat.")
    slot, warnings = planting.place_single(slot, list(action.cell), bedcells.CAT, "the cat")
    state = _put(state, index, action.bed, slot)
    state = state.with_player(index, state.players[index]._replace(cats=player.cats - 1))
    return Outcome(state, (*warnings, *_completion_note(state, index, action.bed)))


def _completion_note(state: GameState, index: int, bed: int) -> list[str]:
    slot = state.beds[index][bed - 1]
    if slot is None or not bedcells.is_complete(slot.board):
        return []
    pots, cloches = planting.counts(slot)
    return [f"Bed {bed} is complete: {pots} flowerpot(s), {cloches} cloche(s). [CG-SCORE-1]"]


def check_board_score(state: GameState, index: int, action: ScoreBed) -> None:
    name = state.players[index].name
    if action.bed is None:
        raise IllegalMove("CG-SCORE-1", f"In board mode name the bed: garden score {name} --bed N.")
    slot = planting.bed_at(state.beds[index], name, action.bed)
    if not bedcells.is_complete(slot.board):
        empty = slot.board.count(bedcells.EMPTY)
        raise IllegalMove("CG-SCORE-1", f"{name}'s bed {action.bed} is not complete: {empty} empty cell(s) left.")
    pots, cloches = planting.counts(slot)
    if (action.pots, action.cloches) != (pots, cloches):
        raise IllegalMove("CG-SCORE-1", f"{name}'s bed {action.bed} shows {pots} flowerpot(s) and {cloches} cloche(s), "
                          f"not {action.pots} and {action.cloches}.")


def clean_up_bed(state: GameState, index: int, bed: int) -> tuple[GameState, str]:
    slot = state.beds[index][bed - 1]
    assert slot is not None
    slots = list(state.beds[index])
    if state.nursery is not None:  # its tiles go to the back of the queue
        state = state._replace(nursery=state.nursery.to_back(slot.tile_ids))
    if state.final_round:
        slots[bed - 1] = None
        state = state.with_beds(index, tuple(slots))
        return state, f"Bed {bed} leaves the game; no new bed in the final round. [CG-FINAL-3]"
    public = state.public_bed
    slots[bed - 1] = public if public is not None else slot.flipped()
    state = state.with_beds(index, tuple(slots))._replace(public_bed=slot.flipped())
    return state, (f"Clean-up: bed {bed} is flipped to {slot.down.name} and becomes the public bed; "
                   f"bed {bed} is now {slots[bed - 1].up.name}. [CG-SCORE-4]")  # type: ignore[union-attr]


def give_up_small_beds(state: GameState) -> tuple[GameState, list[str]]:
    notes = []
    for index, slots in enumerate(state.beds):
        small = planting.small_beds(slots)
        if small:
            kept = tuple(None if i + 1 in small else s for i, s in enumerate(slots))
            state = state.with_beds(index, kept)
            if state.nursery is not None and state.setup.rule("final_discard") == "queue":
                returned = tuple(t for i in small for t in slots[i - 1].tile_ids)  # type: ignore[union-attr]
                state = state._replace(nursery=state.nursery.to_back(returned))
            notes.append(f"{state.players[index].name} gives up bed(s) {', '.join(map(str, small))} (2 or fewer tiles). [CG-FINAL-1]")
    return state, notes


def _must_refill_first(state: GameState) -> None:
    """A tracked nursery knows when the fill is a must: 3 or 4 empty cells and tiles in the queue."""
    n = state.nursery
    if n and not state.turn.refilled and n.queue and n.empty_in_line(state.die, state.die_position) >= 3:
        raise IllegalMove("CG-FILL-1", f"The gardener line has {n.empty_in_line(state.die, state.die_position)} empty "
                          "cells: refill it from the queue first (garden refill).")
