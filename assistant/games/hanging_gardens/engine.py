"""The Hanging Gardens' set-up from a dict and from record headers, events in, state out (game.py
puts it behind the game interface)."""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from assistant.errors import GardenError
from assistant.games import events, houserules
from assistant.games.hanging_gardens.commands import TITLE
from assistant.games.hanging_gardens.houserules import SWITCHES
from assistant.games.hanging_gardens.state import GameState, Setup


def setup_from_dict(data: dict[str, Any]) -> Setup:
    try:
        chosen = houserules.parse(SWITCHES, [f"{k}={v}" for k, v in data.get("house_rules", {}).items()])
        return Setup(players=tuple(data["players"]), name=str(data.get("name", "")),
                     house_rules=MappingProxyType(chosen), rules=events.rules_version(data),
                     solo=bool(data.get("solo", False)))
    except (KeyError, TypeError) as err:
        raise GardenError(f"the game set-up is incomplete or malformed ({err})") from None



def setup_headers(setup_data: dict[str, Any]) -> list[tuple[str, str]]:
    setup = setup_from_dict(setup_data)
    return events.common_headers(setup.players, setup.solo, SWITCHES, dict(setup.house_rules), setup.rules)


def setup_from_headers(headers: dict[str, str]) -> dict[str, Any]:
    return events.common_setup(headers, SWITCHES, TITLE)


def turn_summary(state: GameState) -> str:
    """One line after each command: whose turn, what is done, what is owed."""
    if state.over:
        return "The game is over: garden tally"
    p, turn = state.current_player, state.turn
    done = "card to play" if not turn.played else "tile to take" if turn.tile_due else "card played"
    if turn.temple is not None:
        done += " · temple built"
    return (f"Round {state.round}, turn {state.turn_number}: {p.name} · {done} · {state.face_up} face-up · "
            f"deck {state.deck} · temples left {p.temples_left}")
