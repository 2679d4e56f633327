"""The end chain (IS-END-2): treasures to nuts, nuts to squirrels, regions paying out again."""

import pytest

from assistant.errors import IllegalMove
from assistant.games.indian_summer import chain

from tests.indian.helpers import check_conservation, new, play, refused


def ready(held=(1, 1, 1, 0), empty=20, tokens=None, players="Ann,Ben"):
    """Ben one cell from full; Ann's board with `empty` cells and tokens on regions, about to take her last turn."""
    s = new(players)
    ann = s.players[0]
    sizes = 72 - empty  # covered by squirrel-sized pieces for the test: keep the identity with leaves
    reds, rest = divmod(sizes, 5)
    tok = tokens or {}
    on = tuple(tok.get(r, (0, 0, 0, 0)) for r in range(1, 7))
    moved = tuple(sum(t[i] for t in on) for i in range(4))
    supply_after = tuple(s.supply[i] - moved[i] - (held[i] - ann.held[i]) for i in range(4))
    ann = ann._replace(held=held, empty=empty, tokens=on, leaves=(0, 0, reds), squirrels=rest)
    s = s.with_player(0, ann)._replace(supply=supply_after, squirrels_left=32 - rest,
                                       pool=(s.pool[0], s.pool[1], s.pool[2] - reds), ring=s.ring - reds)
    s = s.with_player(1, s.players[1]._replace(empty=1, leaves=(0, 0, 14), squirrels=1))
    s = s._replace(squirrels_left=s.squirrels_left - 1, pool=(s.pool[0], s.pool[1], s.pool[2] - 14), ring=s.ring - 14)
    s = play(s, "squirrel", "next", "squirrel", "next")  # Ann, then Ben fills his board
    assert s.ending == 1 and s.current == 0
    check_conservation(s)
    return s


def test_regions_completed_twice_in_a_row():
    s = ready(held=(0, 1, 1, 0), empty=20, tokens={3: (0, 0, 1, 0), 4: (2, 1, 0, 0)})
    # 19 empty: wave 1 (nut, mushroom): 2 squirrels complete region 3 -> a mushroom;
    # wave 2: 1 squirrel completes region 4 -> 2 blueberries + a nut;
    # wave 3: nut + (2 blueberries -> nut) = 2 squirrels, nothing completed; then nothing is left.
    out = play(s, "final waves=3/4/-")
    ann = out.players[0]
    assert ann.empty == 19 - 2 - 1 - 2 and ann.completed == (3, 4) and ann.held == (0, 0, 0, 0)
    assert ann.squirrels - s.players[0].squirrels == 5
    check_conservation(out)


def test_chain_completes_three_waves_and_fills_the_board():
    s = ready(held=(1, 1, 0, 0), empty=5, tokens={1: (0, 0, 1, 0), 2: (0, 0, 0, 1), 6: (3, 1, 0, 0)})
    # 4 empty after her squirrel: wave 1: 1 squirrel -> region 1 (mushroom); wave 2: 1 -> region 2 (feather);
    # wave 3: 1 -> region 6 (3 blueberries, a nut); wave 4: the last cell: full, regions 3-5 complete by the
    # full board (the wave-4 squirrel was paid with the region-6 nut); left: 1 + 3 blueberries -> 2 nuts.
    out = play(s, "final waves=1/2/6")
    ann = out.players[0]
    assert ann.full and ann.completed == (1, 2, 6, 3, 4, 5) and ann.held == (0, 2, 0, 0)
    check_conservation(out)


def test_reporting_more_waves_than_the_chain_has_is_refused():
    s = ready(held=(0, 1, 0, 0), empty=10)
    refused(s, "final waves=-/-", "IS-END-2")
    refused(s, "final waves=2,2", "IS-REGION-1")


def test_chain_with_no_treasure_does_nothing_but_keeps_a_blueberry():
    s = ready(held=(1, 0, 0, 0), empty=10)
    out = play(s, "final")
    assert out.players[0].empty == 9 and out.players[0].held == (1, 0, 0, 0)


def test_squirrels_run_out_stand_ins():
    s = ready(held=(0, 3, 0, 0), empty=10)
    s = s._replace(squirrels_left=1, players=(s.players[0]._replace(squirrels=s.players[0].squirrels + s.squirrels_left - 1),
                                              *s.players[1:]))
    out = play(s, "final")
    assert out.players[0].standins == 2 and out.squirrels_left == 0


class GridPlacer:
    """What a board-mode placer looks like: it decides the completions from its own cells."""

    def __init__(self):
        self.calls = []

    def completes(self, player, wave, squirrels):
        self.calls.append((wave, squirrels))
        return (5,) if wave == 1 else ()


def test_the_chain_takes_any_placer():
    s = ready(held=(0, 1, 0, 0), empty=15, tokens={5: (0, 1, 0, 0)})
    placer = GridPlacer()
    out, notes = chain.run(s, 0, placer)
    assert placer.calls == [(1, 1), (2, 1)] and out.players[0].completed == (5,)
    assert chain.parse_waves("2,5/3/-") == ((2, 5), (3,), ())
    with pytest.raises(IllegalMove):
        chain.run(s, 0, chain.ReportedPlacer(((5, 5),)))
