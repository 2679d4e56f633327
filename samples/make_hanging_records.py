"""Writes The Hanging Gardens' golden game records in samples/records/: whole games played by a
seeded, scripted table.

Card layouts are in no source: the cards here are made up from a seed (1-4 themed cells, the
rest blank), as a table would type its own. Each turn the player lays the card where `garden
fit` ranks it first; a temple is built on the largest site the card grew while the player's
script still wants tiles, and the tile taken is the script's next series (from the largest
column the area allows that holds one). The expected tallies in tests/hanging/test_golden.py
were worked out by hand from the tiles each record shows, not read off the program.

    python samples/make_hanging_records.py
"""

from __future__ import annotations

import random
from pathlib import Path

from assistant.games import registry
from assistant.games.hanging_gardens import garden as gardens
from assistant.games.hanging_gardens.components import COLUMNS, DRAW_FROM, ROWS
from assistant.games.hanging_gardens.fit import ranked
from assistant.games.hanging_gardens.rules import smallest_templed
from assistant.games.hanging_gardens.state import slot
from assistant.games.interface import check_options, find_command
from assistant.session.notation import Record, write_text

OUT = Path(__file__).resolve().parent / "records"
GAME = "hanging-gardens"
LETTERS = "RGYB"

#: per record: the players, the seed of its cards, and each player's tiles in the order taken
#: (a temple is built only while the script has a tile left; None: every temple the cards allow,
#: tiles dealt from a seeded box until they run out)
SCENARIOS: dict[str, dict] = {
    "hanging-2p": {"players": ["Ann", "Ben"], "seed": 2, "tiles": {
        "Ann": ["garden", "garden", "statue", "garden", "garden", "queen", "garden", "statue"],
        "Ben": ["statue", "gardener", "garden", "statue", "statue", "guard", "queen"],
    }},
    "hanging-3p": {"players": ["Ann", "Ben", "Cy"], "seed": 3, "tiles": {
        "Ann": ["queen", "queen", "garden"],  # 15 + 2 = 17, 3 tiles
        "Ben": ["garden", "garden", "garden", "statue"],  # 16 + 1 = 17, 4 tiles
        "Cy": ["statue", "statue", "garden", "garden"],  # 3 + 8 = 11, 4 tiles
    }},
    # the seed's temple per themed cell (house rule temples=per-cell) and two themes only: areas
    # grow large, every temple allowed is built, temples move, the tiles run out before the deck
    "hanging-4p": {"players": ["Ann", "Ben", "Cy", "Di"], "seed": 4, "tiles": None, "letters": "RG",
                   "house_rules": {"temples": "per-cell"}},
}


def make_card(rng: random.Random, letters: str = LETTERS) -> str:
    cells = ["."] * 6
    for i in rng.sample(range(6), rng.randint(1, 4)):
        cells[i] = rng.choice(letters)
    return "".join(cells[:3]) + "/" + "".join(cells[3:])


def play(name: str, spec: dict) -> Record:
    game = registry.game(GAME)
    setup = {"players": spec["players"], "solo": False, "name": name, "house_rules": spec.get("house_rules", {}),
             "rules": 4}
    per_area = setup["house_rules"].get("temples", "per-area") == "per-area"
    state = game.new_state(setup)
    rng = random.Random(spec["seed"])
    scripts = {p: list(t) for p, t in spec["tiles"].items()} if spec["tiles"] else None
    box = [s for s, n in (("queen", 4), ("king", 4), ("tiger", 6), ("garden", 6), ("statue", 6), ("chalice", 10),
                          ("gate", 8)) for _ in range(n)] + ["animal-handler", "gardener", "sculptor", "priest", "guard"]
    rng.shuffle(box)
    log: list[dict] = []

    def act(command: str, **options):
        nonlocal state
        acted = game.act(state, command, check_options(find_command(game.commands(), command), options))
        for event in acted.events:
            state = game.apply_event(state, event).state
            log.append(event)

    while not state.over:
        player = state.current_player
        layout = make_card(rng, spec.get("letters", LETTERS))
        options = ranked(player, layout, per_area)
        if not options:
            act("card", card=layout, discard=True)
            continue
        best = options[0]
        act("card", card=layout, at=f"{best['at'][0]},{best['at'][1]}", turn=best["turn"])
        player = state.current_player
        wants = scripts[player.name] if scripts is not None else box
        sites = gardens.temple_sites(gardens.areas(player.garden, player.temples), state.turn.placed, per_area)
        if sites and wants:
            site = sites[0]
            cell = min(c for c in site.cells if c in state.turn.placed)
            source = None
            if player.temples_left == 0:  # one of the smallest templed areas gives up its temple
                fr, fc = smallest_templed(player)[0].temples[0]
                source = f"{fr},{fc}"
            act("temple", cell=f"{cell[0]},{cell[1]}", move_from=source)
            if state.turn.tile_due:
                column = max(c for c in COLUMNS if c <= site.size and any(state.slots[slot(r, c)] for r in ROWS))
                drawn = wants[1] if site.size >= DRAW_FROM and sum(state.stacks) > 1 and len(wants) > 1 else None
                act("take", series=wants.pop(0), column=column, draw=drawn)
                if drawn is not None:
                    wants.pop(0)
        if not state.over:
            act("next")
    return Record(GAME, name, setup, log)


def main() -> None:
    for name, spec in SCENARIOS.items():
        record = play(name, spec)
        (OUT / f"{name}.txt").write_text(write_text(record))
        print(f"{name}: {len(record.actions)} actions")


if __name__ == "__main__":
    main()
