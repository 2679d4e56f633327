"""Board designs: a name -> grid size, printed layout and art style.

A design is fully determined by its name, so the calibration photo and every
game photo of "bed-1-light" show the same board. The real layouts of the
published boards are unknown (rules/components.md); these are samples.

Names:
  Cottage Garden flower beds: "bed-<n>-light" / "bed-<n>-dark" (5x5). Any
  other name not starting with "wood" is also a flower bed; it is a dark side
  when the name contains "dark".
  Indian Summer woodland boards: "woodland-<n>-a" / "woodland-<n>-b" (any
  name starting with "wood"): rows=9, cols=8, six regions of 3 rows x 4 cols.
  rules/indian-summer.md says "9x8 cells, 6 regions of 3x4 cells" without
  naming which side is which; we read it as 9 rows by 8 columns, which is the
  only way six 3x4 regions tile it with the 4-long side along the columns
  (3 region-rows x 2 region-columns).

Layout strings: one character per cell, rows joined by "/".
  Cottage Garden: "." empty, "P" printed flowerpot, "C" printed cloche.
  Indian Summer: "." none, "B" blueberry, "N" nut, "M" mushroom, "F" feather.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .rng import stream

COTTAGE = "cottage"
WOODLAND = "woodland"

CELL_NAMES = {
    ".": "empty",
    "P": "pot",
    "C": "cloche",
    "B": "blueberry",
    "N": "nut",
    "M": "mushroom",
    "F": "feather",
}

# per side of a woodland board (rules/indian-summer.md)
WOODLAND_TREASURES = {"B": 10, "N": 7, "M": 3, "F": 1}
WOODLAND_REGION = (3, 4)  # rows x cols of one region

SAMPLE_DESIGNS = (
    "bed-1-light", "bed-1-dark", "bed-2-light", "bed-2-dark", "bed-3-light", "bed-3-dark",
)
SAMPLE_WOODLAND = ("woodland-1-a", "woodland-1-b", "woodland-2-a", "woodland-2-b")


@dataclass(frozen=True)
class BoardDesign:
    name: str
    game: str  # COTTAGE | WOODLAND
    side: str  # "light" | "dark" (cottage) or "a" | "b" (woodland)
    rows: int
    cols: int
    layout: str
    frame: float  # printed frame width around the cell grid, in cells
    thickness: float  # board thickness, in cells
    corner_radius: float  # outer corner rounding, in cells
    style: dict = field(default_factory=dict, compare=False, hash=False)

    @property
    def grid(self) -> list[str]:
        return self.layout.split("/")

    def cell(self, r: int, c: int) -> str:
        """Printed content of a cell as a truth word ("empty", "pot", ...)."""
        return CELL_NAMES[self.grid[r][c]]


def _layout_string(chars: list[str], rows: int, cols: int) -> str:
    return "/".join("".join(chars[r * cols:(r + 1) * cols]) for r in range(rows))


def _cottage_layout(name: str, dark: bool) -> str:
    rng = stream("design", name, "layout")
    if dark:
        pots, cloches = int(rng.integers(1, 4)), int(rng.integers(4, 7))
    else:
        pots, cloches = int(rng.integers(4, 7)), int(rng.integers(1, 4))
    chars = ["."] * 25
    cells = rng.permutation(25)
    for i in cells[:pots]:
        chars[i] = "P"
    for i in cells[pots:pots + cloches]:
        chars[i] = "C"
    return _layout_string(chars, 5, 5)


def _woodland_layout(name: str) -> str:
    rng = stream("design", name, "layout")
    chars = ["."] * 72
    cells = list(rng.permutation(72))
    for sym, n in WOODLAND_TREASURES.items():
        for _ in range(n):
            chars[cells.pop()] = sym
    return _layout_string(chars, 9, 8)


def _style(name: str, game: str, dark: bool) -> dict:
    """Art choices of a design (consumed by board_art)."""
    rng = stream("design", name, "style")
    s: dict = {}
    s["grid_lines"] = str(rng.choice(["none", "dark", "light", "groove", "dashed"],
                                      p=[0.25, 0.3, 0.15, 0.2, 0.1]))
    s["grid_width"] = float(rng.uniform(0.008, 0.04))
    s["frame_style"] = str(rng.choice(["planks", "stone", "hedge", "solid", "bricks"]))
    s["symbol_badge"] = str(rng.choice(["none", "circle", "square"], p=[0.5, 0.3, 0.2]))
    s["symbol_outline"] = bool(rng.random() < 0.6)
    s["symbol_scale"] = float(rng.uniform(0.5, 0.78))
    s["frame_text"] = bool(rng.random() < 0.4)
    if game == COTTAGE:
        pool = ["soil", "grass", "foliage", "mulch", "gravel", "moss", "clover"]
        k = int(rng.integers(2, 5))
        s["materials"] = [str(m) for m in rng.choice(pool, size=k, replace=False)]
        s["bed_look"] = str(rng.choice(["patchwork", "rows", "uniform"], p=[0.5, 0.25, 0.25]))
    else:
        pool = ["litter", "moss", "needles", "earth", "grass", "ferns"]
        s["materials"] = [str(m) for m in rng.choice(pool, size=6, replace=True)]
        s["region_lines"] = str(rng.choice(["path", "dark", "none"], p=[0.4, 0.4, 0.2]))
    s["darkness"] = float(rng.uniform(0.5, 0.75)) if dark else float(rng.uniform(0.95, 1.15))
    s["hue_shift"] = float(rng.uniform(-12, 12))
    s["saturation"] = float(rng.uniform(0.55, 0.9)) if dark else float(rng.uniform(0.8, 1.15))
    return s


#: the `garden` game whose profile each kind of board gets (`garden calibrate --game`)
GARDEN_GAMES = {COTTAGE: "cottage-garden", WOODLAND: "indian-summer"}


def _kind(name: str) -> str:
    """COTTAGE or WOODLAND, by the name (see the module's docstring)."""
    return WOODLAND if name.lower().startswith("wood") else COTTAGE


def garden_game(name: str) -> str:
    """The `garden` game a design's board is calibrated for."""
    return GARDEN_GAMES[_kind(name)]


def get_design(name: str) -> BoardDesign:
    """The design of that name (deterministic)."""
    if not name or not isinstance(name, str):
        raise ValueError("a design needs a non-empty name")
    rng = stream("design", name, "shape")
    lower = name.lower()
    if _kind(name) == WOODLAND:
        side = "b" if lower.endswith("-b") else "a"
        return BoardDesign(
            name=name, game=WOODLAND, side=side, rows=9, cols=8,
            layout=_woodland_layout(name),
            frame=float(rng.uniform(0.18, 0.5)), thickness=float(rng.uniform(0.05, 0.11)),
            corner_radius=float(rng.uniform(0.0, 0.2)),
            style=_style(name, WOODLAND, side == "b"),
        )
    dark = "dark" in lower
    return BoardDesign(
        name=name, game=COTTAGE, side="dark" if dark else "light", rows=5, cols=5,
        layout=_cottage_layout(name, dark),
        frame=float(rng.uniform(0.2, 0.6)), thickness=float(rng.uniform(0.04, 0.09)),
        corner_radius=float(rng.uniform(0.0, 0.25)),
        style=_style(name, COTTAGE, dark),
    )


def printed_cells(design: BoardDesign) -> list[list[str]]:
    """Truth words of the printed layout, row by row."""
    return [[design.cell(r, c) for c in range(design.cols)] for r in range(design.rows)]
