"""Photo -> board: locate, rectify, read cells, draw overlays.

Names are loaded lazily so that importing `assistant.vision` stays cheap;
numpy and OpenCV load on first use of a reader or drawing function.
"""

from __future__ import annotations

import importlib
from typing import Any

_EXPORTS = {
    "BoardReading": "reader",
    "read_photo": "reader",
    "read_grid": "reader",
    "calibrate": "reader",
    "BoardProfile": "profile",
    "load_profile": "profile",
    "find_profile": "profile",
    "list_profiles": "profile",
    "load_photo": "imageio",
    "capture_frame": "imageio",
    "draw_reading": "draw",
    "draw_cells_on_photo": "draw",
    "draw_grid_preview": "draw",
    "GAME_SYMBOLS": "symbols",
    "parse_layout": "symbols",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'assistant.vision' has no attribute {name!r}")
    return getattr(importlib.import_module(f"assistant.vision.{module}"), name)
