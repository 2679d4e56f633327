"""Gartenbau's actions as game-record tokens (see docs/notation.md), and back.

    seedling 3 carrot+pea at=0,2 [turn=v] [skips=sun,water] [id=S12]    seedling 4 resources
    flowerpot 5          place carrot+pea at=1,0 [turn=v]
    plant red carrot+pea cost=2s1w points=3 over=0,1+1,1 [id=P7]
    flower F3 red+blue points=5 over=0,1+0,2 gain=sun,sun,water
    can move 0,2 to=2,0 [turn=v]    can swap 0,2/1,0    hand Ann F1,F2,red+blue:5    next [return=sun,water]
"""

from __future__ import annotations

from typing import Any

from assistant.errors import GardenError
from assistant.games.events import keyed_fields, token_form

# kind -> (positional fields, optional key=value fields)
FORMS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "next": ((), ("returned",)),
    "seedling": (("petal",), ("kinds", "at", "turn", "skips", "id", "resources")),
    "place": (("kinds",), ("at", "turn", "id")),
    "flowerpot": (("petal",), ()),
    "plant": (("colour", "needs"), ("cost", "points", "over", "id")),
    "flower": (("card", "colours"), ("points", "over", "gain")),
    "can": (("action", "cells"), ("to", "turn")),
    "hand": (("player", "flowers"), ()),
}
_KEY_WRITE = {"returned": "return"}
_KEY_READ = {v: k for k, v in _KEY_WRITE.items()}
_INTS = ("petal", "points")


def format_action(event: dict[str, Any]) -> str:
    kind = event["type"]
    positional, optional = FORMS[kind]
    words = [kind, *(str(event[f]) for f in positional)]
    if kind == "seedling" and event.get("kinds"):  # the tile's seedlings read as a word of their own
        words.append(event["kinds"])
    for field in optional:
        value = event.get(field)
        if kind == "seedling" and field == "kinds" or value in ("", None, False) or (
                field == "turn" and value == "h" and kind in ("seedling", "place")):
            continue
        words.append(field if value is True else f"{_KEY_WRITE.get(field, field)}={value}")
    return " ".join(words)


def parse_action(token: str) -> dict[str, Any]:
    kind, args, positional, optional = token_form(token, FORMS)
    plain = [a for a in args if "=" not in a and a != "resources"]
    event: dict[str, Any] = {"type": kind}
    if kind == "seedling" and len(plain) == 2:
        event["kinds"] = plain.pop()
    if len(plain) != len(positional):
        raise GardenError(f"cannot read the action {token!r}")
    event.update(zip(positional, plain))
    event.update(keyed_fields(token, args, optional, _KEY_READ))
    if kind == "seedling" and "resources" in args:
        event["resources"] = True
    for field in _INTS:
        if field in event:
            try:
                event[field] = int(event[field])
            except ValueError:
                raise GardenError(f"cannot read the action {token!r}: {field} is a number") from None
    return event
