"""Cottage Garden's catalogues on the command line: its flower tiles (`garden tiles`, through
catalogue_cmds) and its bed sides (`garden beds [define NAME LAYOUT]`)."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from assistant.cli.catalogue_cmds import draw_shape, group, refuse_given, side_json, tile_json
from assistant.cli.common import JsonOption, console, print_json
from assistant.cli.errors import reports_errors


def register(app: typer.Typer) -> None:
    group(app, "beds", beds, define_bed, "The Cottage Garden flower-bed sides and their printed symbols.",
          "Cottage Garden")


def list_tiles(json_output: bool) -> None:
    from assistant.data import catalogue

    cat = catalogue.load()
    specs = list(cat.tiles.values())
    if json_output:
        print_json({"tiles": [tile_json(s) for s in specs]})
        return
    from rich.table import Table

    table = Table("id", "size", "symbols", "shape", "from", title="Cottage Garden flower tiles (p flowerpot, c cloche)")
    for spec in specs:
        ident = spec.id + (f" ×{spec.count}" if spec.count > 1 else "")
        if spec.shape is None:
            shape = f"unknown — define it: {spec.define_hint()}"
        else:
            shape = draw_shape(spec.shape)
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



def define_tile(tile_id: str, shape: str, *, pot: list[str] | None, cloche: list[str] | None, hole: str | None,
                count: int | None) -> None:
    refuse_given("--hole and --count are Indian Summer options (add --game indian-summer)", hole, count)
    from assistant.data import catalogue

    pots = [catalogue.parse_cell(t, "--pot") for t in pot or []]
    cloches = [catalogue.parse_cell(t, "--cloche") for t in cloche or []]
    spec = catalogue.define_tile(tile_id, shape, pots, cloches)
    assert spec.shape is not None
    out = console()
    out.print(f"Defined tile {spec.id} ({spec.size} cells), saved in {catalogue.user_dir() / catalogue.TILES_FILE}:", markup=False)
    out.print(draw_shape(spec.shape), markup=False)



@reports_errors
def beds(ctx: typer.Context, json_output: JsonOption = False) -> None:
    """List the 18 flower-bed sides; unknown layouts say how to define them."""
    if ctx.invoked_subcommand is not None:
        return
    from assistant.data import catalogue

    specs = list(catalogue.load().beds.values())
    if json_output:
        print_json({"beds": [side_json(s) for s in specs]})
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


# -- garden tiles scan: what a scanned shape may be, and keeping it ---------------------------

def tile_matches(shape: Any) -> list[str]:
    """The flower tile ids a scanned shape (its pots and cloches marked) may be."""
    from assistant.data import catalogue

    return catalogue.matching_ids(shape)


def tile_doubt(shape: Any) -> str | None:
    """Why no tile of the game reads as a scanned shape (it is then in doubt), or None."""
    from assistant.data import catalogue

    return catalogue.scan_doubt(shape)


def tile_known(ident: str) -> bool:
    """Whether that tile's shape (and every symbol cell) is known already."""
    from assistant.data import catalogue

    return catalogue.tile(ident).known


def save_scanned(ident: str, shape: Any) -> None:
    """Record a scanned shape as `garden tiles define` would."""
    from assistant.data import catalogue

    marks = shape.mark_map()
    catalogue.define_tile(ident, shape.to_text(), [c for c, m in marks.items() if m == catalogue.POT],
                          [c for c, m in marks.items() if m == catalogue.CLOCHE])


def forget_tile(ident: str) -> str:
    from assistant.data import catalogue

    catalogue.forget_tile(ident)
    return catalogue.normalise_id(ident)
