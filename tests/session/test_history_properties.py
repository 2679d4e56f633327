"""Random next / score / undo / redo through the real log: the stored game always equals
the in-memory replay of the moves in force, and every invariant holds."""

from hypothesis import given, settings, strategies as st

from assistant.errors import GardenError
from assistant.games.interface import Acted
from assistant.games.cottage_garden import rules
from assistant.games.events import RULES_VERSION
from assistant.games.cottage_garden.actions import from_event
from assistant.session import games as sessions
from assistant.session.store import Store

from tests.cottage.helpers import new
from tests.cottage.test_properties import check_invariants

step = st.one_of(
    st.tuples(st.just("next")),
    st.tuples(st.just("score"), st.integers(0, 6), st.integers(0, 4)),
    st.tuples(st.just("undo"), st.integers(1, 3)),
    st.tuples(st.just("redo"), st.integers(1, 2)),
)


@settings(max_examples=25, deadline=None)
@given(steps=st.lists(step, max_size=40))
def test_log_with_undo_and_redo_matches_the_model(tmp_path_factory, steps):
    store = Store(tmp_path_factory.mktemp("h") / "games.sqlite3")
    sessions.create(store, "cottage-garden", "p", {"players": ["A", "B", "C"], "solo": False, "name": "p", "house_rules": {},
                                                        "rules": RULES_VERSION})
    done: list[list[dict]] = []  # the model: commands in force
    undone: list[list[dict]] = []
    for move in steps:
        try:
            if move[0] in ("undo", "redo"):
                sessions.step_history(store, "p", move[0], move[1])
                src, dst = (done, undone) if move[0] == "undo" else (undone, done)
                for _ in range(move[1]):
                    dst.append(src.pop())
            else:
                def build(loaded, move=move):
                    if move[0] == "next":
                        return loaded.game.act(loaded.state, "next", {"yes": False})
                    pots, cloches = move[1], move[2]
                    return Acted([{"type": "score", "player": loaded.state.current_player.name, "pots": pots,
                                   "cloches": cloches, "orange": 1 if pots else None, "blue": 2 if cloches else None,
                                   "reward": False}], [])
                loaded, _ = sessions.record(store, "p", build)
                done.append(loaded.moves[-1]["actions"])
                undone.clear()
        except GardenError:
            continue  # refused: nothing written, the model unchanged
        state = new("A,B,C")
        for actions in done:
            for action in actions:
                state = rules.apply(state, from_event(action)).state
        stored = sessions.load(store, "p").state
        assert stored._replace(setup=None) == state._replace(setup=None)
        check_invariants(state)
    store.close()
