"""Shared fixtures: every test gets its own GARDEN_HOME and a pinned terminal."""

from __future__ import annotations

import os

import pytest

os.environ["NO_COLOR"] = "1"
os.environ["COLUMNS"] = "200"


@pytest.fixture(autouse=True)
def garden_home(tmp_path, monkeypatch):
    home = tmp_path / "garden-home"
    monkeypatch.setenv("GARDEN_HOME", str(home))
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "200")
    return home
