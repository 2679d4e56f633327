"""Gartenbau's reports (see reports/__init__.py): none ranks whole turns, and a garden grows
anywhere on the table, with no board to photograph; each report refuses and says what the game
offers instead."""

from __future__ import annotations

from typing import Any

from assistant.errors import GardenError, UsageError

NO_PHOTO = "Gartenbau has no board to photograph: a garden is tracked tile by tile (garden status)"


def advice(loaded: Any, line: str | None) -> dict[str, Any]:
    raise UsageError("Gartenbau: garden fit KIND+KIND (a seedling tile) or garden fit PLANT lists where a tile may "
                     "go; no ranking of whole turns is built for it")


def fit_on_text(*_: Any) -> Any:
    raise GardenError(NO_PHOTO)


reading_view = compare_view = tally_photos = fit_on_text
