"""Playing Gartenbau in tests through the game interface alone."""

from __future__ import annotations

from typing import Any

from assistant.games import registry
from tests import interface_play

GAME = registry.game("gartenbau")
RING2 = "S P1s C P1w C P2s C P1s1w C P2w C P1s C"  # 6 petals for 2 players


def new(players: str = "Ann,Ben", ring: str = RING2, starts: dict | None = None, **house_rules: str) -> Any:
    names = players.split(",")
    setup = {"players": names, "name": "t", "house_rules": house_rules, "rules": 4, "ring": ring,
             "starts": starts if starts is not None else {n: "aster+basil" for n in names}}
    return GAME.new_state(setup)


def act(state: Any, command: str, **options: Any) -> tuple[Any, list[str]]:
    return interface_play.act(GAME, state, command, **options)


def play(state: Any, *steps: tuple) -> Any:
    return interface_play.play(GAME, state, *steps)
