"""A damaged games database, page by page: every command says so in one line, none ever writes
into a file SQLite calls malformed, and `garden doctor` names the damage.

The store is a real one (two games played through the API); each page is overwritten with random
bytes, zeros or 0xFF, and the file is cut at every page boundary.
"""

from __future__ import annotations

import random
import shutil
import sqlite3
from pathlib import Path

import pytest

from assistant.play import Table
from tests.cli.runner import garden

PAGE = 4096
COMMANDS = (("games",), ("status",), ("status", "--json"), ("next",), ("export",), ("undo",), ("tally",))


@pytest.fixture(scope="module")
def pristine(tmp_path_factory) -> bytes:
    home = tmp_path_factory.mktemp("pristine")
    table = Table(home)
    table.new("cottage-garden", {"players": "Ann,Ben", "name": "friday"})
    table.act("friday", "score", {"player": "Ann", "pots": 3, "cloches": 1})
    table.act("friday", "next")
    table.new("indian-summer", {"players": "Ann,Ben", "name": "woods"})
    table.act("woods", "leaf", {"colour": "orange"})
    table.close()
    db = sqlite3.connect(home / "games.sqlite3")
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()
    return (home / "games.sqlite3").read_bytes()


def damaged_copies(data: bytes):
    pages = len(data) // PAGE
    rng = random.Random(7)
    for page in range(pages):
        for kind, fill in (("random", bytes(rng.getrandbits(8) for _ in range(PAGE))), ("zeros", bytes(PAGE)),
                           ("0xff", b"\xff" * PAGE)):
            yield f"page {page + 1} {kind}", data[:page * PAGE] + fill + data[(page + 1) * PAGE:]
    for page in range(1, pages):
        yield f"cut at page {page}", data[:page * PAGE]


def malformed(path: Path) -> bool:
    """What SQLite itself says of a copy of the file (the copy, so that the check writes nothing)."""
    probe = path.with_name("probe.sqlite3")
    shutil.copy(path, probe)
    try:
        db = sqlite3.connect(probe)
        found = [r[0] for r in db.execute("PRAGMA integrity_check").fetchall()]
        db.close()
        return found != ["ok"]
    except sqlite3.DatabaseError:
        return True
    finally:
        for suffix in ("", "-wal", "-shm"):
            Path(f"{probe}{suffix}").unlink(missing_ok=True)


def test_every_command_on_every_damaged_copy(pristine, tmp_path, monkeypatch):
    tracebacks, writes, checked = [], [], 0
    for label, data in damaged_copies(pristine):
        home = tmp_path / label.replace(" ", "-")
        home.mkdir()
        db = home / "games.sqlite3"
        db.write_bytes(data)
        bad = malformed(db)
        monkeypatch.setenv("GARDEN_HOME", str(home))
        for args in COMMANDS:
            result = garden(*args)
            if result.exception is not None and not isinstance(result.exception, SystemExit) \
                    or "Traceback" in result.output:
                tracebacks.append(f"{label}: garden {' '.join(args)}: {result.exception!r}")
            if result.exit_code != 0:
                assert len(result.output.strip().splitlines()) == 1, (label, args, result.output)
            wal = Path(f"{db}-wal")
            if bad and (db.read_bytes() != data or wal.exists() and wal.stat().st_size > 0):
                writes.append(f"{label}: garden {' '.join(args)} wrote into a malformed file")
                db.write_bytes(data)
                wal.unlink(missing_ok=True)
            checked += 1
    assert not tracebacks, tracebacks[:5]
    assert not writes, writes[:5]
    assert checked >= 50


def test_doctor_names_the_damage_and_salvage_keeps_what_can_be_read(pristine, tmp_path, monkeypatch):
    monkeypatch.setenv("GARDEN_HOME", str(tmp_path))
    db = tmp_path / "games.sqlite3"
    db.write_bytes(pristine)
    assert garden("doctor").exit_code == 0
    # the last page holds the newest rows: overwrite it
    pages = len(pristine) // PAGE
    damaged = pristine[:(pages - 1) * PAGE] + b"\xff" * PAGE
    db.write_bytes(damaged)
    result = garden("doctor")
    assert result.exit_code == 1 and "games.sqlite3" in result.output
    result = garden("doctor", "--salvage")
    kept = [p for p in tmp_path.iterdir() if p.name.startswith("games.sqlite3.damaged-") and p.suffix != ".sqlite3"
            and not p.name.endswith(("-wal", "-shm"))]
    assert len(kept) == 1 and kept[0].read_bytes() == damaged  # byte for byte
    assert "kept" in result.output
    assert garden("doctor").exit_code == 0  # the fresh database is sound
    assert garden("games").exit_code == 0
