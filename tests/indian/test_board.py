"""Board mode: placements cell by cell, holes over treasures, regions counting holes, animals
over hole patterns, and the end chain placing squirrels (IS-PLACE-1, IS-HOLE-1, IS-REGION-1,
IS-ANIMAL-1, IS-END-2)."""

import pytest

from assistant.games.indian_summer.game import GAME
from assistant.errors import IllegalMove
from assistant.games.indian_summer import engine, rules, woods
from assistant.games.indian_summer.actions import Animal, Final, Leaf, Nut, Region, Squirrel
from assistant.games.indian_summer.laying import animal_offers
from assistant.games.indian_summer.squirrels import plan
from assistant.grid import Shape

from tests.indian.helpers import act
from tests.indian.board_helpers import FULL, LAYOUT, new_board_game, rows, with_board

T_SHAPES = {"t": Shape.parse("###/.#."), "o": Shape.parse("##/##"), "z": Shape.parse("##./.##")}


def refused(state, action, rule_id):
    with pytest.raises(IllegalMove) as err:
        rules.apply(state, action)
    assert err.value.rule == rule_id, err.value
    return str(err.value)


def test_regions_are_3_rows_by_4_columns_and_tile_the_9x8_board():
    masks = woods.region_masks()
    assert len(masks) == 6 and all(m.bit_count() == 12 for m in masks)
    assert sum(masks) == woods.GRID.full
    assert woods.region_of(0, 3) == 1 and woods.region_of(0, 4) == 2 and woods.region_of(5, 7) == 4
    assert woods.region_of(8, 0) == 5 and woods.region_of(8, 7) == 6


def test_layout_check_refuses_shape_and_warns_on_counts():
    text, warnings = woods.check_layout(LAYOUT)
    assert text == LAYOUT and not warnings
    with pytest.raises(ValueError, match="9 by 8"):
        woods.check_layout("B......./........")
    with pytest.raises(ValueError, match="unknown character"):
        woods.check_layout(LAYOUT.replace("F", "X"))
    _, warnings = woods.check_layout(LAYOUT.replace("F", "."))
    assert "0 feather" in warnings[0]


@pytest.mark.parametrize("cells,words", [
    ("8,7*+8,8+7,7+7,6", "off the board"),
    ("0,0*+0,1+1,0", "has 4 cells, not 3"),
    ("0,0+0,1+1,0+1,1", "exactly one hole"),
    ("0,0*+0,2+0,3+0,4", "connected"),
])
def test_leaf_placements_refused_by_rule_id(cells, words):
    s = new_board_game({"Ann": LAYOUT})
    assert words in refused(s, Leaf("orange", "", cells), "IS-PLACE-1")


def test_no_overlap_never_over_squirrel_animal_or_hole():
    s = with_board(new_board_game(), 0, rows("#o.s....", "a......."))
    for cells in ("0,0*+0,1+0,2", "0,2*+0,1+1,1", "0,2*+1,2+0,3", "1,0+1,1*+2,1"):  # leaf, hole, squirrel, animal
        text = refused(s, Leaf("green", "", cells), "IS-PLACE-1")
        assert "already hold" in text
    refused(s, Squirrel("0,3"), "IS-PLACE-1")
    refused(s, Squirrel(""), "IS-PLACE-1")  # board mode needs the cell
    refused(new_board_game(), Squirrel("9,0"), "IS-PLACE-1")


def test_score_mode_refuses_cells():
    from tests.indian.helpers import new
    refused(new("Ann,Ben"), Leaf("orange", "", "0,0*+0,1+1,0+1,1"), "IS-PLACE-1")


def test_hole_over_a_printed_treasure_yields_that_token_on_the_cell():
    s = new_board_game({"Ann": LAYOUT})
    before = s.supply
    out = rules.apply(s, Leaf("orange", "", "0,2*+1,2+1,3+0,3"))  # hole on the printed nut at 0,2
    ann = out.state.players[0]
    assert ann.board.state(0, 2) == woods.TOKEN["nut"] and ann.tokens[0] == (0, 1, 0, 0)
    assert out.state.supply == (before[0], before[1] - 1, before[2], before[3]) and ann.empty == 68
    assert any("nut token" in n for n in out.notes)
    # a plain cell over a treasure: nothing, the treasure is lost; a squirrel over one: nothing
    out = rules.apply(s, Leaf("orange", "", "0,1*+0,2+1,1+1,2"))
    assert out.state.supply == before and out.state.players[0].board.state(0, 1) == woods.HOLE
    assert any("gone for good" in n for n in out.notes)


def test_board_finds_follow_the_boards_own_print_not_a_sides_usual_count():
    # a layout printing 2 feathers (a side usually prints 1; check_layout only warns): both
    # holes over them yield a token, where score mode caps finds at the usual count
    s = new_board_game({"Ann": "FF....../" + "/".join(["........"] * 8)})
    s = rules.apply(s, Leaf("green", "", "0,0*+1,0+2,0")).state
    s = rules.apply(rules.apply(s, act("next")).state, Leaf("green", "", "0,7*+1,7+2,7")).state
    s = rules.apply(rules.apply(s, act("next")).state, Leaf("green", "", "0,1*+1,1+2,1")).state
    assert s.players[0].board.state(0, 1) == woods.TOKEN["feather"] and s.players[0].tokens[0][3] == 2


def test_region_completes_counting_holes_and_pays_first():
    # region 1 (rows 0-2, cols 0-3): all covered (a blueberry token on a hole) but for row 2's first 3 cells
    s = with_board(new_board_game(), 0, rows("#b##....", "#o##....", "...#...."))
    out = rules.apply(s, Leaf("green", "", "2,0+2,1*+2,2")).state
    assert woods.complete_regions(out.players[0].board) == [1]
    assert "pays out first" in refused(out, Nut("5,5"), "IS-REGION-1")
    paid = rules.apply(out, Region(1)).state
    ann = paid.players[0]
    assert ann.completed == (1,) and ann.held[0] == 2 and ann.tokens[0] == (0, 0, 0, 0)
    assert ann.board.state(0, 1) == woods.SHOWS["blueberry"]  # the printed treasure shows in its hole again
    refused(s, Region(1), "IS-REGION-1")  # not complete yet: the board decides


def test_hole_cells_form_an_animal_offer_and_the_animal_takes_them():
    s = with_board(new_board_game(), 0, rows("ooo.....", "........", "........"))
    assert animal_offers(s.players[0].board, T_SHAPES) == []
    out = rules.apply(s, Leaf("green", "", "1,1*+2,1+3,1")).state  # the hole closes a T of holes
    offers = animal_offers(out.players[0].board, T_SHAPES)
    assert [(o.kind, o.cells, o.blocked) for o in offers] == [("t", [(0, 0), (0, 1), (0, 2), (1, 1)], False)]
    done = rules.apply(out, Animal("t", "", "0,0+0,1+0,2+1,1", "###/.#.")).state
    ann = done.players[0]
    assert ann.animals == ("t",) and ann.board.state(1, 1) == woods.ANIMAL and ann.held[1] == 2  # the T stack's nut
    # a part of the group, a wrong shape, cells that are not holes
    refused(out, Animal("o", "", "0,0+0,1+1,1+1,0", "##/##"), "IS-ANIMAL-1")
    refused(out, Animal("t", "", "0,0+0,1+0,2+1,2", "###/.#."), "IS-ANIMAL-1")
    refused(out, Animal("z", "", "0,0+0,1+1,1+1,2", "##./.##"), "IS-ANIMAL-1")


def test_animal_refused_over_a_hole_holding_a_token():
    s = with_board(new_board_game(), 0, rows("boo.....", "........", "........"))
    out = rules.apply(s, Leaf("green", "", "1,1*+2,1+3,1")).state
    [offer] = animal_offers(out.players[0].board, T_SHAPES)
    assert offer.blocked
    text = refused(out, Animal("t", "", "0,0+0,1+0,2+1,1", "###/.#."), "IS-ANIMAL-1")
    assert "token" in text and out.players[0].animals == ()


def test_animal_over_printed_treasures_shown_in_holes_earns_them():
    s = with_board(new_board_game(), 0, rows("12o.....", "........", "........"))
    out = rules.apply(s, Leaf("green", "", "1,1*+2,1+3,1")).state
    done = rules.apply(out, Animal("t", "", "0,0+0,1+0,2+1,1", "###/.#.")).state
    assert done.players[0].held == (2, 3, 1, 0)  # + blueberry, nut under it, + the T stack's nut


def _last_turn(ann_board: str, held=(0, 1, 1, 0)):
    s = new_board_game()
    s = with_board(s, 1, FULL)
    s = with_board(s, 0, ann_board, held=held)
    return s._replace(ending=1, current=0)


def test_board_chain_places_squirrels_and_completes_regions_twice_in_a_row():
    # regions 1, 2, 6 full; region 3 two empty cells (a nut and a mushroom token on holes),
    # region 4 two empty (a nut token), region 5 three empty. Held: a nut, a mushroom -> 2 squirrels.
    board = "/".join(["########"] * 3 + ["nm..#n..", "########", "########", "...#####", "########", "########"])
    s = _last_turn(board)
    chosen, spread, left = plan(s.players[0]._replace(held=(0, 0, 0, 0)), 2)  # as in the chain: nuts spent
    assert chosen == (3,) and left == 2  # region 3 first: its 2 tokens make 2 more squirrels
    cells = rules.final_cells(s)
    assert cells.split("/")[:2] == ["3,2+3,3", "3,6+3,7"]
    out = rules.apply(s, Final("", cells))
    ann = out.state.players[0]
    assert ann.completed[-2:] == (3, 4) and ann.empty == 2 and ann.squirrels == 5
    assert ann.board.count(woods.SQUIRREL) == 5 and woods.free_mask(ann.board).bit_count() == ann.empty
    assert any("at 3,2 3,3" in n for n in out.notes)
    # replayed from the recorded cells: the same; other cells than the chain's counts: refused
    assert rules.apply(s, Final("", cells)).state == out.state
    refused(s, Final("", "3,2"), "IS-END-2")
    refused(s, Final("3/4"), "IS-END-2")


def test_board_chain_exact_search_beats_fewest_empty_first():
    # region 3: one empty cell, no tokens; region 4: two empty, two nut tokens. 2 squirrels.
    board = "/".join(["########"] * 3 + ["...#nn..", "########", "########", "########", "########", "########"])
    board = board.replace("...#nn..", "#..#nn..", 1)
    s = _last_turn(board)
    chosen, _, left = plan(s.players[0]._replace(held=(0, 0, 0, 0)), 2)
    assert chosen == (4,) and left == 0  # region 4 brings 2 nuts, which then fill region 3


def test_board_mode_game_replays_from_its_record():
    from assistant.session import notation as record_notation

    setup = {"players": ["Ann", "Ben"], "name": "r", **engine.board_setup(["Ann", "Ben"], [f"Ann={LAYOUT}"], None, True)}
    events = [{"type": "leaf", "colour": "orange", "found": "", "at": "0,2*+1,2+1,3+0,3"}, {"type": "next"},
              {"type": "squirrel", "at": "4,4"}, {"type": "next"}]
    state = GAME.replay(setup, events)
    assert state.players[0].board.state(0, 2) == woods.TOKEN["nut"] and state.players[1].board.state(4, 4) == woods.SQUIRREL
    headers = dict(engine.setup_headers(setup))
    assert engine.setup_from_headers(headers)["woods"]["Ann"]["layout"] == LAYOUT
    assert record_notation is not None
