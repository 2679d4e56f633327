"""Random legal play keeps 80 treasure tokens, 75 leaf tiles and 32 squirrels (and the empty-cell count)."""

from hypothesis import given, settings, strategies as st

from assistant.errors import IllegalMove
from assistant.games.indian_summer import rules, supply
from assistant.games.indian_summer.actions import (
    Animal, Blueberry, Exchange, Feather, Final, Leaf, Mushroom, NextTurn, Nut, PathRefill, Region, Squirrel,
)

from tests.indian.helpers import check_conservation, new

KINDS = ("leaf", "squirrel", "mushroom", "feather", "blueberry", "nut", "exchange", "region", "animal", "final",
         "path", "next", "next", "next")
step = st.tuples(st.sampled_from(KINDS), st.integers(0, 1000))


def pick(seq, n):
    return seq[n % len(seq)] if seq else None


def draw_for(state, wanted, n):
    """Colours that the pool can give, `wanted` of them or what is left."""
    pool = list(state.pool)
    out = []
    for k in range(min(wanted, sum(pool))):
        choices = [c for c, left in zip(supply.COLOURS, pool) if left]
        c = pick(choices, n + k)
        pool[supply.cindex(c)] -= 1
        out.append(supply.LETTER[c])
    return ",".join(out)


def make(state, kind, n):
    me = state.current_player
    others = [p for p in state.players if p is not me]
    if kind == "leaf":
        return Leaf(pick(me.path, n) or "red", pick(["", f"nut:{n % 6 + 1}", f"blueberry:{n % 6 + 1}"], n))
    if kind == "squirrel":
        return Squirrel()
    if kind == "mushroom":
        if len(state.players) == 2:
            o = others[0]
            return Mushroom(f"{o.name}:{pick(o.path, n) or 'red'},ring:{draw_for(state, 1, n) or 'red'}")
        a, b = others[n % len(others)], others[(n + 1) % len(others)]
        return Mushroom(f"{a.name}:{pick(a.path, n) or 'red'},{b.name}:{pick(b.path, n + 1) or 'red'}")
    if kind == "feather":
        return Feather(",".join((me.path * 2)[:2]) or "red,red")
    if kind == "blueberry":
        return Blueberry(draw_for(state, 5 - len(me.path) if len(me.path) < 5 else 1, n))
    if kind == "nut":
        return Nut()
    if kind == "exchange":
        return Exchange(pick(supply.TREASURES, n), pick(supply.TREASURES, n // 4))
    if kind == "region":
        return Region(n % 6 + 1)
    if kind == "animal":
        return Animal(pick(list(supply.ANIMAL_SIZE), n), "")
    if kind == "final":
        return Final(pick(["", "1", "2/3", "4,5"], n))
    if kind == "path":
        who = pick([state.players[i] for i in state.turn.refills], n) or me
        return PathRefill(who.name, draw_for(state, 5, n))
    return NextTurn()


@settings(max_examples=40, deadline=None)
@given(players=st.sampled_from(["A,B", "A,B,C", "A,B,C,D"]), steps=st.lists(step, max_size=250),
       capacity=st.sampled_from(["8", "20", "40"]))
def test_random_legal_play_conserves_components(players, steps, capacity):
    state = new(players, ring_capacity=capacity)
    for kind, n in steps:
        if state.over:
            break
        if state.turn.forced:
            kind = "path"
        try:
            state = rules.apply(state, make(state, kind, n)).state
        except IllegalMove:
            continue  # refused: nothing changed
        check_conservation(state)


def test_a_long_game_of_squirrels_and_leaves_ends_with_conservation():
    state = new("A,B,C", ring_capacity="10")
    turns = 0
    while not state.over and turns < 400:
        turns += 1
        if state.ending is not None and state.current != state.ending:
            state = rules.apply(state, Final("")).state
        me = state.current_player
        fits = [c for c in ("red", "orange", "green") if c in me.path and supply.LEAF_SIZE[c] <= me.empty]
        if not me.full:
            state = rules.apply(state, Leaf(fits[0]) if fits else Squirrel()).state
            if state.turn.refills and not state.current_player.path:
                state = rules.apply(state, PathRefill(state.current_player.name, draw_for(state, 5, turns))).state
        check_conservation(state)
        state = rules.apply(state, NextTurn()).state
    assert state.over and state.squirrels_left + sum(p.squirrels for p in state.players) == 32
