"""Rule ids and their text: what `garden rules` shows and what a refusal names."""

from __future__ import annotations

from typing import NamedTuple


class Rule(NamedTuple):
    id: str
    title: str
    text: str


def find(rules: tuple[Rule, ...], topic: str) -> list[Rule]:
    """Rules whose id matches `topic` exactly, else those whose id, title or text holds every word."""
    wanted = topic.strip().upper()
    exact = [r for r in rules if r.id == wanted]
    if exact:
        return exact
    words = topic.lower().split()
    return [r for r in rules if all(w in f"{r.id} {r.title} {r.text}".lower() for w in words)]
