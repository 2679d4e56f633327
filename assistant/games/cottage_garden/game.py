"""Cottage Garden behind the game interface (assistant/games/interface.py)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from assistant.games.packaged import PackagedGame
from assistant.games.cottage_garden import commands
from assistant.games.interface import Command, problems_of

if TYPE_CHECKING:  # the state's module is loaded with the rules, not to list commands
    from assistant.games.cottage_garden.state import GameState


class CottageGarden(PackagedGame):
    package = "assistant.games.cottage_garden"
    key = commands.KEY
    title = commands.TITLE
    player_counts = (1, 2, 3, 4)  # 1: the solo variant
    new_options = commands.NEW_OPTIONS
    board_sizes = ((5, 5),)  # a bed
    points_key = "score"

    def setup(self, options: Mapping[str, Any]) -> dict[str, Any]:
        board = [options.get(k) for k in ("bed", "public_bed", "nursery", "queue")]
        if not options.get("board_mode") and not any(board):
            return {}
        return self.engine.board_setup(list(options["players"]), options.get("bed") or [],
                                       options.get("public_bed"), bool(options.get("board_mode")),
                                       options.get("nursery"), options.get("queue"))

    def commands(self, state: GameState | None = None) -> tuple[Command, ...]:
        if state is None:
            return commands.ALL
        if state.over:
            return ()
        return commands.BOARD_MODE if state.setup.board_mode else commands.SCORE_MODE

    def covered_cells(self, state: GameState, player: int, bed: int | None) -> tuple[str, list[list[bool]]]:
        from assistant.errors import GardenError
        from assistant.games.cottage_garden import bed as cells
        from assistant.games.cottage_garden import planting

        if not state.setup.board_mode:
            raise GardenError("this game is in score mode: no bed is tracked cell by cell")
        if bed is None:
            raise GardenError("name the bed the photo shows: --bed 1 or --bed 2")
        name = state.players[player].name
        board = planting.bed_at(state.beds[player], name, bed).board
        return f"{name}'s bed {bed}", board.grid.as_rows(board.mask(*cells.COVERED))

    def layout_warnings(self, layout: str, rows: int, cols: int) -> list[str]:
        return []  # a bed side's symbols vary: nothing to warn of

    def turn(self, state: GameState) -> dict[str, Any]:
        return {"player": state.current_player.name, "number": state.turn_number, "round": state.face,
                "final_round": state.final_round, "over": state.over, "summary": self.engine.turn_summary(state)}

    def check_files(self, home: Path) -> list[str]:
        from assistant.data import catalogue

        return problems_of(lambda: catalogue.load(home))


GAME = CottageGarden()
