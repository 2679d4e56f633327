"""The end-of-game chain (IS-END-2, IS-SOLO-4): treasures to nuts at the rules' rates, nuts to
squirrels on the board, regions those squirrels complete pay out, and round again until
nothing more can be done.

Where the squirrels go is the board's business: a `Placer` says which regions a
wave of squirrels completes. Score mode uses `ReportedPlacer` (the player said
it); the board mode will place the squirrels cell by cell and answer from the
grid. The chain itself (rates, supply, waves, stopping) is the same for both.
"""

from __future__ import annotations

from typing import NamedTuple, Protocol

from assistant.errors import IllegalMove
from assistant.games.indian_summer import board, supply
from assistant.games.indian_summer.state import GameState, Player
from assistant.games.indian_summer.supply import Counts

B, N, M, F = range(4)


class Placer(Protocol):
    """Says which regions a wave completes. A placer that tracks cells (board mode,
    squirrels.BoardPlacer) also has `place(player, wave, squirrels) -> Player`, called first,
    which puts the wave's squirrels on cells of the player's board."""

    def completes(self, player: Player, wave: int, squirrels: int) -> tuple[int, ...]:
        """The regions (1-6) that `squirrels` squirrels placed in wave `wave` (from 1) complete."""
        ...


class ReportedPlacer(NamedTuple):
    """Score mode: the regions each wave completes, as the player reported them."""

    waves: tuple[tuple[int, ...], ...]

    def completes(self, player: Player, wave: int, squirrels: int) -> tuple[int, ...]:
        return self.waves[wave - 1] if wave <= len(self.waves) else ()


def parse_waves(text: str) -> tuple[tuple[int, ...], ...]:
    """'2,5/3' -> ((2, 5), (3,)); '' -> (); '-' is a wave completing nothing."""
    from assistant.errors import UsageError

    text = text.strip()
    if not text:
        return ()
    waves = []
    for part in text.split("/"):
        part = part.strip()
        try:
            waves.append(tuple(int(r) for r in part.split(",") if r.strip()) if part not in ("", "-") else ())
        except ValueError:
            raise UsageError(f"waves {text!r}: regions 1-6 by comma, waves split by '/', e.g. 2,5/3") from None
    return tuple(waves)


def nuts_obtainable(held: Counts) -> int:
    """Nuts the held treasures make at the rules' rates: feather and mushroom 1 each, 2 blueberries 1."""
    return held[N] + held[M] + held[F] + held[B] // 2


# What a held treasure is worth at the end of a solo game, per nut it makes (cheapest spent first).
def _spend_order(feather_points: int) -> list[tuple[int, int]]:
    """(kind, points lost per nut) for until-full: spend the cheapest first."""
    order = [(N, 2), (B, 2), (M, 3), (F, feather_points)]
    return sorted(order, key=lambda kp: kp[1])


def _one_nut(state: GameState, index: int, order: list[tuple[int, int]]) -> tuple[GameState, bool]:
    """Make sure player `index` holds a nut, converting one treasure (cheapest first in `order`)."""
    player = state.players[index]
    for kind, _ in order:
        if kind == N and player.held[N]:
            return state, True
        if kind == N:
            continue
        pay = 2 if kind == B else 1
        if player.held[kind] >= pay and state.supply[N] > 0:
            held = supply.add(supply.add(player.held, kind, -pay), N, 1)
            sup = supply.add(supply.add(state.supply, kind, pay), N, -1)
            return state.with_player(index, player._replace(held=held))._replace(supply=sup), True
    return state, False


def _convert_all(state: GameState, index: int) -> GameState:
    """Every treasure to nuts (as far as the supply has nuts); at most one blueberry stays."""
    order = [(F, 0), (M, 0), (B, 0)]
    while True:
        player = state.players[index]
        for kind, _ in order:
            pay = 2 if kind == B else 1
            if player.held[kind] >= pay and state.supply[N] > 0:
                held = supply.add(supply.add(player.held, kind, -pay), N, 1)
                sup = supply.add(supply.add(state.supply, kind, pay), N, -1)
                state = state.with_player(index, player._replace(held=held))._replace(supply=sup)
                break
        else:
            return state


def run(state: GameState, index: int, placer: Placer, until_full: bool = False,
        feather_points: int = 1) -> tuple[GameState, list[str]]:
    """The chain for player `index`. `until_full` (solo house rule): convert only what fills the
    board, cheapest first; otherwise every treasure becomes a nut."""
    notes: list[str] = []
    order = _spend_order(feather_points) if until_full else [(N, 0), (F, 0), (M, 0), (B, 0)]
    wave = 0
    while True:
        player = state.players[index]
        squirrels = min(nuts_obtainable(player.held), player.empty)
        if squirrels == 0:
            break
        wave += 1
        kinds: dict[str, int] = {}
        for _ in range(squirrels):
            state, ok = _one_nut(state, index, order)
            if not ok:
                notes.append("The supply has no nut to exchange for: the chain stops. [IS-SUPPLY-1]")
                break
            player = state.players[index]
            state = state.with_player(index, player._replace(held=supply.add(player.held, N, -1)))
            state = state._replace(supply=supply.add(state.supply, N, 1))
            state, what = board.place_squirrel(state, index)
            kinds[what] = kinds.get(what, 0) + 1
        placed = sum(kinds.values())
        if placed == 0:
            break
        player = state.players[index]
        where = ""
        place = getattr(placer, "place", None)
        if place is not None:
            player = place(player, wave, placed)
            state = state.with_player(index, player)
            where = getattr(placer, "where", lambda w: "")(wave)
        notes.append(f"Wave {wave}: {player.name} places {placed} squirrel(s)"
                     + (f" ({kinds['stand-in marker']} as stand-in markers)" if "stand-in marker" in kinds else "")
                     + (f" at {where}" if where else "")
                     + f"; {player.empty} empty cell(s) left.")
        completes = placer.completes(player, wave, placed)
        if len(set(completes)) != len(completes):
            raise IllegalMove("IS-REGION-1", f"Wave {wave} names a region twice.")
        for region in completes:
            state, more = board.complete_region(state, index, region)
            notes.extend(more)
        state, more = board.complete_rest_if_full(state, index)
        notes.extend(more)
        if placed < squirrels:
            break
    more_given = getattr(placer, "unused", lambda w: 0)(wave)
    if more_given:
        raise IllegalMove("IS-END-2", f"The chain stops after {wave} wave(s): nothing more can be done, "
                          f"but cells for {more_given} more were given.")
    if isinstance(placer, ReportedPlacer) and len(placer.waves) > wave:
        raise IllegalMove("IS-END-2", f"The chain stops after {wave} wave(s): nothing more can be done, "
                          f"but {len(placer.waves)} were reported.")
    if not until_full:
        state = _convert_all(state, index)
    player = state.players[index]
    notes.append(f"Chain done: {player.name} holds {supply.describe(player.held)}; {player.empty} empty cell(s).")
    return state, notes
