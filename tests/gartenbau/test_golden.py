"""Golden Gartenbau records (samples/records/gartenbau-*.txt, made by samples/make_gartenbau_records.py
with a test box and rings) replay to tallies worked out by hand from the records' lines.

- 2p: Ann's plants R1 1, R2 1, Y3 2, B3 2, B4 2 = 8, no flower, both tokens used: 8 (5 plant tiles);
  Ben's B1 1, R3 2, Y1 1, R4 2, Y2 1, B2 1 = 8, both used: 8 (6 plant tiles). Tied on 8 and on no
  flowers: Ann wins with fewer plant tiles.
- 3p: Ann's flower F24 (4) covers B1 (0,-1 0,0) and R3 (0,1 0,2), leaving Y2 1: 5; Ben R1 1, R2 1, R4 2,
  Y3 2 = 6; Cy Y1 1, R5 3, R6 3, B2 1 = 8. Cy wins.
- 4p: Ann B4 2, B5 3, B7 4 = 9; Ben's F2 (3) covers B3 and R3, leaving B1 1, R5 3, R8 4: 11; Cy's F11 (6)
  covers Y1 and R4, F10 (5) covers B6 and R7, leaving R1 1: 12; Di B2 1, R2 1, R6 3 and the flowerpot never
  used (2): 7. Cy wins.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from assistant.session import notation
from tests.gartenbau.helpers import GAME

RECORDS = Path(__file__).resolve().parents[2] / "samples" / "records"


def final(name: str):
    record = notation.read((RECORDS / f"{name}.txt").read_text(), name)
    return GAME.replay(record.setup, record.actions)


def totals(tally: dict) -> dict[str, tuple]:
    return {r["name"]: (r["total"], r["flowers"], r["plants"]) for r in tally["ranking"]}


def test_2p_tie_goes_to_fewer_plant_tiles():  # GB-SCORE-2
    state = final("gartenbau-2p")
    assert state.over and state.empty_petals >= 4
    tally = GAME.tally(state)
    assert totals(tally) == {"Ann": (8, 0, 5), "Ben": (8, 0, 6)}
    assert tally["winner"] == "Ann" and tally["tie_break"] == "fewer plant tiles"


def test_3p_a_flower_covers_the_plants_it_stands_on():
    tally = GAME.tally(final("gartenbau-3p"))
    assert totals(tally) == {"Ann": (5, 1, 3), "Ben": (6, 0, 4), "Cy": (8, 0, 4)}
    ann = next(r for r in tally["ranking"] if r["name"] == "Ann")
    assert (ann["flower_points"], ann["plant_points"], ann["uncovered_plants"]) == (4, 1, 1)
    assert tally["winner"] == "Cy" and tally["tie_break"] is None


def test_4p_unused_tokens_score_2():  # GB-SCORE-1
    tally = GAME.tally(final("gartenbau-4p"))
    assert totals(tally) == {"Ann": (9, 0, 3), "Ben": (11, 1, 5), "Cy": (12, 2, 5), "Di": (7, 0, 3)}
    di = next(r for r in tally["ranking"] if r["name"] == "Di")
    assert di["token_points"] == 2 and tally["winner"] == "Cy"


@pytest.mark.parametrize("name", ["gartenbau-2p", "gartenbau-3p", "gartenbau-4p"])
def test_records_conserve_tiles_and_resources_and_end_turns_at_10(name):
    record = notation.read((RECORDS / f"{name}.txt").read_text(), name)
    state = GAME.new_state(record.setup)
    for event in record.actions:
        before = state
        state = GAME.apply_event(state, event).state
        assert conserved(state)
        if event["type"] == "next":
            assert before.current_player.resources - len([r for r in event.get("returned", "").split(",") if r]) <= 10
    # everyone had as many turns
    assert len({p.turns for p in state.players}) == 1


def conserved(state) -> bool:
    """Seedling tiles: in the petals or the gardens (start tiles apart); sun and water: carts, players
    and petals together hold the house rule's cart of each."""
    from assistant.games.gartenbau.components import IN_PLAY

    n = len(state.players)
    placed = sum(len(p.of_layer("seedling")) - 1 for p in state.players) + (1 if state.turn.held else 0)
    cart = int(state.setup.rule("cart"))
    sun = state.supply[0] + sum(p.sun for p in state.players) + sum(p.sun for p in state.petals)
    water = state.supply[1] + sum(p.water for p in state.players) + sum(p.water for p in state.petals)
    return sum(p.tiles for p in state.petals) + placed == IN_PLAY[n] and sun == cart and water == cart
