"""Each game's picture for the page is drawn from `status --json`: what it shows can be counted."""

from __future__ import annotations

import re
from pathlib import Path

from assistant.games import registry
from assistant.play import Table
from assistant.session import notation

RECORDS = Path(__file__).resolve().parents[2] / "samples" / "records"


def _status(tmp_path, record_name: str):
    table = Table(tmp_path)
    path = RECORDS / f"{record_name}.txt"
    table.save_record(notation.read(path.read_text(), path.name), record_name)
    status = table.status(record_name)
    return status, registry.picture(status["game"]).status_picture(status)


def test_cottage_garden_shows_every_cube_the_die_and_the_red_line(tmp_path):
    status, svg = _status(tmp_path, "cottage-3p")
    players = len(status["players"])
    assert len(re.findall(r"fill='#e8842a'", svg)) == 3 * players  # orange cubes
    assert len(re.findall(r"fill='#3a6fd0'", svg)) == 3 * players  # blue cubes
    assert len(re.findall(r"stroke='#d22'", svg)) == 2 * players  # a red line on each track
    assert ">gardener die<" in svg and all(p["name"] in svg for p in status["players"])


def test_hanging_gardens_shows_each_temple(tmp_path):
    status, svg = _status(tmp_path, "hanging-2p")
    temples = sum(len(p["temples"]) for p in status["players"])
    assert temples and svg.count("fill='white' stroke='#222'") == temples


def test_indian_summer_and_gartenbau_show_each_player(tmp_path):
    for name in ("indian-4p", "gartenbau-3p"):
        status, svg = _status(tmp_path / name, name)
        assert svg.startswith("<svg") and all(f">{p['name']}<" in svg or f"▶ {p['name']}<" in svg
                                              for p in status["players"])
    status, svg = _status(tmp_path / "gb", "gartenbau-3p")
    cells = {tuple(c) for p in status["players"][:1] for t in p["garden"] for c in t["cells"]}
    assert cells  # Ann's garden is drawn cell by cell, on top of the key's three swatches
    assert svg.count("rx='3' fill='#") >= len(cells) + 3
