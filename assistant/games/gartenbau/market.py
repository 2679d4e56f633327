"""The market's ring: its spaces clockwise from the start circle, as the user enters them for
their box (no source says where the circles lie among the petals, nor what each petal shows).

Written "S P C P C ...": S the start circle (first, once), P a petal, C a circle; a petal may
carry the resources printed on it, "P1s1w", for the option that takes them. The ring of a player
count has that count's petals (6, 7 or 8). Kept in $GARDEN_HOME/catalogue/gartenbau_market.json;
a game keeps the ring it started with in its set-up, so a record replays without the file.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, NamedTuple

from assistant.data import catalogue_files as files
from assistant.errors import UsageError
from assistant.games.gartenbau.components import PETALS, parse_resources

FILE = "gartenbau_market.json"
KEY = "rings"
ABOUT = "Gartenbau: the market ring of each player count, clockwise from the start circle (S start, P petal " \
        "with the resources it shows, C circle)."
_CACHE: dict[tuple, dict[str, Any]] = {}


class Space(NamedTuple):
    kind: str  # "S", "P" or "C"
    shows: tuple[int, int] | None = None  # a petal's printed (sun, water); None: not given


def parse_ring(text: str, players: int) -> tuple[Space, ...]:
    """The ring's spaces; UsageError naming what is wrong [GB-MARKET-1]."""
    tokens = str(text).upper().split()
    if not tokens or tokens[0] != "S" or tokens.count("S") != 1:
        raise UsageError(f"ring {text!r}: start with the start circle S (once), then P and C clockwise [GB-MARKET-1]")
    spaces = []
    for token in tokens:
        found = re.fullmatch(r"([SPC])(.*)", token)
        if not found or (found.group(2) and found.group(1) != "P"):
            raise UsageError(f"ring {text!r}: {token!r} is not S, C or a petal P (P1s1w: what it shows) [GB-MARKET-1]")
        shows = parse_resources(found.group(2).lower(), f"petal {token}") if found.group(2) else None
        spaces.append(Space(found.group(1), shows))
    petals = sum(s.kind == "P" for s in spaces)
    if players not in PETALS:
        raise UsageError(f"Gartenbau takes 2 to 4 players, not {players} [GB-SETUP-1]")
    if petals != PETALS[players]:
        raise UsageError(f"ring {text!r}: {players} players play with {PETALS[players]} petals (9 seedling tiles "
                         f"each), not {petals} [GB-MARKET-1]")
    if not any(s.kind == "C" for s in spaces):
        raise UsageError(f"ring {text!r}: the plant and flower actions need circles (C) [GB-MARKET-1]")
    return tuple(spaces)


def ring_text(spaces: tuple[Space, ...]) -> str:
    return " ".join(s.kind + (_shows(s.shows) if s.shows else "") for s in spaces)


def _shows(shows: tuple[int, int]) -> str:
    sun, water = shows
    return (f"{sun}s" if sun else "") + (f"{water}w" if water else "") or "0"


class RingEntry(NamedTuple):
    players: str
    ring: str


def _parse(raw: Any, source: str, shipped: Any) -> RingEntry:
    files.check_fields(raw, {"players", "ring", "note"})
    players = raw.get("players")
    if type(players) is not int:
        raise ValueError("players must be 2, 3 or 4")
    try:
        spaces = parse_ring(raw.get("ring", ""), players)
    except UsageError as err:
        raise ValueError(str(err)) from None
    return RingEntry(str(players), ring_text(spaces))


def path(home: Path | None = None) -> Path:
    return files.user_dir(home) / FILE


def rings(home: Path | None = None) -> dict[str, RingEntry]:
    return files.user_entries(path(home), _CACHE,
                              lambda p: files.load_entries(p, KEY, "players", _parse, "user", None))


def ring_for(players: int, home: Path | None = None) -> str:
    """The ring the user defined for this player count, or '' (movement then goes unchecked)."""
    entry = rings(home).get(str(players))
    return entry.ring if entry else ""


def define(players: int, text: str, home: Path | None = None) -> str:
    ring = ring_text(parse_ring(text, players))
    files.replace_entry(path(home), KEY, "players", {"players": players, "ring": ring}, "gartenbau", ABOUT,
                        lambda: rings(home))
    return ring
