"""Games on disk: one SQLite file (WAL), each game an append-only log of events.

Every change is one transaction (BEGIN IMMEDIATE ... COMMIT): a process killed
at any instant loses at most the command in flight. A file that is not ours
is refused by name and never written to; nor is a damaged one: every write
transaction first runs SQLite's `PRAGMA quick_check` (once a process, inside
the write lock; its cost on a large store: benchmarks/bench_store_check.py), and
any error SQLite raises reaches the person as one line naming the file, what
is wrong and what to do (`garden doctor`).
"""

from __future__ import annotations

import json
import sqlite3
import time
from typing import Any, Iterator, NamedTuple
from pathlib import Path
from contextlib import contextmanager
import functools

from assistant.errors import GardenError, NotFound

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


def damaged(path: Path, what: str) -> GardenError:
    """A damaged games database, named, with what was found and what to do."""
    return GardenError(f"{path} is damaged ({what}); nothing was written to it: `garden doctor` lists what can "
                       "still be read, `garden doctor --salvage` keeps it in a fresh database")


def problem(path: Path, err: sqlite3.Error) -> GardenError:
    """One line for an error SQLite raised on the games database: the file, what is wrong, what to do."""
    text = " ".join(str(err).split())[:160]
    if "locked" in text or "busy" in text:
        return GardenError(f"{path} is in use by another program ({text}): try again when it is done")
    if "readonly" in text or "read-only" in text:
        return GardenError(f"{path} cannot be written ({text}): check that you may write to it and its folder")
    if isinstance(err, sqlite3.OperationalError) and ("disk" in text or "unable to open" in text):
        return GardenError(f"{path} cannot be used ({text}): check the disk and the folder")
    return damaged(path, text)


def _guarded(method):
    """A store method whose SQLite errors become one line naming the file (problem())."""

    @functools.wraps(method)
    def wrapper(self: Store, *args: Any, **kwargs: Any) -> Any:
        try:
            return method(self, *args, **kwargs)
        except sqlite3.Error as err:
            raise problem(self.path, err) from None

    return wrapper


class Store:
    def __init__(self, path: Path) -> None:
        self.path = path
        self._sound = False  # quick_check has passed in this process
        _refuse_foreign_file(path)
        try:
            self._db = sqlite3.connect(path, timeout=10, isolation_level=None)
            self._check_or_create()  # before any pragma: a foreign file must stay byte for byte
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
        except sqlite3.DatabaseError as err:
            raise GardenError(f"{path} is not a readable garden database ({err}); it was left untouched: "
                              "`garden doctor` says more") from None
        except sqlite3.Error as err:
            raise problem(path, err) from None

    def close(self) -> None:
        try:
            self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # the file whole on its own (salvage moves it)
        except sqlite3.Error:
            pass  # a damaged or busy file: SQLite keeps its log for the next opening
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
        """One write transaction; the write lock is taken up front so reads inside are consistent,
        and a store that fails its check is never written to."""
        try:
            self._db.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as err:
            raise problem(self.path, err) from None
        try:
            self._check_sound()
            yield self._db
        except sqlite3.Error as err:
            self._rollback()
            raise problem(self.path, err) from None
        except BaseException:
            self._rollback()
            raise
        try:
            self._db.execute("COMMIT")
        except sqlite3.Error as err:
            self._rollback()
            raise problem(self.path, err) from None

    def _rollback(self) -> None:
        try:
            self._db.execute("ROLLBACK")
        except sqlite3.Error:
            pass  # nothing was written, or SQLite rolled back itself

    def _check_sound(self) -> None:
        """SQLite's quick_check, once a process: a damaged file is refused before anything is written."""
        if self._sound:
            return
        found = [r[0] for r in self._db.execute("PRAGMA quick_check").fetchall()]
        if found != ["ok"]:
            raise damaged(self.path, " ".join(found[0].replace("***", "").split())[:120])  # one line
        self._sound = True

    @_guarded
    def games(self) -> list[GameRow]:
        rows = self._db.execute("SELECT id, name, game, setup, created, touched FROM games ORDER BY touched DESC, id DESC")
        return [_row(r) for r in rows]

    @_guarded
    def find(self, name: str | None) -> GameRow:
        """The game of that name, or the most recently changed one."""
        if name is None:
            row = self._db.execute("SELECT id, name, game, setup, created, touched FROM games "
                                   "ORDER BY touched DESC, id DESC LIMIT 1").fetchone()
            if row is None:
                raise NotFound(no_game())
            return _row(row)
        row = self._db.execute("SELECT id, name, game, setup, created, touched FROM games WHERE name = ?", (name,)).fetchone()
        if row is None:
            known = ", ".join(g.name for g in self.games()) or "none"
            raise NotFound(f"no game named {name!r} (games: {known})")
        return _row(row)

    @_guarded
    def create(self, db: sqlite3.Connection, name: str, game: str, setup: dict[str, Any]) -> int:
        """Inside a transaction: a new game row."""
        if db.execute("SELECT 1 FROM games WHERE name = ?", (name,)).fetchone():
            raise GardenError(f"a game named {name!r} exists already: choose another name for this one")
        now = time.time()
        cur = db.execute("INSERT INTO games (name, game, setup, created, touched) VALUES (?, ?, ?, ?, ?)",
                         (name, game, json.dumps(setup, sort_keys=True), now, now))
        return int(cur.lastrowid)  # type: ignore[arg-type]

    @_guarded
    def log_length(self, game_id: int) -> int:
        """How many entries the game's log holds (what a live view watches)."""
        return int(self._db.execute("SELECT count(*) FROM events WHERE game_id = ?", (game_id,)).fetchone()[0])

    @_guarded
    def events(self, db: sqlite3.Connection | None, game_id: int) -> list[dict[str, Any]]:
        conn = db or self._db
        rows = conn.execute("SELECT body FROM events WHERE game_id = ? ORDER BY seq", (game_id,))
        out = []
        for i, (body,) in enumerate(rows, start=1):
            try:
                entry = json.loads(body)
            except (TypeError, ValueError):
                entry = None
            if not isinstance(entry, dict):
                raise damaged(self.path, f"entry {i} of a game's log is unreadable")
            out.append(entry)
        return out

    @_guarded
    def snapshot(self, db: sqlite3.Connection | None, game_id: int) -> tuple[int, str, bytes] | None:
        """(seq, stamp, body) of the game's kept state, or None (none kept, or a store made before them)."""
        conn = db or self._db
        try:
            row = conn.execute("SELECT seq, stamp, body FROM snapshots WHERE game_id = ?", (game_id,)).fetchone()
        except sqlite3.OperationalError as err:
            if "no such table" not in str(err):
                raise
            return None  # a store made before snapshots were kept
        try:
            return None if row is None else (int(row[0]), str(row[1]), bytes(row[2]))
        except (TypeError, ValueError):
            return None  # a damaged snapshot: the log is replayed instead

    @_guarded
    def keep_snapshot(self, db: sqlite3.Connection, game_id: int, seq: int, stamp: str, body: bytes) -> None:
        """Inside a transaction: the state after entry `seq`, replacing the one kept before."""
        db.execute(_SNAPSHOTS)
        db.execute("INSERT OR REPLACE INTO snapshots (game_id, seq, stamp, body) VALUES (?, ?, ?, ?)",
                   (game_id, seq, stamp, body))

    @_guarded
    def append(self, db: sqlite3.Connection, game_id: int, events: list[dict[str, Any]]) -> None:
        """Inside a transaction: events at the end of the game's log."""
        (last,) = db.execute("SELECT COALESCE(MAX(seq), 0) FROM events WHERE game_id = ?", (game_id,)).fetchone()
        now = time.time()
        db.executemany("INSERT INTO events (game_id, seq, body, at) VALUES (?, ?, ?, ?)",
                       [(game_id, last + i, json.dumps(e, sort_keys=True), now) for i, e in enumerate(events, start=1)])
        db.execute("UPDATE games SET touched = ? WHERE id = ?", (now, game_id))


def _row(r: tuple) -> GameRow:
    try:
        setup = json.loads(r[3])
        row = GameRow(int(r[0]), str(r[1]), str(r[2]), setup, float(r[4]), float(r[5]))
    except (TypeError, ValueError):
        raise GardenError(f"a game's row in the games database is unreadable ({r[1]!r}): `garden doctor` says "
                          "more") from None
    if not isinstance(setup, dict):
        raise GardenError(f"game {r[1]!r}: its set-up in the games database is unreadable: `garden doctor` says more")
    return row


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
