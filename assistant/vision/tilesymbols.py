"""The symbols printed on a tile's cells (Cottage Garden's pots and cloches), read by the looks a
calibrated board's profile learnt of its own printed symbols: matched in colour and lightness in
each cell's middle, and judged against the tile's plainest cell."""

from __future__ import annotations

import cv2
import numpy as np

from assistant.vision.lab import bgr_to_lab_u8
from assistant.vision.profile import BoardProfile
from assistant.vision.symbols import tile_marks

SYMBOL_NCC = 0.56  # a cell this like the board's own printed symbol shows it ... (set on samples/pbr --tiles seed 2)
SYMBOL_LEAD = 0.12  # ... and the tile's plainest cell less well by this much
SYMBOL_ALONE = 0.75  # ... or, this like, whatever the tile's other cells (all of a domino's may print one)
SYMBOL_DOUBT = 0.08  # a score this near SYMBOL_NCC leaves the cell in doubt
SYMBOL_SIZES = (0.85, 1.0, 1.15, 1.3)
SYMBOL_INSET = 0.15  # cells: a symbol's look is its cell's middle, this far in from each side
SYMBOL_SLACK = 0.12  # cells: a symbol is matched this far from its cell's middle at most


def printed_planes(bgr: np.ndarray) -> np.ndarray:
    """The planes printed symbols are matched on: Lab, colour as much as lightness (a pot's
    terracotta ring on a tile's green flowers is of the same grey)."""
    return bgr_to_lab_u8(np.ascontiguousarray(bgr[..., :3]))


def symbol_looks(prof: BoardProfile, cell: int) -> dict[str, list[np.ndarray]]:
    """The board's own printed symbols as the profile learnt them: of each symbol, the pixelwise
    median of its cells' middles (the symbol is printed alike in each, the art around it differs),
    in printed_planes, at `cell` pixels a cell, at a few sizes (a tile prints its symbols a little
    larger or smaller than the board does) and every quarter turn; only the symbols the game's
    tiles print (symbols.GAME_TILE_MARKS)."""
    planes = printed_planes(prof.reference)
    printed = tile_marks(prof.game)
    middles: dict[str, list[np.ndarray]] = {}
    m, s = prof.margin_px, prof.cell
    inner = int(round(s * SYMBOL_INSET))
    for r, row in enumerate(prof.layout):
        for c, name in enumerate(row):
            if name in printed:
                middles.setdefault(name, []).append(
                    planes[m + r * s + inner:m + (r + 1) * s - inner, m + c * s + inner:m + (c + 1) * s - inner])
    looks: dict[str, list[np.ndarray]] = {}
    for name, seen in middles.items():
        middle = np.median(np.stack(seen), axis=0).astype(np.uint8)
        for size in SYMBOL_SIZES:
            side = max(6, int(round(cell * (1 - 2 * SYMBOL_INSET) * size)))
            look = cv2.resize(middle, (side, side), interpolation=cv2.INTER_AREA)
            looks.setdefault(name, []).extend(np.ascontiguousarray(np.rot90(look, k)) for k in range(4))
    return looks


def symbol_scores(windows: list[np.ndarray], looks: dict[str, list[np.ndarray]], cell: int) -> list[dict[str, float]]:
    """The best normalised match of each symbol's templates in the middle of each cell's window
    (a symbol is printed in the middle of its cell: a match nearer the cell's edge is its art, its
    border line or the tile's edge). The windows' middles are stacked and matched in one call a
    template, each keeping the matches that lie wholly inside it."""
    scores: list[dict[str, float]] = [{} for _ in windows]
    slack = int(round(SYMBOL_SLACK * cell))
    stacks: dict[tuple[int, int], tuple[list[int], np.ndarray]] = {}  # a template size's windows' middles, stacked

    def stacked(h: int, w: int) -> tuple[list[int], np.ndarray]:
        if (h, w) not in stacks:
            fits = [i for i, win in enumerate(windows) if win.shape[0] >= h and win.shape[1] >= w]
            middles = []
            for i in fits:
                y, x = (windows[i].shape[0] - h) // 2, (windows[i].shape[1] - w) // 2
                middles.append(windows[i][y:y + h, x:x + w])
            stacks[(h, w)] = fits, (np.concatenate(middles, axis=0) if middles else np.empty((0, w, 3), np.uint8))
        return stacks[(h, w)]

    for name, templates in looks.items():
        best = np.full(len(windows), -1.0)
        for t in templates:
            th, tw = t.shape[:2]
            h, w = th + 2 * slack, tw + 2 * slack
            fits, strip = stacked(h, w)
            if not fits:
                continue  # a window cut short at the canvas's edge: no match
            res = cv2.matchTemplate(strip, t, cv2.TM_CCOEFF_NORMED)
            inside = np.stack([res[k * h:k * h + 2 * slack + 1] for k in range(len(fits))])
            best[fits] = np.maximum(best[fits], inside.reshape(len(fits), -1).max(axis=1))
        for i in range(len(windows)):
            scores[i][name] = float(best[i])
    return scores


def symbols_of(scores: dict[tuple[int, int], dict[str, float]]) -> dict[tuple[int, int], tuple[str | None, bool]]:
    """Each cell's printed symbol (or None) and whether that is in doubt. Any busy art matches a
    template somewhere, so a symbol is a cell that matches well in itself and clearly better than
    the same tile's plainest cell (its own art, printed alike: not the others' median, which is a
    symbol's own on a tile printed with several), or that matches very well (SYMBOL_ALONE: a tile
    may print a symbol in every cell); a one-cell tile, with nothing to compare, is in doubt
    whenever it matches well. In doubt is a cell that a little more or less likeness and lead
    (SYMBOL_DOUBT) would read otherwise."""
    out: dict[tuple[int, int], tuple[str | None, bool]] = {}
    for cell, mine in scores.items():
        others = [v for k, v in scores.items() if k != cell]
        lead = {name: score - (min(o[name] for o in others) if others else 0.0)
                for name, score in mine.items()}
        name = max(mine, key=lambda n: (mine[n] >= SYMBOL_ALONE, lead[n]))
        score, ahead = mine[name], lead[name]
        if others:  # read otherwise with a little more or less likeness and lead: in doubt
            unsure = reads_symbol(score + SYMBOL_DOUBT, ahead + SYMBOL_DOUBT) != reads_symbol(
                score - SYMBOL_DOUBT, ahead - SYMBOL_DOUBT)
        else:
            unsure = score >= SYMBOL_NCC - SYMBOL_DOUBT
        out[cell] = (name if reads_symbol(score, ahead) else None, unsure)
    return out


def reads_symbol(score: float, ahead: float) -> bool:
    """Whether a cell this like a symbol, leading its tile's plainest cell by this much, shows it."""
    return score >= SYMBOL_NCC and (ahead >= SYMBOL_LEAD or score >= SYMBOL_ALONE)
