"""Playing The Hanging Gardens in tests through the game interface alone."""

from __future__ import annotations

from typing import Any

from assistant.games import registry
from assistant.games.interface import check_options, find_command

GAME = registry.game("hanging-gardens")


def new(players: str = "Ann,Ben", **house_rules: str) -> Any:
    return GAME.new_state({"players": players.split(","), "name": "t", "house_rules": house_rules, "rules": 4})


def act(state: Any, command: str, **options: Any) -> tuple[Any, list[str]]:
    """The command's events applied; (new state, every note)."""
    acted = GAME.act(state, command, check_options(find_command(GAME.commands(), command), options))
    notes = list(acted.notes)
    for event in acted.events:
        state, said = GAME.apply_event(state, event)
        notes += said
    return state, notes


def play(state: Any, *steps: tuple) -> Any:
    """(command, options) steps in order."""
    for command, options in steps:
        state, _ = act(state, command, **options)
    return state
