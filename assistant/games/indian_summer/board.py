"""A woodland board in score mode: counts, not cells.

The players say what they placed and which regions that completed; these
primitives keep the counts honest (empty cells never below 0, a region
completes once, completed regions never exceed the covered cells, a full
board has every region complete). In board mode the player also has the
cells (woods.py): a region then completes only when its cells say so, and
the counts are kept alongside, equal to what the cells show.
"""

from __future__ import annotations

from assistant.errors import IllegalMove
from assistant.games.indian_summer import supply
from assistant.games.indian_summer.state import NO_TOKENS, GameState
from assistant.games.indian_summer.supply import BOARD_CELLS, REGION_CELLS, REGIONS


def cover(state: GameState, index: int, cells: int, what: str) -> GameState:
    """`cells` more cells of player `index`'s board covered by `what`."""
    player = state.players[index]
    if cells > player.empty:
        raise IllegalMove("IS-PLACE-1", f"{player.name}'s board has {player.empty} empty cell(s); {what} covers {cells}.")
    return state.with_player(index, player._replace(empty=player.empty - cells))


def take_tokens(state: GameState, index: int, wanted: supply.Counts) -> tuple[GameState, supply.Counts]:
    """Tokens from the supply to player `index`, as many as the supply holds: (state, taken)."""
    taken = tuple(min(w, s) for w, s in zip(wanted, state.supply))
    player = state.players[index]
    state = state._replace(supply=supply.minus(state.supply, taken))
    return state.with_player(index, player._replace(held=supply.plus(player.held, taken))), taken


def complete_region(state: GameState, index: int, region: int) -> tuple[GameState, list[str]]:
    """Region `region` (1-6) of player `index` is complete: its tokens go to the player; the printed
    treasures under them show in their holes again (an animal may earn them later)."""
    player = state.players[index]
    if not 1 <= region <= REGIONS:
        raise IllegalMove("IS-REGION-1", f"Regions are numbered 1 to {REGIONS}, not {region}.")
    if region in player.completed:
        raise IllegalMove("IS-REGION-1", f"{player.name}'s region {region} is already complete.")
    covered = BOARD_CELLS - player.empty
    # every token on a region left incomplete lies in a hole: a covered cell outside the complete ones
    holes = sum(sum(player.tokens[r - 1]) for r in range(1, REGIONS + 1)
                if r != region and r not in player.completed) if state.setup.rules >= 2 else 0
    if (len(player.completed) + 1) * REGION_CELLS + holes > covered:
        raise IllegalMove("IS-REGION-1", f"{player.name} has {covered} covered cell(s): not enough for "
                          f"{len(player.completed) + 1} complete regions of {REGION_CELLS}"
                          + (f" and the {holes} hole(s) holding treasure elsewhere." if holes else "."))
    if len(player.completed) + 1 == REGIONS and not player.full:
        raise IllegalMove("IS-REGION-1", f"All 6 regions complete means a full board, but {player.name} has "
                          f"{player.empty} empty cell(s).")
    cells = player.board
    if cells is not None:  # board mode: the cells decide, and the tokens leave their holes
        from assistant.games.indian_summer import woods

        left = woods.empty_in(cells, region)
        if left:
            raise IllegalMove("IS-REGION-1", f"{player.name}'s region {region} has {left} uncovered cell(s): "
                              "it is not complete.")
        mask = woods.region_masks()[region - 1]
        for kind in woods.TREASURES:
            lying_here = cells.mask(woods.TOKEN[kind]) & mask
            if lying_here:
                cells = cells.with_state(lying_here, woods.SHOWS[kind])
        player = player._replace(board=cells)
    lying = player.tokens[region - 1]
    tokens = list(player.tokens)
    tokens[region - 1] = NO_TOKENS
    player = player._replace(completed=player.completed + (region,), tokens=tuple(tokens),
                             held=supply.plus(player.held, lying), revealed=supply.plus(player.revealed, lying))
    note = f"{player.name} completes region {region}" + (f" and takes {supply.describe(lying)}." if any(lying) else " (no tokens on it).")
    return state.with_player(index, player), [note]


def complete_rest_if_full(state: GameState, index: int) -> tuple[GameState, list[str]]:
    """A full board has every region complete: the ones not yet reported complete now."""
    player = state.players[index]
    notes: list[str] = []
    if player.full:
        for region in range(1, REGIONS + 1):
            if region not in state.players[index].completed:
                state, more = complete_region(state, index, region)
                notes.extend(more)
    return state, notes


def place_squirrel(state: GameState, index: int) -> tuple[GameState, str]:
    """One squirrel from the supply (a stand-in marker once they run out) onto an empty cell."""
    state = cover(state, index, 1, "a squirrel")
    player = state.players[index]
    if state.squirrels_left > 0:
        return (state.with_player(index, player._replace(squirrels=player.squirrels + 1))
                ._replace(squirrels_left=state.squirrels_left - 1), "squirrel")
    return state.with_player(index, player._replace(standins=player.standins + 1)), "stand-in marker"
