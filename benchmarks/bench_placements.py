"""Timing of the grid engine: all placements of one tile on one bed.

Run:  .venv/bin/python benchmarks/bench_placements.py [--quick]

Prints medians; asserts nothing (timings depend on the machine and its load).
The target from the issue: all placements of one tile on one 5x5 bed, median
under 1 ms, pure Python. "cold" = the first call for that (shape, board size)
after clearing every cache; "warm" = later calls (the usual case in a game).
The tile shapes are stand-ins of each size: the real Cottage Garden shapes
are not known yet (rules/components.md).
"""

from __future__ import annotations

import os
import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from assistant.grid import (  # noqa: E402
    HOLE,
    Grid,
    Shape,
    clear_cache,
    components,
    placements,
    uncoverable,
)

TILES = [
    Shape.parse("#", {(0, 0): "cloche"}, name="1 cell"),
    Shape.parse("##", {(0, 0): "pot"}, name="2 cells"),
    Shape.parse("##/#.", name="3 cells L"),
    Shape.parse("###/#..", name="4 cells L"),
    Shape.parse("#####", {(0, 2): "pot"}, name="5 cells I"),
    Shape.parse("##/##/#.", name="5 cells P"),
    Shape.parse("##../.###/..#.", name="6 cells"),
    Shape.parse("###/###", name="6 cells 2x3"),
]
LEAVES = [  # Indian-Summer-like leaves, one hole each (stand-in shapes)
    Shape.parse("##/#.", {(0, 0): HOLE}, name="leaf 3"),
    Shape.parse("###/.#.", {(0, 1): HOLE}, name="leaf 4"),
    Shape.parse(".##/##./.#.", {(1, 1): HOLE}, name="leaf 5"),
]
BED = Grid(5, 5)
HALF_BED = BED.full & ~Grid.parse_mask("###../##.../#.##./..###/....#")[1]  # 12 cells covered
WOODS = Grid(9, 8)
WOODS_FREE = WOODS.full & ~sum(1 << i for i in range(72) if (i * 7) % 3 == 0 and i % 5)  # ~27% taken
WOODS_HOLES = sum(1 << i for i in range(72) if i % 4 == 1)


def median_us(fn, repeats: int, batch: int = 1, cold: bool = False) -> float:
    """Median microseconds per call over `repeats` timings of `batch` calls."""
    samples = []
    for _ in range(repeats):
        if cold:
            clear_cache()
        start = time.perf_counter_ns()
        for _ in range(batch):
            fn()
        samples.append((time.perf_counter_ns() - start) / batch / 1000)
    return statistics.median(samples)


def machine_note() -> str:
    try:
        load = "load %.2f %.2f %.2f" % os.getloadavg()
    except OSError:  # pragma: no cover - not on every OS
        load = "load n/a"
    return (
        f"{platform.python_implementation()} {platform.python_version()} on "
        f"{platform.system()} {platform.machine()}, {os.cpu_count()} CPUs, {load}"
    )


def main() -> None:
    quick = "--quick" in sys.argv
    cold_n, warm_n, batch = (30, 30, 20) if quick else (200, 200, 50)
    print("grid engine placement benchmark (medians, microseconds per call)")
    print("machine:", machine_note())
    print(f"cold: {cold_n} first calls after clear_cache(); warm: {warm_n} x {batch} calls")
    print()
    header = f"{'tile':<12}{'cells':>6}{'orient':>7} | {'board':<14}{'found':>6}{'cold':>10}{'warm':>10}"
    print(header)
    print("-" * len(header))
    rows = []
    for shape in TILES + LEAVES:
        cases = [("5×5 empty", BED, BED.full, None), ("5×5 half", BED, HALF_BED, None)]
        if shape in LEAVES:
            cases = []
        cases.append(("9×8 woods", WOODS, WOODS_FREE, {HOLE: WOODS_FREE} if shape in LEAVES else None))
        for label, grid, allowed, marks in cases:

            def call(shape=shape, grid=grid, allowed=allowed, marks=marks):
                return placements(shape, grid, allowed, mark_allowed=marks)

            found = len(call())
            cold = median_us(call, cold_n, cold=True)
            call()
            warm = median_us(call, warm_n, batch)
            rows.append((label, cold, warm))
            print(
                f"{shape.name:<12}{shape.size:>6}{len(shape.orientations()):>7} | "
                f"{label:<14}{found:>6}{cold:>9.1f}µ{warm:>9.1f}µ"
            )
    print()
    bed = [r for r in rows if r[0].startswith("5×5")]
    print(
        "one tile on one 5×5 bed: worst median cold %.1f µs, worst median warm %.1f µs (target < 1000 µs)"
        % (max(r[1] for r in bed), max(r[2] for r in bed))
    )

    # What a move ranker does per position: every tile, dead cells, regions.
    def rank_inputs():
        for shape in TILES:
            placements(shape, BED, HALF_BED)
        uncoverable(HALF_BED, TILES[2:], BED)
        components(HALF_BED, BED)

    rank_inputs()
    print(
        "ranker inputs on the half bed (8 tiles' placements + dead cells + regions), warm: %.1f µs"
        % median_us(rank_inputs, warm_n, max(1, batch // 10))
    )
    animal = Shape.parse("###/.#.", name="T animal")
    print(
        "animal pattern search on 9×8 hole cells (placements(animal, grid, holes)), warm: %.1f µs"
        % median_us(lambda: placements(animal, WOODS, WOODS_HOLES), warm_n, batch)
    )


if __name__ == "__main__":
    main()
