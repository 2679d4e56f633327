"""Cottage Garden actions as game-record tokens (see docs/notation.md), and back."""

from __future__ import annotations

from typing import Any

from assistant.errors import GardenError


def format_action(event: dict[str, Any]) -> str:
    kind = event["type"]
    if kind in ("next", "refill"):
        return kind
    if kind == "cat":
        return f"cat {event['player']} {event['count']}"
    if kind == "score":
        parts = [f"score {event['player']} pots={event['pots']} cloches={event['cloches']}"]
        for colour in ("orange", "blue"):
            if event.get(colour) is not None:
                parts.append(f"{colour}={event[colour]}")
        if event.get("reward"):
            parts.append("reward")
        return " ".join(parts)
    if kind == "pay":
        return "pay none" if event["colour"] is None else f"pay {event['colour']} {event['cube']}"
    if kind in ("discard", "withdraw"):
        return f"{kind} {event['player']}"
    raise GardenError(f"cannot write an action of type {kind!r}")


def parse_action(token: str) -> dict[str, Any]:
    words = token.split()
    if not words:
        raise GardenError("empty action")
    kind, args = words[0], words[1:]
    try:
        if kind in ("next", "refill") and not args:
            return {"type": kind}
        if kind == "cat" and len(args) == 2:
            return {"type": "cat", "player": args[0], "count": int(args[1])}
        if kind in ("discard", "withdraw") and len(args) == 1:
            return {"type": kind, "player": args[0]}
        if kind == "pay" and args == ["none"]:
            return {"type": "pay", "colour": None, "cube": None}
        if kind == "pay" and len(args) == 2 and args[0] in ("orange", "blue"):
            return {"type": "pay", "colour": args[0], "cube": int(args[1])}
        if kind == "score" and len(args) >= 3:
            event: dict[str, Any] = {"type": "score", "player": args[0], "orange": None, "blue": None, "reward": False}
            for arg in args[1:]:
                if arg == "reward":
                    event["reward"] = True
                    continue
                key, sep, val = arg.partition("=")
                if not sep or key not in ("pots", "cloches", "orange", "blue"):
                    raise ValueError(arg)
                event[key] = int(val)
            if "pots" in event and "cloches" in event:
                return event
    except ValueError:
        pass
    raise GardenError(f"cannot read the action {token!r}")
