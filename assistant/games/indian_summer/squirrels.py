"""Board mode: where the end chain's squirrels go (IS-END-2), chosen to leave the fewest empty cells.

Every squirrel covers one empty cell wherever it goes, so the only thing the
choice changes is how many squirrels the chain gets in all: a completed region
pays out its tokens, and those become nuts and more squirrels in the next wave.
So the plan is made per region, not per cell:

* exact search (cheap: at most 6 regions, 64 subsets a wave, and a wave that
  completes nothing ends the chain, so at most 6 waves deep, memoised) over which
  incomplete regions each wave fills up, simulating the nuts their tokens bring,
  with the same rates and spending order as chain.py (nuts, then feathers and
  mushrooms one for one, then blueberries two for one). It minimises the empty
  cells left, then keeps the most nuts (the first tie-breaker of the ranking);
* the squirrels a wave has left over go greedily to the incomplete regions with
  the fewest empty cells first, never finishing one (that would be another plan):
  a region nearly full is the cheapest one for the next wave to complete;
* inside a region, cells with the fewest uncovered neighbours first: lone cells
  no leaf tile could fill anyway, so the open areas stay whole for the main action
  that may still follow in the turn (final_turn=convert-then-act).

The nut supply running short is left to the chain itself (it stops, IS-SUPPLY-1).
Explicit cells (a recorded Final) are placed as given, checked like any squirrel.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from assistant.errors import IllegalMove
from assistant.games.indian_summer import laying, woods
from assistant.games.indian_summer.state import Player
from assistant.grid import Cell

B, N, M, F = range(4)


class BoardPlacer:
    """A `chain.Placer` on the cells: given cells per wave, or chosen by the plan above."""

    def __init__(self, given: list[list[Cell]] | None = None) -> None:
        self.given = given
        self.placed: dict[int, list[Cell]] = {}

    @classmethod
    def from_text(cls, text: str) -> "BoardPlacer":
        """'4,4+4,5/6,0' (waves split by '/', '-' a wave of no squirrel); '' = choose."""
        text = text.strip()
        if not text:
            return cls(None)
        waves = []
        for part in text.split("/"):
            part = part.strip()
            waves.append([] if part in ("", "-") else laying.parse_cells(part, "the final squirrels")[0])
        return cls(waves)

    def place(self, player: Player, wave: int, squirrels: int) -> Player:
        board = player.board
        if self.given is not None:
            if wave > len(self.given):
                raise IllegalMove("IS-END-2", f"Wave {wave} places {squirrels} squirrel(s), but no cells were given for it.")
            cells = self.given[wave - 1]
            if len(cells) != squirrels:
                raise IllegalMove("IS-END-2", f"Wave {wave} places {squirrels} squirrel(s), not {len(cells)}.")
        else:
            cells = choose_cells(player, squirrels)
        for r, c in cells:
            board, _ = laying.put_squirrel(board, f"{r},{c}", f"wave {wave}'s squirrel")
        self.placed[wave] = list(cells)
        return player._replace(board=board)

    def completes(self, player: Player, wave: int, squirrels: int) -> tuple[int, ...]:
        return tuple(r for r in woods.complete_regions(player.board) if r not in player.completed)

    def where(self, wave: int) -> str:
        return " ".join(f"{r},{c}" for r, c in self.placed.get(wave, []))

    def unused(self, waves_run: int) -> int:
        return max(0, len(self.given) - waves_run) if self.given is not None else 0

    def cells_text(self) -> str:
        return "/".join(laying.cells_text(self.placed[w]) or "-" for w in sorted(self.placed))


# -- the plan ---------------------------------------------------------------------

def _gain(tokens: tuple[int, ...]) -> tuple[int, int]:
    """(nut-equivalents apart from blueberries, blueberries) that a region's tokens bring."""
    return tokens[N] + tokens[M] + tokens[F], tokens[B]


def _spend(x: int, b: int, k: int) -> tuple[int, int]:
    """k nuts made and spent: held nuts, feathers, mushrooms first, then blueberries in pairs."""
    from_x = min(x, k)
    return x - from_x, b - 2 * (k - from_x)


def _spread(empties: dict[int, int], rest: int) -> dict[int, int] | None:
    """Left-over squirrels to incomplete regions, fewest empty cells first, none finished; None if impossible."""
    out: dict[int, int] = {}
    for region in sorted(empties, key=lambda r: (empties[r], r)):
        put = min(rest, empties[region] - 1)
        if put > 0:
            out[region] = put
            rest -= put
    return out if rest == 0 else None


@lru_cache(maxsize=4096)
def _best(x: int, b: int, empties: tuple[tuple[int, int], ...], gains: tuple[tuple[int, int, int], ...],
          k: int | None) -> tuple[tuple[int, int], tuple[int, ...], tuple[tuple[int, int], ...]]:
    """((empty cells left, -nuts kept), regions this wave fills, left-over spread) for the best plan.

    empties: (region, empty cells) of incomplete regions; gains: (region, x, b) their tokens bring;
    k: this wave's squirrels (None: as many as the nuts make)."""
    total = sum(e for _, e in empties)
    if k is None:
        k = min(x + b // 2, total)
    if k == 0:
        return (total, -(x + b // 2)), (), ()
    by_region = dict(empties)
    gain = {r: (gx, gb) for r, gx, gb in gains}
    x, b = _spend(x, b, k)
    best = None
    regions = list(by_region)
    for size in range(len(regions) + 1):
        for chosen in combinations(regions, size):
            cost = sum(by_region[r] for r in chosen)
            if cost > k:
                continue
            rest = {r: e for r, e in by_region.items() if r not in chosen}
            spread = _spread(rest, k - cost)
            if spread is None:
                continue
            nx, nb = x, b
            for r in chosen:
                nx, nb = nx + gain[r][0], nb + gain[r][1]
            left = tuple((r, e - spread.get(r, 0)) for r, e in rest.items())
            outcome = _best(nx, nb, left, tuple(g for g in gains if g[0] not in chosen), None)[0] \
                if chosen else (sum(e for _, e in left), -(nx + nb // 2))
            key = (outcome, size, chosen)  # ties: fewer regions (keeps the plan simple), then the lowest numbers
            if best is None or key < best[0]:
                best = (key, chosen, tuple(sorted(spread.items())))
    assert best is not None  # filling the cheapest regions in order always fits
    return best[0][0], best[1], best[2]


def plan(player: Player, squirrels: int) -> tuple[tuple[int, ...], dict[int, int], int]:
    """(regions this wave completes, left-over squirrels per region, empty cells the whole chain leaves)."""
    board = player.board
    incomplete = [r for r in range(1, 7) if r not in player.completed and woods.empty_in(board, r)]
    empties = tuple((r, woods.empty_in(board, r)) for r in incomplete)
    gains = tuple((r, *_gain(player.tokens[r - 1])) for r in incomplete)
    x, b = player.held[N] + player.held[M] + player.held[F], player.held[B]
    # The chain has already turned this wave's nuts into squirrels: plan from what was held before.
    x, b = x + squirrels, b
    (left, _), chosen, spread = _best(x, b, empties, gains, squirrels)
    return chosen, dict(spread), left


def choose_cells(player: Player, squirrels: int) -> list[Cell]:
    """The cells for one wave of `squirrels` squirrels on the player's board."""
    board = player.board
    chosen, spread, _ = plan(player, squirrels)
    free = woods.free_mask(board)
    cells: list[Cell] = []
    for region in chosen:
        cells.extend(woods.GRID.cells(free & woods.region_masks()[region - 1]))
    taken = woods.GRID.mask(cells)
    for region, count in spread.items():
        pool = free & woods.region_masks()[region - 1] & ~taken
        for _ in range(count):
            pick = _loneliest(pool & ~taken, free & ~taken)
            cells.append(pick)
            taken |= woods.GRID.bit(*pick)
    return sorted(cells)


def _loneliest(pool: int, free: int) -> Cell:
    """The cell of `pool` with the fewest uncovered neighbours (row-major on ties)."""
    best = None
    for r, c in woods.GRID.cells(pool):
        bit = woods.GRID.bit(r, c)
        n = (woods.GRID.neighbours(bit) & free).bit_count()
        if best is None or n < best[0]:
            best = (n, (r, c))
    assert best is not None
    return best[1]
