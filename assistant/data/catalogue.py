"""The Cottage Garden component catalogue: tiles and bed sides as data.

Two layers, both validated on load:

* shipped: ``assistant/data/cottage_tiles.json`` and ``cottage_beds.json`` --
  what the rulebook and `rules/components.md` say. A fact no source gives is
  ``null`` (unknown), never a guess.
* user: ``$GARDEN_HOME/catalogue/cottage_tiles.json`` / ``cottage_beds.json`` --
  what the user measured from their own box (`garden tiles define`, `garden
  beds define`). A user entry replaces the shipped entry with the same id or
  name; it cannot add components the game does not have.

A bad entry is refused with one line ``FILE: entry ID: problem``. Writes go to
a temporary file that then replaces the old one (os.replace), so a crash
never leaves half a file and a corrupt user file is never overwritten.

Tile file entry::

    {"id": "2A", "size": 2, "count": 1, "shape": "##",
     "symbols": [{"symbol": "pot", "cell": [0, 0]}], "note": "..."}

``shape`` null = unknown; a symbol's ``cell`` null = the tile shows that
symbol but on which cell is unknown. Bed file entry::

    {"name": "1-light", "board": 1, "side": "light", "layout": "..P../C..../...../.P.../....C"}
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from assistant.data.catalogue_files import (SHIPPED_DIR, check_fields, json_cell, load_entries, note_field,
                                            remove_entry, replace_entry, user_dir, user_entries)
from assistant.errors import GardenError, UsageError
from assistant.grid import HOLE, Board, Cell, Shape

GAME = "cottage-garden"
TILES_FILE = "cottage_tiles.json"
BEDS_FILE = "cottage_beds.json"
POT, CLOCHE = "pot", "cloche"
SYMBOLS = (POT, CLOCHE)
BED_SIDE = 5
SIDES = ("light", "dark")

#: a flower tile covers 1 to 6 cells (components.md); its id starts with its size
TILE_CELLS = (1, 6)
_TILE_ID = re.compile(r"^([1-6])([A-Z])$")
_BED_NAME = re.compile(r"^([1-9])-(light|dark)$")
_TILE_KEYS = {"id", "size", "count", "shape", "symbols", "note"}
_BED_KEYS = {"name", "board", "side", "layout", "note"}


@dataclass(frozen=True)
class SymbolSpec:
    """A symbol a tile shows: `kind` "pot" or "cloche"; `cell` in the shape's frame, None if unknown."""

    kind: str
    cell: Cell | None


@dataclass(frozen=True)
class TileSpec:
    """One flower tile. `shape` is None when unknown; its marks are the symbols whose cell is known."""

    id: str
    size: int
    count: int
    shape: Shape | None
    symbols: tuple[SymbolSpec, ...]
    note: str
    source: str  # "shipped" or "user"

    @property
    def known(self) -> bool:
        """Shape and every symbol cell known."""
        return self.shape is not None and all(s.cell is not None for s in self.symbols)

    def missing(self) -> list[str]:
        """What no source gives, as short phrases ("shape", "the cell of its flowerpot")."""
        if self.shape is None:
            return ["shape"]
        return [f"the cell of its {_symbol_word(s.kind)}" for s in self.symbols if s.cell is None]

    def define_hint(self) -> str:
        """The command that records this tile from the user's box (an example shape of the right size)."""
        example = "#" * self.size if self.size <= 5 else "###/###"
        flags = "".join(f" --{s.kind} 0,0" for s in self.symbols)
        return f"garden tiles define {self.id} '{example}'{flags}"

    def symbol_summary(self) -> str:
        if not self.symbols:
            return "none"
        return ", ".join(
            f"{_symbol_word(s.kind)} at {s.cell[0]},{s.cell[1]}" if s.cell is not None
            else f"{_symbol_word(s.kind)} (cell unknown)"
            for s in self.symbols
        )


@dataclass(frozen=True)
class BedSpec:
    """One side of a flower-bed board; `layout` None when unknown."""

    name: str
    board: int
    side: str
    layout: str | None
    note: str
    source: str

    def bed(self) -> Board:
        """The empty bed (printed symbols only); GardenError if the layout is unknown."""
        if self.layout is None:
            raise GardenError(
                f"bed {self.name}'s layout is unknown: define it from your box, e.g. "
                f"garden beds define {self.name} '..P../C..../...../.P.../....C'"
            )
        from assistant.games.cottage_garden.bed import parse_bed

        return parse_bed(self.layout, layout_only=True)


@dataclass(frozen=True)
class Catalogue:
    tiles: dict[str, TileSpec]  # by id, in catalogue order
    beds: dict[str, BedSpec]  # by name, in catalogue order


def _symbol_word(kind: str) -> str:
    return "flowerpot" if kind == POT else kind


# --- validation ----------------------------------------------------------


def _parse_tile(raw: Any, source: str, shipped: dict[str, TileSpec] | None) -> TileSpec:
    """One tile entry -> TileSpec; ValueError(problem) if anything is wrong."""
    check_fields(raw, _TILE_KEYS)
    tile_id = raw.get("id")
    if not isinstance(tile_id, str) or not _TILE_ID.match(tile_id):
        raise ValueError(f"id {tile_id!r} is not a tile id such as 3A (size 1-6, then a letter)")
    base = shipped.get(tile_id) if shipped is not None else None
    if shipped is not None and base is None:
        raise ValueError(f"unknown tile id {tile_id}: the game has {', '.join(shipped)}")
    size = raw.get("size", base.size if base else None)
    if type(size) is not int:
        raise ValueError(f"size {size!r} is not a whole number")
    if size != int(tile_id[0]):
        raise ValueError(f"size {size} is wrong for id {tile_id}: a {tile_id[0]}-cell tile")
    count = raw.get("count", base.count if base else 1)
    if type(count) is not int or count < 1:
        raise ValueError(f"count {count!r} must be a whole number from 1")
    if base is not None and count != base.count:
        raise ValueError(f"count {count} differs from the game's {base.count}")
    note = note_field(raw)
    symbols_raw = raw.get("symbols", [])
    if not isinstance(symbols_raw, list):
        raise ValueError("symbols must be a list of {\"symbol\": ..., \"cell\": [row, column]}")
    symbols = []
    for s in symbols_raw:
        if not isinstance(s, dict) or set(s) - {"symbol", "cell"}:
            raise ValueError(f"symbol {s!r} must be {{\"symbol\": \"pot\" or \"cloche\", \"cell\": [row, column] or null}}")
        kind = s.get("symbol")
        if kind not in SYMBOLS:
            raise ValueError(f"unknown symbol {kind!r} (known: {', '.join(SYMBOLS)})")
        symbols.append(SymbolSpec(kind, json_cell(s.get("cell"))))
    shape_text = raw.get("shape")
    shape = None
    if shape_text is not None:
        if not isinstance(shape_text, str):
            raise ValueError(f"shape {shape_text!r} must be text such as '##/#.' or null (unknown)")
        marks = []
        for s in symbols:
            if s.cell is not None:
                marks.append((s.cell, s.kind))
        try:
            shape = Shape.parse(shape_text, marks, name=tile_id)
        except GardenError as err:
            raise ValueError(str(err)) from None
        if shape.size != size:
            raise ValueError(f"shape {shape_text!r} has {shape.size} cells, a {tile_id} tile has {size}")
    else:
        known_cells = [s for s in symbols if s.cell is not None]
        if known_cells:
            raise ValueError("a symbol cell is given but the shape is unknown (null)")
    if base is not None:
        want = sorted(s.kind for s in base.symbols)
        got = sorted(s.kind for s in symbols)
        if want != got:
            raise ValueError(f"symbols {_kinds(got)} differ from the game's {_kinds(want)} for {tile_id}")
    return TileSpec(tile_id, size, count, shape, tuple(symbols), note, source)


def _kinds(kinds: list[str]) -> str:
    return "[" + ", ".join(kinds) + "]" if kinds else "none"


def _parse_bed(raw: Any, source: str, shipped: dict[str, BedSpec] | None) -> BedSpec:
    check_fields(raw, _BED_KEYS)
    name = raw.get("name")
    match = _BED_NAME.match(name) if isinstance(name, str) else None
    if not match:
        raise ValueError(f"name {name!r} is not a bed side such as 1-light or 9-dark")
    if shipped is not None and name not in shipped:
        raise ValueError(f"unknown bed {name}")  # pragma: no cover - the pattern covers all 18
    board = raw.get("board", int(match.group(1)))
    side = raw.get("side", match.group(2))
    if board != int(match.group(1)) or side != match.group(2):
        raise ValueError(f"board {board!r} / side {side!r} do not match the name {name}")
    note = note_field(raw)
    layout = raw.get("layout")
    if layout is not None:
        layout = check_layout(layout)
    return BedSpec(name, board, side, layout, note, source)


def check_layout(layout: Any) -> str:
    """A bed layout's canonical text (5 rows of '.', 'P', 'C' split by '/'); ValueError naming the problem."""
    if not isinstance(layout, str):
        raise ValueError(f"layout {layout!r} must be text such as '..P../C..../...../.P.../....C' or null")
    from assistant.games.cottage_garden.bed import parse_bed

    try:
        board = parse_bed(layout, layout_only=True)
    except GardenError as err:
        raise ValueError(str(err)) from None
    if (board.rows, board.cols) != (BED_SIDE, BED_SIDE):
        raise ValueError(f"layout {layout!r} is {board.rows}×{board.cols}: a bed is {BED_SIDE}×{BED_SIDE}")
    from assistant.games.cottage_garden.bed import LAYOUT_LEGEND

    return board.to_text(LAYOUT_LEGEND)


_SHIPPED: dict[str, dict[str, Any]] = {}
_USER: dict[tuple[str, int, int, int], dict[str, Any]] = {}


def _shipped(kind: str) -> dict[str, Any]:
    if kind not in _SHIPPED:
        if kind == "tiles":
            found = load_entries(SHIPPED_DIR / TILES_FILE, "tiles", "id", _parse_tile, "shipped", None)
            total = sum(t.count for t in found.values())
            if total != 36:
                raise GardenError(f"{SHIPPED_DIR / TILES_FILE}: {total} tiles, the game has 36")
        else:
            found = load_entries(SHIPPED_DIR / BEDS_FILE, "beds", "name", _parse_bed, "shipped", None)
        _SHIPPED[kind] = found
    return _SHIPPED[kind]


def _user(kind: str, home: Path | None) -> dict[str, Any]:
    path = user_dir(home) / (TILES_FILE if kind == "tiles" else BEDS_FILE)
    if kind == "tiles":
        return user_entries(path, _USER, lambda p: load_entries(p, "tiles", "id", _parse_tile, "user", _shipped("tiles")))
    return user_entries(path, _USER, lambda p: load_entries(p, "beds", "name", _parse_bed, "user", _shipped("beds")))


def load(home: Path | None = None) -> Catalogue:
    """Shipped catalogue with the user's entries laid over it; GardenError "FILE: entry ID: problem"."""
    tiles = dict(_shipped("tiles"))
    tiles.update(_user("tiles", home))
    beds = dict(_shipped("beds"))
    beds.update(_user("beds", home))
    return Catalogue(tiles, beds)


# --- lookups -------------------------------------------------------------


def normalise_id(tile_id: str) -> str:
    return tile_id.strip().upper()


def looks_like_id(text: str) -> bool:
    return bool(re.match(r"^\s*\d+[A-Za-z]+\s*$", text))


def tile(tile_id: str, home: Path | None = None) -> TileSpec:
    """The tile with this id (any case); GardenError for an unknown id."""
    tiles = load(home).tiles
    key = normalise_id(tile_id)
    if key not in tiles:
        raise GardenError(f"unknown tile id {tile_id!r}: Cottage Garden has {', '.join(tiles)} (see garden tiles)")
    return tiles[key]


def bed(name: str, home: Path | None = None) -> BedSpec:
    beds = load(home).beds
    key = name.strip().lower()
    if key not in beds:
        raise GardenError(f"unknown bed {name!r}: the bed sides are {', '.join(beds)}")
    return beds[key]


def bed_sides(name: str, home: Path | None = None) -> tuple[tuple[str, str], tuple[str, str]]:
    """((name, layout) of the named side, (name, layout) of its back) for a board-mode bed.

    The named side must be known (else GardenError with the command that
    defines it); an unknown back side comes as the board mode's clearly
    labelled blank placeholder (planting.blank_side), never an invented layout.
    """
    up = bed(name, home)
    up.bed()  # refuses an unknown layout with the define hint
    other = f"{up.board}-{'dark' if up.side == 'light' else 'light'}"
    down = load(home).beds[other]
    assert up.layout is not None
    if down.layout is None:
        from assistant.games.cottage_garden.planting import blank_side

        back = blank_side(other)
        return (up.name, up.layout), (back.name, back.layout)
    return (up.name, up.layout), (down.name, down.layout)


def resolve_shape(text_or_id: str, home: Path | None = None) -> Shape:
    """A tile id ("3A", from the catalogue) or a shape text ("##/#."); refuses a tile
    whose shape is unknown with the command that defines it. A known shape whose
    symbol cell is unknown (5F) comes without that mark."""
    if not isinstance(text_or_id, str) or not text_or_id.strip():
        raise GardenError("shape '' is empty: give a tile id such as 2A or a shape such as '##/#.'")
    if looks_like_id(text_or_id):
        spec = tile(text_or_id, home)
        if spec.shape is None:
            raise GardenError(
                f"tile {spec.id}'s shape is unknown (no source gives it): define it from your box, "
                f"e.g. {spec.define_hint()}"
            )
        return spec.shape
    shape = Shape.parse(text_or_id.strip())
    lo, hi = TILE_CELLS
    if not lo <= shape.size <= hi:
        raise GardenError(f"shape {text_or_id.strip()!r} has {shape.size} cells: a Cottage Garden flower tile has "
                          f"{lo} to {hi}")
    return shape


# --- user definitions ----------------------------------------------------

_TILES_ABOUT = "Your own Cottage Garden tiles, measured from your box; each entry replaces the shipped one with the same id."
_BEDS_ABOUT = "Your own Cottage Garden bed layouts, measured from your box; each entry replaces the shipped one with the same name."


def parse_cell(text: str, flag: str) -> Cell:
    """"r,c" -> (r, c); UsageError for anything else."""
    parts = text.replace(" ", "").split(",")
    if len(parts) != 2 or not all(p.isdigit() for p in parts):
        raise UsageError(f"{flag} {text!r}: give a cell as row,column counting from 0, e.g. {flag} 0,1")
    return int(parts[0]), int(parts[1])


def define_tile(
    tile_id: str,
    shape_text: str,
    pots: list[Cell] | tuple[Cell, ...] = (),
    cloches: list[Cell] | tuple[Cell, ...] = (),
    home: Path | None = None,
) -> TileSpec:
    """Record a tile's shape (and symbol cells, in the shape text's frame) in the user catalogue."""
    base = _shipped("tiles").get(normalise_id(tile_id))
    if base is None:
        raise GardenError(f"unknown tile id {tile_id!r}: Cottage Garden has {', '.join(_shipped('tiles'))}")
    try:
        shape = Shape.parse(shape_text)
    except GardenError as err:
        raise UsageError(str(err)) from None
    if shape.size != base.size:
        raise UsageError(f"shape {shape_text!r} has {shape.size} cells, tile {base.id} has {base.size}")
    cells = set()
    for r, row in enumerate(shape_text.split("/")):
        for c, ch in enumerate(row):
            if ch == "#":
                cells.add((r, c))
    for flag, given in (("--pot", pots), ("--cloche", cloches)):
        for cell in given:
            if cell not in cells:
                raise UsageError(f"{flag} {cell[0]},{cell[1]} is not a '#' cell of shape {shape_text!r} (rows and columns from 0)")
    if len(set(pots) | set(cloches)) != len(pots) + len(cloches):
        raise UsageError("a cell shows at most one symbol")
    want = {k: sum(1 for s in base.symbols if s.kind == k) for k in SYMBOLS}
    got = {POT: len(pots), CLOCHE: len(cloches)}
    for kind in SYMBOLS:
        if want[kind] != got[kind]:
            word = _symbol_word(kind)
            needed = f"exactly {want[kind]} --{kind} r,c" if want[kind] else f"no --{kind}"
            raise UsageError(
                f"tile {base.id} shows {want[kind] or 'no'} {word}{'s' if want[kind] != 1 else ''} as far as the "
                f"rulebook says: give {needed}"
            )
    marked = Shape.parse(shape_text, [(c, POT) for c in pots] + [(c, CLOCHE) for c in cloches], name=base.id)
    entry = {
        "id": base.id,
        "size": base.size,
        "shape": marked.to_text(),
        "symbols": [{"symbol": m, "cell": [r, c]} for (r, c), m in marked.marks],
        "note": "defined with garden tiles define",
    }
    replace_entry(user_dir(home) / TILES_FILE, "tiles", "id", entry, GAME, _TILES_ABOUT, lambda: _user("tiles", home))
    return tile(base.id, home)


def define_bed(name: str, layout: str, home: Path | None = None) -> BedSpec:
    """Record a bed side's layout in the user catalogue."""
    key = name.strip().lower()
    shipped = _shipped("beds")
    if key not in shipped:
        raise UsageError(f"unknown bed {name!r}: the bed sides are {', '.join(shipped)}")
    try:
        text = check_layout(layout)
    except ValueError as err:
        raise UsageError(str(err)) from None
    base = shipped[key]
    entry = {"name": key, "board": base.board, "side": base.side, "layout": text,
             "note": "defined with garden beds define"}
    replace_entry(user_dir(home) / BEDS_FILE, "beds", "name", entry, GAME, _BEDS_ABOUT, lambda: _user("beds", home))
    return bed(key, home)



def matching_ids(shape: Shape, home: Path | None = None) -> list[str]:
    """The tile ids a scanned shape (marks "pot"/"cloche" where it shows them) may be: the same size
    and symbols, and, where the catalogue knows its shape, that shape turned (never flipped)."""
    found = []
    kinds = sorted(m for _, m in shape.marks)
    for spec in load(home).tiles.values():
        if spec.size != shape.size or sorted(s.kind for s in spec.symbols) != kinds:
            continue
        if spec.shape is not None:
            if Shape.from_cells(spec.shape.cells).canonical(flip=False) != Shape.from_cells(shape.cells).canonical(flip=False):
                continue
            if spec.known and not spec.shape.congruent(shape, flip=False):
                continue
        found.append(spec.id)
    return found


def scan_doubt(shape: Shape) -> str | None:
    """Why no flower tile reads as this scanned shape, or None: a flower tile has 1-6 cells and no
    hole (rules/components.md)."""
    if any(m == HOLE for _, m in shape.marks):
        return "a flower tile has no hole"
    if not TILE_CELLS[0] <= shape.size <= TILE_CELLS[1]:
        return f"a flower tile has {TILE_CELLS[0]}-{TILE_CELLS[1]} cells, not {shape.size}"
    return None


def forget_tile(tile_id: str, home: Path | None = None) -> None:
    """Remove a tile's entry from the user catalogue (the shipped one applies again)."""
    ident = normalise_id(tile_id)
    path = user_dir(home) / TILES_FILE
    if ident not in _user("tiles", home):
        raise GardenError(f"tile {ident} has no entry of yours to forget (garden tiles lists what you defined)")
    remove_entry(path, "tiles", "id", ident, GAME, _TILES_ABOUT, lambda: _user("tiles", home))
