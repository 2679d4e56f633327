"""Board mode: every bed cell by cell. Placing tiles, pot tokens and cats, seeing a
bed complete, and the clean-up after it scores. Pure, like rules.py, which calls it.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from assistant.errors import GardenError, IllegalMove
from assistant.games import placeholders
from assistant.games.cottage_garden import bed as beds
from assistant.grid import Board, Grid, Shape

BED_GRID = Grid(beds.BED_SIZE, beds.BED_SIZE)
SMALL_BED_TILES = 2  # final round: a bed with this many flower tiles or fewer is given up


class BedSide(NamedTuple):
    """One face of a bed board: its name and printed layout ('.', 'P', 'C' rows)."""

    name: str
    layout: str

    @property
    def known(self) -> bool:
        return not placeholders.is_placeholder(self.name)

    def describe(self) -> str:
        return placeholders.describe(self.name, "printed layout")


class BedSlot(NamedTuple):
    """A bed in play: the side up, the side under it, what lies on it."""

    up: BedSide
    down: BedSide
    board: Board
    tiles: int = 0  # flower tiles placed (the final round gives up beds with 2 or fewer)
    tile_ids: tuple[str, ...] = ()  # catalogue ids of those tiles, when known (back to the queue)

    @classmethod
    def fresh(cls, up: BedSide, down: BedSide) -> "BedSlot":  # type: ignore[misc]
        board = beds.parse_bed(up.layout, layout_only=True)
        if board.grid != BED_GRID:
            raise GardenError(f"bed side {up.name!r}: a layout has 5 rows of 5 cells, not {board.rows}x{board.cols}")
        return cls(up, down, board)

    def flipped(self) -> "BedSlot":
        return BedSlot.fresh(self.down, self.up)


BLANK_LAYOUT = "...../...../...../...../....."


def blank_side(label: str) -> BedSide:
    """A clearly labelled placeholder for a bed side whose printed layout nobody gave."""
    return BedSide(placeholders.name(label), BLANK_LAYOUT)


def slot_from_dict(data: dict[str, Any]) -> BedSlot:
    try:
        up = BedSide(str(data["up"]["name"]), str(data["up"]["layout"]))
        down = BedSide(str(data["down"]["name"]), str(data["down"]["layout"]))
    except (KeyError, TypeError) as err:
        raise GardenError(f"a bed in the set-up is malformed ({err})") from None
    return BedSlot.fresh(up, down)


def slot_to_dict(slot: BedSlot) -> dict[str, Any]:
    return {"up": slot.up._asdict(), "down": slot.down._asdict()}


# -- placing -------------------------------------------------------------------

def bed_at(slots: tuple[BedSlot | None, ...], player: str, number: int) -> BedSlot:
    if not 1 <= number <= len(slots) or slots[number - 1] is None:
        have = [str(i + 1) for i, s in enumerate(slots) if s is not None] or ["none"]
        raise IllegalMove("CG-PLANT-3", f"{player} has no bed {number} (beds: {', '.join(have)}).")
    return slots[number - 1]  # type: ignore[return-value]


def _cells_on_bed(cells: list[list[int]] | tuple, what: str) -> int:
    mask = 0
    for cell in cells:
        r, c = int(cell[0]), int(cell[1])
        if not BED_GRID.contains(r, c):
            raise IllegalMove("CG-PLANT-3", f"{what}: cell ({r}, {c}) is off the 5x5 bed (rows and columns 0-4).")
        mask |= BED_GRID.bit(r, c)
    return mask


def _must_be_free(slot: BedSlot, mask: int, what: str) -> list[str]:
    """Refuses covered cells; returns warnings for printed symbols covered."""
    blocked = mask & ~beds.free_mask(slot.board)
    if blocked:
        cells = BED_GRID.cells(blocked)
        kinds = sorted({str(slot.board.state(r, c)) for r, c in cells})
        raise IllegalMove("CG-PLANT-3", f"{what}: cell(s) {cells} are already covered ({', '.join(kinds)}); "
                          "nothing goes on a tile, a pot token or a cat.")
    symbols = mask & slot.board.mask(beds.POT, beds.CLOCHE)
    return [f"{what} covers the printed symbol(s) at {BED_GRID.cells(symbols)}: they will not score."] if symbols else []


def plant_tile(slot: BedSlot, shape_text: str, cells: list[list[int]], marks: list[list[Any]], what: str,
               label: str | None = None) -> tuple[BedSlot, list[str]]:
    """A flower tile onto a bed: the cells must be the shape, turned or flipped, and free."""
    mask = _cells_on_bed(cells, what)
    try:
        shape = Shape.parse(shape_text)
        placed = Shape.from_cells([(int(r), int(c)) for r, c in cells])
    except GardenError as err:
        raise IllegalMove("CG-PLANT-3", f"{what}: {err}") from None
    if len(cells) != mask.bit_count() or not placed.congruent(shape, True):
        raise IllegalMove("CG-PLANT-3", f"{what}: the cells {cells} are not the shape {shape_text!r} turned or flipped.")
    warnings = _must_be_free(slot, mask, what)
    board = slot.board.with_state(mask, beds.TILE)
    for r, c, mark in marks:
        if not mask >> BED_GRID.index(int(r), int(c)) & 1 or mark not in ("pot", "cloche"):
            raise IllegalMove("CG-PLANT-3", f"{what}: a {mark!r} mark at ({r}, {c}) is not on the tile.")
        board = board.with_state([(int(r), int(c))], beds.TILE_POT if mark == "pot" else beds.TILE_CLOCHE)
    ids = slot.tile_ids + ((label,) if label else ())
    return slot._replace(board=board, tiles=slot.tiles + 1, tile_ids=ids), warnings


def place_single(slot: BedSlot, cell: list[int], state: str, what: str) -> tuple[BedSlot, list[str]]:
    """A pot token or a cat onto one cell."""
    mask = _cells_on_bed([cell], what)
    warnings = _must_be_free(slot, mask, what)
    return slot._replace(board=slot.board.with_state(mask, state)), warnings


def counts(slot: BedSlot) -> tuple[int, int]:
    return beds.visible_pots(slot.board), beds.visible_cloches(slot.board)


def complete_beds(slots: tuple[BedSlot | None, ...]) -> list[int]:
    """Bed numbers (from 1) that are complete and not yet scored."""
    return [i + 1 for i, s in enumerate(slots) if s is not None and beds.is_complete(s.board)]


def small_beds(slots: tuple[BedSlot | None, ...]) -> list[int]:
    return [i + 1 for i, s in enumerate(slots) if s is not None and s.tiles <= SMALL_BED_TILES]


# -- the set-up's beds in text (game-record headers) ------------------------------
# "Ann:UP=LAYOUT>DOWN=LAYOUT,UP=LAYOUT>DOWN=LAYOUT;Ben:...;public:UP=LAYOUT>DOWN=LAYOUT"

def slots_text(start_beds: dict[str, list[dict[str, Any]]], public: dict[str, Any] | None) -> str:
    def one(d: dict[str, Any]) -> str:
        return f"{d['up']['name']}={d['up']['layout']}>{d['down']['name']}={d['down']['layout']}"
    parts = [f"{name}:{','.join(one(d) for d in slots)}" for name, slots in start_beds.items()]
    if public is not None:
        parts.append(f"public:{one(public)}")
    return ";".join(parts)


def slots_from_text(text: str) -> tuple[dict[str, list[dict[str, Any]]], dict[str, Any] | None]:
    def side(part: str) -> dict[str, str]:
        name, sep, layout = part.partition("=")
        if not sep:
            raise GardenError(f"bed side {part!r}: write NAME=LAYOUT")
        return {"name": name, "layout": layout}

    beds: dict[str, list[dict[str, Any]]] = {}
    public = None
    for chunk in filter(None, text.split(";")):
        owner, sep, rest = chunk.partition(":")
        if not sep:
            raise GardenError(f"beds {chunk!r}: write PLAYER:UP=LAYOUT>DOWN=LAYOUT,...")
        slots = []
        for pair in rest.split(","):
            up, sep2, down = pair.partition(">")
            if not sep2:
                raise GardenError(f"bed {pair!r}: write UP=LAYOUT>DOWN=LAYOUT")
            slots.append({"up": side(up), "down": side(down)})
        if owner == "public":
            public = slots[0]
        else:
            beds[owner] = slots
    return beds, public
