"""Gartenbau's own commands and what the shared commands ask of it: the market ring (`garden
market [define]`), the tiles of your box (`garden seedlings|plants|flowers [define]`, also
`garden tiles --game gartenbau`), `fit` of a seedling or plant tile on a player's garden. A
garden grows anywhere on the table: there is no board to photograph."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from assistant.cli.catalogue_cmds import refuse_given
from assistant.cli.common import JsonOption, console, load_game, print_json
from assistant.cli.errors import reports_errors
from assistant.errors import GardenError, UsageError
from assistant.games.players import player_index

GAME = "gartenbau"
TITLE = "Gartenbau"
COMMANDS = ("market", "seedlings", "plants", "flowers")


def _group(app: typer.Typer, name: str, listing, define, about: str) -> None:
    group = typer.Typer(help=about, rich_markup_mode=None, invoke_without_command=True, no_args_is_help=False)
    group.callback()(listing)
    group.command("define")(define)
    app.add_typer(group, name=name, rich_help_panel=TITLE)


def register(app: typer.Typer) -> None:
    _group(app, "market", market, define_market, "Gartenbau: the market ring of each player count (the circles' "
           "places and what each petal shows are your box's), and the game's markers, petals and resources.")
    _group(app, "seedlings", seedlings, define_seedling, "Gartenbau: the seedling tiles of your box.")
    _group(app, "plants", plants, define_plant, "Gartenbau: the plant tiles of your box, by colour stack.")
    _group(app, "flowers", flowers, define_flower, "Gartenbau: the flower tiles of your box.")


@reports_errors
def market(ctx: typer.Context, json_output: JsonOption = False) -> None:
    """The rings you defined, and the game in play's market: markers, petals' stacks and resources."""
    if ctx.invoked_subcommand is not None:
        return
    from assistant.games.gartenbau import market as rings

    defined = {k: v.ring for k, v in rings.rings().items()}
    game = None
    try:
        loaded = load_game(None)
        game = loaded if loaded.row.game == GAME else None
    except GardenError:
        pass
    if json_output:
        data: dict[str, Any] = {"rings": defined}
        if game is not None:
            status = loaded.game.status(game.state, game.row.name)
            data["game"] = {"ring": status["ring"], "petals": status["petals"],
                            "markers": {p["name"]: p["position"] for p in status["players"]}}
        print_json(data)
        return
    out = console()
    for players, ring in sorted(defined.items()):
        out.print(f"{players} players: {ring}", markup=False)
    if not defined:
        out.print('No ring defined: garden market define PLAYERS "S P C P C ..." (S start, P petal, with what it '
                  "shows as P1s1w, C circle), clockwise from the start circle.", markup=False)
    if game is not None:
        from assistant.render.gartenbau import market_line

        out.print(f"{game.row.name}: ", end="", markup=False)
        out.print(market_line(game.state))


@reports_errors
def define_market(
    players: Annotated[int, typer.Argument(min=2, max=4, help="The player count of that market side.")],
    ring: Annotated[str, typer.Argument(help="Its spaces clockwise from the start circle: S, then P (a petal; "
                                             "P1s1w: what it shows) and C (a circle), e.g. \"S P1s C P2w C ...\".")],
) -> None:
    """Define the market ring of a player count (games started afterwards keep it)."""
    from assistant.games.gartenbau import market as rings

    console().print(f"{players} players: {rings.define(players, ring)}", markup=False)


def _listing(kind: str, json_output: bool) -> None:
    from assistant.games.gartenbau import catalogue

    found = catalogue.load(kind)
    if json_output:
        print_json({f"{kind}s": [spec._asdict() for spec in found.values()]})
        return
    out = console()
    for spec in found.values():
        out.print("  ".join(str(v) for v in spec._asdict().values()), markup=False)
    if not found:
        out.print(f"No {kind} tiles defined yet (garden {kind}s define --help); one can also be written inline "
                  "where it is played.", markup=False)


@reports_errors
def seedlings(ctx: typer.Context, json_output: JsonOption = False) -> None:
    """List the seedling tiles you defined."""
    if ctx.invoked_subcommand is None:
        _listing("seedling", json_output)


@reports_errors
def plants(ctx: typer.Context, json_output: JsonOption = False) -> None:
    """List the plant tiles you defined."""
    if ctx.invoked_subcommand is None:
        _listing("plant", json_output)


@reports_errors
def flowers(ctx: typer.Context, json_output: JsonOption = False) -> None:
    """List the flower tiles you defined."""
    if ctx.invoked_subcommand is None:
        _listing("flower", json_output)


IdArgument = Annotated[str, typer.Argument(metavar="ID", help="Your name for the tile, e.g. S12.")]


@reports_errors
def define_seedling(tile_id: IdArgument,
                    kinds: Annotated[str, typer.Argument(help="Its two seedlings, KIND+KIND (your names for the "
                                                              "6 kinds), e.g. carrot+pea.")],
                    marked: Annotated[bool, typer.Option("--marked", help="Marked for 3-4 players.")] = False) -> None:
    """Store a seedling tile of your box."""
    _define("seedling", {"id": tile_id, "kinds": kinds, "marked": marked})


@reports_errors
def define_plant(tile_id: IdArgument,
                 colour: Annotated[str, typer.Argument(help="Its colour (its stack), e.g. red.")],
                 needs: Annotated[str, typer.Argument(help="The two seedlings it covers, KIND+KIND.")],
                 cost: Annotated[str, typer.Option("--cost", help="Its cost, e.g. 2s1w.")],
                 points: Annotated[int, typer.Option("--points", help="Its points.")]) -> None:
    """Store a plant tile of your box."""
    _define("plant", {"id": tile_id, "colour": colour, "needs": needs, "cost": cost, "points": points})


@reports_errors
def define_flower(tile_id: IdArgument,
                  colours: Annotated[str, typer.Argument(help="The plant colours it needs, e.g. red+blue.")],
                  points: Annotated[int, typer.Option("--points", help="Its points.")]) -> None:
    """Store a flower tile of your box."""
    _define("flower", {"id": tile_id, "colours": colours, "points": points})


def _define(kind: str, entry: dict[str, Any]) -> None:
    from assistant.games.gartenbau import catalogue

    spec = catalogue.define(kind, entry)
    console().print(f"{kind} " + "  ".join(str(v) for v in spec._asdict().values()), markup=False)


# -- what the shared commands ask of a game ----------------------------------------------------

def list_tiles(json_output: bool) -> None:
    """`garden tiles --game gartenbau`: every tile kind you defined."""
    from assistant.games.gartenbau import catalogue

    if json_output:
        print_json({f"{kind}s": [s._asdict() for s in catalogue.load(kind).values()]
                    for kind in ("seedling", "plant", "flower")})
        return
    for kind in ("seedling", "plant", "flower"):
        console().print(f"{kind.capitalize()} tiles:", markup=False)
        _listing(kind, False)


def define_tile(tile_id: str, shape: str, *, pot: list[str] | None, cloche: list[str] | None, hole: str | None,
                count: int | None) -> None:
    """`garden tiles --game gartenbau define ID SPEC`: seedling:KIND+KIND, plant:COLOUR:KIND+KIND:COST:POINTS or
    flower:COLOUR+COLOUR:POINTS."""
    refuse_given("--pot, --cloche, --hole and --count are other games' options", pot, cloche, hole, count)
    kind, _, rest = shape.partition(":")
    parts = rest.split(":")
    if kind == "seedling" and len(parts) == 1:
        return _define("seedling", {"id": tile_id, "kinds": parts[0]})
    if kind == "plant" and len(parts) == 4 and parts[3].isdigit():
        return _define("plant", {"id": tile_id, "colour": parts[0], "needs": parts[1], "cost": parts[2],
                                 "points": int(parts[3])})
    if kind == "flower" and len(parts) == 2 and parts[1].isdigit():
        return _define("flower", {"id": tile_id, "colours": parts[0], "points": int(parts[1])})
    raise UsageError(f"Gartenbau tile {shape!r}: write seedling:KIND+KIND, plant:COLOUR:KIND+KIND:COST:POINTS or "
                     "flower:COLOUR+COLOUR:POINTS")


def fit(shape_or_id: str, cells: str | None, shown: int | None, no_flip: bool, cats: int | None,
        player: str | None, bed: int | None, game: str | None, json_output: bool) -> None:
    """`garden fit KIND+KIND` (a seedling tile) or `garden fit PLANT` (an id, or COLOUR:KIND+KIND): where it may
    go on a player's garden."""
    from assistant.games.gartenbau.fit import plant_places, seedling_places

    refuse_given("--cells, --cats and --bed are other games' options", cells, cats, bed)
    loaded = load_game(game)
    if loaded.row.game != GAME:
        raise GardenError(f"{loaded.row.name!r} is not a Gartenbau game")
    state = loaded.state
    who = state.players[player_index(state, player)]
    if ":" in shape_or_id or "+" not in shape_or_id:
        places = plant_places(who, shape_or_id)
        what = "plant"
    else:
        places = seedling_places(who, shape_or_id)
        what = "seedling tile"
    report = {"game": GAME, "player": who.name, "tile": shape_or_id, "count": len(places),
              "placements": places if shown is None else places[:shown]}
    if json_output:
        print_json(report)
        return
    out = console()
    out.print(f"{len(places)} place(s) for the {what} {shape_or_id} in {who.name}'s garden:", markup=False)
    for p in report["placements"]:
        out.print("  " + "+".join(f"{r},{c}" for r, c in p["cells"]) + (f"  --turn {p['turn']}" if "turn" in p
                                                                          else ""), markup=False)


def tile_matches(*_: Any) -> Any:
    raise UsageError("garden tiles scan reads Cottage Garden and Indian Summer tiles; Gartenbau's are "
                     "defined with its own commands (garden tiles --game gartenbau)")


tile_known = tile_doubt = save_scanned = forget_tile = tile_matches
