"""Cottage Garden's reports (see reports/__init__.py): every legal placement of a tile on a bed
(`fit_report`, on a bed given as text, a tracked bed or a photo's reading), the current player's
plant options (`advice`), what a photo of a bed adds to `check`; `tally --photo` is refused (its
tally is the score tracks)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from assistant.errors import GardenError, UsageError
from assistant.games.players import player_index

GAME = "cottage-garden"


def fit_report(
    board: Any,
    shape: Any,
    bed_number: int = 1,
    *,
    limit: int | None = None,
    remaining_shapes: Iterable[Any] = (),
    cats: int = 0,
    pots_available: bool = True,
    flip: bool = True,
    notes: Iterable[str] = (),
) -> dict[str, Any]:
    """{"placements": [{"bed", "cells", "orientation", "anchor", "score", "reasons"}, ...],
    "count", "shape", "bed", "notes"}; `limit` keeps the best N (None: all)."""
    from assistant.games.cottage_garden.bed import bed_text
    from assistant.games.cottage_garden.bedfit import rank_placements

    ranked = rank_placements(board, shape, bed=bed_number, remaining_shapes=remaining_shapes,
                             cats=cats, pots_available=pots_available, flip=flip)
    shown = ranked if limit is None else ranked[:limit]
    return {
        "placements": [r.to_json() for r in shown],
        "count": len(ranked),
        "shape": shape.to_text(),
        "bed": bed_text(board),
        "notes": list(notes),
    }


def shape_and_notes(shape_or_id: str) -> tuple[Any, list[str]]:
    """The tile's shape, and a note for each of its facts the catalogue does not know."""
    from assistant.data import catalogue

    shape = catalogue.resolve_shape(shape_or_id)
    notes = []
    if catalogue.looks_like_id(shape_or_id):
        spec = catalogue.tile(shape_or_id)
        for missing in spec.missing():
            notes.append(f"tile {spec.id}: {missing} is unknown; the placements ignore it "
                         f"(define it: {spec.define_hint()})")
    return shape, notes


def tracked_player(loaded: Any, player: str | None, hint: str = " (garden new ... --board-mode)") -> tuple[Any, int]:
    """(state, player index) of a saved board-mode Cottage Garden game; default: the current
    player. `hint`: what the refusal of any other game adds."""
    state = loaded.state
    if loaded.row.game != GAME or not state.setup.board_mode:
        raise GardenError(f"{loaded.row.name!r} is not a Cottage Garden board-mode game{hint}")
    return state, player_index(state, player)


def tracked_bed(state: Any, index: int, number: int) -> Any:
    """Bed `number` (1 or 2) of player `index`, as a board."""
    from assistant.games.cottage_garden import planting

    return planting.bed_at(state.beds[index], state.players[index].name, number).board


def merge_reports(reports: dict[int, dict[str, Any]], limit: int | None) -> dict[str, Any]:
    """Several beds' reports (by bed number) as one list, best first."""
    placements = sorted((p for r in reports.values() for p in r["placements"]), key=lambda p: -p["score"])
    first = next(iter(reports.values()))
    return {**first, "placements": placements if limit is None else placements[:limit],
            "count": sum(r["count"] for r in reports.values()),
            "bed": first["bed"] if len(reports) == 1 else None,
            "beds": {str(n): r["bed"] for n, r in reports.items()}}


def fit_on_text(tile: str, text: str, shown: int | None, no_flip: bool, cats: int,
                notes: list[str]) -> dict[str, Any]:
    """The fit report on a bed given as text (a photo's reading)."""
    from assistant.games.cottage_garden.bed import parse_bed

    shape, shape_notes = shape_and_notes(tile)
    return fit_report(parse_bed(text), shape, 1, limit=shown, cats=cats, flip=not no_flip, notes=notes + shape_notes)


def advice(loaded: Any, line: str | None) -> dict[str, Any]:
    """`garden advise --json`: for the current player, the refill and cat choices, then every tile of
    the gardener line (`line`, default the tracked nursery's) on either bed and taking a flowerpot, ranked."""
    from assistant.data import catalogue
    from assistant.games.cottage_garden.advice import plant_options

    state, index = tracked_player(loaded, None)
    if line is None:
        if state.nursery is None:
            raise UsageError("the nursery is not tracked in this game: give the line, e.g. --line 4B,-,2A,6C")
        line = ",".join(tile or "-" for _, tile in state.nursery.line(state.die, state.die_position))
    entries = [t.strip() for t in line.split(",")]
    if len(entries) != 4 or not all(entries):
        raise UsageError(f"--line {line!r}: give the line's 4 cells, '-' for an empty one, e.g. 4B,-,2A,6C")
    tiles, unknown = [], []
    for t in entries:
        if t == "-":
            continue
        spec = catalogue.tile(t) if catalogue.looks_like_id(t) else None
        if spec is not None and spec.shape is None:
            unknown.append(spec)  # most shipped shapes are unknown: advise on the rest
            continue
        tiles.append((t, shape_and_notes(t)[0]))
    ranked = plant_options(state, index, tiles, empty_cells=entries.count("-"))
    if unknown:
        ranked["unknown_tiles"] = [spec.id for spec in unknown]
    return ranked


def reading_view(reading: Any) -> dict[str, Any]:
    """Nothing more than the cells: a bed has no regions."""
    return {}


def compare_view(loaded: Any, reading: Any, player: str, bed: int | None) -> dict[str, Any]:
    """Board mode: where the photo and the tracked bed disagree. Score mode tracks no bed cell by
    cell: the photo offers a complete bed's printed counts."""
    from assistant.reports.photo import comparison_view

    state = loaded.state
    if state.setup.board_mode:
        return comparison_view(loaded, reading, player, bed)
    extra: dict[str, Any] = {"offer": offer_counts(reading), "player": state.players[player_index(state, player)].name}
    if bed is not None:
        extra["bed"] = bed
    return extra


def offer_counts(reading: Any) -> dict[str, Any] | None:
    """Score mode: when the photo shows a bed with no empty cell, its visible printed symbols.
    Symbols on tiles and pot tokens are not read from photos: the players add them."""
    if reading.uncertain or any(cell == "empty" for row in reading.cells for cell in row):
        return None
    pots = sum(row.count("pot") for row in reading.cells)
    cloches = sum(row.count("cloche") for row in reading.cells)
    return {"complete": True, "printed_pots": pots, "printed_cloches": cloches}


def tally_photos(loaded: Any, photos: list[str], board: str | None) -> tuple[Any, list[str]]:
    """A Cottage Garden tally is its score tracks: no board is left to photograph at the end."""
    raise UsageError("--photo: a Cottage Garden tally is read from the score tracks, not from photos of beds "
                     "(scored beds leave the game)")
