"""Indian Summer actions as game-record tokens (see docs/notation.md), and back.

    leaf orange [found=nut:3]          squirrel            nut
    mushroom Ben:orange,Cy:green [decline=Cy] [found=blueberry:2]     (solo: mushroom [decline=m1])
    feather orange,green [found=...]   blueberry g,o,o     (solo: blueberry UL,UL)
    exchange blueberry nut             region 3            animal t [under=nut]
    path Ben g,o,o,r,g                 final [waves=2,5/3]
  board mode adds cells:  leaf orange at=2,3+2,4*+3,4+3,5   squirrel at=4,4   nut at=0,7
    feather orange,green at=...+.../...   animal t cells=... shape=###/.#.   final cells=4,4+4,5/6,0
    deal upper=ggoor lower=orrog spaces=gorrogroor path=ggoor
"""

from __future__ import annotations

from typing import Any

from assistant.errors import GardenError

# kind -> (positional fields, optional key=value fields)
FORMS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "next": ((), ()),
    "leaf": (("colour",), ("found", "at")),
    "squirrel": ((), ("at",)),
    "mushroom": ((), ("take", "decline", "found", "at")),
    "feather": (("colours",), ("found", "at")),
    "blueberry": (("draw",), ()),
    "nut": ((), ("at",)),
    "exchange": (("give", "get"), ()),
    "region": (("region",), ()),
    "animal": (("animal",), ("treasures", "cells", "shape")),
    "path": (("player", "draw"), ()),
    "final": ((), ("waves", "cells")),
    "deal": ((), ("upper", "lower", "spaces", "path")),
}
_KEY_ALIAS = {"under": "treasures"}
_KEY_WRITE = {"treasures": "under"}


def format_action(event: dict[str, Any]) -> str:
    kind = event["type"]
    if kind not in FORMS:
        raise GardenError(f"cannot write an action of type {kind!r}")
    positional, optional = FORMS[kind]
    words = [kind]
    if kind == "mushroom" and event.get("take"):
        words.append(str(event["take"]))
    for field in positional:
        value = str(event[field])
        words.append(value if value else "-")
    for field in optional:
        if kind == "mushroom" and field == "take":
            continue
        value = event.get(field, "")
        if kind == "deal" or value not in ("", None):
            words.append(f"{_KEY_WRITE.get(field, field)}={value}")
    return " ".join(words)


def parse_action(token: str) -> dict[str, Any]:
    words = token.split()
    if not words:
        raise GardenError("empty action")
    kind, args = words[0], words[1:]
    if kind not in FORMS:
        raise GardenError(f"cannot read the action {token!r}")
    positional, optional = FORMS[kind]
    event: dict[str, Any] = {"type": kind, **{f: "" for f in optional}}
    plain = [a for a in args if "=" not in a]
    keyed = [a for a in args if "=" in a]
    if kind == "mushroom" and plain:
        event["take"], plain = plain[0], plain[1:]
    if len(plain) != len(positional):
        raise GardenError(f"cannot read the action {token!r}")
    for field, value in zip(positional, plain):
        event[field] = "" if value == "-" else value
    for arg in keyed:
        key, _, value = arg.partition("=")
        key = _KEY_ALIAS.get(key, key)
        if key not in optional:
            raise GardenError(f"cannot read the action {token!r}: unknown {key!r}")
        event[key] = value
    if kind == "region":
        try:
            event["region"] = int(event["region"])
        except ValueError:
            raise GardenError(f"cannot read the action {token!r}") from None
    return event
