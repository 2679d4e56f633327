"""Loading a game (the replay of its log) and recording a command, each one transaction."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, NamedTuple

from assistant.games import registry
from assistant.games.interface import Acted, Game
from assistant.session import history
from assistant.session.store import GameRow, Store

_GAME_NAME = re.compile(r"^\w[\w-]{0,39}$")


def name_ok(name: str) -> bool:
    return bool(_GAME_NAME.match(name))


class Loaded(NamedTuple):
    row: GameRow
    state: Any
    moves: list[history.Entry]
    undone: list[history.Entry]

    @property
    def game(self) -> Game:
        return registry.game(self.row.game)


def _load(store: Store, db: Any, name: str | None) -> Loaded:
    row = store.find(name)
    moves, undone = history.effective(store.events(db, row.id))
    state = registry.game(row.game).replay(row.setup, history.actions_of(moves))
    return Loaded(row, state, moves, undone)


def load(store: Store, name: str | None) -> Loaded:
    return _load(store, None, name)


def create(store: Store, game: str, name: str, setup: dict[str, Any]) -> Loaded:
    registry.game(game).new_state(setup)  # refuses an impossible set-up before anything is written
    with store.transaction() as db:
        store.create(db, name, game, setup)
        return _load(store, db, name)


def record(store: Store, name: str | None, make: Callable[[Loaded], Acted]) -> tuple[Loaded, list[str]]:
    """Apply the events `make(loaded)` implies, all or none, as one log entry; (the game after
    it, the notes: why, then what each event did)."""
    with store.transaction() as db:
        loaded = _load(store, db, name)
        acted = make(loaded)
        state, notes = loaded.state, list(acted.notes)
        for event in acted.events:
            outcome = loaded.game.apply_event(state, event)
            state = outcome.state
            notes.extend(outcome.notes)
        entry = {"type": history.MOVE, "actions": list(acted.events)}
        store.append(db, loaded.row.id, [entry])
        return Loaded(loaded.row, state, loaded.moves + [entry], []), notes


def step_history(store: Store, name: str | None, kind: str, steps: int) -> Loaded:
    """Undo or redo `steps` whole commands."""
    with store.transaction() as db:
        loaded = _load(store, db, name)
        available = len(loaded.moves) if kind == history.UNDO else len(loaded.undone)
        history.check_steps(kind, steps, available)
        store.append(db, loaded.row.id, [{"type": kind, "steps": steps}])
        return _load(store, db, loaded.row.name)


def import_record(store: Store, record: Any, name: str) -> Loaded:
    """A replayed record kept as a game: one log entry per action, so undo steps through it."""
    registry.game(record.game).replay(record.setup, record.actions)  # refuses a record that does not replay
    with store.transaction() as db:
        game_id = store.create(db, name, record.game, {**record.setup, "name": name})
        store.append(db, game_id, [{"type": history.MOVE, "actions": [a]} for a in record.actions])
        return _load(store, db, name)
