"""Timing of `rank_placements`: every placement of one tile on one 5x5 bed, ranked.

Run:  .venv/bin/python benchmarks/bench_fit.py [--quick]

Prints medians in microseconds; asserts nothing (timings depend on the machine
and its load). Targets from the issue: all placements of one tile on one 5x5
bed, median under 1 ms; `garden advise` (4 tiles in the gardener line x 2 beds)
under 50 ms of compute -- the last block times that workload with the ranking
alone. Tile shapes stand in for each size (the real shapes of 3A-6H are not
known yet: rules/components.md). Warm = the engine's placement tables are
already built (every call after the first for a shape in a process).
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from assistant.games.cottage_garden.bed import parse_bed  # noqa: E402
from assistant.games.cottage_garden.bedfit import rank_placements  # noqa: E402
from assistant.grid import Shape, clear_cache  # noqa: E402

TILES = [
    Shape.parse("#", {(0, 0): "cloche"}, name="1 cell (1A)"),
    Shape.parse("##", {(0, 0): "pot"}, name="2 cells (2A)"),
    Shape.parse("##/#.", name="3 cells L"),
    Shape.parse("###/#..", name="4 cells L"),
    Shape.parse("#####", name="5 cells I (5F)"),
    Shape.parse("##/##/#.", name="5 cells P"),
    Shape.parse("##../.###/..#.", name="6 cells"),
]
EMPTY_BED = parse_bed("..P../C..../...../.P.../....C")
HALF_BED = parse_bed("##P../#.k../p..##/.P###/..#.C")  # 12 of 25 cells covered
QUEUE = [Shape.parse(t) for t in ("###", "##/#.", "####", "##/##", "#####", ".#./###", "##/##/#.")]


def median_us(fn, repeats: int, batch: int) -> float:
    samples = []
    for _ in range(repeats):
        t = time.perf_counter()
        for _ in range(batch):
            fn()
        samples.append((time.perf_counter() - t) / batch)
    return statistics.median(samples) * 1e6


def main() -> None:
    quick = "--quick" in sys.argv
    repeats, batch = (5, 20) if quick else (21, 50)
    print(f"rank_placements, median µs per call ({repeats} x {batch} calls), warm tables")
    print(f"{'tile':<16}{'bed':<8}{'placements':>11}{'default':>10}{'+queue,cats':>13}")
    for shape in TILES:
        for name, bed in (("empty", EMPTY_BED), ("half", HALF_BED)):
            n = len(rank_placements(bed, shape))
            plain = median_us(lambda: rank_placements(bed, shape), repeats, batch)
            full = median_us(lambda: rank_placements(bed, shape, remaining_shapes=QUEUE, cats=1), repeats, batch)
            print(f"{shape.name:<16}{name:<8}{n:>11}{plain:>10.0f}{full:>13.0f}")

    clear_cache()
    t = time.perf_counter()
    rank_placements(EMPTY_BED, TILES[-1])
    print(f"\ncold first call (6-cell tile, empty bed, tables built): {(time.perf_counter() - t) * 1e6:.0f} µs")

    line = TILES[2:6]  # 4 tiles in the gardener line
    beds = (EMPTY_BED, HALF_BED)

    def advise() -> None:
        for i, tile in enumerate(line):
            rest = [s for j, s in enumerate(line) if j != i] + QUEUE
            for b, bed in enumerate(beds, 1):
                rank_placements(bed, tile, bed=b, remaining_shapes=rest, cats=1)

    advise()
    warm = median_us(advise, repeats, max(1, batch // 10))
    clear_cache()
    t = time.perf_counter()
    advise()
    cold = (time.perf_counter() - t) * 1e6
    print(f"advise workload (4 tiles x 2 beds, queue of {len(QUEUE)} + 3 as remaining shapes, 1 cat): "
          f"median {warm / 1000:.2f} ms warm, {cold / 1000:.2f} ms cold")


if __name__ == "__main__":
    main()
