"""render_photo / calibration_photo / render_to_folder: the public entry points."""
from __future__ import annotations

import math
from pathlib import Path

import numpy as np

from . import effects, scene
from . import markers as corner_markers
from .board_art import board_outline
from .camera import Camera, place_camera
from .designs import get_design
from .exif import encode_jpeg
from .loose_tiles import lay_tiles, tiles_truth
from .pieces import place_pieces
from .rng import stream
from .truth import make_truth, write_photo

# texture pixels per cell; above 320 the warp scales the texture up a little (12 MP close-ups),
# which costs less than drawing a 4000 px board master and is invisible after the optics
PPC_LEVELS = (24, 32, 40, 48, 64, 80, 96, 128, 160, 192, 224, 256, 320)
RANDOM = "random"


def _ppc_for(px: float) -> int:
    for p in PPC_LEVELS:
        if p >= px:
            return p
    return PPC_LEVELS[-1]


def _coverage(rng, empty: bool, coverage: float | None) -> float:
    if empty:
        return 0.0
    if coverage is not None:
        return float(min(1.0, max(0.0, coverage)))
    u = rng.random()
    if u < 0.12:
        return float(rng.uniform(0.0, 0.1))
    if u < 0.27:
        return float(rng.uniform(0.85, 1.0))
    return float(rng.uniform(0.1, 0.85))


def _exif_choice(rng, exif_orientation) -> int | None:
    if exif_orientation != RANDOM:
        return exif_orientation
    u = rng.random()
    if u < 0.35:
        return None
    if u < 0.7:
        return 1
    return int(rng.choice([6, 8, 3], p=[0.6, 0.2, 0.2]))


def render_photo(design: str, seed: int, *, coverage: float | None = None, empty: bool = False,
                 size: tuple[int, int] = (1600, 1200), portrait: bool | None = None,
                 tilt_max: float = 45.0, tilt: float | None = None, rotation: float | None = None,
                 fill: float | None = None, exif_orientation: int | None | str = RANDOM,
                 jpeg_quality: int | None = None, difficulty: float = 1.0, clutter: float | None = None,
                 hand: bool | None = None, lens_k1: float | None = None, output: str = "jpeg",
                 markers: bool = False, loose_tiles: int = 0):
    """A seeded phone photo of a board and its truth.

    design: design name (see designs.py); seed: any int. Same arguments -> same bytes.
    coverage: fraction of cells under pieces (None: drawn from the seed; empty=True: 0).
    size: (long, short) side in pixels of the upright photo; portrait None: drawn from the seed.
    tilt_max / tilt: camera axis angle off the vertical, degrees (tilt fixes it).
    rotation: camera roll about its axis, degrees (None: any, 0-360).
    fill: the board's bounding box over the frame (larger of the two ratios), None: 0.3-0.95.
    exif_orientation: "random", None (no EXIF block), or 1/3/6/8 (pixels stored turned to match).
    jpeg_quality: None: 35-95 from the seed.
    difficulty: 0..1 scales light, blur, noise, glare, white balance, lens, placement jitter.
    clutter: 0..1 amount of clutter (None: follows difficulty); hand: force a hand in or out.
    lens_k1: radial distortion (camera.py), None: drawn from the seed (often 0, else -0.03..0.06).
    output: "jpeg" -> (bytes, truth); "array" -> (upright BGR uint8 before JPEG, truth).
    markers: the four corner markers of `garden markers` laid at the board's corners (in view;
    their own seed stream, so the rest of the scene is drawn as without them).
    loose_tiles: that many of the game's tiles laid face up around the empty board, apart from each
    other and from it, at any rotation (loose_tiles.py; their truth in params["tiles"]), no clutter
    and no hand: a photo for `garden tiles scan`.
    """
    d = get_design(design)
    seed = int(seed)
    if exif_orientation != RANDOM and exif_orientation not in (None, 1, 3, 6, 8):
        raise ValueError(f"exif_orientation must be 'random', None, 1, 3, 6 or 8, not {exif_orientation!r}")
    if output not in ("jpeg", "array"):
        raise ValueError(f"output must be 'jpeg' or 'array', not {output!r}")
    if len(size) != 2 or min(size) < 64:
        raise ValueError(f"size must be (long, short) pixels, each 64 or more, not {size!r}")
    if coverage is not None and not 0.0 <= coverage <= 1.0:
        raise ValueError(f"coverage must be within 0..1, not {coverage!r}")
    if jpeg_quality is not None and not 1 <= int(jpeg_quality) <= 100:
        raise ValueError(f"jpeg_quality must be within 1..100, not {jpeg_quality!r}")
    level = float(min(1.0, max(0.0, difficulty)))
    clutter_level = level if clutter is None else float(min(1.0, max(0.0, clutter)))
    r_cam = stream("photo", seed, design, "camera")
    r_pieces = stream("photo", seed, design, "pieces")
    r_scene = stream("photo", seed, design, "scene")
    r_fx = stream("photo", seed, design, "effects")
    r_out = stream("photo", seed, design, "output")

    long_side, short_side = int(max(size)), int(min(size))
    if portrait is None:
        portrait = bool(r_out.random() < 0.4)
    W, H = (short_side, long_side) if portrait else (long_side, short_side)
    params: dict = {"game": d.game, "side": d.side, "size": [W, H], "difficulty": level}

    if loose_tiles:
        empty, clutter_level, hand = True, 0.0, False
    cov = _coverage(r_pieces, empty, coverage)
    pieces = place_pieces(d, cov, r_pieces, jitter=0.5 + 0.5 * level)
    n_cov = len({c for p in pieces for c in p.cells})
    params["coverage_target"] = round(cov, 4)
    params["coverage"] = round(n_cov / (d.rows * d.cols), 4)

    # camera
    outline = board_outline(d)
    top = d.thickness + max([p.thickness for p in pieces], default=0.0)
    th = float(tilt) if tilt is not None else float(r_cam.uniform(0.0, max(0.0, tilt_max)))
    az = float(r_cam.uniform(0, 360))
    roll = float(rotation) if rotation is not None else float(r_cam.uniform(0, 360))
    focal = float(math.exp(r_cam.uniform(math.log(24), math.log(60))))
    fl = float(fill) if fill is not None else float(r_cam.uniform(0.3, 0.95))
    k1 = float(r_cam.uniform(-0.03, 0.06) * level) if r_cam.random() < 0.6 else 0.0
    if lens_k1 is not None:
        k1 = float(lens_k1)
    margin = 0.01 * min(W, H) + 2
    in_view = corner_markers.reach(d) if markers else outline
    tiles = []
    if loose_tiles:
        tiles = lay_tiles(stream("photo", seed, design, "tiles"), d, int(loose_tiles), 40.0, (170, 175, 180))
        in_view = np.vstack([outline] + [o for t in tiles for o in t.outlines])
    cam = place_camera(r_cam, W, H, in_view, top, math.radians(th), math.radians(az), math.radians(roll),
                       focal, fl, k1, margin)
    # the canvas is the pinhole image with room around it for the lens remap
    mx = int(math.ceil(max(0.0, k1) * W / 2 * 1.1)) + 8
    my = int(math.ceil(max(0.0, k1) * H / 2 * 1.1)) + 8
    Kc = cam.K.copy()
    Kc[0, 2] += mx
    Kc[1, 2] += my
    cam_c = Camera(Kc, cam.R, cam.C, W + 2 * mx, H + 2 * my, 0.0)

    mean_px, max_px = scene.px_per_cell(cam, d)
    ppc = _ppc_for(max_px * 1.1)
    res = math.hypot(W, H) / 2000.0

    laid = []
    if markers:
        laid = corner_markers.corner_markers(stream("photo", seed, design, "markers"), d, max(8.0, ppc * 0.6))
        params["markers"] = True
    canvas = scene.compose(d, pieces, cam_c, r_scene, ppc, params, clutter_level,
                           (mx, my, mx + W, my + H), level, hand=hand, on_table=laid + tiles)
    board_c = cam_c.project(np.c_[outline, np.full(len(outline), -d.thickness)])
    effects.lighting(canvas, cam_c, r_fx, level, board_c, math.radians(params["light"]["azimuth_deg"]),
                     math.radians(params["light"]["elevation_deg"]), params)
    effects.depth_of_field(canvas, cam_c, r_fx, level, np.array([d.cols / 2, d.rows / 2]), res, params)
    for g in params["glare"]:  # canvas -> photo pixels (before the lens)
        g["centre"] = [round(g["centre"][0] - mx, 1), round(g["centre"][1] - my, 1)]
    img = effects.lens_and_crop(canvas, cam, W, H, mx, my)
    img = effects.optics_and_sensor(img, r_fx, level, res, params)

    # truth geometry
    grid = np.array([[0, 0], [d.cols, 0], [d.cols, d.rows], [0, d.rows]], np.float64)
    corners = cam.to_photo(np.c_[grid, np.full(4, -d.thickness)])
    fw = d.frame
    frame = np.array([[-fw, -fw], [d.cols + fw, -fw], [d.cols + fw, d.rows + fw], [-fw, d.rows + fw]])
    frame_c = cam.to_photo(np.c_[frame, np.full(4, -d.thickness)])
    edge = corners[1] - corners[0]
    quad = cam.to_photo(np.c_[outline, np.full(len(outline), -d.thickness)])
    x, y = quad[:, 0], quad[:, 1]
    area = 0.5 * abs(float(np.dot(x, np.roll(y, -1)) - np.dot(np.roll(x, -1), y)))
    bb = np.ptp(quad, axis=0)
    params.update({
        "tilt_deg": round(th, 3), "tilt_azimuth_deg": round(az, 3), "roll_deg": round(roll, 3),
        "rotation_deg": round(math.degrees(math.atan2(edge[1], edge[0])) % 360, 3),
        "focal_35mm": round(focal, 2), "fill": round(float(max(bb[0] / W, bb[1] / H)), 4),
        "board_area_fraction": round(area / (W * H), 4), "lens_k1": round(k1, 5),
        "camera_centre": [round(float(v), 4) for v in cam.C],
        "frame_corners": [[round(float(a), 3), round(float(b), 3)] for a, b in frame_c],
        "board_thickness": round(d.thickness, 4), "texture_ppc": ppc,
        "cell_px_mean": round(mean_px, 2),
        "pieces": [p.to_json() for p in pieces],
    })
    if tiles:
        params["tiles"] = tiles_truth(tiles, cam.to_photo)

    q = int(jpeg_quality) if jpeg_quality is not None else int(r_out.integers(35, 96))
    orient = _exif_choice(r_out, exif_orientation)
    sub = "444" if r_out.random() < 0.2 else "420"
    params["jpeg_quality"] = q
    params["chroma_subsampling"] = sub
    params["exif_orientation"] = orient
    params["stored_size"] = [H, W] if orient in (6, 8) else [W, H]
    truth = make_truth(d, seed, corners, pieces, params)
    if output == "array":
        return img, truth
    return encode_jpeg(img, q, orient, sub), truth


def calibration_photo(design: str, seed: int = 0, *, size: tuple[int, int] = (1600, 1200),
                      output: str = "jpeg"):
    """A photo of the EMPTY board for calibrating: moderate angle, good light, little clutter."""
    r = stream("calibration", int(seed), design)
    return render_photo(design, seed, empty=True, size=size, portrait=False,
                        tilt=float(r.uniform(0, 20)), fill=float(r.uniform(0.6, 0.85)),
                        exif_orientation=1, jpeg_quality=int(r.integers(88, 96)), difficulty=0.15,
                        clutter=0.2, hand=False, output=output)


def render_to_folder(folder: str | Path, design: str, seed: int, *, stem: str | None = None,
                     max_bytes: int | None = None, calibration: bool = False, **kwargs) -> tuple[Path, Path]:
    """Render (or calibration_photo when calibration=True) and write <stem>.jpg + <stem>.json.
    max_bytes: lower the JPEG quality in steps of 5 until the file fits (recorded in params)."""
    make = calibration_photo if calibration else render_photo
    photo, truth = make(design, seed, **kwargs)
    p = truth["params"]
    if calibration:
        p["calibration"] = True
    if max_bytes is not None and len(photo) > max_bytes:
        img, _ = make(design, seed, **{**kwargs, "output": "array"})
        q = p["jpeg_quality"]
        while len(photo) > max_bytes and q > 20:
            q -= 5
            photo = encode_jpeg(img, q, p["exif_orientation"], p["chroma_subsampling"])
        p["jpeg_quality"] = q
        p["jpeg_quality_lowered_to_fit"] = max_bytes
    return write_photo(folder, stem or f"{design}_{seed}", photo, truth)
