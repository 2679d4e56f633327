"""Bad input that once got through: each is one line naming what is wrong, and nothing is written."""

import pytest

from tests.cli.runner import fails, ok


@pytest.mark.parametrize("players, position", [("Ann,,Ben", 2), (",Ann", 1), ("Ann, ,Ben", 2), ("Ann,Ben,", 3)])
def test_an_empty_player_name_is_refused_by_position(players, position):
    line = fails(2, "new", "cottage-garden", "--players", players)
    assert f"name {position} is empty" in line
    assert "No games yet" in ok("games")  # nothing was stored


def test_garden_home_set_but_empty_is_refused(monkeypatch):
    monkeypatch.setenv("GARDEN_HOME", "")
    assert "GARDEN_HOME is set but empty" in fails(1, "games")


def test_replay_save_under_a_taken_name(tmp_path):
    ok("new", "cottage-garden", "--players", "Ann,Ben", "--name", "friday")
    ok("export", "--game", "friday", str(tmp_path / "f.txt"))
    line = fails(1, "replay", str(tmp_path / "f.txt"), "--save", "friday")
    assert "exists already" in line and "--name" not in line


def test_undo_more_than_there_is_counts_right():
    ok("new", "cottage-garden", "--players", "Ann,Ben", "--name", "friday")
    ok("next")
    assert "only 1 move to undo" in fails(1, "undo", "1000")
    ok("undo")
    assert "no moves to undo" in fails(1, "undo", "2")
