"""Golden game records (samples/records/) replay to tallies worked out by hand.

Derivations (track values; orange +1 a space to 15 then 20, blue +2 a space to 14 then 20):
- solo: orange1 0->5->14, pays nothing from it, then 14->20; orange2 0->4, pays 2 -> 2; orange3 0->2.
  blue1 space 0->5 (10) -> +4 spaces = 9, capped at space 8 (20); blue2 0->6, pays 1 space -> 4; blue3 0->4.
  24 + 28 = 52, no beehive in solo -> "keep practising".
- 2 players: Ann orange 4, +3 = 7, pays 2 = 5, +2 = 7; blue 4, +4 spaces = 12, +1 space = 14 -> 21.
  Ben orange1 7, +15 -> 20 (2-hive), pays from 20 (forced) -> 15; orange2 1; blue1 6, pays 1 space -> 4.
  15 + 1 + 4 + 2 = 22. Ben first.
- 3 players: Ann orange1 20 (2-hive), forced pay -> 15, +4 -> 20 (3 lost); orange2 1; blue1 2, pays -> 0. 21 + 2 = 23.
  Ben orange1 3, pays -> 1, +2 -> 3; blue1 20 (1-hive). 23 + 1 = 24. Cy orange2 10 + 5 = 15; blue3 4 -> 19.
- 4 players: Ada orange1 6 (pays 2, +2, twice) + blue1 6 = 12; Bo orange1 4 + blue1 8 (pays 1 space, +1, twice) = 12;
  Cas orange3 12 (pays 2, +2, twice) = 12; Dee gave up both beds: 0. Three-way tie, no hives: shared first place.
"""

from pathlib import Path

import pytest

from assistant.games import registry
from assistant.session.notation import read

RECORDS = Path(__file__).resolve().parents[2] / "samples" / "records"

EXPECTED = {
    "cottage-solo": [(1, "Solo", 52, [20, 2, 2], [20, 4, 4], 0)],
    "cottage-2p": [(1, "Ben", 22, [15, 1, 0], [4, 0, 0], 2), (2, "Ann", 21, [7, 0, 0], [14, 0, 0], 0)],
    "cottage-3p": [(1, "Ben", 24, [3, 0, 0], [20, 0, 0], 1), (2, "Ann", 23, [20, 1, 0], [0, 0, 0], 2),
                   (3, "Cy", 19, [0, 15, 0], [0, 0, 4], 0)],
    "cottage-4p": [(1, "Ada", 12, [6, 0, 0], [6, 0, 0], 0), (1, "Bo", 12, [4, 0, 0], [8, 0, 0], 0),
                   (1, "Cas", 12, [0, 0, 12], [0, 0, 0], 0), (4, "Dee", 0, [0, 0, 0], [0, 0, 0], 0)],
}
# The first final-round turn: turns before the final round (32, 32x2, 26x3, 25x4) + 1.
FINAL_ROUND_STARTS = {"cottage-solo": 33, "cottage-2p": 65, "cottage-3p": 79, "cottage-4p": 101}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_golden_record_replays_to_the_hand_checked_tally(name):
    record = read((RECORDS / f"{name}.txt").read_text(), name)
    eng = registry.game(record.game)
    state = eng.new_state(record.setup)
    first_final = None
    for action in record.actions:
        state = eng.apply_event(state, action).state
        if state.final_round and first_final is None:
            first_final = state.turn_number
    assert state.over
    assert first_final == FINAL_ROUND_STARTS[name]
    tally = eng.tally(state)
    got = [(r["place"], r["name"], r["score"], r["orange"], r["blue"], r["beehives"]) for r in tally["ranking"]]
    assert got == EXPECTED[name]
    if name == "cottage-solo":
        assert tally["rating"] == "keep practising"
