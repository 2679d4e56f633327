"""A small convolutional net's reading of each cell, beside the fitted trees' (cell_fit).

The trees read measures chosen by hand (the art's correlation, the mismatch in rings and
bands, a hole's cut). A woodland board's leaf tile shows the board through its hole inside a
ring of tile only 5-13% of a cell wide, often a few pixels in the photo: the measures lose it
among a neighbour's edge, its shadow and the registration noise. The net sees the cell with a
quarter cell around it, photo beside reference, and learns those shapes from rendered photos.
A game may have several nets (fits from other random starts), whose log-odds are averaged, over
the patch's turned and mirrored views too where they stay in doubt; that mean is averaged with
the trees' (cells.probability_covered) on the cells they doubt.

The net is a file of numbers (ONNX), fitted by benchmarks/fit_cell_net.py (PyTorch, for the
developer only) and run by OpenCV's dnn module: reading a photo needs nothing beyond OpenCV.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

#: side of a patch (pixels) and the share of a cell it shows around the cell on every side
PATCH = 32
CONTEXT = 0.25
#: the nets of each game that has them (fitted on that game's boards; several are averaged in
#: log-odds: fits of the same data from other random starts err on different cells). A third
#: woodland net reading 48-pixel patches (the same fit, 66 min) gained nothing: on the 237
#: held-out woodland photos below, 64 wrong cells and 208 perfect photos with it, 62 and 208
#: without (trees at 0.2 either way; alone it erred as often as these two). A fit with the cells
#: seen through a hole weighted 3 in the loss (fit_cell_net.py --hole-weight 3) missed fewer
#: holes but read more open cells covered: in the first net's place 31 / 34 wrong cells (12 / 11
#: of them holes) and 105 / 100 perfect photos, in the second's 36 / 31 (14 / 8) and 105 / 101,
#: against 31 / 28 (13 / 13) and 106 / 102 with the two shipped. Such a fit as a third member
#: (fit_cell_net.py ... --fit-seed 2 --hole-weight 3, 35 min), whole photos of rendered seeds
#: 1-8 / 21-28 / 41-48 (bench_photo_accuracy's woodland photos): 47 / 25 / 46 wrong cells where
#: 48 / 27 / 44, 269 / 290 / 288 perfect photos where 269 / 288 / 287: not added.
#: The woodland nets are fitted with 1000 photos of a second, independent renderer in the mix
#: (tests/vision/synth_woods.py, designs 100-199; fit_cell_net.py): the nets fitted on the
#: sample renderer alone missed that renderer's holes and its plainer tiles (alone they read 55
#: of 4320 cells wrong, with true corners) and, worse, holes of the third renderer, which no fit
#: sees (woods_photos). bench_photo_accuracy.py --count 100, before -> after: woods_photos seeds
#: 1-3 59 -> 4 wrong cells, 268 -> 296 perfect photos; synth_woods (its designs 0-3) seeds 1-3
#: 187 -> 39, 209 -> 275; the sample renderer's woodland photos, seeds 41-44 and 61-68, 102 ->
#: 112 wrong cells, 408 -> 409 perfect (a third member, the former first net, kept 50 / 136
#: where 44 / 135 before on seeds 42, 43, 64, 65, but gave back a third of the gain on the
#: others: woods_photos seed 3 8 wrong, synth_woods seed 3 23: not kept).
#: The beds have two nets since they were fitted with all the physically rendered development beds
#: (samples/pbr/README.md): the first alone read two tiles of the sample renderer open with
#: confidence (bench_photo_accuracy.py --count 100 --seed 7: 4 confidently wrong cells where 2);
#: with the second (--fit-seed 1) that benchmark reads line for line as before the refit
NET_FILES = {"indian-summer": (Path(__file__).with_name("cell_net_woodland.onnx"),
                               Path(__file__).with_name("cell_net_woodland_2.onnx")),
             "cottage-garden": (Path(__file__).with_name("cell_net_beds.onnx"),
                                Path(__file__).with_name("cell_net_beds_2.onnx"))}
_NETS: dict[Path, cv2.dnn.Net] = {}
#: the further nets of a game read only the cells the first leaves in doubt (its log-odds at most
#: this far from 0): each net costs ~60 ms a 9x8 board on a 2-core machine. Woodland photos, true
#: corners (237 of seeds 1-3 and 11-13): the second net on 10% of the cells (5% at 6) gave the
#: same wrong cells, definite errors and perfect photos as on all of them (the first net then
#: read every cell; it now reads those the trees doubt, cells.TREES_SURE)
DOUBT = 8.0
#: a cell the nets still doubt (their log-odds at most this far from 0) is read again in the
#: 7 other views of its patch, quarter-turned and mirrored (the nets were fitted on patches
#: turned and mirrored at random: each view errs differently), and the 8 views' log-odds
#: averaged. Rendered seeds 1-8 / 21-28 (cached-photo replica of bench_photo_accuracy):
#: woodland photos 48 / 27 wrong cells where 52 / 38, 269 / 288 perfect where 268 / 279; beds
#: 7 / 2 wrong where 9 / 2, 466 / 465 perfect where 464 / 465. At 8 (every cell the nets
#: read): the same woodland figures
VIEWS_DOUBT = 3.0


def cell_patches(img: np.ndarray, prof) -> np.ndarray:
    """rows x cols x PATCH x PATCH x 3 (uint8): each cell of a reference-sized image with
    CONTEXT of a cell around it, resized to PATCH pixels."""
    s, m = prof.cell, prof.margin_px
    pad = int(round(CONTEXT * s))
    a = cv2.copyMakeBorder(img, pad, pad, pad, pad, cv2.BORDER_REPLICATE)
    out = np.empty((prof.rows, prof.cols, PATCH, PATCH, 3), np.uint8)
    for r in range(prof.rows):
        for c in range(prof.cols):
            y0, x0 = m + r * s, m + c * s  # the cell's corner less pad, in the padded image
            out[r, c] = cv2.resize(a[y0 : y0 + s + 2 * pad, x0 : x0 + s + 2 * pad], (PATCH, PATCH),
                                   interpolation=cv2.INTER_AREA)
    return out


def net_input(photo: np.ndarray, reference: np.ndarray) -> np.ndarray:
    """Patches of one board (n x PATCH x PATCH x 3, photo and reference) -> n x 6 x PATCH x
    PATCH in -1..1: the photo scaled per channel so that its mean over the board is the
    reference's (exposure and white balance; a tile's own colour stays), then both stacked."""
    x = photo.astype(np.float32)
    r = reference.astype(np.float32)
    gain = r.mean(axis=(0, 1, 2)) / (x.mean(axis=(0, 1, 2)) + 1.0)
    x = np.clip(x * gain, 0, 255)
    both = np.concatenate([x, r], axis=-1) / 127.5 - 1.0
    return np.ascontiguousarray(both.transpose(0, 3, 1, 2))


def has_net(game: str) -> bool:
    paths = NET_FILES.get(game, ())
    return bool(paths) and all(p.exists() for p in paths)


def _net(path: Path) -> cv2.dnn.Net:
    if path not in _NETS:
        _NETS[path] = cv2.dnn.readNetFromONNX(str(path))
    return _NETS[path]


def log_odds(warp: np.ndarray, reference_patches: np.ndarray, prof, paths: tuple[Path, ...] | None = None,
             where: np.ndarray | None = None) -> np.ndarray:
    """rows x cols log-odds of covered by the game's nets (has_net) for a rectified photo
    (reference-sized BGR): the first net's, averaged with the further nets' where it is in doubt
    (DOUBT), then over the other views where still in doubt (VIEWS_DOUBT); NaN outside `where`
    (rows x cols bools; default every cell), cells no net reads.
    reference_patches: cell_patches of the profile's reference; `paths`: these net files
    instead of the game's."""
    n = prof.rows * prof.cols
    z = np.full(n, np.nan)
    read = np.ones(n, bool) if where is None else np.asarray(where, bool).ravel()
    if not read.any():
        return z.reshape(prof.rows, prof.cols)
    # the input of every cell (net_input evens out the exposure over the whole board)
    blob = net_input(cell_patches(warp, prof).reshape(n, PATCH, PATCH, 3),
                     reference_patches.reshape(n, PATCH, PATCH, 3))[read]
    first, *further = NET_FILES[prof.game] if paths is None else paths
    zr = _forward(first, blob)
    doubt = np.abs(zr) <= DOUBT
    if further and doubt.any():
        zr[doubt] = (zr[doubt] + sum(_forward(p, blob[doubt]) for p in further)) / (1 + len(further))
    again = np.abs(zr) <= VIEWS_DOUBT
    if again.any():
        views = np.concatenate(other_views(blob[again]))  # 7 x n patches: one pass of each net
        nets = (first, *further)
        per_view = sum(_forward(p, views) for p in nets).reshape(-1, int(again.sum())) / len(nets)
        zr[again] = (zr[again] + per_view.sum(axis=0)) / (1 + len(per_view))
    z[read] = zr
    return z.reshape(prof.rows, prof.cols)


def other_views(blob: np.ndarray) -> list[np.ndarray]:
    """The 7 other views of net inputs (n x channels x PATCH x PATCH): turned by one, two and
    three quarter turns, and those four mirrored."""
    turned = [np.rot90(blob, k, axes=(2, 3)) for k in range(4)]
    views = turned[1:] + [np.flip(t, axis=3) for t in turned]
    return [np.ascontiguousarray(v) for v in views]


def _forward(path: Path, blob: np.ndarray) -> np.ndarray:
    net = _net(path)
    net.setInput(blob)
    return np.asarray(net.forward(), np.float64).ravel()
