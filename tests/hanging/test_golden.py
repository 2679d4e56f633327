"""Golden Hanging Gardens records (samples/records/hanging-*.txt, made by
samples/make_hanging_records.py) replay to tallies worked out by hand from the tiles each shows.

Hand work (values: garden 2, 8, 16 complete at 3; statue 1, 3, 20; queen 1, 15; the gardener 3
with 1 garden tile; the guard 3 a gate tile):
- 2p: Ann garden x5 = 16 + 8 = 24, queen 1, statue x2 3 -> 28 (8 tiles); Ben statue x3 20, garden 2,
  gardener with 1 garden 3, guard with no gate 0, queen 1 -> 26 (7 tiles). Ann wins.
- 3p: Ann queen x2 15 + garden 2 = 17 (3 tiles); Ben garden x3 16 + statue 1 = 17 (4 tiles); Cy garden x2
  8 + statue x2 3 = 11. Ann and Ben tie on 17: Ben wins on more score tiles.
- 4p (temples per cell; the tiles run out in round 14): with the test values below,
  Ann chalice 2 2, gate 2 3, guard (2 gates) 6, king 3 9, queen 1, tiger 3 10, owed 1 5 -> 36 (12 tiles);
  Ben animal-handler (1 tiger) 5, chalice 3 4, garden 4 16+2 18, gate 2 3, queen 2 15, statue 1, tiger 2,
  owed 2 10 -> 58 (14 tiles); Cy chalice 1, garden 2, gate 3 6, king 1, priest (1 chalice) 1, sculptor
  (2 statues) 4, statue 2 3, owed 1 5 -> 23 (10 tiles); Di chalice 4 8, garden 2, gardener (1 garden) 3,
  gate 1, queen 1, statue 3 20, tiger 2 5 -> 40 (13 tiles). Ben wins.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from assistant.games.hanging_gardens import values
from assistant.session import notation
from tests.hanging.helpers import GAME

RECORDS = Path(__file__).resolve().parents[2] / "samples" / "records"

#: invented for this test only (a table would enter its own box's values): nothing ships them
TEST_VALUES = [("king", "1,4,9"), ("tiger", "2,5,10"), ("chalice", "1,2,4,8"), ("gate", "1,3,6"),
               ("statue", "1,3,20"), ("animal-handler", "3,5,7,10", "tiger"), ("sculptor", "0,2,4,6", "statue"),
               ("priest", "0,1,2,3,4", "chalice")]


def final(name: str):
    record = notation.read((RECORDS / f"{name}.txt").read_text(), name)
    return GAME.replay(record.setup, record.actions)


def totals(tally: dict) -> dict[str, tuple]:
    return {p["name"]: (p["total"], p["tiles"]) for p in tally["players"]}


def test_2p_whole_game_tally():
    state = final("hanging-2p")
    assert state.over and state.deck == 0 and state.round == 15
    tally = GAME.tally(state)
    assert totals(tally) == {"Ann": (28, 8), "Ben": (26, 7)}
    assert tally["winner"] == "Ann" and tally["tie_break"] is None and tally["unknown"] == []
    ann = next(p for p in tally["players"] if p["name"] == "Ann")
    assert ann["series"]["garden"] == {"tiles": 5, "points": 24}  # beyond a complete series counting starts again


def test_3p_tie_goes_to_more_tiles():
    tally = GAME.tally(final("hanging-3p"))
    assert totals(tally) == {"Ann": (17, 3), "Ben": (17, 4), "Cy": (11, 4)}
    assert tally["winner"] == "Ben" and tally["tie_break"] == "more score tiles"
    assert [r["name"] for r in tally["ranking"]] == ["Ben", "Ann", "Cy"]


def test_4p_tiles_run_out_unknown_values_are_listed_not_scored():
    state = final("hanging-4p")
    assert state.over and state.tiles_left == 0 and state.deck == 4 and state.round == 14  # ended early
    assert [p.owed for p in state.players] == [1, 2, 1, 0]
    tally = GAME.tally(state)
    assert tally["decided"] is False and tally["winner"] is None
    listed = {(u["player"], u["value"].split()[0]) for u in tally["unknown"]}
    assert ("Ann", "king") in listed and ("Ben", "animal-handler") in listed and ("Cy", "priest") in listed
    assert all(p["total"] is None for p in tally["players"])
    ben = next(p for p in tally["players"] if p["name"] == "Ben")
    assert ben["series"]["garden"]["points"] == 18 and ben["series"]["queen"]["points"] == 15
    assert ben["series"]["tiger"]["points"] is None  # unknown, never 0


def test_4p_tally_with_the_tables_values():
    for name, points, *series in TEST_VALUES:
        values.define(name, points, series[0] if series else None)
    tally = GAME.tally(final("hanging-4p"))
    assert tally["unknown"] == [] and tally["decided"]
    assert totals(tally) == {"Ann": (36, 12), "Ben": (58, 14), "Cy": (23, 10), "Di": (40, 13)}
    assert tally["winner"] == "Ben"


@pytest.mark.parametrize("name", ["hanging-2p", "hanging-3p", "hanging-4p"])
def test_records_conserve_cards_and_tiles(name):
    record = notation.read((RECORDS / f"{name}.txt").read_text(), name)
    state = GAME.new_state(record.setup)
    for event in record.actions:
        state = GAME.apply_event(state, event).state
        assert conserved(state)


def conserved(state) -> bool:
    """64 cards and 49 tiles, wherever they are."""
    n = len(state.players)
    cards = sum(p.cards + p.discards for p in state.players) + state.deck + state.face_up + (4 - n)
    tiles = sum(len(p.tiles) for p in state.players) + state.tiles_left
    return cards == 64 and tiles == 49
