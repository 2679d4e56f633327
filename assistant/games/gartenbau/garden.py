"""A Gartenbau garden in three layers: where a seedling tile, a plant or a flower may go. Pure
functions over a player's pieces and grid.Stack (the top piece's index at each cell, the depth
its layer); each check returns what is wrong, in words naming the cells, or None."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from assistant.games.gartenbau.state import Piece, Player
from assistant.grid import Cell, Stack
from assistant.grid.stack import NEIGHBOURS, flood_parts

UNKNOWN = "?"  # a start tile's seedling nobody named


def cells_text(cells: Iterable[Cell]) -> str:
    return "+".join(f"{r},{c}" for r, c in cells)


def domino(at: Cell, turn: str) -> tuple[Cell, Cell]:
    r, c = at
    return ((r, c), (r, c + 1)) if turn == "h" else ((r, c), (r + 1, c))


def start_piece(kinds: str) -> Piece:
    pair = tuple(kinds.split("+")) if kinds else (UNKNOWN, UNKNOWN)
    return Piece("seedling", "start", ((0, 0), (0, 1)), pair)


def laid(garden: Stack, index: int, cells: Iterable[Cell]) -> Stack:
    return garden.lay({cell: str(index) for cell in cells})


def seedling_problem(garden: Stack, cells: tuple[Cell, Cell]) -> str | None:
    taken = garden.covered(cells)
    if taken:
        return f"cell(s) {cells_text(taken)} already hold a tile"
    if not any((r + dr, c + dc) in garden.top for r, c in cells for dr, dc in NEIGHBOURS):
        return f"cells {cells_text(cells)} touch no tile of the garden (a new tile goes orthogonally next to one)"
    return None


def uncovered_seedling(player: Player, cell: Cell) -> tuple[int, Piece] | None:
    found = player.piece_at(cell)
    if found is None or found[1].layer != "seedling":
        return None
    return found


def plant_problem(player: Player, cells: tuple[Cell, ...], needs: tuple[str, str]) -> str | None:
    if len(cells) != 2 or len(set(cells)) != 2:
        return f"a plant covers two cells, not {cells_text(cells)}"
    a, b = cells
    if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
        return f"cells {cells_text(cells)} are not side by side"
    under = []
    for cell in cells:
        found = uncovered_seedling(player, cell)
        if found is None:
            what = "nothing" if player.piece_at(cell) is None else f"a {player.piece_at(cell)[1].layer}"
            return f"cell {cell[0]},{cell[1]} shows {what}, not an uncovered seedling"
        under.append(found)
    if under[0][0] == under[1][0]:
        return f"cells {cells_text(cells)} are the two seedlings of one tile: a plant needs two different tiles"
    shown = [seed_at(p, cell) for (_, p), cell in zip(under, cells)]
    if UNKNOWN in shown:
        return "the start tile's seedlings were not named at set-up (garden new ... --start PLAYER=KIND+KIND)"
    if Counter(shown) != Counter(needs):
        return f"the seedlings there are {'+'.join(shown)}; this plant needs {'+'.join(needs)}"
    return None


def seed_at(piece: Piece, cell: Cell) -> str:
    return piece.kinds[piece.cells.index(cell)]


def flower_problem(player: Player, cells: tuple[Cell, ...], colours: tuple[str, ...]) -> str | None:
    plants: dict[int, Piece] = {}
    for cell in cells:
        found = player.piece_at(cell)
        if found is None or found[1].layer != "plant":
            what = "nothing" if found is None else f"a {found[1].layer}"
            return f"cell {cell[0]},{cell[1]} shows {what}, not an uncovered plant"
        plants[found[0]] = found[1]
    shown = [p.colours[0] for p in plants.values()]
    if Counter(shown) != Counter(colours):
        return f"the plants there are {'+'.join(sorted(shown))}; this flower needs {'+'.join(sorted(colours))}"
    if len(flood_parts({c for p in plants.values() for c in p.cells})) > 1:
        return "the plants it covers are not adjacent to each other"
    return None


def uncovered_plants(player: Player) -> list[Piece]:
    """Plant tiles no flower covers (they score)."""
    return [p for i, p in enumerate(player.pieces) if p.layer == "plant"
            and all(player.garden.label(c) == str(i) for c in p.cells)]


def movable(player: Player, cell: Cell) -> tuple[int, Piece] | None:
    """The uncovered seedling tile at `cell` (both its cells uncovered), for the watering can."""
    found = uncovered_seedling(player, cell)
    if found is None:
        return None
    index, piece = found
    return found if all(player.garden.label(c) == str(index) for c in piece.cells) else None
