"""Playing The Hanging Gardens in tests through the game interface alone."""

from __future__ import annotations

from typing import Any

from assistant.games import registry
from tests import interface_play

GAME = registry.game("hanging-gardens")


def new(players: str = "Ann,Ben", **house_rules: str) -> Any:
    return GAME.new_state({"players": players.split(","), "name": "t", "house_rules": house_rules, "rules": 4})


def act(state: Any, command: str, **options: Any) -> tuple[Any, list[str]]:
    return interface_play.act(GAME, state, command, **options)


def play(state: Any, *steps: tuple) -> Any:
    return interface_play.play(GAME, state, *steps)
