"""The state kept after each command: read instead of replaying, and never trusted when stale,
of other code, damaged, or naming code that is not the assistant's."""

from __future__ import annotations

import pickle
import sqlite3

import pytest

from assistant.games import registry
from assistant.play import Table
from assistant.session import snapshots


def _played(tmp_path, board_mode: bool = False) -> Table:
    table = Table(tmp_path)
    table.new("cottage-garden", {"players": "Ann,Ben", "name": "g", "board_mode": board_mode})
    if board_mode:
        table.act("g", "plant", {"player": "Ann", "tile": "##", "bed": 1, "at": "0,0"})
    else:
        table.act("g", "score", {"player": "Ann", "pots": 3, "cloches": 1})
    table.act("g", "next", {})
    return table


def _kept(tmp_path) -> tuple[int, str, bytes]:
    with sqlite3.connect(tmp_path / "games.sqlite3") as db:
        return db.execute("SELECT seq, stamp, body FROM snapshots").fetchone()


def _set(tmp_path, **values) -> None:
    with sqlite3.connect(tmp_path / "games.sqlite3") as db:
        for column, value in values.items():
            db.execute(f"UPDATE snapshots SET {column} = ?", (value,))


@pytest.mark.parametrize("board_mode", [False, True])
def test_status_reads_the_kept_state_without_replaying(tmp_path, monkeypatch, board_mode):
    table = _played(tmp_path, board_mode)
    expected = table.status("g")
    seq, stamp, body = _kept(tmp_path)
    assert seq == 2 and stamp == snapshots.stamp("assistant.games.cottage_garden")
    game = registry.game("cottage-garden")

    def no_replay(*args):
        raise AssertionError("replayed")

    monkeypatch.setattr(type(game), "replay", no_replay)
    assert Table(tmp_path).status("g") == expected


@pytest.mark.parametrize("change", [{"seq": 1}, {"stamp": "other code"}, {"body": b"\x80\x05damaged"},
                                   {"body": pickle.dumps(print)}])
def test_a_stale_damaged_or_foreign_snapshot_is_rebuilt_by_replay(tmp_path, monkeypatch, change):
    table = _played(tmp_path)
    expected = table.status("g")
    _set(tmp_path, **change)
    replays = []
    game = registry.game("cottage-garden")
    real = type(game).replay
    monkeypatch.setattr(type(game), "replay", lambda self, *a: replays.append(1) or real(self, *a))
    assert Table(tmp_path).status("g") == expected
    assert replays == [1]


def test_a_foreign_class_is_refused_on_load():
    with pytest.raises(pickle.UnpicklingError):
        snapshots.loads(pickle.dumps(sqlite3.connect))


def test_a_store_made_before_snapshots_reads_and_gains_them(tmp_path):
    table = _played(tmp_path)
    expected = table.status("g")
    table.close()
    with sqlite3.connect(tmp_path / "games.sqlite3") as db:
        db.execute("DROP TABLE snapshots")
    table = Table(tmp_path)
    assert table.status("g") == expected
    table.undo("g", 1)
    assert _kept(tmp_path)[0] == 3  # kept again, after the undo entry


def test_only_state_classes_are_admitted():
    from assistant.session import store

    with pytest.raises(pickle.UnpicklingError):  # an assistant function, not a state's class
        snapshots.loads(pickle.dumps(store.open_store))
