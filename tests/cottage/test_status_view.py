"""The status view reads at a glance at 80 columns and at 60 (a phone's terminal): every cube's
points apart from the next, the red line marked, a key; no line wider than the screen."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console

from assistant.games import registry
from assistant.render.cottage import status_view
from assistant.session import notation

RECORD = Path(__file__).resolve().parents[2] / "samples" / "records" / "cottage-3p.txt"


@pytest.mark.parametrize("width", [80, 60])
def test_tracks_read_at_80_and_60_columns(width):
    record = notation.read(RECORD.read_text(), "c3")
    state = registry.game("cottage-garden").replay(record.setup, record.actions)
    out = io.StringIO()
    Console(file=out, width=width, color_system=None, emoji=False).print(status_view(state, "c3"))
    lines = out.getvalue().splitlines()
    assert all(len(line) <= width for line in lines)
    header = next(line for line in lines if "player" in line and "score" in line)
    for word in ("player", "score", "orange", "blue", "cats", "hive", "beds"):
        assert word in header, (word, header)
    ann = next(line for line in lines if " Ann " in line)
    assert "20▲ 1  0" in ann  # Ann's orange cubes: 20 past the red line, 1 and 0, each apart
    assert "past the red line" in out.getvalue()
