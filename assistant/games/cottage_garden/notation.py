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
        if event.get("bed") is not None:
            parts.append(f"bed={event['bed']}")
        return " ".join(parts)
    if kind == "plant":
        cells = "+".join(f"{r},{c}" for r, c in event["cells"])
        text = f"plant {event['player']} bed={event['bed']} shape={event['shape']} cells={cells}"
        if event.get("marks"):
            text += " marks=" + "+".join(f"{r},{c}:{m}" for r, c, m in event["marks"])
        if event.get("label"):
            text += f" id={event['label']}"
        if event.get("source"):
            text += f" from={event['source'][0]},{event['source'][1]}"
        return text
    if kind in ("pot", "cat-on"):
        r, c = event["cell"]
        return f"{kind} {event['player']} bed={event['bed']} at={r},{c}" + (" reward" if event.get("reward") else "")
    if kind == "pay":
        return "pay none" if event["colour"] is None else f"pay {event['colour']} {event['cube']}"
    if kind == "discard" and event.get("count", 1) != 1:
        return f"discard {event['player']} {event['count']}"
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
        if kind == "discard" and len(args) == 2:
            return {"type": kind, "player": args[0], "count": int(args[1])}
        if kind == "pay" and args == ["none"]:
            return {"type": "pay", "colour": None, "cube": None}
        if kind == "pay" and len(args) == 2 and args[0] in ("orange", "blue"):
            return {"type": "pay", "colour": args[0], "cube": int(args[1])}
        if kind in ("plant", "pot", "cat-on") and args:
            return _placement(kind, args)
        if kind == "score" and len(args) >= 3:
            event: dict[str, Any] = {"type": "score", "player": args[0], "orange": None, "blue": None, "reward": False}
            for arg in args[1:]:
                if arg == "reward":
                    event["reward"] = True
                    continue
                key, sep, val = arg.partition("=")
                if not sep or key not in ("pots", "cloches", "orange", "blue", "bed"):
                    raise ValueError(arg)
                event[key] = int(val)
            if "pots" in event and "cloches" in event:
                return event
    except (ValueError, KeyError, IndexError):
        pass
    raise GardenError(f"cannot read the action {token!r}")


def _cell(text: str) -> list[int]:
    r, c = text.split(",")
    return [int(r), int(c)]


def _placement(kind: str, args: list[str]) -> dict[str, Any]:
    fields = dict(a.partition("=")[::2] for a in args[1:] if "=" in a)
    event: dict[str, Any] = {"type": kind, "player": args[0], "bed": int(fields["bed"])}
    if kind == "plant":
        event.update(shape=fields["shape"], cells=[_cell(x) for x in fields["cells"].split("+")],
                     marks=[[*_cell(x.split(":")[0]), x.split(":")[1]] for x in fields.get("marks", "").split("+") if x],
                     label=fields.get("id"), source=_cell(fields["from"]) if "from" in fields else None)
    else:
        event["cell"] = _cell(fields["at"])
        if kind == "pot":
            event["reward"] = "reward" in args
    return event
