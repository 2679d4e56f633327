"""A photo's reading meeting a game: compared with a player's tracked board, given to the game
as its board text, placements drawn on it. Vision never decides a rule: these only compare,
count and draw what the reading says."""

from __future__ import annotations

from typing import Any

from assistant.errors import GardenError

# BGR colours for the best three placements drawn on the photo: green, yellow, orange.
RANK_COLOURS = ((60, 200, 60), (0, 215, 255), (0, 140, 255))
COVERED_TEXT = "#"
CELL_TEXT = {"empty": ".", "pot": "P", "cloche": "C", "blueberry": "B", "nut": "N", "mushroom": "M", "feather": "F"}


def comparison_view(loaded: Any, reading: Any, player: str, bed: int | None) -> dict[str, Any]:
    """`check --player`: where the photo and the player's tracked board disagree (the game says
    which cells it has covered)."""
    from assistant.games.players import player_index

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


def reading_as_text(reading: Any) -> str:
    """The reading in the games' board text: covered and uncertain cells are '#'."""
    unsure = {tuple(c) for c in reading.uncertain}
    rows = []
    for r, row in enumerate(reading.cells):
        rows.append("".join(COVERED_TEXT if (r, c) in unsure or v == "covered" else CELL_TEXT[v]
                            for c, v in enumerate(row)))
    return "/".join(rows)


def fit_on_reading(reading: Any, game: str, tile: str, shown: int | None, no_flip: bool = False,
                   cats: int = 0) -> dict[str, Any]:
    """The fit report of `tile` on a photo's reading (uncertain cells taken as covered)."""
    from assistant import reports

    notes = []
    if reading.uncertain:
        notes.append("cells read uncertain are treated as covered: " + ", ".join(f"{r},{c}" for r, c in reading.uncertain))
    return reports.of(game).fit_on_text(tile, reading_as_text(reading), shown, no_flip, cats, notes)


def placements_drawn(image: Any, reading: Any, placements: list[dict[str, Any]]) -> Any:
    """The best three placements drawn on the photo in perspective (green, yellow, orange), with the grid marked."""
    from assistant.vision.draw import draw_cells_on_photo, mark_grid

    for colour, placement in reversed(list(zip(RANK_COLOURS, placements))):
        image = draw_cells_on_photo(image, reading.homography, [tuple(c) for c in placement["cells"]], colour,
                                    photo_size=reading.photo_size)
    return mark_grid(image, reading, [(f"placement {i + 1}", c) for i, c in enumerate(RANK_COLOURS)
                                      if i < len(placements)])
