"""The part of the game interface a game package answers from its own modules: `engine` (set-up,
records' headers, the turn line), `rules` (new_game, apply) and `actions` (from_event), `notation`, `report` (status and tally as data),
`moves` (what a command implies: `act`) and `pending` (what is still owed). A game class names
its package and adds what differs.

The modules are imported when first used: listing a game's commands or title (every `garden`
call's help panels and command table) must not load its rules (start-up is benchmarked)."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from types import ModuleType
from typing import Any

from assistant.games import events
from assistant.games.interface import Acted, Outcome, Pending


class PackagedGame:
    package: str  # the game's package, e.g. "assistant.games.cottage_garden"

    def module(self, name: str) -> ModuleType:
        """A module of the game's package, imported on first use."""
        return importlib.import_module(f"{self.package}.{name}")

    @property
    def switches(self) -> tuple[Any, ...]:
        """The house-rule switches (houserules.py)."""
        return self.module("houserules").SWITCHES

    @property
    def rules(self) -> tuple[Any, ...]:
        """The rulebook by id (rulebook.py)."""
        return self.module("rulebook").RULES

    @property
    def engine(self) -> ModuleType:
        return self.module("engine")

    @property
    def notation(self) -> ModuleType:
        return self.module("notation")

    @property
    def report(self) -> ModuleType:
        return self.module("report")

    def act(self, state: Any, command: str, options: Mapping[str, Any]) -> Acted:
        return self.module("moves").act(state, command, options)

    def pending(self, state: Any) -> list[Pending]:
        return self.module("pending").pending(state)

    def new_state(self, setup: dict[str, Any]) -> Any:
        """The game's `rules.new_game` on the set-up its engine reads (`engine.setup_from_dict`)."""
        return self.module("rules").new_game(self.engine.setup_from_dict(setup))

    def apply_event(self, state: Any, event: dict[str, Any]) -> Outcome:
        """The event as the action its `actions` module makes of it, through `rules.apply`."""
        return self.module("rules").apply(state, self.module("actions").from_event(event))

    def replay(self, setup: dict[str, Any], log: list[dict[str, Any]]) -> Any:
        return events.replay_log(self.new_state, self.apply_event, setup, log)

    def status(self, state: Any, name: str) -> dict[str, Any]:
        return self.report.status(state, name)

    def tally(self, state: Any) -> dict[str, Any]:
        return self.report.tally_data(state)

    def turn_summary(self, state: Any) -> str:
        return self.engine.turn_summary(state)

    def turn_label(self, state: Any) -> str:
        return events.turn_label(state)

    def setup_headers(self, setup: dict[str, Any]) -> list[tuple[str, str]]:
        return self.engine.setup_headers(setup)

    def setup_from_headers(self, headers: dict[str, str]) -> dict[str, Any]:
        return self.engine.setup_from_headers(headers)

    def format_action(self, event: dict[str, Any]) -> str:
        return self.notation.format_action(event)

    def parse_action(self, text: str) -> dict[str, Any]:
        return self.notation.parse_action(text)
