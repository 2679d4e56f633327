"""Playing any game in tests through the game interface alone: a command's events applied in turn."""

from __future__ import annotations

from typing import Any

from assistant.games.interface import check_options, find_command


def act(game: Any, state: Any, command: str, **options: Any) -> tuple[Any, list[str]]:
    """The command's events applied; (new state, every note)."""
    acted = game.act(state, command, check_options(find_command(game.commands(), command), options))
    notes = list(acted.notes)
    for event in acted.events:
        state, said = game.apply_event(state, event)
        notes += said
    return state, notes


def play(game: Any, state: Any, *steps: tuple) -> Any:
    """(command, options) steps in order."""
    for command, options in steps:
        state, _ = act(game, state, command, **options)
    return state
