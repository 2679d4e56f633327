"""Running `garden` in-process with a pinned terminal."""

from __future__ import annotations

from typer.testing import CliRunner

from assistant.cli.app import app

ENV = {"NO_COLOR": "1", "COLUMNS": "200", "TERM": "dumb"}


def garden(*args: str):
    return CliRunner().invoke(app, list(args), env=ENV)


def ok(*args: str) -> str:
    result = garden(*args)
    assert result.exit_code == 0, (args, result.output)
    return result.output


def fails(code: int, *args: str) -> str:
    """The command is refused with `code`, one line, no traceback; returns the line."""
    result = garden(*args)
    assert result.exit_code == code, (args, result.exit_code, result.output)
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return result.output.strip()
