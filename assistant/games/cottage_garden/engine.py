"""Cottage Garden as the session layer sees it: set-up from a dict, events in, state out."""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from assistant.errors import GardenError
from assistant.games import houserules
from assistant.games.cottage_garden import actions, rules
from assistant.games.cottage_garden.houserules import SWITCHES
from assistant.games.cottage_garden.report import status, tally_data  # noqa: F401 (the engine's facade)
from assistant.games.cottage_garden.rules import Outcome
from assistant.games.cottage_garden.state import GameState, Setup

KEY = "cottage-garden"
TITLE = "Cottage Garden"


def setup_from_dict(data: dict[str, Any]) -> Setup:
    try:
        chosen = houserules.parse(SWITCHES, [f"{k}={v}" for k, v in data.get("house_rules", {}).items()])
        return Setup(players=tuple(data["players"]), solo=bool(data.get("solo", False)),
                     name=str(data.get("name", "")), house_rules=MappingProxyType(chosen))
    except (KeyError, TypeError) as err:
        raise GardenError(f"the game set-up is incomplete or malformed ({err})") from None


def setup_to_dict(setup: Setup) -> dict[str, Any]:
    return {"players": list(setup.players), "solo": setup.solo, "name": setup.name,
            "house_rules": houserules.differing(SWITCHES, setup.house_rules)}


def new_state(setup_data: dict[str, Any]) -> GameState:
    return rules.new_game(setup_from_dict(setup_data))


def apply_event(state: GameState, event: dict[str, Any]) -> Outcome:
    return rules.apply(state, actions.from_event(event))


def replay(setup_data: dict[str, Any], events: list[dict[str, Any]]) -> GameState:
    state = new_state(setup_data)
    for event in events:
        state = apply_event(state, event).state
    return state


def turn_label(state: GameState) -> str:
    return f"{state.turn_number}. {state.current_player.name}:"


def setup_headers(setup_data: dict[str, Any]) -> list[tuple[str, str]]:
    setup = setup_from_dict(setup_data)
    rules_text = " ".join(f"{k}={v}" for k, v in houserules.differing(SWITCHES, setup.house_rules).items())
    return [("Players", ",".join(setup.players)), ("Solo", "yes" if setup.solo else "no"), ("HouseRules", rules_text)]


def setup_from_headers(headers: dict[str, str]) -> dict[str, Any]:
    if "Players" not in headers:
        raise GardenError('a Cottage Garden record needs a [Players "A,B"] header')
    pairs = headers.get("HouseRules", "").split()
    return {"players": [p for p in headers["Players"].split(",") if p], "solo": headers.get("Solo", "no") == "yes",
            "name": headers.get("Name", ""),
            "house_rules": houserules.differing(SWITCHES, houserules.parse(SWITCHES, pairs))}


def format_action(event: dict[str, Any]) -> str:
    from assistant.games.cottage_garden import notation

    return notation.format_action(event)


def parse_action(token: str) -> dict[str, Any]:
    from assistant.games.cottage_garden import notation

    return notation.parse_action(token)


def rules_text():
    """The rule ids and texts (imported only when asked for)."""
    from assistant.games.cottage_garden.rulebook import RULES

    return RULES


def end_turn_actions(state: GameState, reasons: list[str]) -> list[dict[str, Any]]:
    """What `garden next` records: the final-round payment if still owed, then the turn's end."""
    from assistant.games.cottage_garden.advice import payment_first

    _, paid = payment_first(state, reasons)
    return paid + [actions.to_event(actions.NextTurn())]


def turn_summary(state: GameState) -> str:
    """One line after each command: whose turn, the gardener line, the round."""
    return (f"Turn {state.turn_number}: {state.current_player.name} · gardener line "
            f"{state.die.line_name(state.die_position)} · "
            + ("final round" if state.final_round else f"round {state.face}"))
