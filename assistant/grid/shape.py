"""Polyomino shapes: text form, marks on cells, and distinct orientations.

Text: rows split by '/', '#' a cell, '.' a gap -- ``"##/#."`` is an L of
three. Marks (a printed pot, a leaf's hole, ...) are given apart from the
text, keyed by (row, col) in the text, and travel with their cell through
every rotation and flip.

Orientation names: "r0", "r90", "r180", "r270" turn the shape clockwise (as
seen from above, row 0 at the top); "flip" mirrors it left-right, and
"flip+r90" mirrors first, then turns. A shape's distinct orientations are the
eight transforms in that order with repeats dropped, so an orientation's index
is stable, and the same with flipping on or off (rotations come first).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache

from assistant.errors import GardenError, UsageError
from assistant.grid.bitboard import Cell

TRANSFORMS: tuple[str, ...] = (
    "r0", "r90", "r180", "r270", "flip", "flip+r90", "flip+r180", "flip+r270",
)
_TRANSFORM_INDEX = {name: i for i, name in enumerate(TRANSFORMS)}
_TRANSFORM_INDEX["flip+r0"] = _TRANSFORM_INDEX["flip"]

# The conventional mark for a cut-out cell that shows the cell beneath it
# (Indian Summer leaves). The engine treats it like any other mark.
HOLE = "hole"

Marks = Mapping[Cell, str] | Iterable[tuple[Cell, str]]


def _transform_cell(cell: Cell, k: int) -> Cell:
    """Apply TRANSFORMS[k] to one cell (unnormalised)."""
    r, c = cell
    if k >= 4:
        c = -c
    for _ in range(k % 4):
        r, c = c, -r  # clockwise quarter turn: right -> down -> left
    return r, c


def _connected(cells: frozenset[Cell]) -> bool:
    start = next(iter(cells))
    seen = {start}
    todo = [start]
    while todo:
        r, c = todo.pop()
        for nb in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if nb in cells and nb not in seen:
                seen.add(nb)
                todo.append(nb)
    return len(seen) == len(cells)


def _marks_items(marks: Marks | None) -> list[tuple[Cell, str]]:
    if marks is None:
        return []
    return list(marks.items()) if isinstance(marks, Mapping) else list(marks)


def _render(cells: Iterable[Cell]) -> str:
    cells = set(cells)
    height = max(r for r, _ in cells) + 1
    width = max(c for _, c in cells) + 1
    return "/".join(
        "".join("#" if (r, c) in cells else "." for c in range(width)) for r in range(height)
    )


@dataclass(frozen=True)
class Shape:
    """A connected polyomino with optional marks, normalised to top-left (0, 0).

    Build with `Shape.parse` (text) or `Shape.from_cells`; equality and hash
    look at cells and marks only, not at `name`.
    """

    cells: tuple[Cell, ...]
    marks: tuple[tuple[Cell, str], ...] = ()
    name: str | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        # One place that validates and normalises, whichever constructor ran.
        raw = list(self.cells)
        if not all(
            isinstance(cell, tuple) and len(cell) == 2 and all(type(v) is int for v in cell)
            for cell in raw
        ):
            raise GardenError(f"shape cells {self.cells!r} are not (row, col) pairs of whole numbers")
        if not raw:
            raise GardenError(f"shape {self.name or '()'} has no cells")
        top = min(r for r, _ in raw)
        left = min(c for _, c in raw)
        cells = frozenset((r - top, c - left) for r, c in raw)
        label = self.name or repr(_render(cells))
        if len(cells) != len(raw):
            raise GardenError(f"shape {label}: a cell is listed twice")
        if not _connected(cells):
            raise GardenError(f"shape {label} is disconnected: every cell must touch another by an edge")
        marks: dict[Cell, str] = {}
        for key, mark in _marks_items(self.marks):
            if not (isinstance(key, tuple) and len(key) == 2 and all(type(v) is int for v in key)):
                raise GardenError(f"shape {label}: mark key {key!r} is not a (row, col) pair")
            if not isinstance(mark, str) or not mark:
                raise GardenError(f"shape {label}: mark at {key} must be a non-empty name, not {mark!r}")
            moved = (key[0] - top, key[1] - left)
            if moved not in cells:
                raise GardenError(f"shape {label}: mark {mark!r} at {key} is not on a cell of the shape")
            if moved in marks:
                raise GardenError(f"shape {label}: two marks at {key}")
            marks[moved] = mark
        object.__setattr__(self, "cells", tuple(sorted(cells)))
        object.__setattr__(self, "marks", tuple(sorted(marks.items())))

    # --- building -------------------------------------------------------

    @classmethod
    def parse(cls, text: str, marks: Marks | None = None, name: str | None = None) -> Shape:
        """Read ``"##/#."``; marks are keyed by (row, col) in the text.

        Rows may differ in length (missing cells are gaps); rows or columns
        of gaps only are trimmed. Malformed text -> GardenError naming it.
        """
        if not isinstance(text, str):
            raise GardenError(f"shape {text!r} is not text")
        if not text:
            raise GardenError("shape '' is empty: draw it with '#' cells, '.' gaps and '/' between rows")
        cells = []
        for r, row in enumerate(text.split("/")):
            if not row:
                raise GardenError(f"shape {text!r}: row {r + 1} is empty")
            for c, ch in enumerate(row):
                if ch == "#":
                    cells.append((r, c))
                elif ch != ".":
                    raise GardenError(
                        f"shape {text!r}: unexpected character {ch!r} at row {r + 1}, "
                        f"column {c + 1} (only '#', '.' and '/' are allowed)"
                    )
        if not cells:
            raise GardenError(f"shape {text!r} has no cells ('#')")
        cell_set = frozenset(cells)
        items = _marks_items(marks)
        for key, mark in items:
            if not (isinstance(key, tuple) and key in cell_set):
                raise GardenError(f"shape {text!r}: mark {mark!r} at {key!r} is not on a '#' cell")
        if not _connected(cell_set):
            raise GardenError(
                f"shape {text!r} is disconnected: every cell must touch another by an edge"
            )
        return cls(tuple(cells), tuple(items), name)

    @classmethod
    def from_cells(
        cls, cells: Iterable[Cell], marks: Marks | None = None, name: str | None = None
    ) -> Shape:
        """A shape from (row, col) cells anywhere; it is moved to top-left (0, 0)."""
        return cls(tuple(cells), tuple(_marks_items(marks)), name)

    # --- reading --------------------------------------------------------

    @property
    def size(self) -> int:
        return len(self.cells)

    @property
    def height(self) -> int:
        return max(r for r, _ in self.cells) + 1

    @property
    def width(self) -> int:
        return max(c for _, c in self.cells) + 1

    @property
    def label(self) -> str:
        """How errors name the shape: its name and/or its text."""
        text = repr(self.to_text())
        return f"{self.name} ({text})" if self.name else text

    def to_text(self) -> str:
        """The text form; ``Shape.parse(s.to_text(), s.mark_map())`` == s."""
        return _render(self.cells)

    def mark_map(self) -> dict[Cell, str]:
        """Marks as {(row, col): mark}."""
        return dict(self.marks)

    def mark_at(self, row: int, col: int) -> str | None:
        return dict(self.marks).get((row, col))

    def __str__(self) -> str:
        text = self.to_text()
        if self.marks:
            text += " " + ", ".join(f"{m}@{r},{c}" for (r, c), m in self.marks)
        return f"{self.name}: {text}" if self.name else text

    # --- orientations ---------------------------------------------------

    def transformed(self, transform: str) -> Shape:
        """The shape after one named transform (e.g. "flip+r90"), normalised."""
        return self._transformed(_transform_key(transform, self))

    def _transformed(self, k: int) -> Shape:
        # A symmetry of a valid shape is valid: skip __post_init__'s checks,
        # which would otherwise dominate the first (cold) placement query.
        cells = [_transform_cell(cell, k) for cell in self.cells]
        marks = [(_transform_cell(cell, k), m) for cell, m in self.marks]
        top = min(r for r, _ in cells)
        left = min(c for _, c in cells)
        shape = object.__new__(Shape)
        object.__setattr__(shape, "cells", tuple(sorted((r - top, c - left) for r, c in cells)))
        object.__setattr__(shape, "marks", tuple(sorted(((r - top, c - left), m) for (r, c), m in marks)))
        object.__setattr__(shape, "name", None)
        return shape

    def orientations(self, flip: bool = True) -> tuple[Orientation, ...]:
        """Distinct orientations (cells and marks), stable order; flip=False keeps rotations."""
        every = _orientations(self)
        return every if flip else tuple(o for o in every if not o.name.startswith("flip"))

    def orientation(self, key: int | str, flip: bool = True) -> Orientation:
        """An orientation by index or by any transform name ("r90", "flip+r180", ...)."""
        options = self.orientations(flip)
        if isinstance(key, bool) or not isinstance(key, (int, str)):
            raise GardenError(f"orientation {key!r} is neither an index nor a name")
        if isinstance(key, int):
            if not 0 <= key < len(options):
                raise GardenError(
                    f"orientation {key} does not exist for shape {self.label}: "
                    f"it has {len(options)} (0-{len(options) - 1})"
                )
            return options[key]
        name = TRANSFORMS[_transform_key(key, self)]
        if not flip and name.startswith("flip"):
            raise GardenError(f"orientation {key!r}: flipping is not allowed here")
        for option in options:
            if name in option.aliases:
                return option
        raise AssertionError("every transform maps to an orientation")  # pragma: no cover

    def canonical(self, flip: bool = True) -> Shape:
        """One representative of the shape's orientations, for comparing outlines."""
        return min((o.shape for o in self.orientations(flip)), key=lambda s: (s.cells, s.marks))

    def congruent(self, other: Shape, flip: bool = True) -> bool:
        """Whether `other` is this shape (with its marks) turned and, if allowed, flipped."""
        return self.size == other.size and self.canonical(flip) == other.canonical(flip)


def _transform_key(name: str, shape: Shape) -> int:
    if not isinstance(name, str) or name.strip().lower() not in _TRANSFORM_INDEX:
        raise UsageError(
            f"orientation {name!r} is unknown for shape {shape.label}: "
            f"use one of {', '.join(TRANSFORMS)} or an index"
        )
    return _TRANSFORM_INDEX[name.strip().lower()]


@dataclass(frozen=True)
class Orientation:
    """One distinct orientation of a shape.

    `index` is its place in `Shape.orientations()`, `name` the first transform
    that gives it, `aliases` every transform that gives it (a square's r0 is
    also its r90, ...), `shape` the oriented, normalised shape with its marks.
    """

    index: int
    name: str
    aliases: tuple[str, ...]
    shape: Shape

    def __str__(self) -> str:
        return self.name


@lru_cache(maxsize=4096)
def _orientations(shape: Shape) -> tuple[Orientation, ...]:
    found: dict[Shape, list[str]] = {}
    for k, name in enumerate(TRANSFORMS):
        found.setdefault(shape._transformed(k), []).append(name)
    return tuple(
        Orientation(i, names[0], tuple(names), oriented)
        for i, (oriented, names) in enumerate(found.items())
    )


def clear_orientations() -> None:
    """Forget the cached orientations of every shape (placement.clear_cache)."""
    _orientations.cache_clear()
