"""Invariants of random legal Gartenbau play: tiles and resources conserved, no plant over one
seedling tile, no turn ended above 10 resources, the garden in one piece."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from assistant.errors import GardenError
from assistant.games.gartenbau import garden as gardens
from assistant.games.gartenbau.fit import plant_places, seedling_places
from tests.gartenbau.helpers import act, new
from tests.gartenbau.test_golden import conserved

KINDS = ("aster", "basil", "chive", "dill", "endive", "fennel")


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), players=st.sampled_from(["Ann,Ben", "Ann,Ben,Cy", "Ann,Ben,Cy,Di"]))
def test_random_legal_play_keeps_the_invariants(data, players):
    from tests.gartenbau.test_rules import RINGS

    state = new(players, ring=RINGS[len(players.split(","))])
    for _ in range(60):
        if state.over:
            break
        me = state.current_player
        choice = data.draw(st.sampled_from(["seedling", "resources", "plant", "flower", "can"]))
        try:
            if choice == "plant":
                needs = "+".join(data.draw(st.lists(st.sampled_from(KINDS), min_size=2, max_size=2)))
                places = plant_places(me, f"red:{needs}")
                if places:
                    cells = "+".join("{},{}".format(*c) for c in data.draw(st.sampled_from(places))["cells"])
                    state, _ = act(state, "plant", stack=data.draw(st.sampled_from(["red", "blue"])), over=cells,
                                   tile=f"{needs}:{data.draw(st.integers(0, 2))}s:{data.draw(st.integers(1, 4))}")
            elif choice == "flower":
                plants = gardens.uncovered_plants(me)
                if len(plants) >= 2:
                    a, b = plants[0], plants[1]
                    cells = "+".join("{},{}".format(*c) for c in a.cells + b.cells)
                    state, _ = act(state, "flower", flower=f"{a.colours[0]}+{b.colours[0]}:4", over=cells,
                                   gain="sun,water,sun")
            elif choice == "can":
                free = [p for p in me.of_layer("seedling") if gardens.movable(me, p.cells[0])]
                if me.can and free:
                    piece = data.draw(st.sampled_from(free))
                    to = data.draw(st.tuples(st.integers(-4, 4), st.integers(-4, 4)))
                    state, _ = act(state, "can", action="move", cells=["{},{}".format(*piece.cells[0])],
                                   to="{},{}".format(*to))
            elif choice == "resources":
                state, _ = act(state, "seedling", resources=True)
            else:
                kinds = "+".join(data.draw(st.lists(st.sampled_from(KINDS), min_size=2, max_size=2)))
                place = data.draw(st.sampled_from(seedling_places(me, kinds)))
                skip = ["sun"] if me.sun and data.draw(st.booleans()) else []
                state, _ = act(state, "seedling", skip=skip, tile=kinds, at="{},{}".format(*place["at"]),
                               turn=place["turn"])
        except GardenError:
            pass  # a refused move changes nothing; the state is the one before
        assert conserved(state)
        for p in state.players:
            assert p.garden.connected()
            for plant in p.of_layer("plant"):  # over two different seedling tiles, never one
                under = {id(s) for s in p.of_layer("seedling") if set(s.cells) & set(plant.cells)}
                assert len(under) == 2
        if state.turn.action:
            me = state.current_player
            excess = max(0, me.resources - 10)
            give = ",".join(["sun"] * min(excess, me.sun) + ["water"] * (excess - min(excess, me.sun)))
            state, _ = act(state, "next", **{"return": give})
            assert state.players[(state.current - 1) % len(state.players)].resources <= 10 or state.over
        else:
            state, _ = act(state, "seedling", resources=True)
