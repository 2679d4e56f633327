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
    """Each game's moves in a help panel of its title (`only`: just that command, for start-up)."""
    seen: set[str] = {"next"}  # the turn's end is one of the shared commands (game_cmds)
    for key in registry.GAMES:
        game = registry.game(key)
        for command in game.commands():
            if command.name in seen or (only is not None and command.name != only):
                continue
            seen.add(command.name)
            app.command(command.name, rich_help_panel=game.title)(move_function(command))


def move_names() -> set[str]:
    return {c.name for key in registry.GAMES for c in registry.game(key).commands()}


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
    """The function parameters typer reads flags from: arguments first (required ones first), then options."""
    arguments = [o for o in options if o.argument]
    ordered = sorted(arguments, key=lambda o: not o.required) + [o for o in options if not o.argument]
    return [_parameter(o) for o in ordered]


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
