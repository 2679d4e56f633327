"""The solo game of Indian Summer: its deal, the tiles on the round spaces moving at each round's
start, and its mushroom action (the two mushroom spaces). Pure, like rules.py, which calls it;
every refusal names its rule id."""

from __future__ import annotations

from assistant.errors import IllegalMove
from assistant.games.indian_summer import paths, placing, supply
from assistant.games.indian_summer.actions import Deal
from assistant.games.indian_summer.state import GameState

SOLO_GAMES = 3
SOLO_SPACES = 12  # spaces 1-10, then the two mushroom spaces


def mushroom(state: GameState, declines: list[str], found: str, at: str = "") -> tuple[GameState, list[str]]:
    """The solo mushroom action (IS-MAIN-C, IS-SOLO-2): a mushroom paid, the tiles of the two mushroom
    spaces placed but those declined, the lower spaces' tiles moved right."""
    spaces = list(state.spaces)
    present = [(name, i) for name, i in (("m1", SOLO_SPACES - 1), ("m2", SOLO_SPACES - 2)) if spaces[i] is not None]
    if not present:
        raise IllegalMove("IS-SOLO-2", "Both mushroom spaces are empty: no tile to take.")
    for d in declines:
        if d not in {name for name, _ in present}:
            raise IllegalMove("IS-SOLO-2", f"Declined tile {d!r} is not on a mushroom space (m1 = rightmost, m2 = next).")
    state = paths.pay(state, "mushroom", "IS-MAIN-C", "the mushroom action")
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
            target = _to_rightmost_free(spaces, i)
            moved.append(f"{i + 1}->{target + 1}")
    state = state._replace(spaces=tuple(spaces))
    state, more = placing.place_leaves(state, placed, found, at)
    notes = [f"{state.current_player.name} pays a mushroom and places {placing.leaf_tiles(placed)} from the mushroom "
             f"spaces ({state.current_player.empty} empty cell(s) left)."] + more
    if moved:
        notes.append(f"Tiles below round {state.round} move right: {', '.join(moved)}. [IS-SOLO-2]")
    return state, notes


def deal(state: GameState, action: Deal) -> tuple[GameState, list[str]]:
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
    state, moved = round_start(state)
    return state, [f"Solo game {state.game} dealt: upper {supply.short(parts['upper'])}, lower {supply.short(parts['lower'])}, "
                   f"path {supply.short(parts['path'])}."] + moved


def round_start(state: GameState) -> tuple[GameState, list[str]]:
    """Before a round: the tile on that round's space moves to the rightmost free space."""
    spaces = list(state.spaces)
    i = state.round - 1
    if spaces[i] is None:
        return state, []
    tile = spaces[i]
    target = _to_rightmost_free(spaces, i)
    where = f"mushroom space {'m1' if target == SOLO_SPACES - 1 else 'm2'}" if target >= 10 else f"space {target + 1}"
    move = f"moves to {where}" if target != i else "stays: the spaces after it are full"
    return state._replace(spaces=tuple(spaces)), [f"Round {state.round}: the {tile} tile on space {i + 1} {move}. [IS-SOLO-1]"]


def _to_rightmost_free(spaces: list, i: int) -> int:
    """Moves the tile on space index `i` to the rightmost free space (its own, once lifted, if none
    after it is free); returns where it went."""
    tile, spaces[i] = spaces[i], None
    target = max(j for j in range(SOLO_SPACES) if spaces[j] is None)
    spaces[target] = tile
    return target
