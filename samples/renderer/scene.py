"""The scene on the table, drawn through the pinhole camera (before lens and
photo effects): table, floor past the table's edge, clutter, the board, the
pieces on it, their shadows and edges, and sometimes a hand.
"""
from __future__ import annotations

import math

import cv2
import numpy as np

from . import clutter, table
from .board_art import board_outline, board_texture, tex_to_board
from .camera import Camera
from .designs import BoardDesign
from .piece_art import piece_raster
from .pieces import Piece
from .slabs import Light, Slab, apply_shadow, draw_top, draw_walls, shadow_mask
from .textures import SHIFT, fx

RADIUS_EST = {"other_board": 4.0, "card": 2.15, "coin": 0.55, "die": 0.55, "cup": 1.8, "pen": 3.2,
              "score_pad": 4.0, "phone": 3.4, "loose": 1.5}
EDGE_TONES = [(185, 190, 195), (205, 215, 225), (120, 120, 125), (45, 45, 50), (150, 170, 190)]


def _poly_img(cam: Camera, pts_xy: np.ndarray, height: float) -> np.ndarray:
    return cam.project(np.c_[pts_xy, np.full(len(pts_xy), -height)]).astype(np.float32)


def _convex_overlap(a: np.ndarray, b: np.ndarray) -> float:
    ha = cv2.convexHull(a.astype(np.float32))
    hb = cv2.convexHull(b.astype(np.float32))
    area, _ = cv2.intersectConvexConvex(ha, hb)
    return float(area)


def px_per_cell(cam: Camera, design: BoardDesign) -> tuple[float, float]:
    """(mean, max) projected cell edge length in pixels over the grid."""
    R, C = design.rows, design.cols
    ys, xs = np.mgrid[0:R + 1, 0:C + 1]
    P = np.c_[xs.ravel(), ys.ravel(), np.full(xs.size, -design.thickness)].astype(np.float64)
    uv = cam.project(P).reshape(R + 1, C + 1, 2)
    dx = np.linalg.norm(np.diff(uv, axis=1), axis=2)
    dy = np.linalg.norm(np.diff(uv, axis=0), axis=2)
    allv = np.concatenate([dx.ravel(), dy.ravel()])
    return float(allv.mean()), float(allv.max())


def _place_clutter(rng, cam: Camera, design: BoardDesign, shape, tpc: float, count: int, params: dict,
                   edge_tone, frame, keep_clear: list[Slab]) -> list[Slab]:
    Hc, Wc = shape
    fx0, fy0, fx1, fy1 = frame
    outline = board_outline(design).astype(np.float32)
    board_img = _poly_img(cam, outline.astype(np.float64), design.thickness)
    placed: list[Slab] = list(keep_clear)  # things already on the table, left in view
    kinds = []
    want = []
    for _ in range(count):
        want.append(str(rng.choice(["other_board", "card", "coin", "die", "cup", "pen", "score_pad", "phone", "loose"],
                                   p=[0.12, 0.14, 0.12, 0.1, 0.08, 0.07, 0.07, 0.05, 0.25])))
    for kind in want:
        for _attempt in range(8):
            ang = rng.uniform(0, 2 * math.pi)
            if kind == "loose":
                # near the board: a point on its outline pushed outwards
                k = int(rng.integers(0, len(outline)))
                p0 = outline[k].astype(np.float64)
                centre = np.array([design.cols / 2, design.rows / 2])
                out = p0 - centre
                out /= max(1e-6, np.linalg.norm(out))
                xy = p0 + out * rng.uniform(1.0, 3.5)
            else:
                if kind in ("other_board", "score_pad", "phone"):
                    # near an edge of the photo, so it is partly out of view
                    side = int(rng.integers(0, 4))
                    t = rng.uniform(0, 1)
                    u = [fx0 + t * (fx1 - fx0), fx1, fx0 + t * (fx1 - fx0), fx0][side]
                    v = [fy0, fy0 + t * (fy1 - fy0), fy1, fy0 + t * (fy1 - fy0)][side]
                else:
                    u, v = rng.uniform(fx0, fx1), rng.uniform(fy0, fy1)
                xy = cam.unproject_to_plane(np.array([[u, v]]), 0.0)[0]
                if not np.all(np.isfinite(xy)):
                    continue
            pose = (float(xy[0]), float(xy[1]), float(ang))
            # cheap checks on an estimated radius before building the thing
            r_est = RADIUS_EST.get(kind, 2.0)
            if cv2.pointPolygonTest(outline.reshape(-1, 1, 2), (pose[0], pose[1]), True) > -(r_est * 0.5 + 0.25):
                continue
            if any(np.linalg.norm(np.array(pose[:2]) - o.centroid()) < r_est * 0.5 + o.radius() for o in placed):
                continue
            if kind == "other_board":
                s = clutter.other_board(rng, tpc, pose, design.name)
            elif kind == "loose":
                s = clutter.loose(rng, tpc, pose, design.game, edge_tone)
            else:
                s = clutter.BUILDERS[kind](rng, tpc, pose)
            if not s.outlines:
                continue
            c, r = s.centroid(), s.radius()
            dist = cv2.pointPolygonTest(outline.reshape(-1, 1, 2), (float(c[0]), float(c[1])), True)
            if dist > -(r + 0.25):  # inside or too close to the board
                continue
            if any(np.linalg.norm(c - o.centroid()) < r + o.radius() + 0.1 for o in placed):
                continue
            pts = np.vstack(s.outlines)
            hull_img = np.vstack([_poly_img(cam, pts, s.z0), _poly_img(cam, pts, s.top)])
            if _convex_overlap(hull_img, board_img) > 0:
                continue  # would hide part of the board
            # must show at least a little
            if hull_img[:, 0].max() < fx0 or hull_img[:, 0].min() > fx1 or hull_img[:, 1].max() < fy0 or hull_img[:, 1].min() > fy1:
                continue
            placed.append(s)
            kinds.append(s.name if kind != "other_board" else f"other_board:{s.info['design']}")
            break
    params["clutter"] = kinds
    return placed[len(keep_clear):]


def _floor(canvas: np.ndarray, cam: Camera, rng, design: BoardDesign, params: dict) -> None:
    """Past a straight table edge a few cells beyond the board: the floor, far below and soft.
    The edge is a straight line in the photo too (a plane homography keeps lines straight)."""
    H, W = canvas.shape[:2]
    ang = rng.uniform(0, 2 * math.pi)
    n = np.array([math.cos(ang), math.sin(ang)])
    t = np.array([-n[1], n[0]])
    centre = np.array([design.cols / 2, design.rows / 2])
    reach = np.max(np.abs((board_outline(design) - centre) @ n))
    d = reach + rng.uniform(1.0, 5.0)
    colour = table.floor_colour(rng)
    p0, p1 = centre + n * d - t * 5, centre + n * d + t * 5
    if np.any(cam.depth(np.array([[*p0, 0.0], [*p1, 0.0]])) <= 0):
        return
    (x0, y0), (x1, y1) = cam.project(np.array([[*p0, 0.0], [*p1, 0.0]]))
    a, b = y1 - y0, -(x1 - x0)
    norm = math.hypot(a, b)
    if norm < 1e-9:
        return
    a, b = a / norm, b / norm
    c = -(a * x0 + b * y0)
    cx, cy = cam.project(np.array([[*centre, 0.0]]))[0]
    sgn = -1.0 if a * cx + b * cy + c > 0 else 1.0  # positive distance = beyond the edge
    a, b, c = sgn * a, sgn * b, sgn * c
    soft = max(0.7, W / 1600.0)
    dist = (np.float32(a) * np.arange(W, dtype=np.float32)[None, :]
            + (np.float32(b) * np.arange(H, dtype=np.float32) + np.float32(c))[:, None])
    m = np.clip(dist / np.float32(2 * soft) + np.float32(0.5), 0, 1)
    if not m.any():
        return
    floor = np.empty_like(canvas)
    floor[:] = colour
    canvas[:] = cv2.blendLinear(floor, canvas, m, 1.0 - m)
    params["table_edge"] = {"normal_deg": round(math.degrees(ang), 1), "distance": round(float(d), 2)}


def compose(design: BoardDesign, pieces: list[Piece], cam: Camera, rng, ppc: int, params: dict,
            clutter_level: float, frame: tuple[int, int, int, int], light_level: float,
            hand: bool | None = None, on_table: list[Slab] | None = None) -> np.ndarray:
    Hc, Wc = cam.height, cam.width
    mean_px, _ = px_per_cell(cam, design)

    # light
    light = Light(azimuth=rng.uniform(0, 2 * math.pi), elevation=math.radians(rng.uniform(28, 80)),
                  strength=rng.uniform(0.2, 0.6) * (0.5 + 0.5 * light_level),
                  softness=rng.uniform(0.02, 0.25), ambient=rng.uniform(0.4, 0.7))
    second = None
    if rng.random() < 0.3 * light_level:
        second = Light(azimuth=rng.uniform(0, 2 * math.pi), elevation=math.radians(rng.uniform(35, 80)),
                       strength=light.strength * rng.uniform(0.3, 0.6), softness=rng.uniform(0.05, 0.3))
    params["light"] = {"azimuth_deg": round(math.degrees(light.azimuth), 1),
                       "elevation_deg": round(math.degrees(light.elevation), 1),
                       "shadow_strength": round(light.strength, 3), "softness": round(light.softness, 3),
                       "second_light": second is not None}

    # table
    kind = str(rng.choice(table.KINDS, p=[0.35, 0.2, 0.2, 0.15, 0.1]))
    extent = max(design.cols, design.rows) * 4.0 + 8
    tpc = max(6.0, min(ppc * 0.6, 0.8 * max(Wc, Hc) / extent))
    centre = (design.cols / 2 + rng.uniform(-3, 3), design.rows / 2 + rng.uniform(-3, 3))
    ttex, T, tinfo = table.table_texture(rng, kind, extent, tpc, centre)
    params["table"] = tinfo
    canvas = cv2.warpPerspective(ttex, cam.homography(0.0) @ T, (Wc, Hc), flags=cv2.INTER_LINEAR,
                                 borderMode=cv2.BORDER_REFLECT)
    if rng.random() < 0.25:
        _floor(canvas, cam, rng, design, params)

    # board
    btex, bmask = board_texture(design.name, ppc)
    edge_board = [(55, 55, 58), (150, 150, 150), (200, 200, 195), (90, 110, 130)][int(rng.integers(0, 4))]
    board = Slab("board", btex, bmask, tex_to_board(design, btex.shape), [board_outline(design)], 0.0,
                 design.thickness, edge_board)
    edge_tone = EDGE_TONES[int(rng.integers(0, len(EDGE_TONES)))]
    token_tone = EDGE_TONES[int(rng.integers(0, len(EDGE_TONES)))]
    params["edge_tones"] = {"tiles": list(edge_tone), "tokens": list(token_tone)}

    # clutter
    n_clutter = int(rng.integers(0, 1 + round(7 * clutter_level)))
    laid = list(on_table or [])
    things = _place_clutter(rng, cam, design, (Hc, Wc), max(8.0, ppc * 0.6), n_clutter, params, edge_tone, frame,
                            laid)

    scale = max(1.0, Wc / 700.0)
    table_level = [board] + things + laid
    m = shadow_mask(cam, table_level, 0.0, light, (Hc, Wc), scale, mean_px)
    apply_shadow(canvas, m, light.strength)
    if second is not None:
        apply_shadow(canvas, shadow_mask(cam, table_level, 0.0, second, (Hc, Wc), scale, mean_px), second.strength)

    def depth(s: Slab) -> float:
        c = s.centroid()
        return float(cam.depth(np.array([[c[0], c[1], -s.top]]))[0])

    for s in sorted(table_level, key=depth, reverse=True):
        draw_walls(canvas, cam, s, light)
        draw_top(canvas, cam, s)

    # pieces on the board
    hb = design.thickness
    slabs = []
    for p in pieces:
        tone = token_tone if p.kind in ("pot_token", "cat_token", "squirrel") else edge_tone
        pr = piece_raster(p, ppc, edge_tone=tone)
        slabs.append(Slab(p.kind, pr.tex, pr.mask, pr.tex_to_board, pr.outlines, hb, p.thickness, pr.edge_color))
    if slabs:
        m = shadow_mask(cam, slabs, hb, light, (Hc, Wc), scale, mean_px)
        apply_shadow(canvas, m, light.strength)
        if second is not None:
            apply_shadow(canvas, shadow_mask(cam, slabs, hb, second, (Hc, Wc), scale, mean_px), second.strength)
        groups: dict = {}
        for s in slabs:
            key = (0 if s.name == "treasure_token" else 1, round(s.top, 4))
            groups.setdefault(key, []).append(s)
        for key in sorted(groups):
            grp = groups[key]
            for s in grp:
                draw_walls(canvas, cam, s, light)
            for s in grp:
                draw_top(canvas, cam, s)

    # a hand at an edge
    if hand is None:
        hand = rng.random() < 0.2 * clutter_level
    params["hand"] = None
    if hand:
        grid = np.array([[0, 0], [design.cols, 0], [design.cols, design.rows], [0, design.rows]], np.float64)
        g = _poly_img(cam, grid, hb + 0.15)
        cen = g.mean(axis=0)
        g = cen + (g - cen) * 1.08
        forbid = np.zeros((Hc, Wc), np.uint8)
        cv2.fillPoly(forbid, [fx(g)], 255, cv2.LINE_8, SHIFT)
        info = clutter.draw_hand(canvas, rng, mean_px * 0.7, forbid, light.dir_xy, frame)
        params["hand"] = info
    return canvas
