"""`garden fit PHOTO --board NAME --tile SHAPE_OR_ID`: placements on the bed a photo shows,
best first, the best few drawn on the photo in perspective. Uncertain cells are never free."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from assistant.errors import UsageError

# BGR colours for the best three placements drawn on the photo: green, yellow, orange.
RANK_COLOURS = ((60, 200, 60), (0, 215, 255), (0, 140, 255))
COVERED_TEXT = "#"
CELL_TEXT = {"empty": ".", "pot": "P", "cloche": "C", "blueberry": "B", "nut": "N", "mushroom": "M", "feather": "F"}


def reading_as_text(reading: Any) -> str:
    """The reading in the games' bed text: covered and uncertain cells are '#'."""
    unsure = {tuple(c) for c in reading.uncertain}
    rows = []
    for r, row in enumerate(reading.cells):
        rows.append("".join(COVERED_TEXT if (r, c) in unsure or v == "covered" else CELL_TEXT[v]
                            for c, v in enumerate(row)))
    return "/".join(rows)


def fit_on_reading(reading: Any, game: str, tile: str, shown: int | None, no_flip: bool = False,
                   cats: int = 0) -> tuple[dict[str, Any], Any]:
    """The fit report of `tile` on a photo's reading (uncertain cells taken as covered), and the game's
    renderer of it."""
    from assistant.cli.registry import game_cli

    notes = []
    if reading.uncertain:
        notes.append("cells read uncertain are treated as covered: " + ", ".join(f"{r},{c}" for r, c in reading.uncertain))
    return game_cli(game).fit_on_text(tile, reading_as_text(reading), shown, no_flip, cats, notes)


def placements_drawn(image: Any, reading: Any, placements: list[dict[str, Any]]) -> Any:
    """The best three placements drawn on the photo in perspective (green, yellow, orange), with the grid marked."""
    from assistant.vision.draw import draw_cells_on_photo, mark_grid

    for colour, placement in reversed(list(zip(RANK_COLOURS, placements))):
        image = draw_cells_on_photo(image, reading.homography, [tuple(c) for c in placement["cells"]], colour,
                                    photo_size=reading.photo_size)
    return mark_grid(image, reading, [(f"placement {i + 1}", c) for i, c in enumerate(RANK_COLOURS)
                                      if i < len(placements)])


def fit_photo(photo: str | None, board: str | None, tile: str | None, out: Path | None, camera: str | None,
              limit: int | None, no_flip: bool, cats: int, json_output: bool) -> None:
    from assistant.cli.common import print_json, shown_limit
    from assistant.cli.photo_cmds import check_drawing_path, photo_source, write_drawing
    from assistant.vision.imageio import load_photo
    from assistant.vision.profile import load_profile
    from assistant.vision.reader import read_photo

    if board is None or tile is None:
        raise UsageError("photo mode takes PHOTO --board NAME --tile SHAPE_OR_ID")
    if out is not None:
        check_drawing_path(out)
    profile = load_profile(board)
    source = photo_source(photo, camera, out.parent if out is not None else None, "fit")
    loaded = load_photo(source)
    reading = read_photo(loaded, profile)
    shown = shown_limit(limit, json_output)
    report, render = fit_on_reading(reading, profile.game, tile, shown, no_flip, cats)
    report["photo"] = {"board": board, "path": source, "corners": reading.to_json()["corners"],
                       "uncertain": [list(c) for c in reading.uncertain]}
    if out is not None:
        write_drawing(out, placements_drawn(loaded.image, reading, report["placements"]))
        report["drawn"] = str(out)
    if json_output:
        print_json(report)
        return
    render(report, shown)
    if out is not None:
        print(f"Drawn: {out} (best placement green, then yellow, then orange)")
