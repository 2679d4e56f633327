"""Each Indian Summer rule, pinned by its id."""

import pytest

from assistant.errors import GardenError
from assistant.games.indian_summer import rules

from tests.indian.helpers import act, check_conservation, new, play, refused


def test_setup_counts():
    s = new("A,B,C,D")
    assert s.pool == (9, 21, 25) and (s.ring, s.reserve) == (40, 15)
    assert s.supply == (30 - 4 - 1, 24 - 4 - 1, 18 - 4, 8 - 1)
    assert all(p.path == ("green", "green", "orange", "orange", "red") and p.empty == 72 for p in s.players)
    check_conservation(s)
    assert new("A,B", ring_capacity="75").reserve == 0


def test_setup_refusals():
    with pytest.raises(GardenError) as err:
        new("A")
    assert err.value.rule == "IS-SETUP-1"
    with pytest.raises(GardenError):
        new("A,a")
    with pytest.raises(GardenError) as err:
        new("Ring,Ann")  # a 2-player mushroom could never take from this player's path
    assert err.value.rule == "IS-SETUP-1"
    # a game stored before that check (rules 1) still loads
    assert rules.new_game(new("A,B").setup._replace(players=("Ring", "Ann"), rules=1)).players[0].name == "Ring"


def test_a_squirrel_is_a_main_action_from_the_supply_onto_one_cell():
    """IS-MAIN-B."""
    s = new("Ann,Ben")
    after = play(s, "squirrel")
    ann = after.players[0]
    assert after.squirrels_left == s.squirrels_left - 1 and ann.squirrels == 1
    assert ann.empty == s.players[0].empty - 1 and after.turn.main == "squirrel"


def test_one_main_action_a_turn():
    s = play(new(), "leaf red")
    refused(s, "squirrel", "IS-TURN-2")
    refused(s, "leaf green", "IS-TURN-2")
    s = play(s, "nut", "next")  # special actions are any number
    refused(s, "next", "IS-TURN-2")  # no main action yet


def test_leaf_from_own_path_any_tile_by_colour():
    s = play(new(), "leaf green")  # not only the front tile (IS-5)
    assert s.players[0].path == ("green", "orange", "orange", "red") and s.players[0].empty == 69
    s = play(new(), "leaf red", "next", "squirrel", "next", "squirrel", "next")
    refused(s, "leaf red", "IS-MAIN-A")  # a tile the path does not hold: Ann's only red is placed


def test_paying_a_treasure_not_held():
    s = new()
    refused(s, "feather orange,green", "IS-MAIN-D")
    s = play(s, "squirrel", "nut")
    refused(s, "nut", "IS-SPEC-2")
    s2 = play(new(), "exchange mushroom blueberry")
    refused(s2, "mushroom Ben:green,Cy:green", "IS-MAIN-C")


def test_exchange_rates_exactly():
    s = new()
    refused(s, "exchange blueberry mushroom", "IS-EXCH-1")  # two steps up: not a rate
    refused(s, "exchange blueberry nut", "IS-EXCH-1")  # 2 blueberries needed, 1 held
    s = play(s, "exchange mushroom nut")  # higher buys one lower
    assert s.players[0].held == (1, 2, 0, 0)
    s = play(s, "exchange nut mushroom")  # two nuts buy the next higher
    assert s.players[0].held == (1, 0, 1, 0)
    refused(s, "exchange nut nut", "IS-EXCH-1")


def test_mushroom_three_players_takes_two_other_paths():
    s = new()
    refused(s, "mushroom Ben:green,ring:red", "IS-MAIN-C")  # the common path only with 2 players
    refused(s, "mushroom Ben:green,Ben:orange", "IS-MAIN-C")
    refused(s, "mushroom Ann:green,Ben:orange", "IS-MAIN-C")
    refused(s, "mushroom Ben:green,Dan:orange", "IS-MAIN-C")  # a path that does not exist
    s = play(s, "mushroom Ben:green,Cy:red")
    assert s.players[0].empty == 64 and s.players[1].path == ("green", "orange", "orange", "red")
    assert s.players[2].path == ("green", "green", "orange", "orange") and s.players[0].held == (1, 1, 0, 0)


def test_mushroom_two_players_takes_the_common_path_front():
    s = new("Ann,Ben")
    refused(s, "mushroom Ben:green,Ben:red", "IS-MAIN-C")
    s = play(s, "mushroom Ben:green,ring:orange")
    assert s.ring == 39 and s.pool == (13, 24, 27) and s.players[0].empty == 65


def test_mushroom_decline_switch():
    s = play(new(), "mushroom Ben:green,Cy:red decline=Cy")
    assert s.players[2].path == ("green", "green", "orange", "orange", "red") and s.players[0].empty == 69
    refused(new(mushroom_decline="one"), "mushroom Ben:green,Cy:red decline=Ben,Cy", "IS-MAIN-C")


def test_robbed_empty_path_must_refill_first():
    s = new()
    for _ in range(4):  # Ben's path down to one tile
        s = play(s, "squirrel", "next", "leaf " + s.players[1].path[0], "next", "squirrel", "next")
    assert len(s.players[1].path) == 1
    s = play(s, f"mushroom Ben:{s.players[1].path[0]},Cy:green")
    refused(s, "next", "IS-PATH-3")
    refused(s, "nut", "IS-PATH-3")
    refused(s, "path Ben r,r", "IS-PATH-2")  # 5 tiles, not 2
    s = play(s, "path Ben r,r,r,o,o", "next")
    assert s.players[1].path == ("red", "red", "red", "orange", "orange")
    s2 = new(robbed_refill="may")
    for _ in range(4):
        s2 = play(s2, "squirrel", "next", "leaf " + s2.players[1].path[0], "next", "squirrel", "next")
    s2 = play(s2, f"mushroom Ben:{s2.players[1].path[0]},Cy:green", "next")  # may: the refill lapses
    assert s2.players[1].path == ()


def test_the_refill_hint_is_a_command_that_refills():
    # the message of an emptied path spells the command to type, with example colours
    s = new()
    for _ in range(4):
        s = play(s, "squirrel", "next", "leaf " + s.players[1].path[0], "next", "squirrel", "next")
    messages = rules.apply(s, act(f"mushroom Ben:{s.players[1].path[0]},Cy:green")).notes
    hint = next(m for m in messages if "IS-PATH-3" in m).split("(garden ")[1].split(")")[0]
    assert hint == "path Ben g,o,o,r,g"
    s = play(s, f"mushroom Ben:{s.players[1].path[0]},Cy:green", hint)
    assert s.players[1].path == ("green", "orange", "orange", "red", "green")


def test_blueberry_on_a_full_path_takes_one_more():
    s = play(new("Ann,Ben"), "blueberry r")
    assert s.players[0].path[-1] == "red" and s.ring == 39 and s.pool == (13, 25, 26)
    refused(play(new("Ann,Ben"), "leaf green"), "path Ann g,g,g,g,g", "IS-PATH-2")  # Ann's path is not empty


def test_common_path_topped_up_below_seven():
    """IS-PATH-4."""
    s = new("Ann,Ben", ring_capacity="8")
    s = play(s, "exchange mushroom blueberry", "blueberry r", "blueberry r")
    assert (s.ring, s.reserve) == (8, 55)  # 8 -> 7 -> 6 < 7: 2 from the reserve back to 8
    refused(new("Ann,Ben"), "blueberry r,r", "IS-SPEC-1")  # one tile when the path holds 5


def test_common_path_colours_must_be_left():
    s = new("Ann,Ben", ring_capacity="75")
    greens = ",".join(["g"] * 13)
    s = play(s, "squirrel", "next", "squirrel", "next")
    # 13 greens in the pool: draw them by blueberry refills of one each is slow; check the refusal directly
    s = s._replace(pool=(0, 25, 40))
    refused(s, "blueberry g", "IS-PATH-1")
    assert greens


def test_hole_over_treasure_and_region_payout():
    s = play(new(), "leaf red found=nut:2")
    assert s.players[0].tokens[1] == (0, 1, 0, 0) and s.supply[1] == 24 - 3 - 1 - 1
    refused(s, "region 2", "IS-REGION-1")  # 5 covered cells cannot complete a region of 12
    s = play(s, "next", "squirrel", "next", "squirrel", "next", "leaf orange", "nut", "exchange mushroom nut", "nut")
    refused(s, "region 7", "IS-REGION-1")
    refused(s, "region 2", "IS-REGION-1")  # 11 covered
    s = play(s, "next", "squirrel", "next", "squirrel", "next", "squirrel", "region 2")
    assert s.players[0].held == (1, 1, 0, 0) and 2 in s.players[0].completed
    refused(s, "region 2", "IS-REGION-1")
    check_conservation(s)


def test_a_hole_elsewhere_counts_against_completing_a_region():
    # a treasure found in region 1 lies in a hole: a covered cell no completed region holds
    others = ("next", "squirrel", "next", "squirrel", "next")
    s = play(new(), "leaf red found=nut:1", *others, "leaf orange", *others, "leaf green")
    assert 72 - s.players[0].empty == 12
    refused(s, "region 2", "IS-REGION-1")  # 12 covered: region 2's 12 and the hole in region 1 need 13
    s = play(s, *others, "squirrel", "region 2")
    assert 2 in s.players[0].completed
    check_conservation(s)


def test_found_limits():
    s = play(new(), "leaf red found=feather:1", "next", "squirrel", "next", "squirrel", "next")
    refused(s, "leaf orange found=feather:2", "IS-HOLE-1")  # one printed feather a board side
    refused(new(), "leaf red found=nut:1,nut:2", "IS-HOLE-1")  # one hole per tile


def test_animal_needs_holes_and_takes_the_stack_token():
    s = play(new(), "leaf red")
    refused(s, "animal t", "IS-ANIMAL-1")  # one hole
    s = new()
    for colour in ("red", "orange", "orange", "green"):
        s = play(s, f"leaf {colour}", "next", "squirrel", "next", "squirrel", "next")
    s = play(s, "leaf green")
    s = play(s, "animal t")
    assert s.players[0].held == (1, 2, 1, 0) and "t" not in s.stacks and s.animals_left == 19
    refused(s, "animal o under=nut", "IS-ANIMAL-1")
    check_conservation(s)


def test_full_board_gives_every_other_player_one_more_turn():
    """IS-END-1."""
    s = new("Ann,Ben,Cy")
    s = s.with_player(1, s.players[1]._replace(empty=1))  # Ben one cell from full
    s = play(s, "squirrel", "next", "squirrel")
    assert s.ending == 1 and s.players[1].completed == (1, 2, 3, 4, 5, 6)
    s = play(s, "next")
    refused(s, "squirrel", "IS-END-2")  # the chain comes first
    refused(s, "exchange mushroom blueberry", "IS-END-2")  # and converts everything itself
    assert play(s._replace(setup=s.setup._replace(rules=2)), "exchange mushroom blueberry")  # older checks replay
    refused(s, "next", "IS-TURN-2")
    s = play(s, "final", "squirrel", "next", "final")
    refused(s, "final", "IS-END-2")
    s = play(s, "leaf red", "next")
    assert s.over
    refused(s, "squirrel", "IS-TURN-1")


def test_final_turn_switch_act_then_convert():
    s = new("Ann,Ben", final_turn="act-then-convert")
    s = s.with_player(0, s.players[0]._replace(empty=1))
    s = play(s, "squirrel", "next")
    refused(s, "final", "IS-END-2")
    s = play(s, "squirrel", "final", "next")
    assert s.over


def test_ranking_tie_breaks():
    """IS-END-3: fewest empty cells, then more nuts, then a blueberry held, then shared."""
    from assistant.games.indian_summer import tally

    s = new("A,B,C,D")
    p = s.players
    s = s._replace(players=(p[0]._replace(empty=3, held=(0, 2, 0, 0)), p[1]._replace(empty=3, held=(1, 2, 0, 0)),
                            p[2]._replace(empty=0, held=(0, 0, 0, 0)), p[3]._replace(empty=3, held=(1, 2, 0, 0))))
    assert [(st.place, st.player.name) for st in tally.standings(s)] == [(1, "C"), (2, "B"), (2, "D"), (4, "A")]


def test_solo_deal_and_market():
    """IS-SOLO-2: the solo mushroom takes the mushroom spaces' tiles."""
    s = new("Solo", solo=True)
    refused(s, "squirrel", "IS-SETUP-2")
    refused(s, "deal upper=rrrr lower=rrrrr spaces=rrrrrrrrrr path=rrrrr", "IS-SETUP-2")
    s = play(s, "deal upper=goror lower=ooooo spaces=gogogogogo path=ggooo")
    assert s.spaces == (None, "orange", "green", "orange", "green", "orange", "green", "orange", "green", "orange", None, "green")
    s = play(s, "mushroom")  # only m1 holds a tile
    assert s.players[0].empty == 69 and s.spaces[11] is None
    s = play(s, "next")  # round 2: space 2's tile to the rightmost free space
    assert s.spaces[11] == "orange" and s.spaces[1] is None
    s = play(s, "leaf green", "blueberry UR")
    assert s.players[0].path[-1] == "red" and s.upper == ("green", "orange", "red", "orange")
    check_conservation(s)


def test_solo_round_tile_with_full_spaces_after_it_stays():
    # rounds 1 and 2 fill m1 and m2; round 3's tile has no free space after it
    s = play(new("Solo", solo=True), "deal upper=goror lower=ooooo spaces=gogogogogo path=ggooo",
             "leaf green", "next", "leaf green")
    notes = rules.apply(s, act("next")).notes
    assert any("tile on space 3 stays" in n and "[IS-SOLO-1]" in n for n in notes)
    assert not any("moves to space 3" in n for n in notes)


def test_solo_refill_choice_switch():
    deal = "deal upper=goror lower=ooooo spaces=gogogogogo path=ggooo"
    s = play(new("Solo", solo=True), deal, "leaf green", "next", "leaf green", "exchange mushroom blueberry")
    refused(s, "blueberry UL,LL", "IS-SOLO-3")
    s2 = play(new("Solo", solo=True, solo_refill_choice="per-tile"), deal, "leaf green", "next", "leaf green",
              "exchange mushroom blueberry", "blueberry UL,LL")
    assert s2.players[0].path[-2:] == ("green", "orange")


def test_solo_refill_once_goes_on_from_another_end_when_its_row_runs_out():
    # three blueberries take 3 of the upper row's 5; 8 leaves later the path is empty and
    # wants 5 tiles, the upper row holding 2: the refill goes on from the lower row
    s = play(new("Solo", solo=True), "deal upper=goror lower=ooooo spaces=gogogogogo path=ggooo",
             "exchange nut blueberry", "exchange mushroom blueberry", "leaf green",
             "blueberry UL", "blueberry UL", "blueberry UL")
    for _ in range(7):
        s = play(s, "next", f"leaf {s.players[0].path[0]}")
    assert s.players[0].path == () and len(s.upper) == 2
    refused(s, "path Solo UL,LL,UL,LL,LL", "IS-SOLO-3")  # the upper row still held a tile
    s = play(s, "path Solo UL,UL,LL,LL,LL")
    assert s.players[0].path == ("orange", "red", "orange", "orange", "orange") and s.upper == ()
    check_conservation(s)


def test_solo_first_two_failures_end_the_series():
    """IS-SOLO-4: each game's end scores it (here two failures); IS-SOLO-5: the third is then not played."""
    s = new("Solo", solo=True)
    for deal in ("deal upper=ggggg lower=ggggg spaces=gggggggooo path=ooooo",
                 "deal upper=ooooo lower=ooooo spaces=oooooooooo path=rrrrr"):
        s = play(s, deal)
        for _ in range(9):
            s = play(s, "squirrel", "next")
        s = play(s, "squirrel", "final", "next")
    assert s.over and len(s.results) == 2 and not any(r.success for r in s.results)
    from assistant.games.indian_summer import tally

    assert tally.solo_score(s.results).verdict == "failed"


def test_solo_feather_points_and_three_game_score():
    from assistant.games.indian_summer import tally
    from assistant.games.indian_summer.state import SoloResult

    assert tally.solo_score((SoloResult(1, 0, (0, 0, 0, 0), 5, True), SoloResult(2, 0, (0, 0, 0, 0), 9, True),
                             SoloResult(3, 3, (0, 0, 0, 0), 2, True))).score == 14
    assert rules.SOLO_ROUNDS == 10


def test_score_mode_treasure_found_with_the_supply_empty_shows_for_an_animal():
    """IS-SUPPLY-1: no token in the supply, none taken."""
    # no blueberry token to put in the hole: the printed blueberry shows there, and an animal
    # laid over that hole later is owed it (the supply, still empty, then pays nothing)
    s = new("Ann,Ben")
    s = s._replace(supply=(0,) + s.supply[1:])
    s = play(s, "leaf green found=blueberry:1", "next", "leaf green", "next", "leaf orange", "next",
             "leaf green", "next", "leaf green")
    assert s.players[0].revealed == (1, 0, 0, 0) and s.players[0].holes == 3
    notes = rules.apply(s, act("animal l3 under=blueberry")).notes
    assert any("1 blueberry not taken" in n for n in notes)


def test_placed_leaf_tiles_are_said_in_words():
    s = new("Ann,Ben")
    s = s.with_player(0, s.players[0]._replace(held=(1, 1, 1, 1), path=("orange", "orange", "red")))
    assert "Ann pays a feather and places two orange leaf tiles" in rules.apply(s, act("feather orange,orange")).notes[0]
    assert "Ann pays a feather and places an orange and a red leaf tile" in \
        rules.apply(s, act("feather orange,red")).notes[0]
