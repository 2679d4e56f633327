"""The Hanging Gardens' actions as game-record tokens (see docs/notation.md), and back.

    card RG./..B at=2,-1 turn=r90 [id=C12]     discard RG./..B [id=C12]
    temple 2,0 [from=1,1]                      take garden col=3 row=top [draw=gate]
    next
"""

from __future__ import annotations

from typing import Any

from assistant.errors import GardenError
from assistant.games.events import keyed_fields, token_form

# kind -> (positional fields, optional key=value fields)
FORMS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "next": ((), ()),
    "card": (("layout",), ("at", "turn", "card")),
    "discard": (("layout",), ("card",)),
    "temple": (("at",), ("move_from",)),
    "take": (("series",), ("column", "row", "draw")),
}
_KEY_WRITE = {"card": "id", "move_from": "from", "column": "col"}
_KEY_READ = {v: k for k, v in _KEY_WRITE.items()}


def format_action(event: dict[str, Any]) -> str:
    kind = event["type"]
    positional, optional = FORMS[kind]
    words = [kind, *(str(event[f]) for f in positional)]
    words += [f"{_KEY_WRITE.get(f, f)}={event[f]}" for f in optional if event.get(f) not in ("", None)]
    return " ".join(words)


def parse_action(token: str) -> dict[str, Any]:
    kind, args, positional, optional = token_form(token, FORMS)
    plain = [a for a in args if "=" not in a]
    if len(plain) != len(positional):
        raise GardenError(f"cannot read the action {token!r}")
    event: dict[str, Any] = {"type": kind, **dict(zip(positional, plain)),
                             **keyed_fields(token, args, optional, _KEY_READ)}
    if kind == "take":
        try:
            event["column"] = int(event.get("column", ""))
        except ValueError:
            raise GardenError(f"cannot read the action {token!r}: col=3, 4 or 5") from None
    return event
