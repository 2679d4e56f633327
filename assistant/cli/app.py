"""The `garden` command: one typer app, command groups registered from their modules.

Start-up must stay light: command modules import numpy/cv2 (and other heavy
pieces) inside the command functions that need them, never at module level.
"""

from __future__ import annotations

import sys

import typer

from assistant.cli import registry


def build_app(command: str | None = None, help_panels: bool = False) -> typer.Typer:
    """The app with every command, or only the group that holds `command`. `help_panels`: help
    drawn by rich, the commands grouped by game; typer then draws usage errors in boxes too, so
    only when help is asked for (a refusal stays one plain line)."""
    app = typer.Typer(
        name="garden",
        help="A table companion for tile-laying garden games.",
        rich_markup_mode="rich" if help_panels else None,  # help texts escape "[" for it
        pretty_exceptions_enable=False,
        add_completion=False,
        no_args_is_help=True,
    )
    # A callback keeps `garden` a group even when only one command is registered.
    app.callback()(_garden)
    registry.register_all(app, command)
    if registry.is_command(command):
        # typer inspects every registered command's signature when it runs; keep just this one.
        app.registered_commands = [c for c in app.registered_commands if c.name == command]
        app.registered_groups = [g for g in app.registered_groups if g.name == command]
    return app


def _garden() -> None:
    """A table companion for tile-laying garden games."""


def __getattr__(name: str) -> typer.Typer:
    # `from assistant.cli.app import app` (tests, tools) gets every command;
    # `garden CMD` builds only what CMD needs.
    if name == "app":
        return build_app()
    raise AttributeError(name)


def main() -> None:
    args = sys.argv[1:]
    command = args[0] if args else None
    build_app(command, help_panels=not args or "--help" in args)(prog_name="garden")
