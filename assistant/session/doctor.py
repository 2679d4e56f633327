"""`garden doctor`: checks the whole home -- the games database (SQLite's integrity check, every
game's log replayed), board profiles, catalogue files -- and, with --salvage, keeps what a damaged
database still holds in a fresh one. Nothing is ever deleted: the damaged file is renamed beside
the new one, byte for byte."""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path
from typing import Any, NamedTuple

from assistant.errors import GardenError
from assistant.games import registry
from assistant.session import history
from assistant.session.store import DB_NAME, SQLITE_MAGIC, Store


class Problem(NamedTuple):
    file: str
    entry: str  # the game, profile or catalogue entry; '' for the file as a whole
    what: str

    def line(self) -> str:
        return f"{self.file}{': ' + self.entry if self.entry else ''}: {self.what}"


def _reader(path: Path) -> sqlite3.Connection:
    """A connection that never writes (the file may be damaged)."""
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=10)
    db.execute("PRAGMA query_only=ON")
    return db


def _integrity(path: Path) -> list[str]:
    try:
        with path.open("rb") as fh:
            if fh.read(len(SQLITE_MAGIC)) != SQLITE_MAGIC:
                return ["not an SQLite file"]
        db = _reader(path)
        try:
            found = [r[0] for r in db.execute("PRAGMA integrity_check").fetchall()]
        finally:
            db.close()
    except (sqlite3.Error, OSError) as err:
        return [str(err)]
    return [] if found == ["ok"] else [" ".join(f.replace("***", "").split()) for f in found]


class Salvaged(NamedTuple):
    name: str
    game: str
    setup: dict[str, Any]
    entries: list[dict[str, Any]]  # the log's entries that read and replay, in order
    lost: int  # entries after them that could not be kept
    why: str


def _read_games(path: Path) -> tuple[list[Salvaged], list[str]]:
    """Every game whose row can be read, with the longest start of its log that reads and replays."""
    out: list[Salvaged] = []
    unread: list[str] = []
    db = _reader(path)
    try:
        try:
            ids = [r[0] for r in db.execute("SELECT id FROM games ORDER BY id").fetchall()]
        except sqlite3.Error:  # the table itself is damaged: the events still name their games
            ids = [r[0] for r in db.execute("SELECT DISTINCT game_id FROM events").fetchall()]
        for game_id in ids:
            try:
                name, game, setup = db.execute("SELECT name, game, setup FROM games WHERE id = ?", (game_id,)).fetchone()
                setup = json.loads(setup)
                engine = registry.game(game)
            except (sqlite3.Error, TypeError, ValueError, GardenError) as err:
                unread.append(f"game #{game_id}: its row cannot be read ({err})")
                continue
            try:
                rows = db.execute("SELECT body FROM events WHERE game_id = ? ORDER BY seq", (game_id,)).fetchall()
            except sqlite3.Error as err:
                out.append(Salvaged(name, game, setup, [], 0, f"its log cannot be read ({err})"))
                continue
            entries: list[dict[str, Any]] = []
            for (body,) in rows:  # the entries that read, up to the first that does not
                try:
                    entry = json.loads(body)
                except (TypeError, ValueError):
                    break
                if not isinstance(entry, dict):
                    break
                entries.append(entry)
            kept, why = _replaying(engine, setup, entries)
            if not why and kept < len(rows):
                why = f"entry {kept + 1} does not read"
            out.append(Salvaged(name, game, setup, entries[:kept], len(rows) - kept,
                                f"{why} (entry {kept + 1} of {len(rows)})" if why else ""))
    finally:
        db.close()
    return out, unread


def _replaying(engine: Any, setup: dict[str, Any], entries: list[dict[str, Any]]) -> tuple[int, str]:
    """How many of the log's first entries replay, and why the next one does not ('' when all do).
    The whole log is replayed once; only a log that fails is searched, by halves (a start that
    replays stays replayable when shortened), so a long sound log costs one replay."""

    def fails(count: int) -> str:
        try:
            moves, _ = history.effective(entries[:count])
            engine.replay(setup, history.actions_of(moves))
        except (TypeError, ValueError, KeyError, GardenError) as err:
            return str(err) or type(err).__name__
        return ""

    why = fails(len(entries))
    if not why:
        return len(entries), ""
    good, bad = 0, len(entries)  # the first `good` entries replay, the first `bad` do not
    while bad - good > 1:
        middle = (good + bad) // 2
        if fails(middle):
            bad = middle
        else:
            good = middle
    return good, f"does not replay ({fails(bad) or why})"


def check_home(home: Path) -> list[Problem]:
    """Every problem of the home, one line each."""
    problems: list[Problem] = []
    path = home / DB_NAME
    if path.exists() and path.stat().st_size:
        found = _integrity(path)
        problems += [Problem(str(path), "", f"SQLite's integrity check: {f}") for f in found[:5]]
        try:
            games, unread = _read_games(path)
        except sqlite3.Error as err:
            games, unread = [], [f"its games cannot be read ({err})"]
        problems += [Problem(str(path), "", u) for u in unread]
        problems += [Problem(str(path), f"game {g.name!r}", f"{g.why}; {g.lost} entr{'y' if g.lost == 1 else 'ies'} "
                             "after it") for g in games if g.lost or g.why]
    boards = home / "boards"
    if boards.is_dir():
        from assistant.vision.profile import load_profile_dir

        for folder in sorted(p for p in boards.iterdir() if p.is_dir()):
            try:
                load_profile_dir(folder, folder.name)
            except GardenError as err:
                problems.append(Problem(str(folder), "", str(err)))
    for key in registry.GAMES:
        problems += [Problem("catalogue", registry.game(key).title, line) for line in registry.game(key).check_files(home)]
    return problems


def salvage(home: Path) -> list[str]:
    """When the database is damaged: rename it (and its -wal, -shm) beside a fresh one holding every
    game that can still be read and replayed; returns what was done and what could not be kept."""
    path = home / DB_NAME
    if not path.exists():
        return ["there is no games database to salvage"]
    if not _integrity(path):
        return [f"{path} is sound: nothing to salvage"]
    games, unread = _read_games(path)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    kept_as = path.with_name(f"{DB_NAME}.damaged-{stamp}")
    fresh = path.with_name(f"{DB_NAME}.salvage-{stamp}")
    store = Store(fresh)
    lines = []
    try:
        with store.transaction() as db:
            for g in games:
                game_id = store.create(db, g.name, g.game, g.setup)
                if g.entries:
                    store.append(db, game_id, g.entries)
                lost = f"; {g.lost} later entr{'y' if g.lost == 1 else 'ies'} could not be kept ({g.why})" if g.lost \
                    else ""
                lines.append(f"game {g.name!r}: kept {len(g.entries)} entr{'y' if len(g.entries) == 1 else 'ies'}{lost}")
    finally:
        store.close()  # checkpoints: the fresh database is whole in its one file
    path.rename(kept_as)
    for suffix in ("-wal", "-shm"):
        side = Path(f"{path}{suffix}")
        if side.exists():
            side.rename(Path(f"{kept_as}{suffix}"))
    fresh.rename(path)
    return [f"the damaged database is kept, unchanged, as {kept_as.name}", *lines,
            *(f"not kept: {u}" for u in unread), f"{path} now holds the {len(games)} game(s) kept"]
