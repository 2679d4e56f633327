"""Indian Summer component counts (rules/components.md) and the small arithmetic on them.

Leaf tiles are known by colour only: shapes and hole cells are UNKNOWN
(components.md), so a tile is named by its colour, which fixes its size.
Treasure counts are 4-tuples in value order: blueberry, nut, mushroom, feather.
"""

from __future__ import annotations

from typing import Literal

Colour = Literal["green", "orange", "red"]
COLOURS: tuple[Colour, ...] = ("green", "orange", "red")
LETTER = {"green": "g", "orange": "o", "red": "r"}
LEAF_SIZE = {"green": 3, "orange": 4, "red": 5}
LEAF_TOTAL = (17, 29, 29)  # 75 leaf tiles, one hole each
_COLOUR_WORDS = {"g": "green", "green": "green", "o": "orange", "orange": "orange", "y": "orange",
                 "yellow": "orange", "r": "red", "red": "red"}

Treasure = Literal["blueberry", "nut", "mushroom", "feather"]
TREASURES: tuple[Treasure, ...] = ("blueberry", "nut", "mushroom", "feather")  # lowest value first
TOKEN_TOTAL = (30, 24, 18, 8)  # 80 treasure tokens
PRINTED = (10, 7, 3, 1)  # printed treasures on a woodland board side (per the seed)
START_HELD = (1, 1, 1, 0)
_TREASURE_WORDS = {"b": "blueberry", "blueberry": "blueberry", "blueberries": "blueberry", "n": "nut", "nut": "nut",
                   "nuts": "nut", "m": "mushroom", "mushroom": "mushroom", "mushrooms": "mushroom", "f": "feather",
                   "feather": "feather", "feathers": "feather"}

SQUIRRELS = 32
ANIMALS = 20
# The seed: 7 kinds of 3- or 4-cell animals, naming the Z, T and O tetrominoes. The other four
# are inferred (rules-vs-seeds 2b): the 7 tri/tetromino shapes with mirror images counted once.
# Counts per kind are UNKNOWN, so only the total of 20 is enforced.
ANIMAL_SIZE = {"i3": 3, "l3": 3, "i4": 4, "o": 4, "t": 4, "z": 4, "l": 4}
STACK_TOKEN = {"z": "blueberry", "t": "nut", "o": "feather"}  # a token on top of these stacks at set-up

BOARD_CELLS = 72  # 9 x 8
REGIONS = 6
REGION_CELLS = 12  # 3 x 4
PATH_SIZE = 5
START_PATH: tuple[Colour, ...] = ("green", "green", "orange", "orange", "red")
RING_LOW = 7  # the common path is topped up when it holds fewer

Counts = tuple[int, ...]


def colour_of(word: str) -> Colour:
    from assistant.errors import UsageError

    colour = _COLOUR_WORDS.get(word.strip().lower())
    if colour is None:
        raise UsageError(f"leaf colour {word!r}: use green (g), orange/yellow (o) or red (r)")
    return colour  # type: ignore[return-value]


def colours_of(text: str) -> tuple[Colour, ...]:
    """'g,o,o' or 'goo' -> colours."""
    text = text.strip()
    if not text or text == "-":
        return ()
    parts = text.split(",") if "," in text else list(text) if all(c in "gory" for c in text.lower()) else [text]
    return tuple(colour_of(p) for p in parts if p.strip())


def treasure_of(word: str) -> Treasure:
    from assistant.errors import UsageError

    kind = _TREASURE_WORDS.get(word.strip().lower())
    if kind is None:
        raise UsageError(f"treasure {word!r}: use blueberry (b), nut (n), mushroom (m) or feather (f)")
    return kind  # type: ignore[return-value]


def treasures_of(text: str) -> tuple[Treasure, ...]:
    text = text.strip()
    if not text or text == "-":
        return ()
    return tuple(treasure_of(p) for p in text.split(",") if p.strip())


def tindex(kind: str) -> int:
    return TREASURES.index(kind)  # type: ignore[arg-type]


def cindex(colour: str) -> int:
    return COLOURS.index(colour)  # type: ignore[arg-type]


def add(counts: Counts, index: int, amount: int) -> Counts:
    out = list(counts)
    out[index] += amount
    return tuple(out)


def plus(a: Counts, b: Counts) -> Counts:
    return tuple(x + y for x, y in zip(a, b))


def minus(a: Counts, b: Counts) -> Counts:
    return tuple(x - y for x, y in zip(a, b))


def colour_counts(colours: tuple[str, ...] | list[str]) -> Counts:
    return tuple(sum(1 for c in colours if c == k) for k in COLOURS)


def describe(counts: Counts, names: tuple[str, ...] = TREASURES) -> str:
    parts = [f"{n} {name}" for n, name in zip(counts, names) if n]
    return ", ".join(parts) or "nothing"


def short(colours: tuple[str, ...]) -> str:
    return "".join(LETTER[c] for c in colours) or "-"
