import pytest

from assistant.games.cottage_garden import rules
from assistant.games.cottage_garden.actions import NextTurn
from assistant.games.cottage_garden.die import DieModel

from tests.cottage.helpers import new


@pytest.mark.parametrize("players,solo,each", [(1, True, 32), (2, False, 32), (3, False, 26), (4, False, 25)])
def test_turns_before_final_round_come_from_the_die_model(players, solo, each):
    die = DieModel.for_players(players, solo)
    assert die.turns_before_final_round() == each * players


@pytest.mark.parametrize("names,solo,each", [("Solo", True, 32), ("A,B", False, 32), ("A,B,C", False, 26), ("A,B,C,D", False, 25)])
def test_playing_next_reaches_the_final_round_after_the_same_turns(names, solo, each):
    """CG-DIE-2: the die turns at the turn-over space, each time said; CG-DIE-3: showing 6, the final round."""
    state = new(names, solo=solo)
    turns = {name: 0 for name in names.split(",")}
    rounds = 0
    while not state.final_round:
        turns[state.current_player.name] += 1
        outcome = rules.apply(state, NextTurn())
        state = outcome.state
        rounds += sum("[CG-DIE-2]" in note for note in outcome.notes)
    assert set(turns.values()) == {each} and rounds == 6 - state.die.start_face
    assert state.face == 6
    assert state.die_position == state.die.turnover


def test_sixteen_positions_point_at_rows_and_columns_clockwise():
    die = DieModel.for_players(2, False)
    names = [die.line_name(p) for p in range(16)]
    assert names[:4] == ["column 1", "column 2", "column 3", "column 4"]
    assert names[4:8] == ["row 1", "row 2", "row 3", "row 4"]
    assert names[8:12] == ["column 4", "column 3", "column 2", "column 1"]
    assert names[12:] == ["row 4", "row 3", "row 2", "row 1"]


def test_line_cells_start_nearest_the_die():
    die = DieModel.for_players(2, False)
    assert die.line_cells(0) == ((0, 0), (1, 0), (2, 0), (3, 0))  # above column 1: top cell first
    assert die.line_cells(4) == ((0, 3), (0, 2), (0, 1), (0, 0))  # right of row 1: rightmost first
    assert die.line_cells(8) == ((3, 3), (2, 3), (1, 3), (0, 3))  # below column 4: bottom first
    assert die.line_cells(15) == ((0, 0), (0, 1), (0, 2), (0, 3))  # left of row 1: leftmost first


def test_four_player_side_has_diagonal_corners():
    die = DieModel.for_players(4, False)
    assert die.positions == 20
    assert die.line_name(4) == "diagonal from top right"
    assert die.line_cells(4) == ((0, 3), (1, 2), (2, 1), (3, 0))
    assert die.line_cells(19) == ((0, 0), (1, 1), (2, 2), (3, 3))
    assert die.line_name(5) == "row 1"


def test_solo_uses_only_the_first_and_third_line_of_each_side():
    """CG-DIE-1: two positions a turn in solo (one otherwise: the sixteen positions above)."""
    state = new("Solo", solo=True)
    assert rules.apply(new("A,B"), NextTurn()).state.die_position == 1
    seen = set()
    for _ in range(8):
        seen.add(state.die.side_and_index(state.die_position))
        state = rules.apply(state, NextTurn()).state
    assert seen == {(side, index) for side in range(4) for index in (0, 2)}


def test_three_players_turn_over_two_before_start():
    die = DieModel.for_players(3, False)
    assert die.turnover == 14 and die.start_face == 1
    assert DieModel.for_players(2, False).start_face == 2
