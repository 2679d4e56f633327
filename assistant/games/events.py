"""What every game shares about its moves as data: actions <-> log events, and the
record headers every set-up has (players, solo, house rules)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, NamedTuple

from assistant.errors import GardenError
from assistant.games import houserules


def to_event(action: NamedTuple) -> dict[str, Any]:
    return {"type": action.kind, **action._asdict()}  # type: ignore[attr-defined]


def from_event(event: dict[str, Any], action_types: dict[str, type], title: str) -> Any:
    """The action an event stands for; a malformed event is refused by name."""
    kind = event.get("type")
    cls = action_types.get(kind)  # type: ignore[arg-type]
    if cls is None:
        raise GardenError(f"unknown {title} event type {kind!r}")
    extra = set(event) - set(cls._fields) - {"type"}  # type: ignore[attr-defined]
    if extra:
        raise GardenError(f"event {kind!r} has unknown fields: {', '.join(sorted(extra))}")
    try:
        return cls(**{k: v for k, v in event.items() if k != "type"})
    except TypeError as err:
        raise GardenError(f"event {kind!r} is incomplete: {err}") from None


def common_headers(players: Iterable[str], solo: bool, switches: Iterable[houserules.Switch],
                   chosen: dict[str, str]) -> list[tuple[str, str]]:
    rules_text = " ".join(f"{k}={v}" for k, v in houserules.differing(switches, chosen).items())
    return [("Players", ",".join(players)), ("Solo", "yes" if solo else "no"), ("HouseRules", rules_text)]


def common_setup(headers: dict[str, str], switches: tuple[houserules.Switch, ...], title: str) -> dict[str, Any]:
    if "Players" not in headers:
        raise GardenError(f'a {title} record needs a [Players "A,B"] header')
    pairs = headers.get("HouseRules", "").split()
    return {"players": [p for p in headers["Players"].split(",") if p], "solo": headers.get("Solo", "no") == "yes",
            "name": headers.get("Name", ""),
            "house_rules": houserules.differing(switches, houserules.parse(switches, pairs))}


def replaced_at(items: tuple, index: int, item: Any) -> tuple:
    """A tuple with one element replaced (players, beds: state is immutable)."""
    return items[:index] + (item,) + items[index + 1:]
