"""Loading a game and recording a command, each one transaction.

A game is its log; the state after the last command is kept beside it (snapshots.py), written
in the same transaction, so reading a game does not replay the log. Undo, redo, a record's
import and every snapshot that is not current replay the log, every event checked."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, NamedTuple

from assistant.errors import MovedOn
from assistant.games import registry
from assistant.games.interface import Acted, Game
from assistant.session import history, snapshots
from assistant.session.store import GameRow, Store

_GAME_NAME = r"^\w[\w-]{0,39}$"  # matched through re's cache: no compiling at start-up


def name_ok(name: str) -> bool:
    return bool(re.match(_GAME_NAME, name))


class Loaded(NamedTuple):
    row: GameRow
    state: Any
    moves: list[history.Entry]
    undone: list[history.Entry]
    events: int  # the log's length: what a face shows as seen, and a write may say it saw (MovedOn)

    @property
    def game(self) -> Game:
        return registry.game(self.row.game)


def _load(store: Store, db: Any, name: str | None, kept: bool = True) -> Loaded:
    """The game: its state from the kept snapshot when `kept` and it is current, else replayed
    from the log, every event checked."""
    row = store.find(name)
    entries = store.events(db, row.id)
    moves, undone = history.effective(entries)
    game = registry.game(row.game)
    state = _kept_state(store, db, row, game, len(entries)) if kept else None
    if state is None:
        state = game.replay(row.setup, history.actions_of(moves))
    return Loaded(row, state, moves, undone, len(entries))


def _kept_state(store: Store, db: Any, row: GameRow, game: Game, seq: int) -> Any:
    """The snapshot's state when it was taken after entry `seq` by this code; None otherwise."""
    kept = store.snapshot(db, row.id)
    if kept is None or kept[0] != seq or kept[1] != snapshots.stamp(game.package):
        return None
    try:
        return snapshots.loads(kept[2])
    except Exception:  # damaged or unreadable: replaying the log rebuilds it
        return None


def _keep(store: Store, db: Any, loaded: Loaded) -> Loaded:
    """Inside a transaction: keep the state after the log's last entry."""
    seq = len(store.events(db, loaded.row.id))
    store.keep_snapshot(db, loaded.row.id, seq, snapshots.stamp(loaded.game.package), snapshots.dumps(loaded.state))
    return loaded


def load(store: Store, name: str | None) -> Loaded:
    return _load(store, None, name)


def create(store: Store, game: str, name: str, setup: dict[str, Any]) -> Loaded:
    registry.game(game).new_state(setup)  # refuses an impossible set-up before anything is written
    with store.transaction() as db:
        store.create(db, name, game, setup)
        return _keep(store, db, _load(store, db, name, kept=False))


def _unmoved(loaded: Loaded, seen: int | None) -> Loaded:
    """`loaded`, when the writer saw the log as long as it is (or did not say what it saw)."""
    if seen is not None and seen != loaded.events:
        raise MovedOn(f"the game moved on: {loaded.row.name!r} has {loaded.events} log entries, you saw {seen}; "
                      "look again and redo your move if it still stands")
    return loaded


def record(store: Store, name: str | None, make: Callable[[Loaded], Acted],
           seen: int | None = None) -> tuple[Loaded, list[str]]:
    """Apply the events `make(loaded)` implies, all or none, as one log entry; (the game after
    it, the notes: why, then what each event did). `seen`: the log length the writer saw."""
    with store.transaction() as db:
        loaded = _unmoved(_load(store, db, name), seen)
        acted = make(loaded)
        state, notes = loaded.state, list(acted.notes)
        for event in acted.events:
            outcome = loaded.game.apply_event(state, event)
            state = outcome.state
            notes.extend(outcome.notes)
        entry = {"type": history.MOVE, "actions": list(acted.events)}
        store.append(db, loaded.row.id, [entry])
        return _keep(store, db, Loaded(loaded.row, state, loaded.moves + [entry], [], loaded.events + 1)), notes


def step_history(store: Store, name: str | None, kind: str, steps: int, seen: int | None = None) -> Loaded:
    """Undo or redo `steps` whole commands; the state after is replayed, every event checked."""
    with store.transaction() as db:
        loaded = _unmoved(_load(store, db, name), seen)
        available = len(loaded.moves) if kind == history.UNDO else len(loaded.undone)
        history.check_steps(kind, steps, available)
        store.append(db, loaded.row.id, [{"type": kind, "steps": steps}])
        return _keep(store, db, _load(store, db, loaded.row.name, kept=False))


def import_record(store: Store, record: Any, name: str) -> Loaded:
    """A replayed record kept as a game: one log entry per action, so undo steps through it."""
    registry.game(record.game).replay(record.setup, record.actions)  # refuses a record that does not replay
    with store.transaction() as db:
        game_id = store.create(db, name, record.game, {**record.setup, "name": name})
        store.append(db, game_id, [{"type": history.MOVE, "actions": [a]} for a in record.actions])
        return _keep(store, db, _load(store, db, name, kept=False))
