"""`garden fit PHOTO --board NAME --tile SHAPE_OR_ID [--again PHOTO]`: placements on the bed a photo
shows (or several photos of it, each from a little to one side, read as one), best first, the best
few drawn on the photo in perspective (reports/photo.py). Uncertain cells are never free."""

from __future__ import annotations

from pathlib import Path

from assistant.errors import UsageError


def fit_photo(photo: str | None, board: str | None, tile: str | None, out: Path | None, camera: str | None,
              limit: int | None, no_flip: bool, cats: int, json_output: bool, again: list[str]) -> None:
    from assistant.cli.common import print_json, shown_limit
    from assistant.cli.photo_cmds import check_drawing_path, photo_source, print_unseen, write_drawing
    from assistant.cli.registry import game_cli
    from assistant.photocheck import check_photo
    from assistant.reports.photo import fit_on_reading, placements_drawn
    from assistant.vision.imageio import load_photo
    from assistant.vision.profile import load_profile

    if board is None or tile is None:
        raise UsageError("photo mode takes PHOTO --board NAME --tile SHAPE_OR_ID")
    if again and camera is not None:
        raise UsageError("--again adds photos to a PHOTO: leave out --camera.")
    if out is not None:
        check_drawing_path(out)
    profile = load_profile(board)
    source = photo_source(photo, camera, out.parent if out is not None else None, "fit")
    checked = check_photo(load_photo(source), None, profile, more=[load_photo(path) for path in again])
    reading = checked.reading
    shown = shown_limit(limit, json_output)
    report = fit_on_reading(reading, profile.game, tile, shown, no_flip, cats)
    report["photo"] = {"board": board, "path": checked.photo.source, "corners": checked.data["corners"],
                       "uncertain": checked.data["uncertain"], "glare": checked.data["glare"],
                       "hidden": checked.data["hidden"],
                       **{key: checked.data[key] for key in ("photos", "not_read", "disagree") if key in checked.data}}
    if out is not None:
        write_drawing(out, placements_drawn(checked.photo.image, reading, report["placements"]))
        report["drawn"] = str(out)
    if json_output:
        print_json(report)
        return
    for entry in checked.data.get("not_read", []):
        print(f"Not read: {entry['why']}")
    game_cli(profile.game).print_fit(report, shown)
    print_unseen(reading, bool(again), "give that photo too, with --again, to be read as one")
    if out is not None:
        print(f"Drawn: {out} (best placement green, then yellow, then orange)")
