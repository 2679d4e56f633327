"""`garden tiles scan PHOTO --board NAME`: a box's tiles laid beside a calibrated board, read from
one photo (vision/tilescan.py), matched against the game's catalogue, and kept with --save as
`garden tiles define` would; `garden tiles forget ID` takes a kept shape back."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Annotated, Any

import typer

from assistant.cli.registry import tile_game
from assistant.cli.common import JsonOption, console
from assistant.cli.errors import reports_errors
from assistant.errors import GardenError, UsageError


@reports_errors
def scan(
    photo: Annotated[Path, typer.Argument(help="The photo: tiles face up on the table around the board, apart from "
                                                "each other and from it.")],
    board: Annotated[str, typer.Option("--board", help="The calibrated board in the photo (its cells are the scale).")],
    game: Annotated[str | None, typer.Option("--game", help="Whose tiles (default: the board's game).")] = None,
    json_output: JsonOption = False,
    out: Annotated[Path | None, typer.Option("--out", help="Draw every tile's cells and label on the photo (.png or .jpg).")] = None,
    save: Annotated[bool, typer.Option("--save", help="Keep the tiles read surely in your catalogue, as tiles define "
                                                      "would (asks first; --yes does not).")] = False,
    yes: Annotated[bool, typer.Option("--yes", help="With --save: do not ask.")] = False,
    replace: Annotated[bool, typer.Option("--replace", help="With --save: a tile already defined may be defined again.")] = False,
) -> None:
    """Read the shapes (and symbols or holes) of tiles laid beside a calibrated board."""
    from assistant.cli.photo_cmds import check_drawing_path, write_drawing
    from assistant.vision.draw import draw_tiles
    from assistant.vision.imageio import load_photo
    from assistant.vision.profile import load_profile
    from assistant.vision.reader import place_board
    from assistant.vision.tilescan import scan_tiles

    if (yes or replace) and not save:
        raise UsageError("--yes and --replace go with --save")
    profile = load_profile(board)
    game = game or profile.game
    if game != profile.game:
        raise UsageError(f"board {board} is a {profile.game} board; its tiles are {profile.game}'s, not {game}'s")
    module = tile_game(game)
    if out is not None:
        check_drawing_path(out)
    loaded = load_photo(str(photo))
    try:
        placed = place_board(loaded, profile)
    except GardenError as err:
        raise GardenError(f"{err} The board is the scale the tiles are measured by: it must be found first.") from None
    found = scan_tiles(loaded, profile, placed.homography)
    if not found.tiles:
        raise GardenError(f"no tiles found beside board {board} in {photo}: lay them face up on the table around it, "
                          "apart from each other and from the board"
                          + (f" ({len(found.refused)} not read; the first: {found.refused[0]})" if found.refused else ""))
    doubt_unknown_shapes(module, found.tiles)
    rows = []
    for tile in found.tiles:
        matches = module.tile_matches(tile.shape)
        rows.append({**tile.to_json(), "matches": matches, "new": not matches})
    counts = Counter(r["shape"] for r in rows)
    for r in rows:
        r["count"] = counts[r["shape"]]
    data: dict[str, Any] = {"tiles": rows, "board": {"board": board, "corners": placed.corners_json()},
                            "refused": found.refused}
    if out is not None:
        write_drawing(out, draw_tiles(loaded.image, loaded.scale, found.tiles))
        data["drawn"] = str(out)
    if json_output and not save:
        print(json.dumps(data))
        return
    if not json_output:
        _print(rows, found.refused, out)
    if save:
        plan = _plan(module, found.tiles, rows, replace)
        data["saved"] = _save(module, plan, yes, json_output)
        if json_output:
            print(json.dumps(data))


def doubt_unknown_shapes(module: Any, tiles: list[Any]) -> None:
    """Each scanned tile whose shape the game has no tile of (its tile_doubt says why) is in doubt:
    read wrong, whatever the photo looked like (a leaf tile read without its hole cell)."""
    for tile in tiles:
        doubt = module.tile_doubt(tile.shape)
        if doubt is not None:
            tile.doubt(doubt)


def _print(rows: list[dict[str, Any]], refused: list[str], out: Path | None) -> None:
    shown = console()
    for k, r in enumerate(rows, 1):
        what = ", ".join(r["matches"]) if r["matches"] else "new (no catalogue entry of this size and symbols)"
        extra = [f"{s['kind']} at {s['cell'][0]},{s['cell'][1]}" for s in r["symbols"]]
        extra += [f"hole at {h[0]},{h[1]}" for h in r["holes"]]
        shown.print(f"{k}. {r['shape']}" + (f" ({'; '.join(extra)})" if extra else "") + f": {what}"
                    + (f" — uncertain: {'; '.join(r['doubts'])}" if r["uncertain"] else ""), markup=False)
    for why in refused:
        shown.print(f"• not read: {why}", markup=False)
    if out is not None:
        shown.print(f"Drawn: {out}", markup=False)


def _plan(module: Any, tiles: list[Any], rows: list[dict[str, Any]], replace: bool) -> list[tuple[str, Any, str]]:
    """(id, shape, note) for each sure tile: the first matching id not taken in this scan whose
    shape is not known yet (any, with --replace); a note says why a tile is not kept."""
    taken: set[str] = set()
    plan = []
    for tile, row in zip(tiles, rows):
        if row["uncertain"]:
            plan.append(("", tile.shape, "in doubt: not kept"))
            continue
        free = [i for i in row["matches"] if i not in taken and (replace or not module.tile_known(i))]
        if not free:
            why = "no catalogue id fits it" if not row["matches"] else \
                f"every id it may be is known already ({', '.join(row['matches'])}; --replace to define again)"
            plan.append(("", tile.shape, why))
            continue
        taken.add(free[0])
        plan.append((free[0], tile.shape, ""))
    return plan


def _save(module: Any, plan: list[tuple[str, Any, str]], yes: bool, quiet: bool) -> list[dict[str, str]]:
    shown = console()
    keep = [(i, s) for i, s, _ in plan if i]
    if not quiet:
        for ident, shape, why in plan:
            shown.print(f"  {ident or '—'}: {shape.to_text()}" + (f" ({why})" if why else ""), markup=False)
    if not keep:
        if not quiet:
            shown.print("Nothing to keep.", markup=False)
        return []
    if not yes and not typer.confirm(f"Keep these {len(keep)} tile shape(s) in your catalogue?", default=False):
        if not quiet:
            shown.print("Nothing kept.", markup=False)
        return []
    saved = []
    for ident, shape in keep:
        module.save_scanned(ident, shape)
        saved.append({"id": ident, "shape": shape.to_text()})
    if not quiet:
        shown.print(f"Kept {len(saved)}; `garden tiles forget ID` takes one back.", markup=False)
    return saved


@reports_errors
def forget(
    tile_id: Annotated[str, typer.Argument(metavar="ID", help="The tile whose shape you defined or kept from a scan.")],
    game: Annotated[str | None, typer.Option("--game", help="Whose tile (default: cottage-garden).")] = None,
) -> None:
    """Take back a tile shape you defined or kept from a scan (the shipped entry applies again)."""
    ident = tile_game(game).forget_tile(tile_id)
    print(f"Forgot your entry for tile {ident}.")
