"""Records out: `export --format bgstats|csv|json`, `garden stats`, and the scoresheet picture."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from tests.cli.runner import fails, ok

RECORDS = Path(__file__).resolve().parents[2] / "samples" / "records"


def _finished(*names: str) -> None:
    for name in names:
        ok("replay", str(RECORDS / f"{name}.txt"), "--save", name)


def test_bgstats_is_the_documented_play_import_object():
    _finished("hanging-2p")
    play = json.loads(ok("export", "--game", "hanging-2p", "--format", "bgstats"))
    assert set(play) >= {"sourceName", "sourcePlayId", "playDate", "durationMin", "game", "players"}
    assert play["game"]["name"] == "The Hanging Gardens" and play["game"]["noPoints"] is False
    # worked out by hand in tests/hanging (golden 2p): Ann 28, Ben 26
    assert [(p["name"], p["score"], p["rank"], p["winner"], p["startPlayer"]) for p in play["players"]] == [
        ("Ann", 28, 1, True, True), ("Ben", 26, 2, False, False)]


def test_csv_is_a_row_a_player_and_a_tie_keeps_its_breaker():
    _finished("gartenbau-2p")
    rows = list(csv.DictReader(io.StringIO(ok("export", "--game", "gartenbau-2p", "--format", "csv"))))
    # 8-8, won by Ann on fewer plant tiles (tests/gartenbau golden)
    assert [(r["player"], r["place"], r["score"], r["winner"]) for r in rows] == [("Ann", "1", "8", "yes"),
                                                                               ("Ben", "2", "8", "no")]


def test_json_is_the_lossless_versioned_record():
    _finished("cottage-2p")
    data = json.loads(ok("export", "--game", "cottage-2p", "--format", "json"))
    assert data["format"] == "garden-record" and data["version"] == 1
    assert json.loads(ok("export", "--game", "cottage-2p", "--json")) == data
    assert "choose one of text, json, bgstats, csv" in fails(2, "export", "--format", "xml")


def test_a_game_without_points_exports_places_only():
    _finished("indian-4p")
    play = json.loads(ok("export", "--game", "indian-4p", "--format", "bgstats"))
    assert play["game"]["noPoints"] is True and all(p["score"] is None for p in play["players"])
    assert [p["rank"] for p in play["players"]] == [1, 2, 2, 4]


def test_stats_over_finished_games():
    assert "No finished games yet" in ok("stats")
    ok("new", "cottage-garden", "--players", "Ann,Ben", "--name", "unfinished")
    _finished("hanging-2p", "gartenbau-2p")
    data = json.loads(ok("stats", "--json"))
    assert data["plays"] == 2  # the unfinished game is not counted
    players = {p["name"]: p for p in data["players"]}
    assert players["Ann"]["wins"] == 2 and players["Ben"]["wins"] == 0 and players["Ann"]["plays"] == 2
    best = {(s["game"], s["name"]): (s["average"], s["best"]) for s in data["scores"]}
    assert best[("hanging-gardens", "Ann")] == (28, 28) and best[("gartenbau", "Ben")] == (8, 8)
    assert data["head_to_head"] == [{"a": "Ann", "b": "Ben", "plays": 2, "a_ahead": 2, "b_ahead": 0, "level": 0}]


def test_tally_out_draws_the_pages_scoresheet(tmp_path, garden_home):
    from fastapi.testclient import TestClient

    from assistant.web.app import create_app

    _finished("hanging-2p")
    out = tmp_path / "sheet.svg"
    ok("tally", "--game", "hanging-2p", "--out", str(out))
    sheet = out.read_text()
    assert "Ann" in sheet and ">28<" in sheet and "winner Ann" in sheet
    client = TestClient(create_app("a-token-123", garden_home), headers={"Authorization": "Bearer a-token-123"})
    assert client.get("/api/games/hanging-2p/tally.svg").text == sheet
    assert "name a .svg file" in fails(2, "tally", "--out", str(tmp_path / "sheet.png"))
