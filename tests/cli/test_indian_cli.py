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
    assert "nut token goes on region 2" in out and "Ann places an orange leaf tile from their path" in out
    ok("nut")
    ok("exchange", "mushroom", "blueberry")
    ok("next")
    data = status()
    assert data["turn"]["player"] == "Ben"
    ann = data["players"][0]
    assert ann["empty"] == 67 and ann["held"] == {"blueberry": 2, "nut": 0, "mushroom": 0, "feather": 0}
    assert "Ben pays a mushroom and places a green and a red leaf tile" in ok("mushroom", "Ann:green", "Cy:red")
    ok("next")
    assert "Final tally" not in ok("tally")
    assert "1. Ann: leaf orange found=nut:2; nut; exchange mushroom blueberry; next" in ok("export")
    assert "IS-EXCH-1" in ok("rules", "--game", "indian-summer", "exchange")
    assert "robbed_refill" in ok("rules", "--game", "indian-summer", "house")


@pytest.mark.parametrize("args,rule", [
    (("feather", "orange", "green"), "IS-MAIN-D"),          # paying a treasure not held
    (("exchange", "blueberry", "mushroom"), "IS-EXCH-1"),  # not a rate
    (("exchange", "mushroom", "nut", "--times", "2"), "IS-EXCH-1"),  # one mushroom held: neither is made
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


def test_repeated_exchange_says_what_all_of_them_cost(game):
    assert "holds 1 mushroom(s); 2 exchanges for a nut cost(s) 2" in fails(1, "exchange", "mushroom", "nut", "--times", "2")


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


# -- board mode ------------------------------------------------------------------------

BOARD = "B.N.M..F/B......./NN....../B......./BB..N.../B......./BN....../BBB.N.../..NM.M.."


@pytest.fixture
def woods_game():
    ok("new", "indian-summer", "--players", "Ann,Ben", "--name", "wood", "--board-mode", "--bed", f"Ann={BOARD}")
    return "wood"


def test_board_mode_setup_and_placements(woods_game):
    out = ok("leaf", "orange", "--tile", "#o/##", "--at", "0,1", "--turn", "r0")  # hole on the printed nut at 0,2
    assert "nut token" in out
    ok("next")
    ok("squirrel", "--at", "4,4")
    ok("next")
    drawing = ok("woods", "Ann")
    assert "n" in drawing and "layout-Ann" in drawing and "68 empty cell(s) · regions 1: 8 empty" in drawing
    assert "blank-Ben" in ok("woods")
    data = status()
    assert data["players"][0]["empty"] == 68 and data["players"][0]["tokens_on_board"][0]["nut"] == 1
    record = ok("export")
    assert "leaf orange at=0,1+0,2*+1,1+1,2" in record and "squirrel at=4,4" in record and "[Woods" in record


@pytest.mark.parametrize("args,rule", [
    (("leaf", "orange", "--tile", "#o/##", "--at", "8,7"), "IS-PLACE-1"),         # off the board
    (("leaf", "orange", "--cells", "0,0*+0,1+1,0+1,1", "--cells", "x"), None),    # (usage, below)
    (("leaf", "green", "--cells", "0,0*+0,1+0,2+0,3"), "IS-PLACE-1"),           # wrong size
    (("leaf", "orange", "--cells", "3,3*+3,4+4,3+4,4"), "IS-PLACE-1"),          # over Ben's? no: over the squirrel
    (("animal", "t", "--cells", "0,0+0,1+0,2+1,1"), "IS-ANIMAL-1"),           # not holes
])
def test_board_bad_input_one_line_rule_id_no_change(woods_game, args, rule):
    ok("nut", "--at", "3,3")  # a squirrel to overlap
    before = status()
    if rule is None:
        assert fails(1, *args)
    else:
        line = fails(1, *args)
        assert len(line.splitlines()) == 1 and f"[{rule}]" in line, line
    unchanged(before)


def test_board_animal_over_a_token_refused(woods_game):
    # four holes form a T; the one at 4,0 lies on a printed blueberry, so it holds a token
    for ann, ben in ((("green", "4,0*+3,0+2,0"), "0,0"), (("green", "4,1*+3,1+3,2"), "0,1"),
                     (("orange", "4,2*+4,3+3,3+2,3"), "0,2")):
        ok("leaf", ann[0], "--cells", ann[1])
        ok("next")
        ok("squirrel", "--at", ben)
        ok("next")
    out = ok("leaf", "orange", "--cells", "5,1*+6,1+6,2+6,3")
    assert "form the t animal's shape, but a token lies on one" in out
    before = status()
    line = fails(1, "animal", "t", "--cells", "4,0+4,1+4,2+5,1")
    assert "[IS-ANIMAL-1]" in line and "token" in line and len(line.splitlines()) == 1
    unchanged(before)
    assert "free group" in fails(2, "animal", "t")  # no free group of its shape to pick


def test_board_cli_refuses_score_mode_words(woods_game):
    before = status()
    assert "--region" in fails(2, "leaf", "orange", "--cells", "0,0*+0,1+1,0+1,1", "--region", "1")
    assert "board mode" in fails(2, "leaf", "orange")  # no cells: a usage error
    unchanged(before)


def test_catalogue_define_and_fit_json(woods_game):
    assert "unknown" in ok("leaves")
    assert "Defined leaf G1" in ok("leaves", "define", "G1", "#o/#.")
    assert "exactly one hole" in fails(2, "leaves", "define", "G2", "###")
    assert "3 cells" in fails(2, "leaves", "define", "O1", "#o#")
    assert "seed names the T" in fails(2, "animals", "define", "t", "####")
    ok("animals", "define", "i3", "###")
    assert "already has this shape" in fails(2, "animals", "define", "l3", "###")
    out = ok("woodlands", "define", "1a", BOARD.replace("F", "."))
    assert "Warning" in out and "0 feather" in out
    assert "1a" in ok("new", "indian-summer", "--players", "Cy,Di", "--name", "w2", "--board-mode", "--bed", "Cy=1a")
    assert "unknown" in fails(1, "new", "indian-summer", "--players", "Cy,Di", "--name", "w3", "--board-mode", "--bed", "Cy=2b")
    report = json.loads(ok("fit", "G1", "--game", "wood", "--json"))
    assert report["game"] == "indian-summer" and report["count"] > 0
    first = report["placements"][0]
    assert set(first) >= {"cells", "hole", "orientation", "anchor", "score", "reasons", "completes", "animal", "treasure"}
    assert first["treasure"] == "feather"  # the hole on the printed feather is the best placement
    text = json.loads(ok("fit", "#o/#.", "--cells", BOARD, "--json"))
    assert text["count"] == report["count"]
    advice = json.loads(ok("advise", "--game", "wood", "--line", "G1,#o##", "--json"))
    assert advice["player"] == "Ann" and advice["options"][0]["what"].startswith("leaf")
    assert any(o["what"] == "a squirrel" for o in advice["options"])
    assert "tracked by colour" in fails(2, "advise", "--game", "wood")


def test_another_games_command_is_named_with_its_article(game):
    line = fails(1, "refill")
    assert "'walk' is an Indian Summer game; 'refill' is a move of Cottage Garden, not of Indian Summer" in line
    assert "is not a Cottage Garden board-mode game" in fails(1, "bed")


def test_house_rules_read_whole_in_a_narrow_terminal():
    from typer.testing import CliRunner

    from assistant.cli.app import app
    from assistant.games.cottage_garden.houserules import SWITCHES as CG
    from assistant.games.indian_summer.houserules import SWITCHES as IS

    for game, switches in (("indian-summer", IS), ("cottage-garden", CG)):
        for width in (70, 80):
            out = CliRunner().invoke(app, ["rules", "--game", game, "house"],
                                     env={"NO_COLOR": "1", "COLUMNS": str(width), "TERM": "dumb"}).output
            assert max(len(line) for line in out.splitlines()) <= width
            words = " ".join(out.split())  # the meanings wrap; their words are all there, in order
            for s in switches:
                assert f"{s.key} = {s.default} [{s.rule_id}]" in words
                assert " ".join(s.help.split()) in words  # "[ruling]" as written, not taken as markup
                if s.choices:
                    assert "choices: " + " | ".join(s.choices) in words

def test_advise_after_the_main_action_offers_only_a_squirrel_for_a_nut(woods_game):
    ok("leaf", "orange", "--tile", "#o/##", "--at", "0,1", "--turn", "r0")
    advice = json.loads(ok("advise", "--json", "--line", "#o/#."))  # no line needed now; a given one is not ranked
    assert any("The --line is not ranked" in b for b in advice["before"])
    assert [o["what"] for o in advice["options"]] == ["a squirrel, for a nut"]
    assert any("main action A (leaf tile)" in b for b in advice["before"])
    ok("nut", "--at", "8,7")  # the starting nut spent: no squirrel is left to advise
    advice = json.loads(ok("advise", "--json"))
    assert advice["options"] == [] and any("holds no nut" in b for b in advice["before"])
    assert "Nothing for Ann to place now." in ok("advise")
