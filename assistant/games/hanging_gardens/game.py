"""The Hanging Gardens behind the game interface (assistant/games/interface.py)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from assistant.games.hanging_gardens import commands
from assistant.games.interface import Command, problems_of
from assistant.games.packaged import PackagedGame

if TYPE_CHECKING:  # the state's module is loaded with the rules, not to list commands
    from assistant.games.hanging_gardens.state import GameState


class HangingGardens(PackagedGame):
    package = "assistant.games.hanging_gardens"
    key = commands.KEY
    title = commands.TITLE
    player_counts = (2, 3, 4)
    new_options = commands.NEW_OPTIONS
    board_sizes = ()  # a garden has no board: it grows anywhere on the table
    points_key = "total"

    def setup(self, options: Mapping[str, Any]) -> dict[str, Any]:
        return {}

    def commands(self, state: GameState | None = None) -> tuple[Command, ...]:
        if state is not None and state.over:
            return ()
        return commands.ALL

    def covered_cells(self, state: GameState, player: int, bed: int | None) -> tuple[str, list[list[bool]]]:
        from assistant.errors import GardenError

        raise GardenError("The Hanging Gardens has no board to photograph: a garden is tracked card by card")

    def layout_warnings(self, layout: str, rows: int, cols: int) -> list[str]:
        return []

    def turn(self, state: GameState) -> dict[str, Any]:
        return {"player": state.current_player.name, "number": state.turn_number, "round": state.round,
                "over": state.over, "summary": self.engine.turn_summary(state)}

    def check_files(self, home: Path) -> list[str]:
        from assistant.games.hanging_gardens import catalogue, values

        return problems_of(lambda: catalogue.load(home), lambda: values.user(home))


GAME = HangingGardens()
