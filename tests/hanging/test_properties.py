"""Invariants of random legal Hanging Gardens play, and the garden against brute-force references."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from assistant.games.hanging_gardens import garden as gardens
from assistant.games.hanging_gardens.components import COLUMNS, DRAW_FROM, ROWS, SERIES, tile_names
from assistant.games.hanging_gardens.state import slot
from tests.hanging import reference
from tests.hanging.helpers import act, new
from tests.hanging.test_golden import conserved

LETTERS = "RGYB."


@st.composite
def layouts(draw) -> str:
    cells = draw(st.lists(st.sampled_from("RGYB"), min_size=6, max_size=6))
    themed = draw(st.sets(st.integers(0, 5), min_size=1, max_size=4))
    text = "".join(cells[i] if i in themed else "." for i in range(6))
    return text[:3] + "/" + text[3:]


def random_game(data, players: str, per_cell: bool, turns: int):
    """Plays `turns` turns choosing among the legal moves; yields (state before, events) each command."""
    state = new(players, **({"temples": "per-cell"} if per_cell else {}))
    for _ in range(turns):
        if state.over:
            return
        player = state.current_player
        layout = data.draw(layouts())
        options = gardens.placements(player.garden, player.temples, layout)
        if not options:
            yield state, "card", {"card": layout, "discard": True}
            state, _ = act(state, "card", card=layout, discard=True)
            continue
        choice = options[data.draw(st.integers(0, len(options) - 1))]
        options_given = {"card": layout, "at": f"{choice.at[0]},{choice.at[1]}", "turn": choice.turn}
        yield state, "card", options_given
        state, _ = act(state, "card", **options_given)
        player = state.current_player
        sites = gardens.temple_sites(gardens.areas(player.garden, player.temples), state.turn.placed, not per_cell)
        if sites and player.temples_left and data.draw(st.booleans()):
            site = sites[data.draw(st.integers(0, len(sites) - 1))]
            cell = min(c for c in site.cells if c in state.turn.placed)
            state, _ = act(state, "temple", cell=f"{cell[0]},{cell[1]}")
            if state.turn.tile_due:
                left = [t for t in tile_names()
                        if sum(p.tiles.count(t) for p in state.players) < SERIES.get(t, 1)]
                column = max(c for c in COLUMNS if c <= site.size and any(state.slots[slot(r, c)] for r in ROWS))
                taken = data.draw(st.sampled_from(left))
                draw = None
                if site.size >= DRAW_FROM and sum(state.stacks) > 1:
                    others = [t for t in left if t != taken or SERIES.get(t, 1) - sum(
                        p.tiles.count(t) for p in state.players) > 1]
                    draw = data.draw(st.sampled_from(others))
                state, _ = act(state, "take", series=taken, column=column, draw=draw)
        yield state, "next", {}
        state, _ = act(state, "next")
    yield state, "", {}


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), players=st.sampled_from(["Ann,Ben", "Ann,Ben,Cy", "Ann,Ben,Cy,Di"]), per_cell=st.booleans())
def test_random_play_conserves_cards_and_tiles_and_never_hangs_a_themed_cell(data, players, per_cell):
    covered: dict[int, set] = {}
    for state, command, options in random_game(data, players, per_cell, turns=24):
        assert conserved(state)
        for i, p in enumerate(state.players):
            # the garden's cells are exactly those some card ever covered (themed ones on cards only)
            covered.setdefault(i, set(p.garden.top))
            assert set(p.garden.top) >= covered[i]
            assert reference.areas(p.garden.top) == {(a.theme, a.cells) for a in gardens.areas(p.garden, p.temples)}
            assert all(t in p.garden.top and p.garden.top[t] != "." for t in p.temples)
        if command == "card" and not options.get("discard"):
            player = state.current_player
            laid = reference.turned(options["card"], ("r0", "r90", "r180", "r270").index(options["turn"]))
            r0, c0 = (int(x) for x in options["at"].split(","))
            for (r, c), ch in laid.items():
                assert ch == "." or (r + r0, c + c0) in player.garden.top  # over a card, never the table
            covered[state.current] = set(player.garden.top) | {(r + r0, c + c0) for r, c in laid}


@settings(max_examples=60, deadline=None)
@given(data=st.data(), layout=layouts())
def test_placement_counts_equal_the_brute_force_reference(data, layout):
    state = new()
    for _ in range(data.draw(st.integers(0, 6))):  # a garden grown by a few random cards
        player = state.current_player
        card = data.draw(layouts())
        options = gardens.placements(player.garden, player.temples, card)
        if options:
            choice = options[data.draw(st.integers(0, len(options) - 1))]
            state, _ = act(state, "card", card=card, at=f"{choice.at[0]},{choice.at[1]}", turn=choice.turn)
            player = state.current_player
            themed = [c for c in choice.cells if choice.cells[c] != "."]
            if data.draw(st.booleans()):  # a temple stands on one of its themed cells: never covered again
                state = state._replace(players=(player._replace(temples=player.temples + (themed[0],)),
                                                 *state.players[1:]))
        state = state._replace(turn=state.turn._replace(played=False))
    player = state.current_player
    found = gardens.placements(player.garden, player.temples, layout)
    expected = reference.placements(player.garden.top, set(player.temples), layout)
    assert len(found) == len(expected)
    assert {frozenset(p.cells.items()) for p in found} == expected


def test_placement_counts_pinned_for_given_gardens():
    state = new()
    player = state.current_player
    # on the bare start card, R and G at opposite corners fit upright and turned half way at 0,0 only;
    # sideways the two lie 3 rows apart and one would hang over the table
    assert len(gardens.placements(player.garden, (), "R../..G")) == len(reference.placements(
        player.garden.top, set(), "R../..G")) == 2
    # one themed cell: in each of the 4 turns (its R in a different corner) it may lie over any of the
    # 6 start cells, the blank rest hanging where it falls: 4 x 6
    assert len(gardens.placements(player.garden, (), "R../...")) == 24
    # ... and a card symmetric under a half turn counts its two equal turns once
    assert len(gardens.placements(player.garden, (), "R.R/R.R")) == 1
