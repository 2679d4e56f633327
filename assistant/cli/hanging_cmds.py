"""The Hanging Gardens' own commands and what the shared commands ask of it: the cards of your
box (`garden cards [define]`), score tile values (`garden values [set]`), `fit` and `advise` on a
player's garden. A garden is built of cards anywhere on the table: there is no board to
photograph, so the photo hooks say so."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from assistant.cli.catalogue_cmds import group, refuse_given
from assistant.cli.common import JsonOption, console, load_game, print_json
from assistant.cli.errors import reports_errors
from assistant.errors import UsageError
from assistant.reports.hanging_gardens import tracked

GAME = "hanging-gardens"
TITLE = "The Hanging Gardens"
COMMANDS = ("cards", "values")


def register(app: typer.Typer) -> None:
    group(app, "cards", cards, define_card, "The Hanging Gardens: the building cards of your box (no source gives "
          "their layouts). Define one: garden cards define ID LAYOUT.", TITLE)
    values_group = typer.Typer(help="The Hanging Gardens: what score tiles are worth, as the rules give them and as "
                                    "you enter them for your box.", rich_markup_mode=None,
                               invoke_without_command=True, no_args_is_help=False)
    values_group.callback()(values)
    values_group.command("set")(set_values)
    app.add_typer(values_group, name="values", rich_help_panel=TITLE)


@reports_errors
def cards(ctx: typer.Context, json_output: JsonOption = False) -> None:
    """List the cards you have defined."""
    if ctx.invoked_subcommand is not None:
        return
    from assistant.games.hanging_gardens import catalogue

    found = catalogue.load()
    if json_output:
        print_json({"cards": [{"id": c.id, "layout": c.layout} for c in found.values()]})
        return
    out = console()
    if not found:
        out.print("No cards defined yet: garden cards define ID LAYOUT (e.g. garden cards define C1 RG./..B). "
                  "A card can also be written inline wherever one is named.", markup=False)
        return
    for card in found.values():
        out.print(f"{card.id:<8} {card.layout}", markup=False)
    out.print(f"{len(found)} of 60 building cards defined.", markup=False)


@reports_errors
def define_card(
    card_id: Annotated[str, typer.Argument(metavar="ID", help="Your name for the card, e.g. C12.")],
    layout: Annotated[str, typer.Argument(help="Two rows of three cells seen upright, '/' between: R terrace, "
                                               "G park, Y arcade, B fountain, '.' blank, e.g. RG./..B.")],
) -> None:
    """Store a card of your box in your catalogue (replacing one with the same id)."""
    from assistant.games.hanging_gardens import catalogue

    spec = catalogue.define(card_id, layout)
    console().print(f"Card {spec.id}: {spec.layout}", markup=False)


@reports_errors
def values(ctx: typer.Context, json_output: JsonOption = False) -> None:
    """Every score tile's values: the rules', yours, and what is still unknown."""
    if ctx.invoked_subcommand is not None:
        return
    list_tiles(json_output)


def list_tiles(json_output: bool) -> None:
    """The score tiles and their values (also `garden tiles --game hanging-gardens`)."""
    data = values_json()
    if json_output:
        print_json(data)
        return
    out = console()
    for s in data["series"]:
        points = ", ".join(map(str, s["points"])) if s["points"] else "unknown"
        more = "" if s["complete"] or not s["points"] else ", ... (the rest unknown)"
        out.print(f"{s['name']:<15} {s['tiles']:>2} tiles · {points}{more} · {s['source']}", markup=False)
    for c in data["characters"]:
        pairs = c["series"] or "an unknown series"
        points = ", ".join(f"{n}: {p}" for n, p in c["points"].items()) or "unknown"
        rate = f"{c['per_tile']} per {pairs} tile" if c["per_tile"] else f"with {pairs} tiles held {points}"
        out.print(f"{c['name']:<15} character · {rate}{' · ' + c['note'] if c['note'] else ''} · {c['source']}",
                  markup=False)
    out.print("Fill a gap: garden values set SERIES P1,P2,... (the complete series); a character: garden values "
              "set NAME P0,P1,... --series SERIES (its points by tiles of that series held, from 0).", markup=False)


def values_json() -> dict[str, Any]:
    from assistant.games.hanging_gardens import values as table
    from assistant.games.hanging_gardens.components import SERIES

    loaded = table.load()
    series = [{"name": name, "tiles": SERIES[name], "points": list(v.points) if v else [],
               "complete": bool(v and v.complete), "source": v.source if v else "unknown"}
              for name, v in loaded.series.items()]
    characters = [{"name": name, "series": v.series, "points": {str(k): p for k, p in sorted(v.points.items())},
                   "per_tile": v.per_tile, "note": v.note, "source": v.source}
                  for name, v in loaded.characters.items()]
    return {"series": series, "characters": characters}


@reports_errors
def set_values(
    name: Annotated[str, typer.Argument(help="A series (queen, king, tiger, garden, statue, chalice, gate) or a "
                                             "character (animal-handler, gardener, sculptor, priest, guard).")],
    points: Annotated[str, typer.Argument(help="A series: its points for 1, 2, ... tiles, the complete series "
                                               "(1,4,9,...). A character: its points by tiles of its series held, "
                                               "from 0.")],
    series: Annotated[str | None, typer.Option("--series", help="A character: the series it pairs with.")] = None,
) -> None:
    """Enter the values of your box's score tiles (checked against what the rules give)."""
    from assistant.games.hanging_gardens import values as table

    entry = table.define(name, points, series)
    pairs = f" (with the {entry.series} series)" if entry.series else ""
    console().print(f"{entry.name}{pairs}: {', '.join(map(str, entry.points))}", markup=False)


# -- what the shared commands ask of a game ----------------------------------------------------

def define_tile(tile_id: str, shape: str, *, pot: list[str] | None, cloche: list[str] | None, hole: str | None,
                count: int | None) -> None:
    raise UsageError("The Hanging Gardens' tiles are score tiles: enter their values with garden values set NAME "
                     "POINTS; its cards with garden cards define ID LAYOUT")


def fit(shape_or_id: str, cells: str | None, shown: int | None, no_flip: bool, cats: int | None,
        player: str | None, bed: int | None, game: str | None, json_output: bool) -> None:
    """`garden fit CARD`: every legal placement of the card on a player's garden, best first."""
    from assistant.games.hanging_gardens import catalogue
    from assistant.games.hanging_gardens.fit import ranked

    refuse_given("--cells, --cats and --bed are other games' options: The Hanging Gardens fits a card on a "
                 "player's tracked garden (--player)", cells, cats, bed)
    state, index = tracked(load_game(game), player)
    ident, layout = catalogue.resolve(shape_or_id)
    placements = ranked(state.players[index], layout, state.setup.rule("temples") == "per-area")
    shown_list = placements if shown is None else placements[:shown]
    report = {"game": GAME, "player": state.players[index].name, "card": ident or layout, "layout": layout,
              "count": len(placements), "placements": shown_list}
    if json_output:
        print_json(report)
        return
    out = console()
    if not placements:
        out.print(f"{layout} fits nowhere on {report['player']}'s garden: it may be discarded "
                  f"(garden card {shape_or_id} --discard).", markup=False)
        return
    out.print(f"{len(placements)} legal placement(s) of {layout} on {report['player']}'s garden, best first:",
              markup=False)
    for i, p in enumerate(shown_list, 1):
        at = f"{p['at'][0]},{p['at'][1]}"
        flag = f"--at={at}" if p["at"][0] < 0 else f"--at {at}"
        why = "; ".join(p["reasons"]) or "grows nothing"
        out.print(f"{i:>3}. garden card {shape_or_id} {flag} --turn {p['turn']} · {why}", markup=False)
    if shown is not None and len(placements) > shown:
        out.print(f"… and {len(placements) - shown} more (--limit 0 shows all).", markup=False)


def print_advice(ranked: dict[str, Any]) -> None:
    """`garden advise`: the advice (above), printed."""
    before, options, name = ranked["before"], ranked["options"], ranked["player"]
    out = console()
    for note in before:
        out.print(f"• {note}", markup=False)
    for i, p in enumerate(options, 1):
        out.print(f"{i}. {p['card']} at {p['at'][0]},{p['at'][1]} turned {p['turn']}: "
                  f"{'; '.join(p['reasons']) or 'grows nothing'}", markup=False)
    if not options:
        out.print(f"No face-up card fits {name}'s garden: discard one (garden card CARD --discard).",
                  markup=False)


def tile_matches(*_: Any) -> Any:
    raise UsageError("garden tiles scan reads Cottage Garden and Indian Summer tiles; The Hanging Gardens' are "
                     "defined with its own commands (garden tiles --game hanging-gardens)")


tile_known = tile_doubt = save_scanned = forget_tile = tile_matches
