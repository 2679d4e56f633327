"""The Hanging Gardens through the CLI: the set-up, a turn, status and tally JSON, cards and values,
fit; and the bad input the issue names: one line with the rule id, exit 1, nothing changed."""

import json

import pytest

from tests.cli.runner import fails, garden, ok


@pytest.fixture
def game():
    ok("new", "hanging-gardens", "--players", "Ann,Ben", "--name", "hg")
    return "hg"


def status():
    return json.loads(ok("status", "--json"))


def test_new_prints_the_setup_for_each_count():
    out = ok("new", "hanging-gardens", "--players", "Ann,Ben", "--name", "two")
    for text in ("Start player", "Ann", "5 temples", "rows 0-1, columns 0-2", "reveal 4 cards",
                 "each taking 2", "3 columns of 2 for areas of 3, 4 and 5"):
        assert text in out
    assert "reveal 3 cards" in ok("new", "hanging-gardens", "--players", "Ann,Ben,Cy", "--name", "three")


@pytest.mark.parametrize("players", ["Ann", "Ann,Ben,Cy,Di,Eve"])
def test_player_counts_of_1_and_5_are_one_line(players):
    line = fails(1, "new", "hanging-gardens", "--players", players)
    assert "HG-SETUP-1" in line and "\n" not in line


def test_a_turn_and_the_status_json(game):
    ok("card", "GG./G..", "--at", "0,0")
    out = ok("temple", "1,0")
    assert "column 3" in out
    result = json.loads(ok("take", "garden", "--column", "3", "--json"))
    assert result["events"] == [{"type": "take", "series": "garden", "column": 3, "row": "top", "draw": ""}]
    assert result["pending"] == []
    ok("next")
    ok("card", ".../.R.", "--at=-1,0")  # a negative row: its blank top row over the table
    data = status()
    ann, ben = data["players"]
    assert ann["temples_left"] == 4 and ann["cards"] == 2 and ann["tiles"] == {"garden": 1}
    assert ann["areas"] == [{"theme": "park", "size": 3, "cells": [[0, 0], [0, 1], [1, 0]], "temple": [1, 0]}]
    assert ben["garden"]["origin"] == [-1, 0] and data["deck_left"] == 56
    assert "▲" in ok("status")


def test_bad_input_is_one_line_with_the_rule_and_nothing_changes(game):
    before = status()
    # a malformed option is a usage error (exit 2), a move against the rules exit 1
    for code, args, rule in [(2, ("card", "RG./..", "--at", "0,0"), "HG-CARD-1"),
                             (2, ("card", "C9", "--at", "0,0"), "HG-CARD-1"),
                             (1, ("card", "..R/...", "--at", "5,5"), "HG-PLACE-3"),
                             (1, ("temple", "0,0"), "HG-TEMPLE-1"),
                             (1, ("next",), "HG-TURN-1")]:
        line = fails(code, *args)
        assert rule in line and "\n" not in line, line
        assert status() == before
    ok("card", "GG./...", "--at", "0,0")
    line = fails(1, "temple", "0,0")  # an area of 2
    assert "HG-TEMPLE-1" in line and "2 cell(s)" in line
    refusal = json.loads(garden("temple", "0,0", "--json").output)
    assert refusal["rule"] == "HG-TEMPLE-1"


def test_second_temple_and_too_large_a_column(game):
    ok("card", "GGG/G..", "--at", "0,0")
    ok("temple", "0,0")
    assert "HG-TEMPLE-2" in fails(1, "temple", "0,1")
    assert "HG-TILE-1" in fails(1, "take", "garden", "--column", "5")


def test_cards_catalogue_and_fit(game):
    assert "C1: RG./..B" in ok("cards", "define", "c1", "RG./..B")
    assert "HG-CARD-1" in fails(2, "cards", "define", "C2", "RGX/...")
    assert json.loads(ok("cards", "--json")) == {"cards": [{"id": "C1", "layout": "RG./..B"}]}
    report = json.loads(ok("fit", "C1", "--json"))
    # on the start card: upright and half turned at 0,0; sideways its cells span 3 rows, one themed
    assert report["count"] == len(report["placements"]) == 2
    first = report["placements"][0]
    assert set(first) >= {"at", "turn", "cells"}
    assert all(len(c) == 3 and c[2] in ("terrace", "park", "arcade", "fountain", "blank") for c in first["cells"])
    assert "garden card C1" in ok("fit", "C1")
    ok("card", "C1", "--at", "0,0")
    ok("next")
    assert "HG-CARD-1" in fails(1, "card", "C1", "--at", "0,0")  # each card of the box once


def test_values_and_tally(game):
    assert "unknown" in ok("values")
    ok("values", "set", "tiger", "1,3,6")
    assert "HG-SCORE-1" in fails(2, "values", "set", "garden", "1,2,3")
    data = json.loads(ok("values", "--json"))
    tiger = next(s for s in data["series"] if s["name"] == "tiger")
    assert tiger == {"name": "tiger", "tiles": 6, "points": [1, 3, 6], "complete": True, "source": "user"}
    tally = json.loads(ok("tally", "--json"))
    assert tally["decided"] and tally["winner"] == ["Ann", "Ben"]
    assert "Standings so far" in ok("tally")


def test_rules_by_game_name():
    assert "HG-PLACE-1" in ok("rules", "hanging-gardens")
    assert "HG-TILE-2" in ok("rules", "hanging-gardens", "HG-TILE-2")
    house = ok("rules", "hanging-gardens", "house")
    assert "temples = per-area" in house and "per-cell" in house
    assert "HG-TILE-2" in ok("rules", "HG-TILE-2", "--game", "hanging-gardens")
