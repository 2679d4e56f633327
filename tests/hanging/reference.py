"""Brute-force references for The Hanging Gardens' garden, written apart from the game: a card
turned by explicit index arithmetic, every offset of a wide window tried, areas by union-find."""

from __future__ import annotations

Cell = tuple[int, int]


def turned(layout: str, quarter_turns: int) -> dict[Cell, str]:
    """The card's cells after `quarter_turns` clockwise turns, top-left at 0,0."""
    grid = [list(row) for row in layout.split("/")]
    for _ in range(quarter_turns):
        rows, cols = len(grid), len(grid[0])
        grid = [[grid[rows - 1 - r][c] for r in range(rows)] for c in range(cols)]
    return {(r, c): ch for r, row in enumerate(grid) for c, ch in enumerate(row)}


def legal(top: dict[Cell, str], temples: set[Cell], cells: dict[Cell, str]) -> bool:
    if not any(c in top for c in cells):
        return False
    if any(ch != "." and c not in top for c, ch in cells.items()):
        return False
    return not any(c in temples for c in cells)


def placements(top: dict[Cell, str], temples: set[Cell], layout: str) -> set[frozenset]:
    """Every legal placement as the set of (cell, letter) it lays; turns giving the same one count once."""
    rows = [r for r, _ in top]
    cols = [c for _, c in top]
    found = set()
    for k in range(4):
        card = turned(layout, k)
        for dr in range(min(rows) - 4, max(rows) + 4):
            for dc in range(min(cols) - 4, max(cols) + 4):
                cells = {(r + dr, c + dc): ch for (r, c), ch in card.items()}
                if legal(top, temples, cells):
                    found.add(frozenset(cells.items()))
    return found


def areas(top: dict[Cell, str]) -> set[tuple[str, frozenset]]:
    """(letter, cells) of every area of one theme, by union-find over edge-sharing cells."""
    parent = {c: c for c, ch in top.items() if ch != "."}

    def root(c: Cell) -> Cell:
        while parent[c] != c:
            parent[c] = parent[parent[c]]
            c = parent[c]
        return c

    for (r, c) in list(parent):
        for nb in ((r + 1, c), (r, c + 1)):
            if nb in parent and top[nb] == top[(r, c)]:
                parent[root(nb)] = root((r, c))
    groups: dict[Cell, set] = {}
    for c in parent:
        groups.setdefault(root(c), set()).add(c)
    return {(top[next(iter(g))], frozenset(g)) for g in groups.values()}
