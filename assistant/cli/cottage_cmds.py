"""Cottage Garden score-mode commands: score, refill, cat, pay, discard, withdraw."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from assistant.cli.common import GameOption, play
from assistant.cli.errors import reports_errors
from assistant.errors import GardenError, UsageError

CubeOption = Annotated[int | None, typer.Option(min=1, max=3, help="Which cube moves (1-3); default: the best one.")]


def register(app: typer.Typer) -> None:
    for command in (score, refill, cat, pay, discard, withdraw):
        app.command(command.__name__)(command)


def _play(game: str | None, build) -> None:
    play(game, build, "cottage-garden")


def _payment_first(state: Any, reasons: list[str]) -> tuple[Any, list[dict[str, Any]]]:
    from assistant.games.cottage_garden.advice import payment_first

    return payment_first(state, reasons)


@reports_errors
def score(
    player: Annotated[str, typer.Argument(help="Whose bed is complete.")],
    pots: Annotated[int | None, typer.Option("--pots", help="Visible flowerpots on the bed.")] = None,
    cloches: Annotated[int | None, typer.Option("--cloches", help="Visible cloches on the bed.")] = None,
    orange: CubeOption = None,
    blue: CubeOption = None,
    reward: Annotated[bool, typer.Option("--reward", help="A reward completed this bed after the turn was passed.")] = False,
    bed: Annotated[int | None, typer.Option("--bed", min=1, max=2, help="Board mode: which bed (the counts come from it).")] = None,
    game: GameOption = None,
) -> None:
    """A completed bed: move an orange cube by its pots and a blue cube by its cloches."""
    from assistant.games.cottage_garden import advice, planting
    from assistant.games.cottage_garden.actions import ScoreBed, to_event

    def build(state: Any, reasons: list[str]) -> list[dict[str, Any]]:
        nonlocal pots, cloches
        index = state.index_of(player)
        events: list[dict[str, Any]] = []
        if index == state.current:
            state, events = _payment_first(state, reasons)
        if bed is not None and index is not None and state.setup.board_mode:
            slot = planting.bed_at(state.beds[index], player, bed)
            pots, cloches = planting.counts(slot) if pots is None and cloches is None else (pots, cloches)
        if pots is None or cloches is None:
            raise UsageError("give the bed's counts: --pots N --cloches M" + (" (or --bed N in board mode)" if bed is None else ""))
        choice = {"orange": orange, "blue": blue}
        if index is not None:
            for colour, count in (("orange", pots), ("blue", cloches)):
                if choice[colour] is None and count > 0:
                    best = advice.best_cube(state, index, colour, count)
                    choice[colour] = best.cube
                    reasons.append(f"Chosen: {best.reason}.")
        return events + [to_event(ScoreBed(player, pots, cloches, choice["orange"], choice["blue"], reward, bed))]

    _play(game, build)


@reports_errors
def refill(game: GameOption = None) -> None:
    """Pay a cat to refill a gardener line that has 1 or 2 empty cells."""
    from assistant.games.cottage_garden.actions import Refill, to_event

    _play(game, lambda state, reasons: [to_event(Refill())])


@reports_errors
def cat(
    player: Annotated[str, typer.Argument(help="Who places cats on their beds.")],
    count: Annotated[int, typer.Option("--count", help="How many cats.")] = 1,
    bed: Annotated[int | None, typer.Option("--bed", min=1, max=2, help="Board mode: which bed.")] = None,
    at: Annotated[str | None, typer.Option("--at", help="Board mode: ROW,COL of the cell.")] = None,
    game: GameOption = None,
) -> None:
    """Place held cats on your beds (a cat may complete a bed: then it scores)."""
    from assistant.games.cottage_garden.actions import PlaceCat, PlaceCats, to_event

    if (bed is None) != (at is None):
        raise UsageError("board mode takes both --bed N and --at ROW,COL")
    if bed is not None and at is not None:
        from assistant.cli.board_cmds import place_then_score
        from assistant.cli.common import parse_cell

        action = PlaceCat(player, bed, parse_cell(at))
        _play(game, lambda state, reasons: place_then_score(action, reasons, state))
        return
    _play(game, lambda state, reasons: [to_event(PlaceCats(player, count))])


@reports_errors
def pay(
    orange: CubeOption = None,
    blue: CubeOption = None,
    game: GameOption = None,
) -> None:
    """Final round: pay 2 points with an orange cube (back 2) or a blue cube (back 1)."""
    from assistant.games.cottage_garden import advice
    from assistant.games.cottage_garden.actions import Pay, to_event

    if orange is not None and blue is not None:
        raise GardenError("pay with one cube: --orange K or --blue K, not both")

    def build(state: Any, reasons: list[str]) -> list[dict[str, Any]]:
        if orange is not None:
            return [to_event(Pay("orange", orange))]
        if blue is not None:
            return [to_event(Pay("blue", blue))]
        colour, cube, why = advice.best_payment(state.setup, state.current_player)
        reasons.append(f"Chosen: {why}.")
        return [to_event(Pay(colour, cube))]

    _play(game, build)


@reports_errors
def discard(player: Annotated[str, typer.Argument(help="Who gives up a bed.")], game: GameOption = None) -> None:
    """Final round start: give up a bed holding 2 or fewer flower tiles."""
    from assistant.games.cottage_garden.actions import Discard, to_event

    _play(game, lambda state, reasons: [to_event(Discard(player))])


@reports_errors
def withdraw(player: Annotated[str, typer.Argument(help="Who gives up their remaining beds.")], game: GameOption = None) -> None:
    """Final round, house rule final_opt_out=on: give up the remaining beds to stop paying (at the start of your own turn, before paying)."""
    from assistant.games.cottage_garden.actions import Withdraw, to_event

    _play(game, lambda state, reasons: [to_event(Withdraw(player))])
