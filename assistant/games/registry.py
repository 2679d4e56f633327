"""The games the assistant knows: their packages, by the key used on the command line and in files.

Each package's `game` module holds `GAME`, which satisfies `interface.Game`; its rich views
live in `assistant/render/`, what it reports for fit, advise and check in `assistant/reports/`,
and its command-line extras (printing, catalogue commands) in `assistant/cli/`, named here so
that nothing else has to name a game.
"""

from __future__ import annotations

import importlib
from typing import NamedTuple

from assistant.errors import UsageError
from assistant.games.interface import Game


class Entry(NamedTuple):
    package: str  # the game package: its `game` module holds GAME
    views: str  # rich views: setup_view, status_view, tally_view
    reports: str  # fit, advise and check's data for every face (assistant/reports/__init__.py)
    cli: str | None = None  # a command-line module of the game's own (register(app), COMMANDS)
    picture: str | None = None  # the web page's picture of its status: status_picture(status) -> SVG


GAMES: dict[str, Entry] = {
    "cottage-garden": Entry("assistant.games.cottage_garden", "assistant.render.cottage",
                            "assistant.reports.cottage_garden", "assistant.cli.cottage_cmds",
                            "assistant.render.cottage_picture"),
    "indian-summer": Entry("assistant.games.indian_summer", "assistant.render.indian_summer",
                           "assistant.reports.indian_summer", "assistant.cli.indian_cmds",
                           "assistant.render.indian_picture"),
    "hanging-gardens": Entry("assistant.games.hanging_gardens", "assistant.render.hanging_gardens",
                             "assistant.reports.hanging_gardens", "assistant.cli.hanging_cmds",
                             "assistant.render.hanging_picture"),
    "gartenbau": Entry("assistant.games.gartenbau", "assistant.render.gartenbau", "assistant.reports.gartenbau",
                       "assistant.cli.gartenbau_cmds", "assistant.render.gartenbau_picture"),
}


def entry(key: str) -> Entry:
    if key not in GAMES:
        raise UsageError(f"unknown game {key!r}; known: {', '.join(GAMES)}")
    return GAMES[key]


def game(key: str) -> Game:
    """The game behind the interface."""
    return importlib.import_module(entry(key).package + ".game").GAME


def views(key: str):
    """The game's rich view module: setup_view, status_view, tally_view."""
    return importlib.import_module(entry(key).views)


def picture(key: str):
    """The game's picture module for the web page: status_picture(status) -> SVG text (apart from
    the rich views, so `garden status` loads no SVG code)."""
    return importlib.import_module(entry(key).picture)  # type: ignore[arg-type]
