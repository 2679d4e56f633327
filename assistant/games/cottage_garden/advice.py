"""Which cube to move or pay with when the player does not say: the choice and why."""

from __future__ import annotations

from typing import NamedTuple

from assistant.games.cottage_garden import tracks
from assistant.games.cottage_garden.rules import payment_options
from assistant.games.cottage_garden.state import GameState, Setup, Player
from assistant.games.cottage_garden.tracks import CUBES_PER_COLOUR, TOP, Colour

# What a reward is worth next to a point when ranking cubes: a cat or a
# flowerpot token covers a cell and often finishes a bed sooner.
REWARD_WEIGHT = 1.5


class CubeChoice(NamedTuple):
    cube: int
    reason: str


def best_cube(state: GameState, index: int, colour: Colour, steps: int) -> CubeChoice:
    """The cube that keeps most points, then earns rewards, then is nearest 20."""
    player = state.players[index]
    spaces = player.spaces(colour)
    line = int(state.setup.rule(f"red_line_{colour}"))
    best: tuple[tuple[float, int, int], int, str] | None = None
    for cube in range(1, CUBES_PER_COLOUR + 1):
        before = spaces[cube - 1]
        after, lost = tracks.advance(colour, before, steps)
        gained = tracks.value(colour, after) - tracks.value(colour, before)
        reasons = [f"+{gained} points" + (f", {lost} space(s) lost at 20" if lost else "")]
        bonus = 0.0
        if state.setup.rewards_on:
            if tracks.crosses_red_line(colour, before, after, line):
                bonus += REWARD_WEIGHT
                reasons.append("crosses the red line for a cat")
            if before == 0 and after > 0 and sum(1 for s in spaces if s == 0) == 1:
                bonus += REWARD_WEIGHT
                reasons.append("last cube off start for a flowerpot")
        if after == TOP[colour] and before < after and player.beehive == 0 and state.hives_left:
            bonus += state.hives_left[0]
            reasons.append(f"reaches 20 first for the {state.hives_left[0]}-hive beehive")
        # Tie-break: the cube nearer 20 (fewer spaces wasted later), then the lower number.
        key = (gained + bonus, after, -cube)
        if best is None or key > best[0]:
            best = (key, cube, "; ".join(reasons))
    assert best is not None
    return CubeChoice(best[1], f"{colour} cube {best[1]}: {best[2]}")


def best_payment(setup: Setup, player: Player) -> tuple[Colour | None, int | None, str]:
    """The cheapest legal final-round payment; among equals, one that drops below the red
    line (the cat can be earned again), then the lowest cube (keeps high cubes for 20)."""
    options = payment_options(setup, player)
    if not options:
        return None, None, "no points to pay with"

    def key(option: tuple[Colour, int, int]) -> tuple[int, int, int]:
        colour, cube, cost = option
        space = player.spaces(colour)[cube - 1]
        back = 1 if space == TOP[colour] or colour == "blue" else 2
        line = int(setup.rule(f"red_line_{colour}"))
        drops = tracks.value(colour, space) > line >= tracks.value(colour, max(0, space - back))
        return (cost, 0 if drops else 1, tracks.value(colour, space))

    colour, cube, cost = min(options, key=key)
    return colour, cube, f"{colour} cube {cube} pays {cost} point(s), the cheapest payment"


def payment_first(state: GameState, reasons: list[str]) -> tuple[GameState, list[dict]]:
    """In the final round, the current player's 2-point payment when not yet made:
    (the state after it, the actions to record); `reasons` gets why."""
    from assistant.games.cottage_garden import rules
    from assistant.games.cottage_garden.actions import Pay, to_event

    if not (state.final_round and state.current_player.beds and not state.turn.paid):
        return state, []
    colour, cube, why = best_payment(state.setup, state.current_player)
    action = Pay(colour, cube)
    reasons.append(f"Final-round payment first: {why}.")
    return rules.apply(state, action).state, [to_event(action)]
