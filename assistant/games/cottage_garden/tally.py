"""The end-of-game tally: scores, tie-breakers, shared places."""

from __future__ import annotations

from typing import NamedTuple

from assistant.games.cottage_garden.state import GameState, Player

SOLO_VERY_GOOD = 70
SOLO_OUTSTANDING = 80


class Standing(NamedTuple):
    place: int
    player: Player
    seat: int  # position in turn order, from 0

    @property
    def score(self) -> int:
        return self.player.score


def standings(state: GameState) -> list[Standing]:
    """Highest score first; tied: more beehive points; still tied: the house rule `tie`."""
    later_wins = state.setup.rule("tie") == "later-player"

    def key(seat: int) -> tuple[int, ...]:
        p = state.players[seat]
        return (p.score, p.beehive, seat) if later_wins else (p.score, p.beehive)

    seats = sorted(range(len(state.players)), key=key, reverse=True)
    result: list[Standing] = []
    for rank, seat in enumerate(seats, start=1):
        tied_with_previous = result and key(seat) == key(result[-1].seat)
        place = result[-1].place if tied_with_previous else rank
        result.append(Standing(place, state.players[seat], seat))
    return result


def solo_rating(score: int) -> str:
    if score >= SOLO_OUTSTANDING:
        return "outstanding"
    if score > SOLO_VERY_GOOD:
        return "very good"
    return "keep practising"
