"""Writes Gartenbau's golden game records in samples/records/: whole games played by a seeded table
through `play.Table`, with a catalogue and market rings defined first (in a throw-away
GARDEN_HOME), as a table would for its box.

The tiles here are made up: no source gives the box's seedlings, plants, flowers or ring; the
catalogue below is a test box, not the real one. Each turn the seeded player places a flower
when one fits, else buys the first plant it can afford and place, else takes a seedling tile
(sometimes skipping a petal, sometimes taking the petal's resources); each uses the flowerpot and
the watering can once in some games. The expected tallies in tests/gartenbau/test_golden.py were
worked out by hand from the flowers and uncovered plants each record shows.

    python samples/make_gartenbau_records.py
"""

from __future__ import annotations

import os
import random
import tempfile
from pathlib import Path

OUT = Path(__file__).resolve().parent / "records"
GAME = "gartenbau"
KINDS = ("aster", "basil", "chive", "dill", "endive", "fennel")
COLOURS = ("red", "blue", "yellow")
RINGS = {2: "S P1s C P1w C P2s C P1s1w C P2w C P1s C",
         3: "S P1s C P1w C P2s P1s1w C P2w C P1s C P1w C",
         4: "S P1s C P1w C P2s P1s1w C P2w C P1s C P1w C P2s C"}
SCENARIOS = {"gartenbau-2p": {"players": "Ann,Ben", "seed": 2, "flowers": "beginner", "hands": False},
             "gartenbau-3p": {"players": "Ann,Ben,Cy", "seed": 3, "flowers": "advanced", "hands": True},
             "gartenbau-4p": {"players": "Ann,Ben,Cy,Di", "seed": 4, "flowers": "beginner", "hands": True}}


def define_box(rng: random.Random) -> None:
    """A test box: 72 seedling tiles (15 marked), 8 plants a colour worth 1-4, 24 flowers."""
    from assistant.games.gartenbau import catalogue, market

    for i in range(72):
        catalogue.define("seedling", {"id": f"S{i + 1}", "kinds": "+".join(rng.sample(KINDS, 2)), "marked": i < 15})
    for colour in COLOURS:
        for i in range(8):
            catalogue.define("plant", {"id": f"{colour[0].upper()}{i + 1}", "colour": colour,
                                       "needs": "+".join(rng.choices(KINDS, k=2)),
                                       "cost": f"{rng.randint(0, 2)}s{rng.randint(0, 2)}w", "points": 1 + i // 2})
    for i in range(24):
        catalogue.define("flower", {"id": f"F{i + 1}", "colours": "+".join(rng.sample(COLOURS, 2)),
                                    "points": rng.randint(3, 8)})
    for players, ring in RINGS.items():
        market.define(players, ring)


def play(name: str, spec: dict) -> None:
    from assistant.games.gartenbau import catalogue, rules
    from assistant.games.gartenbau import garden as gardens
    from assistant.games.gartenbau.fit import plant_places, seedling_places
    from assistant.play import Table
    from assistant.session import history, notation

    rng = random.Random(spec["seed"])
    table = Table()
    names = spec["players"].split(",")
    starts = [f"{p}={'+'.join(rng.sample(KINDS, 2))}" for p in names]
    table.new(GAME, {"players": spec["players"], "name": name, "flowers": spec["flowers"], "start": starts})
    seedlings = [s for s in catalogue.load("seedling").values() if not (s.marked and len(names) == 2)]
    rng.shuffle(seedlings)
    flowers = list(catalogue.load("flower"))
    rng.shuffle(flowers)
    if spec["hands"]:
        size = 6 if len(names) == 2 else 5
        for i, p in enumerate(names):
            table.act(name, "hand", {"player": p, "flowers": ",".join(flowers[i * size:(i + 1) * size])})
    pot_turn = {p: rng.randint(3, 20) for p in names}
    while not table.load(name).state.over:
        state = table.load(name).state
        me = state.current_player
        act = _flower(state, me, flowers, rng) or _plant(state, me, plant_places) or None
        if act is None and me.flowerpot and me.turns == pot_turn[me.name]:
            petal = next(i for i, p in enumerate(state.petals, 1) if p.tiles)
            table.act(name, "flowerpot", {"petal": petal})
            tile = seedlings.pop()
            place = rng.choice(seedling_places(table.load(name).state.current_player, "+".join(tile.kinds)))
            act = ("seedling", {"tile": tile.id, "at": "{},{}".format(*place["at"]), "turn": place["turn"]})
        if act is None:
            found = rules.spaces(state)
            skips = ["sun"] if me.sun >= 2 and rng.random() < 0.2 else []
            try:
                stop, _ = rules.landing(state, found, len(skips))
            except Exception:  # noqa: BLE001 - no petal to stop on after a skip: no skip
                skips = []
                stop, _ = rules.landing(state, found, 0)
            petal = rules.petal_of(found, stop)
            if state.petals[petal - 1].tiles == 0 or rng.random() < 0.15:
                act = ("seedling", {"skip": skips, "resources": True})
            else:
                tile = seedlings.pop()
                place = rng.choice(seedling_places(me, "+".join(tile.kinds)))
                act = ("seedling", {"skip": skips, "tile": tile.id, "at": "{},{}".format(*place["at"]),
                                    "turn": place["turn"]})
        table.act(name, act[0], act[1])
        state = table.load(name).state
        me = state.current_player
        if me.can and me.turns == pot_turn[me.name] + 2:
            free = [p for p in me.of_layer("seedling") if gardens.movable(me, p.cells[0])]
            if len(free) >= 2:
                a, b = rng.sample(free, 2)
                table.act(name, "can", {"action": "swap", "cells": ["{},{}".format(*a.cells[0]),
                                                                     "{},{}".format(*b.cells[0])]})
        excess = me.resources - 10
        returned = ["sun"] * min(excess, me.sun) + ["water"] * (excess - min(excess, me.sun)) if excess > 0 else []
        table.act(name, "next", {"return": ",".join(returned)})
    loaded = table.load(name)
    record = notation.Record(GAME, name, loaded.row.setup, history.actions_of(loaded.moves))
    (OUT / f"{name}.txt").write_text(notation.write_text(record))
    print(name, len(record.actions), "actions;", table.tally(name)["ranking"])


def _flower(state, me, flowers, rng):
    from assistant.games.gartenbau import catalogue
    from assistant.games.gartenbau import garden as gardens

    hand = me.hand if me.hand is not None else flowers
    plants = gardens.uncovered_plants(me)
    for card in hand:
        spec = catalogue.flower(card)
        for a in plants:
            for b in plants:
                if a is b or sorted(a.colours + b.colours) != sorted(spec.colours):
                    continue
                if any(abs(x[0] - y[0]) + abs(x[1] - y[1]) == 1 for x in a.cells for y in b.cells):
                    gain = ",".join(rng.choice(("sun", "water")) for _ in range(3))
                    cells = "+".join("{},{}".format(*c) for c in a.cells + b.cells)
                    return "flower", {"flower": card, "over": cells, "gain": gain}
    return None


def _plant(state, me, plant_places):
    from assistant.games.gartenbau import catalogue
    from assistant.games.gartenbau.components import short_resources

    for colour in COLOURS:
        top = catalogue.stack(colour, len(state.players), state.bought)
        if not top or me.sun < top[0].cost[0] or me.water < top[0].cost[1]:
            continue
        places = plant_places(me, top[0].id)
        if places:
            cells = "+".join("{},{}".format(*c) for c in places[0]["cells"])
            return "plant", {"stack": colour, "over": cells}
    return None


def main() -> None:
    with tempfile.TemporaryDirectory() as home:
        os.environ["GARDEN_HOME"] = home
        define_box(random.Random(1))
        for name, spec in SCENARIOS.items():
            play(name, spec)


if __name__ == "__main__":
    main()
