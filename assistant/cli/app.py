"""The `garden` command: one typer app, command groups registered from their modules.

Start-up must stay light: command modules import numpy/cv2 (and other heavy
pieces) inside the command functions that need them, never at module level.
"""

from __future__ import annotations

import json
import sys
from typing import Any

import click
import typer
from typer.core import TyperGroup

from assistant.errors import GardenError


class GardenGroup(TyperGroup):
    """Turns a GardenError raised anywhere below into one line and its exit code."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except GardenError as err:
            if json_errors_requested():
                print(json.dumps({"error": str(err)}))
                raise typer.Exit(err.exit_code) from None
            raise GardenClickError(str(err), err.exit_code) from None


class GardenClickError(click.ClickException):
    def __init__(self, message: str, exit_code: int) -> None:
        super().__init__(message)
        self.exit_code = exit_code


def json_errors_requested() -> bool:
    """A command run with --json reports failures as {"error": ...} on stdout."""
    return "--json" in sys.argv[1:] or _JSON_FLAG[0]


# CliRunner passes arguments without touching sys.argv; commands with --json set this.
_JSON_FLAG = [False]


def want_json(flag: bool) -> None:
    _JSON_FLAG[0] = flag


app = typer.Typer(
    cls=GardenGroup,
    name="garden",
    help="A table companion for tile-laying garden games.",
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
    add_completion=False,
    no_args_is_help=True,
)


def _register_commands() -> None:
    from assistant.cli import registry

    for module in registry.command_modules():
        module.register(app)


_register_commands()


def main() -> None:
    app(prog_name="garden")
