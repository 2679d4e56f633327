"""The Hanging Gardens' reports (see reports/__init__.py): the face-up cards each at its best
place on the current player's garden (`advice`). A garden is built of cards anywhere on the
table: there is no board to photograph, so the photo reports refuse and say so."""

from __future__ import annotations

from typing import Any

from assistant.errors import GardenError, UsageError
from assistant.games.players import player_index

GAME = "hanging-gardens"
NO_PHOTO = "The Hanging Gardens has no board to photograph: a garden is tracked card by card (garden status)"


def tracked(loaded: Any, player: str | None) -> tuple[Any, int]:
    """(state, player index) of a saved Hanging Gardens game; default: the current player."""
    if loaded.row.game != GAME:
        raise GardenError(f"{loaded.row.name!r} is not a Hanging Gardens game")
    return loaded.state, player_index(loaded.state, player)


def advice(loaded: Any, line: str | None) -> dict[str, Any]:
    """`garden advise --line C1,RG./..B,... --json`: the face-up cards, each at its best place, best first."""
    from assistant.games.hanging_gardens import catalogue
    from assistant.games.hanging_gardens.fit import rank_key, ranked

    state, index = tracked(loaded, None)
    if not line:
        raise UsageError("give the face-up cards: --line C1,C7,RG./..B (ids from garden cards, or layouts)")
    player = state.players[index]
    options, before = [], []
    for entry in (t.strip() for t in line.split(",") if t.strip()):
        ident, layout = catalogue.resolve(entry)
        found = ranked(player, layout, state.setup.rule("temples") == "per-area")
        if found:
            options.append({"card": ident or layout, **found[0]})
        else:
            before.append(f"{entry} fits nowhere on {player.name}'s garden.")
    options.sort(key=rank_key)
    return {"game": GAME, "player": player.name, "before": before, "options": options}


def fit_on_text(*_: Any) -> Any:
    raise GardenError(NO_PHOTO)


reading_view = compare_view = tally_photos = fit_on_text
