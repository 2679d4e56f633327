"""How a refused command reaches the person: one line, an exit code, no traceback."""

from __future__ import annotations

import functools
import json
import sys
from collections.abc import Callable
from typing import Any, TypeVar

import typer

from assistant.errors import GardenError, IllegalMove

F = TypeVar("F", bound=Callable[..., Any])


def reports_errors(command: F) -> F:
    """Wrap a command: a GardenError becomes one line on stderr (or, when the command was
    given --json, {"error": ...} on stdout, with "rule" for a refused move) and its exit code."""

    @functools.wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return command(*args, **kwargs)
        except GardenError as err:
            if kwargs.get("json_output"):
                refusal = {"error": err.sentence, "rule": err.rule} if isinstance(err, IllegalMove) else {"error": str(err)}
                print(json.dumps(refusal, ensure_ascii=False))
            else:
                print(f"Error: {err}", file=sys.stderr)
            raise typer.Exit(err.exit_code) from None

    return wrapper  # type: ignore[return-value]
