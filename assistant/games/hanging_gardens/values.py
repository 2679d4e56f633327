"""What score tiles are worth: the values the sources give (components.md) and those the user
enters for their box (`garden values set NAME POINTS`), kept in
$GARDEN_HOME/catalogue/hanging_values.json and validated on every load.

A series' values are its points for 1, 2, 3, ... tiles; given by the user, the list is the
complete series, and beyond it counting starts again (garden 2, 8, 16: 5 tiles score 16 + 8).
A character's values are its own points by how many tiles of its series its owner holds,
from 0. A value no source gives and the user has not entered is unknown: the tally lists it,
never scores it as 0.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, NamedTuple

from assistant.data import catalogue_files as files
from assistant.errors import UsageError
from assistant.games.hanging_gardens.components import CHARACTERS, SERIES

FILE = "hanging_values.json"
KEY = "values"
ABOUT = "The Hanging Gardens: score tile values of your box (series: points for 1, 2, ... tiles; characters: " \
        "points by tiles of their series held, from 0)."
_CACHE: dict[tuple, dict[str, Any]] = {}


class SeriesValues(NamedTuple):
    points: tuple[int, ...]  # for 1, 2, ... tiles
    complete: bool  # the list is the whole series (beyond it counting starts again)
    source: str  # "rules" or "user"


class CharacterValues(NamedTuple):
    series: str | None  # the series it pairs with (None: unknown)
    points: Mapping[int, int]  # its own points by tiles of that series held
    per_tile: int | None = None  # points per tile, when the rule is a rate (the guard)
    source: str = "rules"
    note: str = ""


#: what the sources give (components.md); everything else is the user's to enter
KNOWN_SERIES: dict[str, SeriesValues] = {
    "garden": SeriesValues((2, 8, 16), True, "rules"),  # complete at 3: 5 tiles score 16 + 8
    "statue": SeriesValues((1, 3, 20), False, "rules"),
    "queen": SeriesValues((1, 15), False, "rules"),
}
KNOWN_CHARACTERS: dict[str, CharacterValues] = {
    "guard": CharacterValues("gate", {}, per_tile=3),
    "gardener": CharacterValues("garden", {1: 3, 4: 11}),
    "animal-handler": CharacterValues(None, {0: 3}, note="10 with a complete set"),
    "sculptor": CharacterValues(None, {}),
    "priest": CharacterValues(None, {}),
}


class Entry(NamedTuple):
    name: str
    points: tuple[int, ...]
    series: str | None = None


def _points(raw: Any) -> tuple[int, ...]:
    if not isinstance(raw, list) or not raw or not all(type(v) is int and 0 <= v <= 999 for v in raw):
        raise ValueError("points must be a list of whole numbers from 0 to 999")
    return tuple(raw)


def check(name: str, points: tuple[int, ...], series: str | None) -> Entry:
    """An entry the sources do not contradict; ValueError naming the fact otherwise."""
    if name in SERIES:
        if series is not None:
            raise ValueError(f"{name} is a series: only a character pairs with a series")
        if len(points) > SERIES[name]:
            raise ValueError(f"the box holds {SERIES[name]} {name} tiles: a series of {len(points)} cannot be complete")
        known = KNOWN_SERIES.get(name)
        if known and (points[:len(known.points)] != known.points[:len(points)] or
                      known.complete and len(points) != len(known.points)):
            raise ValueError(f"{name} is {', '.join(map(str, known.points))}"
                             f"{'' if known.complete else ', ...'} by the rules [HG-SCORE-1]")
        return Entry(name, points)
    if name not in CHARACTERS:
        raise ValueError(f"unknown tile {name!r}: series {', '.join(SERIES)}; characters {', '.join(CHARACTERS)}")
    known_char = KNOWN_CHARACTERS[name]
    pairs = series or known_char.series
    if pairs is None:
        raise ValueError(f"say which series the {name} pairs with (--series SERIES)")
    if pairs not in SERIES:
        raise ValueError(f"{pairs!r} is not a series ({', '.join(SERIES)})")
    if known_char.series is not None and pairs != known_char.series:
        raise ValueError(f"the {name} pairs with the {known_char.series} series by the rules [HG-SCORE-2]")
    if known_char.per_tile is not None:
        raise ValueError(f"the {name} is known: {known_char.per_tile} per {known_char.series} tile [HG-SCORE-2]")
    if len(points) > SERIES[pairs] + 1:
        raise ValueError(f"points go from 0 to {SERIES[pairs]} {pairs} tiles: give at most {SERIES[pairs] + 1}")
    for count, value in known_char.points.items():
        if count < len(points) and points[count] != value:
            raise ValueError(f"the {name} scores {value} with {count} {pairs} tile(s) by the rules [HG-SCORE-2]")
    return Entry(name, points, pairs)


def _parse(raw: Any, source: str, shipped: Any) -> Entry:
    files.check_fields(raw, {"name", "points", "series", "note"})
    name, series = raw.get("name"), raw.get("series")
    if not isinstance(name, str) or series is not None and not isinstance(series, str):
        raise ValueError("name (and series) must be text")
    return check(name, _points(raw.get("points")), series)


def path(home: Path | None = None) -> Path:
    return files.user_dir(home) / FILE


def user(home: Path | None = None) -> dict[str, Entry]:
    return files.user_entries(path(home), _CACHE, lambda p: files.load_entries(p, KEY, "name", _parse, "user", None))


class Values(NamedTuple):
    series: dict[str, SeriesValues | None]
    characters: dict[str, CharacterValues]


def load(home: Path | None = None) -> Values:
    """The sources' values with the user's on top."""
    entries = user(home)
    series: dict[str, SeriesValues | None] = {}
    for name in SERIES:
        given = entries.get(name)
        series[name] = SeriesValues(given.points, True, "user") if given else KNOWN_SERIES.get(name)
    characters = {}
    for name in CHARACTERS:
        given = entries.get(name)
        known = KNOWN_CHARACTERS[name]
        characters[name] = known if given is None else known._replace(
            series=given.series, points={**dict(enumerate(given.points)), **known.points}, source="user")
    return Values(series, characters)


def define(name: str, points_text: str, series: str | None = None, home: Path | None = None) -> Entry:
    """Store the user's values for a series or a character; UsageError naming what is wrong."""
    try:
        points = tuple(int(v) for v in points_text.replace(" ", "").split(","))
    except ValueError:
        raise UsageError(f"values {points_text!r}: write whole numbers split by commas, e.g. 1,4,9") from None
    try:
        entry = check(name.strip().lower(), _points(list(points)), series)
    except ValueError as err:
        raise UsageError(f"values {name}: {err}") from None
    data: dict[str, Any] = {"name": entry.name, "points": list(entry.points)}
    if entry.name in CHARACTERS:
        data["series"] = entry.series
    files.replace_entry(path(home), KEY, "name", data, "hanging-gardens", ABOUT, lambda: user(home))
    return entry


def series_points(values: Values, name: str, count: int) -> int | None:
    """Points for `count` tiles of a series; None when a value it needs is unknown."""
    if count == 0:
        return 0
    known = values.series[name]
    if known is None:
        return None
    size = len(known.points)
    if count <= size:
        return known.points[count - 1]
    if not known.complete:
        return None
    full, rest = divmod(count, size)
    return full * known.points[-1] + (known.points[rest - 1] if rest else 0)


def character_points(values: Values, name: str, tiles: tuple[str, ...]) -> int | None:
    """A character's own points for the tiles its owner holds; None when unknown."""
    known = values.characters[name]
    if known.series is None:
        return None
    held = tiles.count(known.series)
    if known.per_tile is not None:
        return known.per_tile * held
    return known.points.get(held)
