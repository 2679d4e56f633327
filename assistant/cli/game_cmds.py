"""Commands every game shares: new, games, status, tally, undo, redo, export, replay, rules."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from assistant.cli.common import (
    GameOption, JsonOption, console, end_turn, has_store, load_game, player_names, print_json, store,
)
from assistant.cli.errors import reports_errors
from assistant.errors import GardenError, UsageError
from assistant.games import registry
from assistant.session import games as sessions
from assistant.session import history, notation


def register(app: typer.Typer) -> None:
    for command in (new, games, status, tally, next_turn, undo, redo, export, replay, rules):
        app.command(command.__name__.replace("_turn", ""))(command)


def _default_name(game: str, taken: set[str]) -> str:
    n = 1
    while f"{game}-{n}" in taken:
        n += 1
    return f"{game}-{n}"


@reports_errors
def new(
    game: Annotated[str, typer.Argument(help="The game: " + ", ".join(registry.ENGINES))],
    players: Annotated[str | None, typer.Option("--players", help="Names in turn order, comma-separated: Ann,Ben,Cy")] = None,
    name: Annotated[str | None, typer.Option("--name", help="A name for this game (default: GAME-N).")] = None,
    solo: Annotated[bool, typer.Option("--solo", help="The solo variant (one player).")] = False,
    house_rule: Annotated[list[str] | None, typer.Option("--house-rule", help="KEY=VALUE; see `garden rules house`.")] = None,
    board_mode: Annotated[bool, typer.Option("--board-mode", help="Track every bed cell by cell.")] = False,
    bed: Annotated[list[str] | None, typer.Option("--bed", help="Board mode: PLAYER=SIDE, a bed side name (garden beds) or a layout '..P../...'; twice a player.")] = None,
    public_bed: Annotated[str | None, typer.Option("--public-bed", help="Board mode: the public bed's side.")] = None,
    nursery: Annotated[str | None, typer.Option("--nursery", help="Board mode, to track the nursery: its 16 tile ids row by row ('-' empty).")] = None,
    queue: Annotated[str | None, typer.Option("--queue", help="Board mode, with --nursery: the queue's tile ids, front first.")] = None,
) -> None:
    """Start a game and print its set-up."""
    eng = registry.engine(game)
    if players is None and not solo:
        raise UsageError("give the players in turn order: --players Ann,Ben (or --solo)")
    names = player_names(players) if players is not None else ["Player"]
    st = store()
    game_name = name or _default_name(game, {g.name for g in st.games()})
    if not sessions.name_ok(game_name):
        raise UsageError(f"game name {game_name!r}: use letters, digits, - or _ (up to 40 characters)")
    from assistant.games import houserules
    from assistant.games.events import RULES_VERSION

    chosen = houserules.parse(eng.SWITCHES, house_rule or [])
    setup = {"players": names, "solo": solo, "name": game_name,
             "house_rules": houserules.differing(eng.SWITCHES, chosen), "rules": RULES_VERSION}
    if board_mode or bed or public_bed or nursery or queue:
        setup.update(eng.board_setup(names, bed or [], public_bed, board_mode, nursery, queue))
    loaded = sessions.create(st, game, game_name, setup)
    console().print(registry.views(game).setup_view(loaded.state, game_name))


@reports_errors
def games() -> None:
    """List the saved games, most recent first."""
    rows = store().games() if has_store() else []
    if not rows:
        print("No games yet. Start one: garden new cottage-garden --players Ann,Ben")
        return
    from datetime import datetime

    from rich.table import Table

    table = Table("name", "game", "players", "last change")
    for row in rows:
        when = datetime.fromtimestamp(row.touched).strftime("%Y-%m-%d %H:%M")
        table.add_row(row.name, row.game, ",".join(row.setup.get("players", [])), when)
    console().print(table)


@reports_errors
def status(game: GameOption = None, json_output: JsonOption = False) -> None:
    """Whose turn, the gardener die, rounds and every player's tracks."""
    loaded = load_game(game)
    if json_output:
        print_json(loaded.engine.status(loaded.state, loaded.row.name))
        return
    console().print(registry.views(loaded.row.game).status_view(loaded.state, loaded.row.name))


@reports_errors
def tally(
    game: GameOption = None,
    json_output: JsonOption = False,
    photo: Annotated[list[str] | None, typer.Option("--photo", help="Indian Summer: PLAYER=PHOTO (or PLAYER=PHOTO@BOARD), "
                                                    "each player's woodland board at the end; empty cells are read from it.")] = None,
    board: Annotated[str | None, typer.Option("--board", help="With --photo: the calibrated board of every photo.")] = None,
) -> None:
    """The end-of-game tally with its tie-breakers (standings so far, before the end)."""
    loaded = load_game(game)
    state, notes = loaded.state, []
    if photo:
        from assistant.cli.photo_game import state_with_photo_counts

        state, notes = state_with_photo_counts(loaded, photo, board)
    if json_output:
        data = loaded.engine.tally_data(state)
        if notes:
            data["photo_notes"] = notes
        print_json(data)
        return
    out = console()
    for note in notes:
        out.print(f"• {note}", markup=False)
    out.print(registry.views(loaded.row.game).tally_view(state))


@reports_errors
def next_turn(game: GameOption = None) -> None:
    """End the current player's turn (the game moves on: die, rounds, final round)."""
    end_turn(game)


def _step(kind: str, steps: int, game: str | None) -> None:
    loaded = sessions.step_history(store(create=False), game, kind, steps)
    word = "Undone" if kind == history.UNDO else "Redone"
    console().print(f"{word} {steps} command(s). Now at turn {loaded.engine.turn_label(loaded.state).rstrip(':')}.")


@reports_errors
def undo(steps: Annotated[int, typer.Argument(help="How many commands to take back.")] = 1, game: GameOption = None) -> None:
    """Take back the last command(s); nothing is deleted, redo brings them back."""
    _step(history.UNDO, steps, game)


@reports_errors
def redo(steps: Annotated[int, typer.Argument(help="How many undone commands to bring back.")] = 1, game: GameOption = None) -> None:
    """Bring back undone command(s)."""
    _step(history.REDO, steps, game)


@reports_errors
def export(
    file: Annotated[Path | None, typer.Argument(help="Write here (default: print).")] = None,
    game: GameOption = None,
    json_output: JsonOption = False,
) -> None:
    """Write the game record (docs/notation.md), or JSON with --json."""
    loaded = load_game(game)
    record = notation.Record(loaded.row.game, loaded.row.name, loaded.row.setup, history.actions_of(loaded.moves))
    text = notation.write_json(record) if json_output else notation.write_text(record)
    if file is None:
        print(text, end="")
        return
    try:
        file.write_text(text, encoding="utf-8")
    except OSError as err:
        raise GardenError(f"cannot write {file}: {err.strerror}") from None
    print(f"Wrote {file}")


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
    record = notation.read(text, str(file))
    eng = registry.engine(record.game)
    state = eng.replay(record.setup, record.actions)
    name = save or record.name or file.stem
    if save:
        sessions.import_record(store(), record, save)
    if json_output:
        print_json(eng.status(state, name))
        return
    console().print(registry.views(record.game).status_view(state, name))


@reports_errors
def rules(
    words: Annotated[list[str] | None, typer.Argument(help="A rule id (CG-FINAL-2) or words (red line).")] = None,
    game: Annotated[str, typer.Option("--game", help="Which game's rules.")] = "cottage-garden",
) -> None:
    """The rules the assistant enforces, by id or word; `rules house` lists the house-rule switches."""
    from rich.padding import Padding
    from rich.text import Text

    from assistant.games import rulebook

    eng = registry.engine(game)
    out = console()
    topic = " ".join(words or [])
    if topic and topic.lower() in ("house", "house-rules", "houserules"):
        # one block a switch (a table's columns left the meaning a few letters wide at 80
        # columns); Text, not markup: the help's "[ruling]" is printed as written
        out.print(Text(f"{eng.TITLE} house rules (garden new ... --house-rule KEY=VALUE)", style="bold"))
        for s in eng.SWITCHES:
            head = Text("\n")
            head.append(s.key, style="bold")
            head.append(f" = {s.default}  [{s.rule_id}]")
            out.print(head)
            if s.choices:
                out.print(Padding(Text("choices: " + " | ".join(s.choices)), (0, 0, 0, 2), expand=False))
            out.print(Padding(Text(s.help), (0, 0, 0, 2), expand=False))
        return
    all_rules = registry.game_module(game, "rulebook").RULES
    found = rulebook.find(all_rules, topic) if topic else list(all_rules)
    if not found:
        raise GardenError(f"no {eng.TITLE} rule matches {topic!r}; try `garden rules` for the list")
    for rule in found:
        out.print(f"[bold]{rule.id}[/bold]  {rule.title}\n  {rule.text}\n")
