"""Photo commands: calibrate a board side, list boards, check a photo.

numpy / OpenCV are imported inside the commands (start-up time is benchmarked).
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Annotated, Any

import typer

from assistant.cli.errors import reports_errors
from assistant.errors import GardenError, UsageError

PhotoArg = Annotated[str | None, typer.Argument(help="The photo (JPEG/PNG); omit with --camera.", show_default=False)]
CameraOpt = Annotated[str | None, typer.Option("--camera", help="Take the photo from camera N (or a video file).")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON.")]
PhotosArg = Annotated[list[str] | None, typer.Argument(
    help="The photo (JPEG/PNG); or several of the same board, each from a little to one side, read as one "
    "(glare moves with the camera, the board does not); omit with --camera.", show_default=False)]

_SHOW = {"covered": "#", "empty": ".", "pot": "P", "cloche": "C", "blueberry": "B", "nut": "N",
         "mushroom": "M", "feather": "F"}


def _legend(cells: list[list[str]]) -> str:
    """The marks of the table: covered and empty, then the printed symbols it shows
    (a woodland board's treasures, a bed's pots and cloches)."""
    printed = [name for name in _SHOW if name not in ("covered", "empty") and any(name in row for row in cells)]
    return ", ".join(f"{_SHOW[name]} {name}" for name in ["covered", "empty", *printed])


def photo_source(photo: str | None, camera: str | None, save_dir: Path | None, stem: str) -> str:
    """The photo path to read; with --camera, grabs a frame and saves it first."""
    if photo and camera is not None:
        raise UsageError("give a PHOTO or --camera, not both.")
    if not photo and camera is None:
        raise UsageError("give a PHOTO (or --camera N).")
    if camera is None:
        return photo  # type: ignore[return-value]
    import cv2

    from assistant.paths import garden_home
    from assistant.vision.imageio import capture_frame

    frame = capture_frame(camera)
    folder = save_dir if save_dir is not None else garden_home() / "captures"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{stem}-{time.strftime('%Y%m%d-%H%M%S')}.jpg"
    if not cv2.imwrite(str(path), frame, [cv2.IMWRITE_JPEG_QUALITY, 92]):
        raise GardenError(f"could not save the camera picture to {path}.")
    return str(path)


def check_drawing_path(path: Path) -> None:
    """--out names a PNG or JPEG in a folder that exists (checked before the photo is read)."""
    if path.suffix.lower() not in (".png", ".jpg", ".jpeg"):
        raise UsageError(f"--out {path} must end in .png or .jpg.")
    if path.parent and not path.parent.exists():
        raise GardenError(f"--out folder {path.parent} does not exist.")


def write_drawing(path: Path, image) -> None:
    """A drawing to --out, PNG or JPEG by its suffix."""
    import cv2

    check_drawing_path(path)
    if not cv2.imwrite(str(path), image):
        raise GardenError(f"could not write {path}.")


def calibrate(
    name: Annotated[str, typer.Argument(help="Name for this board side, e.g. bed-1-light.")],
    photo: PhotoArg = None,
    grid: Annotated[str, typer.Option("--grid", help="Cell grid ROWSxCOLS, e.g. 5x5.")] = ...,  # type: ignore[assignment]
    corners: Annotated[str | None, typer.Option("--corners", help='Grid corners "x,y x,y x,y x,y": TL TR BR BL.')] = None,
    layout: Annotated[str | None, typer.Option("--layout", help="Printed symbols, rows split by '/', e.g. P...C/.....")] = None,
    game: Annotated[str | None, typer.Option("--game", help="Whose symbol set (default: cottage-garden); "
                                             "`garden new --help` lists the games.")] = None,
    camera: CameraOpt = None,
    replace: Annotated[bool, typer.Option("--replace", help="Calibrate again a board already calibrated "
                                          "under this name (its profile is replaced).")] = False,
    json_output: JsonOpt = False,
) -> None:
    """Learn a board side from one photo of it EMPTY."""
    from assistant.vision import symbols
    from assistant.vision.profile import boards_dir, bundled_dir, validate_name

    validate_name(name)
    game = game or symbols.DEFAULT_GAME
    rows, cols = symbols.parse_grid_size(grid)
    symbols.parse_layout(layout, rows, cols, game)
    from assistant.games import registry

    warnings = registry.game(game).layout_warnings(layout, rows, cols) if game in registry.GAMES and layout else []
    corner_pts = None
    if corners is not None:
        from assistant.vision.geometry import parse_corners

        corner_pts = parse_corners(corners)
    folder = boards_dir() / name
    if (folder / "profile.json").exists() and not replace:  # a calibration is work: never lost unasked
        raise GardenError(f"board {name} is already calibrated ({folder}): give --replace to calibrate it again, "
                          "or choose another name.")
    bundled = bundled_dir()
    if bundled is not None and (bundled / name / "profile.json").exists():
        warnings.append(f"this profile takes the place of the bundled {bundled / name} for --board {name}")
    source = photo_source(photo, camera, folder, "calibration")
    from assistant.vision.reader import calibrate as do_calibrate

    prof, preview = do_calibrate(source, name, rows, cols, corner_pts, layout, game)
    prof.save(folder)
    preview_path = folder / "preview.png"
    write_drawing(preview_path, preview)
    if json_output:
        print(json.dumps({"board": name, "rows": rows, "cols": cols, "game": game, "profile": str(folder),
                          "preview": str(preview_path), "corners": prof.source_corners,
                          "found": corners is None, "warnings": warnings}))
    else:
        how = "grid found automatically" if corners is None else "corners given"
        print(f"Calibrated board {name} ({rows}x{cols}, {game}, {how}) -> {folder}")
        print(f"Preview: {preview_path}")
        for warning in warnings:
            print(f"Warning: {warning}")


def boards(json_output: JsonOpt = False) -> None:
    """List the calibrated board profiles."""
    from assistant.vision.profile import board_list

    found = board_list()
    if json_output:
        print(json.dumps({"boards": found}))
        return
    if not found:
        print("No boards calibrated yet: use `garden calibrate NAME PHOTO --grid RxC`.")
        return
    for b in found:
        if "error" in b:
            print(f"{b['board']:<24} damaged: {b['error']}")
        else:
            print(f"{b['board']:<24} {b['rows']}x{b['cols']}  {b['game']:<15} {b['path']}")


def check(
    photos: PhotosArg = None,
    board: Annotated[str | None, typer.Option("--board", help="A calibrated board name (see `garden boards`).")] = None,
    grid: Annotated[str | None, typer.Option("--grid", help="No profile: find a ROWSxCOLS grid.")] = None,
    out: Annotated[Path | None, typer.Option("--out", help="Draw the reading on the photo into this file (.png or .jpg).")] = None,
    camera: CameraOpt = None,
    player: Annotated[str | None, typer.Option("--player", help="Compare with this player's tracked bed/board in a game.")] = None,
    bed: Annotated[int | None, typer.Option("--bed", min=1, max=2, help="Cottage Garden: which bed the photo shows.")] = None,
    game: Annotated[str | None, typer.Option("--game", help="The game to compare with (default: the most recent).")] = None,
    json_output: JsonOpt = False,
) -> None:
    """Read a board photo: which cells are covered (and, with --player, how it differs from the game)."""
    from assistant.cli.common import table
    from assistant.photocheck import check_photo, checked_profile
    from assistant.vision.imageio import load_photo

    photo, *more = photos or [None]
    if more and camera is not None:
        raise UsageError("give PHOTOs or --camera, not both.")
    profile = checked_profile(board, grid)  # a wrong board or grid is refused before a camera or photo is touched
    if out is not None:
        check_drawing_path(out)
    source = photo_source(photo, camera, out.parent if out is not None else None, "photo")
    games = table() if player is not None else None  # the store is opened only to compare with a game
    checked = check_photo(load_photo(source), games, profile, grid, player, bed, game,
                          [load_photo(path) for path in more])
    reading, data = checked.reading, checked.data
    if camera is not None:
        reading.photo_path = source
        data = {**data, **reading.to_json()}
    if out is not None:
        write_drawing(out, checked.drawing())
    if json_output:
        print(json.dumps(data))
        return
    unc = set(map(tuple, reading.uncertain))
    title = f"Board {reading.board}" if reading.board else "Grid"
    how = " (placed by its corner markers)" if reading.method == "markers" else ""
    not_read = {entry["photo"]: entry["why"] for entry in data.get("not_read", [])}
    read_from = " and ".join(path for path in [source, *more] if path not in not_read)
    print(f"{title}: {reading.rows}x{reading.cols}, read from {read_from}{how}")
    for path, why in not_read.items():
        print(f"Not read: {why}")
    print("     " + " ".join(f"{c:>2}" for c in range(reading.cols)))
    for r in range(reading.rows):
        marks = []
        for c in range(reading.cols):
            mark = _SHOW.get(reading.cells[r][c], "?")
            marks.append(f"{mark + ('?' if (r, c) in unc else ''):>2}")
        print(f"  {r:>2} " + " ".join(marks))
    covered = sum(row.count("covered") for row in reading.cells)
    print(f"{covered} covered; {_legend(reading.cells)}; ? after a mark = uncertain")
    if reading.details.get("no_blank"):
        print("No cell looks blank, so none can be told covered for sure: a board with art in every cell is "
              "read against its calibration (garden calibrate, then check --board).")
    elif reading.uncertain:
        print("Uncertain: " + ", ".join(f"({r},{c})" for r, c in reading.uncertain))
    print_unseen(reading, bool(more), "give both photos, to be read as one")
    if data.get("disagree"):
        print("The photos read " + ", ".join(f"({r},{c})" for r, c in data["disagree"]) + " differently, each "
              "with confidence: left uncertain (was a piece moved between them?).")
    if out is not None:
        print(f"Drawn: {out}")
    _print_game_view(data)


def print_unseen(reading: Any, several: bool, add_photo: str) -> None:
    """The cells a photo does not show, each kind with what to do: those the glare washes out, and
    those where nothing sharp shows (something out of focus between the camera and the board).
    `several`: the reading is of several photos already; else `add_photo` says how to give another."""
    from assistant.vision.cells import NOTHING_SHARP
    from assistant.vision.glare import MOVE_THE_REFLECTION

    more = "." if several else f"; then {add_photo}."
    if reading.glare:
        print("Glare hides " + ", ".join(f"({r},{c})" for r, c in reading.glare) + f": {MOVE_THE_REFLECTION}{more}")
    if reading.hidden:
        print("Nothing sharp shows at " + ", ".join(f"({r},{c})" for r, c in reading.hidden)
              + f": {NOTHING_SHARP}{more}")


def _print_game_view(extra: dict[str, Any]) -> None:
    for number, region in enumerate(extra.get("regions", []), start=1):
        print(f"Region {number}: {region['empty']} uncovered" + (f", {region['uncertain']} unread" if region["uncertain"] else ""))
    if "comparison" in extra:
        comp = extra["comparison"]
        if not comp["disagree"]:
            print(f"The photo agrees with {comp['compared_with']}" + (f" (unread: {len(comp['unread'])} cell(s))" if comp["unread"] else "") + ".")
        for d in comp["disagree"]:
            r, c = d["cell"]
            print(f"Cell {r},{c}: the photo shows {d['photo']}, the game has it {d['game']}.")
    if "offer" in extra:
        offer = extra["offer"]
        bed = f"bed {extra['bed']}" if "bed" in extra else "bed"
        if offer is None:
            print(f"The photo does not show {extra['player']}'s {bed} complete (or some cells are unread).")
        else:
            print(f"The bed looks complete: {offer['printed_pots']} printed flowerpot(s) and {offer['printed_cloches']} "
                  "printed cloche(s) visible; add the pots and cloches on tiles and the pot tokens, then "
                  f"garden score {extra['player']} --pots N --cloches M.")

def markers(
    out: Annotated[Path, typer.Option("--out", help="The sheet to write (.png, or .jpg).")] = Path("garden-markers.png"),
    size_mm: Annotated[float, typer.Option("--size-mm", help="Side of each marker's paper square, mm.")] = 50.0,
    dpi: Annotated[int, typer.Option("--dpi", help="Print resolution of the sheet.")] = 300,
) -> None:
    """Write the printable sheet of corner markers for boards too covered to find alone."""
    from assistant.vision.markers import sheet

    if not 20.0 <= size_mm <= 80.0:
        raise UsageError(f"--size-mm {size_mm:g} is outside 20..80 (four squares must fit on one A4 page).")
    if not 72 <= dpi <= 1200:
        raise UsageError(f"--dpi {dpi} is outside 72..1200.")
    write_drawing(out, sheet(dpi, size_mm))
    print(f"Corner markers ({size_mm:g} mm) -> {out}: print at 100% and cut out the four squares; lay each "
          "outside the board with its corner on the board's corner (marker 0 next to row 1, column 1 of "
          "the calibrated grid, then clockwise). `garden check` uses them when it cannot find the board alone.")


def register(app: typer.Typer, only: str | None = None) -> None:
    """Adds the photo commands (or just `only`) to the app."""
    for command in (calibrate, boards, check, markers):
        if only in (None, command.__name__):
            app.command(command.__name__)(reports_errors(command))
