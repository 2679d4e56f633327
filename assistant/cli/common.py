"""Pieces every command module shares: the store, the console, common options."""

from __future__ import annotations

import json
import re
from typing import Annotated, Any

import typer
from rich.console import Console

from assistant.errors import UsageError
from assistant.paths import garden_home
from assistant.session.store import Store, open_store

GameOption = Annotated[str | None, typer.Option("--game", help="The game to act on (default: the most recent).")]
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON instead of the table view.")]

# Names go into one-line game records: letters, digits, - and _, no spaces.
NAME_PATTERN = re.compile(r"^\w[\w-]{0,31}$")


def store() -> Store:
    return open_store(garden_home())


def console() -> Console:
    return Console(highlight=False, soft_wrap=False)


def print_json(data: Any) -> None:
    print(json.dumps(data, ensure_ascii=False))


def player_names(text: str) -> list[str]:
    names = [n.strip() for n in text.split(",") if n.strip()]
    for name in names:
        if not NAME_PATTERN.match(name):
            raise UsageError(f"player name {name!r}: use letters, digits, - or _ (no spaces), up to 32 characters")
    if not names:
        raise UsageError("--players needs at least one name, e.g. --players Ann,Ben")
    return names
