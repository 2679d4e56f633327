"""Indian Summer's catalogues on the command line: its leaf tiles and animal kinds (`garden tiles
--game indian-summer`, through catalogue_cmds; also `garden leaves` and `garden animals` by their
older names) and its woodland board sides (`garden woodlands [define]`)."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from assistant.cli.catalogue_cmds import group, refuse_given, side_json
from assistant.cli.common import JsonOption, console, print_json
from assistant.cli.errors import reports_errors
from assistant.errors import UsageError

COMMANDS = ("leaves", "animals", "woodlands")


def register(app: typer.Typer) -> None:
    """`garden leaves` and `garden animals` (the same as `garden tiles [define] --game indian-summer`),
    and the woodland board sides."""
    group(app, "leaves", leaves, define_leaf,
          "The Indian Summer leaf tiles: shapes, holes, what is unknown "
          "(the same as garden tiles --game indian-summer).", "Indian Summer")
    group(app, "animals", animals, define_animal,
          "The Indian Summer animal kinds and their shapes (the same as garden tiles --game indian-summer).",
          "Indian Summer")
    group(app, "woodlands", woodlands, define_woodland, "The Indian Summer woodland board sides and their treasures.",
          "Indian Summer")


def list_tiles(json_output: bool) -> None:
    _list_indian(leaves=True, animals=True, json_output=json_output)


def define_tile(tile_id: str, shape: str, *, pot: list[str] | None, cloche: list[str] | None, hole: str | None,
                count: int | None) -> None:
    """A leaf tile (its hole as 'o' or --hole) or an animal kind (optionally --count)."""
    refuse_given("--pot and --cloche are Cottage Garden options (Indian Summer tiles show no symbols)", pot, cloche)
    from assistant.data import indian_catalogue as ic

    if tile_id.strip().lower() in ic.ANIMAL_KINDS:
        refuse_given("--hole is for a leaf tile: an animal has no hole", hole)
        return _define_animal(tile_id, shape, count)
    if not ic.looks_like_leaf_id(tile_id):
        raise UsageError(f"unknown Indian Summer tile {tile_id!r}: a leaf tile G1-G17, O1-O29, R1-R29 "
                         f"or an animal kind ({', '.join(ic.ANIMAL_KINDS)})")
    refuse_given("--count is for an animal kind: each leaf tile is one of a kind", count)
    _define_leaf(tile_id, shape, hole)


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
        print_json({"woodlands": [side_json(s) for s in specs]})
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


# -- garden tiles scan: what a scanned shape may be, and keeping it ---------------------------

def tile_matches(shape: Any) -> list[str]:
    """The leaf tile ids a scanned shape (its hole marked) may be."""
    from assistant.data import indian_catalogue

    return indian_catalogue.matching_leaves(shape)


def tile_doubt(shape: Any) -> str | None:
    """Why no tile of the game reads as a scanned shape (it is then in doubt), or None."""
    from assistant.data import indian_catalogue

    return indian_catalogue.scan_doubt(shape)


def tile_known(ident: str) -> bool:
    from assistant.data import indian_catalogue

    return indian_catalogue.leaf(ident).known


def save_scanned(ident: str, shape: Any) -> None:
    """Record a scanned leaf tile as `garden tiles define ID SHAPE --game indian-summer` would."""
    from assistant.data import indian_catalogue

    from assistant.grid import Shape

    hole = indian_catalogue.hole_of(shape)
    indian_catalogue.define_leaf(ident, Shape.from_cells(shape.cells).to_text(), hole)


def forget_tile(ident: str) -> str:
    from assistant.data import indian_catalogue

    indian_catalogue.forget_leaf(ident)
    return ident.strip().upper()
