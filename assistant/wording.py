"""Small pieces of English shared by messages."""

from __future__ import annotations


def a(word: str) -> str:
    """The word with its indefinite article: "a green", "an orange"."""
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"

