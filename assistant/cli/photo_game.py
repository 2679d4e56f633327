"""Where a photo reading meets a game: woodland regions, a photo compared with a tracked
bed or board, a complete bed's counts offered, empty cells for the end-of-game ranking.

Vision never decides a rule: these only compare and count what the reading says.
"""

from __future__ import annotations

from typing import Any

from assistant.errors import GardenError

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


def tracked_cells(state: Any, player: str, bed: int | None) -> tuple[str, list[list[bool]]]:
    """(label, covered[r][c]) of a tracked bed (Cottage Garden) or woodland board (Indian Summer)."""
    from assistant.cli.common import player_index

    index = player_index(state, player)
    name = state.players[index].name
    if hasattr(state, "die_position"):  # Cottage Garden
        if not state.setup.board_mode:
            raise GardenError("this game is in score mode: no bed is tracked cell by cell")
        from assistant.games.cottage_garden import bed as cells
        from assistant.games.cottage_garden import planting

        if bed is None:
            raise GardenError("name the bed the photo shows: --bed 1 or --bed 2")
        board = planting.bed_at(state.beds[index], name, bed).board
        covered = board.mask(*cells.COVERED)
        label = f"{name}'s bed {bed}"
    else:  # Indian Summer
        board = state.players[index].board
        if board is None:
            raise GardenError("this game is in score mode: no woodland board is tracked cell by cell")
        from assistant.games.indian_summer.woods import free_mask

        covered = board.grid.full & ~free_mask(board)
        label = f"{name}'s woodland board"
    grid = board.grid
    return label, [[bool(covered >> grid.index(r, c) & 1) for c in range(grid.cols)] for r in range(grid.rows)]


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


def offer_counts(reading: Any) -> dict[str, Any] | None:
    """Score mode: when the photo shows a bed with no empty cell, its visible printed symbols.
    Symbols on tiles and pot tokens are not read from photos: the players add them."""
    if reading.uncertain or any(cell == "empty" for row in reading.cells for cell in row):
        return None
    pots = sum(row.count("pot") for row in reading.cells)
    cloches = sum(row.count("cloche") for row in reading.cells)
    return {"complete": True, "printed_pots": pots, "printed_cloches": cloches}


def state_with_photo_counts(loaded: Any, photos: list[str], default_board: str | None) -> tuple[Any, list[str]]:
    """An Indian Summer game's state with each photographed player's empty cells read from
    their woodland photo (the ranking's first key) and the regions it shows complete (all
    read, none uncovered); notes say what was read and what was not, and where the photo and
    the tracked game disagree on a completed region."""
    from assistant.errors import UsageError
    from assistant.vision.imageio import load_photo
    from assistant.vision.profile import load_profile
    from assistant.vision.reader import read_photo

    if loaded.row.game != "indian-summer":
        raise UsageError("--photo ranks Indian Summer boards; this game is " + loaded.game.title)
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
