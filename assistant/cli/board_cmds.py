"""Cottage Garden board mode: plant tiles, pot tokens and cats cell by cell; draw the beds."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from assistant.cli.common import GameOption, board_mode_state, board_names, console, parse_cell, play
from assistant.cli.errors import reports_errors

GAME = "cottage-garden"
BedOption = Annotated[int, typer.Option("--bed", min=1, max=2, help="Which of the player's beds (1 or 2).")]
AtOption = Annotated[str, typer.Option("--at", help="ROW,COL from 0 (top-left of the tile's outline, for a tile).")]


def register(app: typer.Typer) -> None:
    for command in (plant, pot, bed):
        app.command(command.__name__)(command)


def resolve_tile(text: str) -> tuple[Any, str | None]:
    """(Shape, catalogue id or None) for a tile id such as 4B or a shape text such as '##/#.'."""
    from assistant.data import catalogue

    label = catalogue.normalise_id(text) if catalogue.looks_like_id(text) else None
    return catalogue.resolve_shape(text), label


def score_completed(state: Any, player: str, reasons: list[str]) -> list[dict[str, Any]]:
    """The score actions for every complete bed of `player` (after a placement), cubes chosen."""
    from assistant.games.cottage_garden import advice, planting, rules
    from assistant.games.cottage_garden.actions import ScoreBed, to_event

    index = state.index_of(player)
    events: list[dict[str, Any]] = []
    while index is not None and (done := planting.complete_beds(state.beds[index])):
        number = done[0]
        pots, cloches = planting.counts(state.beds[index][number - 1])
        cubes = {}
        for colour, count in (("orange", pots), ("blue", cloches)):
            if count:
                choice = advice.best_cube(state, index, colour, count)
                cubes[colour] = choice.cube
                reasons.append(f"Bed {number} scores: {choice.reason}.")
        action = ScoreBed(state.players[index].name, pots, cloches, cubes.get("orange"), cubes.get("blue"),
                          reward=index != state.current, bed=number)
        state = rules.apply(state, action).state
        events.append(to_event(action))
    return events


def place_then_score(action: Any, reasons: list[str], state: Any) -> list[dict[str, Any]]:
    """A placement (after the final-round payment, if owed) and the scoring of what it completes."""
    from assistant.games.cottage_garden import rules
    from assistant.games.cottage_garden.actions import to_event
    from assistant.games.cottage_garden.advice import payment_first

    events: list[dict[str, Any]] = []
    if state.index_of(action.player) == state.current:
        state, events = payment_first(state, reasons)
    after = rules.apply(state, action).state
    return events + [to_event(action)] + score_completed(after, action.player, reasons)


@reports_errors
def plant(
    player: Annotated[str, typer.Argument(help="Who plants (the current player).")],
    tile: Annotated[str, typer.Argument(help="A tile id (4B) or a shape ('##/#.').")],
    bed: BedOption,
    at: AtOption,
    turn: Annotated[str, typer.Option("--turn", help="Orientation: r0, r90, r180, r270, flip, flip+r90, ...")] = "r0",
    source: Annotated[str | None, typer.Option("--from", help="Tracked nursery: the gardener-line cell ROW,COL the tile comes from.")] = None,
    game: GameOption = None,
) -> None:
    """Board mode: place a flower tile; a bed it completes scores at once."""
    from assistant.errors import IllegalMove, OffBoard
    from assistant.games.cottage_garden.actions import PlantTile
    from assistant.games.cottage_garden.planting import BED_GRID
    from assistant.grid import place

    shape, label = resolve_tile(tile)
    try:
        placed = place(shape, BED_GRID, turn, parse_cell(at))
    except OffBoard as err:
        raise IllegalMove("CG-PLANT-3", f"The tile {label or tile!r}: {err}.") from None
    marks = tuple((r, c, m) for (r, c), m in sorted(placed.marks.items()))
    action = PlantTile(player, bed, shape.to_text(), tuple(placed.cells), marks, label,
                       parse_cell(source, "--from") if source else None)
    play(game, lambda state, reasons: place_then_score(action, reasons, state), GAME)


@reports_errors
def pot(
    player: Annotated[str, typer.Argument(help="Whose bed.")],
    bed: BedOption,
    at: AtOption,
    reward: Annotated[bool, typer.Option("--reward", help="The reward pot (last cube off start), not the plant choice.")] = False,
    game: GameOption = None,
) -> None:
    """Board mode: place a flowerpot token (the plant phase's choice, or a reward)."""
    from assistant.games.cottage_garden.actions import PlacePot

    action = PlacePot(player, bed, parse_cell(at), reward)
    play(game, lambda state, reasons: place_then_score(action, reasons, state), GAME)


@reports_errors
def bed(
    player: Annotated[str | None, typer.Argument(help="Whose beds (default: everyone's).")] = None,
    game: GameOption = None,
) -> None:
    """Board mode: draw the beds cell by cell."""
    from assistant.render.cottage_beds import beds_view

    state = board_mode_state(game, GAME, "Cottage Garden")
    console().print(beds_view(state, board_names(state, player)))
