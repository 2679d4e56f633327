"""Indian Summer as the session layer sees it: set-up from a dict, events in, state out."""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from assistant.errors import GardenError
from assistant.games import events, houserules
from assistant.games.indian_summer import actions, rules
from assistant.games.indian_summer.houserules import SWITCHES
from assistant.games.indian_summer.report import status, tally_data  # noqa: F401 (the engine's facade)
from assistant.games.indian_summer.rules import Outcome
from assistant.games.indian_summer.state import GameState, Setup

KEY = "indian-summer"
TITLE = "Indian Summer"


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
    return events.common_headers(setup.players, setup.solo, SWITCHES, dict(setup.house_rules))


def setup_from_headers(headers: dict[str, str]) -> dict[str, Any]:
    return events.common_setup(headers, SWITCHES, TITLE)





def end_turn_actions(state: GameState, reasons: list[str]) -> list[dict[str, Any]]:
    """What `garden next` records: the turn's end (the rules refuse it without a main action,
    without the end chain in a last turn, or with a compulsory refill pending)."""
    return [actions.to_event(actions.NextTurn())]


def turn_summary(state: GameState) -> str:
    """One line after each command: whose turn, what is done, what is owed."""
    p = state.current_player
    if state.setup.solo:
        if not state.dealt:
            return f"Solo game {state.game}: report the layout (garden deal)"
        where = f"Solo game {state.game}, round {state.round} of 10"
    else:
        where = f"Turn {state.turn_number}: {p.name}"
        if state.ending is not None and state.current != state.ending:
            where += " · LAST TURN"
    done = f"main action {state.turn.main} done" if state.turn.main else "main action to take"
    if state.turn.chain:
        done += " · end chain done"
    return f"{where} · {done} · path {len(p.path)} · {p.empty} empty cell(s)"
