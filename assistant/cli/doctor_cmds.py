"""`garden doctor [--json] [--salvage]`: is everything in the home sound, and keeping what a damaged
games database still holds."""

from __future__ import annotations

from typing import Annotated

import typer

from assistant.cli.common import JsonOption, console, print_json
from assistant.cli.errors import reports_errors


def register(app: typer.Typer, only: str | None = None) -> None:
    if only in (None, "doctor"):
        app.command("doctor")(doctor)


@reports_errors
def doctor(
    salvage: Annotated[bool, typer.Option("--salvage", help="The games database is damaged: keep it byte for byte "
                                                            "under a new name and write a fresh one with every "
                                                            "game (and every move) that can still be read.")] = False,
    json_output: JsonOption = False,
) -> None:
    """Check the games database (SQLite's integrity check, every game's log replayed), the board profiles
    and the catalogue files: one line a problem, exit 1 when there is any."""
    from assistant.paths import garden_home
    from assistant.session import doctor as checks

    home = garden_home()
    if salvage:
        done = checks.salvage(home)
        if json_output:
            print_json({"salvage": done})
        else:
            for line in done:
                console().print(f"• {line}", markup=False)
        return
    problems = checks.check_home(home)
    if json_output:
        print_json({"home": str(home), "sound": not problems, "problems": [p._asdict() for p in problems]})
    else:
        out = console()
        for p in problems:
            out.print(p.line(), markup=False)
        if not problems:
            out.print(f"{home}: all sound (games database, board profiles, catalogues).", markup=False)
    if problems:
        raise typer.Exit(1)
