"""Random legal play (next / score / undo) never breaks an invariant."""

from hypothesis import given, settings, strategies as st

from assistant.errors import IllegalMove
from assistant.games.cottage_garden import rules
from assistant.games.cottage_garden.actions import Discard, NextTurn, ScoreBed
from assistant.games.cottage_garden.advice import best_payment
from assistant.games.cottage_garden.actions import Pay
from assistant.games.cottage_garden.tracks import TOP

from tests.cottage.helpers import declare_none, new

step = st.one_of(
    st.just(("next",)),
    st.tuples(st.just("score"), st.integers(0, 8), st.integers(0, 6), st.integers(1, 3), st.integers(1, 3)),
    st.tuples(st.just("undo"), st.integers(1, 3)),
    st.just(("discard",)),
)


def check_invariants(state):
    die = state.die
    assert state.die_position == (die.step * (state.turn_number - 1)) % die.positions
    hives = [p.beehive for p in state.players if p.beehive]
    assert len(hives) <= 2 and sorted(hives, reverse=True) == [2, 1][: len(hives)]
    assert tuple(sorted(hives, reverse=True)) + state.hives_left in {(2, 1), ()} or state.setup.solo
    for p in state.players:
        assert all(0 <= s <= TOP["orange"] for s in p.orange) and all(0 <= s <= TOP["blue"] for s in p.blue)
        assert p.score == sum(p.points("orange")) + sum(p.points("blue")) + p.beehive
        assert 0 <= p.beds <= 2 and p.cats >= 0
    assert state.face <= 6 and (state.final_round == (state.face == 6))


@settings(max_examples=60, deadline=None)
@given(players=st.sampled_from(["Solo", "A,B", "A,B,C", "A,B,C,D"]), steps=st.lists(step, max_size=150))
def test_random_legal_play_keeps_invariants(players, steps):
    history = [new(players, solo=players == "Solo")]
    for move in steps:
        state = history[-1]
        if state.over:
            break
        if move[0] == "undo":
            for _ in range(min(move[1], len(history) - 1)):
                history.pop()
            check_invariants(history[-1])
            continue
        try:
            if state.final_round and state.current_player.beds and not state.turn.paid:
                colour, cube, _ = best_payment(state.setup, state.current_player)
                state = rules.apply(state, Pay(colour, cube)).state
            if move[0] == "next":
                state = rules.apply(state, NextTurn()).state
            elif move[0] == "discard":
                state = rules.apply(state, Discard(state.current_player.name)).state
            else:
                _, pots, cloches, o, b = move
                name = state.current_player.name
                action = ScoreBed(name, pots, cloches, o if pots else None, b if cloches else None)
                state = rules.apply(state, action).state
        except IllegalMove:
            continue  # an illegal step is refused and changes nothing
        check_invariants(state)
        history.append(state)


def test_whole_game_ends_when_every_bed_is_gone():
    state = new("A,B,C")
    while not state.over:
        if state.final_round and not state.turn.paid:
            colour, cube, _ = best_payment(state.setup, state.current_player)
            state = rules.apply(state, Pay(colour, cube)).state
        if state.final_round:
            state = rules.apply(state, ScoreBed(state.current_player.name, 3, 1, 1, 1)).state
            if state.over:
                break
        state = declare_none(rules.apply(state, NextTurn()).state)
        check_invariants(state)
    assert all(p.beds == 0 for p in state.players)
