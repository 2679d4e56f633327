"""The component catalogues: `garden tiles`, `garden tiles define`, `garden beds`, `garden beds define`,
and Indian Summer's `garden woodlands [define]`.

`garden tiles` is every game's tiles: Cottage Garden's flower tiles (the default), or with
`--game indian-summer` Indian Summer's leaf tiles and animal kinds; `garden tiles define ID SHAPE`
records any of them from your box through one command (`define_tile`). `garden leaves` and
`garden animals` are the same listings and definitions by their older names.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import Annotated, Any

import typer

from assistant.cli.common import JsonOption, console, print_json
from assistant.cli.errors import reports_errors
from assistant.errors import UsageError


class TileGame(str, Enum):
    """The games whose tiles `garden tiles` knows."""

    cottage_garden = "cottage-garden"
    indian_summer = "indian-summer"


TileGameOption = Annotated[TileGame | None, typer.Option(
    "--game", help="Whose tiles: cottage-garden (flower tiles; the default) or indian-summer "
                   "(leaf tiles G1-R29 and animal kinds i3, l3, i4, o, t, z, l).")]


def register(app: typer.Typer, only: str | None = None) -> None:
    if only in (None, "tiles"):
        _group(app, "tiles", tiles, define_tile,
               "Every game's tiles: Cottage Garden's flower tiles, or (--game indian-summer) Indian Summer's "
               "leaf tiles and animal kinds; shapes, symbols or holes, what is unknown. "
               "Define one from your box: garden tiles define ID SHAPE [--game indian-summer].")
    if only in (None, "beds"):
        _group(app, "beds", beds, define_bed, "The Cottage Garden flower-bed sides and their printed symbols.")


def register_indian(app: typer.Typer) -> None:
    """Indian Summer's catalogue groups: `garden leaves` and `garden animals` (the same as
    `garden tiles [define] --game indian-summer`), and the woodland board sides."""
    _group(app, "leaves", leaves, define_leaf,
           "The Indian Summer leaf tiles: shapes, holes, what is unknown "
           "(the same as garden tiles --game indian-summer).", "Indian Summer")
    _group(app, "animals", animals, define_animal,
           "The Indian Summer animal kinds and their shapes (the same as garden tiles --game indian-summer).",
           "Indian Summer")
    _group(app, "woodlands", woodlands, define_woodland, "The Indian Summer woodland board sides and their treasures.",
           "Indian Summer")


def _group(app: typer.Typer, name: str, listing: Callable[..., None], define: Callable[..., None], about: str,
           panel: str | None = None) -> None:
    """A catalogue group: `garden NAME` lists, `garden NAME define ...` records an entry."""
    group = typer.Typer(help=about, rich_markup_mode=None, invoke_without_command=True, no_args_is_help=False)
    group.callback()(listing)
    group.command("define")(define)
    app.add_typer(group, name=name, rich_help_panel=panel)


def _draw(shape) -> str:
    """A shape as rows of '#' (plain), 'p' (flowerpot), 'c' (cloche) and '.' gaps."""
    marks = shape.mark_map()
    return "\n".join(
        "".join(
            {"pot": "p", "cloche": "c"}.get(marks.get((r, c), ""), "#") if (r, c) in set(shape.cells) else "."
            for c in range(shape.width)
        )
        for r in range(shape.height)
    )


def _tile_json(spec) -> dict:
    return {
        "id": spec.id, "size": spec.size, "count": spec.count,
        "shape": spec.shape.to_text() if spec.shape is not None else None,
        "symbols": [{"symbol": s.kind, "cell": list(s.cell) if s.cell is not None else None} for s in spec.symbols],
        "missing": spec.missing(), "source": spec.source,
    }


@reports_errors
def tiles(ctx: typer.Context, game: TileGameOption = None, json_output: JsonOption = False) -> None:
    """List a game's tiles (default: Cottage Garden's 36 flower tiles; --game indian-summer: the 75 leaf
    tiles and the 7 animal kinds); unknown shapes say how to define them."""
    if ctx.invoked_subcommand is not None:
        ctx.obj = game  # `garden tiles --game indian-summer define ...` means the define's game
        return
    if game is TileGame.indian_summer:
        return _list_indian(leaves=True, animals=True, json_output=json_output)
    _list_cottage(json_output)


def _list_cottage(json_output: bool) -> None:
    from assistant.data import catalogue

    cat = catalogue.load()
    specs = list(cat.tiles.values())
    if json_output:
        print_json({"tiles": [_tile_json(s) for s in specs]})
        return
    from rich.table import Table

    table = Table("id", "size", "symbols", "shape", "from", title="Cottage Garden flower tiles (p flowerpot, c cloche)")
    for spec in specs:
        ident = spec.id + (f" ×{spec.count}" if spec.count > 1 else "")
        if spec.shape is None:
            shape = f"unknown — define it: {spec.define_hint()}"
        else:
            shape = _draw(spec.shape)
            if not spec.known:
                shape += f"\n({', '.join(spec.missing())} unknown — {spec.define_hint()})"
        table.add_row(ident, str(spec.size), spec.symbol_summary(), shape, spec.source)
    out = console()
    out.print(table)
    missing = [s for s in specs if not s.known]
    total = sum(s.count for s in specs)
    out.print(
        f"{total} tiles, {len(specs)} ids; {len(specs) - len(missing)} fully known, "
        f"{len(missing)} with something unknown: "
        + (", ".join(f"{s.id} ({', '.join(s.missing())})" for s in missing) if missing else "none"),
        markup=False,
    )


def _list_indian(*, leaves: bool, animals: bool, json_output: bool) -> None:
    """Indian Summer's leaf tiles and/or animal kinds, as text or as JSON
    ({"leaves": [...]}, {"animals": [...]}, or both in one object)."""
    from assistant.data import indian_catalogue as ic

    cat = ic.load()
    if json_output:
        data: dict[str, Any] = {}
        if leaves and animals:
            data["game"] = ic.GAME
        if leaves:
            data["leaves"] = [{"id": s.id, "colour": s.colour, "size": s.size,
                               "shape": ic.draw_leaf(s.shape) if s.shape else None, "source": s.source}
                              for s in cat.leaves.values()]
        if animals:
            data["animals"] = [{"kind": s.kind, "size": s.size, "shape": s.shape.to_text() if s.shape else None,
                                "count": s.count, "source": s.source} for s in cat.animals.values()]
        print_json(data)
        return
    out = console()
    if leaves:
        specs = list(cat.leaves.values())
        known = [s for s in specs if s.shape is not None]
        for s in known:
            out.print(f"{s.id} ({s.colour}, {s.size} cells, {s.source}): {ic.draw_leaf(s.shape)}", markup=False)
        out.print(f"{len(specs)} leaf tiles (17 green, 29 orange, 29 red; one hole each); {len(known)} shapes known, "
                  f"{len(specs) - len(known)} unknown — define one from your box: garden tiles define G1 '#o/#.' "
                  "--game indian-summer (o marks the hole).", markup=False)
    if animals:
        for s in cat.animals.values():
            shape = s.shape.to_text() if s.shape else f"unknown — {s.note} Define it: {s.define_hint()}"
            out.print(f"{s.kind} ({s.size} cells, {s.source}): {shape}", markup=False)
        out.print("20 animals in all; counts per kind unknown.", markup=False)


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
    game = game or ctx.obj
    if game is not TileGame.indian_summer:
        _only("--hole and --count are Indian Summer options (add --game indian-summer)", hole, count)
        return _define_cottage(tile_id, shape, pot, cloche)
    _only("--pot and --cloche are Cottage Garden options (Indian Summer tiles show no symbols)", pot, cloche)
    from assistant.data import indian_catalogue as ic

    if tile_id.strip().lower() in ic.ANIMAL_KINDS:
        _only("--hole is for a leaf tile: an animal has no hole", hole)
        return _define_animal(tile_id, shape, count)
    if not ic.looks_like_leaf_id(tile_id):
        raise UsageError(f"unknown Indian Summer tile {tile_id!r}: a leaf tile G1-G17, O1-O29, R1-R29 "
                         f"or an animal kind ({', '.join(ic.ANIMAL_KINDS)})")
    _only("--count is for an animal kind: each leaf tile is one of a kind", count)
    _define_leaf(tile_id, shape, hole)


def _only(problem: str, *given: Any) -> None:
    """UsageError(problem) when any of these options was given."""
    if any(g not in (None, []) for g in given):
        raise UsageError(problem)


def _define_cottage(tile_id: str, shape: str, pot: list[str] | None, cloche: list[str] | None) -> None:
    from assistant.data import catalogue

    pots = [catalogue.parse_cell(t, "--pot") for t in pot or []]
    cloches = [catalogue.parse_cell(t, "--cloche") for t in cloche or []]
    spec = catalogue.define_tile(tile_id, shape, pots, cloches)
    assert spec.shape is not None
    out = console()
    out.print(f"Defined tile {spec.id} ({spec.size} cells), saved in {catalogue.user_dir() / catalogue.TILES_FILE}:", markup=False)
    out.print(_draw(spec.shape), markup=False)


def _define_leaf(leaf_id: str, shape: str, hole: str | None) -> None:
    from assistant.data import catalogue, indian_catalogue as ic

    cell = catalogue.parse_cell(hole, "--hole") if hole is not None else None
    spec = ic.define_leaf(leaf_id, shape, cell)
    assert spec.shape is not None
    console().print(f"Defined leaf {spec.id} ({spec.colour}, {spec.size} cells): {ic.draw_leaf(spec.shape)}", markup=False)


def _define_animal(kind: str, shape: str, count: int | None) -> None:
    from assistant.data import indian_catalogue as ic

    spec = ic.define_animal(kind, shape, count)
    console().print(f"Defined the {spec.kind} animal: {spec.shape.to_text() if spec.shape else '?'}", markup=False)


def _side_json(spec: Any) -> dict[str, Any]:
    """A board side of either game (a Cottage Garden bed, an Indian Summer woodland) as JSON."""
    return {"name": spec.name, "board": spec.board, "side": spec.side, "layout": spec.layout, "source": spec.source}


@reports_errors
def beds(ctx: typer.Context, json_output: JsonOption = False) -> None:
    """List the 18 flower-bed sides; unknown layouts say how to define them."""
    if ctx.invoked_subcommand is not None:
        return
    from assistant.data import catalogue

    specs = list(catalogue.load().beds.values())
    if json_output:
        print_json({"beds": [_side_json(s) for s in specs]})
        return
    from rich.table import Table

    table = Table("bed", "side", "layout", "from", title="Cottage Garden flower beds (P flowerpot, C cloche)")
    for s in specs:
        layout = (s.layout.replace("/", "\n") if s.layout is not None
                  else f"unknown — define it: garden beds define {s.name} '..P../C..../...../.P.../....C'")
        table.add_row(s.name, s.side, layout, s.source)
    out = console()
    out.print(table)
    known = sum(1 for s in specs if s.layout is not None)
    out.print(f"{known} of {len(specs)} layouts known.", markup=False)


@reports_errors
def define_bed(
    name: Annotated[str, typer.Argument(help="The bed side: 1-light … 9-dark.")],
    layout: Annotated[str, typer.Argument(help="5 rows split by '/': '.' plain, 'P' flowerpot, 'C' cloche.")],
) -> None:
    """Record a bed side's layout from your own box; it overrides the shipped entry."""
    from assistant.data import catalogue

    spec = catalogue.define_bed(name, layout)
    assert spec.layout is not None
    out = console()
    out.print(f"Defined bed {spec.name}, saved in {catalogue.user_dir() / catalogue.BEDS_FILE}:", markup=False)
    out.print(spec.layout.replace("/", "\n"), markup=False)
    pots, cloches = spec.layout.count("P"), spec.layout.count("C")
    if spec.side == "light" and cloches > pots or spec.side == "dark" and pots > cloches:
        more = "flowerpots" if spec.side == "light" else "cloches"
        out.print(f"Note: {spec.side} sides usually carry more {more}; check the side.", markup=False)


# -- Indian Summer by the older names: garden leaves, garden animals; and the woodland sides ----------

@reports_errors
def leaves(ctx: typer.Context, json_output: JsonOption = False) -> None:
    """List the 75 leaf tiles; unknown shapes say how to define them (as garden tiles --game indian-summer)."""
    if ctx.invoked_subcommand is None:
        _list_indian(leaves=True, animals=False, json_output=json_output)


@reports_errors
def define_leaf(
    leaf_id: Annotated[str, typer.Argument(metavar="ID", help="The tile: G1-G17, O1-O29, R1-R29.")],
    shape: Annotated[str, typer.Argument(help="Its shape: '#' a cell, 'o' its hole, '.' a gap, '/' between rows.")],
    hole: Annotated[str | None, typer.Option("--hole", help="The hole cell ROW,COL in SHAPE (instead of 'o').")] = None,
) -> None:
    """Record a leaf tile's shape and hole from your own box (as garden tiles define ID SHAPE --game indian-summer)."""
    _define_leaf(leaf_id, shape, hole)


@reports_errors
def animals(ctx: typer.Context, json_output: JsonOption = False) -> None:
    """List the 7 animal kinds; unknown shapes say how to define them (as garden tiles --game indian-summer)."""
    if ctx.invoked_subcommand is None:
        _list_indian(leaves=False, animals=True, json_output=json_output)


@reports_errors
def define_animal(
    kind: Annotated[str, typer.Argument(help="The kind: i3, l3, i4, o, t, z, l.")],
    shape: Annotated[str, typer.Argument(help="Its shape: '#' a cell, '.' a gap, '/' between rows.")],
    count: Annotated[int | None, typer.Option("--count", help="How many tiles of this kind your box has.")] = None,
) -> None:
    """Record an animal kind's shape from your own box (as garden tiles define KIND SHAPE --game indian-summer)."""
    _define_animal(kind, shape, count)


@reports_errors
def woodlands(ctx: typer.Context, json_output: JsonOption = False) -> None:
    """List the 12 woodland board sides; unknown layouts say how to define them."""
    if ctx.invoked_subcommand is not None:
        return
    from assistant.data import indian_catalogue as ic

    specs = list(ic.load().woodlands.values())
    if json_output:
        print_json({"woodlands": [_side_json(s) for s in specs]})
        return
    out = console()
    for s in specs:
        out.print(f"{s.name}: " + (s.layout if s.layout else "layout unknown"), markup=False)
    known = sum(1 for s in specs if s.layout)
    out.print(f"{known} of {len(specs)} layouts known. Define one: garden woodlands define 1a 'LAYOUT' "
              "(9 rows of 8 split by '/': . B N M F).", markup=False)


@reports_errors
def define_woodland(
    name: Annotated[str, typer.Argument(help="The side: 1a ... 6b.")],
    layout: Annotated[str, typer.Argument(help="9 rows of 8 split by '/': '.' plain, B N M F printed treasures.")],
) -> None:
    """Record a woodland side's printed treasures from your own box."""
    from assistant.data import indian_catalogue as ic

    spec, warnings = ic.define_woodland(name, layout)
    out = console()
    out.print(f"Defined woodland side {spec.name}:", markup=False)
    out.print((spec.layout or "").replace("/", "\n"), markup=False)
    for w in warnings:
        out.print(f"Warning: {w}.", markup=False)
