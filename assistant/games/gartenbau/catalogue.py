"""The tiles of the user's Gartenbau box (no source gives them): seedling tiles (the two seedling
kinds each shows, and the 15 marked for 3-4 players), plant tiles (colour, the two seedlings
needed, cost, points) and flower tiles (colours required, points). Kept in
$GARDEN_HOME/catalogue/gartenbau_*.json, validated on every load. A tile not yet defined can be
written inline where it is played:

    seedling  carrot+pea
    plant     carrot+pea:2s1w:3        (its colour is the stack's)
    flower    red+blue:5
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, NamedTuple

from assistant.data import catalogue_files as files
from assistant.errors import UsageError
from assistant.games.gartenbau.components import COLOUR, parse_kinds, parse_resources

TILE_ID = r"^[A-Za-z0-9][A-Za-z0-9_-]{0,15}$"
_CACHE: dict[tuple, dict[str, Any]] = {}


class Seedling(NamedTuple):
    id: str
    kinds: tuple[str, str]
    marked: bool = False  # for 3-4 players only


class Plant(NamedTuple):
    id: str
    colour: str
    needs: tuple[str, str]
    cost: tuple[int, int]  # sun, water
    points: int


class Flower(NamedTuple):
    id: str
    colours: tuple[str, ...]
    points: int


def _ident(raw: dict[str, Any]) -> str:
    ident = raw.get("id")
    if not isinstance(ident, str) or not re.match(TILE_ID, ident):
        raise ValueError(f"id {ident!r}: letters, digits, - or _ (up to 16)")
    return ident.upper()


def _points(value: Any) -> int:
    if type(value) is not int or not 0 <= value <= 99:
        raise ValueError(f"points {value!r}: a whole number from 0 to 99")
    return value


def _colour(value: Any) -> str:
    if not isinstance(value, str) or not re.match(COLOUR, value.lower()):
        raise ValueError(f"colour {value!r}: a word, e.g. red")
    return value.lower()


def _usage(fn, *args):
    try:
        return fn(*args)
    except UsageError as err:
        raise ValueError(str(err)) from None


def _parse_seedling(raw: Any, source: str, shipped: Any) -> Seedling:
    files.check_fields(raw, {"id", "kinds", "marked", "note"})
    if not isinstance(raw.get("marked", False), bool):
        raise ValueError("marked must be true or false")
    return Seedling(_ident(raw), _usage(parse_kinds, raw.get("kinds", ""), "kinds"), raw.get("marked", False))


def _parse_plant(raw: Any, source: str, shipped: Any) -> Plant:
    files.check_fields(raw, {"id", "colour", "needs", "cost", "points", "note"})
    return Plant(_ident(raw), _colour(raw.get("colour")), _usage(parse_kinds, raw.get("needs", ""), "needs"),
                 _usage(parse_resources, raw.get("cost", ""), "cost"), _points(raw.get("points")))


def _parse_flower(raw: Any, source: str, shipped: Any) -> Flower:
    files.check_fields(raw, {"id", "colours", "points", "note"})
    colours = raw.get("colours")
    if not isinstance(colours, str) or not colours:
        raise ValueError("colours: the plant colours it needs, e.g. red+blue")
    return Flower(_ident(raw), tuple(_colour(c) for c in colours.split("+")), _points(raw.get("points")))


KINDS_OF = {"seedling": ("gartenbau_seedlings.json", "seedlings", _parse_seedling),
            "plant": ("gartenbau_plants.json", "plants", _parse_plant),
            "flower": ("gartenbau_flowers.json", "flowers", _parse_flower)}


def path(kind: str, home: Path | None = None) -> Path:
    return files.user_dir(home) / KINDS_OF[kind][0]


def load(kind: str, home: Path | None = None) -> dict[str, Any]:
    """The user's tiles of one kind by id, in file order."""
    name, key, parse = KINDS_OF[kind]
    return files.user_entries(path(kind, home), _CACHE,
                              lambda p: files.load_entries(p, key, "id", parse, "user", None))


def define(kind: str, entry: dict[str, Any], home: Path | None = None) -> Any:
    """Store (or replace) one tile; UsageError naming what is wrong."""
    name, key, parse = KINDS_OF[kind]
    try:
        spec = parse(entry, "user", None)
    except ValueError as err:
        raise UsageError(f"{kind} {entry.get('id')}: {err}") from None
    files.replace_entry(path(kind, home), key, "id", {**entry, "id": spec.id}, "gartenbau",
                        f"Gartenbau: {key} of your box.", lambda: load(kind, home))
    return spec


def seedling(text: str, home: Path | None = None) -> tuple[str, tuple[str, str], bool]:
    """(catalogue id or '', kinds, marked) of a seedling tile named by id or written KIND+KIND."""
    if "+" in text:
        return "", parse_kinds(text), False
    spec = _find("seedling", text, home, "KIND+KIND, e.g. carrot+pea")
    return spec.id, spec.kinds, spec.marked


def plant(text: str, colour: str, home: Path | None = None) -> Plant:
    """A plant tile named by id or written KIND+KIND:COST:POINTS (its colour the stack's)."""
    if ":" in text:
        parts = text.split(":")
        if len(parts) != 3 or not parts[2].isdigit():
            raise UsageError(f"--tile {text!r}: write the plant as KIND+KIND:COST:POINTS, e.g. carrot+pea:2s1w:3 "
                             "[GB-COMP-1]")
        return Plant("", colour, parse_kinds(parts[0], "--tile"), parse_resources(parts[1], "--tile cost"),
                     int(parts[2]))
    spec = _find("plant", text, home, "KIND+KIND:COST:POINTS, e.g. carrot+pea:2s1w:3")
    if spec.colour != colour:
        raise UsageError(f"plant {spec.id} is {spec.colour}, not in the {colour} stack [GB-PLANT-1]")
    return spec


def flower(text: str, home: Path | None = None) -> Flower:
    """A flower tile named by id or written COLOUR+COLOUR:POINTS."""
    if ":" in text:
        colours, _, points = text.rpartition(":")
        if not points.isdigit() or not colours:
            raise UsageError(f"flower {text!r}: write it as COLOUR+COLOUR:POINTS, e.g. red+blue:5 [GB-COMP-1]")
        try:
            return Flower("", tuple(_colour(c) for c in colours.split("+")), int(points))
        except ValueError as err:
            raise UsageError(f"flower {text!r}: {err} [GB-COMP-1]") from None
    return _find("flower", text, home, "COLOUR+COLOUR:POINTS, e.g. red+blue:5")


def _find(kind: str, text: str, home: Path | None, inline: str) -> Any:
    found = load(kind, home)
    ident = text.strip().upper()
    if ident not in found:
        raise UsageError(f"{kind} {text!r} is not in your catalogue (garden {kind}s define ...); or write it "
                         f"inline: {inline} [GB-COMP-1]")
    return found[ident]


def stack(colour: str, players: int, taken: tuple[str, ...], home: Path | None = None) -> list[Plant]:
    """The catalogue's plant tiles of a colour still in their stack, top first (lowest value first;
    with 2 players the tiles worth 3 are out)."""
    tiles = [p for p in load("plant", home).values() if p.colour == colour and p.id not in taken]
    if players == 2:
        tiles = [p for p in tiles if p.points != 3]
    return sorted(tiles, key=lambda p: p.points)
