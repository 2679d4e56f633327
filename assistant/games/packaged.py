"""The part of the game interface a game package answers from its own modules: `engine` (set-up,
replay, records' headers, the turn line), `notation`, `report` (status and tally as data),
`moves` (what a command implies: `act`) and `owing` (what is still owed: `pending`). A game class
sets those modules and adds what differs."""

from __future__ import annotations

from collections.abc import Mapping
from types import ModuleType
from typing import Any

from assistant.games import events
from assistant.games.interface import Acted, Outcome, Pending


class PackagedGame:
    engine: ModuleType
    notation: ModuleType
    report: ModuleType
    moves: ModuleType
    owing: ModuleType

    @property
    def key(self) -> str:
        return self.engine.KEY

    @property
    def title(self) -> str:
        return self.engine.TITLE

    def act(self, state: Any, command: str, options: Mapping[str, Any]) -> Acted:
        return self.moves.act(state, command, options)

    def pending(self, state: Any) -> list[Pending]:
        return self.owing.pending(state)

    def new_state(self, setup: dict[str, Any]) -> Any:
        return self.engine.new_state(setup)

    def apply_event(self, state: Any, event: dict[str, Any]) -> Outcome:
        return self.engine.apply_event(state, event)

    def replay(self, setup: dict[str, Any], log: list[dict[str, Any]]) -> Any:
        return self.engine.replay(setup, log)

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
