"""Tiles laid face up beside a calibrated board, read from one photo (`garden tiles scan`).

The board, found as `garden check` finds it, gives the table's plane and the cell's size: the
photo is rectified onto that plane at PX pixels a cell, around the board. What differs from the
table (its few colours, learnt beyond where tiles are laid, each pixel taken against the table's
own look around it) and lies apart from the board is a tile; each tile's outline is turned
upright by the directions of its own edges and quantised to the grid of whole cells that covers
it best; a cell the outline half fills is the tile's. Inside the outline, the table
showing through a cell's middle is a hole (in a game that cuts holes: Indian Summer's leaf
tiles); a printed flowerpot or cloche is found by the looks the board's profile learnt of its own
printed symbols, in colour and lightness; where glare hides a cell's print, no symbol read there is
in doubt. A blob that touches the board is taken again by colour alone (the table's light beside
the board joins tiles to it). The shape is given at a canonical turn (grid.Shape.canonical without
flips: a tile has one printed face).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

from assistant.errors import GardenError
from assistant.grid import HOLE, Shape
from assistant.vision.glare import clipped_white
from assistant.vision.imageio import LoadedPhoto
from assistant.vision.profile import BoardProfile
from assistant.vision.symbols import tile_marks
from assistant.vision.tablelook import foreground
from assistant.vision.tilesymbols import (SYMBOL_INSET, printed_planes, symbol_looks, symbol_scores,
                                          symbols_of)

PX = 32  # rectified pixels a cell
REACH = 8.0  # how far around the board tiles are looked for, cells
TILES_WITHIN = 5.5  # cells from the board: tiles are looked for nearer, the table learnt beyond
BRIDGE_PX = int(round(0.15 * PX))  # a thread this wide (twice) between two blobs does not join them
MIN_AREA = 0.45  # cells: a smaller blob is dirt or a crumb, not a tile
BOARD_CLEAR = 0.15  # cells: a blob with TOUCH_AREA this near the board's outer edge touches it ...
TOUCH_AREA = 0.15  # cells squared (its side wall or a shadow along the edge reaches less far)
EDGE_SLIVER = 0.45  # ... unless it is thinner than this: the board's own side wall or shadow
OCCUPIED = 0.5  # a cell half filled by the outline is the tile's ...
SURE_OCC = 0.22  # ... and one filled between SURE_OCC and 1 - SURE_OCC is in doubt
SIZE_SLACK = 0.3  # cells: an outline this far from whole cells wide or high is in doubt ...
GRID_FIT = 0.8  # ... as is one whole cells are less alike than this to (a tile's side and shadow widen it)
HOLE_SHARE = 0.25  # a cell whose middle (HOLE_MIDDLE a side) shows this much table is a hole ...
HOLE_DOUBT = 0.1  # ... and one this near it is in doubt (both set on samples/pbr --tiles seed 2)
HOLE_MIDDLE = 0.4  # cells: a hole may be small (the tile's thickness hides its rim seen at a slant)
SYMBOL_GLARE = 0.1  # a cell's middle this much clipped by glare shows no symbol only in doubt
MARK = {"pot": "pot", "cloche": "cloche", "hole": HOLE}  # the catalogues' own marks
DOUBTED = 0.4  # the confidence of a tile in doubt at most


@dataclass
class ScannedTile:
    shape: Shape  # at its canonical turn; marks: "pot", "cloche", grid.HOLE
    outline_px: list[list[float]]  # the outline in full-size photo pixels
    uncertain: bool
    cells_px: list[np.ndarray] = field(default_factory=list)  # each quantised cell's corners, photo pixels
    doubts: list[str] = field(default_factory=list)  # why it is uncertain
    confidence: float = 1.0

    @property
    def text(self) -> str:
        return self.shape.to_text()

    def doubt(self, why: str) -> None:
        """Put it in doubt, saying why: uncertain, and no surer than DOUBTED (a tile read in doubt
        is DOUBTED sure)."""
        self.doubts.append(why)
        self.uncertain, self.confidence = True, min(self.confidence, DOUBTED)

    def to_json(self) -> dict:
        marks = self.shape.mark_map()
        return {"shape": self.text, "cells": [list(c) for c in self.shape.cells],
                "symbols": [{"kind": m, "cell": list(c)} for c, m in sorted(marks.items()) if m != HOLE],
                "holes": [list(c) for c, m in sorted(marks.items()) if m == HOLE],
                "outline_px": self.outline_px, "uncertain": self.uncertain, "doubts": self.doubts,
                "confidence": round(self.confidence, 3)}


@dataclass
class Scan:
    tiles: list[ScannedTile]
    refused: list[str]  # blobs not read, each with why (merged tiles, over the board's edge, cut off)


def _canvas(photo: LoadedPhoto, homography: np.ndarray, prof: BoardProfile) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(the photo rectified onto the table around the board, where it shows the photo, canvas px ->
    full-size photo px). Grid units: cell (r, c) is [c, c+1] x [r, r+1]."""
    frame = prof.margin
    u0, v0 = -frame - REACH, -frame - REACH
    w = int(np.ceil((prof.cols + 2 * (frame + REACH)) * PX))
    h = int(np.ceil((prof.rows + 2 * (frame + REACH)) * PX))
    to_grid = np.array([[1 / PX, 0, u0 + 0.5 / PX], [0, 1 / PX, v0 + 0.5 / PX], [0, 0, 1]])
    to_photo = np.linalg.inv(homography) @ to_grid
    to_image = np.diag([1 / photo.scale, 1 / photo.scale, 1.0]) @ to_photo
    flags = cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP
    img = cv2.warpPerspective(photo.image, to_image, (w, h), flags=flags, borderMode=cv2.BORDER_CONSTANT)
    ih, iw = photo.image.shape[:2]
    inside = cv2.warpPerspective(np.full((ih, iw), 255, np.uint8), to_image, (w, h), flags=cv2.INTER_NEAREST | cv2.WARP_INVERSE_MAP,
                                 borderMode=cv2.BORDER_CONSTANT, borderValue=0)
    ys, xs = np.mgrid[0:h, 0:w]
    depth = to_image[2, 0] * xs + to_image[2, 1] * ys + to_image[2, 2]
    inside[depth <= 0] = 0  # behind the camera (beyond the horizon)
    return img, cv2.erode(inside, np.ones((5, 5), np.uint8)) > 0, to_photo


def _board_mask(prof: BoardProfile, shape: tuple[int, int], grow: float) -> np.ndarray:
    frame = prof.margin
    o = (frame + REACH) * PX
    m = np.zeros(shape, np.uint8)
    x0, y0 = int(o - (frame + grow) * PX), int(o - (frame + grow) * PX)
    x1, y1 = int(o + (prof.cols + frame + grow) * PX), int(o + (prof.rows + frame + grow) * PX)
    m[max(0, y0):y1, max(0, x0):x1] = 255
    return m > 0


def _filled(mask: np.ndarray) -> np.ndarray:
    """The mask with its holes filled (outer contours only)."""
    cs, _ = cv2.findContours(mask.astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    out = np.zeros(mask.shape, np.uint8)
    cv2.drawContours(out, cs, -1, 255, -1)
    return out > 0


def _sliver(blob: np.ndarray) -> bool:
    """Whether the blob is nowhere EDGE_SLIVER thick: no tile, but the board's own side wall or its
    shadow along an edge, around a corner too (its widest inscribed circle, not its enclosing
    rectangle, which an L round a corner fills)."""
    return 2 * float(cv2.distanceTransform(blob.astype(np.uint8), cv2.DIST_L2, 5).max()) < EDGE_SLIVER * PX


def _edge_angle(contour: np.ndarray) -> float:
    """The outline's own grid angle in degrees (0-90): a tile's edges run two ways at right angles,
    so the directions of its outline's steps, taken modulo 90 degrees and weighted by length,
    peak there (a T or an S has no smallest enclosing rectangle along its edges; its steps do)."""
    pts = cv2.approxPolyDP(contour, PX * 0.06, True).reshape(-1, 2).astype(np.float64)
    steps = np.roll(pts, -1, axis=0) - pts
    length = np.hypot(steps[:, 0], steps[:, 1])
    ang = np.degrees(np.arctan2(steps[:, 1], steps[:, 0])) % 90.0
    # a circular mean on the 90-degree circle: four times the angle
    z = (length * np.exp(1j * np.radians(ang * 4))).sum()
    return float(np.degrees(np.angle(z)) / 4 % 90.0)


def _grid_fit(up: np.ndarray, box: tuple[float, float, float, float]) -> tuple[float, float, np.ndarray, float, int]:
    """The grid of whole cells that best covers an upright blob with cells that hold together:
    (x0, y0) of its first cell, its cells' fill (rows x columns), how alike the cells half filled are
    to the blob (IoU), and how many cells are in doubt: partly filled (between SURE_OCC and
    1 - SURE_OCC) on it or on the grid centred on the outline, taken by one grid and not the other,
    or one when the very best cover's cells did not hold together. Its origin is searched over
    eighths of a cell around the outline's corner: a tile's cast shadow or a soft edge widens its
    outline on one side, and the cells that adds are partly filled and drop out; but a cell the
    centred grid finds half in, the fitted one may find nearly out, and that is a doubt still."""
    x_lo, y_lo, x_hi, y_hi = box
    h, w = up.shape
    integral = cv2.integral(up.astype(np.uint8)).astype(np.float64)
    area = integral[-1, -1]
    rw, rh = x_hi - x_lo + 1, y_hi - y_lo + 1
    ncols, nrows = int(np.ceil(rw / PX)) + 1, int(np.ceil(rh / PX)) + 1  # room for every origin's cells

    def boxes(ox: np.ndarray, oy: np.ndarray, start: int, side: int) -> np.ndarray:
        """The blob's pixels in each cell's square [start, start + side) of the grids with first
        cells at ox x oy (every pair)."""
        xs = np.clip(np.round(ox[:, None] + np.arange(ncols) * PX).astype(int) + start, 0, w)
        ys = np.clip(np.round(oy[:, None] + np.arange(nrows) * PX).astype(int) + start, 0, h)
        x1, y1 = np.minimum(xs + side, w), np.minimum(ys + side, h)
        at = lambda yy, xx: integral[yy[:, None, :, None], xx[None, :, None, :]]  # noqa: E731
        return at(y1, x1) - at(ys, x1) - at(y1, xs) + at(ys, xs)

    def cover(ox: np.ndarray, oy: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(IoU, cells' fill) of the grids with first cells at ox x oy (every pair). A cell's fill is
        its ring's, the middle half left out: a leaf tile's hole, or a hole's thin frame at the
        tile's edge partly lost, leaves it the tile's."""
        sums = boxes(ox, oy, 0, PX)
        ring = (sums - boxes(ox, oy, PX // 4, PX // 2)) / (PX * PX - (PX // 2) ** 2)
        chosen = ring >= OCCUPIED
        inside = (sums * chosen).sum(axis=(-1, -2))
        alike = inside / np.maximum(area + chosen.sum(axis=(-1, -2)) * PX * PX - inside, 1.0)
        return alike, ring

    steps = np.arange(-0.5, 0.5, 0.125) * PX
    alike, fill = cover(x_lo + steps, y_lo + steps)
    order = np.argsort(-alike, axis=None)
    # a tile's cells hold together: the best grid whose cells do (a corner cell half lost can leave
    # two cells meeting at a corner only on the best one; that is then a doubt)
    pick = next((k for k in order if _held_together(fill.reshape(-1, *fill.shape[2:])[k] >= OCCUPIED)), order[0])
    iy, ix = np.unravel_index(int(pick), alike.shape)
    best = fill[iy, ix]
    centred = cover(np.array([(x_lo + x_hi - round(rw / PX) * PX) / 2]),
                    np.array([(y_lo + y_hi - round(rh / PX) * PX) / 2]))[1][0, 0]

    def cells(f: np.ndarray) -> set[tuple[int, int]]:
        rows, cols = np.nonzero(f >= OCCUPIED)
        return set(zip((rows - rows.min()).tolist(), (cols - cols.min()).tolist())) if len(rows) else set()

    partly = lambda f: int(((f > SURE_OCC) & (f < 1 - SURE_OCC)).sum())  # noqa: E731
    doubtful = max(partly(best), partly(centred), len(cells(best) ^ cells(centred)), int(pick != order[0]))
    return x_lo + steps[ix], y_lo + steps[iy], best, float(alike[iy, ix]), doubtful


def _held_together(taken: np.ndarray) -> bool:
    """Whether the taken cells (a boolean grid) are one piece, side by side."""
    count, _ = cv2.connectedComponents(taken.astype(np.uint8), connectivity=4)
    return count == 2


@dataclass
class _Planes:
    """What a tile is read from, over the canvas or a part of it."""
    fg: np.ndarray  # what differs from the table (tablelook.foreground)
    printed: np.ndarray  # the face symbols are matched on (tilesymbols.printed_planes)
    glare: np.ndarray  # where glare hides the print (glare.clipped_white)

    def __getitem__(self, part) -> _Planes:
        return _Planes(self.fg[part], self.printed[part], self.glare[part])


@dataclass
class _Draft:
    """A tile's outline quantised to whole cells, its holes, and the windows its symbols are read
    in: all of a reading but the symbols (_finish), which are matched for all tiles at once (a
    match a template for every window of the photo costs half of one a tile)."""
    cells: list[tuple[int, int]]
    holes: dict[tuple[int, int], str]  # cell -> MARK["hole"]
    windows: dict[tuple[int, int], np.ndarray]  # cell -> its face around it, where a symbol may be
    glared: set[tuple[int, int]]  # cells whose print glare hides
    doubts: list[str]  # of its outline and holes
    partly: int  # cells only partly inside its outline
    outline_px: list[list[float]]
    cells_px: list[np.ndarray]
    margin: float  # how far the cells' fill is from OCCUPIED, at the nearest

    @property
    def uncertain(self) -> bool:
        """In doubt by its outline or holes (symbols not yet read)."""
        return bool(self.doubts or self.partly)

    @property
    def hole_count(self) -> int:
        return len(self.holes)


def _draft(blob: np.ndarray, planes: _Planes, holed: bool, to_photo: np.ndarray) -> _Draft:
    """A tile's draft from its blob (the filled outline) and the planes around it; `holed`: whether
    its game cuts holes through tiles. GardenError when its cells do not make a tile."""
    cs, _ = cv2.findContours(blob.astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    contour = max(cs, key=cv2.contourArea)
    angle = _edge_angle(contour)
    centre = contour.reshape(-1, 2).mean(axis=0)
    rot = cv2.getRotationMatrix2D((float(centre[0]), float(centre[1])), angle, 1.0)
    turned = cv2.transform(contour.astype(np.float32), rot).reshape(-1, 2)
    (x_lo, y_lo), (x_hi, y_hi) = turned.min(axis=0), turned.max(axis=0)
    rw, rh = x_hi - x_lo + 1, y_hi - y_lo + 1
    h, w = blob.shape
    up = cv2.warpAffine(blob.astype(np.uint8) * 255, rot, (w, h), flags=cv2.INTER_LINEAR) > 127
    holes = cv2.warpAffine(((blob & ~planes.fg).astype(np.uint8)) * 255, rot, (w, h), flags=cv2.INTER_LINEAR) > 127
    face = cv2.warpAffine(planes.printed, rot, (w, h), flags=cv2.INTER_LINEAR)
    glared = (cv2.warpAffine(planes.glare.astype(np.uint8) * 255, rot, (w, h), flags=cv2.INTER_LINEAR) > 127
              if planes.glare.any() else np.zeros((h, w), bool))
    x0, y0, grid, fit, partly = _grid_fit(up, (x_lo, y_lo, x_hi, y_hi))
    nrows, ncols = grid.shape
    doubts = []
    if abs(rw / PX - round(rw / PX)) > SIZE_SLACK or abs(rh / PX - round(rh / PX)) > SIZE_SLACK:
        doubts.append(f"its outline is {rw / PX:.1f} x {rh / PX:.1f} cells, not whole cells")
    elif fit < GRID_FIT:
        doubts.append(f"whole cells cover its outline poorly ({fit:.0%} alike)")
    cells, marks = [], {}
    windows: dict[tuple[int, int], np.ndarray] = {}
    glared_cells = set()
    inset = int(round(SYMBOL_INSET * PX))
    lo, hi = int(PX * (1 - HOLE_MIDDLE) / 2), int(PX * (1 + HOLE_MIDDLE) / 2)
    for r in range(nrows):
        for c in range(ncols):
            ys, xs = int(round(y0 + r * PX)), int(round(x0 + c * PX))
            if grid[r, c] < OCCUPIED:
                continue
            cells.append((r, c))
            middle = holes[ys + lo:ys + hi, xs + lo:xs + hi]
            share = float(middle.mean()) if middle.size and holed else 0.0
            if abs(share - HOLE_SHARE) < HOLE_DOUBT:
                doubts.append(f"cell {r},{c}: a hole or not")
            if share > HOLE_SHARE:
                marks[(r, c)] = MARK["hole"]
                continue
            pad = PX // 6
            window = face[max(0, ys - pad):ys + PX + pad, max(0, xs - pad):xs + PX + pad]
            if window.size:
                windows[(r, c)] = window
                glare_seen = glared[ys + inset:ys + PX - inset, xs + inset:xs + PX - inset]
                if glare_seen.size and glare_seen.mean() > SYMBOL_GLARE:
                    glared_cells.add((r, c))
    if not cells:
        raise GardenError("no cell")
    try:
        Shape.from_cells(cells)
    except GardenError:
        raise GardenError("its cells do not hold together") from None
    approx = cv2.approxPolyDP(contour, PX * 0.08, True).reshape(-1, 2).astype(np.float64)
    px = np.c_[approx, np.ones(len(approx))] @ to_photo.T
    back = cv2.invertAffineTransform(rot)
    cells_px = []
    for r, c in cells:
        square = np.array([[x0 + c * PX, y0 + r * PX], [x0 + (c + 1) * PX, y0 + r * PX],
                           [x0 + (c + 1) * PX, y0 + (r + 1) * PX], [x0 + c * PX, y0 + (r + 1) * PX]])
        canvas = np.c_[square, np.ones(4)] @ back.T
        photo = np.c_[canvas, np.ones(4)] @ to_photo.T
        cells_px.append(photo[:, :2] / photo[:, 2:3])
    return _Draft(cells, marks, windows, glared_cells, doubts, partly, (px[:, :2] / px[:, 2:3]).round(1).tolist(),
                  cells_px, float(np.abs(grid - OCCUPIED).min()))


def _finish(draft: _Draft, scores: dict[tuple[int, int], dict[str, float]]) -> ScannedTile:
    """The tile from its draft and its windows' symbol scores (tilesymbols.symbol_scores; none: no
    symbols read, as for a game that prints none)."""
    marks, doubts = dict(draft.holes), list(draft.doubts)
    for cell, (name, unsure) in symbols_of(scores).items():
        if name is not None:
            marks[cell] = MARK[name]
        if unsure:
            doubts.append(f"cell {cell[0]},{cell[1]}: a printed symbol or not")
        elif name is None and cell in draft.glared:
            doubts.append(f"cell {cell[0]},{cell[1]}: glare hides its print")
    if draft.partly:
        doubts.append(f"{draft.partly} cell(s) only partly inside its outline")
    canonical = Shape.from_cells(draft.cells, marks).canonical(flip=False)
    tile = ScannedTile(canonical, draft.outline_px, False, cells_px=draft.cells_px,
                       confidence=DOUBTED if doubts else min(1.0, 2 * draft.margin))
    for why in doubts:
        tile.doubt(why)
    return tile


def _read_symbols(drafts: list[_Draft], looks) -> list[dict[tuple[int, int], dict[str, float]]]:
    """Each draft's windows' symbol scores, all the drafts' windows matched at once."""
    if not looks:
        return [{} for _ in drafts]
    keys = [(i, cell) for i, d in enumerate(drafts) for cell in d.windows]
    found = symbol_scores([drafts[i].windows[cell] for i, cell in keys], looks, PX) if keys else []
    out: list[dict[tuple[int, int], dict[str, float]]] = [{} for _ in drafts]
    for (i, cell), score in zip(keys, found):
        out[i][cell] = score
    return out


def _blobs(mask: np.ndarray, on_board: np.ndarray) -> list[tuple[np.ndarray, tuple[int, int, int, int]]]:
    """The blobs of a foreground off the board, each (its filled outline, its box x, y, w, h): what
    joins a tile to another or to the board only by a thread (speckle of a shadow's edge, the
    board's own halo) is cut, a tile being a cell wide at its narrowest; specks are left out."""
    bridge = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * BRIDGE_PX + 1, 2 * BRIDGE_PX + 1))
    filled = _filled(mask)
    solid = cv2.morphologyEx(filled.astype(np.uint8), cv2.MORPH_OPEN, bridge) > 0
    filled &= ~on_board
    count, labels, stats, _ = cv2.connectedComponentsWithStats((solid & ~on_board).astype(np.uint8), connectivity=8)
    out = []
    for k in range(1, count):
        if stats[k, cv2.CC_STAT_AREA] / PX ** 2 < MIN_AREA:
            continue
        blob = cv2.dilate((labels == k).astype(np.uint8), bridge).astype(bool) & filled  # its corners back
        out.append((blob, tuple(int(v) for v in stats[k, :4])))
    return out


def _touches(blob: np.ndarray, board: np.ndarray) -> bool:
    """Whether the blob reaches the board (`board`: grown BOARD_CLEAR) by TOUCH_AREA or more."""
    return bool((blob & board).sum() >= TOUCH_AREA * PX ** 2)


def _apart_from_board(blob: np.ndarray, colour: np.ndarray, on_board: np.ndarray,
                      board: np.ndarray) -> list[tuple[np.ndarray, tuple[int, int, int, int]]]:
    """The blobs in one that touches the board taken by what differs from the table in colour
    alone (`colour`), when one of them lies apart from the board: the table lit brighter or
    darker beside the board than the light around carries (a lamp's pool, a window's sheen
    peaking at its edge) joins the tiles near it to the board. None when all of them touch it
    still (a tile over its edge)."""
    parts = _blobs(colour & blob, on_board)
    return parts if any(not _touches(part, board) for part, _ in parts) else []


def _by_colour(draft: _Draft, blob: np.ndarray, colour: np.ndarray, on_board: np.ndarray, read) -> _Draft | None:
    """A tile whose outline is in doubt, drafted again from what of its blob differs from the table
    in colour alone, when that is one blob: the shadow a tile casts (hard, under a lamp) and its
    side wall seen at a slant differ from the table in lightness, not colour, and widen its
    outline past whole cells. The second draft is taken when its outline is sure, takes cells off
    (a shadow adds cells only; colour alone may lose a thin part, a hole's frame, so a draft by it
    with as many cells confirms nothing) and no hole; and kept if its symbols are sure too.
    (`read(outline)`: the draft of an outline.)"""
    by_colour = _blobs(colour & blob, on_board)
    if len(by_colour) != 1:
        return None
    try:
        again = read(by_colour[0][0])
    except GardenError:
        return None
    sure = not again.uncertain and len(again.cells) < len(draft.cells) and again.hole_count >= draft.hole_count
    return again if sure else None


def scan_tiles(photo: LoadedPhoto, prof: BoardProfile, homography: np.ndarray) -> Scan:
    """The tiles around a located board (homography: full-size photo px -> grid units)."""
    img, inside, to_photo = _canvas(photo, homography, prof)
    board = _board_mask(prof, inside.shape, BOARD_CLEAR)
    unlike = foreground(img, inside, _board_mask(prof, inside.shape, 0.3),
                        ~_board_mask(prof, inside.shape, TILES_WITHIN), PX)
    fg = unlike.fg
    planes = _Planes(fg, printed_planes(img), clipped_white(img))
    holed = "hole" in tile_marks(prof.game)
    looks = symbol_looks(prof, PX)  # the symbols a tile of this board's game prints, as its board prints them
    # the board is no tile: what lies on it is left out, what reaches over its edge touches it
    on_board = _board_mask(prof, inside.shape, 0.0)
    tiles: list[ScannedTile] = []
    refused: list[str] = []
    edge = ~inside
    todo = [(blob, box, False) for blob, box in _blobs(fg, on_board)]
    drafts: list[tuple[str, _Draft, _Draft | None]] = []  # where, its draft, its draft by colour
    while todo:
        blob, (bx, by, bw, bh), again = todo.pop(0)
        x, y = bx / PX - prof.margin - REACH, by / PX - prof.margin - REACH
        where = f"the blob at cell {y:+.0f},{x:+.0f} of the board's grid"
        if _touches(blob, board):
            if _sliver(blob):
                continue  # the board's own side or shadow along its edge
            parts = [] if again else _apart_from_board(blob, unlike.colour, on_board, board)
            if parts:
                todo.extend((part, box, True) for part, box in parts)
                continue
            refused.append(f"{where} touches the board or lies over its edge: lay it apart from the board")
            continue
        if np.any(cv2.dilate(blob.astype(np.uint8), np.ones((5, 5), np.uint8)).astype(bool) & edge):
            refused.append(f"{where} runs out of the photo: lay it nearer the board or take the photo wider")
            continue
        # the tile is read in the canvas's part around it, room left for turning it upright
        reach = int(np.hypot(bw, bh)) + PX
        mx, my = bx + bw // 2, by + bh // 2
        x0, y0 = max(0, mx - reach), max(0, my - reach)
        part = np.s_[y0:my + reach, x0:mx + reach]
        shifted = to_photo @ np.array([[1.0, 0, x0], [0, 1.0, y0], [0, 0, 1.0]])

        def read(outline: np.ndarray) -> _Draft:
            return _draft(outline, planes[part], holed, shifted)

        try:
            draft = read(blob[part])
        except GardenError as err:
            refused.append(f"{where}: {err}")
            continue
        other = _by_colour(draft, blob[part], unlike.colour[part], on_board[part], read) if draft.uncertain else None
        drafts.append((where, draft, other))
    # the symbols of every draft matched at once, then each tile finished
    scores = _read_symbols([d for _, first, other in drafts for d in (first, other) if d is not None], looks)
    for where, first, other in drafts:
        tile = _finish(first, scores.pop(0))
        if other is not None:
            again = _finish(other, scores.pop(0))
            tile = tile if again.uncertain else again
        if tile.shape.size > 6:
            refused.append(f"{where} is {tile.shape.size} cells: tiles touching each other merged into one "
                           "outline; lay them apart")
            continue
        tiles.append(tile)
    return Scan(tiles, refused)
