"""The component catalogues every game has: `garden tiles` lists a game's tiles and `garden
tiles define ID SHAPE` records one from your own box (through that game's own command-line
module: list_tiles, define_tile); the pieces the games' catalogue commands share. A game's
other catalogues (Cottage Garden's beds, Indian Summer's woodland sides, ...) are its own
module's commands.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

import typer

from assistant.cli.common import JsonOption
from assistant.cli import registry
from assistant.cli.errors import reports_errors
from assistant.errors import UsageError

TileGameOption = Annotated[str | None, typer.Option(
    "--game", help="Whose tiles (default: the first game, cottage-garden); `garden new --help` lists the games.")]
COMMANDS = ("tiles",)


def register(app: typer.Typer, only: str | None = None) -> None:
    if only in (None, "tiles"):
        from assistant.cli.tile_scan import forget, scan

        group(app, "tiles", tiles, define_tile,
              "Every game's tiles: Cottage Garden's flower tiles, or (--game indian-summer) Indian Summer's "
              "leaf tiles and animal kinds; shapes, symbols or holes, what is unknown. "
              "Define one from your box: garden tiles define ID SHAPE [--game indian-summer], or read them "
              "from a photo: garden tiles scan PHOTO --board NAME.", more={"scan": scan, "forget": forget})


@reports_errors
def tiles(ctx: typer.Context, game: TileGameOption = None, json_output: JsonOption = False) -> None:
    """List a game's tiles (default: Cottage Garden's 36 flower tiles; --game indian-summer: the 75 leaf
    tiles and the 7 animal kinds); unknown shapes say how to define them."""
    if ctx.invoked_subcommand is not None:
        ctx.obj = game  # `garden tiles --game indian-summer define ...` means the define's game
        return
    registry.tile_game(game).list_tiles(json_output)


@reports_errors
def define_tile(
    ctx: typer.Context,
    tile_id: Annotated[str, typer.Argument(
        metavar="ID", help="The tile: a Cottage Garden id such as 3A; with --game indian-summer a leaf tile "
                           "(G1-G17, O1-O29, R1-R29) or an animal kind (i3, l3, i4, o, t, z, l).")],
    shape: Annotated[str, typer.Argument(
        help="Its shape from your box: '#' a cell, '.' a gap, '/' between rows; a leaf tile's hole as 'o'.")],
    pot: Annotated[list[str] | None, typer.Option(
        "--pot", help="Cottage Garden: the cell showing a flowerpot, row,column from 0 in SHAPE.")] = None,
    cloche: Annotated[list[str] | None, typer.Option(
        "--cloche", help="Cottage Garden: the cell showing a cloche, row,column from 0 in SHAPE.")] = None,
    hole: Annotated[str | None, typer.Option(
        "--hole", help="Indian Summer leaf tile: the hole cell ROW,COL in SHAPE (instead of 'o').")] = None,
    count: Annotated[int | None, typer.Option(
        "--count", help="Indian Summer animal: how many tiles of this kind your box has.")] = None,
    game: TileGameOption = None,
) -> None:
    """Record a tile's shape from your own box; it overrides the shipped entry.

    Cottage Garden (the default): the shape and its symbol cells,
    e.g. garden tiles define 2A '##' --pot 0,1

    Indian Summer, a leaf tile and its hole ('o', or --hole ROW,COL),
    e.g. garden tiles define G1 '#o/#.' --game indian-summer

    Indian Summer, an animal kind (optionally how many your box has),
    e.g. garden tiles define i3 '###' --game indian-summer --count 3"""
    registry.tile_game(game or ctx.obj).define_tile(tile_id, shape, pot=pot, cloche=cloche, hole=hole, count=count)



def refuse_given(problem: str, *given: Any) -> None:
    """UsageError(problem) when any of these options was given."""
    if any(g not in (None, []) for g in given):
        raise UsageError(problem)



def group(app: typer.Typer, name: str, listing: Callable[..., None], define: Callable[..., None], about: str,
           panel: str | None = None, more: dict[str, Callable[..., None]] | None = None) -> None:
    """A catalogue group: `garden NAME` lists, `garden NAME define ...` records an entry (and `more`
    commands of the group by name)."""
    group = typer.Typer(help=about, rich_markup_mode=None, invoke_without_command=True, no_args_is_help=False)
    group.callback()(listing)
    group.command("define")(define)
    for word, command in (more or {}).items():
        group.command(word)(command)
    app.add_typer(group, name=name, rich_help_panel=panel)



def draw_shape(shape) -> str:
    """A shape as rows of '#' (plain), 'p' (flowerpot), 'c' (cloche) and '.' gaps."""
    marks = shape.mark_map()
    return "\n".join(
        "".join(
            {"pot": "p", "cloche": "c"}.get(marks.get((r, c), ""), "#") if (r, c) in set(shape.cells) else "."
            for c in range(shape.width)
        )
        for r in range(shape.height)
    )



def tile_json(spec) -> dict:
    return {
        "id": spec.id, "size": spec.size, "count": spec.count,
        "shape": spec.shape.to_text() if spec.shape is not None else None,
        "symbols": [{"symbol": s.kind, "cell": list(s.cell) if s.cell is not None else None} for s in spec.symbols],
        "missing": spec.missing(), "source": spec.source,
    }



def side_json(spec: Any) -> dict[str, Any]:
    """A board side of either game (a Cottage Garden bed, an Indian Summer woodland) as JSON."""
    return {"name": spec.name, "board": spec.board, "side": spec.side, "layout": spec.layout, "source": spec.source}
