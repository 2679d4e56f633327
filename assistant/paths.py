"""Where the assistant keeps its files: $GARDEN_HOME when set, else the user data dir."""

from __future__ import annotations

import os
from pathlib import Path


def garden_home() -> Path:
    """The folder holding games.sqlite3, boards/ and the user catalogues.

    Tests always set $GARDEN_HOME so they never touch a real user's games. Set but empty, it is
    refused (an empty value is a slip more often than a wish for the default).
    """
    env = os.environ.get("GARDEN_HOME")
    if env is not None and not env.strip():  # set but empty: refused rather than quietly meaning the default
        from assistant.errors import GardenError

        raise GardenError("GARDEN_HOME is set but empty: name a folder (GARDEN_HOME=~/garden), or unset it to use "
                          "the user data folder")
    if env:
        home = Path(env).expanduser()
    else:
        from platformdirs import user_data_dir

        home = Path(user_data_dir("garden-assistant", appauthor=False))
    try:
        home.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        from assistant.errors import GardenError

        where = "$GARDEN_HOME" if env else "the user data folder"
        why = "a file is there" if home.exists() and not home.is_dir() else err.strerror
        raise GardenError(f"{where} {home} cannot hold the assistant's files ({why}): "
                          "point it at a folder you can write to.") from None
    return home


def repo_root() -> Path | None:
    """The source checkout this package runs from, if any (holds calibration/, samples/)."""
    root = Path(__file__).resolve().parent.parent
    return root if (root / "pyproject.toml").is_file() else None
