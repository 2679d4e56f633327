"""`garden fit PHOTO --board NAME --tile SHAPE_OR_ID`: placements on the bed a photo shows,
best first, the best few drawn on the photo in perspective (reports/photo.py). Uncertain cells are
never free."""

from __future__ import annotations

from pathlib import Path

from assistant.errors import UsageError


def fit_photo(photo: str | None, board: str | None, tile: str | None, out: Path | None, camera: str | None,
              limit: int | None, no_flip: bool, cats: int, json_output: bool) -> None:
    from assistant.cli.common import print_json, shown_limit
    from assistant.cli.photo_cmds import check_drawing_path, photo_source, write_drawing
    from assistant.cli.registry import game_cli
    from assistant.reports.photo import fit_on_reading, placements_drawn
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
    report = fit_on_reading(reading, profile.game, tile, shown, no_flip, cats)
    report["photo"] = {"board": board, "path": source, "corners": reading.to_json()["corners"],
                       "uncertain": [list(c) for c in reading.uncertain]}
    if out is not None:
        write_drawing(out, placements_drawn(loaded.image, reading, report["placements"]))
        report["drawn"] = str(out)
    if json_output:
        print_json(report)
        return
    game_cli(profile.game).print_fit(report, shown)
    if out is not None:
        print(f"Drawn: {out} (best placement green, then yellow, then orange)")
