"""Every rule id in a game's rulebook is in the code that applies it and in a test that pins it:
a newcomer finds any rule by its id with one grep."""

from __future__ import annotations

from pathlib import Path

import pytest

from assistant.games import registry

ROOT = Path(__file__).resolve().parents[1]


def _texts(folder: str, leave_out: set[str]) -> list[str]:
    return [p.read_text() for p in (ROOT / folder).rglob("*.py") if p.name not in leave_out]


@pytest.mark.parametrize("key", sorted(registry.GAMES))
def test_every_rule_id_is_applied_and_pinned(key):
    code = _texts("assistant", {"rulebook.py"})
    tests = _texts("tests", {Path(__file__).name})
    rules = registry.game(key).rules
    assert rules
    unapplied = [r.id for r in rules if not any(r.id in text for text in code)]
    unpinned = [r.id for r in rules if not any(r.id in text for text in tests)]
    assert unapplied == [] and unpinned == [], (unapplied, unpinned)
