"""Writes the golden game records in samples/records/ from short scenarios.

A scenario names only the turns where something happens; every other turn is
a plain `next`. The tallies the tests expect were worked out by hand from
these scenarios (see tests/cottage/test_golden.py), not read off the program.

    python samples/make_records.py
"""

from __future__ import annotations

from pathlib import Path

from assistant.games import registry
from assistant.session.notation import Record, write_text

#: the rule checks the committed records were made under (events.RULES_VERSION 3): they replay
#: as recorded; a record of newer checks would need the final round's declarations (rules 4)
RECORDS_RULES = 3
OUT = Path(__file__).resolve().parent / "records"

SCENARIOS: dict[str, tuple[list[str], bool, dict[int, list[str]]]] = {
    "cottage-solo": (["Solo"], True, {
        3: ["score Solo pots=5 cloches=5 orange=1 blue=1"],
        10: ["score Solo pots=9 cloches=3 orange=1 blue=2"],
        20: ["score Solo pots=4 cloches=4 orange=2 blue=1"],
        33: ["pay orange 2", "score Solo pots=2 cloches=2 orange=3 blue=3"],
        34: ["pay blue 2", "score Solo pots=6 cloches=0 orange=1"],
    }),
    "cottage-2p": (["Ann", "Ben"], False, {
        1: ["score Ann pots=4 cloches=2 orange=1 blue=1"],
        2: ["refill", "score Ben pots=7 cloches=0 orange=1"],
        5: ["score Ann pots=3 cloches=4 orange=1 blue=1"],
        10: ["score Ben pots=15 cloches=0 orange=1"],
        65: ["discard Ann", "pay orange 1", "score Ann pots=2 cloches=1 orange=1 blue=1"],
        66: ["pay orange 1", "score Ben pots=0 cloches=3 blue=1"],
        68: ["pay blue 1", "score Ben pots=1 cloches=0 orange=2"],
    }),
    "cottage-3p": (["Ann", "Ben", "Cy"], False, {
        1: ["score Ann pots=16 cloches=0 orange=1"],
        2: ["score Ben pots=3 cloches=8 orange=1 blue=1"],
        3: ["score Cy pots=10 cloches=2 orange=2 blue=3"],
        6: ["score Cy pots=5 cloches=0 orange=2"],
        79: ["discard Ben", "discard Cy", "discard Cy", "pay orange 1", "score Ann pots=1 cloches=1 orange=2 blue=1"],
        80: ["pay orange 1", "score Ben pots=2 cloches=0 orange=1"],
        82: ["pay blue 1", "score Ann pots=4 cloches=0 orange=1"],
    }),
    "cottage-4p": (["Ada", "Bo", "Cas", "Dee"], False, {
        1: ["score Ada pots=6 cloches=3 orange=1 blue=1"],
        2: ["score Bo pots=4 cloches=4 orange=1 blue=1"],
        3: ["score Cas pots=12 cloches=0 orange=3"],
        5: ["score Ada pots=0 cloches=0"],
        101: ["discard Dee", "discard Dee", "pay orange 1", "score Ada pots=2 cloches=0 orange=1"],
        102: ["pay blue 1", "score Bo pots=0 cloches=1 blue=1"],
        103: ["pay orange 3", "score Cas pots=2 cloches=0 orange=3"],
        105: ["pay orange 1", "score Ada pots=2 cloches=0 orange=1"],
        106: ["pay blue 1", "score Bo pots=0 cloches=1 blue=1"],
        107: ["pay orange 3", "score Cas pots=2 cloches=0 orange=3"],
    }),
}


def build(players: list[str], solo: bool, events: dict[int, list[str]], name: str) -> Record:
    eng = registry.game("cottage-garden")
    setup = {"players": players, "solo": solo, "name": name, "house_rules": {}, "rules": RECORDS_RULES}
    state = eng.new_state(setup)
    actions = []
    while not state.over:
        tokens = events.get(state.turn_number, [])
        for token in tokens + ["next"]:
            action = eng.parse_action(token)
            state = eng.apply_event(state, action).state
            actions.append(action)
            if state.over:
                break
    return Record("cottage-garden", name, setup, actions)


def main() -> None:
    OUT.mkdir(exist_ok=True)
    for name, (players, solo, events) in SCENARIOS.items():
        (OUT / f"{name}.txt").write_text(write_text(build(players, solo, events, name)), encoding="utf-8")
        print(f"wrote {OUT / name}.txt")


if __name__ == "__main__":
    main()
