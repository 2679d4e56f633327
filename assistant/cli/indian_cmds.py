"""Indian Summer score-mode commands: the players move the pieces and say what they did.

Main actions (one a turn): leaf, squirrel, mushroom, feather. Special actions: blueberry,
nut, exchange. Reports: region (completed), animal (placed), path (refill of an emptied
path), final (the end chain), deal (solo layout). End the turn with `garden next`.
Colours: green (g), orange/yellow (o), red (r). Treasures: blueberry (b), nut (n),
mushroom (m), feather (f). Regions: 1-6, as your table numbers them.
"""

from __future__ import annotations

from typing import Annotated, Any

import typer

from assistant.cli.common import GameOption, play
from assistant.cli.errors import reports_errors

GAME = "indian-summer"
FoundOption = Annotated[list[str] | None, typer.Option(
    "--found", help="A hole over a printed treasure: TREASURE:REGION, e.g. nut:3 (once per tile).")]
RegionOption = Annotated[list[int] | None, typer.Option(
    "--region", help="A region (1-6) this completed; repeat for more.")]
DrawOption = Annotated[str | None, typer.Option(
    "--draw", help="Your path is now empty: refill it at once with these tiles, colours in order from the common "
                   "path (g,o,o,r,g), or row ends in solo (UL,UR,LL,LR).")]


def register(app: typer.Typer) -> None:
    for command in (leaf, squirrel, mushroom, feather, blueberry, nut, exchange, region, animal, path, final, deal):
        app.command(command.__name__)(command)


def _play(game: str | None, build) -> None:
    play(game, build, GAME)


def _events(*actions: Any) -> list[dict[str, Any]]:
    from assistant.games.indian_summer.actions import to_event

    return [to_event(a) for a in actions]


def _after(state: Any, regions: list[int] | None, draw: str | None) -> list[Any]:
    """The reports that follow a placement: completed regions, the own path's refill."""
    from assistant.games.indian_summer.actions import PathRefill, Region

    out: list[Any] = [Region(r) for r in regions or []]
    if draw is not None:
        out.append(PathRefill(state.current_player.name, draw))
    return out


@reports_errors
def leaf(
    colour: Annotated[str, typer.Argument(help="The colour of the tile taken from your path: green, orange or red.")],
    found: FoundOption = None,
    region: RegionOption = None,
    draw: DrawOption = None,
    game: GameOption = None,
) -> None:
    """Main action A: a leaf tile from your own path, placed on your board."""
    from assistant.games.indian_summer.actions import Leaf

    _play(game, lambda state, reasons: _events(Leaf(colour, ",".join(found or [])), *_after(state, region, draw)))


@reports_errors
def squirrel(region: RegionOption = None, game: GameOption = None) -> None:
    """Main action B: a squirrel from the supply, placed on your board."""
    from assistant.games.indian_summer.actions import Squirrel

    _play(game, lambda state, reasons: _events(Squirrel(), *_after(state, region, None)))


@reports_errors
def mushroom(
    take: Annotated[list[str] | None, typer.Argument(
        help="The two tiles, SOURCE:COLOUR: two other players (Ben:orange Cy:green); with 2 players the opponent "
             "and the front of the common path (Ben:orange ring:red); solo: nothing (the mushroom spaces).")] = None,
    decline: Annotated[list[str] | None, typer.Option(
        "--decline", help="A taken tile that does not fit stays: its SOURCE (Ben, ring; solo m1 or m2).")] = None,
    found: FoundOption = None,
    region: RegionOption = None,
    game: GameOption = None,
) -> None:
    """Main action C: pay a mushroom, take two tiles from others' paths and place them."""
    from assistant.games.indian_summer.actions import Mushroom

    action = Mushroom(",".join(take or []), ",".join(decline or []), ",".join(found or []))
    _play(game, lambda state, reasons: _events(action, *_after(state, region, None)))


@reports_errors
def feather(
    colours: Annotated[list[str], typer.Argument(help="The two tiles from your path, e.g. orange green.")],
    found: FoundOption = None,
    region: RegionOption = None,
    draw: DrawOption = None,
    game: GameOption = None,
) -> None:
    """Main action D: pay a feather, take two tiles from your own path and place both."""
    from assistant.games.indian_summer.actions import Feather

    action = Feather(",".join(colours), ",".join(found or []))
    _play(game, lambda state, reasons: _events(action, *_after(state, region, draw)))


@reports_errors
def blueberry(
    draw: Annotated[str, typer.Argument(
        help="The tiles taken, in order: colours from the common path (g,o,o), or solo row ends (UL,UL,LR); "
             "'-' when none is left.")],
    game: GameOption = None,
) -> None:
    """Special: pay a blueberry, refill your path to 5 (holding 5 already: one more)."""
    from assistant.games.indian_summer.actions import Blueberry

    _play(game, lambda state, reasons: _events(Blueberry(draw)))


@reports_errors
def nut(region: RegionOption = None, game: GameOption = None) -> None:
    """Special: pay a nut, place a squirrel."""
    from assistant.games.indian_summer.actions import Nut

    _play(game, lambda state, reasons: _events(Nut(), *_after(state, region, None)))


@reports_errors
def exchange(
    give: Annotated[str, typer.Argument(help="The treasure paid: blueberry, nut, mushroom or feather.")],
    get: Annotated[str, typer.Argument(help="The treasure bought: one lower kind for one, or the next higher for two.")],
    times: Annotated[int, typer.Option("--times", min=1, help="Repeat the exchange.")] = 1,
    game: GameOption = None,
) -> None:
    """Special: exchange treasures (feather > mushroom > nut > blueberry; 1 buys 1 lower, 2 buy the next higher)."""
    from assistant.games.indian_summer.actions import Exchange

    _play(game, lambda state, reasons: _events(*[Exchange(give, get)] * times))


@reports_errors
def region(
    regions: Annotated[list[int], typer.Argument(help="The region(s) 1-6 now complete.")],
    game: GameOption = None,
) -> None:
    """Report completed regions of your board: you take the treasure tokens lying on them."""
    from assistant.games.indian_summer.actions import Region

    _play(game, lambda state, reasons: _events(*[Region(r) for r in regions]))


@reports_errors
def animal(
    kind: Annotated[str, typer.Argument(help="The animal: i3, l3, i4, o, t, z or l.")],
    under: Annotated[str, typer.Option("--under", help="Printed treasures under it (in holes, no token), e.g. nut,blueberry.")] = "",
    game: GameOption = None,
) -> None:
    """Place an animal over a connected group of holes of its shape."""
    from assistant.games.indian_summer.actions import Animal

    _play(game, lambda state, reasons: _events(Animal(kind, under)))


@reports_errors
def path(
    player: Annotated[str, typer.Argument(help="Whose emptied path is refilled.")],
    draw: Annotated[str, typer.Argument(help="Colours in order from the common path (g,o,o,r,g); solo row ends (UL,UL,...).")],
    game: GameOption = None,
) -> None:
    """Refill a path emptied this turn to 5 (your own, or a player robbed by a mushroom)."""
    from assistant.games.indian_summer.actions import PathRefill

    _play(game, lambda state, reasons: _events(PathRefill(player, draw)))


@reports_errors
def final(
    wave: Annotated[list[str] | None, typer.Option(
        "--wave", help="The regions the squirrels of one wave complete, e.g. 2,5 ('-' none); repeat per wave, in order.")] = None,
    game: GameOption = None,
) -> None:
    """The end chain of a last turn: all treasures to nuts, nuts to squirrels, completed regions pay out, again."""
    from assistant.games.indian_summer.actions import Final

    _play(game, lambda state, reasons: _events(Final("/".join(wave or []))))


@reports_errors
def deal(
    upper: Annotated[str, typer.Option("--upper", help="Upper row, left to right, 5 colours: ggoor.")],
    lower: Annotated[str, typer.Option("--lower", help="Lower row, left to right, 5 colours.")],
    spaces: Annotated[str, typer.Option("--spaces", help="Spaces 1 to 10, 10 colours.")],
    path: Annotated[str, typer.Option("--path", help="Your path, 5 colours.")],
    game: GameOption = None,
) -> None:
    """Solo: the layout of this game's stack of 25, by colour."""
    from assistant.games.indian_summer.actions import Deal

    _play(game, lambda state, reasons: _events(Deal(upper, lower, spaces, path)))
