"""A player's garden cell by cell: where a card may go, the areas of one theme, what a placement
grows. Pure functions over grid.Stack (the top letter at every covered cell)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import NamedTuple

from assistant.games.hanging_gardens.components import (
    AREA_MIN, BLANK, START_LAYOUT, THEMES, card_cells, card_shape,
)
from assistant.grid import Cell, Stack


class Area(NamedTuple):
    """Orthogonally connected visible cells of one theme, and the temples standing on it."""

    theme: str  # the letter: R, G, Y or B
    cells: frozenset[Cell]
    temples: tuple[Cell, ...]

    @property
    def size(self) -> int:
        return len(self.cells)

    def to_json(self) -> dict:
        return {"theme": THEMES[self.theme], "size": self.size, "cells": [list(c) for c in sorted(self.cells)],
                "temple": list(self.temples[0]) if self.temples else None}


class Placement(NamedTuple):
    at: Cell
    turn: str
    cells: dict[Cell, str]


def start_garden() -> Stack:
    """The start card: 6 blank cells at rows 0-1, columns 0-2."""
    return Stack.of(card_cells(START_LAYOUT, "r0", (0, 0)))


def cells_text(cells: Iterable[Cell]) -> str:
    return " ".join(f"{r},{c}" for r, c in sorted(cells))


def placement_problem(garden: Stack, temples: Iterable[Cell], cells: Mapping[Cell, str]) -> tuple[str, str] | None:
    """(rule id, what is wrong, naming the cells) when a card may not cover `cells`; None when it may."""
    if not garden.covered(cells):
        return "HG-PLACE-3", "the card lies apart from the garden: none of its cells is over an earlier card"
    hanging = [c for c, letter in cells.items() if letter != BLANK and c not in garden.top]
    if hanging:
        return "HG-PLACE-1", f"themed cell(s) {cells_text(hanging)} would hang over the table"
    on_temples = [c for c in temples if c in cells]
    if on_temples:
        return "HG-PLACE-2", f"cell(s) {cells_text(on_temples)} hold a temple and may not be covered"
    return None


def areas(garden: Stack, temples: Iterable[Cell]) -> list[Area]:
    """Every area of one theme, largest first (then by its first cell)."""
    standing = tuple(temples)
    found = [Area(letter, part, tuple(t for t in standing if t in part))
             for letter in THEMES if letter != BLANK for part in garden.parts(letter)]
    return sorted(found, key=lambda a: (-a.size, min(a.cells)))


def area_at(found: Iterable[Area], cell: Cell) -> Area | None:
    return next((a for a in found if cell in a.cells), None)


def grown(found: Iterable[Area], placed: Iterable[Cell]) -> list[Area]:
    """The areas a placement added a visible cell to (it holds a cell of the card just placed)."""
    new = set(placed)
    return [a for a in found if a.cells & new]


def temple_sites(found: Iterable[Area], placed: Iterable[Cell], per_area: bool) -> list[Area]:
    """The grown areas of 3 or more a temple may go on now (one without a temple, when per_area)."""
    return [a for a in grown(found, placed) if a.size >= AREA_MIN and not (per_area and a.temples)]


def placements(garden: Stack, temples: Iterable[Cell], layout: str) -> list[Placement]:
    """Every legal placement of the card, each distinct turn once, row by row."""
    standing = tuple(temples)
    out = []
    for orientation in card_shape(layout).orientations(flip=False):
        shape = orientation.shape
        for at in garden.origins(shape.height, shape.width):
            cells = card_cells(layout, orientation.name, at)
            if placement_problem(garden, standing, cells) is None:
                out.append(Placement(at, orientation.name, cells))
    return out
