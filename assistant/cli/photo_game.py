"""Where a photo reading meets a game: the photo compared with a player's tracked board.
What only one game does with a reading (woodland regions, a complete bed's counts, a ranking
from photos) is in that game's own command-line module.

Vision never decides a rule: these only compare and count what the reading says.
"""

from __future__ import annotations

from typing import Any

from assistant.errors import GardenError


def comparison_view(loaded: Any, reading: Any, player: str, bed: int | None) -> dict[str, Any]:
    """`check --player`: where the photo and the player's tracked board disagree (the game says
    which cells it has covered)."""
    from assistant.cli.common import player_index

    label, tracked = loaded.game.covered_cells(loaded.state, player_index(loaded.state, player), bed)
    return {"comparison": compare(reading, label, tracked)}


def compare(reading: Any, label: str, tracked: list[list[bool]]) -> dict[str, Any]:
    """Every cell where the photo and the tracked game disagree on covered / uncovered."""
    if (reading.rows, reading.cols) != (len(tracked), len(tracked[0])):
        raise GardenError(f"the photo's board is {reading.rows}x{reading.cols}, {label} is {len(tracked)}x{len(tracked[0])}")
    unsure = {tuple(c) for c in reading.uncertain}
    differ = []
    for r, row in enumerate(tracked):
        for c, is_covered in enumerate(row):
            if (r, c) in unsure:
                continue
            seen = reading.cells[r][c] == "covered"
            if seen != is_covered:
                differ.append({"cell": [r, c], "photo": reading.cells[r][c], "game": "covered" if is_covered else "uncovered"})
    return {"compared_with": label, "disagree": differ, "unread": [list(c) for c in sorted(unsure)]}
