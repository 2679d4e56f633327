"""Indian Summer's reports (see reports/__init__.py): every legal placement of a leaf tile on a
woodland board (`fit_report`, on a board given as text, a tracked board or a photo's reading),
the current player's placement options (`advice`), what a photo of a woodland board adds to
`check` (its six regions), and what players' photos tell `tally --photo` (their empty cells)."""

from __future__ import annotations

from typing import Any

from assistant.errors import GardenError, UsageError
from assistant.games.players import player_index

GAME = "indian-summer"


def tracked_woods(loaded: Any, player: str | None) -> tuple[Any, int]:
    """(state, player index) of a saved board-mode Indian Summer game; default: the current player."""
    state = loaded.state
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


def fit_on_text(tile: str, text: str, shown: int | None, no_flip: bool, cats: int,
                notes: list[str]) -> dict[str, Any]:
    """The fit report of a leaf tile on a board given as woodland text (a photo's reading)."""
    from assistant.data import indian_catalogue
    from assistant.games.indian_summer.woods import parse_woods

    shape, _ = indian_catalogue.resolve_leaf(tile)
    return fit_report(parse_woods(text), shape, limit=shown, flip=not no_flip, stacks=("z", "t", "o"), notes=notes)


def advice(loaded: Any, line: str | None) -> dict[str, Any]:
    """`garden advise --json` for the current player of an Indian Summer board-mode game: every tile of the
    path (--line: ids or shapes) at its best place, a squirrel, and the animals the holes offer now.
    Once the turn's main action is taken only a squirrel paid with a nut (a special action) is left."""
    from assistant.data import indian_catalogue as ic
    from assistant.games.indian_summer import supply
    from assistant.games.indian_summer.leaffit import rank_leaf, rank_squirrel
    from assistant.games.indian_summer.rules import MAIN_NAMES

    state, index = tracked_woods(loaded, None)
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


def reading_view(reading: Any) -> dict[str, Any]:
    """`check` on a woodland board: its six regions, uncovered and unread cells counted."""
    return {"regions": woodland_regions(reading)}


def compare_view(loaded: Any, reading: Any, player: str, bed: int | None) -> dict[str, Any]:
    from assistant.reports.photo import comparison_view

    return comparison_view(loaded, reading, player, bed)


UNCOVERED = ("empty", "pot", "cloche", "blueberry", "nut", "mushroom", "feather")


def woodland_regions(reading: Any) -> list[dict[str, Any]]:
    """The six 3x4 regions of a 9x8 woodland board: cells, uncovered cells (printed treasures
    included), and uncertain cells (not counted as uncovered or covered)."""
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
    their woodland photo, or several photos of it read as one (PLAYER=PHOTO,PHOTO2; the ranking's
    first key), and the regions it shows complete (all read, none uncovered); notes say what was
    read and what was not, and where the photo and the tracked game disagree on a completed region."""
    from assistant.vision.cells import NOTHING_SHARP
    from assistant.vision.glare import MOVE_THE_REFLECTION
    from assistant.vision.imageio import load_photo
    from assistant.vision.profile import load_profile
    from assistant.vision.views import read_board

    state, notes = loaded.state, []
    asked: dict[int, tuple[list[str], str]] = {}  # every argument checked before any photo is read
    for arg in photos:
        who, sep, rest = arg.partition("=")
        given, _, board = rest.partition("@")
        board = board or default_board
        paths = [path for path in given.split(",") if path]
        if not sep or not paths:
            raise UsageError(f"--photo {arg!r}: write PLAYER=PHOTO or PLAYER=PHOTO@BOARD (several photos of one "
                             "board: PLAYER=PHOTO,PHOTO2)")
        if not board:
            raise UsageError(f"--photo {arg!r}: name the calibrated board (--board NAME or PLAYER=PHOTO@BOARD)")
        index = state.index_of(who)
        if index is None:
            raise GardenError(f"--photo {arg!r}: there is no player {who!r} in this game")
        if index in asked:
            raise UsageError(f"--photo {arg!r}: {state.players[index].name} has a photo already; give one per "
                             "player (several photos of one board: PLAYER=PHOTO,PHOTO2)")
        asked[index] = (paths, board)
    for index, (paths, board) in asked.items():
        reading, _, refused = read_board([load_photo(path) for path in paths], load_profile(board))
        player = state.players[index]
        notes += [f"{player.name}: not read: {why}" for _, why in refused]
        read_from = " and ".join(path for path in paths if path not in dict(refused))
        regions = woodland_regions(reading)
        empty = sum(r["empty"] for r in regions)
        unread = sum(r["uncertain"] for r in regions)
        complete = tuple(n for n, r in enumerate(regions, start=1) if r["empty"] == 0 and r["uncertain"] == 0)
        notes.append(f"{player.name}: {empty} empty cell(s) read from {read_from}"
                     + (f"; {unread} cell(s) could not be read and are not counted — check them by eye" if unread else ""))
        again = "" if len(paths) > 1 else f"; then give both photos: {player.name}=PHOTO,PHOTO2"
        if reading.glare:
            notes.append(f"{player.name}: glare hides {len(reading.glare)} cell(s): {MOVE_THE_REFLECTION}{again}")
        if reading.hidden:
            notes.append(f"{player.name}: nothing sharp shows at {len(reading.hidden)} cell(s): {NOTHING_SHARP}{again}")
        differ = sorted(set(complete) ^ set(player.completed))
        if differ:
            notes.append(f"{player.name}: the photo and the game disagree on region(s) {', '.join(map(str, differ))} "
                         f"(complete in the photo: {', '.join(map(str, complete)) or 'none'}; in the game: "
                         f"{', '.join(map(str, player.completed)) or 'none'}); the tally shows the photo's")
        state = state.with_player(index, player._replace(empty=empty, completed=complete))
    return state, notes
