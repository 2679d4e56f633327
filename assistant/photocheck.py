"""`garden check`'s work, for every face (the command line, the web page): a photo read with a
calibrated board's profile (or a bare grid), what the board's game reads off it, and with a
player the comparison with the saved game. Imports numpy and OpenCV only when called."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from assistant.errors import UsageError


@dataclass
class Checked:
    reading: Any  # vision.reader.BoardReading
    photo: Any  # vision.imageio.LoadedPhoto
    data: dict[str, Any]  # `check --json`: the reading and the game's additions
    game: str | None  # the board profile's game (None: a bare grid)

    def drawing(self) -> Any:
        """The reading drawn on the photo (a BGR image)."""
        from assistant.vision.draw import draw_reading

        return draw_reading(self.photo.image, self.reading)


def check_photo(loaded: Any, table: Any, profile: Any, grid: str | None = None, player: str | None = None,
                bed: int | None = None, game: str | None = None, more: Sequence[Any] = ()) -> Checked:
    """Reads the `loaded` photo (vision.imageio's load_photo of a file, decode_photo of bytes) with a
    board's `profile` (checked_profile's), or, without one, finds a `grid` ("ROWSxCOLS"); `table`: the
    play.Table a comparison with `game` reads (None when no `player` is compared). `more`: other
    photos of the same board (loaded alike), read with it as one (vision.views)."""
    from assistant.vision import symbols
    from assistant.vision.reader import read_grid
    from assistant.vision.views import read_board

    photos = [loaded, *more]
    if more and profile is None:
        raise UsageError("photos are read together only with --board (a bare grid cannot tell which way round "
                         "each photo shows it).")
    refused: list[tuple[str, str]] = []
    if profile is not None:
        reading, loaded, refused = read_board(photos, profile)
    else:
        rows, cols = symbols.parse_grid_size(grid)  # type: ignore[arg-type]
        reading = read_grid(loaded, rows, cols)
    data = reading.to_json()
    if more:
        data["photos"] = [photo.source for photo in photos]
        data["not_read"] = [{"photo": source, "why": why} for source, why in refused]
    data.update(_game_view(reading, profile, table, player, bed, game))
    return Checked(reading, loaded, data, profile.game if profile is not None else None)


def checked_profile(board: str | None, grid: str | None) -> Any:
    """The board's profile (None for a bare grid); the two must agree (checked before a photo is read)."""
    from assistant.vision import symbols

    if board is None and grid is None:
        raise UsageError("give --board NAME (a calibrated board) or --grid RxC.")
    size = symbols.parse_grid_size(grid) if grid is not None else None
    if board is None:
        return None
    from assistant.vision.profile import load_profile

    profile = load_profile(board)
    if size is not None and size != (profile.rows, profile.cols):
        raise UsageError(f"--grid {grid} does not match board {board}, which is {profile.rows}x{profile.cols}.")
    return profile


def _game_view(reading: Any, profile: Any, table: Any, player: str | None, bed: int | None,
               game: str | None) -> dict[str, Any]:
    """The game-aware additions, from the games' reports: what the board's game reads off it
    (woodland regions); with `player`, the comparison with the saved game."""
    from assistant import reports
    from assistant.games import registry

    extra: dict[str, Any] = {}
    if profile is not None and profile.game in registry.GAMES:
        extra.update(reports.of(profile.game).reading_view(reading))
    if player is None:
        if bed is not None:
            raise UsageError("--bed goes with --player")
        return extra
    loaded = table.load(game)
    extra.update(reports.of(loaded.row.game).compare_view(loaded, reading, player, bed))
    return extra
