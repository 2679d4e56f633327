from assistant.games.cottage_garden.actions import ScoreBed, NextTurn
from assistant.games.cottage_garden.report import tally_data
from assistant.games.cottage_garden.tally import solo_rating

from tests.cottage.helpers import new, play


def ranking(state):
    return [(r["place"], r["name"], r["score"], r["beehives"]) for r in tally_data(state)["ranking"]]


def test_highest_score_first():
    s = play(new("Ann,Ben,Cy"), ScoreBed("Ann", 3, 0, orange=1), NextTurn(), ScoreBed("Ben", 5, 0, orange=1))
    assert ranking(s) == [(1, "Ben", 5, 0), (2, "Ann", 3, 0), (3, "Cy", 0, 0)]


def test_tie_broken_by_beehive_points():
    """CG-END-3."""
    # Ann: 20 with the 2-hive = 22. Ben: 20 + 2 with the 1-hive... make both 22 in points+hives.
    s = play(new("Ann,Ben"), ScoreBed("Ann", 20, 0, orange=1))  # 20 + hive 2 = 22
    s = play(s, NextTurn(), ScoreBed("Ben", 20, 0, orange=1), ScoreBed("Ben", 1, 0, orange=2))  # 21 + hive 1 = 22
    assert ranking(s) == [(1, "Ann", 22, 2), (2, "Ben", 22, 1)]


def test_true_tie_is_shared_by_default_and_the_switch_changes_it():
    s = play(new("Ann,Ben,Cy"), ScoreBed("Ann", 4, 0, orange=1), NextTurn(), ScoreBed("Ben", 4, 0, orange=1))
    assert ranking(s) == [(1, "Ann", 4, 0), (1, "Ben", 4, 0), (3, "Cy", 0, 0)]
    s2 = play(new("Ann,Ben,Cy", tie="later-player"), ScoreBed("Ann", 4, 0, orange=1), NextTurn(), ScoreBed("Ben", 4, 0, orange=1))
    assert ranking(s2) == [(1, "Ben", 4, 0), (2, "Ann", 4, 0), (3, "Cy", 0, 0)]


def test_solo_rating_thresholds():
    assert solo_rating(70) == "keep practising"
    assert solo_rating(71) == "very good"
    assert solo_rating(80) == "outstanding"
