"""Errors the assistant reports to a person: one line, never a traceback."""

from __future__ import annotations


class GardenError(Exception):
    """Bad input or a refused request; the CLI prints the message and exits 1."""

    exit_code = 1


class IllegalMove(GardenError):
    """A move the rules forbid, carrying the id of the rule that forbids it."""

    def __init__(self, rule: str, sentence: str) -> None:
        self.rule = rule
        self.sentence = sentence
        super().__init__(f"{sentence} [{rule}]")


class NotFound(GardenError):
    """A game, a move or an entry asked for by name that does not exist (the web API's 404)."""


class MovedOn(GardenError):
    """A write made on a view of the game older than its log (another phone or the CLI moved first)."""


class OffBoard(GardenError):
    """A placement reaching past the board's edge (a game names the rule it breaks)."""


class UsageError(GardenError):
    """A malformed command line or argument (exit 2, like click's usage errors); `field`: the
    option it names, when one (the web API reports it)."""

    exit_code = 2
    field: str | None = None


class UnknownMove(UsageError, NotFound):
    """A command word that is no move of the game in play (exit 2, as a malformed command line)."""
