"""Brute-force references for the grid tests, written apart from the engine.

Nothing here uses bitmasks or the engine's normalisation: shapes are sets of
(row, col), the eight symmetries are applied as 2x2 integer matrices
(counter-clockwise, mirrored top-bottom -- the other way round from the
engine), and every offset in a generous window is simply tried.
"""

from __future__ import annotations

from collections.abc import Iterable

Cell = tuple[int, int]
Placed = frozenset[tuple[Cell, str | None]]

# The dihedral group of the square as matrices ((a, b), (c, d)): (r, c) -> (a*r + b*c, c*r + d*c).
ROTATIONS = [((1, 0), (0, 1)), ((0, -1), (1, 0)), ((-1, 0), (0, -1)), ((0, 1), (-1, 0))]
MIRROR = ((-1, 0), (0, 1))


def _mul(m, n):
    return tuple(
        tuple(sum(m[i][k] * n[k][j] for k in range(2)) for j in range(2)) for i in range(2)
    )


def symmetries(flip: bool) -> list:
    mats = list(ROTATIONS)
    if flip:
        mats += [_mul(rot, MIRROR) for rot in ROTATIONS]
    return mats


def text_cells(text: str) -> set[Cell]:
    return {
        (r, c)
        for r, row in enumerate(text.split("/"))
        for c, ch in enumerate(row)
        if ch == "#"
    }


def brute_placements(
    cells: Iterable[Cell],
    marks: dict[Cell, str] | None,
    rows: int,
    cols: int,
    allowed: set[Cell] | None = None,
    *,
    flip: bool = True,
    mark_allowed: dict[str, set[Cell]] | None = None,
) -> set[Placed]:
    """Every distinct placement as a frozenset of (board cell, mark or None)."""
    marks = marks or {}
    mark_allowed = mark_allowed or {}
    board = {(r, c) for r in range(rows) for c in range(cols)}
    if allowed is None:
        allowed = board
    shape = [(cell, marks.get(cell)) for cell in cells]
    reach = max(max(abs(r), abs(c)) for (r, c), _ in shape) + max(rows, cols) + 1
    found: set[Placed] = set()
    for (a, b), (c_, d) in symmetries(flip):
        moved = [((a * r + b * c, c_ * r + d * c), m) for (r, c), m in shape]
        for dr in range(-reach, reach + 1):
            for dc in range(-reach, reach + 1):
                placed = []
                for (r, c), m in moved:
                    cell = (r + dr, c + dc)
                    ok_cells = mark_allowed.get(m, allowed) if m is not None else allowed
                    if cell not in board or cell not in ok_cells:
                        break
                    placed.append((cell, m))
                else:
                    found.add(frozenset(placed))
    return found


def as_placed(placement) -> Placed:
    """An engine Placement in the reference's form."""
    marks = placement.marks
    return frozenset((cell, marks.get(cell)) for cell in placement.cells)


def cells_of(mask: int, cols: int) -> set[Cell]:
    return {divmod(i, cols) for i in range(mask.bit_length()) if mask >> i & 1}


def mask_of(cells: Iterable[Cell], cols: int) -> int:
    return sum(1 << (r * cols + c) for r, c in set(cells))


def brute_components(cells: set[Cell]) -> list[set[Cell]]:
    left = set(cells)
    parts = []
    while left:
        stack = [left.pop()]
        part = set(stack)
        while stack:
            r, c = stack.pop()
            for nb in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if nb in left:
                    left.remove(nb)
                    part.add(nb)
                    stack.append(nb)
        parts.append(part)
    return parts


def brute_perimeter(cells: set[Cell], rows: int, cols: int, board_edges: bool = True) -> int:
    count = 0
    for r, c in cells:
        for nb in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            on_board = 0 <= nb[0] < rows and 0 <= nb[1] < cols
            if nb in cells:
                continue
            if on_board or board_edges:
                count += 1
    return count


def fixed_polyominoes(n: int) -> set[frozenset[Cell]]:
    """All fixed polyominoes of n cells (translation classes), grown cell by cell."""

    def norm(cells):
        top = min(r for r, _ in cells)
        left = min(c for _, c in cells)
        return frozenset((r - top, c - left) for r, c in cells)

    level = {frozenset({(0, 0)})}
    for _ in range(n - 1):
        nxt = set()
        for poly in level:
            for r, c in poly:
                for nb in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                    if nb not in poly:
                        nxt.add(norm(poly | {nb}))
        level = nxt
    return level


def draw(cells: Iterable[Cell]) -> str:
    cells = set(cells)
    h = max(r for r, _ in cells) + 1
    w = max(c for _, c in cells) + 1
    return "/".join("".join("#" if (r, c) in cells else "." for c in range(w)) for r in range(h))
