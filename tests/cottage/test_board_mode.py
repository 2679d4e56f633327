"""Board mode: every bed cell by cell, placements checked, completion scored."""

import json

import pytest

from assistant.games.cottage_garden.game import GAME
from assistant.errors import IllegalMove
from assistant.games.cottage_garden import engine, rules
from assistant.games.cottage_garden.actions import NextTurn, PlaceCat, PlacePot, PlantTile, ScoreBed

from tests.cli.runner import fails, ok

LAYOUT = "..P../C..../...../.P.../....C"


def board_game(**house):
    setup = {"players": ["Ann", "Ben"], "solo": False, "name": "b", "house_rules": house,
             **engine.board_setup(["Ann", "Ben"], [f"Ann={LAYOUT}"], None, True)}
    return GAME.new_state(setup)


def row_tile(row, bed=1, player="Ann", start=0, length=5, marks=()):
    cells = tuple((row, c) for c in range(start, start + length))
    return PlantTile(player, bed, "#" * length, cells, marks)


def refused(state, action, rule_id):
    with pytest.raises(IllegalMove) as err:
        rules.apply(state, action)
    assert err.value.rule == rule_id
    return str(err.value)


def test_tiles_go_on_free_cells_of_the_players_own_bed():
    s = board_game()
    out = rules.apply(s, row_tile(0))
    assert "covers the printed symbol" in out.notes[0]
    s = out.state
    assert s.beds[0][0].tiles == 1 and s.turn.planted
    refused(s, row_tile(1), "CG-PLANT-1")  # one tile a turn
    s2 = board_game()
    refused(s2, PlantTile("Ann", 1, "##", ((0, 4), (0, 5))), "CG-PLANT-3")  # off the bed
    refused(s2, PlantTile("Ann", 1, "###", ((0, 0), (0, 1), (1, 1))), "CG-PLANT-3")  # not the shape
    refused(s2, PlantTile("Ben", 1, "##", ((0, 0), (0, 1))), "CG-TURN-1")
    refused(s2, PlantTile("Ann", 3, "##", ((0, 0), (0, 1))), "CG-PLANT-3")


def test_nothing_goes_on_a_pot_token_cat_or_tile():
    s = rules.apply(board_game(), PlacePot("Ann", 1, (2, 2))).state
    s = rules.apply(s, PlaceCat("Ann", 1, (3, 3))).state
    s = s._replace(turn=s.turn._replace(planted=False))
    msg = refused(s, PlantTile("Ann", 1, "##", ((2, 2), (2, 3))), "CG-PLANT-3")
    assert "pot-token" in msg
    refused(s, PlantTile("Ann", 1, "##", ((3, 3), (3, 4))), "CG-PLANT-3")


def fill_bed_except(state, player, bed, keep):
    """Test helper: cover every free cell of a bed but `keep` with 1-cell tiles, turn limit aside."""
    index = state.index_of(player)
    for r in range(5):
        for c in range(5):
            if (r, c) in keep or (r, c) not in [tuple(x) for x in state.beds[index][bed - 1].board.grid.cells(
                    state.beds[index][bed - 1].board.mask("empty", "pot", "cloche"))]:
                continue
            state = rules.apply(state._replace(turn=state.turn._replace(planted=False)),
                                PlantTile(player, bed, "#", ((r, c),))).state
    return state._replace(turn=state.turn._replace(planted=False))


def test_a_complete_bed_must_score_with_its_own_counts_then_is_swapped():
    s = fill_bed_except(board_game(), "Ann", 1, keep={(0, 2), (1, 0), (3, 1), (4, 4), (4, 3)})
    s = rules.apply(s, PlantTile("Ann", 1, "#", ((4, 3),))).state  # only symbol cells left: complete
    refused(s, NextTurn(), "CG-SCORE-1")
    refused(s, ScoreBed("Ann", 1, 2, 1, 1, bed=1), "CG-SCORE-1")  # wrong counts: it shows 2 pots, 2 cloches
    out = rules.apply(s, ScoreBed("Ann", 2, 2, 1, 1, bed=1))
    s = out.state
    assert s.players[0].points("orange") == [2, 0, 0] and s.players[0].points("blue") == [4, 0, 0]
    assert s.beds[0][0].up.name == "blank-public" and s.beds[0][0].tiles == 0
    assert s.public_bed.up.name == "blank-Ann-1-back"  # the completed bed, flipped
    assert any("[CG-SCORE-4]" in note for note in out.notes)  # the clean-up


def test_turn_needs_a_plant_and_extra_cats_placed():
    s = board_game()
    refused(s, NextTurn(), "CG-PLANT-4")
    s = rules.apply(s, PlacePot("Ann", 2, (0, 0))).state
    s = s.with_player(0, s.players[0]._replace(cats=3))
    refused(s, NextTurn(), "CG-REWARD-3")
    s = rules.apply(s, PlaceCat("Ann", 2, (0, 1))).state
    assert rules.apply(s, NextTurn()).state.current == 1


def test_reward_pot_is_owed_after_the_last_cube_leaves_start():
    s = fill_bed_except(board_game(), "Ann", 1, keep={(0, 2), (1, 0), (3, 1), (4, 4)})
    s = s._replace(turn=s.turn._replace(planted=True))
    s = s.with_player(0, s.players[0]._replace(orange=(1, 1, 0)))
    s = rules.apply(s, ScoreBed("Ann", 2, 2, 3, 1, bed=1)).state
    assert s.turn.pots_owed == 1
    refused(s, NextTurn(), "CG-REWARD-2")
    s = rules.apply(s, PlacePot("Ann", 2, (0, 0), reward=True)).state
    refused(s, PlacePot("Ann", 2, (0, 1), reward=True), "CG-REWARD-2")
    rules.apply(s, NextTurn())


def test_final_round_gives_up_small_beds_itself():
    s = board_game()
    s = rules.apply(s, row_tile(0)).state
    s = rules.apply(s, NextTurn()).state
    while not s.final_round:
        s = rules.apply(s._replace(turn=s.turn._replace(planted=True)), NextTurn()).state
    assert all(p.beds == 0 for p in s.players) and s.over  # every bed held 2 or fewer tiles


def test_board_mode_cli_scores_a_bed_the_moment_it_completes():
    ok("new", "cottage-garden", "--board-mode", "--players", "Ann,Ben", "--bed", f"Ann={LAYOUT}", "--name", "bm")
    assert "unknown character" in fails(1, "new", "cottage-garden", "--board-mode", "--players", "A,B",
                                        "--bed", "A=#####/#####/#####/#####/####.")
    for row in range(5):
        out = ok("plant", "Ann", "####" if row == 4 else "#####", "--bed", "1", "--at", f"{row},0")
        ok("next")
        ok("plant", "Ben", "#", "--bed", "1", "--at", f"{row},0")
        ok("next")
    # rows 0-3 covered whole (their printed symbols lost), row 4 leaves its cloche showing
    assert "Bed 1 is complete: 0 flowerpot(s), 1 cloche(s)" in out and "Bed 1 scores" in out
    data = json.loads(ok("status", "--json"))
    ann = data["players"][0]
    assert ann["orange"] == [0, 0, 0] and ann["blue"] == [2, 0, 0]
    assert data["bed_cells"]["players"]["Ann"][0] == "...../...../...../...../....."  # the public bed, taken


def test_board_mode_cli_full_flow():
    ok("new", "cottage-garden", "--board-mode", "--players", "Ann,Ben", "--bed", f"Ann={LAYOUT}", "--name", "bm")
    out = ok("plant", "Ann", "#####", "--bed", "1", "--at", "0,0")
    assert "covers the printed symbol" in out
    assert "planted already" in fails(1, "plant", "Ann", "##", "--bed", "1", "--at", "1,0")
    assert "Ann's turn" in fails(1, "plant", "Ben", "#####", "--bed", "1", "--at", "0,0")
    assert "off the 5" in fails(1, "cat", "Ann", "--bed", "2", "--at", "5,0")
    assert "ROW,COL" in fails(2, "pot", "Ann", "--bed", "2", "--at", "x")
    assert "[CG-PLANT-3]" in fails(1, "plant", "Ann", "##", "--bed", "2", "--at", "4,4")  # off the bed: the rule
    assert "r45" in fails(2, "plant", "Ann", "##", "--bed", "2", "--at", "0,0", "--turn", "r45")  # a bad argument
    ok("next")
    ok("plant", "Ben", "###/#..", "--bed", "2", "--at", "2,1", "--turn", "r90")
    data = json.loads(ok("status", "--json"))
    assert data["bed_cells"]["players"]["Ann"][0] == "#####/C..../...../.P.../....C"
    assert data["bed_cells"]["players"]["Ben"][1].count("#") == 4
    assert "Ann · bed 1" in ok("bed", "Ann")
    text = ok("export")
    assert "plant Ann bed=1 shape=##### cells=0,0+0,1+0,2+0,3+0,4" in text and "[Beds " in text


def test_fit_on_a_tracked_bed_and_advise():
    ok("new", "cottage-garden", "--board-mode", "--players", "Ann,Ben", "--bed", f"Ann={LAYOUT}", "--name", "bm")
    ok("plant", "Ann", "#####", "--bed", "1", "--at", "0,0")
    data = json.loads(ok("fit", "##/##", "--player", "Ann", "--bed", "1", "--json"))
    assert data["count"] == 12  # a 2x2 square in rows 1-4: 3 row pairs x 4 column pairs
    assert all(p["bed"] == 1 and [0, 0] not in p["cells"] for p in data["placements"])
    both = json.loads(ok("fit", "##/##", "--player", "Ann", "--json"))
    assert both["count"] == 12 + 16 and {p["bed"] for p in both["placements"]} == {1, 2}
    advice = json.loads(ok("advise", "--line", "#####,-,-,-", "--json"))
    assert advice["player"] == "Ann"
    assert any("must refill" in b for b in advice["before"])
    best = advice["options"][0]
    assert best["what"] == "tile #####"  # the biggest piece covers most cells
    assert {o["what"] for o in advice["options"]} == {"tile #####", "a flowerpot token"}
    assert "give the line's 4 cells" in fails(2, "advise", "--line", "#####,#")


NURSERY = "1A,2A,2B,2C,5F,1A,3A,3B,-,-,-,-,-,-,-,-"


def tracked_game():
    ok("new", "cottage-garden", "--board-mode", "--players", "Ann,Ben", "--name", "nt",
       "--nursery", NURSERY, "--queue", "4A,5A,6A")


def test_tracked_nursery_refill_nearest_the_die_and_tiles_from_the_line():
    tracked_game()
    # column 1 holds 1A, 5F, -, -: two empty cells -> refilling costs a cat
    assert "not on the gardener line" in fails(1, "plant", "Ann", "2A", "--bed", "1", "--at", "0,0", "--from", "0,1")
    assert "holds 1A, not 2A" in fails(1, "plant", "Ann", "2A", "--bed", "1", "--at", "0,0", "--from", "0,0")
    out = ok("refill")
    assert "pays a cat" in out and "4A to 2,0, 5A to 3,0" in out
    data = json.loads(ok("status", "--json"))
    assert [row[0] for row in data["nursery"]["cells"]] == ["1A", "5F", "4A", "5A"]
    assert data["nursery"]["queue"] == ["6A"] and data["players"][0]["cats"] == 1
    ok("plant", "Ann", "1A", "--bed", "1", "--at", "0,0", "--from", "0,0")
    assert json.loads(ok("status", "--json"))["nursery"]["cells"][0][0] is None
    assert "from=0,0" in ok("export")


def test_must_refill_with_three_empty_cells():
    ok("new", "cottage-garden", "--board-mode", "--players", "Ann,Ben", "--name", "nt2",
       "--nursery", "1A,-,-,-,-,-,-,-,-,-,-,-,-,-,-,-", "--queue", "2A,2B")
    refusal = fails(1, "pot", "Ann", "--bed", "1", "--at", "0,0")
    assert "refill it from the queue first" in refusal and "[CG-FILL-1]" in refusal
    owed = json.loads(ok("status", "--json"))["pending"]
    assert [(p["rule"], p["command"]) for p in owed][0] == ("CG-FILL-1", "garden refill")
    out = ok("refill")
    assert "pays a cat" not in out and json.loads(ok("status", "--json"))["players"][0]["cats"] == 2
    ok("pot", "Ann", "--bed", "1", "--at", "0,0")


def test_tracked_nursery_bad_input():
    assert "appears 3 times" in fails(1, "new", "cottage-garden", "--board-mode", "--players", "A,B",
                                      "--nursery", "1A,1A,1A,-,-,-,-,-,-,-,-,-,-,-,-,-", "--queue", "2A")
    assert "16 cells" in fails(1, "new", "cottage-garden", "--board-mode", "--players", "A,B",
                               "--nursery", "1A", "--queue", "2A")
    assert "both --nursery" in fails(2, "new", "cottage-garden", "--board-mode", "--players", "A,B", "--nursery", "1A")


def test_advise_reads_the_tracked_line():
    tracked_game()
    advice = json.loads(ok("advise", "--json"))
    assert any("may pay a cat" in b for b in advice["before"])  # column 1: 1A, 5F and two empty cells
    assert {o["what"] for o in advice["options"]} == {"tile 1A", "tile 5F", "a flowerpot token"}


def test_advise_leaves_out_tiles_of_unknown_shape_and_ranks_the_rest():
    ok("new", "cottage-garden", "--board-mode", "--players", "Ann,Ben", "--name", "nur",
       "--nursery", "1A,2A,2B,2C,3B,3A,4A,4B,5A,5B,6A,6B,1A,3C,3D,3E", "--queue", "5C,5D")
    advice = json.loads(ok("advise", "--json"))  # the line 1A, 3B, 5A, 1A: 3B and 5A unknown as shipped
    assert advice["unknown_tiles"] == ["3B", "5A"] and "tile 1A" in {o["what"] for o in advice["options"]}
    assert "tile 3B left out: its shape is unknown" in ok("advise")
