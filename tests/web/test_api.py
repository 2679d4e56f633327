"""The web API (assistant/web/app.py): the CLI's --json contract over HTTP, every status code it
promises, driven in-process through httpx (FastAPI's TestClient)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from assistant.play import Table
from assistant.web import app as web
from tests.cli.runner import ok

ROOT = Path(__file__).resolve().parents[2]
TOKEN = "table-token-1"
AUTH = {"Authorization": f"Bearer {TOKEN}"}
PHOTO = ROOT / "samples" / "photos" / "bed-1-dark_easy.jpg"


@pytest.fixture
def client(garden_home):
    Table(garden_home).new("cottage-garden", {"players": "Ann,Ben", "name": "friday"})
    return TestClient(web.create_app(TOKEN, garden_home), headers=AUTH)


def test_without_the_token_nothing_is_read_or_changed(client, garden_home):
    bare = TestClient(web.create_app(TOKEN, garden_home))
    before = Table(garden_home).status("friday")
    for method, path in (("get", "/"), ("get", "/api/games"), ("get", "/api/games/friday/status"),
                         ("post", "/api/games/friday/refill")):
        assert getattr(bare, method)(path).status_code == 401
        assert getattr(bare, method)(path, params={"token": "wrong"}).status_code == 401
        assert getattr(bare, method)(path, headers={"Authorization": "Bearer nope"}).status_code == 401
    assert Table(garden_home).status("friday") == before
    assert bare.get("/api/games", params={"token": TOKEN}).status_code == 200  # the address's ?token=


def test_reads_are_the_clis_json(client):
    assert client.get("/api/games").json() == json.loads(ok("games", "--json"))
    status = client.get("/api/games/friday/status").json()
    assert status == json.loads(ok("status", "--json", "--game", "friday")) and status["events"] == 0
    assert {c["name"] for c in client.get("/api/games/friday/commands").json()["commands"]} >= {"score", "refill"}
    picture = client.get("/api/games/friday/picture.svg")
    assert picture.headers["content-type"].startswith("image/svg+xml") and "Turn 1: Ann" in picture.text
    assert "<svg" in client.get("/api/games/friday/tally.svg").text
    page = client.get("/")
    assert page.status_code == 200 and "<script>" in page.text and "src=\"http" not in page.text  # nothing fetched elsewhere


def test_a_move_is_the_clis_result_and_a_refusal_names_its_rule(client, garden_home):
    moved = client.post("/api/games/friday/score", json={"player": "Ann", "pots": 7, "cloches": 2})
    assert moved.status_code == 200
    body = moved.json()
    assert body["events"][0]["type"] == "score" and body["log"] == 1
    refused = client.post("/api/games/friday/score", json={"player": "Ann", "pots": 30, "cloches": 0})
    assert refused.status_code == 422 and refused.json()["rule"].startswith("CG-")
    assert Table(garden_home).status("friday")["events"] == 1  # the refusal changed nothing
    undone = client.post("/api/games/friday/undo", json={"steps": 1})
    assert undone.status_code == 200 and Table(garden_home).status("friday")["players"][0]["score"] == 0
    assert client.post("/api/games/friday/redo", json={}).status_code == 200
    assert Table(garden_home).status("friday")["players"][0]["score"] > 0


@pytest.mark.parametrize("body,field", [({"player": "Ann", "pots": "seven", "cloches": 1}, "pots"),
                                        ({"pots": 1, "cloches": 1}, "player"),
                                        ({"player": "Ann", "pots": 1, "cloches": 1, "colour": "red"}, "colour")])
def test_wrong_types_are_422_naming_the_field(client, body, field):
    answer = client.post("/api/games/friday/score", json=body)
    assert answer.status_code == 422 and answer.json()["field"] == field


def test_unknown_games_and_commands_are_404(client):
    assert client.get("/api/games/nope/status").status_code == 404
    assert client.post("/api/games/nope/refill").status_code == 404
    assert client.post("/api/games/friday/fly").status_code == 404
    assert client.post("/api/games/friday/leaf", json={}).status_code == 404  # another game's move
    assert client.get("/api/checks/nothing.png").status_code == 404


def test_a_write_on_an_old_view_is_409_and_applies_nothing(client, garden_home):
    seen = client.get("/api/games/friday/status").json()["events"]
    assert client.post("/api/games/friday/refill", json={"seen": seen}).status_code == 200
    late = client.post("/api/games/friday/refill", json={"seen": seen})
    assert late.status_code == 409 and "moved on" in late.json()["error"]
    assert client.post("/api/games/friday/undo", json={"seen": seen}).status_code == 409
    assert Table(garden_home).status("friday")["events"] == seen + 1
    assert client.post("/api/games/friday/next", json={"seen": "x"}).status_code == 422


def test_a_photo_is_read_and_its_drawing_served(client):
    with PHOTO.open("rb") as photo:
        answer = client.post("/api/games/friday/check", files={"photo": ("table.jpg", photo, "image/jpeg")},
                             data={"board": "bed-1-dark"})
    assert answer.status_code == 200, answer.text
    reading = answer.json()
    truth = json.loads(PHOTO.with_suffix(".json").read_text())
    covered = [[c == "covered" for c in row] for row in reading["cells"]]
    assert covered == [[c == "covered" for c in row] for row in truth["cells"]]
    drawing = client.get(reading["overlay"])
    assert drawing.status_code == 200 and drawing.content[:4] == b"\x89PNG"


def test_photos_of_one_board_are_read_as_one(client):
    """Photos sent as repeated "photo" parts are read together (vision.views); one where the board
    cannot be found is named, the others read it; more than MAX_PHOTOS are refused."""
    import cv2
    import numpy as np

    truth = json.loads(PHOTO.with_suffix(".json").read_text())
    photo = PHOTO.read_bytes()
    noise = cv2.imencode(".jpg", np.random.default_rng(0).integers(0, 255, (600, 800, 3), dtype=np.uint8))[1].tobytes()
    answer = client.post("/api/games/friday/check", data={"board": "bed-1-dark"},
                         files=[("photo", ("a.jpg", photo, "image/jpeg")), ("photo", ("b.jpg", photo, "image/jpeg")),
                                ("photo", ("noise.jpg", noise, "image/jpeg"))])
    assert answer.status_code == 200, answer.text
    reading = answer.json()
    assert reading["photos"] == ["a.jpg", "b.jpg", "noise.jpg"] and reading["disagree"] == []
    assert [entry["photo"] for entry in reading["not_read"]] == ["noise.jpg"]
    covered = [[c == "covered" for c in row] for row in reading["cells"]]
    assert covered == [[c == "covered" for c in row] for row in truth["cells"]]
    assert client.get(reading["overlay"]).content[:4] == b"\x89PNG"
    many = client.post("/api/games/friday/check", data={"board": "bed-1-dark"},
                       files=[("photo", (f"{i}.jpg", b"x", "image/jpeg")) for i in range(web.MAX_PHOTOS + 1)])
    assert many.status_code == 422 and many.json()["field"] == "photo"


def test_bad_uploads(client, monkeypatch):
    not_image = client.post("/api/games/friday/check", files={"photo": ("notes.jpg", b"hello", "image/jpeg")},
                            data={"board": "bed-1-dark"})
    assert not_image.status_code == 422 and "notes.jpg" in not_image.json()["error"]
    assert "upload" not in not_image.json()["error"]  # named as the phone sent it, not as the server keeps it
    unknown = client.post("/api/games/friday/check", files={"photo": ("a.jpg", b"x", "image/jpeg")},
                          data={"board": "../../etc"})
    assert unknown.status_code == 422 and unknown.json()["field"] == "board"
    monkeypatch.setattr(web, "MAX_UPLOAD", 1000)
    big = client.post("/api/games/friday/check", files={"photo": ("big.jpg", b"x" * 5000, "image/jpeg")},
                      data={"board": "bed-1-dark"})
    assert big.status_code == 413


def test_every_game_moves_through_the_api(garden_home):
    client = TestClient(web.create_app(TOKEN, garden_home), headers=AUTH)
    for line in ("new indian-summer --players Ann,Ben --name woods", "new hanging-gardens --players Ann,Ben --name hg",
                 "new gartenbau --players Ann,Ben --name gb"):
        ok(*line.split())
    for name in ("woods", "hg", "gb"):
        status = client.get(f"/api/games/{name}/status").json()
        assert "<svg" in client.get(f"/api/games/{name}/picture.svg").text
        commands = {c["name"] for c in client.get(f"/api/games/{name}/commands").json()["commands"]}
        assert "next" in commands
        answer = client.post(f"/api/games/{name}/next", json={"seen": status["events"]})
        # next is taken or refused by the game's own rule, never a server error
        assert answer.status_code in (200, 422), answer.text
        if answer.status_code == 422:
            assert answer.json()["rule"]


def test_serve_refuses_bad_starts_in_one_line(garden_home):
    import socket

    from tests.cli.runner import fails

    Table(garden_home).new("cottage-garden", {"players": "Ann,Ben", "name": "friday"})
    assert "--token: at least 8" in fails(1, "serve", "--token", "a b")
    assert "no game named 'nope'" in fails(1, "serve", "--game", "nope", "--host", "127.0.0.1")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert f"cannot listen on 127.0.0.1:{port}" in fails(1, "serve", "--host", "127.0.0.1", "--port", str(port))


def test_advice_is_the_clis_advise_json(garden_home):
    client = TestClient(web.create_app(TOKEN, garden_home), headers=AUTH)
    ok("new", "hanging-gardens", "--players", "Ann,Ben", "--name", "hg")
    answer = client.get("/api/games/hg/advice", params={"line": "RG./..B,YY./..."})
    assert answer.status_code == 200
    assert answer.json() == json.loads(ok("advise", "--game", "hg", "--line", "RG./..B,YY./...", "--json"))
    missing = client.get("/api/games/hg/advice")  # the face-up cards are not tracked: asked for
    assert missing.status_code == 422 and "face-up cards" in missing.json()["error"]


def test_a_photo_with_a_tile_gets_the_placements_fit_gives(client, tmp_path):
    with PHOTO.open("rb") as photo:
        answer = client.post("/api/games/friday/check", files={"photo": ("table.jpg", photo, "image/jpeg")},
                             data={"board": "bed-1-dark", "tile": "##"})
    assert answer.status_code == 200, answer.text
    placements = answer.json()["placements"]
    cli = json.loads(ok("fit", str(PHOTO), "--board", "bed-1-dark", "--tile", "##", "--json", "--limit", "3"))
    assert [p["cells"] for p in placements] == [p["cells"] for p in cli["placements"]] and placements
    assert client.get(answer.json()["overlay"]).content[:4] == b"\x89PNG"
