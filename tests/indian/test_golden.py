"""Golden Indian Summer records (samples/records/indian-*.txt) replay to results worked out by hand.

The scenarios are in samples/make_indian_records.py; `auto` places the largest path tile that fits
(a squirrel when none does) and refills an emptied path from the common path, whose order is: all
reds, then oranges, then greens (solo: the upper row's left end, then the lower row's).

2 players (pool 13g 25o 27r; ring 40, reserve 25):
- Ann: r (found nut on region 1) 67, o 63, robbed of a green, o 59 + region 1 (takes the nut: 1b 2n 1m)
  + nut->blueberry (2b 1n 1m), g 56 (path empty, refill rrrrr), 5 reds -> 31, refill rrrrr, reds
  26 21 16 11 6, refill rrrr+o, red -> 1. Ben's board fills at turn 30, so turn 31 is Ann's last: the chain
  makes 3 nuts possible (nut, mushroom, 2 blueberries) but 1 cell is empty: 1 squirrel -> full; the
  rest becomes nuts: 2 nuts, no blueberry.
- Ben: r (found blueberry on region 1) 67, mushroom (Ann's g + ring red) 59, o 55 + region 1 (2b 1n 0m)
  + blueberry (path ggo + rr: 1b 1n 0m), r 50, r 45, o 41, g 38, g 35, refill, 5 reds -> 10, refill, reds
  5, 0: full at turn 30. Ends with 1 nut, 1 blueberry.
- Both boards full; Ann has more nuts: Ann 1st, Ben 2nd. Ring: 28 tiles taken (27 reds + 1 orange) -> 12.
3 players (pool 11g 23o 26r; ring 40, reserve 20):
- Ann: r (mushroom token on region 5) 67, o (nut token on region 6) 63, o 59, g 56, g 53, 5 reds 28,
  r 23 18 13, squirrels at turns 40 and 43 -> 11, r -> 6. Ben's board is full at turn 47, so Ann's last
  turn is 49: chain wave 1: 2 squirrels (nut + mushroom) -> 4, completes region 5 (takes the mushroom);
  wave 2: 1 squirrel -> 3, completes region 6 (takes the nut); wave 3: 1 squirrel -> 2; a lone blueberry
  stays. Then her main action: the red does not fit, a squirrel -> 1 empty cell. 7 squirrels.
- Ben: r o o g g 53, 5 reds 28, reds 23 18 13 8, + mushroom->nut and 2 nuts -> 6, r -> 1 (refill: the ring
  drops below 7 at the 34th tile and takes all 20 reserve tiles), squirrel -> 0 at turn 47. Holds 1b.
- Cy: 53, 28, then r o o o o -> 7, last turn: chain 2 squirrels -> 5, orange -> 1. Holds 1b.
- Ben 1st (full); Ann and Cy: 1 empty, 0 nuts, a blueberry each: shared 2nd.
4 players (pool 9g 21o 25r; ring 40, reserve 15):
- Ada: r, o, o, g, mushroom (Bo's r + Dee's g), 5 reds, 5 oranges, g: 5+8+3+8+25+20+3 = 72 at turn 61.
  Holds 1b 1n (her mushroom was paid).
- Bo: r o o g (16), 4 reds, 5 reds, o o -> 3; last turn: chain 2 squirrels -> 1, squirrel -> 0. 1b.
- Cas: mushroom (Ada's g + Bo's g) 66, r 61, o 57 + O animal (the stack's feather), feather (o + g) 50,
  g 47, 5 reds 22, 4 oranges 6, o 2 (nothing left to refill with); last turn: chain 1 squirrel (the
  mushroom went on turn 3), squirrel -> 0. 1b.
- Dee: r o o g 56, robbed of her last green, refills rrrrr at once (robbed_refill=must), 5 reds 31,
  5 oranges 11, o -> 7; last turn: chain 2 squirrels -> 5, green -> 2.
- Ada 1st (full, 1 nut); Bo and Cas full, 0 nuts, a blueberry: shared 2nd; Dee 4th.
Solo (all three games):
- Game 1 (all red): 12 leaf tiles (60 cells: 3 leaves, 3 mushrooms of 2, a feather of 2, 1 leaf) and 12
  squirrels (4+2+2+2+1+1) fill the board in round 10: success; a blueberry left: 1 point.
- Game 2: 5 oranges + 5 greens = 35 cells, the chain adds 2 squirrels: 35 empty, 1 blueberry: -34, failure.
- Game 3: 3 reds + 2 oranges + 5 oranges = 45 cells, chain 2: 27 empty, 1 blueberry: -26, failure.
- One success: the sum of the two lower scores: -34 + -26 = -60.
"""

from pathlib import Path

import pytest

from assistant.games import registry
from assistant.session.notation import read

from tests.indian.helpers import check_conservation

RECORDS = Path(__file__).resolve().parents[2] / "samples" / "records"

EXPECTED = {
    "indian-2p": [(1, "Ann", 0, 2, False), (2, "Ben", 0, 1, True)],
    "indian-3p": [(1, "Ben", 0, 0, True), (2, "Ann", 1, 0, True), (2, "Cy", 1, 0, True)],
    "indian-4p": [(1, "Ada", 0, 1, True), (2, "Bo", 0, 0, True), (2, "Cas", 0, 0, True), (4, "Dee", 2, 0, True)],
}
ENDING = {"indian-2p": "Ben", "indian-3p": "Ben", "indian-4p": "Ada"}


def replay(name):
    record = read((RECORDS / f"{name}.txt").read_text(), name)
    eng = registry.game(record.game)
    state = eng.new_state(record.setup)
    for action in record.actions:
        state = eng.apply_event(state, action).state
        check_conservation(state)
    return eng, state


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_multiplayer_record_replays_to_the_hand_checked_ranking(name):
    eng, state = replay(name)
    assert state.over and state.players[state.ending].name == ENDING[name]
    got = [(r["place"], r["name"], r["empty"], r["nuts"], r["blueberry"]) for r in eng.tally(state)["ranking"]]
    assert got == EXPECTED[name]


def test_details_of_the_2p_and_3p_records():
    _, two = replay("indian-2p")
    assert (two.ring, two.reserve, two.pool) == (12, 25, (13, 24, 0))
    _, three = replay("indian-3p")
    ann = three.players[0]
    assert ann.completed == (5, 6) and ann.squirrels == 7 and (three.ring, three.reserve) == (20, 0)


def test_solo_record_three_games():
    eng, state = replay("indian-solo")
    data = eng.tally(state)
    assert [(g["game"], g["success"], g["points"], g["empty"]) for g in data["games"]] == [
        (1, True, 1, 0), (2, False, -34, 35), (3, False, -26, 27)]
    assert data["score"] == {"successes": 1, "score": -60, "counted": (2, 3), "verdict": "scored"}
