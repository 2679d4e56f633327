"""Each Cottage Garden rule, pinned by its id."""

import pytest

from assistant.errors import IllegalMove
from assistant.games.cottage_garden import rules
from assistant.games.cottage_garden.actions import (
    Discard, NextTurn, Pay, PlaceCats, Refill, ScoreBed, Withdraw,
)
from assistant.games.cottage_garden.advice import best_cube, best_payment
from assistant.games.cottage_garden.rules import payment_options
from assistant.games.cottage_garden.tracks import space_of_value

from assistant.games.cottage_garden.state import Setup

from tests.cottage.helpers import declare_none, new, pay_cheapest, play, to_final_round


def refused(state, action, rule_id):
    with pytest.raises(IllegalMove) as err:
        rules.apply(state, action)
    assert err.value.rule == rule_id
    return err.value


def test_score_moves_one_orange_and_one_blue_cube():
    s = play(new(), ScoreBed("Ann", 3, 2, orange=2, blue=3))
    ann = s.players[0]
    assert ann.points("orange") == [0, 3, 0] and ann.points("blue") == [0, 0, 4]
    assert ann.score == 7


def test_cube_stops_at_twenty_and_the_rest_is_lost():
    """CG-SCORE-3."""
    s = play(new(), ScoreBed("Ann", 14, 0, orange=1))
    out = rules.apply(s, ScoreBed("Ann", 5, 0, orange=1))
    assert out.state.players[0].points("orange")[0] == 20
    assert any("3 orange space(s) lost" in n for n in out.notes)  # space 14 + 5 = 19, the top is 16


def test_red_line_crossing_earns_a_cat_each_time_upwards():
    s = new()
    out = rules.apply(s, ScoreBed("Ann", 6, 0, orange=1))
    assert out.state.players[0].cats == 2  # 0 -> 6 stays below the line
    out = rules.apply(out.state, ScoreBed("Ann", 1, 0, orange=1))
    assert out.state.players[0].cats == 3  # 6 -> 7 crosses
    blue = rules.apply(s, ScoreBed("Ann", 0, 4, blue=1)).state  # 0 -> 8 crosses between 6 and 8
    assert blue.players[0].cats == 3


def test_red_line_position_is_a_house_rule():
    s = new(red_line_orange="8")
    assert play(s, ScoreBed("Ann", 8, 0, orange=1)).players[0].cats == 2
    assert play(s, ScoreBed("Ann", 9, 0, orange=1)).players[0].cats == 3


def test_last_cube_leaving_start_earns_a_flowerpot():
    s = play(new(), ScoreBed("Ann", 1, 0, orange=1), ScoreBed("Ann", 1, 0, orange=2), NextTurn(), NextTurn())
    out = rules.apply(s, ScoreBed("Ann", 1, 0, orange=3))
    assert any("Last orange cube left start" in n for n in out.notes)
    again = rules.apply(out.state, ScoreBed("Ann", 1, 0, orange=3))
    assert not any("Last orange" in n for n in again.notes)


def test_beehives_two_then_one_one_each():
    """CG-REWARD-4, and CG-END-2: the score is the six cubes' values and the hive's points."""
    out = rules.apply(new("Ann,Ben,Cy"), ScoreBed("Ann", 20, 0, orange=1))
    assert any("[CG-REWARD-4]" in note for note in out.notes)
    s = out.state
    assert s.players[0].beehive == 2
    s = play(s, ScoreBed("Ann", 0, 8, blue=1))  # a second cube to 20: no second hive
    assert s.players[0].beehive == 2 and s.hives_left == (1,)
    s = play(s, NextTurn(), ScoreBed("Ben", 0, 8, blue=2))
    assert s.players[1].beehive == 1 and s.hives_left == ()
    s = play(s, NextTurn(), ScoreBed("Cy", 20, 0, orange=1))
    assert s.players[2].beehive == 0
    assert s.players[0].score == 20 + 20 + 2


def test_no_beehives_in_solo():
    """CG-VAR-1: no beehives in solo (house rule solo_beehives)."""
    s = play(new("Solo", solo=True), ScoreBed("Solo", 20, 0, orange=1))
    assert s.players[0].beehive == 0
    s = play(new("Solo", solo=True, solo_beehives="on"), ScoreBed("Solo", 20, 0, orange=1))
    assert s.players[0].beehive == 2


def test_counts_no_bed_can_have_are_refused():
    refused(new(), ScoreBed("Ann", -1, 0), "CG-SCORE-1")
    refused(new(), ScoreBed("Ann", 20, 6, orange=1, blue=1), "CG-SCORE-1")
    refused(new(), ScoreBed("Ann", 2, 0), "CG-SCORE-2")  # no cube named
    refused(new(), ScoreBed("Ann", 0, 0, orange=1), "CG-SCORE-2")


def test_score_on_another_players_turn_needs_the_reward_flag():
    err = refused(new(), ScoreBed("Ben", 2, 0, orange=1), "CG-TURN-1")
    assert "--reward" in str(err)
    refused(new(), ScoreBed("Ben", 2, 0, orange=1, reward=True), "CG-TURN-1")  # no turn of Ben's has passed
    # Ann places a cat and passes the turn: the bed that cat completed scores late
    s = play(new(), PlaceCats("Ann", 1), NextTurn())
    s = play(s, ScoreBed("Ann", 2, 0, orange=2, reward=True))
    assert s.players[0].score == 2 and s.current == 1
    refused(s, ScoreBed("Ann", 2, 0, orange=3, reward=True), "CG-TURN-1")  # that one cat is used up
    s = play(new("Ann,Ben,Cy"), PlaceCats("Ann", 1), NextTurn(), NextTurn())
    refused(s, ScoreBed("Ann", 2, 0, orange=3, reward=True), "CG-TURN-1")  # Ben's turn passed, not Ann's


def test_a_late_reward_score_in_solo_belongs_to_the_turn_passed():
    # solo: the turn passes back to the same player; --reward still scores the passed turn's bed
    s = play(new("Ann", solo=True), PlaceCats("Ann", 1), NextTurn(), ScoreBed("Ann", 2, 0, orange=1, reward=True))
    assert s.passed.scored == 1 and s.turn.scored == 0  # the new turn's two beds are untouched
    refused(s, ScoreBed("Ann", 2, 0, orange=2, reward=True), "CG-TURN-1")  # that one cat is used up
    s = play(s, ScoreBed("Ann", 2, 0, orange=2))  # without --reward: the current turn's
    assert s.turn.scored == 1


def test_each_extra_cat_is_a_reward():
    # three cats over two at the turn's end: each may complete a bed, scored late
    s = play(new(), ScoreBed("Ann", 7, 0, orange=1), ScoreBed("Ann", 0, 7, blue=1))  # two red lines: 4 cats
    s = play(s, NextTurn())
    assert s.passed.rewards == 4  # two cats won, two extra placed


def test_games_under_the_first_rules_keep_replaying():
    # a game stored before the limits (no "rules" in its set-up) replays the moves it holds
    old = rules.new_game(Setup(("Ann", "Ben"), house_rules=new().setup.house_rules))
    assert old.setup.rules == 1
    s = play(old, *[ScoreBed("Ann", 1, 0, orange=k) for k in (1, 2, 3)])  # three beds in one turn
    s = play(s, NextTurn(), ScoreBed("Ann", 1, 0, orange=1, reward=True))  # late with no reward
    assert s.current == 1


def test_at_most_two_beds_score_in_a_turn():
    s = play(new(), ScoreBed("Ann", 1, 0, orange=1), ScoreBed("Ann", 1, 0, orange=2))
    err = refused(s, ScoreBed("Ann", 1, 0, orange=3), "CG-SCORE-1")
    assert "two beds" in str(err)
    # late scores count with the turn's own: a red-line cat won (and a third cat to place) by
    # one bed in the turn, one bed late, no third
    s = play(new(), ScoreBed("Ann", 7, 0, orange=1), NextTurn(), ScoreBed("Ann", 2, 0, orange=2, reward=True))
    assert s.passed.rewards == 1
    refused(s, ScoreBed("Ann", 2, 0, orange=3, reward=True), "CG-SCORE-1")


def test_unknown_player_is_refused():
    refused(new(), ScoreBed("Zed", 1, 0, orange=1), "CG-TURN-1")


def test_more_than_two_cats_at_turn_end_go_on_the_beds():
    s = play(new(), ScoreBed("Ann", 7, 0, orange=1))
    assert s.players[0].cats == 3
    out = rules.apply(s, NextTurn())
    assert out.state.players[0].cats == 2
    assert any("CG-REWARD-3" in n for n in out.notes)


def test_refill_costs_a_cat_once_before_planting():
    s = play(new(), Refill())
    assert s.players[0].cats == 1
    refused(s, Refill(), "CG-FILL-3")
    scored = play(new(), ScoreBed("Ann", 1, 0, orange=1))
    refused(scored, Refill(), "CG-FILL-3")
    broke = play(new(), PlaceCats("Ann", 2))
    refused(broke, Refill(), "CG-FILL-2")


def test_placing_cats_needs_cats_and_the_turn():
    refused(new(), PlaceCats("Ann", 3), "CG-PLANT-2")
    refused(new(), PlaceCats("Ben", 1), "CG-TURN-1")
    assert play(new(), PlaceCats("Ann", 1)).players[0].cats == 1


def test_final_round_payment_is_required_then_cheapest_two_points():
    s = play(new(), ScoreBed("Ann", 5, 3, orange=1, blue=1))
    s = to_final_round(s)
    assert s.current_player.name == "Ann"
    refused(s, ScoreBed("Ann", 1, 0, orange=2), "CG-FINAL-2")
    refused(s, NextTurn(), "CG-FINAL-2")
    assert {(c, k, cost) for c, k, cost in payment_options(s.setup, s.players[0])} == {("orange", 1, 2), ("blue", 1, 2)}
    paid = play(s, Pay("blue", 1))
    assert paid.players[0].points("blue") == [4, 0, 0]
    refused(paid, Pay("orange", 1), "CG-FINAL-2")


def test_payment_from_twenty_only_when_forced():
    s = play(new(), ScoreBed("Ann", 20, 0, orange=1), ScoreBed("Ann", 1, 0, orange=2))
    s = to_final_round(s)
    assert payment_options(s.setup, s.players[0]) == [("orange", 1, 5)]
    s = play(s, Pay("orange", 1))
    assert s.players[0].points("orange") == [15, 1, 0]


def test_low_cubes_ruling_and_its_switch():
    s = to_final_round(play(new(), ScoreBed("Ann", 1, 0, orange=3)))
    assert payment_options(s.setup, s.players[0]) == [("orange", 3, 1)]
    s2 = to_final_round(play(new(final_low_payment="none"), ScoreBed("Ann", 1, 0, orange=3)))
    assert payment_options(s2.setup, s2.players[0]) == []
    out = rules.apply(s2, Pay(None, None))
    assert out.state.turn.paid


def test_final_round_beds_leave_and_game_ends_when_none_left():
    """CG-FINAL-3: a completed bed leaves, none taken; CG-END-1: no bed left, the game ends."""
    s = to_final_round(new(), declared=False)
    s = play(s, Discard("Ann"), Discard("Ben"))
    assert [p.beds for p in s.players] == [1, 1]
    s = pay_cheapest(s)  # Ann has no points: nothing to pay
    out = rules.apply(s, ScoreBed("Ann", 2, 1, orange=1, blue=1))
    s = out.state
    assert s.players[0].beds == 0 and not s.over and any("[CG-FINAL-3]" in n for n in out.notes)
    s = play(s, NextTurn())
    assert s.current_player.name == "Ben"
    s = pay_cheapest(s)
    out = rules.apply(s, ScoreBed("Ben", 1, 0, orange=1))
    s = out.state
    assert s.over and any("[CG-END-1]" in n for n in out.notes)
    refused(s, NextTurn(), "CG-TURN-2")


def test_players_without_beds_are_passed_but_the_die_moves():
    s = to_final_round(new("Ann,Ben,Cy"), declared=False)
    s = declare_none(play(s, Discard("Ben", 2)))
    before = (s.die_position, s.turn_number)
    s = pay_cheapest(s)
    out = rules.apply(s, NextTurn())
    assert out.state.current_player.name == "Cy"
    assert out.state.turn_number == before[1] + 2
    assert out.state.die_position == (before[0] + 2) % 16
    assert any("CG-FINAL-4" in n for n in out.notes)


def test_discard_only_at_the_start_of_the_final_round():
    refused(new(), Discard("Ann"), "CG-FINAL-1")
    s = to_final_round(new(), declared=False)
    refused(s, NextTurn(), "CG-FINAL-1")  # every player with a bed says first
    refused(s, Discard("Ann", 3), "CG-FINAL-1")
    s = play(s, Discard("Ann"))
    assert s.players[0].beds == 1
    refused(s, Discard("Ann", 0), "CG-FINAL-1")  # said once
    refused(pay_cheapest(s), NextTurn(), "CG-FINAL-1")  # Ben has not said yet
    s = play(s, Discard("Ben", 0))
    assert s.players[1].beds == 2
    play(pay_cheapest(s), NextTurn())
    # a game under the older checks (rules 3): a player may give up until they have played on
    old = pay_cheapest(to_final_round(rules.new_game(new().setup._replace(rules=3))))
    refused(old, Discard("Ann"), "CG-FINAL-1")
    play(old, Discard("Ben"))  # Ben has not played in the final round yet


def test_die_is_not_turned_in_the_final_round():
    """CG-FINAL-5."""
    s = to_final_round(new())
    for _ in range(20):
        s = pay_cheapest(s)
        s = play(s, NextTurn())
    assert s.face == 6 and s.final_round


def test_withdraw_is_a_house_rule():
    s = to_final_round(new())
    refused(s, Withdraw("Ann"), "CG-FINAL-6")
    s = to_final_round(new(final_opt_out="on"))
    assert s.current_player.name == "Ann"
    refused(s, Withdraw("Ben"), "CG-FINAL-6")  # not on another player's turn
    refused(pay_cheapest(s), Withdraw("Ann"), "CG-FINAL-6")  # not after paying for the turn
    s = play(s, Withdraw("Ann"))
    assert s.players[0].beds == 0 and s.players[0].withdrawn
    s = play(s, NextTurn())  # Ann pays nothing more; Ben may give up at the start of his turn
    s = play(s, Withdraw("Ben"))
    assert s.players[1].withdrawn
    # a game started under the older checks (rules 2) replays its out-of-turn give-up
    old = to_final_round(rules.new_game(new(final_opt_out="on").setup._replace(rules=2)))
    assert play(pay_cheapest(old), Withdraw("Ben")).players[1].withdrawn


def test_young_children_corner_cats_and_no_refill_for_a_cat():
    """CG-VAR-2."""
    s = new(children="1")
    refused(s, Refill(), "CG-FILL-2")
    for _ in range(3):
        s = play(s, NextTurn())
    assert [p.cats for p in s.players] == [2, 2]
    s = play(s, NextTurn())  # Ben moves the die from position 3 past the top-right corner
    assert s.players[1].cats == 3
    s = play(s, NextTurn())
    assert s.players[1].cats == 3  # children may hold more than 2 cats


def test_children_rewards_can_be_switched_off():
    s = play(new(children="1,3", children_rewards="off"), ScoreBed("Ann", 7, 0, orange=1))
    assert s.players[0].cats == 2


def test_best_cube_prefers_points_then_rewards():
    s = play(new(), ScoreBed("Ann", 14, 0, orange=1))
    choice = best_cube(s, 0, "orange", 4)
    assert choice.cube == 1 and "beehive" in choice.reason  # 14 -> 20 is +6, more than 0 -> 4
    full = play(new(), ScoreBed("Ann", 20, 0, orange=1))
    assert best_cube(full, 0, "orange", 3).cube == 2  # cube 1 on 20 would gain nothing
    s2 = play(new(), ScoreBed("Ann", 5, 0, orange=1))
    assert best_cube(s2, 0, "orange", 2).cube == 1  # 5 -> 7 crosses the red line for a cat
    s3 = play(new("Ann,Ben,Cy"), ScoreBed("Ann", 15, 0, orange=1))
    assert best_cube(s3, 0, "orange", 1).cube == 1  # 15 -> 20: +5 and the beehive


def test_best_payment_is_the_cheapest():
    s = to_final_round(play(new(), ScoreBed("Ann", 20, 0, orange=1), ScoreBed("Ann", 3, 0, orange=2)))
    colour, cube, _ = best_payment(s.setup, s.players[0])
    assert (colour, cube) == ("orange", 2)


def test_track_spaces_by_value():
    assert space_of_value("orange", 20) == 16 and space_of_value("blue", 14) == 7
    assert space_of_value("blue", 3) is None


def test_setup_refusals():
    for players, solo, rule in (("A,B,C,D,E", False, "CG-SETUP-1"), ("A", False, "CG-SETUP-1"),
                                ("A,B", True, "CG-VAR-1"), ("Ann,ann", False, "CG-SETUP-1")):
        with pytest.raises(IllegalMove) as err:
            new(players, solo=solo)
        assert err.value.rule == rule
