"""Gartenbau's rules one by one: each refusal names its rule and changes nothing."""

from __future__ import annotations

import pytest

from assistant.errors import GardenError, IllegalMove, UsageError
from assistant.games.gartenbau import catalogue
from assistant.games.gartenbau.state import Petal
from tests.gartenbau.helpers import GAME, act, new, play


RINGS = {2: "S P1s C P1w C P2s C P1s1w C P2w C P1s C",
         3: "S P1s C P1w C P2s C P1s1w C P2w C P1s C P1w C",
         4: "S P1s C P1w C P2s C P1s1w C P2w C P1s C P1w C P1s1w C"}


def refused(state, rule: str, command: str, **options) -> str:
    with pytest.raises(IllegalMove) as err:
        act(state, command, **options)
    assert err.value.rule == rule, err.value
    return str(err.value)


def seed(state, tile: str, at: str, turn: str = "h", **more):
    return act(state, "seedling", tile=tile, at=at, turn=turn, **more)[0]


def turn_over(state, *steps):
    """The steps, then `next`."""
    return play(state, *steps, ("next", {}))


@pytest.mark.parametrize("players", ["Ann", "Ann,Ben,Cy,Di,Eve"])
def test_player_counts_of_1_and_5_are_refused(players):
    with pytest.raises(IllegalMove) as err:
        new(players, ring="")
    assert err.value.rule == "GB-SETUP-1"


def test_set_up_by_player_count():
    for players, petals in (("Ann,Ben", 6), ("Ann,Ben,Cy", 7), ("Ann,Ben,Cy,Di", 8)):
        state = new(players, ring="")
        assert len(state.petals) == petals and all(p.tiles == 9 for p in state.petals)
        assert all((p.sun, p.water, p.flowerpot, p.can) == (2, 2, True, True) for p in state.players)


def test_markers_stop_on_the_next_unoccupied_petal():  # GB-MARKET-1
    state = seed(new(), "aster+dill", "1,0")
    assert state.players[0].position == 1 and state.petals[0].tiles == 8
    state = play(state, ("next", {}))
    state = seed(state, "aster+dill", "1,0")  # petal 1 holds Ann's marker: Ben goes on to petal 2
    assert state.players[1].position == 3 and state.petals[1].tiles == 8
    with pytest.raises(IllegalMove) as err:
        act(new(), "seedling", tile="aster+dill", at="1,0", petal=3)
    assert err.value.rule == "GB-MARKET-1"


def test_a_skip_pays_onto_the_skipped_tile_and_its_taker_gets_it():  # GB-MARKET-2, GB-SEED-1
    state, notes = act(new(), "seedling", skip=["sun"], tile="aster+dill", at="1,0")
    assert state.petals[0] == Petal(9, 1, 0) and state.players[0].sun == 1 and state.petals[1].tiles == 8
    state = play(state, ("next", {}))
    state, notes = act(state, "seedling", tile="basil+dill", at="1,0")  # Ben lands on petal 1
    assert state.players[1].sun == 3 and state.petals[0] == Petal(8) and any("lying on the tile" in n for n in notes)


def test_an_empty_petal_cannot_be_skipped_and_skips_one_house_rule():
    state = new()
    state = state._replace(petals=(Petal(0),) + state.petals[1:])
    refused(state, "GB-MARKET-2", "seedling", skip=["sun"], tile="aster+dill", at="1,0")
    refused(new(skips="one"), "GB-MARKET-2", "seedling", skip=["sun", "water"], tile="aster+dill", at="1,0")
    broke = new()
    broke = broke._replace(players=tuple(p._replace(sun=0, water=0) for p in broke.players))
    refused(broke, "GB-MARKET-2", "seedling", skip=["sun"], tile="aster+dill", at="1,0")  # resources not held


def test_a_seedling_tile_goes_next_to_the_garden_on_empty_cells():  # GB-SEED-1
    message = refused(new(), "GB-SEED-1", "seedling", tile="aster+dill", at="5,5")
    assert "touch no tile" in message
    refused(new(), "GB-SEED-1", "seedling", tile="aster+dill", at="0,1")  # over the start tile
    state = seed(new(), "aster+dill", "-2,0", "v")  # a vertical tile above the start tile
    assert state.players[0].garden.label((-2, 0)) == "1"


def test_the_petals_printed_resources():  # GB-SEED-2
    state, notes = act(new(), "seedling", resources=True)
    assert (state.players[0].sun, state.players[0].water) == (3, 2) and state.petals[0].tiles == 9
    refused(new(ring="S P C P C P C P C P C P C"), "GB-SEED-2", "seedling", resources=True)


def test_without_a_ring_the_petal_is_named_and_the_note_said_once():
    state, notes = act(new(ring=""), "seedling", tile="aster+dill", at="1,0", petal=4)
    assert state.petals[3].tiles == 8 and any("GB-MARKET-1" in n for n in notes)
    state = play(state, ("next", {}))
    state, notes = act(state, "seedling", tile="aster+dill", at="1,0", petal=4)
    assert notes == []
    with pytest.raises(UsageError, match="--petal"):
        act(new(ring=""), "seedling", tile="aster+dill", at="1,0")


def garden_for_plants():
    """Ann: the start tile aster+basil at 0,0-0,1 and a tile dill+aster below it."""
    return turn_over(new(), ("seedling", {"tile": "dill+aster", "at": "1,0"}))


def next_round(state):
    """The other player's turn: the resources of the petal their marker stops on."""
    return turn_over(state, ("seedling", {"resources": True}))


def test_a_plant_covers_two_seedlings_of_two_tiles_matching_its_needs():  # GB-PLANT-2, GB-MARKET-3
    state = next_round(garden_for_plants())
    message = refused(state, "GB-PLANT-2", "plant", stack="red", over="0,0+0,1", tile="aster+basil:0:1")
    assert "one tile" in message
    assert "needs" in refused(state, "GB-PLANT-2", "plant", stack="red", over="0,0+1,0", tile="basil+basil:0:1")
    refused(state, "GB-PLANT-2", "plant", stack="red", over="0,0+1,1", tile="aster+aster:0:1")  # not side by side
    after, _ = act(state, "plant", stack="red", over="0,1+1,1", tile="basil+aster:1s:2")
    ann = after.players[0]
    assert ann.sun == 1 and ann.position == 2 and after.supply[0] == 60 - 4 + 1  # the next circle; paid to the cart


def test_a_plant_is_paid_with_resources_held():  # GB-PLANT-1
    state = next_round(garden_for_plants())
    refused(state, "GB-PLANT-1", "plant", stack="red", over="0,1+1,1", tile="basil+aster:3s:2")


def test_the_stack_top_comes_from_the_catalogue():
    catalogue.define("plant", {"id": "R1", "colour": "red", "needs": "basil+aster", "cost": "1s", "points": 1})
    catalogue.define("plant", {"id": "R2", "colour": "red", "needs": "basil+aster", "cost": "1s", "points": 2})
    state = next_round(garden_for_plants())
    refused(state, "GB-PLANT-1", "plant", stack="red", over="0,1+1,1", tile="R2")  # R1 lies on top
    state, notes = act(state, "plant", stack="red", over="0,1+1,1")
    assert state.bought == ("R1",) and any("R1" in n for n in notes)


def test_the_start_tile_must_be_named_for_plants():
    state = next_round(turn_over(new(starts={}), ("seedling", {"tile": "dill+aster", "at": "1,0"})))
    assert "--start" in refused(state, "GB-PLANT-2", "plant", stack="red", over="0,1+1,1", tile="x+aster:0:1")


def flower_garden():
    """Ann: a red plant at 0,1-1,1 and a blue one at 0,0-1,0 (over start aster+basil, dill+aster below)."""
    state = next_round(garden_for_plants())
    state = turn_over(state, ("plant", {"stack": "red", "over": "0,1+1,1", "tile": "basil+aster:0:2"}))
    state = next_round(state)
    state = turn_over(state, ("plant", {"stack": "blue", "over": "0,0+1,0", "tile": "aster+dill:0:3"}))
    return next_round(state)


def test_a_flower_covers_adjacent_plants_of_its_colours_and_gains_3():  # GB-FLOWER-1, GB-FLOWER-2
    state = flower_garden()
    assert "needs" in refused(state, "GB-FLOWER-1", "flower", flower="red+yellow:5", over="0,0+0,1", gain="sun,sun,sun")
    refused(state, "GB-FLOWER-1", "flower", flower="red+blue:5", over="0,0+5,5", gain="sun,sun,sun")
    refused(state, "GB-FLOWER-2", "flower", flower="red+blue:5", over="0,0+0,1", gain="sun,sun")
    after, _ = act(state, "flower", flower="red+blue:5", over="0,0+0,1+1,0+1,1", gain="sun,water,sun")
    ann = after.players[0]
    assert (ann.sun, ann.water) == (4, 3)
    assert GAME.tally(after)["ranking"][0]["flower_points"] == 5


def test_a_flower_must_be_in_the_hand_told():  # GB-SETUP-2
    state = flower_garden()
    state, _ = act(state, "hand", player="Ann", flowers="red+yellow:4")
    refused(state, "GB-FLOWER-1", "flower", flower="red+blue:5", over="0,0+0,1", gain="sun,sun,sun")
    refused(state, "GB-SETUP-2", "hand", player="Ann", flowers="red+blue:5")  # told once


def test_ten_resources_at_the_end_of_a_turn():  # GB-RES-1
    state = new()
    state = state._replace(players=(state.players[0]._replace(sun=8, water=3), state.players[1]))
    state, _ = act(state, "seedling", tile="aster+dill", at="1,0")
    assert any(p.rule == "GB-RES-1" for p in GAME.pending(state))
    assert "return 1" in refused(state, "GB-RES-1", "next")
    refused(state, "GB-RES-1", "next", **{"return": "sun,sun"})
    state, _ = act(state, "next", **{"return": "water"})
    assert (state.players[0].sun, state.players[0].water) == (8, 2)


def test_one_action_a_turn():  # GB-TURN-1
    state = new()
    refused(state, "GB-TURN-1", "next")
    state = seed(state, "aster+dill", "1,0")
    refused(state, "GB-TURN-1", "seedling", resources=True)


def test_the_flowerpot_once_and_its_tile_placed_before_the_turn_ends():  # GB-POT-1
    state, notes = act(new(), "flowerpot", petal=5)
    assert state.petals[4].tiles == 8 and state.players[0].position == 9
    refused(state, "GB-POT-1", "next")
    state = seed(state, "aster+dill", "1,0")
    state = play(state, ("next", {}), ("seedling", {"resources": True}), ("next", {}))
    refused(state, "GB-POT-1", "flowerpot", petal=2)


def test_the_watering_can_once_and_never_splitting_the_garden():  # GB-CAN-1
    state = seed(new(), "aster+dill", "1,0")
    assert "split" in refused(state, "GB-CAN-1", "can", action="move", cells=["1,0"], to="5,5")
    moved, notes = act(state, "can", action="move", cells=["1,0"], to="-1,0")
    assert moved.players[0].garden.label((-1, 0)) == "1" and moved.players[0].garden.label((1, 0)) is None
    refused(moved, "GB-CAN-1", "can", action="swap", cells=["0,0", "-1,0"])  # used
    swapped, _ = act(state, "can", action="swap", cells=["0,0", "1,1"])
    assert swapped.players[0].pieces[0].cells == ((1, 0), (1, 1))


def test_four_empty_petals_end_the_game_after_equal_turns():  # GB-END-1, GB-POWER-1
    state = new()
    state = state._replace(petals=(Petal(1),) + (Petal(0),) * 3 + state.petals[4:])
    state, notes = act(state, "seedling", tile="aster+dill", at="1,0")  # Ann (start player) empties the 4th
    assert state.ending and any("GB-END-1" in n for n in notes) and any("GB-POWER-1" in n for n in notes)
    state = play(state, ("next", {}))
    assert not state.over
    state = play(state, ("seedling", {"resources": True}), ("next", {}))  # Ben, right of the start player
    assert state.over and state.players[0].turns == state.players[1].turns == 1
    refused(state, "GB-END-1", "seedling", resources=True)


def test_more_than_six_seedling_kinds_and_unknown_ids_are_refused():  # GB-COMP-1
    state = new(starts={"Ann": "aster+basil", "Ben": "chive+dill"})
    state = turn_over(state, ("seedling", {"tile": "endive+fennel", "at": "1,0"}))
    refused(state, "GB-COMP-1", "seedling", tile="garlic+aster", at="1,0")
    with pytest.raises(UsageError, match="GB-COMP-1"):
        act(new(), "seedling", tile="S99", at="1,0")
    with pytest.raises(GardenError):
        act(new(), "seedling", tile="aster", at="1,0")  # a malformed tile
