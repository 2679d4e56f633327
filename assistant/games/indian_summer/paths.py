"""Indian Summer's tiles taken and treasures paid: a player's own path, the common path (the ring
and its reserve), the solo game's two rows, the refill of an emptied path. Pure, like rules.py,
which calls it; every refusal names its rule id."""

from __future__ import annotations

from assistant.errors import GardenError, IllegalMove
from assistant.games.indian_summer import supply
from assistant.games.indian_summer.pending import refill_example
from assistant.games.indian_summer.state import GameState
from assistant.games.indian_summer.supply import RING_LOW

#: the solo game's row ends, as a draw names them: (row, index of its end tile)
ROW_ENDS = {"ul": ("upper", 0), "ur": ("upper", -1), "ll": ("lower", 0), "lr": ("lower", -1)}


def take_from_path(state: GameState, index: int, colour: str, rule_id: str) -> GameState:
    player = state.players[index]
    if colour not in player.path:
        raise IllegalMove(rule_id, f"{player.name}'s path holds {supply.short(player.path)} "
                          f"({len(player.path)} tile(s)): no {colour} tile.")
    path = list(player.path)
    path.remove(colour)
    return state.with_player(index, player._replace(path=tuple(path)))


def note_empty_path(state: GameState, index: int, robbed: bool) -> tuple[GameState, list[str]]:
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


def ring_take(state: GameState, colour: str) -> tuple[GameState, list[str]]:
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


def draw(state: GameState, index: int, draw: str, wanted: int, rule_id: str) -> tuple[GameState, list[str]]:
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
            state, more = ring_take(state, colour)
            notes.extend(more)
            taken.append(colour)
    player = state.players[index]
    state = state.with_player(index, player._replace(path=player.path + tuple(taken)))
    if expected < wanted:
        notes.append(f"Only {expected} tile(s) were left to take.")
    notes.insert(0, f"{player.name} takes {supply.short(tuple(taken))} to the end of their path "
                    f"(path: {supply.short(state.players[index].path)}).")
    return state, notes


def pay(state: GameState, kind: str, rule_id: str, what: str) -> GameState:
    player = state.current_player
    k = supply.tindex(kind)
    if player.held[k] < 1:
        raise IllegalMove(rule_id, f"{player.name} holds no {kind} to pay for {what} "
                          f"(holds {supply.describe(player.held)}).")
    state = state._replace(supply=supply.add(state.supply, k, 1))
    return state.with_player(state.current, player._replace(held=supply.add(player.held, k, -1)))
