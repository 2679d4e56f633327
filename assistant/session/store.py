"""Games on disk: one SQLite file (WAL), each game an append-only log of events.

Every change is one transaction (BEGIN IMMEDIATE ... COMMIT): a process killed
at any instant loses at most the command in flight. A file that is not ours
is refused by name and never written to.
"""

from __future__ import annotations

import json
import sqlite3
import time
from typing import Any, Iterator, NamedTuple
from pathlib import Path
from contextlib import contextmanager

from assistant.errors import GardenError

APP_ID = "garden-assistant"
SCHEMA_VERSION = 1
SQLITE_MAGIC = b"SQLite format 3\x00"
DB_NAME = "games.sqlite3"


def no_game() -> str:
    """The hint when no game is stored yet, naming every game (any game's command may ask)."""
    from assistant.games import registry

    first, *others = registry.GAMES
    return (f"no game yet: start one with `garden new {first} --players A,B`"
            + (f" (or {', '.join(others)}; " if others else " (") + "`garden new --help` lists the games)")

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    game TEXT NOT NULL,
    setup TEXT NOT NULL,
    created REAL NOT NULL,
    touched REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS events (
    game_id INTEGER NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    body TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (game_id, seq)
);
"""
#: the state after the log's entry `seq` (session/snapshots.py); added to stores made before it
#: when they are next written
_SNAPSHOTS = """
CREATE TABLE IF NOT EXISTS snapshots (
    game_id INTEGER PRIMARY KEY REFERENCES games(id),
    seq INTEGER NOT NULL,
    stamp TEXT NOT NULL,
    body BLOB NOT NULL
)"""


class GameRow(NamedTuple):
    id: int
    name: str
    game: str
    setup: dict[str, Any]
    created: float
    touched: float


class Store:
    def __init__(self, path: Path) -> None:
        self.path = path
        _refuse_foreign_file(path)
        try:
            self._db = sqlite3.connect(path, timeout=10, isolation_level=None)
            self._check_or_create()  # before any pragma: a foreign file must stay byte for byte
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
        except sqlite3.DatabaseError as err:
            raise GardenError(f"{path} is not a readable garden database ({err}); it was left untouched") from None

    def close(self) -> None:
        self._db.close()

    def _check_or_create(self) -> None:
        tables = {r[0] for r in self._db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        if not tables:
            with self.transaction():
                for statement in [*filter(str.strip, _SCHEMA.split(";")), _SNAPSHOTS]:
                    self._db.execute(statement)
                self._db.execute("INSERT INTO meta VALUES ('app', ?), ('schema', ?)", (APP_ID, str(SCHEMA_VERSION)))
            return
        meta = dict(self._db.execute("SELECT key, value FROM meta").fetchall()) if "meta" in tables else {}
        if meta.get("app") != APP_ID:
            raise GardenError(f"{self.path} is an SQLite file of another program; it was left untouched")
        if int(meta.get("schema", "0")) > SCHEMA_VERSION:
            raise GardenError(f"{self.path} was written by a newer garden (schema {meta['schema']}); update garden")

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """One write transaction; the write lock is taken up front so reads inside are consistent."""
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield self._db
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")

    def games(self) -> list[GameRow]:
        rows = self._db.execute("SELECT id, name, game, setup, created, touched FROM games ORDER BY touched DESC, id DESC")
        return [_row(r) for r in rows]

    def find(self, name: str | None) -> GameRow:
        """The game of that name, or the most recently changed one."""
        if name is None:
            row = self._db.execute("SELECT id, name, game, setup, created, touched FROM games "
                                   "ORDER BY touched DESC, id DESC LIMIT 1").fetchone()
            if row is None:
                raise GardenError(no_game())
            return _row(row)
        row = self._db.execute("SELECT id, name, game, setup, created, touched FROM games WHERE name = ?", (name,)).fetchone()
        if row is None:
            known = ", ".join(g.name for g in self.games()) or "none"
            raise GardenError(f"no game named {name!r} (games: {known})")
        return _row(row)

    def create(self, db: sqlite3.Connection, name: str, game: str, setup: dict[str, Any]) -> int:
        """Inside a transaction: a new game row."""
        if db.execute("SELECT 1 FROM games WHERE name = ?", (name,)).fetchone():
            raise GardenError(f"a game named {name!r} exists already; pick another --name")
        now = time.time()
        cur = db.execute("INSERT INTO games (name, game, setup, created, touched) VALUES (?, ?, ?, ?, ?)",
                         (name, game, json.dumps(setup, sort_keys=True), now, now))
        return int(cur.lastrowid)  # type: ignore[arg-type]

    def events(self, db: sqlite3.Connection | None, game_id: int) -> list[dict[str, Any]]:
        conn = db or self._db
        rows = conn.execute("SELECT body FROM events WHERE game_id = ? ORDER BY seq", (game_id,))
        return [json.loads(r[0]) for r in rows]

    def snapshot(self, db: sqlite3.Connection | None, game_id: int) -> tuple[int, str, bytes] | None:
        """(seq, stamp, body) of the game's kept state, or None (none kept, or a store made before them)."""
        conn = db or self._db
        try:
            row = conn.execute("SELECT seq, stamp, body FROM snapshots WHERE game_id = ?", (game_id,)).fetchone()
        except sqlite3.OperationalError:  # no snapshots table yet
            return None
        return None if row is None else (int(row[0]), str(row[1]), bytes(row[2]))

    def keep_snapshot(self, db: sqlite3.Connection, game_id: int, seq: int, stamp: str, body: bytes) -> None:
        """Inside a transaction: the state after entry `seq`, replacing the one kept before."""
        db.execute(_SNAPSHOTS)
        db.execute("INSERT OR REPLACE INTO snapshots (game_id, seq, stamp, body) VALUES (?, ?, ?, ?)",
                   (game_id, seq, stamp, body))

    def append(self, db: sqlite3.Connection, game_id: int, events: list[dict[str, Any]]) -> None:
        """Inside a transaction: events at the end of the game's log."""
        (last,) = db.execute("SELECT COALESCE(MAX(seq), 0) FROM events WHERE game_id = ?", (game_id,)).fetchone()
        now = time.time()
        db.executemany("INSERT INTO events (game_id, seq, body, at) VALUES (?, ?, ?, ?)",
                       [(game_id, last + i, json.dumps(e, sort_keys=True), now) for i, e in enumerate(events, start=1)])
        db.execute("UPDATE games SET touched = ? WHERE id = ?", (now, game_id))


def _row(r: tuple) -> GameRow:
    return GameRow(r[0], r[1], r[2], json.loads(r[3]), r[4], r[5])


def _refuse_foreign_file(path: Path) -> None:
    if not path.exists() or path.stat().st_size == 0:
        return
    try:
        with path.open("rb") as fh:
            head = fh.read(len(SQLITE_MAGIC))
    except OSError as err:
        raise GardenError(f"cannot read {path}: {err.strerror}") from None
    if head != SQLITE_MAGIC:
        raise GardenError(f"{path} is not a garden database (not an SQLite file); it was left untouched")


def open_store(home: Path) -> Store:
    return Store(home / DB_NAME)
