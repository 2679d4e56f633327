"""Optional corner markers: four printed ArUco squares laid at a board's corners.

A board near the end of a game shows little of its printed art, and a frame that looks
alike turned: the assistant may then find it only roughly, or not tell which way round it
lies. Four markers settle both. The sheet (`garden markers`) prints markers 0-3, each on a
square of paper with a one-module white margin and a cut line. The player lays each square
outside the board with its corner touching the board's corner: marker 0 at the corner
next to row 1, column 1 of the calibrated grid, then clockwise (1 next to row 1's last
cell, 2 next to the last row's last cell, 3 next to the last row's first cell).

The board's outline is then each marker's paper corner nearest the board, in marker
order. That outline lies on the table while the grid is printed on the board's top, a
card's thickness higher, which a slanted view shifts: the camera's pose, recovered from
the outline, lifts it (raised). The grid lies inside by the width of the board's printed
frame and the small gap a hand leaves between paper and board; elsewhere nearby only where
the frame band matches the reference far better (place_grid). (Twelve rendered nearly full
boards, tilted 8-44 degrees: the grid on the table's outline was 0.7-2.5% of its diagonal
off, lifted 0.8-2.0%; 739 such boards, lifted, with the gap: median 0.6%, 98.5% within 2%.)
"""

from __future__ import annotations

from collections.abc import Callable

import cv2
import numpy as np

from assistant.vision.geometry import is_convex_quad, project

#: 4x4-bit markers (the fewest modules: the largest modules at a given printed size)
DICTIONARY = cv2.aruco.DICT_4X4_50
#: a marker is 6 modules across (4 bits and a black border); its paper square adds one
#: white module on every side (the quiet zone the detector needs)
MARKER_MODULES = 6
PAPER_MODULES = 8
#: the markers' ids, in grid-corner order: top-left, top-right, bottom-right, bottom-left
CORNER_IDS = (0, 1, 2, 3)
#: seen face-on as the board the markers outline, each marker's paper must be square within
#: SQUARE_TOLERANCE and the four of one size within SIZE_TOLERANCE; on a board of unequal sides
#: the papers must also come out squarer as laid than laid a quarter turned. Rendered nearly
#: full boards, all four found (seeds 75-76 and 79-80, 374 photos): laid right, papers off
#: square by 0.17 at most (0.13 on the 9x8 boards), of one size within 0.12; on the 9x8 boards
#: (75) taken as turned, 0.16-0.30 off and always 0.085 more than as laid. A single bound of
#: 0.15 refused 2 right lays (0.155, 0.168) and refused a turned lay of 0.157 by a hair only
SQUARE_TOLERANCE = 0.25
SIZE_TOLERANCE = 0.15


#: the largest adaptive-threshold window (pixels) the detector binarises with, from 3 in steps
#: of 10: OpenCV's default of 23 is narrower than a module of a marker near the camera (the
#: photo is read at 1000-2000 pixels), and a glare spot over a marker needs a wide window too.
#: Rendered nearly full boards with the markers laid (95% covered): seeds 61-62 (200 photos),
#: all four found in 187 where 182, no other id more (a step of 4 to 53: 188, in twice the
#: time); then bench_photo_accuracy --markers --coverage 0.95, seeds 63-66 (400): boards found
#: 351 where 346, no wrong place more. Detection takes 67 ms where 33 ms (1600 x 1200), and
#: runs only when no block fit placed the board (reader.read_photo)
THRESHOLD_WINDOW_MAX = 53


def _detector() -> cv2.aruco.ArucoDetector:
    params = cv2.aruco.DetectorParameters()
    params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    params.adaptiveThreshWinSizeMax = THRESHOLD_WINDOW_MAX
    return cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(DICTIONARY), params)


def detect(grey: np.ndarray) -> dict[int, np.ndarray]:
    """The corner markers in a grey photo: id -> its black square's corners (4x2, the
    marker's own top-left, top-right, bottom-right, bottom-left). A marker seen twice is
    left out (which one lies at the board cannot be told)."""
    corners, ids, _ = _detector().detectMarkers(grey)
    if ids is None:
        return {}
    found: dict[int, list[np.ndarray]] = {}
    for quad, i in zip(corners, ids.ravel()):
        if int(i) in CORNER_IDS:
            found.setdefault(int(i), []).append(np.asarray(quad, np.float64).reshape(4, 2))
    return {i: qs[0] for i, qs in found.items() if len(qs) == 1}


def retake_hint(found: dict[int, np.ndarray]) -> str | None:
    """What to change when markers show but did not place the board (None: none show)."""
    if not found:
        return None
    missing = [i for i in CORNER_IDS if i not in found]
    if missing:
        seen = ", ".join(str(i) for i in sorted(found))
        return (f"corner markers {seen} show but not {', '.join(str(i) for i in missing)}: take it again with all "
                "four in view and uncovered")
    return ("the four corner markers are not laid at this board's corners: marker 0 goes next to row 1, "
            "column 1 of the calibrated grid, then 1, 2, 3 clockwise")


def paper_square(quad: np.ndarray) -> np.ndarray:
    """A marker's paper corners (4x2) from its black square's, through the square's own
    perspective (the margin is a module wide on every side)."""
    m = (PAPER_MODULES - MARKER_MODULES) / 2
    unit = np.float32([[0, 0], [MARKER_MODULES, 0], [MARKER_MODULES, MARKER_MODULES], [0, MARKER_MODULES]])
    H = cv2.getPerspectiveTransform(unit, np.asarray(quad, np.float32))
    paper = np.float32([[-m, -m], [MARKER_MODULES + m, -m], [MARKER_MODULES + m, MARKER_MODULES + m],
                        [-m, MARKER_MODULES + m]])
    return cv2.perspectiveTransform(paper.reshape(-1, 1, 2), H).reshape(4, 2).astype(np.float64)


def board_outline(found: dict[int, np.ndarray], rows: int, cols: int, frame: float) -> np.ndarray | None:
    """The board's outer corners (4x2, grid-corner order) from all four markers: each
    one's paper corner nearest the middle of the four. None when a marker is missing, the
    corners do not make a convex quadrilateral in the markers' order (laid at the wrong
    corners), or the markers, seen face-on as this board, are not squares of one size (laid
    turned by a quarter on a board of unequal sides, or not at this board): `frame` is the
    printed frame's width in cells."""
    if any(i not in found for i in CORNER_IDS):
        return None
    papers = [paper_square(found[i]) for i in CORNER_IDS]
    middle = np.mean([p.mean(axis=0) for p in papers], axis=0)
    outline = np.array([p[np.argmin(np.linalg.norm(p - middle, axis=1))] for p in papers])
    if not is_convex_quad(outline):
        return None
    # face-on, as the board this outline would be: the markers must come out squares, all
    # of one size (markers at another board's corners would squash them or set them apart),
    # and squarer than with the board turned a quarter (laid one corner on)
    w, h = cols + 2 * frame, rows + 2 * frame
    off_square, spread = _paper_shapes(outline, papers, w, h)
    if off_square > SQUARE_TOLERANCE or spread > 1 + SIZE_TOLERANCE:
        return None
    if rows != cols and _paper_shapes(outline, papers, h, w)[0] <= off_square:
        return None
    return outline


def _paper_shapes(outline: np.ndarray, papers: list[np.ndarray], w: float, h: float) -> tuple[float, float]:
    """The papers seen face-on as a w x h board whose corners are `outline`: how far the
    least square one is off square (|across / down - 1|), and the largest over the smallest."""
    H = cv2.getPerspectiveTransform(outline.astype(np.float32), np.float32([[0, 0], [w, 0], [w, h], [0, h]]))
    off, sides = 0.0, []
    for paper in papers:
        flat = cv2.perspectiveTransform(paper.astype(np.float32).reshape(-1, 1, 2), H).reshape(4, 2)
        edges = np.linalg.norm(np.roll(flat, -1, axis=0) - flat, axis=1)
        across, down = (edges[0] + edges[2]) / 2, (edges[1] + edges[3]) / 2
        if down <= 0 or across <= 0:
            return float("inf"), float("inf")
        off = max(off, float(abs(across / down - 1)))
        sides.append(float(across + down) / 2)
    return off, max(sides) / min(sides)


#: a board's thickness in cells (about 2 mm of card at about 25 mm a cell): the markers
#: lie on the table, the grid is printed on the board's top
BOARD_THICKNESS = 0.08


#: a phone's usual focal length, in its photo's long sides (a 26 mm equivalent lens), for a
#: view too nearly face-on to measure it (there it only scales the small magnification)
PHONE_FOCAL = 0.8


def _focal(G: np.ndarray) -> float | None:
    """The focal length (pixels) of a camera seeing a plane through G (plane units to
    pixels, principal point at the origin, square pixels): r1 and r2 are orthogonal and of
    one length. None when the view is too nearly face-on to tell."""
    (a, b, _), (c, d, _), (e, g, _) = G
    estimates = []
    den = e * g
    if abs(den) > 1e-12:
        estimates.append(-(a * b + c * d) / den)
    den = e * e - g * g
    if abs(den) > 1e-12:
        estimates.append((b * b + d * d - a * a - c * c) / den)
    good = [v for v in estimates if v > 0]
    return float(np.sqrt(np.median(good))) if good else None


def raised(outline: np.ndarray, width: float, height: float, lift: float, centre: np.ndarray
           ) -> np.ndarray:
    """The homography (board units -> photo pixels) of the plane `lift` above the plane in
    which the quad `outline` is the rectangle `width` x `height` (board units), for a camera
    whose principal point is `centre` (the middle of the photo): the camera's pose is
    recovered from that plane's homography, its focal length from the plane's right angles
    (a phone's usual one when the view is too nearly face-on to tell)."""
    rect = np.float32([[0, 0], [width, 0], [width, height], [0, height]])
    shift = np.array([[1, 0, -centre[0]], [0, 1, -centre[1]], [0, 0, 1]])
    G = shift @ cv2.getPerspectiveTransform(rect, np.asarray(outline, np.float32))
    long_side = 2 * float(max(centre))
    f = _focal(G)
    if f is None or not 0.3 * long_side < f < 3 * long_side:
        f = PHONE_FOCAL * long_side
    M = np.diag([1 / f, 1 / f, 1.0]) @ G
    scale = 2 / (np.linalg.norm(M[:, 0]) + np.linalg.norm(M[:, 1]))
    r1, r2, t = (M[:, k] * scale for k in range(3))
    if t[2] < 0:  # the plane lies in front of the camera
        r1, r2, t = -r1, -r2, -t
    r3 = np.cross(r1, r2)
    up = -1.0 if np.dot(r3, t) > 0 else 1.0  # towards the camera
    Kf = np.diag([f, f, 1.0])
    return np.linalg.inv(shift) @ Kf @ np.column_stack([r1, r2, t + up * lift * r3])


#: a paper square laid by hand to touch the board's corner lies on it or a little outside it,
#: never under the board: the grid is taken this much (cells) further inside than the frame
PAPER_GAP = 0.02
#: the frame width under the outline is searched this far either way (cells) in these
#: steps: a frame measured on the reference can be a fifteenth of a cell off (rendered beds:
#: 0.21 measured where 0.28 is printed), 1.5% of a bed's diagonal ...
INSET_REACH, INSET_STEP = 0.12, 0.02
#: ... and changed only when the frame band matches this much better there: on a nearly
#: covered board the band (a narrow leafy frame, wood grain) often peaks a tenth of a cell
#: off. Rendered nearly full boards, all four markers found (seeds 63-66 / 67-70, 372 / 367
#: photos), grids within 2% of the diagonal: 365 / 363 with the gap and this gain, 353 / 351
#: without the gap at a gain of 0.03, 368 / 355 with the gap and no search at all
INSET_GAIN = 0.3


def inset_tries() -> np.ndarray:
    """The insets (cells, from the printed frame's width) place_grid scores the band at."""
    return np.arange(-INSET_REACH, INSET_REACH + 1e-9, INSET_STEP)


def place_grid(grey: np.ndarray, found: dict[int, np.ndarray], rows: int, cols: int, frame: float,
               band_score: Callable[[np.ndarray], float] | None) -> np.ndarray | None:
    """The grid's corners (calibrated order) by the corner markers `found` (detect) in a grey
    photo: inside their outline by `frame` cells and PAPER_GAP, lifted onto the board's top
    (raised); the frame's width taken elsewhere nearby only where `band_score` (of a corner
    set: how well the frame band matches the reference's) is far better. None without all
    four markers at a board's corners."""
    outline = board_outline(found, rows, cols, frame)
    if outline is None:
        return None
    w, h = cols + 2 * frame, rows + 2 * frame
    top = raised(outline, w, h, BOARD_THICKNESS, np.array(grey.shape[1::-1]) / 2)

    def grid(inset: float) -> np.ndarray:
        f = frame + inset
        return project(top, np.array([[f, f], [w - f, f], [w - f, h - f], [f, h - f]]))

    if band_score is None:  # a plain frame: nothing to match
        return grid(PAPER_GAP)
    tries = inset_tries()
    scores = np.array([band_score(grid(v)) for v in tries])
    best, laid = int(np.argmax(scores)), int(np.argmin(np.abs(tries - PAPER_GAP)))
    return grid(float(tries[best]) if scores[best] - scores[laid] >= INSET_GAIN else PAPER_GAP)


def sheet(dpi: int = 300, side_mm: float = 50.0) -> np.ndarray:
    """A printable A4 page (grey image, `dpi`) with the four markers, each on its paper
    square of about `side_mm` millimetres (whole pixels a module) with a cut line and its
    corner named, laid out as at the board's corners."""
    px_mm = dpi / 25.4
    page = np.full((int(round(297 * px_mm)), int(round(210 * px_mm))), 255, np.uint8)
    module = max(1, int(round(side_mm * px_mm / PAPER_MODULES)))
    side = module * PAPER_MODULES
    dictionary = cv2.aruco.getPredefinedDictionary(DICTIONARY)
    names = ("row 1, column 1", "row 1, last column", "last row, last column", "last row, column 1")
    font, scale, thick = cv2.FONT_HERSHEY_SIMPLEX, 0.35 * dpi / 100, max(1, dpi // 150)

    def text(line: str, x_mm: float, y_mm: float) -> None:
        cv2.putText(page, line, (int(x_mm * px_mm), int(y_mm * px_mm)), font, scale, 0, thick, cv2.LINE_AA)

    text("garden: corner markers. Print at 100% and cut along the grey lines.", 15, 18)
    text("Lay each square outside the board, its corner on the board's corner.", 15, 25)
    for (col, row), i, name in zip(((0, 0), (1, 0), (1, 1), (0, 1)), CORNER_IDS, names):  # as on the board
        x0, y0 = int(round((15 + col * 95) * px_mm)), int(round((40 + row * 120) * px_mm))
        marker = cv2.aruco.generateImageMarker(dictionary, i, module * MARKER_MODULES)
        page[y0 + module : y0 + module + marker.shape[0], x0 + module : x0 + module + marker.shape[1]] = marker
        cv2.rectangle(page, (x0 - 1, y0 - 1), (x0 + side, y0 + side), 160, 1)
        text(f"marker {i}: next to the grid's {name}", x0 / px_mm, (y0 + side) / px_mm + 8)
    return page
