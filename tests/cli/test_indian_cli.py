"""Every Indian Summer command through the CLI, and the bad input the issue names:
one line with the rule id, exit 1, no change to the game."""

import json

import pytest

from tests.cli.runner import fails, ok


@pytest.fixture
def game():
    ok("new", "indian-summer", "--players", "Ann,Ben,Cy", "--name", "walk")
    return "walk"


def status():
    return json.loads(ok("status", "--json"))


def unchanged(before):
    assert status() == before


def test_new_prints_the_setup():
    out = ok("new", "indian-summer", "--players", "Ann,Ben", "--name", "two")
    for text in ("hiking boot): Ann", "2 green, 2 orange and 1 red", "lay 40", "reserve", "Z stack",
                 "32 squirrels", "PLACEHOLDER"):
        assert text in out
    out = ok("new", "indian-summer", "--solo", "--name", "alone")
    assert "3 stacks of 25" in out and "garden deal" in out


def test_a_turn_through_the_cli(game):
    out = ok("leaf", "orange", "--found", "nut:2")
    assert "nut token goes on region 2" in out
    ok("nut")
    ok("exchange", "mushroom", "blueberry")
    ok("next")
    data = status()
    assert data["turn"]["player"] == "Ben"
    ann = data["players"][0]
    assert ann["empty"] == 67 and ann["held"] == {"blueberry": 2, "nut": 0, "mushroom": 0, "feather": 0}
    ok("mushroom", "Ann:green", "Cy:red")
    ok("next")
    assert "Final tally" not in ok("tally")
    assert "1. Ann: leaf orange found=nut:2; nut; exchange mushroom blueberry; next" in ok("export")
    assert "IS-EXCH-1" in ok("rules", "--game", "indian-summer", "exchange")
    assert "robbed_refill" in ok("rules", "--game", "indian-summer", "house")


@pytest.mark.parametrize("args,rule", [
    (("feather", "orange", "green"), "IS-MAIN-D"),          # paying a treasure not held
    (("exchange", "blueberry", "mushroom"), "IS-EXCH-1"),  # not a rate
    (("mushroom", "Ben:green", "Dan:red"), "IS-MAIN-C"),    # a path that does not exist
    (("mushroom", "Ben:green", "ring:red"), "IS-MAIN-C"),   # the common path only with 2 players
    (("region", "1"), "IS-REGION-1"),
    (("animal", "t"), "IS-ANIMAL-1"),
    (("final",), "IS-END-2"),
    (("path", "Ben", "r,r,r,r,r"), "IS-PATH-2"),
    (("next",), "IS-TURN-2"),
    (("deal", "--upper", "rrrrr", "--lower", "rrrrr", "--spaces", "rrrrrrrrrr", "--path", "rrrrr"), "IS-SETUP-2"),
])
def test_bad_input_one_line_rule_id_no_change(game, args, rule):
    before = status()
    line = fails(1, *args)
    assert len(line.splitlines()) == 1 and line.startswith("Error:")
    if rule:
        assert f"[{rule}]" in line
    unchanged(before)


def test_malformed_words_are_usage_errors(game):
    before = status()
    assert "leaf colour 'blue'" in fails(2, "mushroom", "Ben:blue", "Cy:red")
    assert "treasure 'gold'" in fails(2, "exchange", "gold", "nut")
    unchanged(before)


def test_second_main_action_and_tile_not_in_path(game):
    ok("leaf", "red")
    before = status()
    assert "[IS-TURN-2]" in fails(1, "squirrel")
    unchanged(before)
    ok("next")
    ok("squirrel")
    ok("next")
    ok("squirrel")
    ok("next")
    assert "[IS-MAIN-A]" in fails(1, "leaf", "red")  # Ann's only red is on her board


def test_two_player_mushroom_and_commands_refuse_another_game(game):
    ok("new", "indian-summer", "--players", "Ann,Ben", "--name", "two")
    ok("mushroom", "Ben:green", "ring:red")
    data = status()
    assert data["common_path"]["ring"] == 39 and data["players"][0]["empty"] == 64
    ok("new", "cottage-garden", "--players", "Ann,Ben", "--name", "cg")
    assert "Cottage Garden game" in fails(1, "squirrel")


def test_solo_through_the_cli():
    ok("new", "indian-summer", "--solo", "--name", "alone")
    assert "[IS-SETUP-2]" in fails(1, "leaf", "red")
    ok("deal", "--upper", "goror", "--lower", "ooooo", "--spaces", "gogogogogo", "--path", "ggooo")
    ok("mushroom")
    out = ok("status")
    assert "Solo game 1 of 3" in out and "round 1 of 10" in out
