"""The end-of-game tally: fewest empty cells, then more nuts, then a blueberry held, then shared;
solo: each game's result and the three-game score."""

from __future__ import annotations

from typing import NamedTuple

from assistant.games.indian_summer.state import GameState, Player, SoloResult


class Standing(NamedTuple):
    place: int
    player: Player
    seat: int  # position in turn order, from 0


def key(player: Player) -> tuple[int, int, int]:
    """IS-END-3, smaller is better: empty cells, then more nuts, then holding a blueberry."""
    return (player.empty, -player.held[1], 0 if player.held[0] else 1)


def standings(state: GameState) -> list[Standing]:
    seats = sorted(range(len(state.players)), key=lambda s: key(state.players[s]))
    result: list[Standing] = []
    for rank, seat in enumerate(seats, start=1):
        tied = result and key(state.players[seat]) == key(result[-1].player)
        result.append(Standing(result[-1].place if tied else rank, state.players[seat], seat))
    return result


class SoloScore(NamedTuple):
    successes: int
    score: int
    counted: tuple[int, ...]  # the games whose scores make the total
    verdict: str  # "scored", or "failed" when the first two games failed


def solo_score(results: tuple[SoloResult, ...]) -> SoloScore | None:
    """The three-game score (IS-SOLO-5), or None before it is settled."""
    wins = sum(1 for r in results if r.success)
    if len(results) == 2 and wins == 0:
        return SoloScore(0, sum(r.points for r in results), tuple(r.game for r in results), "failed")
    if len(results) < 3:
        return None
    if wins >= 2:
        best = sorted(results, key=lambda r: (-r.points, r.game))[:2]
    else:
        best = [r for r in results if not r.success]
    return SoloScore(wins, sum(r.points for r in best), tuple(sorted(r.game for r in best)), "scored")
