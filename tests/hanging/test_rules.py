"""The Hanging Gardens' rules one by one: each refusal names its rule and changes nothing."""

from __future__ import annotations

import pytest

from assistant.errors import GardenError, IllegalMove, UsageError
from assistant.games.hanging_gardens import catalogue, values
from assistant.games.hanging_gardens import garden as gardens
from assistant.games.hanging_gardens.components import parse_layout
from assistant.grid import Stack
from tests.hanging.helpers import GAME, act, new, play

PARK_L = "GG./G.."  # three park cells in an L: an area of 3 on the start card


def refused(state, rule: str, command: str, **options) -> str:
    with pytest.raises(IllegalMove) as err:
        act(state, command, **options)
    assert err.value.rule == rule, err.value
    return str(err.value)


@pytest.mark.parametrize("players", ["Ann", "Ann,Ben,Cy,Di,Eve"])
def test_player_counts_of_1_and_5_are_refused(players):
    with pytest.raises(IllegalMove, match="2 to 4 players") as err:
        new(players)
    assert err.value.rule == "HG-SETUP-1"


def test_start_card_and_deck_by_player_count():
    for players, revealed in (("Ann,Ben", 4), ("Ann,Ben,Cy", 3), ("Ann,Ben,Cy,Di", 4)):
        state = new(players)
        assert state.deck == 60 - revealed and state.face_up == revealed
        assert state.players[0].garden.rows() == ((0, 0), ["...", "..."])
        assert state.tiles_left == 49 and sum(state.slots) == 6


@pytest.mark.parametrize("layout", ["RG./..", "RGX/...", "RGYB/..", "RGY/BRG", ".../...", "RG/.B/.."])
def test_a_malformed_layout_is_one_line_naming_the_card_rule(layout):
    with pytest.raises(UsageError, match=r"HG-CARD-1"):
        parse_layout(layout)
    with pytest.raises(GardenError):
        act(new(), "card", card=layout, at="0,0")


def test_an_unknown_card_id_names_the_catalogue():
    with pytest.raises(UsageError, match="not in your catalogue.*HG-CARD-1"):
        act(new(), "card", card="C9", at="0,0")


def test_a_catalogue_card_is_played_once_and_its_layout_is_logged():
    catalogue.define("C9", "rg./..b")
    state, _ = act(new(), "card", card="c9", at="0,0")
    assert state.used == ("C9",) and state.players[0].garden.label((0, 0)) == "R"
    state = play(state, ("next", {}))
    refused(state, "HG-CARD-1", "card", card="C9", at="0,0")


def test_themed_cells_never_hang_over_the_table_blank_ones_may():
    state = new()
    message = refused(state, "HG-PLACE-1", "card", card="R../...", at="0,-1")  # the R at 0,-1 hangs
    assert "0,-1" in message
    state, _ = act(state, "card", card=".R./...", at="0,-1")  # its blank 0,-1 and 1,-1 hang: fine
    assert state.players[0].garden.label((1, -1)) == "."


def test_a_card_apart_from_the_garden_is_refused():
    refused(new(), "HG-PLACE-3", "card", card="..R/...", at="5,5")


def test_a_temple_cell_is_never_covered():
    state = play(new(), ("card", {"card": PARK_L, "at": "0,0"}), ("temple", {"cell": "0,0"}),
                 ("take", {"series": "garden", "column": 3}), ("next", {}), ("card", {"card": "B../...", "at": "0,0"}),
                 ("next", {}))
    message = refused(state, "HG-PLACE-2", "card", card="R../...", at="0,0")
    assert "0,0" in message


def test_sideways_cards_and_negative_cells():
    # a quarter turn clockwise: 3 rows of 2, the top row's R G now down the right-hand column
    state, _ = act(new(), "card", card="RG./...", at="0,0", turn="r90")
    garden = state.players[0].garden
    assert (garden.label((0, 1)), garden.label((1, 1)), garden.label((2, 0))) == ("R", "G", ".")
    # a quarter turn the other way, one row above the start card (its blank row hangs over the table)
    state, _ = act(new(), "card", card="RG./...", at="-1,0", turn="r270")
    garden = state.players[0].garden
    assert (garden.label((1, 0)), garden.label((0, 0)), garden.label((-1, 0))) == ("R", "G", ".")


def test_one_card_a_turn_and_next_waits_for_it():
    state = new()
    refused(state, "HG-TURN-1", "next")
    state, _ = act(state, "card", card=PARK_L, at="0,0")
    refused(state, "HG-TURN-1", "card", card="R../...", at="0,0")


def test_discard_only_when_the_card_fits_nowhere_and_it_ends_the_turn():
    state = new()
    message = refused(state, "HG-DISCARD-1", "card", card="RRR/.G.", discard=True)
    assert "fits: at 0,0" in message
    # temples on all of the start card's top row and a corner: a 4-cell card finds no room
    state = play(new(), ("card", {"card": "GGG/...", "at": "0,0"}), ("temple", {"cell": "0,1"}),
                 ("take", {"series": "garden", "column": 3}), ("next", {}),
                 ("card", {"card": "B../...", "at": "0,0"}), ("next", {}))
    with pytest.raises(IllegalMove):
        act(state, "card", card="BB./BB.", at="0,0")
    before = state.picks
    state, notes = act(state, "card", card="R.R/R.R", discard=True)
    assert state.players[0].discards == 1 and state.picks == before + 1 and any("HG-DISCARD-1" in n for n in notes)


def test_a_temple_needs_an_area_of_3_grown_by_the_card_just_placed():
    state, notes = act(new(), "card", card="GG./...", at="0,0")
    assert not any("HG-TEMPLE-1" in n for n in notes)
    message = refused(state, "HG-TEMPLE-1", "temple", cell="0,0")
    assert "2 cell(s)" in message  # an area of 2
    refused(state, "HG-TEMPLE-1", "temple", cell="1,1")  # blank
    state = play(new(), ("card", {"card": PARK_L, "at": "0,0"}))
    refused(state, "HG-TEMPLE-1", "temple", cell="5,5")  # not on the card just placed


def test_one_temple_a_turn_and_one_per_area():
    state = play(new(), ("card", {"card": "GGG/G..", "at": "0,0"}), ("temple", {"cell": "0,0"}))
    refused(state, "HG-TEMPLE-2", "temple", cell="0,1")
    state = play(state, ("take", {"series": "garden", "column": 3}), ("next", {}),
                 ("card", {"card": "B../...", "at": "0,0"}), ("next", {}), ("card", {"card": "..G/...", "at": "1,0"}))
    message = refused(state, "HG-TEMPLE-3", "temple", cell="1,2")
    assert "holds a temple already" in message


def test_per_cell_house_rule_lets_a_grown_area_take_another_temple():
    state = play(new(temples="per-cell"), ("card", {"card": "GGG/G..", "at": "0,0"}), ("temple", {"cell": "0,0"}),
                 ("take", {"series": "garden", "column": 3}), ("next", {}),
                 ("card", {"card": "B../...", "at": "0,0"}), ("next", {}), ("card", {"card": "..G/...", "at": "1,0"}),
                 ("temple", {"cell": "1,2"}))
    assert state.players[0].temples == ((0, 0), (1, 2))


def test_splitting_an_area_lets_its_grown_part_take_a_temple():
    # a park row of 3 with a temple at its left end; a card blanks its middle and grows the right part
    state = play(new(), ("card", {"card": "GGG/...", "at": "0,0"}), ("temple", {"cell": "0,0"}),
                 ("take", {"series": "garden", "column": 3}), ("next", {}), ("card", {"card": "B../...", "at": "0,0"}),
                 ("next", {}), ("card", {"card": ".G./GG.", "at": "0,1"}))
    areas = gardens.areas(state.players[0].garden, state.players[0].temples)
    assert [(a.size, a.temples) for a in areas if a.theme == "G"] == [(3, ()), (1, ((0, 0),))]
    state, _ = act(state, "temple", cell="1,1")
    assert state.players[0].temples == ((0, 0), (1, 1))


def test_the_score_tile_column_is_no_larger_than_the_area():
    state = play(new(), ("card", {"card": PARK_L, "at": "0,0"}), ("temple", {"cell": "0,0"}))
    message = refused(state, "HG-TILE-1", "take", series="garden", column=4)
    assert "column 3" in message
    refused(state, "HG-TILE-1", "next")  # the tile is owed first
    state, _ = act(state, "take", series="garden", column=3)
    refused(state, "HG-TILE-1", "take", series="garden", column=3)  # one tile a temple


def test_a_tile_is_refilled_from_its_rows_stack_and_the_box_is_counted():
    state = play(new(), ("card", {"card": PARK_L, "at": "0,0"}), ("temple", {"cell": "0,0"}),
                 ("take", {"series": "queen", "column": 3, "row": "bottom"}))
    assert state.stacks == (22, 20) and all(state.slots)
    for _ in range(3):  # three more queens: the box holds 4
        state = state._replace(turn=state.turn._replace(tile_due=True))
        state, _ = act(state, "take", series="queen", column=3)
    state = state._replace(turn=state.turn._replace(tile_due=True))
    refused(state, "HG-TILE-3", "take", series="queen", column=3)


def test_an_area_of_6_also_draws_face_down():
    state = play(new(), ("card", {"card": "GGG/G..", "at": "0,0"}), ("next", {}), ("card", {"card": "B../...", "at": "0,0"}),
                 ("next", {}), ("card", {"card": "GG./GG.", "at": "0,1"}), ("temple", {"cell": "1,1"}))
    assert state.turn.area == 6
    refused(state, "HG-TILE-2", "take", series="garden", column=5)
    state, _ = act(state, "take", series="garden", column=5, draw="gate")
    assert state.players[0].tiles == ("garden", "gate") and state.stacks == (20, 21)


def five_temples(sizes: list[int]):
    """Ann's garden: rows of park cells of these sizes, blank rows between, a temple at each row's
    left end; below them two blank rows a card can be laid on."""
    cells = {}
    for i, size in enumerate(sizes):
        cells.update({(2 * i, c): "G" if c < size else "." for c in range(4)})
        cells.update({(2 * i + 1, c): "." for c in range(4)})
    cells.update({(2 * len(sizes), c): "." for c in range(4)})
    state = new()
    ann = state.players[0]._replace(garden=Stack.of(cells), temples=tuple((2 * i, 0) for i in range(len(sizes))))
    state = state._replace(players=(ann, state.players[1]))
    return play(state, ("card", {"card": "RRR/R..", "at": f"{2 * len(sizes) - 1},0"}))


def test_all_five_temples_out_moves_one_from_the_smallest_area():
    state = five_temples([3, 3, 4, 4, 4])
    message = refused(state, "HG-TEMPLE-4", "temple", cell="9,0")
    assert "--move-from 0,0 or 2,0" in message  # a choice among equals is the player's
    message = refused(state, "HG-TEMPLE-4", "temple", cell="9,0", move_from="4,0")
    assert "not in a smallest templed area" in message
    state, notes = act(state, "temple", cell="9,0", move_from="2,0")
    assert state.players[0].temples == ((0, 0), (4, 0), (6, 0), (8, 0), (9, 0))


def test_a_forced_temple_move_is_said():
    state, notes = act(five_temples([4, 3, 4, 4, 4]), "temple", cell="9,0")
    assert (2, 0) not in state.players[0].temples and any("2,0" in n and "HG-TEMPLE-4" in n for n in notes)


def test_the_game_ends_when_the_deck_is_empty():
    state = new()
    while not state.over:
        state, _ = act(state, "card", card="..R/...", at="0,0")
        state, _ = act(state, "next")
    assert state.round == 15 and state.deck == 0
    with pytest.raises(IllegalMove) as err:
        act(state, "card", card="..R/...", at="0,0")
    assert err.value.rule == "HG-END-1"


def test_the_marker_passes_left_after_each_round():
    state = new("Ann,Ben")
    order = []
    for _ in range(8):
        order.append(state.current_player.name)
        state, notes = act(state, "card", card="..R/...", at="0,0")
        state, notes = act(state, "next")
    # 2 players: 4 cards a round, alternating; round 2 starts with Ben
    assert order == ["Ann", "Ben", "Ann", "Ben", "Ben", "Ann", "Ben", "Ann"]
    assert state.round == 3 and state.deck == 60 - 12


def test_round_note_names_the_rule():
    state = new("Ann,Ben,Cy")
    for _ in range(3):
        state, _ = act(state, "card", card="..R/...", at="0,0")
        state, notes = act(state, "next")
    assert state.round == 2 and state.players[state.start].name == "Ben"
    assert any("HG-ROUND-1" in n and "Ben starts" in n for n in notes)


def test_tiles_that_run_out_are_owed_5_points_and_the_round_ends_the_game():
    state = new("Ann,Ben")
    state = state._replace(slots=(False,) * 6, stacks=(0, 0))
    state, notes = act(state, "card", card="GGG/G..", at="0,0")
    state, notes = act(state, "temple", cell="0,0")
    assert state.players[0].owed == 1 and not state.turn.tile_due and any("HG-END-2" in n for n in notes)
    state, _ = act(state, "next")
    for _ in range(3):  # the round is finished, then the game ends though the deck is not empty
        state, _ = act(state, "card", card="..R/...", at="1,0")
        state, notes = act(state, "next")
    assert state.over and state.round == 1 and state.deck == 56
    tally = GAME.tally(state)
    assert tally["players"][0]["debt_points"] == 5 and tally["players"][0]["total"] == 5


def test_series_values_count_again_beyond_a_complete_series():  # HG-SCORE-1
    known = values.load()
    assert [values.series_points(known, "garden", n) for n in range(8)] == [0, 2, 8, 16, 18, 24, 32, 34]
    assert values.series_points(known, "statue", 3) == 20 and values.series_points(known, "statue", 4) is None
    assert values.series_points(known, "tiger", 1) is None  # no source gives it: unknown, never 0
    values.define("tiger", "1,3,6")
    assert values.series_points(values.load(), "tiger", 5) == 6 + 3


@pytest.mark.parametrize("name, points, series, problem", [
    ("garden", "2,8,15", None, "HG-SCORE-1"),  # the rules give 2, 8, 16
    ("queen", "1,15,20,30,40", None, "box holds 4"),
    ("gardener", "0,4", None, "HG-SCORE-2"),  # 3 with 1 garden tile
    ("guard", "0,3,6", None, "HG-SCORE-2"),  # known: 3 a gate tile
    ("sculptor", "0,1", None, "--series"),  # its series is unknown: say it
    ("gardener", "0,3", "gate", "HG-SCORE-2"),  # pairs with the garden series
    ("dragon", "1", None, "unknown tile"),
    ("tiger", "1,x", None, "whole numbers"),
])
def test_values_that_contradict_the_rules_are_refused(name, points, series, problem):
    with pytest.raises(UsageError, match=problem):
        values.define(name, points, series)
    assert not values.path().exists()


def test_character_points_ride_on_their_series():  # HG-SCORE-2
    known = values.load()
    assert values.character_points(known, "guard", ("gate",) * 5) == 15
    assert values.character_points(known, "gardener", ("garden",) * 4) == 11
    assert values.character_points(known, "gardener", ("garden",) * 2) is None
    values.define("sculptor", "0,2,4", "statue")
    assert values.character_points(values.load(), "sculptor", ("statue", "statue")) == 4


def test_a_damaged_values_file_is_one_line_naming_it():
    values.path().parent.mkdir(parents=True)
    values.path().write_text('{"values": [{"name": "garden", "points": [1, 2, 3]}]}')
    with pytest.raises(GardenError, match="hanging_values.json: entry garden: .*HG-SCORE-1"):
        values.load()
