"""The one convention for a component side nobody described: a clearly labelled blank
placeholder, never an invented layout (components.md: unknowns are labelled)."""

from __future__ import annotations

PREFIX = "blank-"


def name(label: str) -> str:
    return f"{PREFIX}{label}"


def is_placeholder(side_name: str) -> bool:
    return side_name.startswith(PREFIX)


def describe(side_name: str, missing: str) -> str:
    """The name as shown to people: a placeholder says what was not given."""
    return f"{side_name} (placeholder: {missing} not given)" if is_placeholder(side_name) else side_name
