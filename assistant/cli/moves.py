"""Every game's moves on the command line, drawn from the commands the games declare as data
(interface.Command): parse the flags, call `play.Table`, print what it returns.

`garden score Ann --pots 7` is `Table().act(None, "score", {"player": "Ann", "pots": 7})`;
with `--json` the result is printed as the API returns it. Nothing here knows what a move means.
"""

from __future__ import annotations

import inspect
import keyword
from collections.abc import Callable
from typing import Annotated, Any

import typer
from rich.markup import escape

from assistant.cli.common import GameOption, JsonOption, console, print_json, table
from assistant.cli.errors import reports_errors
from assistant.games import registry
from assistant.games.interface import Command, Option

_TYPES: dict[str, Any] = {"str": str, "int": int, "bool": bool, "list[str]": list[str], "list[int]": list[int]}


def register(app: typer.Typer, only: str | None = None) -> None:
    """Each game's moves in a help panel of its title (`only`: just that command, for start-up); a
    word several games use is one command acting on the game in play, in the first one's panel."""
    for name, owners in declared().items():
        if name == "next" or (only is not None and name != only):
            continue  # the turn's end is one of the shared commands (game_cmds)
        function = move_function(owners[0][1]) if len(owners) == 1 else shared_function(name, owners)
        app.command(name, rich_help_panel=owners[0][0].title)(function)


def declared() -> dict[str, list[tuple[Any, Command]]]:
    """Every move word, with the games that declare it (game, its command), in registry order."""
    out: dict[str, list[tuple[Any, Command]]] = {}
    for key in registry.GAMES:
        game = registry.game(key)
        for command in game.commands():
            out.setdefault(command.name, []).append((game, command))
    return out


def move_names() -> set[str]:
    return set(declared())


def shared_function(name: str, owners: list[tuple[Any, Command]]) -> Callable[..., None]:
    """One typer command for a word several games use (`plant`, `next`): the words after it are read
    as the arguments of the game in play's command, every game's options are taken (none required,
    none defaulted: the game in play's own defaults apply), and its help says what it does in each."""
    options: dict[str, Option] = {}
    for _, command in owners:
        for option in command.options:
            if not option.argument:
                options.setdefault(option.name, option._replace(
                    required=False, default=False if option.type == "bool" else None, choices=()))
    helps: dict[str, list[str]] = {}  # one paragraph for the games whose command reads the same
    for game, command in owners:
        helps.setdefault(command.help, []).append(game.title)
    text = "\n\n".join(f"{', '.join(titles)}: {help_}" for help_, titles in helps.items())
    if len(helps) == 1:
        text = next(iter(helps))
    else:
        text = f"{owners[0][1].help.split('.')[0]} ({owners[0][0].title}); in the other games: see --help.\n\n{text}"
    positional: tuple[Option, ...] = ()
    if any(o.argument for _, c in owners for o in c.options):
        usage = "  ".join(f"{game.title}: {' '.join(o.name.upper() for o in c.options if o.argument) or '-'}"
                          for game, c in owners)
        positional = (Option("args", "list[str]", usage, argument=True, metavar="ARGS"),)
    merged = Command(name, text, (*positional, *options.values()))

    def run(given: dict[str, Any], game: str | None, json_output: bool) -> None:
        tab = table()
        key = tab.game_of(game)  # the row alone: act() loads the game once
        spec = next((c for g, c in owners if g.key == key), None)
        positional = list(given.pop("args", None) or [])
        if spec is not None:
            given = {**_as_arguments(spec, positional), **{k: v for k, v in given.items() if v is not False}}
        elif positional:
            given["args"] = positional  # refused by name: this game has no such move
        print_result(tab.act(game, name, given), json_output)

    return command_function(merged, run)


def _as_arguments(command: Command, words: list[str]) -> dict[str, Any]:
    """The words given after a shared command word, as `command`'s arguments in their order."""
    from assistant.errors import UsageError

    out: dict[str, Any] = {}
    for option in positional_order(command.options):
        if not words:
            break
        if option.type.startswith("list["):
            out[option.name], words = words, []
        else:
            out[option.name] = words.pop(0)
    if words:
        raise UsageError(f"{command.name}: unexpected extra argument(s) {' '.join(words)}")
    return out


def move_function(command: Command) -> Callable[..., None]:
    """A typer command for a move: its options as flags, then --game and --json."""

    def run(options: dict[str, Any], game: str | None, json_output: bool) -> None:
        print_result(table().act(game, command.name, options), json_output)

    return command_function(command, run)


def command_function(command: Command, run: Callable[[dict[str, Any], str | None, bool], None],
                     game_flag: bool = True) -> Callable[..., None]:
    """A typer command for `command`: its options as flags, then --game (`game_flag`) and --json;
    `run(options given, --game, --json)` does the work."""

    def parsed(**flags: Any) -> None:
        game = flags.pop("game_name") if game_flag else None
        json_output = flags.pop("json_output")
        run(options_of(flags), game, json_output)

    parsed.__name__ = command.name
    parsed.__doc__ = escape(command.help)
    extra = [inspect.Parameter("json_output", inspect.Parameter.KEYWORD_ONLY, annotation=JsonOption, default=False)]
    if game_flag:  # named apart from an option called "game" (new's GAME)
        extra.insert(0, inspect.Parameter("game_name", inspect.Parameter.KEYWORD_ONLY, annotation=GameOption,
                                          default=None))
    parsed.__signature__ = inspect.Signature(parameters(command.options) + extra)  # type: ignore[attr-defined]
    return reports_errors(parsed)


def parameters(options: tuple[Option, ...]) -> list[inspect.Parameter]:
    """The function parameters typer reads flags from: arguments first (positional_order), then options."""
    ordered = positional_order(options) + [o for o in options if not o.argument]
    return [_parameter(o) for o in ordered]


def positional_order(options: tuple[Option, ...]) -> list[Option]:
    """A command's arguments in the order the command line reads them: required ones first."""
    return sorted((o for o in options if o.argument), key=lambda o: not o.required)


def _parameter(option: Option) -> inspect.Parameter:
    kind = _TYPES[option.type]
    name = python_name(option.name)
    required = option.required and option.default is None
    info: Any
    if option.argument:
        info = typer.Argument(help=escape(option.help), metavar=option.metavar or option.name.upper(), show_default=False)
    else:
        info = typer.Option("--" + option.name.replace("_", "-"), help=escape(option.help), min=option.low, max=option.high,
                            show_default=option.default not in (None, False, ""))
    annotation = Annotated[kind if required or option.default is not None else kind | None, info]  # type: ignore[operator]
    default = inspect.Parameter.empty if required else option.default
    kind_of = inspect.Parameter.POSITIONAL_OR_KEYWORD if option.argument else inspect.Parameter.KEYWORD_ONLY
    return inspect.Parameter(name, kind_of, annotation=annotation, default=default)


def python_name(name: str) -> str:
    """A keyword (`from`) gets a trailing underscore as a Python parameter."""
    return name + "_" if keyword.iskeyword(name) else name


def options_of(flags: dict[str, Any]) -> dict[str, Any]:
    """The flags typer parsed, keyed by the options' names; those not given left out."""
    return {(k[:-1] if k.endswith("_") else k): v for k, v in flags.items() if v is not None}


def print_result(result: dict[str, Any], json_output: bool) -> None:
    """A move's result: as JSON, or the notes, then whose turn it is now."""
    if json_output:
        print_json(result)
        return
    out = console()
    for line in result["notes"]:
        out.print(f"• {line}", markup=False)
    if not result["turn"].get("over"):
        out.print(f"→ {result['turn']['summary']}", markup=False)
