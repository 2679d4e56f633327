"""The Indian Summer component catalogue: leaf tiles, animal kinds and woodland sides as data.

Same two layers as the Cottage Garden catalogue (catalogue.py), both validated on load:

* shipped: ``assistant/data/indian_leaves.json``, ``indian_animals.json``,
  ``indian_woodlands.json`` -- what the sources say. A fact no source gives is
  ``null`` (unknown), never a guess: leaf shapes and holes, the shapes of four
  animal kinds, every woodland layout;
* user: ``$GARDEN_HOME/catalogue/indian_*.json`` -- what the user measured from
  their own box (`garden tiles define ID SHAPE --game indian-summer` for a leaf
  tile or an animal kind -- also `garden leaves define`, `garden animals define` --
  and `garden woodlands define`). A user entry replaces the shipped entry with the same id,
  kind or name; it cannot add components the game does not have.

A bad entry is refused with one line ``FILE: entry ID: problem``; writes are
atomic (a temporary file, then os.replace).

Leaf entry: ``{"id": "G1", "colour": "green", "size": 3, "shape": "##/#.", "hole": [0, 1]}``.
Animal entry: ``{"kind": "t", "size": 4, "shape": "###/.#.", "count": null}``.
Woodland entry: ``{"name": "1a", "board": 1, "side": "a", "layout": "9 rows of 8 split by '/'"}``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from assistant.data.catalogue_files import (SHIPPED_DIR, check_fields, json_cell, load_entries, note_field,
                                            remove_entry, replace_entry, user_dir, user_entries)
from assistant.errors import GardenError, UsageError
from assistant.grid import HOLE, Cell, Shape
from assistant.games.indian_summer.supply import LEAF_SIZE
from assistant.wording import a

GAME = "indian-summer"
LEAVES_FILE = "indian_leaves.json"
ANIMALS_FILE = "indian_animals.json"
WOODLANDS_FILE = "indian_woodlands.json"
COLOUR_OF_LETTER = {"G": "green", "O": "orange", "R": "red"}
TOTAL = {"green": 17, "orange": 29, "red": 29}
ANIMAL_KINDS = {"i3": 3, "l3": 3, "i4": 4, "o": 4, "t": 4, "z": 4, "l": 4}
SQUIRREL_SIZE = 1  # cells (rules/components.md: 32 squirrels of one cell)
SEED_NAMED = ("o", "t", "z")  # the seed names these tetrominoes: their shapes are facts
_LEAF_ID = re.compile(r"^([GOR])([1-9][0-9]?)$")
_SIDE_NAME = re.compile(r"^([1-6])([ab])$")
_KEYS = {
    "leaves": {"id", "colour", "size", "shape", "hole", "note"},
    "animals": {"kind", "size", "shape", "count", "note"},
    "woodlands": {"name", "board", "side", "layout", "note"},
}
_FILES = {"leaves": LEAVES_FILE, "animals": ANIMALS_FILE, "woodlands": WOODLANDS_FILE}
_ID_KEY = {"leaves": "id", "animals": "kind", "woodlands": "name"}


@dataclass(frozen=True)
class LeafSpec:
    id: str
    colour: str
    size: int
    shape: Shape | None  # with its hole as the mark grid.HOLE; None when unknown
    note: str
    source: str

    @property
    def known(self) -> bool:
        return self.shape is not None

    def define_hint(self) -> str:
        example = {3: "#o/#.", 4: "##/#o", 5: "###/#o."}[self.size]
        return f"garden tiles define {self.id} '{example}' --game indian-summer"


@dataclass(frozen=True)
class AnimalSpec:
    kind: str
    size: int
    shape: Shape | None
    count: int | None
    note: str
    source: str

    def define_hint(self) -> str:
        return f"garden tiles define {self.kind} '{'###' if self.size == 3 else '#./#./##'}' --game indian-summer"


@dataclass(frozen=True)
class WoodlandSpec:
    name: str
    board: int
    side: str
    layout: str | None
    note: str
    source: str

    def known_layout(self) -> str:
        if self.layout is None:
            raise GardenError(f"woodland side {self.name}'s layout is unknown: define it from your box, e.g. "
                              f"garden woodlands define {self.name} 'B......./...' (9 rows of 8: . B N M F), "
                              "or give the layout itself: --bed PLAYER='...'")
        return self.layout


@dataclass(frozen=True)
class IndianCatalogue:
    leaves: dict[str, LeafSpec]
    animals: dict[str, AnimalSpec]
    woodlands: dict[str, WoodlandSpec]


# --- shapes with a hole ----------------------------------------------------------

def leaf_shape(text: str, hole: Cell | None = None, name: str | None = None) -> Shape:
    """'#o/#.' (o marks the hole) or '##/#.' with `hole`; GardenError unless exactly one hole on a cell."""
    if not isinstance(text, str):
        raise GardenError(f"shape {text!r} must be text such as '#o/#.'")
    holes = [(r, c) for r, row in enumerate(text.split("/")) for c, ch in enumerate(row) if ch == "o"]
    plain = text.replace("o", "#")
    if holes and hole is not None:
        raise GardenError(f"shape {text!r}: mark the hole once (an 'o' in the shape or --hole, not both)")
    if hole is not None:
        holes = [hole]
    if len(holes) != 1:
        raise GardenError(f"shape {text!r}: a leaf tile has exactly one hole; mark it with 'o' (e.g. '#o/#.') "
                          f"(`garden tiles define` also takes --hole ROW,COL)" + (f", not {len(holes)}" if holes else ""))
    cells = {(r, c) for r, row in enumerate(plain.split("/")) for c, ch in enumerate(row) if ch == "#"}
    if holes[0] not in cells:
        raise GardenError(f"shape {text!r}: the hole {holes[0][0]},{holes[0][1]} is not a cell of the shape")
    return Shape.parse(plain, [(holes[0], HOLE)], name=name)


def hole_of(shape: Shape) -> Cell:
    return next(cell for cell, mark in shape.marks if mark == HOLE)


def _hole_text(shape: Shape) -> str:
    r0, c0 = hole_of(shape)
    rows = shape.to_text().split("/")
    rows[r0] = rows[r0][:c0] + "o" + rows[r0][c0 + 1:]
    return "/".join(rows)


def draw_leaf(shape: Shape) -> str:
    """The shape with its hole as 'o'."""
    return _hole_text(shape)


# --- validation --------------------------------------------------------------------

def _parse_leaf(raw: Any, source: str, shipped: dict | None) -> LeafSpec:
    check_fields(raw, _KEYS["leaves"])
    ident = raw.get("id")
    match = _LEAF_ID.match(ident) if isinstance(ident, str) else None
    if not match:
        raise ValueError(f"id {ident!r} is not a leaf id such as G1, O12 or R29")
    colour = COLOUR_OF_LETTER[match.group(1)]
    if int(match.group(2)) > TOTAL[colour]:
        raise ValueError(f"id {ident}: there are {TOTAL[colour]} {colour} tiles ({match.group(1)}1-{match.group(1)}{TOTAL[colour]})")
    if raw.get("colour", colour) != colour:
        raise ValueError(f"colour {raw.get('colour')!r} does not match the id {ident} ({colour})")
    size = raw.get("size", LEAF_SIZE[colour])
    if size != LEAF_SIZE[colour]:
        raise ValueError(f"size {size!r} is wrong: {a(colour)} leaf has {LEAF_SIZE[colour]} cells")
    shape_text, hole = raw.get("shape"), raw.get("hole")
    shape = None
    if shape_text is None:
        if hole is not None:
            raise ValueError("a hole cell is given but the shape is unknown (null)")
    else:
        if hole is None:
            raise ValueError("the shape is given but not its hole: every leaf tile has exactly one hole")
        try:
            shape = leaf_shape(shape_text, json_cell(hole), name=ident)
        except GardenError as err:
            raise ValueError(str(err)) from None
        if shape.size != size:
            raise ValueError(f"shape {shape_text!r} has {shape.size} cells, {a(colour)} leaf has {size}")
    return LeafSpec(ident, colour, size, shape, note_field(raw), source)


def _parse_animal(raw: Any, source: str, shipped: dict | None) -> AnimalSpec:
    check_fields(raw, _KEYS["animals"])
    kind = raw.get("kind")
    if kind not in ANIMAL_KINDS:
        raise ValueError(f"kind {kind!r} is not one of the 7 animal kinds ({', '.join(ANIMAL_KINDS)})")
    size = raw.get("size", ANIMAL_KINDS[kind])
    if size != ANIMAL_KINDS[kind]:
        raise ValueError(f"size {size!r} is wrong: the {kind} animal has {ANIMAL_KINDS[kind]} cells")
    count = raw.get("count")
    if count is not None and (type(count) is not int or not 1 <= count <= 20):
        raise ValueError(f"count {count!r} must be a whole number from 1 to 20 or null (unknown)")
    shape_text = raw.get("shape")
    shape = None
    if shape_text is not None:
        try:
            shape = Shape.parse(shape_text, name=kind) if isinstance(shape_text, str) else None
        except GardenError as err:
            raise ValueError(str(err)) from None
        if shape is None:
            raise ValueError(f"shape {shape_text!r} must be text such as '###/.#.' or null (unknown)")
        if shape.size != size:
            raise ValueError(f"shape {shape_text!r} has {shape.size} cells, the {kind} animal has {size}")
        base = shipped.get(kind) if shipped else None
        if base is not None and kind in SEED_NAMED and base.shape is not None and not shape.congruent(base.shape):
            raise ValueError(f"the seed names the {kind.upper()} tetromino ({base.shape.to_text()!r}); "
                             f"{shape_text!r} is another shape")
    return AnimalSpec(kind, size, shape, count, note_field(raw), source)


def _parse_woodland(raw: Any, source: str, shipped: dict | None) -> WoodlandSpec:
    check_fields(raw, _KEYS["woodlands"])
    name = raw.get("name")
    match = _SIDE_NAME.match(name) if isinstance(name, str) else None
    if not match:
        raise ValueError(f"name {name!r} is not a woodland side such as 1a or 6b (boards 1-6, sides a and b)")
    if raw.get("board", int(match.group(1))) != int(match.group(1)) or raw.get("side", match.group(2)) != match.group(2):
        raise ValueError(f"board / side do not match the name {name}")
    layout = raw.get("layout")
    if layout is not None:
        layout, _ = check_layout(layout)
    return WoodlandSpec(name, int(match.group(1)), match.group(2), layout, note_field(raw), source)


def check_layout(layout: Any) -> tuple[str, list[str]]:
    """(canonical layout, warnings about the printed counts); ValueError naming the problem."""
    from assistant.games.indian_summer.woods import check_layout as check

    return check(layout)


_PARSERS = {"leaves": _parse_leaf, "animals": _parse_animal, "woodlands": _parse_woodland}


def _load_entries(path: Path, kind: str, source: str, shipped: dict | None) -> dict[str, Any]:
    out = load_entries(path, kind, _ID_KEY[kind], _PARSERS[kind], source, shipped)
    if kind == "animals":
        _distinct_animals(path, out, shipped)
    return out


def _distinct_animals(path: Path, found: dict[str, AnimalSpec], shipped: dict | None) -> None:
    merged = dict(shipped or {})
    merged.update(found)
    known = [(k, s.shape) for k, s in merged.items() if s.shape is not None]
    for i, (k1, s1) in enumerate(known):
        for k2, s2 in known[i + 1:]:
            if s1.congruent(s2):
                raise GardenError(f"{path}: entry {k2 if k2 in found else k1}: the {k1} and {k2} animals would have "
                                  "the same shape (turned or flipped)")


_SHIPPED: dict[str, dict[str, Any]] = {}
_USER: dict[tuple, dict[str, Any]] = {}


def _shipped(kind: str) -> dict[str, Any]:
    if kind not in _SHIPPED:
        found = _load_entries(SHIPPED_DIR / _FILES[kind], kind, "shipped", None)
        expected = {"leaves": 75, "animals": 7, "woodlands": 12}[kind]
        if len(found) != expected:
            raise GardenError(f"{SHIPPED_DIR / _FILES[kind]}: {len(found)} entries, the game has {expected}")
        _SHIPPED[kind] = found
    return _SHIPPED[kind]


def _user(kind: str, home: Path | None) -> dict[str, Any]:
    return user_entries(user_dir(home) / _FILES[kind], _USER, lambda path: _load_user(path, kind))


def _load_user(path: Path, kind: str) -> dict[str, Any]:
    found = _load_entries(path, kind, "user", _shipped(kind))
    for ident in found:
        if ident not in _shipped(kind):
            raise GardenError(f"{path}: entry {ident}: the game has no such component")
    return found


def load(home: Path | None = None) -> IndianCatalogue:
    """Shipped catalogue with the user's entries laid over it; GardenError "FILE: entry ID: problem"."""
    parts = []
    for kind in ("leaves", "animals", "woodlands"):
        merged = dict(_shipped(kind))
        merged.update(_user(kind, home))
        parts.append(merged)
    return IndianCatalogue(*parts)


# --- lookups -------------------------------------------------------------------

def looks_like_leaf_id(text: str) -> bool:
    return bool(_LEAF_ID.match(text.strip().upper()))


def leaf(ident: str, home: Path | None = None) -> LeafSpec:
    leaves = load(home).leaves
    key = ident.strip().upper()
    if key not in leaves:
        raise GardenError(f"unknown leaf tile {ident!r}: the ids are G1-G17, O1-O29, R1-R29 (see garden tiles --game indian-summer)")
    return leaves[key]


def resolve_leaf(text: str, home: Path | None = None) -> tuple[Shape, str | None]:
    """(shape with its hole mark, catalogue id or None) for a leaf id (G3) or a shape ('#o/#.')."""
    if not isinstance(text, str) or not text.strip():
        raise GardenError("leaf '' is empty: give a leaf id such as G3 or a shape such as '#o/#.' (o the hole)")
    if looks_like_leaf_id(text):
        spec = leaf(text, home)
        if spec.shape is None:
            raise GardenError(f"leaf {spec.id}'s shape and hole are unknown (no source gives them): define them from "
                              f"your box, e.g. {spec.define_hint()}")
        return spec.shape, spec.id
    return leaf_shape(text.strip()), None


def colour_of_shape(shape: Shape) -> str:
    for colour, size in LEAF_SIZE.items():
        if size == shape.size:
            return colour
    raise GardenError(f"a leaf tile has 3 (green), 4 (orange) or 5 (red) cells, not {shape.size}")


def animal_shapes(home: Path | None = None) -> dict[str, Shape]:
    """The animal kinds whose shape is known, kind -> shape."""
    return {k: s.shape for k, s in load(home).animals.items() if s.shape is not None}


def animal(kind: str, home: Path | None = None) -> AnimalSpec:
    animals = load(home).animals
    key = kind.strip().lower()
    if key not in animals:
        raise UsageError(f"unknown animal {kind!r}: the kinds are {', '.join(animals)}")
    return animals[key]


def woodland(name: str, home: Path | None = None) -> WoodlandSpec:
    sides = load(home).woodlands
    key = name.strip().lower()
    if key not in sides:
        raise UsageError(f"unknown woodland side {name!r}: the sides are {', '.join(sides)}, or give a layout "
                          "(9 rows of 8 of . B N M F split by '/')")
    return sides[key]


# --- user definitions ------------------------------------------------------------

_ABOUT = {
    "leaves": "Your own Indian Summer leaf tiles, measured from your box; each entry replaces the shipped one with the same id.",
    "animals": "Your own Indian Summer animal shapes, measured from your box; each entry replaces the shipped one.",
    "woodlands": "Your own Indian Summer woodland layouts, measured from your box; each entry replaces the shipped one.",
}


def _write(kind: str, entry: dict[str, Any], home: Path | None) -> None:
    replace_entry(user_dir(home) / _FILES[kind], kind, _ID_KEY[kind], entry, GAME, _ABOUT[kind],
                  lambda: _user(kind, home))


def define_leaf(ident: str, shape_text: str, hole: Cell | None = None, home: Path | None = None) -> LeafSpec:
    base = _shipped("leaves").get(ident.strip().upper())
    if base is None:
        raise UsageError(f"unknown leaf tile {ident!r}: the ids are G1-G17, O1-O29, R1-R29")
    try:
        shape = leaf_shape(shape_text, hole, name=base.id)
    except GardenError as err:
        raise UsageError(str(err)) from None
    if shape.size != base.size:
        raise UsageError(f"shape {shape_text!r} has {shape.size} cells, leaf {base.id} ({base.colour}) has {base.size}")
    entry = {"id": base.id, "colour": base.colour, "size": base.size, "shape": shape.to_text(),
             "hole": list(hole_of(shape)), "note": "defined with garden tiles define"}
    _write("leaves", entry, home)
    return leaf(base.id, home)


def define_animal(kind: str, shape_text: str, count: int | None = None, home: Path | None = None) -> AnimalSpec:
    key = kind.strip().lower()
    base = _shipped("animals").get(key)
    if base is None:
        raise UsageError(f"unknown animal {kind!r}: the kinds are {', '.join(ANIMAL_KINDS)}")
    entry = {"kind": key, "size": base.size, "shape": shape_text, "count": count, "note": "defined with garden tiles define"}
    try:
        _parse_animal(entry, "user", _shipped("animals"))
        others = {k: s for k, s in load(home).animals.items() if k != key and s.shape is not None}
        shape = Shape.parse(shape_text)
        for k, s in others.items():
            if s.shape is not None and shape.congruent(s.shape):
                raise ValueError(f"the {k} animal already has this shape (turned or flipped)")
    except (ValueError, GardenError) as err:
        raise UsageError(str(err)) from None
    entry["shape"] = shape.to_text()
    _write("animals", entry, home)
    return animal(key, home)


def define_woodland(name: str, layout: str, home: Path | None = None) -> tuple[WoodlandSpec, list[str]]:
    key = name.strip().lower()
    base = _shipped("woodlands").get(key)
    if base is None:
        raise UsageError(f"unknown woodland side {name!r}: the sides are {', '.join(_shipped('woodlands'))}")
    try:
        text, warnings = check_layout(layout)
    except ValueError as err:
        raise UsageError(str(err)) from None
    entry = {"name": key, "board": base.board, "side": base.side, "layout": text, "note": "defined with garden woodlands define"}
    _write("woodlands", entry, home)
    return woodland(key, home), warnings


def matching_leaves(shape: Shape, home: Path | None = None) -> list[str]:
    """The leaf tile ids a scanned shape (its hole marked grid.HOLE) may be: the same size, and,
    where the catalogue knows its shape, that shape with its hole turned (never flipped)."""
    if sum(1 for _, m in shape.marks if m == HOLE) != 1:
        return []
    return [spec.id for spec in load(home).leaves.values()
            if spec.size == shape.size and (spec.shape is None or spec.shape.congruent(shape, flip=False))]


def scan_doubt(shape: Shape) -> str | None:
    """Why no Indian Summer tile reads as this scanned shape (its hole marked grid.HOLE), or None: a
    leaf tile has exactly one hole and 3, 4 or 5 cells, an animal tile no hole and 3 or 4 cells, a
    squirrel one cell (rules/components.md). A shape read without its hole cell (a thin frame
    around the hole lost against the table) is one no tile has."""
    holes = sum(1 for _, m in shape.marks if m == HOLE)
    leaf_sizes = sorted(set(LEAF_SIZE.values()))
    if holes > 1:
        return f"{holes} holes: a leaf tile has one"
    if holes == 1 and shape.size not in leaf_sizes:
        return f"a leaf tile has {', '.join(map(str, leaf_sizes[:-1]))} or {leaf_sizes[-1]} cells, not {shape.size}"
    if holes == 0 and shape.size not in {SQUIRREL_SIZE, *ANIMAL_KINDS.values()}:
        return (f"no tile without a hole has {shape.size} cells (a squirrel has {SQUIRREL_SIZE}, an animal tile "
                f"{' or '.join(map(str, sorted(set(ANIMAL_KINDS.values()))))}): a leaf tile's hole cell may be missed")
    return None


def forget_leaf(ident: str, home: Path | None = None) -> None:
    """Remove a leaf tile's entry from the user catalogue (the shipped one applies again)."""
    key = ident.strip().upper()
    if key not in _user("leaves", home):
        raise GardenError(f"leaf tile {key} has no entry of yours to forget (garden tiles --game indian-summer)")
    remove_entry(user_dir(home) / _FILES["leaves"], "leaves", "id", key, GAME, _ABOUT["leaves"],
                 lambda: _user("leaves", home))
