"""The `garden` command: one typer app, command groups registered from their modules.

Start-up must stay light: command modules import numpy/cv2 (and other heavy
pieces) inside the command functions that need them, never at module level.
"""

from __future__ import annotations

import typer

app = typer.Typer(
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
