"""The building cards of the user's box (no source gives their layouts): `garden cards define ID
LAYOUT` stores one in $GARDEN_HOME/catalogue/hanging_cards.json, validated on every load."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, NamedTuple

from assistant.data import catalogue_files as files
from assistant.errors import UsageError
from assistant.games.hanging_gardens.components import parse_layout

FILE = "hanging_cards.json"
KEY = "cards"
ABOUT = "The Hanging Gardens: building cards of your box, two rows of three cells (R, G, Y, B, '.')."
CARD_ID = r"^[A-Za-z0-9][A-Za-z0-9_-]{0,15}$"
_CACHE: dict[tuple, dict[str, Any]] = {}


class CardSpec(NamedTuple):
    id: str
    layout: str
    note: str = ""


def _parse(raw: Any, source: str, shipped: Any) -> CardSpec:
    files.check_fields(raw, {"id", "layout", "note"})
    ident = raw.get("id")
    if not isinstance(ident, str) or not re.match(CARD_ID, ident):
        raise ValueError(f"id {ident!r}: letters, digits, - or _ (up to 16), starting with a letter or digit")
    try:
        layout = parse_layout(raw.get("layout", ""), "layout")
    except UsageError as err:
        raise ValueError(str(err)) from None
    return CardSpec(ident.upper(), layout, files.note_field(raw))


def path(home: Path | None = None) -> Path:
    return files.user_dir(home) / FILE


def load(home: Path | None = None) -> dict[str, CardSpec]:
    """The user's cards by id ({} until one is defined); GardenError naming the file and entry."""
    where = path(home)
    return files.user_entries(where, _CACHE, lambda p: files.load_entries(p, KEY, "id", _parse, "user", None))


def resolve(text: str, home: Path | None = None) -> tuple[str, str]:
    """(catalogue id or '', layout) of a card named by id or written inline."""
    if "/" in text:
        return "", parse_layout(text)
    cards = load(home)
    ident = text.strip().upper()
    if ident not in cards:
        known = ", ".join(sorted(cards)) or "none yet"
        raise UsageError(f"card {text!r} is not in your catalogue (known: {known}); write its layout (e.g. "
                         "RG./..B) or define it: garden cards define ID LAYOUT [HG-CARD-1]")
    return ident, cards[ident].layout


def define(ident: str, layout: str, home: Path | None = None) -> CardSpec:
    """Store (or replace) a card of the user's box."""
    if not re.match(CARD_ID, ident):
        raise UsageError(f"card id {ident!r}: letters, digits, - or _ (up to 16), starting with a letter or digit")
    spec = CardSpec(ident.upper(), parse_layout(layout))
    where = path(home)
    files.replace_entry(where, KEY, "id", {"id": spec.id, "layout": spec.layout}, "hanging-gardens", ABOUT,
                        lambda: load(home))
    return spec
