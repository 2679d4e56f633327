"""The games the assistant knows, by the key used on the command line and in files."""

from __future__ import annotations

import importlib
from types import ModuleType

from assistant.errors import UsageError

ENGINES: dict[str, str] = {
    "cottage-garden": "assistant.games.cottage_garden.engine",
    "indian-summer": "assistant.games.indian_summer.engine",
}
# Rich views of each game (status, set-up, tally); kept apart so engines stay pure.
VIEWS: dict[str, str] = {
    "cottage-garden": "assistant.render.cottage",
    "indian-summer": "assistant.render.indian_summer",
}


def engine(key: str) -> ModuleType:
    """The game's engine module: KEY, TITLE, setup_from_dict, new_state, apply_event, replay."""
    if key not in ENGINES:
        raise UsageError(f"unknown game {key!r}; known: {', '.join(ENGINES)}")
    return importlib.import_module(ENGINES[key])


def game_module(key: str, name: str) -> ModuleType:
    """A module of the game's package by name (notation, rulebook), imported when first asked for."""
    package = ENGINES[engine(key).KEY].rsplit(".", 1)[0]
    return importlib.import_module(f"{package}.{name}")


def views(key: str) -> ModuleType:
    """The game's view module: setup_view, status_view, tally_view."""
    engine(key)  # the same refusal for an unknown game
    return importlib.import_module(VIEWS[key])
