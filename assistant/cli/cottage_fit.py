"""Cottage Garden's `garden fit` and `garden advise` at the terminal: the flags read, the reports
(reports/cottage_garden.py: every legal placement of a tile on a bed, the plant options of the
current player) printed. Called through the game's command-line module (cottage_cmds)."""

from __future__ import annotations

from typing import Any

from assistant.cli.common import console, print_json
from assistant.errors import GardenError, UsageError
from assistant.reports.cottage_garden import fit_report, merge_reports, shape_and_notes, tracked_bed, tracked_player

NEW_TILE = "X"


def _drawing(bed: str, cells: list[list[int]]) -> Any:
    from rich.text import Text

    new = {(r, c) for r, c in cells}
    text = Text()
    for r, row in enumerate(bed.split("/")):
        if r:
            text.append("\n")
        for c, ch in enumerate(row):
            if c:
                text.append(" ")
            if (r, c) in new:
                text.append(NEW_TILE, style="bold reverse green")
            else:
                text.append(ch, style="dim" if ch in "#pcok" else "")
    return text


def print_fit(report: dict[str, Any], shown_limit: int | None) -> None:
    out = console()
    for note in report["notes"]:
        out.print(f"Note: {note}", markup=False)
    total = report["count"]
    if not total:
        out.print(f"No legal placement of {report['shape']!r} on this bed.", markup=False)
        return
    from rich.table import Table

    table = Table("#", "bed (X = the tile)", "score", "placed as", "why",
                  title=f"{total} legal placement{'s' if total != 1 else ''} of {report['shape']!r}, best first",
                  show_lines=True)
    for i, p in enumerate(report["placements"], 1):
        table.add_row(str(i), _drawing(report["bed"], p["cells"]), f"{p['score']:g}",
                      f"{p['orientation']} at {p['anchor'][0]},{p['anchor'][1]}",
                      "\n".join(f"• {r}" for r in p["reasons"]))
    out.print(table)
    if shown_limit is not None and total > shown_limit:
        out.print(f"… and {total - shown_limit} more (--limit 0 shows all).", markup=False)
    out.print("Legend: . empty, P/C printed flowerpot/cloche, # p c tile cells, o pot token, k cat; "
              "rows and columns from 0, row 0 at the top.", markup=False)


def fit(shape_or_id: str, cells: str | None, shown: int | None, no_flip: bool, cats: int | None,
        player: str | None, bed: int | None, game: str | None, json_output: bool) -> None:
    """`garden fit` on a bed given as text (--cells) or a tracked board-mode bed."""
    if cats is not None and cats < 0:
        raise UsageError(f"--cats {cats}: give 0 or more")
    shape, notes = shape_and_notes(shape_or_id)
    if cells is not None:
        if player is not None or bed is not None:
            raise UsageError("--cells gives the bed itself: leave out --player and --bed")
        from assistant.games.cottage_garden.bed import parse_bed

        try:
            board = parse_bed(cells)
        except GardenError as err:
            raise UsageError(f"--cells: {err}") from None
        report = fit_report(board, shape, 1, limit=shown, cats=cats or 0, flip=not no_flip, notes=notes)
    else:
        from assistant.cli.common import load_game

        try:
            loaded = load_game(game)
        except GardenError as err:
            raise GardenError(f"{err}; or give the bed as text with --cells") from None
        state, index = tracked_player(loaded, player, hint=": give the bed with --cells")
        held = state.players[index].cats if cats is None else cats
        beds = [bed] if bed is not None else [i + 1 for i, s in enumerate(state.beds[index]) if s is not None]
        reports = {n: fit_report(tracked_bed(state, index, n), shape, n, limit=None, cats=held,
                                 flip=not no_flip, notes=notes) for n in beds}
        report = merge_reports(reports, shown)
    if json_output:
        print_json(report)
        return
    print_fit(report, shown)


def print_advice(ranked: dict[str, Any]) -> None:
    """`garden advise`: the advice (above), printed."""
    from assistant.data import catalogue

    unknown = [catalogue.tile(ident) for ident in ranked.get("unknown_tiles", [])]
    out = console()
    for spec in unknown:
        out.print(f"• tile {spec.id} left out: its shape is unknown (define it: {spec.define_hint()})", markup=False)
    for step in ranked["before"]:
        out.print(f"• {step}", markup=False)
    from rich.table import Table

    table = Table("#", "plant", "bed", "where", "score", "why", title=f"{ranked['player']}: plant options, best first")
    for i, opt in enumerate(ranked["options"][:10], 1):
        where = " ".join(f"{r},{c}" for r, c in opt["cells"])
        table.add_row(str(i), opt["what"], str(opt["bed"]), where, f"{opt['score']:g}", "\n".join(opt["reasons"]))
    out.print(table)
    if not ranked["options"] and unknown:
        out.print("No tile of known shape fits: define the tiles left out above to have them ranked.", markup=False)
    elif not ranked["options"]:
        out.print("Nothing fits: you must take a flowerpot, and no bed cell is free for it either.", markup=False)
