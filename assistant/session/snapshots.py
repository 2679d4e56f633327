"""The state after the last command, kept beside the log so that reading a game does not
replay every event.

A snapshot is trusted only when it was taken after the log's last entry and by the same
rules code: its stamp names the files of the game's package and of the shared code its state
is built from (games/, grid/), with their sizes and modification times. A snapshot that is missing, stale, of other code or
unreadable is ignored, and the state is rebuilt by replaying the log, every event checked.
Unpickling admits only the classes of the games' and the grid's modules (and the one function
that makes a read-only mapping), never other code a damaged or foreign file names.
"""

from __future__ import annotations

import copyreg
import io
import os
import pickle
import zlib
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

PROTOCOL = 5
_PACKAGE = Path(__file__).resolve().parent.parent  # assistant/


def frozen_mapping(items: dict) -> MappingProxyType:
    """A read-only mapping again (set-ups keep their house rules as one)."""
    return MappingProxyType(items)


copyreg.pickle(MappingProxyType, lambda mapping: (frozen_mapping, (dict(mapping),)))


@lru_cache(maxsize=None)
def stamp(package: str) -> str:
    """The code a game's state and rules come from (its package, games/, grid/), as each file's
    name, size and modification time: any edit, install or checkout of other code changes it
    (statting the files costs far less than reading them, on every `garden status`)."""
    folder = _PACKAGE.parent.joinpath(*package.split("."))
    files = []
    for directory in (folder, _PACKAGE / "games", _PACKAGE / "grid"):
        with os.scandir(directory) as entries:
            for entry in entries:
                if entry.name.endswith(".py"):
                    info = entry.stat()
                    files.append(f"{entry.path}:{info.st_size}:{info.st_mtime_ns}")
    text = "\n".join(sorted(files))
    return f"{zlib.crc32(text.encode()):08x}-{len(files)}"


#: where the classes a game's state is made of live
_STATE_MODULES = ("assistant.games.", "assistant.grid.")


def dumps(state: Any) -> bytes:
    return pickle.dumps(state, protocol=PROTOCOL)


class _OwnClasses(pickle.Unpickler):
    def find_class(self, module: str, name: str) -> Any:
        if module == __name__ and name == "frozen_mapping":
            return frozen_mapping
        if module.startswith(_STATE_MODULES) and not name.startswith("_"):
            found = super().find_class(module, name)
            if isinstance(found, type):  # a state's class: building one runs none of our code's effects
                return found
        raise pickle.UnpicklingError(f"a snapshot may not name {module}.{name}")


def loads(body: bytes) -> Any:
    return _OwnClasses(io.BytesIO(body)).load()
