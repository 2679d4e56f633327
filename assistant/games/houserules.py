"""House-rule switches: every [ruling] and every unknown component fact a table may set.

A game declares its switches as data; `parse` turns `KEY=VALUE` strings into a
validated mapping, refusing unknown keys and bad values with one line.
"""

from __future__ import annotations

from typing import NamedTuple
from collections.abc import Callable, Iterable, Mapping

from assistant.errors import UsageError


class Switch(NamedTuple):
    key: str
    default: str
    choices: tuple[str, ...] | None  # None: validated by `check` instead
    rule_id: str  # the rule the switch belongs to
    help: str
    check: Callable[[str], str | None] | None = None  # returns a problem, or None


def parse(switches: Iterable[Switch], pairs: Iterable[str]) -> dict[str, str]:
    """Defaults overridden by `KEY=VALUE` pairs; the result names every switch."""
    table = {s.key: s for s in switches}
    chosen = {key: s.default for key, s in table.items()}
    for pair in pairs:
        key, sep, val = pair.partition("=")
        key, val = key.strip(), val.strip()
        if not sep or not key:
            raise UsageError(f"house rule {pair!r}: write it as KEY=VALUE")
        if key not in table:
            raise UsageError(f"unknown house rule {key!r}; known: {', '.join(sorted(table))}")
        switch = table[key]
        if switch.choices is not None and val not in switch.choices:
            raise UsageError(f"house rule {key}={val!r}: choose one of {', '.join(switch.choices)}")
        problem = switch.check(val) if switch.check else None
        if problem:
            raise UsageError(f"house rule {key}={val!r}: {problem}")
        chosen[key] = val
    return chosen


def differing(switches: Iterable[Switch], chosen: Mapping[str, str]) -> dict[str, str]:
    """Only the switches set away from their default (what a record needs to carry)."""
    return {s.key: chosen[s.key] for s in switches if chosen.get(s.key, s.default) != s.default}
