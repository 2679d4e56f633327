"""Gartenbau's components as far as any source gives them (../shared/rules/components.md), and
the written forms of its pieces.

Unknown in every source, so the user's data (catalogue.py, market.py): which seedling kinds each
seedling tile shows, each plant tile's colour, needs, cost and points, each flower's colours
and points, where the circles lie among the market's petals, what each petal shows and its power.
"""

from __future__ import annotations

import re

from assistant.errors import UsageError

SEEDLING_TILES = 72
MARKED = 15  # marked for 3-4 players: out with 2
KINDS = 6  # seedling kinds
PER_PETAL = 9
#: seedling tiles in play and petals, by player count (2: the 15 marked and 3 more out; 3: 9 out)
IN_PLAY: dict[int, int] = {2: SEEDLING_TILES - MARKED - 3, 3: SEEDLING_TILES - 9, 4: SEEDLING_TILES}
PETALS: dict[int, int] = {n: tiles // PER_PETAL for n, tiles in IN_PLAY.items()}
START_SUN, START_WATER = 2, 2
HOLD = 10  # resources a player may hold at the end of a turn
FLOWER_GAIN = 3
TOKEN_POINTS = 2  # an unused flowerpot or watering can
ENDING_PETALS = 4  # empty petals that trigger the end
RESOURCES = ("sun", "water")
LAYERS = ("seedling", "plant", "flower")
#: the advanced flower draft by player count: stacks of 2 taken each, flowers discarded after
DRAFT: dict[int, tuple[int, int]] = {2: (4, 2), 3: (3, 1), 4: (3, 1)}
ADVANCED_FLOWERS = 24

KIND = r"^[a-z][a-z0-9-]{0,15}$"
COLOUR = r"^[a-z][a-z-]{0,15}$"


def parse_kinds(text: str, what: str = "--tile") -> tuple[str, str]:
    """Two seedling kinds 'KIND+KIND' (the user's names for them, e.g. carrot+pea)."""
    kinds = [k.strip().lower() for k in str(text).split("+")]
    if len(kinds) != 2 or not all(re.match(KIND, k) for k in kinds):
        raise UsageError(f"{what} {text!r}: write the two seedlings as KIND+KIND, e.g. carrot+pea [GB-COMP-1]")
    return kinds[0], kinds[1]


def parse_resources(text: str, what: str) -> tuple[int, int]:
    """(sun, water) from '2s1w', '2sun', '1w', '0' or a comma list 'sun,water,sun'."""
    raw = str(text).strip().lower().replace(" ", "")
    if raw in ("", "0", "-"):
        return 0, 0
    if "," in raw or raw in RESOURCES:
        words = raw.split(",")
        if not all(w in RESOURCES for w in words):
            raise UsageError(f"{what} {text!r}: name each resource sun or water, e.g. sun,water,sun")
        return words.count("sun"), words.count("water")
    found = re.fullmatch(r"(?:(\d+)s(?:un)?)?(?:(\d+)w(?:ater)?)?", raw)
    if not found or not any(found.groups()):
        raise UsageError(f"{what} {text!r}: write sun and water as 2s1w (or 2sun, 1w)")
    return int(found.group(1) or 0), int(found.group(2) or 0)


def resources_text(sun: int, water: int) -> str:
    parts = [f"{sun} sun"] if sun else []
    parts += [f"{water} water"] if water else []
    return " and ".join(parts) or "nothing"


def short_resources(sun: int, water: int) -> str:
    return (f"{sun}s" if sun else "") + (f"{water}w" if water else "") or "0"
