"""Writes the Indian Summer golden game records in samples/records/ from short scenarios.

A scenario is a list of turns; a turn is a list of record tokens (see
docs/notation.md) and ends with `next`. Two short-hands keep scenarios readable:
- `auto`: main action A with the largest tile of the path that still fits the
  board (a squirrel when none fits); an emptied path is refilled at once from
  the scenario's common-path order (solo: from the upper row's left end, then
  the lower row's);
- `@` in a token: the next colour of the common-path order.
The expected results in tests/indian/test_golden.py were worked out by hand
from these scenarios, not read off the program.

    python samples/make_indian_records.py
"""

from __future__ import annotations

from pathlib import Path

from assistant.games import registry
from assistant.games.indian_summer.supply import LEAF_SIZE
from assistant.session.notation import Record, write_text

#: the rule checks the committed records were made under (events.RULES_VERSION 3): they replay
#: as recorded; a record of newer checks would need the final round's declarations (rules 4)
RECORDS_RULES = 3
OUT = Path(__file__).resolve().parent / "records"
GAME = "indian-summer"

# The common path as laid at set-up, front first (multiplayer): reds, then oranges, then greens.
RING_2P = "r" * 27 + "o" * 25 + "g" * 13
RING_3P = "r" * 26 + "o" * 23 + "g" * 11
RING_4P = "r" * 25 + "o" * 21 + "g" * 9

SCENARIOS: dict[str, dict] = {
    # Ann fills first (turn 35); Ben's last turn runs the chain: 1 nut + 1 mushroom -> 2 squirrels.
    "indian-2p": {"players": ["Ann", "Ben"], "ring": RING_2P, "turns": {
        1: ["leaf red found=nut:1"],
        2: ["leaf red found=blueberry:1"],
        4: ["mushroom Ann:green,ring:@"],
        5: ["auto", "region 1", "exchange nut blueberry"],
        6: ["auto", "region 1", "blueberry @,@"],
        7: ["auto", "animal i3"],
    }},
    # Cy fills first; Ann and Ben take last turns; Ann's chain completes regions twice in a row.
    "indian-3p": {"players": ["Ann", "Ben", "Cy"], "ring": RING_3P, "turns": {
        1: ["leaf red found=mushroom:5"],
        4: ["leaf orange found=nut:6"],
        40: ["squirrel"],
        41: ["auto", "exchange mushroom nut", "nut", "nut"],
        43: ["squirrel"],
    }, "last": {"Ann": ["final waves=5/6", "auto"]}},
    # Cas robs two paths; Ada's mushroom empties Dee's path, who must refill at once; an O animal
    # brings the stack's feather, spent on a feather action.
    "indian-4p": {"players": ["Ada", "Bo", "Cas", "Dee"], "ring": RING_4P, "turns": {
        3: ["mushroom Ada:green,Bo:green"],
        11: ["auto", "animal o"],
        15: ["feather orange,green"],
        17: ["mushroom Bo:red,Dee:green", "path Dee @,@,@,@,@"],
    }},
    # Game 1 fills the board (success, 1 point); games 2 and 3 fail: one success, so the
    # three-game score is the sum of the two lower scores.
    "indian-solo": {"players": ["Solo"], "solo": True, "games": [
        ("deal upper=rrrrr lower=rrrrr spaces=rrrrrrrrrr path=rrrrr", {
            1: ["leaf red found=mushroom:1"],
            2: ["leaf red found=mushroom:1"],
            3: ["leaf red found=nut:1", "region 1"],
            4: ["mushroom found=nut:2,nut:2", "region 2"],
            5: ["mushroom found=nut:3,nut:3", "nut", "nut", "nut", "nut", "region 3"],
            6: ["mushroom found=feather:4,nut:4", "nut", "nut", "region 4", "animal t"],
            7: ["feather red,red found=nut:5,blueberry:5", "path Solo UL,UL,UL,UL,UL", "nut", "nut"],
            8: ["leaf red found=blueberry:5", "region 5", "nut", "exchange blueberry nut", "nut"],
            9: ["squirrel"],
            10: ["squirrel", "final"],
        }),
        ("deal upper=ggggg lower=ggggg spaces=gggggggooo path=ooooo", {10: ["auto", "final"]}),
        ("deal upper=ooooo lower=ooooo spaces=ooooooooor path=oorrr", {10: ["auto", "final"]}),
    ]},
}


class Builder:
    def __init__(self, players: list[str], solo: bool, ring: str, name: str, house: dict[str, str] | None = None):
        self.eng = registry.game(GAME)
        self.setup = {"players": players, "solo": solo, "name": name, "house_rules": house or {}, "rules": RECORDS_RULES}
        self.state = self.eng.new_state(self.setup)
        self.ring = list(ring)
        self.actions: list[dict] = []

    def do(self, token: str) -> None:
        while "@" in token:
            token = token.replace("@", self.ring.pop(0), 1)
        action = self.eng.parse_action(token)
        self.state = self.eng.apply_event(self.state, action).state
        self.actions.append(action)

    def auto(self) -> None:
        p = self.state.current_player
        if p.full:
            return
        fits = [c for c in ("red", "orange", "green") if c in p.path and LEAF_SIZE[c] <= p.empty]
        if not fits:
            self.do("squirrel")
            return
        self.do(f"leaf {fits[0]}")
        if not self.state.current_player.path and self.state.current in self.state.turn.refills:
            if self.state.setup.solo:
                n = min(5, len(self.state.upper) + len(self.state.lower))
                ends = ["UL"] * min(n, len(self.state.upper)) + ["LL"] * max(0, n - len(self.state.upper))
                self.do(f"path {p.name} {','.join(ends) or '-'}")
            else:
                n = min(5, sum(self.state.pool))
                self.do(f"path {p.name} {','.join(self.ring.pop(0) for _ in range(n)) or '-'}")

    def turn(self, tokens: list[str]) -> None:
        for token in tokens or ["auto"]:
            if token == "auto":
                self.auto()
            else:
                self.do(token)
            if self.state.over:
                return
        self.do("next")

    def record(self) -> Record:
        return Record(GAME, self.setup["name"], self.setup, self.actions)


def build_multi(name: str, spec: dict) -> Record:
    b = Builder(spec["players"], False, spec["ring"], name, spec.get("house"))
    while not b.state.over:
        tokens = spec["turns"].get(b.state.turn_number)
        if tokens is None and b.state.ending is not None and b.state.current != b.state.ending:
            tokens = spec.get("last", {}).get(b.state.current_player.name, ["final", "auto"])
        b.turn(tokens or [])
    return b.record()


def build_solo(name: str, spec: dict) -> Record:
    b = Builder(spec["players"], True, "", name, spec.get("house"))
    for deal, rounds in spec["games"]:
        if b.state.over:
            break
        b.do(deal)
        game = b.state.game
        while b.state.game == game and not b.state.over:
            b.turn(rounds.get(b.state.round, []))
    return b.record()


def main() -> None:
    OUT.mkdir(exist_ok=True)
    for name, spec in SCENARIOS.items():
        record = build_solo(name, spec) if spec.get("solo") else build_multi(name, spec)
        (OUT / f"{name}.txt").write_text(write_text(record), encoding="utf-8")
        print(f"wrote {OUT / name}.txt")


if __name__ == "__main__":
    main()
