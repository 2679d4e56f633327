"""Photo commands: calibrate, boards, check (filled in by the vision work)."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Adds the photo commands to the app."""
