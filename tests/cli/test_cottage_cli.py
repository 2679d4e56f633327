"""Every Cottage Garden command through the CLI, and every bad input the issue names."""

import json

import pytest

from tests.cli.runner import fails, garden, ok


@pytest.fixture
def game():
    ok("new", "cottage-garden", "--players", "Ann,Ben,Cy", "--name", "friday")
    return "friday"


def status():
    return json.loads(ok("status", "--json"))


def record_text():
    return ok("export")


def test_new_prints_the_setup(game):
    out = ok("new", "cottage-garden", "--players", "A,B,C,D", "--name", "four")
    assert "4-player side" in out and "25 each" in out and "showing 1" in out
    out = ok("new", "cottage-garden", "--players", "A,B", "--name", "two")
    assert "32 each" in out and "showing 2" in out


def test_status_json_contract(game):
    data = status()
    assert {k: data[k] for k in ("game", "name", "round", "final_round", "over")} == {
        "game": "cottage-garden", "name": "friday", "round": 1, "final_round": False, "over": False}
    assert data["turn"]["player"] == "Ann" and data["turn"]["number"] == 1
    assert data["gardener"]["position"] == 0 and data["gardener"]["line"] == "column 1" and data["gardener"]["face"] == 1
    assert data["players"][0] == {"name": "Ann", "score": 0, "orange": [0, 0, 0], "blue": [0, 0, 0],
                                  "cats": 2, "beehives": 0, "beds": 2}


def test_status_panel_shows_the_table(game):
    out = ok("status")
    for text in ("Turn 1: Ann", "next: Ben", "Gardener line: column 1", "Round 1 of 6", "orange", "blue", "past the red line"):
        assert text in out


def test_score_next_and_tally(game):
    out = ok("score", "Ann", "--pots", "7", "--cloches", "2")
    assert "Chosen: orange cube" in out and "Red line crossed" in out
    ok("next")
    data = status()
    assert data["turn"]["player"] == "Ben" and data["turn"]["number"] == 2
    assert data["players"][0]["orange"] == [7, 0, 0] and data["players"][0]["cats"] == 2
    ok("score", "Ben", "--pots", "1", "--cloches", "0", "--orange", "3")
    assert status()["players"][1]["orange"] == [0, 0, 1]
    tally = json.loads(ok("tally", "--json"))
    assert tally["over"] is False
    assert [(r["place"], r["name"], r["score"]) for r in tally["ranking"]] == [(1, "Ann", 11), (2, "Ben", 1), (3, "Cy", 0)]
    assert "Standings so far" in ok("tally")


def test_undo_and_redo_many_steps(game):
    ok("score", "Ann", "--pots", "2", "--cloches", "0")
    ok("next")
    ok("next")
    assert status()["turn"]["number"] == 3
    ok("undo", "2")
    assert status()["turn"]["number"] == 1 and status()["players"][0]["score"] == 2
    ok("redo")
    assert status()["turn"]["number"] == 2
    ok("undo", "2")
    assert status()["players"][0]["score"] == 0
    line = fails(1, "undo")
    assert "no moves to undo" in line


def test_games_list_and_game_choice(game):
    ok("new", "cottage-garden", "--players", "X,Y", "--name", "other")
    assert status()["name"] == "other"  # the most recent
    ok("next", "--game", "friday")
    assert json.loads(ok("status", "--json", "--game", "friday"))["turn"]["number"] == 2
    out = ok("games")
    assert "friday" in out and "other" in out
    listed = json.loads(ok("games", "--json"))["games"]
    assert [g["name"] for g in listed] == ["friday", "other"]  # most recent first: friday moved last
    assert listed[1] == {"name": "other", "game": "cottage-garden", "players": ["X", "Y"], "touched": listed[1]["touched"]}
    assert "no game named 'nope'" in fails(1, "status", "--game", "nope")


def test_rules_by_id_word_and_house(game):
    assert "CG-FINAL-2" in ok("rules", "CG-FINAL-2")
    assert "CG-REWARD-1" in ok("rules", "red", "line")
    out = ok("rules", "house")
    assert "final_opt_out" in out and "red_line_orange" in out
    assert "no Cottage Garden rule matches" in fails(1, "rules", "zebra")


@pytest.mark.parametrize("args,code,words", [
    (("score", "Zed", "--pots", "1", "--cloches", "0"), 1, "no player 'Zed'"),
    (("score", "Ann", "--pots", "-1", "--cloches", "0"), 1, "negative"),
    (("score", "Ann", "--pots", "20", "--cloches", "6"), 1, "at most 25"),
    (("score", "Ben", "--pots", "1", "--cloches", "0"), 1, "--reward"),
    (("score", "Ann", "--pots", "1", "--cloches", "0", "--orange", "4"), 2, ""),
    (("score", "Ann", "--pots", "x", "--cloches", "0"), 2, ""),
    (("refill", "--game", "nope"), 1, "no game named"),
    (("cat", "Ann", "--count", "5"), 1, "holds 2 cat(s)"),
    (("pay",), 1, "final round"),
    (("discard", "Ann"), 1, "final round"),
])
def test_bad_input_is_one_line_and_changes_nothing(game, args, code, words):
    before = record_text()
    line = fails(code, *args)
    if code == 1:
        assert words in line and len(line.splitlines()) == 1
    assert record_text() == before


def test_unknown_house_rule_and_bad_setup():
    assert "unknown house rule 'zebra'" in fails(2, "new", "cottage-garden", "--players", "A,B", "--house-rule", "zebra=1")
    assert "choose one of" in fails(2, "new", "cottage-garden", "--players", "A,B", "--house-rule", "tie=coin")
    assert "2 to 4 players" in fails(1, "new", "cottage-garden", "--players", "A,B,C,D,E")
    assert "unknown game" in fails(2, "new", "chess", "--players", "A,B")
    assert "player name" in fails(2, "new", "cottage-garden", "--players", "A b,C")
    hint = fails(1, "status")
    assert "no game yet" in hint and "indian-summer" in hint
    # fit takes the bed as text (--cells) and says so; advise has no such option
    assert fails(1, "fit", "##").endswith("--cells") and "--cells" not in fails(1, "advise")


def test_commands_after_the_game_is_over():
    ok("new", "cottage-garden", "--players", "Solo", "--solo", "--name", "s")
    for _ in range(32):
        ok("next")
    assert status()["final_round"] is True
    ok("discard", "Solo")
    ok("score", "Solo", "--pots", "0", "--cloches", "0")
    assert status()["over"] is True
    before = record_text()
    assert "game is over" in fails(1, "next")
    assert "game is over" in fails(1, "score", "Solo", "--pots", "1", "--cloches", "0")
    assert record_text() == before
    tally = json.loads(ok("tally", "--json"))
    assert tally["over"] is True and tally["rating"] == "keep practising"


def test_json_failure_shape(game):
    result = garden("status", "--json", "--game", "nope")
    assert result.exit_code == 1
    assert json.loads(result.stdout) == {"error": "no game named 'nope' (games: friday)"}


def test_final_round_pays_automatically_before_scoring():
    ok("new", "cottage-garden", "--players", "Ann,Ben", "--name", "f")
    ok("score", "Ann", "--pots", "5", "--cloches", "0", "--orange", "1")
    for _ in range(64):
        ok("next")
    assert status()["final_round"]
    out = ok("score", "Ann", "--pots", "1", "--cloches", "0", "--orange", "2")
    assert "Final-round payment first" in out
    ann = status()["players"][0]
    assert ann["orange"] == [3, 1, 0] and ann["beds"] == 1
    assert "has already paid" in fails(1, "pay", "--orange", "1")


def test_commands_on_an_empty_home_create_nothing(garden_home):
    # reading, undoing or moving without a game says so; only `garden new` makes the database
    for args in (("status",), ("export",), ("tally",), ("undo",), ("next",), ("bed",)):
        assert "no game yet" in fails(1, *args)
    assert "No games yet" in ok("games")
    assert not (garden_home / "games.sqlite3").exists()
    ok("new", "cottage-garden", "--players", "Ann,Ben")
    assert (garden_home / "games.sqlite3").exists()


def test_another_games_command_is_named_with_its_article(game):
    assert "is not an Indian Summer board-mode game" in fails(1, "woods")
    line = fails(1, "leaf", "green")
    assert "'friday' is a Cottage Garden game; 'leaf' is a move of Indian Summer, not of Cottage Garden" in line
    assert "(its moves: " in line and "refill" in line.partition("its moves")[2]
