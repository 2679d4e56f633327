"""Board mode: leaf tiles, squirrels and animals placed cell by cell on a woodland board.

Pure, like rules.py (placing.py and animals.py call it). Placements arrive as explicit cells (the CLI
resolves a catalogue shape, an orientation and an anchor into cells), so a replay
never depends on catalogue edits. Cells text: ``r,c+r,c*+r,c``, rows and columns
from 0, the leaf's hole marked with ``*``; several tiles split by ``/``.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from assistant.errors import GardenError, IllegalMove
from assistant.games import placeholders
from assistant.games.indian_summer import woods
from assistant.grid import Board, Cell, Shape, components


class WoodSide(NamedTuple):
    """One player's woodland board side: a name and its printed layout."""

    name: str
    layout: str

    @property
    def known(self) -> bool:
        return not placeholders.is_placeholder(self.name)

    def describe(self) -> str:
        return placeholders.describe(self.name, "printed treasures")

    def board(self) -> Board:
        board = woods.parse_woods(self.layout, layout_only=True)
        if (board.rows, board.cols) != (woods.ROWS, woods.COLS):
            raise GardenError(f"woodland side {self.name!r}: a layout has {woods.ROWS} rows of {woods.COLS} cells, "
                              f"not {board.rows}x{board.cols}")
        return board


def blank_side(label: str) -> WoodSide:
    """A clearly labelled placeholder for a side whose printed treasures nobody gave."""
    return WoodSide(placeholders.name(label), woods.BLANK_LAYOUT)


def side_from_dict(data: Any) -> WoodSide:
    try:
        side = WoodSide(str(data["name"]), str(data["layout"]))
    except (KeyError, TypeError) as err:
        raise GardenError(f"a woodland board in the set-up is malformed ({err})") from None
    side.board()
    return side


# -- cells text ------------------------------------------------------------------

def parse_cells(text: str, what: str) -> tuple[list[Cell], Cell | None]:
    """'2,3+2,4*+3,4' -> ([(2, 3), (2, 4), (3, 4)], (2, 4)); GardenError for bad text."""
    cells: list[Cell] = []
    hole = None
    for part in (p.strip() for p in str(text).split("+")):
        star = part.endswith("*")
        r, sep, c = part.rstrip("*").partition(",")
        try:
            cell = (int(r), int(c))
        except ValueError:
            raise GardenError(f"{what}: cells {text!r}: write ROW,COL joined by '+', the hole marked '*' "
                              "(e.g. 2,3+2,4*+3,4)") from None
        if not sep:
            raise GardenError(f"{what}: cells {text!r}: write ROW,COL joined by '+'")
        if star:
            if hole is not None:
                raise IllegalMove("IS-PLACE-1", f"{what}: a leaf tile has exactly one hole; {text!r} marks two.")
            hole = cell
        cells.append(cell)
    return cells, hole


def cells_text(cells: list[Cell] | tuple, hole: Cell | None = None) -> str:
    return "+".join(f"{r},{c}" + ("*" if (r, c) == hole else "") for r, c in cells)


def split_tiles(text: str) -> list[str]:
    return [t for t in (p.strip() for p in str(text).split("/")) if t]


def _mask(cells: list[Cell], what: str, rule_id: str) -> int:
    mask = 0
    for r, c in cells:
        if not woods.GRID.contains(r, c):
            raise IllegalMove(rule_id, f"{what}: cell {r},{c} is off the board (rows 0-{woods.ROWS - 1}, "
                              f"columns 0-{woods.COLS - 1}).")
        bit = woods.GRID.bit(r, c)
        if mask & bit:
            raise IllegalMove(rule_id, f"{what}: cell {r},{c} is named twice.")
        mask |= bit
    return mask


def _covered_refusal(board: Board, mask: int, what: str) -> None:
    blocked = mask & ~woods.free_mask(board)
    if blocked:
        cells = woods.GRID.cells(blocked)
        kinds = sorted({_word(str(board.state(r, c))) for r, c in cells})
        where = " ".join(f"{r},{c}" for r, c in cells)
        raise IllegalMove("IS-PLACE-1", f"{what}: cell(s) {where} already hold {', '.join(kinds)}; nothing goes over "
                          "a leaf tile, a hole, an animal or a squirrel.")


def _word(state: str) -> str:
    if state.startswith("token-"):
        return f"a {state[6:]} token"
    if state.startswith("shows-") or state == woods.HOLE:
        return "a leaf tile's hole"
    return {"leaf": "a leaf tile", "squirrel": "a squirrel", "animal": "an animal"}.get(state, state)


# -- placing -------------------------------------------------------------------

class Laid(NamedTuple):
    board: Board
    hole: Cell
    printed: str | None  # the printed treasure under the hole, if any
    lost: tuple[str, ...]  # printed treasures under the other cells (covered for good)


def lay_leaf(board: Board, size: int, text: str, what: str) -> Laid:
    """A leaf tile of `size` cells on the cells of `text`; its hole is left as a plain `hole` cell
    (the rules turn it into a token cell when it lies over a printed treasure)."""
    cells, hole = parse_cells(text, what)
    mask = _mask(cells, what, "IS-PLACE-1")
    if len(cells) != size:
        raise IllegalMove("IS-PLACE-1", f"{what} has {size} cells, not {len(cells)} ({text}).")
    if hole is None:
        raise IllegalMove("IS-PLACE-1", f"{what}: mark its hole cell with '*' (a leaf tile has exactly one hole).")
    try:
        Shape.from_cells(cells)
    except GardenError:
        raise IllegalMove("IS-PLACE-1", f"{what}: the cells {text} do not form one connected tile.") from None
    _covered_refusal(board, mask, what)
    hole_bit = woods.GRID.bit(*hole)
    printed = next((k for k in woods.PRINTED if board.mask(k) & hole_bit), None)
    lost = tuple(k for k in woods.PRINTED for _ in range((board.mask(k) & mask & ~hole_bit).bit_count()))
    board = board.with_state(mask & ~hole_bit, woods.LEAF).with_state(hole_bit, woods.HOLE)
    return Laid(board, hole, printed, lost)


def put_squirrel(board: Board, text: str, what: str) -> tuple[Board, Cell]:
    cells, hole = parse_cells(text, what)
    if len(cells) != 1 or hole is not None:
        raise IllegalMove("IS-PLACE-1", f"{what} covers one cell: give ROW,COL, not {text!r}.")
    mask = _mask(cells, what, "IS-PLACE-1")
    _covered_refusal(board, mask, what)
    return board.with_state(mask, woods.SQUIRREL), cells[0]


def hole_groups(board: Board) -> list[int]:
    """Connected groups of hole cells no animal covers (tokens included), lowest cell first."""
    return components(woods.free_holes(board), woods.GRID)


def put_animal(board: Board, kind: str, shape_text: str, text: str) -> tuple[Board, dict[str, int]]:
    """An animal over hole cells: (board, printed treasures showing under it, by kind). The cells must be
    the whole connected group of free holes, of the animal's shape (turned or flipped), with no token."""
    what = f"the {kind} animal"
    cells, _ = parse_cells(text, what)
    mask = _mask(cells, what, "IS-ANIMAL-1")
    off = mask & ~woods.free_holes(board)
    if off:
        where = " ".join(f"{r},{c}" for r, c in woods.GRID.cells(off))
        raise IllegalMove("IS-ANIMAL-1", f"{what} goes only on hole cells; {where} "
                          f"{'is' if off.bit_count() == 1 else 'are'} not (a free hole).")
    tokens = mask & woods.token_cells(board)
    if tokens:
        where = " ".join(f"{r},{c}" for r, c in woods.GRID.cells(tokens))
        raise IllegalMove("IS-ANIMAL-1", f"{what} may not go on a cell holding a treasure token ({where}).")
    group = next(g for g in hole_groups(board) if g & mask)
    if group != mask:
        raise IllegalMove("IS-ANIMAL-1", f"{what} must match the whole connected group of holes: that group has "
                          f"{group.bit_count()} cells, the animal {len(cells)}.")
    try:
        shape = Shape.parse(shape_text)
    except GardenError as err:
        raise IllegalMove("IS-ANIMAL-1", f"{what}: shape {shape_text!r}: {err}") from None
    if not Shape.from_cells(cells).congruent(shape, True):
        raise IllegalMove("IS-ANIMAL-1", f"{what}: the holes {text} do not form its shape {shape_text!r} "
                          "(turned or flipped).")
    shows = {k: (board.mask(woods.SHOWS[k]) & mask).bit_count() for k in woods.TREASURES}
    return board.with_state(mask, woods.ANIMAL), {k: n for k, n in shows.items() if n}


class Offer(NamedTuple):
    kind: str
    mask: int
    blocked: bool  # a token lies on one of the holes: not yet (complete the region first)

    @property
    def cells(self) -> list[Cell]:
        return woods.GRID.cells(self.mask)


def animal_offers(board: Board, shapes: dict[str, Shape]) -> list[Offer]:
    """Groups of free holes whose outline is an animal's shape (the kinds whose shape is known)."""
    out = []
    tokens = woods.token_cells(board)
    for group in hole_groups(board):
        n = group.bit_count()
        if n < 3 or n > 4:
            continue
        outline = Shape.from_cells(woods.GRID.cells(group))
        for kind, shape in shapes.items():
            if shape.size == n and outline.congruent(shape, True):
                out.append(Offer(kind, group, bool(group & tokens)))
    return out


# -- the set-up's boards in text (game-record headers): "Ann:NAME=LAYOUT;Ben:NAME=LAYOUT" ---------

def sides_text(sides: dict[str, dict[str, str]]) -> str:
    return ";".join(f"{who}:{s['name']}={s['layout']}" for who, s in sides.items())


def sides_from_text(text: str) -> dict[str, dict[str, str]]:
    out = {}
    for chunk in filter(None, text.split(";")):
        who, sep, rest = chunk.partition(":")
        name, sep2, layout = rest.partition("=")
        if not sep or not sep2:
            raise GardenError(f"woods {chunk!r}: write PLAYER:NAME=LAYOUT")
        out[who] = {"name": name, "layout": layout}
    return out
