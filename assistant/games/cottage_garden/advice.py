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


def plant_options(state: GameState, index: int, tiles: list[tuple[str, object]], empty_cells: int) -> dict:
    """`garden advise`: what comes before planting (fill, payment, cats), then every tile of the
    gardener line on either bed and taking a flowerpot, each at its best place, best first."""
    from assistant.games.cottage_garden.bedfit import rank_placements
    from assistant.grid import Shape

    player = state.players[index]
    before: list[str] = []
    line = state.die.line_name(state.die_position)
    if empty_cells >= 3:
        before.append(f"Fill: {empty_cells} empty cells in {line}: you must refill it from the queue, nearest the die "
                      "first, then ask again with the new line. [CG-FILL-1]")
    elif empty_cells:
        can = player.cats > 0 and not state.setup.children_corners
        before.append(f"Fill: {empty_cells} empty cell(s) in {line}: you may pay a cat to refill "
                      + ("(you hold " + str(player.cats) + ")" if can else "(you cannot: no cat to pay)") + ". [CG-FILL-2]")
    if state.final_round and player.beds and not state.turn.paid:
        colour, cube, why = best_payment(state.setup, player)
        before.append(f"Final round: pay first — {why}. [CG-FINAL-2]")
    beds = [(n, slot.board) for n, slot in enumerate(state.beds[index], start=1) if slot is not None]
    shapes = [shape for _, shape in tiles]
    options = []
    for label, shape in tiles:
        others = [s for s in shapes if s is not shape]
        symbols = list(shape.mark_map().values())
        gain = symbols.count("pot") * POT_POINTS + symbols.count("cloche") * CLOCHE_POINTS
        for number, board in beds:
            ranked = rank_placements(board, shape, bed=number, remaining_shapes=others, cats=player.cats)
            if ranked:
                options.append(_option(f"tile {label}", ranked[0], shape.size, gain))
    single = Shape.parse("#")
    for number, board in beds:
        ranked = rank_placements(board, single, bed=number, remaining_shapes=shapes, cats=player.cats)
        if ranked:
            options.append(_option("a flowerpot token", ranked[0], 1, POT_POINTS))
    options.sort(key=lambda o: -o["score"])
    if not any(o["what"].startswith("tile") for o in options) and tiles:
        before.append("No tile of the line fits either bed: you must take a flowerpot. [CG-PLANT-4]")
    if player.cats and beds:
        best_cat = max((rank_placements(b, single, bed=n, remaining_shapes=shapes, cats=player.cats - 1)[:1]
                        for n, b in beds), key=lambda r: r[0].score if r else float("-inf"))
        if best_cat and (best_cat[0].completes or "pocket" in " ".join(best_cat[0].reasons)):
            r, c = best_cat[0].cells[0]
            before.append(f"Cats: you hold {player.cats}; one on bed {best_cat[0].bed} at {r},{c} "
                          f"({'; '.join(best_cat[0].reasons)}). [CG-PLANT-2]")
    return {"player": player.name, "line": line, "before": before, "options": options}


# Comparing different pieces, unlike `garden fit`: each cell covered brings the bed nearer to
# scoring (a 25-cell bed is worth roughly 10-15 points, so about half a point a cell), and a
# symbol the piece shows scores with the bed (a flowerpot 1 point, a cloche 2).
POINTS_PER_CELL = 0.5
POT_POINTS, CLOCHE_POINTS = 1, 2


def _option(what: str, ranked, cells: int, symbol_points: int) -> dict:
    reasons = list(ranked.reasons) + [f"covers {cells} cell(s)"]
    if symbol_points:
        reasons.append(f"shows symbol(s) worth {symbol_points} point(s) when the bed scores")
    score = ranked.score + POINTS_PER_CELL * cells + symbol_points
    return {"what": what, "bed": ranked.bed, "cells": [[r, c] for r, c in ranked.cells],
            "orientation": ranked.orientation, "score": round(score, 3) + 0.0, "reasons": reasons}
