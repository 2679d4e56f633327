import json

import pytest

from tests.cli.runner import fails, ok


@pytest.fixture
def played():
    ok("new", "cottage-garden", "--players", "Ann,Ben", "--name", "rec", "--house-rule", "red_line_orange=7")
    ok("refill")
    ok("score", "Ann", "--pots", "8", "--cloches", "3")
    return None


def test_export_then_replay_gives_the_same_state(played, tmp_path):
    ok("next")
    ok("cat", "Ben", "--count", "1")
    ok("next")
    ok("score", "Ben", "--pots", "2", "--cloches", "0", "--reward")
    text = ok("export")
    assert text.startswith('[Game "cottage-garden"]')
    assert '[HouseRules "red_line_orange=7"]' in text
    assert "1. Ann: refill; score Ann pots=8 cloches=3 orange=1 blue=1; next" in text
    path = tmp_path / "game.txt"
    path.write_text(text)
    status = json.loads(ok("status", "--json"))
    replayed = json.loads(ok("replay", str(path), "--json"))
    assert status.pop("events") == 6 and replayed.pop("events") is None  # a replay is no stored log
    assert replayed == status
    jpath = tmp_path / "game.json"
    ok("export", str(jpath), "--json")
    again = json.loads(ok("replay", str(jpath), "--json"))
    assert again.pop("events") is None and again == status


def test_replay_can_keep_the_game(played, tmp_path):
    path = tmp_path / "g.txt"
    ok("export", str(path))
    ok("replay", str(path), "--save", "copy")
    assert json.loads(ok("status", "--json", "--game", "copy"))["players"][0]["score"] == 14
    ok("undo", "--game", "copy")
    assert json.loads(ok("status", "--json", "--game", "copy"))["players"][0]["cats"] == 1


def test_bad_records_name_file_and_line(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text('[Game "cottage-garden"]\n[Players "Ann,Ben"]\n1. Ann: score Ann pots=30 cloches=0 orange=1; next\n')
    line = fails(1, "replay", str(bad))
    assert "bad.txt, line 3" in line and "CG-SCORE-1" in line
    wrong_turn = tmp_path / "turn.txt"
    wrong_turn.write_text('[Game "cottage-garden"]\n[Players "Ann,Ben"]\n1. Ben: next\n')
    assert "turn 1 is Ben's; the game is at turn 1, Ann's" in fails(1, "replay", str(wrong_turn))
    garbage = tmp_path / "x.json"
    garbage.write_text("{not json")
    assert "x.json" in fails(1, "replay", str(garbage))
    assert "cannot read" in fails(1, "replay", str(tmp_path / "missing.txt"))


def test_records_keep_the_rules_they_were_played_under(tmp_path):
    # a new game is played under today's checks, and its record says so; a record without a
    # [Rules] header (made before they were kept) replays the moves it holds
    from assistant.games.events import RULES_VERSION

    ok("new", "cottage-garden", "--players", "Ann,Ben", "--name", "now")
    text = ok("export")
    assert f'[Rules "{RULES_VERSION}"]' in text
    moves = "1. Ann: score Ann pots=1 cloches=0 orange=1; score Ann pots=1 cloches=0 orange=2; " \
            "score Ann pots=1 cloches=0 orange=3; next\n"
    three = tmp_path / "three.txt"  # three beds in one turn
    three.write_text(text.rstrip("\n") + "\n\n" + moves)
    assert "CG-SCORE-1" in fails(1, "replay", str(three))
    old = tmp_path / "old.txt"
    old.write_text('[Game "cottage-garden"]\n[Players "Ann,Ben"]\n\n' + moves)
    assert json.loads(ok("replay", str(old), "--json"))["turn"]["number"] == 2
    assert "rules version" in fails(1, "replay", str(_with_rules(tmp_path, "9")))


def _with_rules(tmp_path, version: str):
    path = tmp_path / f"rules{version}.txt"
    path.write_text(f'[Game "cottage-garden"]\n[Players "Ann,Ben"]\n[Rules "{version}"]\n')
    return path


def test_shapes_are_not_comments_and_comments_still_are(tmp_path):
    # a board-mode record writes shapes with #s (shape=##): only a # opening a line or after a
    # space starts a comment (after a header too)
    ok("new", "cottage-garden", "--board-mode", "--players", "Ann,Ben", "--name", "bm")
    ok("plant", "Ann", "##/#.", "--bed", "1", "--at", "0,0")
    ok("next")
    text = ok("export")
    assert "shape=##/#." in text
    path = tmp_path / "bm.txt"
    path.write_text("# a board-mode game\n" + text.replace("; next", "; next  # Ann's first tile")
                    .replace('[Name "bm"]', '[Name "bm"]  # friday'))
    status = {**json.loads(ok("status", "--json")), "events": None}  # a replay is no stored log
    assert json.loads(ok("replay", str(path), "--json")) == status


def test_what_another_player_does_in_a_turn_is_a_line_of_that_players():
    """Ben's final-round discard, made during Ann's turn, reads as Ben's, and replays as recorded."""
    from pathlib import Path

    from assistant.session import notation

    path = Path(__file__).resolve().parents[2] / "samples" / "records" / "cottage-3p.txt"
    record = notation.read(path.read_text(), str(path))
    lines = notation.write_text(record).splitlines()
    assert "79. Ben: discard Ben" in lines
    assert "79. Cy: discard Cy; discard Cy" in lines
    assert not any(line.startswith("79. Ann:") and "discard" in line for line in lines)
    assert notation.read("\n".join(lines), "again") == record
    # the old form, Ben's discard on Ann's line, still reads
    old = "\n".join(lines).replace("79. Ben: discard Ben\n79. Cy: discard Cy; discard Cy\n79. Ann: ",
                                   "79. Ann: discard Ben; discard Cy; discard Cy; ")
    assert notation.read(old, "old") == record


def test_a_line_under_another_players_name_holds_only_their_actions(tmp_path):
    bad = tmp_path / "other.txt"
    bad.write_text('[Game "cottage-garden"]\n[Players "Ann,Ben"]\n1. Ben: score Ann pots=1 cloches=0 orange=1; next\n')
    line = fails(1, "replay", str(bad))
    assert "line 3" in line and "turn 1 is Ben's; the game is at turn 1, Ann's" in line
