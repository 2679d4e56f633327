"""Indian Summer behind the game interface (assistant/games/interface.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from assistant.games.packaged import PackagedGame
from assistant.games.indian_summer import commands, engine, moves, notation, report
from assistant.games.indian_summer import pending as owing
from assistant.games.indian_summer.houserules import SWITCHES
from assistant.games.indian_summer.rulebook import RULES
from assistant.games.indian_summer.state import GameState
from assistant.games.interface import Command


class IndianSummer(PackagedGame):
    engine, notation, report, moves, owing = engine, notation, report, moves, owing
    player_counts = (1, 2, 3, 4)  # 1: the solo variant
    switches = SWITCHES
    rules = RULES
    new_options = commands.NEW_OPTIONS

    def setup(self, options: Mapping[str, Any]) -> dict[str, Any]:
        if not options.get("board_mode") and not options.get("bed"):
            return {}
        return engine.board_setup(list(options["players"]), options.get("bed") or [], None,
                                  bool(options.get("board_mode")))

    def commands(self, state: GameState | None = None) -> tuple[Command, ...]:
        if state is None:
            return commands.ALL
        if state.over:
            return ()
        if state.setup.solo and not state.dealt:
            return (commands.DEAL,)
        return tuple(c for c in commands.ALL if c is not commands.DEAL)

    def turn(self, state: GameState) -> dict[str, Any]:
        return {"player": state.current_player.name, "number": state.turn_number, "main": state.turn.main,
                "over": state.over, "summary": engine.turn_summary(state)}


GAME = IndianSummer()
