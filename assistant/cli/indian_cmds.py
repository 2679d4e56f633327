"""Indian Summer score-mode commands: the players move the pieces and say what they did.

Main actions (one a turn): leaf, squirrel, mushroom, feather. Special actions: blueberry,
nut, exchange. Reports: region (completed), animal (placed), path (refill of an emptied
path), final (the end chain), deal (solo layout). End the turn with `garden next`.
Colours: green (g), orange/yellow (o), red (r). Treasures: blueberry (b), nut (n),
mushroom (m), feather (f). Regions: 1-6, as your table numbers them.

Board mode (garden new indian-summer --board-mode --bed Ann=SIDE): every placement names its
cells (--tile ID_OR_SHAPE --at ROW,COL [--turn r90], or --cells 2,3+2,4*+3,4); the board finds
the treasures, completed regions pay out at once, and groups of holes offer their animal.
Catalogue: garden tiles [define] --game indian-summer (leaf tiles and animals; also garden leaves | animals),
garden woodlands [define]; drawing: garden woods [PLAYER].
"""

from __future__ import annotations

from typing import Annotated, Any

import typer

from assistant.cli.common import GameOption, parse_cell, play
from assistant.cli.errors import reports_errors

GAME = "indian-summer"
FoundOption = Annotated[list[str] | None, typer.Option(
    "--found", help="A hole over a printed treasure: TREASURE:REGION, e.g. nut:3 (once per tile).")]
RegionOption = Annotated[list[int] | None, typer.Option(
    "--region", help="A region (1-6) this completed; repeat for more.")]
DrawOption = Annotated[str | None, typer.Option(
    "--draw", help="Your path is now empty: refill it at once with these tiles, colours in order from the common "
                   "path (g,o,o,r,g), or row ends in solo (UL,UR,LL,LR).")]
TileOption = Annotated[list[str] | None, typer.Option(
    "--tile", help="Board mode: the leaf tile, a catalogue id (G3) or a shape with its hole as 'o' ('#o/#.'); "
                   "once per tile placed.")]
AtOption = Annotated[list[str] | None, typer.Option(
    "--at", help="Board mode: ROW,COL from 0 of the top-left of the tile's outline (of the cell, for a squirrel).")]
TurnOption = Annotated[list[str] | None, typer.Option(
    "--turn", help="Board mode: orientation r0, r90, r180, r270, flip, flip+r90, ... (default r0); once per tile.")]
CellsOption = Annotated[list[str] | None, typer.Option(
    "--cells", help="Board mode, instead of --tile/--at: the tile's cells 'r,c+r,c*+r,c', the hole marked '*'.")]


def register(app: typer.Typer) -> None:
    for command in (leaf, squirrel, mushroom, feather, blueberry, nut, exchange, region, animal, path, final, deal,
                    woods):
        app.command(command.__name__)(command)
    from assistant.cli import catalogue_cmds

    catalogue_cmds.register_indian(app)  # garden leaves | animals | woodlands: the catalogue's own module


def _play(game: str | None, build) -> None:
    play(game, build, GAME)


def _events(*actions: Any) -> list[dict[str, Any]]:
    from assistant.games.indian_summer.actions import to_event

    return [to_event(a) for a in actions]


def _after(state: Any, regions: list[int] | None, draw: str | None) -> list[Any]:
    """The reports that follow a placement: completed regions, the own path's refill."""
    from assistant.games.indian_summer.actions import PathRefill, Region

    if regions and state.setup.board_mode:
        from assistant.errors import UsageError

        raise UsageError("--region: in board mode the board says which regions are complete; leave it out")
    out: list[Any] = [Region(r) for r in regions or []]
    if draw is not None:
        out.append(PathRefill(state.current_player.name, draw))
    return out


def _board_events(state: Any, actions: list[Any], reasons: list[str]) -> list[dict[str, Any]]:
    """The actions as events; in board mode each placement is followed by the payout of the regions
    it completed, and the animals its holes now offer are named in `reasons`."""
    if not state.setup.board_mode:
        return _events(*actions)
    from assistant.games.indian_summer import rules, woods
    from assistant.games.indian_summer.actions import Region, to_event

    events: list[dict[str, Any]] = []
    for action in actions:
        state = rules.apply(state, action).state
        events.append(to_event(action))
        player = state.current_player
        for number in woods.complete_regions(player.board):
            if number not in state.current_player.completed:
                state = rules.apply(state, Region(number)).state
                events.append(to_event(Region(number)))
    reasons.extend(animal_offer_lines(state))
    return events


def animal_offer_lines(state: Any) -> list[str]:
    from assistant.data import indian_catalogue
    from assistant.games.indian_summer import laying

    player = state.current_player
    if player.board is None or not state.turn.placed or state.animals_left == 0:
        return []
    out = []
    for offer in laying.animal_offers(player.board, indian_catalogue.animal_shapes()):
        where = " ".join(f"{r},{c}" for r, c in offer.cells)
        if offer.blocked:
            out.append(f"Holes at {where} form the {offer.kind} animal's shape, but a token lies on one: it can come "
                       "once that region is complete. [IS-ANIMAL-1]")
        else:
            out.append(f"Holes at {where} form the {offer.kind} animal's shape: you may place it "
                       f"(garden animal {offer.kind}). [IS-ANIMAL-1]")
    return out


def _placements(state: Any, colours: list[str], tiles: list[str] | None, at: list[str] | None,
                turns: list[str] | None, cells: list[str] | None) -> str:
    """Board mode: each tile's cells text from --tile/--at/--turn or --cells; '' in score mode."""
    from assistant.errors import UsageError

    tiles, at, turns, cells = tiles or [], at or [], turns or [], cells or []
    if not state.setup.board_mode:
        if tiles or at or cells or turns:
            raise UsageError("--tile, --at, --turn and --cells are for board mode (garden new indian-summer --board-mode)")
        return ""
    if cells:
        if tiles or at:
            raise UsageError("give either --cells or --tile with --at, not both")
        texts = cells
    else:
        if not tiles or len(at) != len(tiles):
            raise UsageError(f"board mode: say where each tile goes: --tile ID_OR_SHAPE --at ROW,COL [--turn r90] "
                             f"(or --cells r,c+r,c*+...), once per tile ({len(colours)})")
        if len(turns) > len(tiles):
            raise UsageError("--turn: at most one per --tile")
        texts = [_resolve(t, a, (turns + ["r0"] * len(tiles))[i]) for i, (t, a) in enumerate(zip(tiles, at))]
    return "/".join(texts)


def _resolve(tile: str, at: str, turn: str) -> str:
    """A catalogue leaf or shape, turned and anchored, as a cells text (hole marked '*')."""
    from assistant.data import indian_catalogue
    from assistant.errors import IllegalMove, OffBoard
    from assistant.games.indian_summer import laying, woods
    from assistant.grid import HOLE, place

    shape, label = indian_catalogue.resolve_leaf(tile)
    try:
        placed = place(shape, woods.GRID, turn, parse_cell(at))
    except OffBoard:
        raise IllegalMove("IS-PLACE-1", f"The leaf tile {label or tile!r} as {turn} at {at} runs off the board "
                          f"(rows 0-{woods.ROWS - 1}, columns 0-{woods.COLS - 1}).") from None
    hole = next(cell for cell, mark in placed.marks.items() if mark == HOLE)
    return laying.cells_text(placed.cells, hole)


@reports_errors
def leaf(
    colour: Annotated[str, typer.Argument(help="The colour of the tile taken from your path: green, orange or red.")],
    found: FoundOption = None,
    region: RegionOption = None,
    draw: DrawOption = None,
    tile: TileOption = None,
    at: AtOption = None,
    turn: TurnOption = None,
    cells: CellsOption = None,
    game: GameOption = None,
) -> None:
    """Main action A: a leaf tile from your own path, placed on your board."""
    from assistant.games.indian_summer.actions import Leaf

    def build(state: Any, reasons: list[str]) -> list[dict[str, Any]]:
        where = _placements(state, [colour], tile, at, turn, cells)
        return _board_events(state, [Leaf(colour, ",".join(found or []), where), *_after(state, region, draw)], reasons)

    _play(game, build)


@reports_errors
def squirrel(region: RegionOption = None, at: Annotated[str | None, typer.Option(
        "--at", help="Board mode: the cell ROW,COL.")] = None, game: GameOption = None) -> None:
    """Main action B: a squirrel from the supply, placed on your board."""
    from assistant.games.indian_summer.actions import Squirrel

    _play(game, lambda state, reasons: _board_events(state, [Squirrel(_cell_at(state, at)),
                                                             *_after(state, region, None)], reasons))


def _cell_at(state: Any, at: str | None) -> str:
    from assistant.errors import UsageError

    if at is None:
        return ""
    if not state.setup.board_mode:
        raise UsageError("--at is for board mode (garden new indian-summer --board-mode)")
    r, c = parse_cell(at)
    return f"{r},{c}"


@reports_errors
def mushroom(
    take: Annotated[list[str] | None, typer.Argument(
        help="The two tiles, SOURCE:COLOUR: two other players (Ben:orange Cy:green); with 2 players the opponent "
             "and the front of the common path (Ben:orange ring:red); solo: nothing (the mushroom spaces).")] = None,
    decline: Annotated[list[str] | None, typer.Option(
        "--decline", help="A taken tile that does not fit stays: its SOURCE (Ben, ring; solo m1 or m2).")] = None,
    found: FoundOption = None,
    region: RegionOption = None,
    tile: TileOption = None,
    at: AtOption = None,
    turn: TurnOption = None,
    cells: CellsOption = None,
    game: GameOption = None,
) -> None:
    """Main action C: pay a mushroom, take two tiles from others' paths and place them."""
    from assistant.games.indian_summer.actions import Mushroom

    def build(state: Any, reasons: list[str]) -> list[dict[str, Any]]:
        placed = (tile or cells or [])
        where = _placements(state, ["?"] * len(placed), tile, at, turn, cells)
        action = Mushroom(",".join(take or []), ",".join(decline or []), ",".join(found or []), where)
        return _board_events(state, [action, *_after(state, region, None)], reasons)

    _play(game, build)


@reports_errors
def feather(
    colours: Annotated[list[str], typer.Argument(help="The two tiles from your path, e.g. orange green.")],
    found: FoundOption = None,
    region: RegionOption = None,
    draw: DrawOption = None,
    tile: TileOption = None,
    at: AtOption = None,
    turn: TurnOption = None,
    cells: CellsOption = None,
    game: GameOption = None,
) -> None:
    """Main action D: pay a feather, take two tiles from your own path and place both."""
    from assistant.games.indian_summer.actions import Feather

    def build(state: Any, reasons: list[str]) -> list[dict[str, Any]]:
        where = _placements(state, list(colours), tile, at, turn, cells)
        action = Feather(",".join(colours), ",".join(found or []), where)
        return _board_events(state, [action, *_after(state, region, draw)], reasons)

    _play(game, build)


@reports_errors
def blueberry(
    draw: Annotated[str, typer.Argument(
        help="The tiles taken, in order: colours from the common path (g,o,o), or solo row ends (UL,UL,LR); "
             "'-' when none is left.")],
    game: GameOption = None,
) -> None:
    """Special: pay a blueberry, refill your path to 5 (holding 5 already: one more)."""
    from assistant.games.indian_summer.actions import Blueberry

    _play(game, lambda state, reasons: _events(Blueberry(draw)))


@reports_errors
def nut(region: RegionOption = None, at: Annotated[str | None, typer.Option(
        "--at", help="Board mode: the squirrel's cell ROW,COL.")] = None, game: GameOption = None) -> None:
    """Special: pay a nut, place a squirrel."""
    from assistant.games.indian_summer.actions import Nut

    _play(game, lambda state, reasons: _board_events(state, [Nut(_cell_at(state, at)), *_after(state, region, None)],
                                                     reasons))


@reports_errors
def exchange(
    give: Annotated[str, typer.Argument(help="The treasure paid: blueberry, nut, mushroom or feather.")],
    get: Annotated[str, typer.Argument(help="The treasure bought: one lower kind for one, or the next higher for two.")],
    times: Annotated[int, typer.Option("--times", min=1, help="Repeat the exchange.")] = 1,
    game: GameOption = None,
) -> None:
    """Special: exchange treasures (feather > mushroom > nut > blueberry; 1 buys 1 lower, 2 buy the next higher)."""
    from assistant.games.indian_summer.actions import Exchange
    from assistant.games.indian_summer.rules import exchange_cost

    def build(state: Any, reasons: list[str]) -> list[dict[str, Any]]:
        exchange_cost(state, give, get, times)  # all of them paid for, or none made
        return _events(*[Exchange(give, get)] * times)

    _play(game, build)


@reports_errors
def region(
    regions: Annotated[list[int], typer.Argument(help="The region(s) 1-6 now complete.")],
    game: GameOption = None,
) -> None:
    """Report completed regions of your board: you take the treasure tokens lying on them."""
    from assistant.games.indian_summer.actions import Region

    _play(game, lambda state, reasons: _events(*[Region(r) for r in regions]))


@reports_errors
def animal(
    kind: Annotated[str, typer.Argument(help="The animal: i3, l3, i4, o, t, z or l.")],
    under: Annotated[str, typer.Option("--under", help="Printed treasures under it (in holes, no token), e.g. nut,blueberry.")] = "",
    at: Annotated[str | None, typer.Option("--at", help="Board mode: ROW,COL of the top-left of its outline "
                                           "(default: the one group of holes of its shape).")] = None,
    turn: Annotated[str, typer.Option("--turn", help="Board mode: orientation (r0, r90, flip, ...).")] = "r0",
    cells: Annotated[str | None, typer.Option("--cells", help="Board mode: its hole cells 'r,c+r,c+...'.")] = None,
    game: GameOption = None,
) -> None:
    """Place an animal over a connected group of holes of its shape."""
    from assistant.games.indian_summer.actions import Animal

    def build(state: Any, reasons: list[str]) -> list[dict[str, Any]]:
        if not state.setup.board_mode:
            if at or cells:
                from assistant.errors import UsageError

                raise UsageError("--at and --cells are for board mode (garden new indian-summer --board-mode)")
            return _events(Animal(kind, under))
        shape_text, where = _animal_cells(state, kind, at, turn, cells)
        return _board_events(state, [Animal(kind, under, where, shape_text)], reasons)

    _play(game, build)


def _animal_cells(state: Any, kind: str, at: str | None, turn: str, cells: str | None) -> tuple[str, str]:
    """(the animal's catalogue shape, its cells) from --at/--turn, --cells, or the one group that fits."""
    from assistant.data import indian_catalogue
    from assistant.errors import GardenError, IllegalMove, OffBoard, UsageError
    from assistant.games.indian_summer import laying, woods
    from assistant.grid import place

    spec = indian_catalogue.animal(kind)
    if spec.shape is None:
        raise GardenError(f"the {spec.kind} animal's shape is unknown (no source gives it): define it from your box, "
                          f"e.g. {spec.define_hint()}")
    shape_text = spec.shape.to_text()
    if cells:
        return shape_text, laying.cells_text(laying.parse_cells(cells, "--cells")[0])
    if at:
        try:
            placed = place(spec.shape, woods.GRID, turn, parse_cell(at))
        except OffBoard:
            raise IllegalMove("IS-ANIMAL-1", f"The {spec.kind} animal as {turn} at {at} runs off the board.") from None
        return shape_text, laying.cells_text(placed.cells)
    offers = [o for o in laying.animal_offers(state.current_player.board, {spec.kind: spec.shape}) if not o.blocked]
    if len(offers) != 1:
        raise UsageError(f"say where the {spec.kind} animal goes: --at ROW,COL [--turn r90] or --cells "
                         f"({len(offers)} free group(s) of holes have its shape)")
    return shape_text, laying.cells_text(offers[0].cells)


@reports_errors
def path(
    player: Annotated[str, typer.Argument(help="Whose emptied path is refilled.")],
    draw: Annotated[str, typer.Argument(help="Colours in order from the common path (g,o,o,r,g); solo row ends (UL,UL,...).")],
    game: GameOption = None,
) -> None:
    """Refill a path emptied this turn to 5 (your own, or a player robbed by a mushroom)."""
    from assistant.games.indian_summer.actions import PathRefill

    _play(game, lambda state, reasons: _events(PathRefill(player, draw)))


@reports_errors
def final(
    wave: Annotated[list[str] | None, typer.Option(
        "--wave", help="The regions the squirrels of one wave complete, e.g. 2,5 ('-' none); repeat per wave, in order.")] = None,
    game: GameOption = None,
) -> None:
    """The end chain of a last turn: all treasures to nuts, nuts to squirrels, completed regions pay out, again.
    In board mode the assistant places the squirrels to leave the fewest empty cells and says where."""
    from assistant.games.indian_summer.actions import Final

    def build(state: Any, reasons: list[str]) -> list[dict[str, Any]]:
        if not state.setup.board_mode:
            return _events(Final("/".join(wave or [])))
        if wave:
            from assistant.errors import UsageError

            raise UsageError("--wave: in board mode the assistant places the squirrels and reads the regions they complete")
        from assistant.games.indian_summer import rules

        rules.apply(state, Final())  # the chain's own refusals first (not a last turn, ...)
        return _events(Final("", rules.final_cells(state)))

    _play(game, build)


@reports_errors
def deal(
    upper: Annotated[str, typer.Option("--upper", help="Upper row, left to right, 5 colours: ggoor.")],
    lower: Annotated[str, typer.Option("--lower", help="Lower row, left to right, 5 colours.")],
    spaces: Annotated[str, typer.Option("--spaces", help="Spaces 1 to 10, 10 colours.")],
    path: Annotated[str, typer.Option("--path", help="Your path, 5 colours.")],
    game: GameOption = None,
) -> None:
    """Solo: the layout of this game's stack of 25, by colour."""
    from assistant.games.indian_summer.actions import Deal

    _play(game, lambda state, reasons: _events(Deal(upper, lower, spaces, path)))


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

def is_indian_fit(cells: str | None, game: str | None) -> bool:
    """Whether `garden fit`/`advise` is about an Indian Summer board: a 9-row --cells text, or the game."""
    if cells is not None:
        return len(cells.strip().replace("\n", "/").split("/")) == 9
    from assistant.cli.common import load_game
    from assistant.errors import GardenError

    try:
        return load_game(game).row.game == GAME
    except GardenError:
        return False


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


def fit_leaf(shape_or_id: str, cells: str | None, limit: int | None, no_flip: bool, player: str | None,
             game: str | None, json_output: bool) -> None:
    """`garden fit` on an Indian Summer board (--cells, or a board-mode game's player)."""
    from assistant.cli.common import print_json
    from assistant.data import indian_catalogue as ic
    from assistant.errors import GardenError, UsageError
    from assistant.games.indian_summer import woods as cells_of

    if limit is not None and limit < 0:
        raise UsageError(f"--limit {limit}: give 0 (all) or a positive number")
    shape, _ = ic.resolve_leaf(shape_or_id)
    shown = None if limit == 0 else limit
    if shown is None and limit is None and not json_output:
        shown = 5
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


def advise_leaves(line: str | None, game: str | None, json_output: bool) -> None:
    """`garden advise` for the current player of an Indian Summer board-mode game: every tile of the
    path (--line: ids or shapes) at its best place, a squirrel, and the animals the holes offer now.
    Once the turn's main action is taken only a squirrel paid with a nut (a special action) is left."""
    from assistant.cli.common import console, print_json
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
    advice = {"game": GAME, "player": player.name, "path": list(player.path), "before": before, "options": options}
    if json_output:
        print_json(advice)
        return
    from rich.table import Table

    out = console()
    for step in before:
        out.print(f"• {step}", markup=False)
    if not options:
        out.print(f"Nothing for {player.name} to place now.", markup=False)
        return
    table = Table("#", "place", "where", "score", "why", title=f"{player.name}: placement options, best first")
    for i, opt in enumerate(options[:10], 1):
        table.add_row(str(i), opt["what"], " ".join(f"{r},{c}" for r, c in opt["cells"]), f"{opt['score']:g}",
                      "\n".join(opt["reasons"]))
    out.print(table)
