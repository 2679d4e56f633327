"""What each game reports on a board for every face (the command line and the web page), as
JSON-ready data and never printed: `fit`'s placements, `advise`'s ranked options, what `check`
adds to a photo's reading (the game's view of it; with a player, the comparison with the saved
game), and what players' photos tell the tally. A game's module is named in the game registry
(`reports`) and provides:

- fit_on_text(tile, text, shown, no_flip, cats, notes) -> `fit --json`'s report on a board
  given as the game's text (a photo's reading, photo.reading_as_text);
- advice(loaded, line) -> `advise --json` for the current player of a saved game;
- reading_view(reading) -> what the game reads off a photo of its board;
- compare_view(loaded, reading, player, bed) -> the photo against the player's tracked board;
- tally_photos(loaded, photos, board) -> (state, notes): `tally --photo`, the state as the players'
  photos of their boards show it.

A game with no board to photograph or rank raises GardenError naming what it offers instead.
The command line prints these through the game's own CLI module; the web page sends them.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from assistant.games import registry


def of(game: str) -> ModuleType:
    """The reports module of the game `game` (its registry key)."""
    return importlib.import_module(registry.entry(game).reports)
