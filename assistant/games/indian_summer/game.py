"""Indian Summer behind the game interface (assistant/games/interface.py)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from assistant.games.packaged import PackagedGame
from assistant.games.indian_summer import commands
from assistant.games.interface import Command, problems_of

if TYPE_CHECKING:  # the state's module is loaded with the rules, not to list commands
    from assistant.games.indian_summer.state import GameState


class IndianSummer(PackagedGame):
    package = "assistant.games.indian_summer"
    key = commands.KEY
    title = commands.TITLE
    player_counts = (1, 2, 3, 4)  # 1: the solo variant
    new_options = commands.NEW_OPTIONS
    board_sizes = ((9, 8),)  # a woodland board
    points_key = None  # the fewest empty cells wins: no points

    def setup(self, options: Mapping[str, Any]) -> dict[str, Any]:
        if not options.get("board_mode") and not options.get("bed"):
            return {}
        return self.engine.board_setup(list(options["players"]), options.get("bed") or [], None,
                                       bool(options.get("board_mode")))

    def commands(self, state: GameState | None = None) -> tuple[Command, ...]:
        if state is None:
            return commands.ALL
        if state.over:
            return ()
        if state.setup.solo and not state.dealt:
            return (commands.DEAL,)
        return tuple(c for c in commands.ALL if c is not commands.DEAL)

    def covered_cells(self, state: GameState, player: int, bed: int | None) -> tuple[str, list[list[bool]]]:
        from assistant.errors import GardenError
        from assistant.games.indian_summer.woods import free_mask

        board = state.players[player].board
        if board is None:
            raise GardenError("this game is in score mode: no woodland board is tracked cell by cell")
        return f"{state.players[player].name}'s woodland board", board.grid.as_rows(board.grid.full & ~free_mask(board))

    def layout_warnings(self, layout: str, rows: int, cols: int) -> list[str]:
        """Printed treasures other than the seed's counts on a woodland side."""
        from assistant.games.indian_summer.woods import check_layout

        return check_layout(layout)[1] if (rows, cols) in self.board_sizes else []

    def turn(self, state: GameState) -> dict[str, Any]:
        return {"player": state.current_player.name, "number": state.turn_number, "main": state.turn.main,
                "over": state.over, "summary": self.engine.turn_summary(state)}

    def check_files(self, home: Path) -> list[str]:
        from assistant.data import indian_catalogue

        return problems_of(lambda: indian_catalogue.load(home))


GAME = IndianSummer()
