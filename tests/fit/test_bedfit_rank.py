"""rank_placements: legal placements only, best first, for the reasons the issue names."""

from __future__ import annotations

import random

import pytest

from assistant.errors import GardenError
from assistant.games.cottage_garden import bedfit
from assistant.games.cottage_garden.bed import COVERED, free_mask, parse_bed
from assistant.grid import Shape, placements
from tests.grid.reference import brute_placements, cells_of, text_cells

DOMINO = Shape.parse("##")
L3 = Shape.parse("##/#.")
I3 = Shape.parse("###")


def by_cells(ranked):
    return {tuple(r.cells): r for r in ranked}


def test_a_completing_placement_ranks_first():
    bed = parse_bed("..###/#####/##CCC")  # two empty cells; three printed cloches elsewhere
    ranked = bedfit.rank_placements(bed, DOMINO)
    assert ranked[0].cells == [(0, 0), (0, 1)] and ranked[0].completes
    assert ranked[0].reasons[0] == "completes the bed: it scores 0 flowerpots and 3 cloches now"
    assert ranked[0].score == bedfit.W_COMPLETE + 3 * bedfit.CLOCHE_POINTS
    assert not any(r.completes for r in ranked[1:])


def test_completing_counts_the_tiles_own_symbol_and_what_it_covers():
    bed = parse_bed("P.###/#####/#####/#####/####C")
    pot_domino = Shape.parse("##", {(0, 0): "pot"})
    (only,) = bedfit.rank_placements(bed, pot_domino)  # the pot on either cell: listed once
    assert only.completes and only.covered_pots == 1
    # printed pot covered (lost), the tile's pot counts, the cloche stays: 1 pot, 1 cloche.
    assert only.reasons[0] == "completes the bed: it scores 1 flowerpot and 1 cloche now"
    assert only.reasons[1] == "covers 1 printed flowerpot: 1 point the bed will not score"
    assert only.score == bedfit.W_COMPLETE + bedfit.POT_POINTS + bedfit.CLOCHE_POINTS


def test_leaving_a_one_cell_pocket_ranks_below_when_the_player_has_no_cats():
    bed = parse_bed("######/#....#/######")
    ranked = bedfit.rank_placements(bed, DOMINO, cats=0)
    cells = by_cells(ranked)
    middle = cells[((1, 2), (1, 3))]
    ends = [cells[((1, 1), (1, 2))], cells[((1, 3), (1, 4))]]
    assert middle.pockets == 2 and all(e.pockets == 0 for e in ends)
    assert ranked[-1] is middle and all(e.score > middle.score for e in ends)
    assert any("only a 1-cell piece can fill" in r and "flowerpot token" in r for r in middle.reasons)
    # Cats make the pocket cheaper, still not free; with neither cats nor pots it is dead.
    with_cats = by_cells(bedfit.rank_placements(bed, DOMINO, cats=2))[((1, 2), (1, 3))]
    assert middle.score < with_cats.score < ends[0].score
    dead = by_cells(bedfit.rank_placements(bed, DOMINO, pots_available=False))[((1, 2), (1, 3))]
    assert dead.score < middle.score and any("never be completed" in r for r in dead.reasons)


def test_remaining_shapes_decide_what_is_a_pocket():
    bed = parse_bed("#######/#.....#/#######")
    plain = by_cells(bedfit.rank_placements(bed, DOMINO))
    known = by_cells(bedfit.rank_placements(bed, DOMINO, remaining_shapes=[I3]))
    left, second = ((1, 1), (1, 2)), ((1, 2), (1, 3))
    assert plain[left].pockets == 0 and plain[second].pockets == 1
    # Only an I3 is left: the 2 cells beyond the second placement cannot take it either.
    assert known[left].pockets == 0 and known[second].pockets == 3
    # A 1-cell tile still to come fills one pocket cheaply.
    single = by_cells(bedfit.rank_placements(bed, DOMINO, remaining_shapes=[I3, Shape.parse("#")]))
    assert single[second].pockets == 3 and single[second].score > known[second].score
    assert any("1 for a 1-cell tile still to come" in r for r in single[second].reasons)


def test_covering_a_printed_symbol_costs_its_points():
    for layout, cost in (("P..../...../...../...../.....", bedfit.POT_POINTS),
                         ("C..../...../...../...../.....", bedfit.CLOCHE_POINTS)):
        ranked = by_cells(bedfit.rank_placements(parse_bed(layout), DOMINO))
        covering, mirror = ranked[((0, 0), (0, 1))], ranked[((4, 3), (4, 4))]  # congruent leftovers
        assert covering.score == pytest.approx(mirror.score - cost)
        assert any(r.startswith("covers 1 printed") for r in covering.reasons)
        assert not any(r.startswith("covers") for r in mirror.reasons)


def test_fewer_compact_regions_rank_higher():
    bed = parse_bed("...../...../...../...../.....")
    ranked = by_cells(bedfit.rank_placements(bed, Shape.parse("#####")))
    edge, middle = ranked[tuple((0, c) for c in range(5))], ranked[tuple((2, c) for c in range(5))]
    assert edge.regions == 1 and middle.regions == 2 and edge.score > middle.score
    assert any("2 separate regions" in r for r in middle.reasons)


@pytest.mark.parametrize("seed", range(30))
def test_exactly_the_legal_placements_never_on_covered_cells(seed):
    rng = random.Random(seed)
    rows = "".join(rng.choice("....PC#pcok") for _ in range(25))
    bed = parse_bed("/".join(rows[i:i + 5] for i in range(0, 25, 5)))
    text = rng.choice(["#", "##", "##/#.", "###/#..", "#####", ".#./###", "##../.###/..#."])
    shape = Shape.parse(text)
    flip = rng.random() < 0.7
    ranked = bedfit.rank_placements(bed, shape, flip=flip, cats=rng.randint(0, 2),
                                    remaining_shapes=[I3, L3] if seed % 2 else ())
    covered = bed.mask(*COVERED)
    assert all(r.mask & covered == 0 for r in ranked)
    free_cells = cells_of(free_mask(bed), 5)
    expected = {frozenset(cell for cell, _ in p)
                for p in brute_placements(text_cells(text), None, 5, 5, free_cells, flip=flip)}
    assert {frozenset(r.cells) for r in ranked} == expected
    scores = [r.score for r in ranked]
    assert scores == sorted(scores, reverse=True)


def test_deterministic_and_pure():
    bed = parse_bed("#.P../...../..C../...../k....")
    first = bedfit.rank_placements(bed, L3, cats=1)
    second = bedfit.rank_placements(bed, L3, cats=1)
    assert [(r.mask, r.score, r.reasons) for r in first] == [(r.mask, r.score, r.reasons) for r in second]
    assert first[0].to_json()["cells"] == [list(c) for c in first[0].cells]


def test_blocked_is_empty_too_big_is_refused():
    assert bedfit.rank_placements(parse_bed("##.##/#####/#####/#####/#####"), DOMINO) == []
    with pytest.raises(GardenError, match="does not fit on the 5×5 board"):
        bedfit.rank_placements(parse_bed("...../...../...../...../....."), Shape.parse("######"))
    with pytest.raises(GardenError, match="cats"):
        bedfit.rank_placements(parse_bed("....."), DOMINO, cats=-1)


def test_no_flip_keeps_rotations_only():
    s = Shape.parse("##/#./#.")  # L4 is chiral: flipping doubles its orientations
    bed = parse_bed("...../...../...../...../.....")
    assert len(bedfit.rank_placements(bed, s, flip=False)) == len(placements(s, bed.grid, flip=False))
    assert len(bedfit.rank_placements(bed, s)) == 2 * len(bedfit.rank_placements(bed, s, flip=False))
