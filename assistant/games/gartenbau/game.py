"""Gartenbau behind the game interface (assistant/games/interface.py)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from assistant.games.gartenbau import commands
from assistant.games.interface import Command, problems_of
from assistant.games.packaged import PackagedGame

if TYPE_CHECKING:  # the state's module is loaded with the rules, not to list commands
    from assistant.games.gartenbau.state import GameState


class Gartenbau(PackagedGame):
    package = "assistant.games.gartenbau"
    key = commands.KEY
    title = commands.TITLE
    player_counts = (2, 3, 4)
    new_options = commands.NEW_OPTIONS
    board_sizes = ()  # a garden grows anywhere on the table
    points_key = "total"

    def setup(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """The flower mode, the market ring defined for this player count (kept with the game) and the
        start tiles' seedlings (--start PLAYER=KIND+KIND)."""
        from assistant.errors import UsageError
        from assistant.games import events
        from assistant.games.gartenbau import market
        from assistant.games.gartenbau.components import parse_kinds

        players = list(options["players"])
        starts: dict[str, str] = {}
        for arg in options.get("start") or []:
            owner, kinds = events.bed_owner(arg, players)  # PLAYER=...: the same form as --bed
            if owner in starts:
                raise UsageError(f"--start {arg!r}: {owner}'s start tile is given twice")
            starts[owner] = "+".join(parse_kinds(kinds, "--start"))
        data: dict[str, Any] = {"flowers": options.get("flowers") or "beginner"}
        ring = market.ring_for(len(players)) if 2 <= len(players) <= 4 else ""
        if ring:
            data["ring"] = ring
        if starts:
            data["starts"] = starts
        return data

    def commands(self, state: GameState | None = None) -> tuple[Command, ...]:
        if state is not None and state.over:
            return ()
        return commands.ALL

    def covered_cells(self, state: GameState, player: int, bed: int | None) -> tuple[str, list[list[bool]]]:
        from assistant.errors import GardenError

        raise GardenError("Gartenbau has no board to photograph: a garden is tracked tile by tile")

    def layout_warnings(self, layout: str, rows: int, cols: int) -> list[str]:
        return []

    def turn(self, state: GameState) -> dict[str, Any]:
        return {"player": state.current_player.name, "number": state.turn_number, "over": state.over,
                "summary": self.engine.turn_summary(state)}

    def check_files(self, home: Path) -> list[str]:
        from assistant.games.gartenbau import catalogue, market

        return problems_of(*(lambda kind=kind: catalogue.load(kind, home) for kind in catalogue.KINDS_OF),
                           lambda: market.rings(home))


GAME = Gartenbau()
