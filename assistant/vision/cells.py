"""Cell classification against a calibrated reference: covered or not, with a confidence.

The photo is rectified onto the profile's reference (REF_CELL pixels a cell) and
every cell is compared with what the empty board looks like there:

* the photo is read at the size a 12 MP JPEG is decoded at (reduced_photo), whatever its size;
* geometry first: the smooth misfit the homography leaves (a lens's bend, corners a little
  off) is moved out (finewarp), since every measure compares pixels at the same place;
* photometry next: the reference is blurred to the photo's sharpness (a climb over
  blur candidates that stops at the first one that does not gain), and the
  photo's light (a smooth lightness gain over the board) and white balance (a gain
  and offset on a and b) are fitted on the parts that plainly show the board (the
  frame, which tiles never cover, and cells whose art clearly matches);
* per-cell measurements that mean something physically (cell_features): how well
  the art correlates with the reference (high-pass NCC, two scales), the Lab
  difference after the photometric fit by distance from the cell edge (centre,
  border band, each side), extra edges parallel to each side (a tile's outline,
  the cut of a leaf tile's hole), texture lost or gained, and the same measures
  of the four neighbours (a hole is a reference-matching centre inside a ring of
  tile that continues into a covered neighbour); the mismatch again after the cell's own
  lightness gain (a shadow or a bright patch on open board is a gain, a tile rarely is); a
  leaf tile's hole ring (cell_rings: tile outside a cut, board inside it, on every side, at
  the cut depth that fits each side) and the share of pixels the sensor clipped (glare);
* a small boosted-tree model (cell_model.npz, fitted by cell_fit.py on a mix of
  rendered photos: the sample renderer's designs and dozens more, and the
  independent tests/vision/synth.py boards) turns the measures into P(covered);
  its members, fitted on two such mixes, are averaged;
* a second stage sees the first stage's P(covered) of the four neighbours and
  splits each side's evidence by what lies beyond it (a tile's overhang, outline
  and shadow reach into an open cell only from a covered neighbour; a covered cell
  differs from the board on its open-facing sides too; a hole is ringed by tile).
  A cell whose probability is not clearly on one side gets a low confidence; the
  reader lists it as uncertain instead of guessing;
* the light last: a cell read covered whose colour pattern is the board's (board_shows; a
  highlight adds white light, which leaves the pattern) leans open, in doubt; a cell read covered
  under clipped glare its art does not show is in doubt, and one the glare hides is in doubt
  whichever way it reads (under_glare); so is a cell whose edges show next to nothing of what the
  board's own open cells show (shows_no_detail): an object out of focus in front of the board;
* a photo too soft for its game's board is refused (GardenError) rather than read: its
  confident readings go wrong (woodland boards from about a tenth of a cell, beds only beyond
  the strongest blur the reference is matched at). The softness must show on the cells and on
  the board as a whole (the frame too): on a nearly full board the cells are all tiles.

All measures are normalised per photo (divided by the typical mismatch of cells
that plainly show the board), so that they carry over between cameras and boards.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from assistant.vision import cell_fit, cell_net, symbols
from assistant.vision.cell_measures import BLUR_SIGMAS, aligned_to_reference, cell_features, cell_reference
from assistant.vision.glare import GLARE_LEVEL, chroma_correlation, clipped_white
from assistant.vision.imageio import TARGET_LONG_SIDE
from assistant.vision.profile import BoardProfile
from assistant.vision.rectified import cell_pixels

#: P(covered) between these is not a reading but a guess: confidence below 0.5
SURE_LOW, SURE_HIGH = 0.2, 0.8


#: the fitted cell models (cell_fit.load_model): Cottage Garden's beds have their own, fitted on
#: beds alone; every other game's boards are read by the model of all boards. One model for all
#: read open bed cells ringed by tiles covered (the woodland's "art amid tiles may show through a
#: leaf tile's hole"): with true corners, rendered photos of seeds 1-5 and 7, bed cells read
#: wrong fell from 45 to 31 and photos with a wrong cell from 38 to 29 with the beds' own model
MODEL_FILE = Path(__file__).with_name("cell_model.npz")
MODEL_FILES = {"cottage-garden": Path(__file__).with_name("cell_model_beds.npz")}
_MODELS: dict[Path, dict] = {}
#: a model that replaces every game's (the benchmark measures another fit so)
MODEL: dict | None = None


def model_file(game: str) -> Path:
    """The model file that reads a game's boards."""
    return MODEL_FILES.get(game, MODEL_FILE)


def _model(game: str) -> dict:
    if MODEL is not None:
        return MODEL
    path = model_file(game)
    if path not in _MODELS:
        _MODELS[path] = cell_fit.load_model(path)
    return _MODELS[path]


#: the nets' share of the log-odds averaged with the trees' (probability_covered), by game
#: (NET_WEIGHT_DEFAULT for the others). Woodland photos, true corners, those not refused as too
#: blurred (118 of seeds 1-3, 119 of seeds 11-13): the trees alone read 86 and 97 cells wrong;
#: the first net alone 45 and 41, averaged with the trees at 0.5 38 and 38 (97 photos perfect
#: of seeds 11-13); the two nets' mean at 0.5 / 0.6 / 0.7 / 0.8: 36 / 37 / 34 / 32 wrong (seeds
#: 1-3, where the weight was chosen) and 33 / 31 / 32 / 30 (seeds 11-13; 102 photos perfect)
NET_WEIGHT = {"indian-summer": 0.8}
NET_WEIGHT_DEFAULT = 0.5
#: the nets' reading counts only on the cells the trees leave in doubt (log-odds at most this far from 0;
#: ~60 ms a 9x8 board for every cell on a 2-core machine). Those woodland photos: the nets on
#: the 23% of the cells the trees doubt at 8 (49% at 10) gave 31 and 28 wrong cells where on
#: every cell 32 and 30, the same definite errors (13, 12) and perfect photos (106, 102); 800
#: rendered photos of both games, located (seeds 1-8): 57 wrong cells and 728 perfect photos
#: where 58 and 727, the beds' unchanged. The cells the trees are sure are covered are read as
#: well, only to check the trees (readers_unsure): physically rendered beds (samples/pbr
#: seed 1) had open cells under glare read covered with the trees at +9..+10, the nets at -2..-12
TREES_SURE = 8.0


def trees_log_odds(X: np.ndarray, names: list[str], sides: np.ndarray | None = None,
                   game: str = symbols.DEFAULT_GAME) -> np.ndarray:
    """Log-odds of covered per cell by the game's model (model_file), averaged over its members
    (fitted on different training mixes: averaged, the model of all boards read 220 cells wrong
    where its first member alone read 252, true corners, 800 rendered photos of the tuning
    seeds). Each member reads the cell's own measures, then (when the side measures are given)
    its second stage also sees the first stage's reading of the neighbours."""
    model = _model(game)
    z = np.zeros(X.shape[:-1])
    members = int(model["MEMBERS"])
    for i in range(members):
        p = cell_fit.probability(model, X, names, f"_{i}")
        if sides is not None:
            F2, n2 = cell_fit.neighbour_features(p, sides)
            p = cell_fit.probability(model, np.concatenate([X, F2], axis=-1), list(names) + n2, f"2_{i}")
        p = np.clip(p, 1e-9, 1 - 1e-9)
        z += np.log(p / (1 - p))
    return z / members


#: the trees and the nets read a cell from different evidence (measures chosen by hand; the
#: pixels themselves). Where each is this sure (log-odds) of the opposite reading, the cell is
#: left in doubt whatever their weighted mean says: under a light no fit saw, one of them is
#: wrong with confidence (samples/pbr seed 1, woodland: every leaf tile read open with
#: confidence had the trees at +2.3..+7.6 and the nets at -1.5..-7.1)
DISAGREE = 1.5
#: ... and where the nets read a cell (the cells the trees doubt, and those they call covered),
#: the reading is sure only when the nets alone are (their log-odds past the sure band, SURE_LOW /
#: SURE_HIGH): the trees' lean there is half a reading, and averaged in it made a guess of the
#: nets' look sure. Physically rendered scenes (samples/pbr development and judging scenes, 68
#: photos, 2781 cells, located): 4 of the 9 cells read wrong with confidence put in doubt (the nets
#: at -0.7..+0.65 on them), and 11 read right. bench_photo_accuracy, confidently wrong before ->
#: after: samples/renderer --count 60 --seed 41 1 -> 0 (cells in doubt 45 -> 47), woods_photos
#: --count 40 1 -> 0 (69 -> 70), pbr judging scenes 5 -> 3 (+9); every held-out set (beds seeds 3,
#: 11, 12, woodland 2, 6, 7; 150 photos): 5 -> 5 (447 -> 459); no cell read otherwise anywhere
NETS_SURE = float(np.log(SURE_HIGH / (1 - SURE_HIGH)))


def readers_unsure(p: np.ndarray, trees_z: np.ndarray, net_log_odds: np.ndarray | None) -> np.ndarray:
    """rows x cols: cells the nets read where the trees and the nets are each sure of the opposite
    reading (DISAGREE), or the nets are not sure of the reading P(covered) `p` gives (NETS_SURE);
    never where the nets did not read."""
    if net_log_odds is None:
        return np.zeros(np.shape(trees_z), bool)
    read = ~np.isnan(net_log_odds)
    net = np.nan_to_num(net_log_odds, nan=0.0)
    disagree = (np.sign(trees_z) * np.sign(net) < 0) & (np.minimum(np.abs(trees_z), np.abs(net)) >= DISAGREE)
    side = np.where(p >= 0.5, 1.0, -1.0)
    return read & (disagree | (side * net < NETS_SURE))


def in_doubt(p: np.ndarray, where: np.ndarray) -> np.ndarray:
    """P(covered) moved inside the uncertain band (SURE_LOW, SURE_HIGH) where `where`, keeping
    its side of 0.5."""
    return np.where(where, np.clip(p, SURE_LOW + 0.05, SURE_HIGH - 0.05), p)


def probability_covered(trees_z: np.ndarray, game: str = symbols.DEFAULT_GAME,
                        net_log_odds: np.ndarray | None = None) -> np.ndarray:
    """P(covered) per cell from the trees' log-odds (trees_log_odds), averaged with the game's
    nets' (cell_net) at the game's NET_WEIGHT where the nets read the cell (not NaN)."""
    z = trees_z
    if net_log_odds is not None:
        w = NET_WEIGHT.get(game, NET_WEIGHT_DEFAULT)
        z = np.where(np.isnan(net_log_odds), z, (1 - w) * z + w * net_log_odds)
    return 1 / (1 + np.exp(-z))


#: a cell whose photo is clipped (glare.clipped_white) over this much more of its area than its
#: calibrated look is in doubt: glare on varnish over an empty cell reads as a tile (physically
#: rendered photos, samples/pbr seed 1: every open cell read covered lay under the mirrored window)
GLARE_SHARE = 0.05
#: ... and over half of it, the glare hides the cell: what lies there is not in the photo, the user is
#: told so, and the cell is in doubt whichever way it reads (a tile's white print or a small
#: highlight clips a few percent). Physically rendered photos had cells the glare hides so read
#: open with confidence: two on the held-out sets (samples/pbr beds seed 3, woodland seed 2; right by
#: luck), two tiles on development woodland (seeds 4 and 5; wrong)
GLARE_HIDES = 0.5


def cell_insides(img: np.ndarray, prof: BoardProfile) -> np.ndarray:
    """rows x cols x k x 3: each cell's BGR pixels of a reference-sized image, an eighth of a cell
    in from every side (clear of the grid line and a neighbouring tile's edge), where the light's
    measures (glare_share, board_shows) look."""
    return cell_pixels(img[..., :3], prof.margin_px, prof.rows, prof.cols, prof.cell, max(1, prof.cell // 8))


def glare_share(warp: np.ndarray, prof: BoardProfile) -> np.ndarray:
    """rows x cols: the share of each cell the photo shows clipped highlight (glare.clipped_white)
    beyond what the board's own art, as calibrated, shows clipped (a tile's white print clips too)."""
    if warp.ndim != 3 or prof.reference is None:
        return np.zeros((prof.rows, prof.cols))
    return (clipped_white(cell_insides(warp, prof)).mean(axis=-1)
            - clipped_white(cell_insides(prof.reference, prof)).mean(axis=-1))


def glare_over_art(share: np.ndarray) -> np.ndarray:
    """rows x cols: cells where the photo shows clipped highlight that the board's own art does
    not (glare_share over GLARE_SHARE). A cell read covered there is left uncertain (P(covered) at
    most 0.5), never covered with confidence; the light, not the cell, is what changed."""
    return share > GLARE_SHARE


def glare_hides(share: np.ndarray) -> np.ndarray:
    """rows x cols: cells the glare hides (glare_share over GLARE_HIDES): what lies there is not in
    the photo, and the user is told so (BoardReading.glare)."""
    return share > GLARE_HIDES


def under_glare(p: np.ndarray, share: np.ndarray) -> np.ndarray:
    """P(covered) with the glare taken into account (glare_share): a cell read covered where the
    photo shows clipped highlight its art does not is left at 0.5 (glare_over_art); a cell the
    glare hides (glare_hides) is in doubt whichever way it reads (in_doubt)."""
    p = np.where((p >= 0.5) & glare_over_art(share), np.minimum(p, 0.5), p)
    return in_doubt(p, glare_hides(share))


#: a cell whose colour pattern matches the board's this well (glare.chroma_correlation, over the
#: pixels the photo does not clip) shows the board. Physically rendered development beds
#: (samples/pbr seeds 6 and 10, true corners), the 1140 plain cells (tile_may_look_alike): the 616
#: covered ones measured matched at most 0.447 (99% below 0.35; the highest flower tiles and a
#: cat), the open ones at a median of 0.59; of the 13 open cells read covered that had enough
#: unclipped pixels, 6 matched at 0.51-0.70, most of them under the glare, whose highlight the
#: measure sees through. The rule only ever moves a reading into doubt, so the bound sits at the
#: top of the tiles, not in the middle of the gap: a tile above it is read open in doubt (an
#: uncertain mistake); an open cell below it may stay covered with confidence, the costlier one
BOARD_SHOWS = 0.45
#: P(covered) of a cell read covered where the board shows (board_shows): open, as much in doubt
#: as a covered cell left at 0.5
LEANS_OPEN = 0.45


def board_shows(warp: np.ndarray, prof: BoardProfile) -> np.ndarray:
    """rows x cols: cells whose colour pattern is the board's (BOARD_SHOWS), on the cells a tile
    cannot look like (tile_may_look_alike)."""
    if warp.ndim != 3 or prof.reference is None:
        return np.zeros((prof.rows, prof.cols), bool)
    photo = cell_insides(warp, prof)
    # a pixel with any channel at the glare's level has lost its colour, white or not
    usable = photo.max(axis=-1) < GLARE_LEVEL
    with np.errstate(invalid="ignore"):  # NaN (too little unclipped) is not the board
        shows = chroma_correlation(photo, cell_insides(prof.reference, prof), usable) >= BOARD_SHOWS
    return shows & ~tile_may_look_alike(prof)


def tile_may_look_alike(prof: BoardProfile) -> np.ndarray:
    """rows x cols: cells a tile may show as the board shows them (symbols.tile_marks): every cell
    where tiles have a hole (the board shows through it), else those printed with a symbol tiles
    print too (a Cottage Garden flower tile's pot over a pot cell: the sample renderer's beds, seed 7,
    had 9 such tiles read open, in doubt, when their colour pattern was taken for the board's)."""
    marks = symbols.tile_marks(prof.game)
    if "hole" in marks:
        return np.ones((prof.rows, prof.cols), bool)
    return np.array([[name in marks for name in row] for row in prof.layout], bool)


def where_board_shows(p: np.ndarray, shows: np.ndarray) -> np.ndarray:
    """P(covered) with a cell read covered where the board shows (board_shows) left in doubt,
    leaning open (LEANS_OPEN): a tile is a print of its own, but the models read some open
    cells covered (under a highlight, beside one) with confidence."""
    return np.where((p >= 0.5) & shows, LEANS_OPEN, p)


#: a cell whose edges show under this share of the contrast (cell_measures.edge_contrast, photo
#: over reference at the photo's blur) that the board's own cells read open with confidence show
#: holds nothing in focus: neither the board's lines and art nor a piece's print and outline. An
#: object standing between the camera and the board, out of focus, or a washed-out patch: what
#: lies there is not in the photo, and the cell is in doubt whichever way it reads. Physically
#: rendered beds with a tall object in front (samples/pbr development scenes 80005_v1, 100029_v1,
#: 140009 and 140009_v1, true corners): the 5 of 6 cells read wrong with confidence that it hid
#: lay below 0.2, as did 14 of the 32 it hid, and none of 321 cells read right with confidence
#: elsewhere (those and the committed photos); 0.3 put 2 of these in doubt. Judged after on 10
#: scenes rendered for it (seeds 15, 16 of beds, 10, 11 of woodland; true corners): 17 of the 68
#: cells the object hid fell below, but none of the 5 confident mistakes it made there (it stood
#: nearer the board, in focus, its own outline sharp), and 1 of the 468 cells read right with
#: confidence elsewhere; 30 photos of beds seed 14 and woodland seed 8: 2 of 1150
NO_DETAIL = 0.2
#: ... measured against at least this many cells read open with confidence (a nearly covered
#: board has too few: its tiles show far more edges than the board, and the rule is not applied)
NO_DETAIL_OPEN = 3
#: what to do where nothing sharp shows (shows_no_detail; BoardReading.hidden names the cells)
NOTHING_SHARP = ("something out of focus stands between the camera and the board there, or a light washes "
                 "it out: move it or shade the light, or take it again from where the board shows clear")


def shows_no_detail(detail: np.ndarray, p: np.ndarray) -> np.ndarray:
    """rows x cols: cells that hold nothing in focus (NO_DETAIL, against the cells P(covered) reads
    open with confidence; none when fewer than NO_DETAIL_OPEN are)."""
    board = detail[p < SURE_LOW]
    if board.size < NO_DETAIL_OPEN:
        return np.zeros(detail.shape, bool)
    return detail < NO_DETAIL * float(np.median(board))


def confidence(p: np.ndarray) -> np.ndarray:
    """0..1; below 0.5 exactly when P(covered) lies inside (SURE_LOW, SURE_HIGH)."""
    p = np.asarray(p, np.float64)
    d = np.where(p >= 0.5, (p - SURE_HIGH) / (1 - SURE_HIGH), (SURE_LOW - p) / SURE_LOW)
    return np.clip(0.5 + 0.5 * d, 0.0, 1.0)


#: art this plainly the reference's ...
ART_PLAIN = 0.7
#: ... is read covered with confidence only through a hole: a ring of tile on every side,
#: i.e. the weakest side's band (just inside the cell edge) differs from the board.
#: (The extra-edge measure is no help: a hole's cut is a soft, shadowed step, and open cells
#: next to tiles show more extra edge than holes do. The former rule, band AND edge, with
#: the cell then read open, turned 70% of correctly read holes into wrong readings on
#: renders of unseen designs while saving almost no confident mistakes.)
HOLE_BAND_MIN = 0.7


def _veto_plain_art(p: np.ndarray, X: np.ndarray, names: list[str]) -> np.ndarray:
    """A cell whose own printed art plainly shows is covered only as a hole, and a hole
    has a cut on all four sides; without that evidence a covered reading stays a covered
    reading, but an uncertain one (P capped just below SURE_HIGH)."""
    f = {n: X[..., i] for i, n in enumerate(names)}
    art = (f["ncc_fine"] > ART_PLAIN) & (f["ncc_coarse"] > ART_PLAIN)
    ringed = f["mis_band0"] > HOLE_BAND_MIN
    return np.where(art & ~ringed, np.minimum(p, SURE_HIGH - 0.05), p)


#: the blur (reference pixels, a cell is 48) from which a photo of a game's board is refused.
#: Woodland boards need the thin ring of a leaf tile's hole and the small treasure art: from
#: about a tenth of a cell their readings went confidently wrong on rendered photos (one in
#: three photos with most open cells read covered). A bed's cells differ from a tile in colour
#: over the whole cell and read well up to the strongest blur the reference is matched at.
REFUSE_SIGMA = {"indian-summer": 4.5}


def too_blurred(info: dict, game: str = "") -> bool:
    """The photo is at least as soft as its game's refusal blur (REFUSE_SIGMA; the strongest
    blur the reference is matched at, BLUR_SIGMAS[-1], for other games) by the cells and by the
    whole board (cells and frame; see _sharpness): the cell art and a tile's outline are then
    washed out, and such a photo is refused rather than read."""
    limit = REFUSE_SIGMA.get(game, BLUR_SIGMAS[-1])
    return min(info["sigma"], info.get("sigma_board", info["sigma"])) >= limit


def reduced_photo(img: np.ndarray, corners: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The photo the cells are read from, with the grid's corners in it: reduced (area-averaged)
    to TARGET_LONG_SIDE, the size a phone's 12 MP JPEG is decoded at, so that a photo reads alike
    whatever size it comes in. The averaging quiets sensor noise and JPEG blocks more than it
    loses of a woodland hole's rim. The sample renderer's 1600 x 1200 photos
    (bench_photo_accuracy.py --count 100), woodland boards read perfectly as decoded / reduced:
    seeds 1-4 137 / 139 of 160, 41-44 139 / 140, 61-64 132 / 138 (per-cell error 0.34% / 0.27%;
    measured with the corners scaled without the half-pixel shift); the same scenes as 12 MP
    JPEGs, decoded reduced, 138; beds 465 / 465 of 480 on seeds 1-4 and 41-44."""
    k = TARGET_LONG_SIDE / max(img.shape[:2])
    if k >= 1:
        return img, corners
    small = cv2.resize(img, (round(img.shape[1] * k), round(img.shape[0] * k)), interpolation=cv2.INTER_AREA)
    return small, (corners + 0.5) * k - 0.5  # pixel centres move so under INTER_AREA


def classify_cells(img: np.ndarray, corners: np.ndarray, prof: BoardProfile, refuse_blur: bool = True
                   ) -> tuple[list[list[str]], np.ndarray, dict]:
    """Cells of a located board: COVERED or the printed symbol, a confidence 0..1 each, details.
    refuse_blur=False reads a too blurred photo anyway (the benchmark measures the refusal so)."""
    warp, fine = aligned_to_reference(*reduced_photo(img, corners), prof)
    cref = cell_reference(prof)
    X, names, info = cell_features(warp, cref)
    info["fine"] = fine
    if refuse_blur and too_blurred(info, prof.game):
        from assistant.errors import GardenError

        raise GardenError(f"the photo of board {prof.name} is too blurred to read its cells safely "
                          "(take it again, sharper: hold still, focus on the board).")
    trees_z = trees_log_odds(X, names, info["sides"], prof.game)
    net_z = None
    doubt = np.abs(trees_z) <= TREES_SURE
    if cell_net.has_net(prof.game):
        ref_patches = cref.cached("net_patches", lambda: cell_net.cell_patches(prof.reference, prof))
        # the cells the trees call covered are read too, only to be checked (readers_unsure): an
        # open cell read covered is the costlier mistake (a free cell called taken)
        net_z = cell_net.log_odds(warp, ref_patches, prof, where=doubt | (trees_z > 0))
    p = probability_covered(trees_z, prof.game, None if net_z is None else np.where(doubt, net_z, np.nan))
    p = _veto_plain_art(p, X, names)
    p = in_doubt(p, readers_unsure(p, trees_z, net_z))
    glare = glare_share(warp, prof)
    p = under_glare(where_board_shows(p, board_shows(warp, prof)), glare)
    blank = shows_no_detail(info["detail"], p)
    p = in_doubt(p, blank)
    covered = p >= 0.5
    conf = confidence(p)
    cells = [[symbols.COVERED if covered[r, c] else prof.layout[r][c] for c in range(prof.cols)]
             for r in range(prof.rows)]
    return cells, conf, {"p_covered": p, "glare_hides": glare_hides(glare), "no_detail": blank, **info}
