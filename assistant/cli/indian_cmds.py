"""Indian Summer's own command-line pieces: `garden woods` draws board mode's woodland boards,
the catalogue groups (leaves, animals, woodlands), and `fit`/`advise` on a woodland board.
(Its moves come from the game's commands: cli/moves.py; what they mean: games/indian_summer/moves.py.)

Board mode (garden new indian-summer --board-mode --bed Ann=SIDE): every placement names its
cells (--tile ID_OR_SHAPE --at ROW,COL [--turn r90], or --cells 2,3+2,4*+3,4).
"""

from __future__ import annotations

from typing import Annotated, Any

import typer

from assistant.cli import indian_components
from assistant.cli.common import GameOption
from assistant.cli.indian_components import (  # noqa: F401 (garden tiles, through this module)
    define_tile, forget_tile, list_tiles, save_scanned, tile_doubt, tile_known, tile_matches)
from assistant.cli.errors import reports_errors

GAME = "indian-summer"
COMMANDS = ("woods", *indian_components.COMMANDS)


def register(app: typer.Typer) -> None:
    app.command("woods", rich_help_panel="Indian Summer")(woods)
    indian_components.register(app)  # garden leaves | animals | woodlands


@reports_errors
def woods(
    player: Annotated[str | None, typer.Argument(help="Whose board (default: everyone's).")] = None,
    game: GameOption = None,
) -> None:
    """Board mode: draw the woodland boards cell by cell."""
    from assistant.cli.common import board_mode_state, board_names, console
    from assistant.render.indian_woods import woods_view

    state = board_mode_state(game, GAME, "Indian Summer")
    console().print(woods_view(state, board_names(state, player)))


# -- garden fit / garden advise for Indian Summer (called by fit_cmds) ---------------------

def _tracked_woods(game: str | None, player: str | None) -> tuple[Any, int]:
    from assistant.cli.common import load_game, player_index
    from assistant.errors import GardenError

    state = load_game(game).state
    if not state.setup.board_mode:
        raise GardenError("this Indian Summer game is not in board mode: give the board with --cells")
    return state, player_index(state, player)


def fit_report(board: Any, shape: Any, *, limit: int | None, flip: bool, stacks: tuple = (),
               notes: list[str] | None = None) -> dict[str, Any]:
    from assistant.data import indian_catalogue as ic
    from assistant.games.indian_summer import woods as cells_of
    from assistant.games.indian_summer.leaffit import rank_leaf

    ranked = rank_leaf(board, shape, animals=ic.animal_shapes(), stacks=stacks, flip=flip)
    shown = ranked if limit is None else ranked[:limit]
    return {"game": GAME, "placements": [r.to_json() for r in shown], "count": len(ranked),
            "shape": ic.draw_leaf(shape), "woods": cells_of.woods_text(board), "notes": list(notes or [])}


def fit(shape_or_id: str, cells: str | None, shown: int | None, no_flip: bool, cats: int | None,
        player: str | None, bed: int | None, game: str | None, json_output: bool) -> None:
    """`garden fit` on an Indian Summer board (--cells, or a board-mode game's player)."""
    from assistant.cli.common import print_json
    from assistant.data import indian_catalogue as ic
    from assistant.errors import GardenError, UsageError
    from assistant.games.indian_summer import woods as cells_of

    if cats is not None or bed is not None:
        raise UsageError("--cats and --bed are Cottage Garden options")
    shape, _ = ic.resolve_leaf(shape_or_id)
    notes = ["animal shapes unknown (no source gives them): " + ", ".join(
        k for k, s in ic.load().animals.items() if s.shape is None) + " — define one: garden tiles define KIND SHAPE --game indian-summer"]
    if cells is not None:
        if player is not None:
            raise UsageError("--cells gives the board itself: leave out --player")
        try:
            board = cells_of.parse_woods(cells)
        except GardenError as err:
            raise UsageError(f"--cells: {err}") from None
        if (board.rows, board.cols) != (cells_of.ROWS, cells_of.COLS):
            raise UsageError(f"--cells: a woodland board is {cells_of.ROWS} rows of {cells_of.COLS}")
        stacks: tuple = ("z", "t", "o")
    else:
        state, index = _tracked_woods(game, player)
        board, stacks = state.players[index].board, state.stacks
    report = fit_report(board, shape, limit=shown, flip=not no_flip, stacks=stacks, notes=notes)
    if json_output:
        print_json(report)
        return
    render_fit(report, shown)


def render_fit(report: dict[str, Any], shown: int | None) -> None:
    from rich.table import Table

    from assistant.cli.common import console
    from assistant.render.indian_woods import LEGEND, board_text

    out = console()
    for note in report["notes"]:
        out.print(f"Note: {note}", markup=False)
    if not report["count"]:
        out.print(f"No legal placement of {report['shape']!r} on this board.", markup=False)
        return
    table = Table("#", "board (X = the tile)", "score", "placed as", "why", show_lines=True,
                  title=f"{report['count']} legal placement(s) of {report['shape']!r}, best first")
    for i, p in enumerate(report["placements"], 1):
        table.add_row(str(i), board_text(report["woods"], {tuple(c) for c in p["cells"]}), f"{p['score']:g}",
                      f"{p['orientation']} at {p['anchor'][0]},{p['anchor'][1]}\nhole {p['hole'][0]},{p['hole'][1]}",
                      "\n".join(f"• {r}" for r in p["reasons"]))
    out.print(table)
    if shown is not None and report["count"] > shown:
        out.print(f"… and {report['count'] - shown} more (--limit 0 shows all).", markup=False)
    out.print(LEGEND, markup=False)


def advice(line: str | None, game: str | None) -> dict[str, Any]:
    """`garden advise --json` for the current player of an Indian Summer board-mode game: every tile of the
    path (--line: ids or shapes) at its best place, a squirrel, and the animals the holes offer now.
    Once the turn's main action is taken only a squirrel paid with a nut (a special action) is left."""
    from assistant.data import indian_catalogue as ic
    from assistant.errors import UsageError
    from assistant.games.indian_summer import supply
    from assistant.games.indian_summer.leaffit import rank_leaf, rank_squirrel
    from assistant.games.indian_summer.rules import MAIN_NAMES

    state, index = _tracked_woods(game, None)
    player = state.players[index]
    main_done = state.turn.main
    if line is None and not main_done:
        raise UsageError(f"the path is tracked by colour only ({supply.short(player.path)}): give its tiles, "
                         "ids or shapes with the hole as 'o', e.g. --line G3,O7,'#o/#.'")
    from assistant.games.indian_summer.moves import animal_offer_lines

    before: list[str] = list(animal_offer_lines(state))
    options = []
    if main_done:
        before.append(f"{player.name} took main action {MAIN_NAMES[main_done]} this turn: no more leaf tiles from "
                      "the path; a squirrel only for a nut (garden nut)." + (" The --line is not ranked." if line else ""))
    for entry in (t.strip() for t in (line or "").split(",") if t.strip() and not main_done):
        shape, label = ic.resolve_leaf(entry)
        colour = ic.colour_of_shape(shape)
        if colour not in player.path:
            before.append(f"{entry}: your path holds no {colour} tile ({supply.short(player.path)}); "
                          "a mushroom or a refill could bring one.")
        ranked = rank_leaf(player.board, shape, animals=ic.animal_shapes(), stacks=state.stacks)
        if ranked:
            best = ranked[0]
            options.append({"what": f"leaf {label or entry} ({colour})", **best.to_json(),
                            "score": round(best.score + 0.5 * shape.size, 3) + 0.0,
                            "reasons": list(best.reasons) + [f"covers {shape.size} cell(s)"]})
        else:
            before.append(f"{entry}: fits nowhere on your board.")
    nuts = player.held[supply.tindex("nut")]
    squirrels = rank_squirrel(player.board) if not main_done or nuts else []
    if main_done and not nuts:
        before.append(f"{player.name} holds no nut to pay for a squirrel.")
    if squirrels:
        score, (r, c), why = squirrels[0]
        options.append({"what": "a squirrel, for a nut" if main_done else "a squirrel", "cells": [[r, c]],
                        "score": round(score + 0.5, 3) + 0.0, "reasons": why})
    options.sort(key=lambda o: -o["score"])
    return {"game": GAME, "player": player.name, "path": list(player.path), "before": before, "options": options}


def print_advice(ranked: dict[str, Any]) -> None:
    """`garden advise`: the advice (above), printed."""
    from rich.table import Table

    from assistant.cli.common import console

    before, options, name = ranked["before"], ranked["options"], ranked["player"]
    out = console()
    for step in before:
        out.print(f"• {step}", markup=False)
    if not options:
        out.print(f"Nothing for {name} to place now.", markup=False)
        return
    table = Table("#", "place", "where", "score", "why", title=f"{name}: placement options, best first")
    for i, opt in enumerate(options[:10], 1):
        table.add_row(str(i), opt["what"], " ".join(f"{r},{c}" for r, c in opt["cells"]), f"{opt['score']:g}",
                      "\n".join(opt["reasons"]))
    out.print(table)


def fit_on_text(tile: str, text: str, shown: int | None, no_flip: bool, cats: int,
                notes: list[str]) -> tuple[dict[str, Any], Any]:
    """The fit report of a leaf tile on a photo's reading as woodland text, and its renderer."""
    from assistant.data import indian_catalogue
    from assistant.games.indian_summer.woods import parse_woods

    shape, _ = indian_catalogue.resolve_leaf(tile)
    report = fit_report(parse_woods(text), shape, limit=shown, flip=not no_flip, stacks=("z", "t", "o"), notes=notes)
    return report, render_fit


# -- what `garden check` and `garden tally --photo` read from a woodland photo ---------------

def reading_view(reading: Any) -> dict[str, Any]:
    """`check` on a woodland board: its six regions, uncovered and unread cells counted."""
    return {"regions": woodland_regions(reading)}


def compare_view(loaded: Any, reading: Any, player: str, bed: int | None) -> dict[str, Any]:
    from assistant.cli.photo_game import comparison_view

    return comparison_view(loaded, reading, player, bed)


UNCOVERED = ("empty", "pot", "cloche", "blueberry", "nut", "mushroom", "feather")


def woodland_regions(reading: Any) -> list[dict[str, Any]]:
    """The six 3x4 regions of a 9x8 woodland board: cells, uncovered cells (printed treasures
    included), and uncertain cells (not counted as uncovered or covered)."""
    from assistant.errors import GardenError
    from assistant.games.indian_summer.woods import GRID, region_masks

    if (reading.rows, reading.cols) != (GRID.rows, GRID.cols):
        raise GardenError(f"a woodland board is {GRID.rows}x{GRID.cols}; this reading is {reading.rows}x{reading.cols}")
    unsure = {tuple(c) for c in reading.uncertain}
    out = []
    for mask in region_masks():
        cells = GRID.cells(mask)
        out.append({"cells": [[r, c] for r, c in cells],
                    "empty": sum(1 for r, c in cells if reading.cells[r][c] in UNCOVERED and (r, c) not in unsure),
                    "uncertain": sum(1 for cell in cells if cell in unsure)})
    return out


def tally_photos(loaded: Any, photos: list[str], default_board: str | None) -> tuple[Any, list[str]]:
    """An Indian Summer game's state with each photographed player's empty cells read from
    their woodland photo (the ranking's first key) and the regions it shows complete (all
    read, none uncovered); notes say what was read and what was not, and where the photo and
    the tracked game disagree on a completed region."""
    from assistant.errors import GardenError, UsageError
    from assistant.vision.imageio import load_photo
    from assistant.vision.profile import load_profile
    from assistant.vision.reader import read_photo

    state, notes = loaded.state, []
    asked: dict[int, tuple[str, str]] = {}  # every argument checked before any photo is read
    for arg in photos:
        who, sep, rest = arg.partition("=")
        path, _, board = rest.partition("@")
        board = board or default_board
        if not sep or not path:
            raise UsageError(f"--photo {arg!r}: write PLAYER=PHOTO or PLAYER=PHOTO@BOARD")
        if not board:
            raise UsageError(f"--photo {arg!r}: name the calibrated board (--board NAME or PLAYER=PHOTO@BOARD)")
        index = state.index_of(who)
        if index is None:
            raise GardenError(f"--photo {arg!r}: there is no player {who!r} in this game")
        if index in asked:
            raise UsageError(f"--photo {arg!r}: {state.players[index].name} has a photo already; give one per player")
        asked[index] = (path, board)
    for index, (path, board) in asked.items():
        reading = read_photo(load_photo(path), load_profile(board))
        regions = woodland_regions(reading)
        empty = sum(r["empty"] for r in regions)
        unread = sum(r["uncertain"] for r in regions)
        complete = tuple(n for n, r in enumerate(regions, start=1) if r["empty"] == 0 and r["uncertain"] == 0)
        player = state.players[index]
        notes.append(f"{player.name}: {empty} empty cell(s) read from {path}"
                     + (f"; {unread} cell(s) could not be read and are not counted — check them by eye" if unread else ""))
        differ = sorted(set(complete) ^ set(player.completed))
        if differ:
            notes.append(f"{player.name}: the photo and the game disagree on region(s) {', '.join(map(str, differ))} "
                         f"(complete in the photo: {', '.join(map(str, complete)) or 'none'}; in the game: "
                         f"{', '.join(map(str, player.completed)) or 'none'}); the tally shows the photo's")
        state = state.with_player(index, player._replace(empty=empty, completed=complete))
    return state, notes
