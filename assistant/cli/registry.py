"""The command-group modules that make up `garden`; each has `register(app)`."""

from __future__ import annotations

import importlib
from types import ModuleType

# One module per command group. Modules listed here must import only light
# modules at top level (no numpy, no cv2): every `garden` call imports them.
COMMAND_MODULES: tuple[str, ...] = ("game_cmds", "cottage_cmds", "photo_cmds")


def command_modules() -> list[ModuleType]:
    return [importlib.import_module(f"assistant.cli.{name}") for name in COMMAND_MODULES]
