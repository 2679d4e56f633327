import sqlite3

import pytest

from assistant.errors import GardenError
from assistant.games.interface import Acted
from assistant.session import games as sessions
from assistant.session.store import Store

from tests.cli.runner import fails, ok

SETUP = {"players": ["Ann", "Ben"], "solo": False, "name": "g", "house_rules": {}}


def test_foreign_file_is_refused_and_left_untouched(garden_home):
    garden_home.mkdir(parents=True)
    db = garden_home / "games.sqlite3"
    db.write_bytes(b"this is my shopping list\n")
    line = fails(1, "status")
    assert str(db) in line and "not a garden database" in line
    assert db.read_bytes() == b"this is my shopping list\n"


def test_other_programs_sqlite_is_refused(garden_home):
    garden_home.mkdir(parents=True)
    db = garden_home / "games.sqlite3"
    conn = sqlite3.connect(db)
    conn.execute("CREATE TABLE photos (x)")
    conn.commit()
    conn.close()
    before = db.read_bytes()
    line = fails(1, "new", "cottage-garden", "--players", "A,B")
    assert "another program" in line
    assert db.read_bytes() == before


def test_truncated_database_is_refused(garden_home):
    ok("new", "cottage-garden", "--players", "A,B")
    db = garden_home / "games.sqlite3"
    ok("status")
    data = db.read_bytes()
    db.write_bytes(data[:200])
    for extra in garden_home.glob("games.sqlite3-*"):
        extra.unlink()
    line = fails(1, "status")
    assert str(db) in line


def test_create_refuses_duplicate_name(garden_home):
    store = Store(garden_home / "x.sqlite3") if garden_home.mkdir(parents=True) is None else None
    sessions.create(store, "cottage-garden", "g", SETUP)
    with pytest.raises(GardenError, match="exists already"):
        sessions.create(store, "cottage-garden", "g", SETUP)


def test_refused_move_writes_nothing(garden_home):
    garden_home.mkdir(parents=True)
    store = Store(garden_home / "x.sqlite3")
    sessions.create(store, "cottage-garden", "g", SETUP)
    with pytest.raises(GardenError):
        sessions.record(store, "g", lambda loaded: Acted([{"type": "next"}, {"type": "score", "player": "Zed", "pots": 1, "cloches": 0}], []))
    assert store.events(None, store.find("g").id) == []
