"""Gartenbau through the CLI: the ring and the box defined, a game's turns, `plant` and `next`
shared with other games acting on the game in play, status and tally JSON; bad input one line."""

import json

import pytest

from tests.cli.runner import fails, ok

RING = "S P1s C P1w C P2s C P1s1w C P2w C P1s C"


@pytest.fixture
def game():
    ok("market", "define", "2", RING)
    ok("new", "gartenbau", "--players", "Ann,Ben", "--start", "Ann=aster+basil", "--start", "Ben=chive+dill",
       "--name", "gb")
    return "gb"


def status():
    return json.loads(ok("status", "--json"))


def test_new_prints_the_setup_and_the_ring():
    out = ok("new", "gartenbau", "--players", "Ann,Ben,Cy", "--flowers", "advanced", "--name", "three")
    for text in ("9 at random", "7 petals", "3x4 grid", "discards 1", "not defined for 3 players"):
        assert text in out, text
    assert "the tiles worth 3 out" in ok("new", "gartenbau", "--players", "Ann,Ben", "--name", "two")


@pytest.mark.parametrize("players", ["Ann", "Ann,Ben,Cy,Di,Eve"])
def test_player_counts_of_1_and_5(players):
    assert "GB-SETUP-1" in fails(1, "new", "gartenbau", "--players", players)


def test_a_few_turns_and_the_status_json(game):
    ok("seedling", "--tile", "dill+aster", "--at", "1,0")
    ok("next")
    ok("seedling", "--skip", "sun", "--resources")
    ok("next")
    out = ok("plant", "red", "--over", "0,1+1,1", "--tile", "basil+aster:1s:2")  # Cottage Garden's word too
    ok("next")
    data = status()
    ann = data["players"][0]
    assert {"sun", "water", "flowerpot", "can", "garden", "hand"} <= set(ann)
    assert ann["garden"][-1] == {"layer": "plant", "id": None, "cells": [[0, 1], [1, 1]], "colour": "red",
                                 "needs": ["basil", "aster"], "points": 2}
    assert data["petals"][0] == {"tiles_left": 8, "resources": {"sun": 0, "water": 0}}
    assert data["petals"][1] == {"tiles_left": 9, "resources": {"sun": 1, "water": 0}}
    assert data["ending"] == {"triggered": False, "turns_left": None}
    assert "P1 8" in ok("market") and "Ann" in ok("status")
    tally = json.loads(ok("tally", "--json"))
    assert tally["ranking"][0] == {**tally["ranking"][0], "name": "Ann", "total": 2 + 4}


def test_bad_input_one_line_with_the_rule(game):
    before = status()
    for code, args, rule in [(1, ("seedling", "--tile", "dill+aster", "--at", "5,5"), "GB-SEED-1"),
                             (2, ("seedling", "--tile", "dill", "--at", "1,0"), "GB-COMP-1"),
                             (1, ("next",), "GB-TURN-1"),
                             (1, ("plant", "red", "--over", "0,0+0,1", "--tile", "aster+basil:0:1"), "GB-PLANT-2"),
                             (1, ("can", "swap", "0,0", "0,1"), "GB-CAN-1")]:
        line = fails(code, *args)
        assert rule in line and "\n" not in line, line
        assert status() == before


def test_next_return_and_the_shared_words_for_another_game(game):
    ok("new", "cottage-garden", "--players", "Ann,Ben", "--name", "cg")
    assert "return" in fails(2, "next", "--return", "sun", "--game", "cg")  # Cottage Garden's next takes no --return
    ok("next", "--game", "cg")


def test_catalogue_commands():
    assert "S1" in ok("seedlings", "define", "s1", "aster+basil", "--marked")
    ok("plants", "define", "R1", "red", "aster+basil", "--cost", "1s1w", "--points", "2")
    ok("flowers", "define", "F1", "red+blue", "--points", "5")
    assert "GB-COMP-1" in fails(2, "seedlings", "define", "S2", "aster")
    data = json.loads(ok("tiles", "--game", "gartenbau", "--json"))
    assert data["plants"] == [{"id": "R1", "colour": "red", "needs": ["aster", "basil"], "cost": [1, 1],
                               "points": 2}]
    ok("tiles", "--game", "gartenbau", "define", "F2", "flower:red+yellow:4")
    assert len(json.loads(ok("flowers", "--json"))["flowers"]) == 2
    assert "GB-MARKET-1" in fails(2, "market", "define", "2", "S P C")
