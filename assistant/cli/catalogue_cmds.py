"""The component catalogue: `garden tiles`, `garden tiles define`, `garden beds`, `garden beds define`."""

from __future__ import annotations

from typing import Annotated

import typer

from assistant.cli.common import JsonOption, console, print_json
from assistant.cli.errors import reports_errors


def register(app: typer.Typer) -> None:
    tiles_app = typer.Typer(help="The Cottage Garden flower tiles: shapes, symbols, what is unknown.",
                            rich_markup_mode=None, invoke_without_command=True, no_args_is_help=False)
    tiles_app.callback()(tiles)
    tiles_app.command("define")(define_tile)
    beds_app = typer.Typer(help="The Cottage Garden flower-bed sides and their printed symbols.",
                           rich_markup_mode=None, invoke_without_command=True, no_args_is_help=False)
    beds_app.callback()(beds)
    beds_app.command("define")(define_bed)
    app.add_typer(tiles_app, name="tiles")
    app.add_typer(beds_app, name="beds")


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
def tiles(ctx: typer.Context, json_output: JsonOption = False) -> None:
    """List the 36 flower tiles; unknown shapes say how to define them."""
    if ctx.invoked_subcommand is not None:
        return
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


@reports_errors
def define_tile(
    tile_id: Annotated[str, typer.Argument(metavar="ID", help="The tile's id, e.g. 3A.")],
    shape: Annotated[str, typer.Argument(help="Its shape from your box: '#' a cell, '.' a gap, '/' between rows.")],
    pot: Annotated[list[str] | None, typer.Option("--pot", help="The cell showing a flowerpot, row,column from 0 in SHAPE.")] = None,
    cloche: Annotated[list[str] | None, typer.Option("--cloche", help="The cell showing a cloche, row,column from 0 in SHAPE.")] = None,
) -> None:
    """Record a tile's shape (and symbol cells) from your own box; it overrides the shipped entry."""
    from assistant.data import catalogue

    pots = [catalogue.parse_cell(t, "--pot") for t in pot or []]
    cloches = [catalogue.parse_cell(t, "--cloche") for t in cloche or []]
    spec = catalogue.define_tile(tile_id, shape, pots, cloches)
    assert spec.shape is not None
    out = console()
    out.print(f"Defined tile {spec.id} ({spec.size} cells), saved in {catalogue.user_dir() / catalogue.TILES_FILE}:", markup=False)
    out.print(_draw(spec.shape), markup=False)


@reports_errors
def beds(ctx: typer.Context, json_output: JsonOption = False) -> None:
    """List the 18 flower-bed sides; unknown layouts say how to define them."""
    if ctx.invoked_subcommand is not None:
        return
    from assistant.data import catalogue

    specs = list(catalogue.load().beds.values())
    if json_output:
        print_json({"beds": [{"name": s.name, "board": s.board, "side": s.side, "layout": s.layout,
                              "source": s.source} for s in specs]})
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
