"""Commands every game shares: new, games, status, tally, undo, redo, export, stats, replay, rules."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from assistant.cli.common import GameOption, JsonOption, console, load_game, print_json, table
from assistant.cli.errors import reports_errors
from assistant.cli.moves import command_function, declared, shared_function
from assistant.errors import GardenError, UsageError
from assistant.games import registry
from assistant.play import new_command, status_json
from assistant.session import history


def register(app: typer.Typer, only: str | None = None) -> None:
    """The shared commands, or just `only` (`new` and `next` are built from every game's
    declarations: not for `garden status`, whose start-up is benchmarked)."""
    built = {"new": _new_function, "next": lambda: shared_function("next", declared()["next"])}
    plain = {c.__name__: c for c in (games, status, tally, undo, redo, export, stats, replay, rules)}
    for name in ("new", "games", "status", "tally", "next", "undo", "redo", "export", "stats", "replay", "rules"):
        if only is None or only == name:
            app.command(name)(built[name]() if name in built else plain[name])


def _new_function():
    """`garden new`: the shared options and every game's own (a game refuses those it does not take)."""

    defaults = {o.name: o.default for o in new_command().options}

    def new(options: dict[str, Any], _: str | None, json_output: bool) -> None:
        tab = table()
        game = options.pop("game")
        # a flag left at its default was not given: a game that does not take it is not asked about it
        result = tab.new(game, {k: v for k, v in options.items() if v != defaults[k]})
        if json_output:
            print_json(result)
            return
        console().print(registry.views(game).setup_view(tab.load(result["name"]).state, result["name"]))

    return command_function(new_command(), new, game_flag=False)


@reports_errors
def games(json_output: JsonOption = False) -> None:
    """List the saved games, most recent first."""
    rows = table().games()
    if json_output:
        print_json({"games": rows})
        return
    if not rows:
        print(f"No games yet. Start one: garden new {next(iter(registry.GAMES))} --players Ann,Ben")
        return
    from datetime import datetime

    from rich.table import Table

    listing = Table("name", "game", "players", "last change")
    for row in rows:
        when = datetime.fromtimestamp(row["touched"]).strftime("%Y-%m-%d %H:%M")
        listing.add_row(row["name"], row["game"], ",".join(row["players"]), when)
    console().print(listing)


@reports_errors
def status(game: GameOption = None, json_output: JsonOption = False) -> None:
    """Whose turn, the gardener die, rounds and every player's tracks."""
    loaded = load_game(game)
    if json_output:
        print_json(status_json(loaded.game, loaded.state, loaded.row.name, loaded.events))
        return
    console().print(registry.views(loaded.row.game).status_view(loaded.state, loaded.row.name))


@reports_errors
def tally(
    game: GameOption = None,
    json_output: JsonOption = False,
    photo: Annotated[list[str] | None, typer.Option("--photo", help="Indian Summer: PLAYER=PHOTO (or PLAYER=PHOTO@BOARD), "
                                                    "each player's woodland board at the end; empty cells are read from it. "
                                                    "PLAYER=PHOTO,PHOTO2: photos of one board, each from a little to one "
                                                    "side, read as one.")] = None,
    board: Annotated[str | None, typer.Option("--board", help="With --photo: the calibrated board of every photo.")] = None,
    out: Annotated[Path | None, typer.Option("--out", help="Also draw the scoresheet into this .svg file (the web "
                                             "page's picture).")] = None,
) -> None:
    """The end-of-game tally with its tie-breakers (standings so far, before the end)."""
    if out is not None and out.suffix.lower() != ".svg":
        raise UsageError(f"--out {out}: the scoresheet is drawn as SVG; name a .svg file")
    loaded = load_game(game)
    state, notes = loaded.state, []
    if photo:
        from assistant import reports

        state, notes = reports.of(loaded.row.game).tally_photos(loaded, photo, board)
    if out is not None:
        from assistant.render.scoresheet import scoresheet_svg

        try:
            out.write_text(scoresheet_svg(loaded.game.tally(state), f"{loaded.game.title}: {loaded.row.name}"),
                           encoding="utf-8")
        except OSError as err:
            raise GardenError(f"cannot write {out}: {err.strerror}") from None
        notes = [*notes, f"Scoresheet drawn: {out}"]
    if json_output:
        data = loaded.game.tally(state)
        if notes:
            data["photo_notes"] = notes
        print_json(data)
        return
    out = console()
    for note in notes:
        out.print(f"• {note}", markup=False)
    out.print(registry.views(loaded.row.game).tally_view(state))


def _step(kind: str, steps: int, game: str | None) -> None:
    tab = table()
    result = tab.undo(game, steps) if kind == history.UNDO else tab.redo(game, steps)
    turn = result["turn"]
    console().print(f"{result['notes'][0][:-1]}. Now at turn {turn['number']}. {turn['player']}.")


@reports_errors
def undo(steps: Annotated[int, typer.Argument(help="How many commands to take back.")] = 1, game: GameOption = None) -> None:
    """Take back the last command(s); nothing is deleted, redo brings them back."""
    _step(history.UNDO, steps, game)


@reports_errors
def redo(steps: Annotated[int, typer.Argument(help="How many undone commands to bring back.")] = 1, game: GameOption = None) -> None:
    """Bring back undone command(s)."""
    _step(history.REDO, steps, game)


EXPORT_FORMATS = ("text", "json", "bgstats", "csv")


@reports_errors
def export(
    file: Annotated[Path | None, typer.Argument(help="Write here (default: print).")] = None,
    game: GameOption = None,
    json_output: JsonOption = False,
    format: Annotated[str, typer.Option("--format", help="text: the game record (docs/notation.md); json: the same, "
                                        "lossless and versioned; bgstats: BG Stats' play import JSON; csv: a row "
                                        "a player.")] = "text",
) -> None:
    """Write the game record (docs/notation.md), or the play for BG Stats or a spreadsheet."""
    if format not in EXPORT_FORMATS:
        raise UsageError(f"--format {format!r}: choose one of {', '.join(EXPORT_FORMATS)}")
    loaded = load_game(game)
    from assistant import results
    from assistant.session import notation

    chosen = "json" if json_output else format
    record = notation.Record(loaded.row.game, loaded.row.name, loaded.row.setup, history.actions_of(loaded.moves))
    if chosen == "bgstats":
        text = json.dumps(results.bgstats(results.play_of(loaded)), indent=1, ensure_ascii=False) + "\n"
    elif chosen == "csv":
        text = results.csv_text([results.play_of(loaded)])
    else:
        text = notation.write_json(record) if chosen == "json" else notation.write_text(record)
    if file is None:
        print(text, end="")
        return
    try:
        file.write_text(text, encoding="utf-8")
    except OSError as err:
        raise GardenError(f"cannot write {file}: {err.strerror}") from None
    print(f"Wrote {file}")


@reports_errors
def stats(json_output: JsonOption = False) -> None:
    """Over the finished games: wins per player, average and best points by player count, head-to-head, time played."""
    from assistant import results

    tab = table()
    plays = [results.play_of(tab.load(row["name"])) for row in tab.games()]
    data = results.stats(plays)
    if json_output:
        print_json(data)
        return
    if not data["plays"]:
        print("No finished games yet.")
        return
    from rich.table import Table

    out = console()
    out.print(f"{data['plays']} finished game(s), {data['minutes_played']} minutes played.")
    listing = Table("player", "plays", "wins", "minutes")
    for p in data["players"]:
        listing.add_row(p["name"], str(p["plays"]), str(p["wins"]), str(p["minutes"]))
    out.print(listing)
    if data["scores"]:
        points = Table("game", "players", "player", "plays", "average", "best")
        for row in data["scores"]:
            points.add_row(row["game"], str(row["players"]), row["name"], str(row["plays"]), str(row["average"]),
                           str(row["best"]))
        out.print(points)
    meetings = Table("player", "v", "plays", "ahead", "behind", "level")
    for m in data["head_to_head"]:
        meetings.add_row(m["a"], m["b"], str(m["plays"]), str(m["a_ahead"]), str(m["b_ahead"]), str(m["level"]))
    out.print(meetings)


@reports_errors
def replay(
    file: Annotated[Path, typer.Argument(help="A game record, text or JSON.")],
    json_output: JsonOption = False,
    save: Annotated[str | None, typer.Option("--save", help="Also keep it as a game of this name.")] = None,
) -> None:
    """Replay a game record, checking every move; show the final status."""
    try:
        text = file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise GardenError(f"cannot read {file}: {getattr(err, 'strerror', None) or err}") from None
    from assistant.session import notation

    record = notation.read(text, str(file))
    eng = registry.game(record.game)
    state = eng.replay(record.setup, record.actions)
    name = save or record.name or file.stem
    events = table().save_record(record, save) if save else None
    if json_output:
        print_json(status_json(eng, state, name, events))
        return
    console().print(registry.views(record.game).status_view(state, name))


@reports_errors
def rules(
    words: Annotated[list[str] | None, typer.Argument(help="A game first if you like (hanging-gardens), then a rule id "
                                                           "(CG-FINAL-2) or words (red line).")] = None,
    game: Annotated[str | None, typer.Option("--game", help="Which game's rules (default: the first, cottage-garden).")] = None,
) -> None:
    """The rules the assistant enforces, by id or word; `rules [GAME] house` lists the house-rule switches."""
    from rich.padding import Padding
    from rich.text import Text

    from assistant.games import rulebook

    if words and words[0].lower() in registry.GAMES:  # `garden rules hanging-gardens [topic]`
        if game is not None and game != words[0].lower():
            raise GardenError(f"rules: the game is named twice ({words[0]} and --game {game})")
        game, words = words[0].lower(), words[1:]
    eng = registry.game(game or next(iter(registry.GAMES)))
    out = console()
    topic = " ".join(words or [])
    if topic and topic.lower() in ("house", "house-rules", "houserules"):
        # one block a switch (a table's columns left the meaning a few letters wide at 80
        # columns); Text, not markup: the help's "[ruling]" is printed as written
        out.print(Text(f"{eng.title} house rules (garden new ... --house-rule KEY=VALUE)", style="bold"))
        for s in eng.switches:
            head = Text("\n")
            head.append(s.key, style="bold")
            head.append(f" = {s.default}  [{s.rule_id}]")
            out.print(head)
            if s.choices:
                out.print(Padding(Text("choices: " + " | ".join(s.choices)), (0, 0, 0, 2), expand=False))
            out.print(Padding(Text(s.help), (0, 0, 0, 2), expand=False))
        return
    all_rules = eng.rules
    found = rulebook.find(all_rules, topic) if topic else list(all_rules)
    if not found:
        raise GardenError(f"no {eng.title} rule matches {topic!r}; try `garden rules` for the list")
    for rule in found:
        out.print(f"[bold]{rule.id}[/bold]  {rule.title}\n  {rule.text}\n")
