"""The command-group modules that make up `garden`, and the commands each one adds.

`garden CMD` imports only the module that holds CMD (start-up time is
benchmarked); `garden --help` and the tests import them all. Modules listed
here must import only light modules at top level (no numpy, no cv2).
"""

from __future__ import annotations

import importlib
from types import ModuleType

COMMANDS: dict[str, tuple[str, ...]] = {
    "game_cmds": ("new", "games", "status", "tally", "next", "undo", "redo", "export", "replay", "rules"),
    "cottage_cmds": ("score", "refill", "cat", "pay", "discard", "withdraw"),
    "board_cmds": ("plant", "pot", "bed"),
    "indian_cmds": ("leaf", "squirrel", "mushroom", "feather", "blueberry", "nut", "exchange", "region", "animal",
                    "path", "final", "deal", "woods", "leaves", "animals", "woodlands"),
    "photo_cmds": ("calibrate", "boards", "check", "markers"),
    "catalogue_cmds": ("tiles", "beds"),
    "fit_cmds": ("fit", "advise"),
}


def command_modules(command: str | None = None) -> list[ModuleType]:
    """The module holding `command`, or every module when it is None or unknown."""
    names = [m for m, commands in COMMANDS.items() if command in commands] or list(COMMANDS)
    return [importlib.import_module(f"assistant.cli.{name}") for name in names]


def is_command(name: str | None) -> bool:
    return any(name in commands for commands in COMMANDS.values())
