"""Gartenbau's set-up from a dict and from record headers, and the turn line (game.py puts it
behind the game interface)."""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from assistant.errors import GardenError
from assistant.games import events, houserules
from assistant.games.gartenbau.commands import TITLE
from assistant.games.gartenbau.houserules import SWITCHES
from assistant.games.gartenbau.state import GameState, Setup


def setup_from_dict(data: dict[str, Any]) -> Setup:
    try:
        chosen = houserules.parse(SWITCHES, [f"{k}={v}" for k, v in data.get("house_rules", {}).items()])
        players = tuple(data["players"])
        starts = data.get("starts", {})
        return Setup(players=players, name=str(data.get("name", "")), house_rules=MappingProxyType(chosen),
                     rules=events.rules_version(data), solo=bool(data.get("solo", False)),
                     flowers=str(data.get("flowers", "beginner")), ring=str(data.get("ring", "")),
                     starts=tuple(str(starts.get(p, "")) for p in players))
    except (KeyError, TypeError, AttributeError) as err:
        raise GardenError(f"the game set-up is incomplete or malformed ({err})") from None


def setup_headers(setup_data: dict[str, Any]) -> list[tuple[str, str]]:
    setup = setup_from_dict(setup_data)
    headers = events.common_headers(setup.players, setup.solo, SWITCHES, dict(setup.house_rules), setup.rules)
    headers.append(("Flowers", setup.flowers))
    if setup.ring:
        headers.append(("Ring", setup.ring))
    if any(setup.starts):
        headers.append(("Starts", " ".join(f"{p}={s}" for p, s in zip(setup.players, setup.starts) if s)))
    return headers


def setup_from_headers(headers: dict[str, str]) -> dict[str, Any]:
    data: dict[str, Any] = events.common_setup(headers, SWITCHES, TITLE)
    data["flowers"] = headers.get("Flowers", "beginner")
    if headers.get("Ring"):
        data["ring"] = headers["Ring"]
    if headers.get("Starts"):
        data["starts"] = dict(pair.split("=", 1) for pair in headers["Starts"].split())
    return data


def turn_summary(state: GameState) -> str:
    if state.over:
        return "The game is over: garden tally"
    p, turn = state.current_player, state.turn
    done = "place the flowerpot's tile" if turn.held else f"{turn.action} done" if turn.action else "action to take"
    end = " · END TRIGGERED" if state.ending else ""
    return (f"Turn {state.turn_number}: {p.name} · {done} · {p.sun} sun, {p.water} water · "
            f"{state.empty_petals} empty petal(s){end}")
