"""One physically rendered photo of a Cottage Garden bed or an Indian Summer woodland board on a
table, with Blender's Cycles on the CPU: the board a slab with its printed art under a varnish coat
(which throws glare); on a bed, flower tiles and pot and cat tokens, on a woodland board, leaf tiles
with a hole, animal tiles and squirrels, all with thickness; clutter beside it, a lamp, daylight or
both (hard shadows from a small sun), a phone-like camera with defocus, noise and white-balance
error, JPEG loss. Or the board empty and the game's tiles laid loose around it (loose.py), for
judging `garden tiles scan`.

Run inside the bpy environment only (see README.md); the truth is what every renderer writes:
the grid's corners in photo pixels (TL, TR, BR, BL), each cell's state, the seed and the params.
"""

from __future__ import annotations

import math
import random
from pathlib import Path
from typing import Any

import bpy
import numpy as np
from bpy_extras.object_utils import world_to_camera_view
from mathutils import Quaternion, Vector

import caster
import loose as loose_tiles
from art import FRAME, animal_art, board_art, leaf_art, tile_art, woodland_art

CELL = 0.03  # metres a cell
BOARD_T = 0.003
TILE_T = 0.0025


def _reset(size: tuple[int, int], samples: int) -> bpy.types.Scene:
    bpy.ops.wm.read_factory_settings(use_empty=True)
    scene = bpy.context.scene
    scene.render.engine = "CYCLES"
    scene.cycles.device = "CPU"
    scene.cycles.samples = samples
    scene.cycles.use_denoising = True
    scene.cycles.max_bounces = 4
    scene.render.resolution_x, scene.render.resolution_y = size
    scene.render.resolution_percentage = 100
    scene.render.threads_mode = "AUTO"
    scene.view_settings.view_transform = "Standard"  # a phone's processed look; glare clips to white as in its JPEGs
    return scene


def _image(name: str, rgb: np.ndarray) -> bpy.types.Image:
    h, w = rgb.shape[:2]
    img = bpy.data.images.new(name, w, h)
    rgba = np.ones((h, w, 4), np.float32)
    rgba[..., :3] = rgb[::-1] / 255.0  # Blender's rows run bottom up
    img.pixels.foreach_set(rgba.ravel())
    img.pack()
    return img


def _material(name: str, colour=(0.5, 0.5, 0.5), image: bpy.types.Image | None = None, roughness: float = 0.5,
              coat: float = 0.0, coat_roughness: float = 0.05) -> bpy.types.Material:
    mat = bpy.data.materials.new(name)
    mat.use_nodes = True
    bsdf = mat.node_tree.nodes["Principled BSDF"]
    bsdf.inputs["Base Color"].default_value = (*colour, 1.0)
    bsdf.inputs["Roughness"].default_value = roughness
    if "Coat Weight" in bsdf.inputs:
        bsdf.inputs["Coat Weight"].default_value = coat
        bsdf.inputs["Coat Roughness"].default_value = coat_roughness
    if image is not None:
        tex = mat.node_tree.nodes.new("ShaderNodeTexImage")
        tex.image = image
        mat.node_tree.links.new(tex.outputs["Color"], bsdf.inputs["Base Color"])
    return mat


def _box(name: str, x0: float, y0: float, x1: float, y1: float, z0: float, z1: float, mat: bpy.types.Material,
         uv: tuple[float, float, float, float] = (0, 0, 1, 1)) -> bpy.types.Object:
    """An axis-aligned box; its top face shows the uv rectangle (u0, v0, u1, v1) of the material's image."""
    verts = [(x0, y0, z0), (x1, y0, z0), (x1, y1, z0), (x0, y1, z0),
             (x0, y0, z1), (x1, y0, z1), (x1, y1, z1), (x0, y1, z1)]
    faces = [(4, 5, 6, 7), (0, 3, 2, 1), (0, 1, 5, 4), (1, 2, 6, 5), (2, 3, 7, 6), (3, 0, 4, 7)]
    mesh = bpy.data.meshes.new(name)
    mesh.from_pydata(verts, [], faces)
    layer = mesh.uv_layers.new()
    u0, v0, u1, v1 = uv
    corner = {0: (u0, v0), 1: (u1, v0), 2: (u1, v1), 3: (u0, v1), 4: (u0, v0), 5: (u1, v0), 6: (u1, v1), 7: (u0, v1)}
    for poly in mesh.polygons:
        for li in poly.loop_indices:
            layer.data[li].uv = corner[mesh.loops[li].vertex_index]
    mesh.materials.append(mat)
    obj = bpy.data.objects.new(name, mesh)
    bpy.context.collection.objects.link(obj)
    return obj


def _cylinder(name: str, x: float, y: float, z: float, radius: float, depth: float, mat) -> bpy.types.Object:
    bpy.ops.mesh.primitive_cylinder_add(vertices=40, radius=radius, depth=depth, location=(x, y, z + depth / 2))
    obj = bpy.context.active_object
    obj.name = name
    obj.data.materials.append(mat)
    bpy.ops.object.shade_smooth()
    return obj


def _pieces(rng: random.Random, rows: int, cols: int, coverage: float,
            sizes: tuple[int, ...] | None = None) -> list[list[tuple[int, int]]]:
    """Polyomino tiles grown at random until about `coverage` of the cells are covered: of one of
    the `sizes` (None: 1-5 cells, as the first renders drew them), smaller when boxed in."""
    free = {(r, c) for r in range(rows) for c in range(cols)}
    pieces = []
    target = int(round(coverage * rows * cols))
    while sum(len(p) for p in pieces) < target and free:
        start = rng.choice(sorted(free))
        piece = [start]
        free.discard(start)
        for _ in range(rng.randint(0, 4) if sizes is None else rng.choice(sizes) - 1):
            around = sorted({(r + dr, c + dc) for r, c in piece for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))}
                            & free)
            if not around:
                break
            cell = rng.choice(around)
            piece.append(cell)
            free.discard(cell)
        pieces.append(piece)
    return pieces


def _look(cam: bpy.types.Object, target: Vector, roll: float) -> None:
    direction = target - cam.location
    quat = direction.to_track_quat("-Z", "Y")
    cam.rotation_euler = (quat @ Quaternion((0, 0, 1), roll)).to_euler()


def _tile(name: str, piece: list[tuple[int, int]], mat, gw: float, gh: float, top: float, shift: tuple[float, float],
          hole: tuple[int, int] | None = None) -> list[bpy.types.Object]:
    """A tile of `piece`'s cells, a box a cell (the art's part of it on top), slightly off the grid by
    `shift`; the `hole` cell is a frame around a square hole half a cell wide (the board shows through).
    Returns its boxes."""
    boxes = []
    rs = [r for r, _ in piece]
    cs = [c for _, c in piece]
    r0, c0 = min(rs), min(cs)
    ph, pw = max(rs) - r0 + 1, max(cs) - c0 + 1
    gap = 0.02 * CELL
    for r, c in piece:
        x0 = -gw / 2 + c * CELL + shift[0]
        y1 = gh / 2 - r * CELL + shift[1]
        inset = [gap if (r + a, c + b) not in piece else 0 for a, b in ((0, -1), (0, 1), (1, 0), (-1, 0))]
        xa, xb, ya, yb = x0 + inset[0], x0 + CELL - inset[1], y1 - CELL + inset[2], y1 - inset[3]
        u0, u1 = (c - c0) / pw, (c - c0 + 1) / pw
        v1, v0 = 1 - (r - r0) / ph, 1 - (r - r0 + 1) / ph
        if (r, c) != hole:
            boxes.append(_box(f"{name}_{r}_{c}", xa, ya, xb, yb, top, top + TILE_T, mat, (u0, v0, u1, v1)))
            continue
        q = CELL / 4  # the hole: the middle half of the cell, framed by four boxes
        mx, my = x0 + CELL / 2, y1 - CELL / 2
        for k, (bx0, by0, bx1, by1) in enumerate(((xa, ya, xb, my - q), (xa, my + q, xb, yb),
                                                  (xa, my - q, mx - q, my + q), (mx + q, my - q, xb, my + q))):
            fu = lambda x: u0 + (x - x0) / CELL * (u1 - u0)  # noqa: E731
            fv = lambda y: v0 + (y - (y1 - CELL)) / CELL * (v1 - v0)  # noqa: E731
            boxes.append(_box(f"{name}_{r}_{c}_{k}", bx0, by0, bx1, by1, top, top + TILE_T, mat,
                              (fu(bx0), fv(by0), fu(bx1), fv(by1))))
    return boxes


def _jitter(rng: random.Random) -> tuple[float, float]:
    return rng.uniform(-0.06, 0.06) * CELL, rng.uniform(-0.06, 0.06) * CELL


def _lay_bed(rng: random.Random, seed: int, rows: int, cols: int, varnish: float, top: float, gw: float,
             gh: float, cells_state: list[list[str]]) -> list[dict[str, Any]]:
    """Flower tiles (1-5 cells) and pot and cat tokens on a bed; the cells they cover marked."""
    out: list[dict[str, Any]] = []
    for k, piece in enumerate(_pieces(rng, rows, cols, rng.uniform(0.1, 0.8))):
        rs, cs = [r for r, _ in piece], [c for _, c in piece]
        art = tile_art(seed * 31 + k, max(rs) - min(rs) + 1, max(cs) - min(cs) + 1)
        mat = _material(f"tile{k}", image=_image(f"tile{k}", art), roughness=rng.uniform(0.3, 0.6), coat=varnish * 0.5)
        _tile(f"tile{k}", piece, mat, gw, gh, top, _jitter(rng))
        for r, c in piece:
            cells_state[r][c] = "covered"
        out.append({"kind": "flower_tile", "cells": [list(p) for p in piece]})
    free = [(r, c) for r in range(rows) for c in range(cols) if cells_state[r][c] == "empty"]
    rng.shuffle(free)
    for r, c in free[:rng.randint(0, 3)]:  # pot and cat tokens
        x, y = -gw / 2 + (c + 0.5) * CELL, gh / 2 - (r + 0.5) * CELL
        if rng.random() < 0.6:
            _cylinder(f"pot{r}{c}", x, y, top, CELL * 0.38, 0.004, _material("pot", (0.6, 0.28, 0.15), roughness=0.6))
            kind = "pot_token"
        else:
            _box(f"cat{r}{c}", x - CELL * 0.35, y - CELL * 0.35, x + CELL * 0.35, y + CELL * 0.35, top, top + 0.004,
                 _material("cat", (0.15, 0.15, 0.17), roughness=0.5))
            kind = "cat_token"
        cells_state[r][c] = "covered"
        out.append({"kind": kind, "cells": [[r, c]]})
    return out


def _lay_woodland(rng: random.Random, seed: int, rows: int, cols: int, varnish: float, top: float, gw: float,
                  gh: float, cells_state: list[list[str]]) -> list[dict[str, Any]]:
    """Leaf tiles (3 green, 4 orange, 5 red cells) each with a hole, animal tiles (3-4 cells) and
    squirrels (1 cell) on a woodland board; the cells they cover marked (a hole's cell too)."""
    out: list[dict[str, Any]] = []
    for k, piece in enumerate(_pieces(rng, rows, cols, rng.uniform(0.1, 0.8), sizes=(1, 3, 3, 4, 4, 5, 5))):
        rs, cs = [r for r, _ in piece], [c for _, c in piece]
        ph, pw = max(rs) - min(rs) + 1, max(cs) - min(cs) + 1
        hole = None
        if len(piece) == 1:
            kind, art = "squirrel", animal_art(seed * 37 + k, 1, 1)
        elif len(piece) in (3, 4, 5) and rng.random() < 0.85:
            kind, art, hole = "leaf_tile", leaf_art(seed * 31 + k, ph, pw, len(piece)), rng.choice(piece)
        else:
            kind, art = "animal", animal_art(seed * 37 + k, ph, pw)
        mat = _material(f"{kind}{k}", image=_image(f"{kind}{k}", art), roughness=rng.uniform(0.3, 0.6),
                        coat=varnish * 0.5)
        _tile(f"{kind}{k}", piece, mat, gw, gh, top, _jitter(rng), hole)
        for r, c in piece:
            cells_state[r][c] = "covered"
        out.append({"kind": kind, "cells": [list(p) for p in piece], **({"hole": list(hole)} if hole else {})})
    return out


def _lay_loose(rng: random.Random, seed: int, kind: str, rows: int, cols: int, varnish: float,
               count: int) -> list[loose_tiles.LooseTile]:
    """`count` of the game's tiles laid loose on the table around the board (loose.py), face up."""
    laid = loose_tiles.lay(rng, kind, rows, cols, FRAME, count)
    for k, t in enumerate(laid):
        h, w = t.size
        if t.kind == "flower_tile":
            art = tile_art(seed * 31 + k, h, w, t.symbols)
        elif t.kind == "leaf_tile":
            art = leaf_art(seed * 31 + k, h, w, len(t.cells))
        else:
            art = animal_art(seed * 37 + k, h, w)
        mat = _material(f"loose{k}", image=_image(f"loose{k}", art), roughness=rng.uniform(0.3, 0.6), coat=varnish * 0.5)
        holder = bpy.data.objects.new(f"loose{k}", None)  # the tile's place and turn; its boxes hang on it
        bpy.context.collection.objects.link(holder)
        holder.location = (t.x * CELL, t.y * CELL, 0.0)
        holder.rotation_euler = (0.0, 0.0, t.angle)
        for box in _tile(f"loose{k}", t.cells, mat, w * CELL, h * CELL, 0.0, (0.0, 0.0), t.hole):
            box.parent = holder
    return laid


#: what each board kind is: its grid, its art, how pieces are laid on it, its game
BOARDS = {"bed": ((5, 5), board_art, _lay_bed, "cottage-garden"),
          "woodland": ((9, 8), woodland_art, _lay_woodland, "indian-summer")}
SYMBOLS = {"P": "pot", "C": "cloche", "B": "blueberry", "N": "nut", "M": "mushroom", "F": "feather"}


#: the phone moved for another view (moved_phone): sideways by this share of its distance to the board
MOVE_SIDEWAYS = (0.2, 0.4)


def moved_phone(cam: bpy.types.Object, target: Vector, roll: float, rng: random.Random) -> None:
    """The phone moved a little to one side (MOVE_SIDEWAYS of its distance, at its height, any
    direction) and turned to the board again, as a player does whom glare asked to."""
    offset = cam.location - target
    ang = rng.uniform(0, 2 * math.pi)
    step = rng.uniform(*MOVE_SIDEWAYS) * offset.length
    cam.location = cam.location + Vector((math.cos(ang) * step, math.sin(ang) * step, 0))
    _look(cam, target, roll)


def mirrored_spot(eye: Vector, light: Vector, top: float) -> Vector:
    """Where on the board's plane (height `top`) the eye sees the light mirrored in the varnish."""
    image = Vector((light.x, light.y, 2 * top - light.z))
    t = (eye.z - top) / (eye.z - image.z)
    return eye + (image - eye) * t


def render(design: int, seed: int, out: Path, size=(1600, 1200), samples: int = 12, calibration: bool = False,
           hard: bool | None = None, kind: str = "bed", loose: int = 0, view: int = 0) -> dict[str, Any]:
    """Renders one photo to `out` (.jpg) and returns its truth (also written beside it as .json).
    `loose`: the board empty and that many tiles laid loose around it (their truth in params["tiles"],
    as samples/renderer writes it), no clutter but the tall object of the hard half lit by the sun,
    standing beyond them, the camera taking in the table they lie on.
    `view` > 0: the same scene taken again with the phone moved a little to one side (moved_phone);
    the room's lights stay where they are, so the glare moves on the board."""
    rng = random.Random(seed)
    hard = (seed % 2 == 1) if hard is None else hard
    (rows, cols), draw_art, lay, game = BOARDS[kind]
    scene = _reset(size, samples)
    art, layout = draw_art(design, rows, cols)
    f = FRAME * CELL
    gw, gh = cols * CELL, rows * CELL
    varnish = 0.0 if calibration else rng.uniform(0.3, 1.0) if hard else rng.uniform(0.0, 0.5)
    board = _material("board", image=_image("board_art", art), roughness=rng.uniform(0.35, 0.6), coat=varnish,
                      coat_roughness=rng.uniform(0.02, 0.12))
    _box("board", -gw / 2 - f, -gh / 2 - f, gw / 2 + f, gh / 2 + f, 0, BOARD_T, board)
    top = BOARD_T

    # the table and clutter
    table_colour = rng.choice([(0.45, 0.3, 0.18), (0.2, 0.3, 0.45), (0.75, 0.72, 0.66), (0.12, 0.12, 0.12)])
    _box("table", -1.5, -1.5, 1.5, 1.5, -0.02, 0, _material("table", table_colour, roughness=rng.uniform(0.3, 0.9)))
    cells_state = [["empty"] * cols for _ in range(rows)]
    pieces_out: list[dict[str, Any]] = []
    laid: list[loose_tiles.LooseTile] = []
    if loose:
        laid = _lay_loose(rng, seed, kind, rows, cols, varnish, loose)
    elif not calibration:
        pieces_out = lay(rng, seed, rows, cols, varnish, top, gw, gh, cells_state)
        clear = math.hypot(gw / 2 + f, gh / 2 + f) + 0.01  # clutter stays off the board
        for k in range(rng.randint(1, 4)):  # clutter: mugs and books beside the board
            ang = rng.uniform(0, 2 * math.pi)
            if rng.random() < 0.5:
                radius = rng.uniform(0.03, 0.045)
                dist = clear + radius + rng.uniform(0, 0.12)
                _cylinder(f"mug{k}", math.cos(ang) * dist, math.sin(ang) * dist, 0, radius, rng.uniform(0.06, 0.12),
                          _material(f"mug{k}", (rng.random(), rng.random(), rng.random()), roughness=0.3))
            else:
                w, d = rng.uniform(0.08, 0.15), rng.uniform(0.1, 0.2)
                dist = clear + math.hypot(w, d) / 2 + rng.uniform(0, 0.12)
                x, y = math.cos(ang) * dist, math.sin(ang) * dist
                _box(f"book{k}", x - w / 2, y - d / 2, x + w / 2, y + d / 2, 0, rng.uniform(0.01, 0.05),
                     _material(f"book{k}", (rng.random(), rng.random(), rng.random()), roughness=0.7))
    for r in range(rows):
        for c in range(cols):
            if cells_state[r][c] == "empty" and layout.split("/")[r][c] != ".":
                cells_state[r][c] = SYMBOLS[layout.split("/")[r][c]]

    # the camera: a phone held above the table
    tilt = math.radians(rng.uniform(0, 12) if calibration else rng.uniform(0, 40 if hard and not loose else 25))
    azimuth = rng.uniform(0, 2 * math.pi)
    cam_data = bpy.data.cameras.new("phone")
    cam_data.sensor_width = 36
    cam_data.lens = rng.uniform(26, 35)
    # Blender clips at 0.1 m by default: a phone moved to within that of the standing object cut
    # it open and showed its black inside (held-out beds seed 11's 110001_v1, 6 cm from it)
    cam_data.clip_start = 0.005
    cam = bpy.data.objects.new("phone", cam_data)
    bpy.context.collection.objects.link(cam)
    scene.camera = cam
    fill = rng.uniform(0.45, 0.75) if not loose else rng.uniform(0.8, 0.95)
    around = 2 * loose_tiles.REACH * CELL if loose else 0.0  # the table the loose tiles lie on
    diag = math.hypot(gw + 2 * f + around, gh + 2 * f + around)
    fov = 2 * math.atan(18 / cam_data.lens)
    dist = diag / fill / (2 * math.tan(fov / 2)) * 1.15
    target = Vector((rng.uniform(-0.1, 0.1) * gw, rng.uniform(-0.1, 0.1) * gh, top))
    cam.location = target + Vector((math.sin(tilt) * math.cos(azimuth), math.sin(tilt) * math.sin(azimuth),
                                    math.cos(tilt))) * dist
    roll = rng.uniform(-math.pi, math.pi)
    _look(cam, target, roll)
    if not calibration:
        cam_data.dof.use_dof = True
        cam_data.dof.focus_distance = (target - cam.location).length * rng.uniform(0.9, 1.1)
        cam_data.dof.aperture_fstop = rng.uniform(4, 16) if hard else rng.uniform(8, 22)
    # the depth of field as rendered, for the truth (the lower the f-number, the softer off focus)
    defocus = None if calibration else {
        "fstop": round(cam_data.dof.aperture_fstop, 2),
        "focus_over_distance": round(cam_data.dof.focus_distance / (target - cam.location).length, 3)}

    # light: lamp, daylight or both; a white-balance error in every light
    wb = np.array([1 + rng.uniform(-0.12, 0.12), 1.0, 1 + rng.uniform(-0.12, 0.12)]) if not calibration else np.ones(3)
    light = "daylight" if calibration else rng.choice(["lamp", "daylight", "mixed"])
    world = bpy.data.worlds.new("world")
    scene.world = world
    world.use_nodes = True
    world.node_tree.nodes["Background"].inputs["Color"].default_value = (*(0.55 * wb), 1.0)
    world.node_tree.nodes["Background"].inputs["Strength"].default_value = rng.uniform(0.08, 0.25)
    scene.view_settings.exposure = 0.0 if calibration else rng.uniform(-0.4, 0.3)
    lights: dict[str, Any] = {"kind": light}
    if light in ("daylight", "mixed"):
        sun = bpy.data.lights.new("sun", "SUN")
        sun.energy = rng.uniform(0.8, 1.6)
        sun.angle = math.radians(rng.uniform(0.3, 2.0) if not calibration else 20)
        sun.color = tuple(np.clip(np.array((1.0, 0.97, 0.92)) * wb, 0, 1))
        obj = bpy.data.objects.new("sun", sun)
        bpy.context.collection.objects.link(obj)
        elev, az = rng.uniform(25, 70), rng.uniform(0, 360)
        obj.rotation_euler = (math.radians(90 - elev), 0, math.radians(az))
        lights["sun"] = {"elevation_deg": round(elev, 1), "azimuth_deg": round(az, 1)}
        if hard and not calibration:  # a tall object off the board throws a hard shadow across it
            # it stands on the sun's side, 0-3 cm clear of the board (or of the laid tiles: a player
            # clears the table they lie on), so that its shadow falls across the board
            sun_dir = caster.toward_sun(elev, az)
            d = sun_dir[:2] / np.linalg.norm(sun_dir[:2])
            gap = (rng.uniform(0.1, 0.18) - 0.1) * 0.375
            around = loose_tiles.REACH * CELL if loose else 0.0
            foot = d * caster.clear_of((gw / 2 + f + around, gh / 2 + f + around), d, caster.RADIUS + gap)
            _cylinder("shadow_caster", foot[0], foot[1], 0, caster.RADIUS, caster.HEIGHT,
                      _material("caster", (0.3, 0.3, 0.3)))
            lights["shadow_caster"] = [round(float(foot[0]), 3), round(float(foot[1]), 3)]
            lights["shadowed_cells"] = caster.shadowed(rows, cols, CELL, top, tuple(foot), sun_dir)
    if light in ("lamp", "mixed"):
        lamp = bpy.data.lights.new("lamp", "POINT")
        lamp.energy = rng.uniform(5, 20)
        lamp.shadow_soft_size = rng.uniform(0.02, 0.15)
        lamp.color = tuple(np.clip(np.array((1.0, 0.85, 0.65)) * wb, 0, 1))
        obj = bpy.data.objects.new("lamp", lamp)
        bpy.context.collection.objects.link(obj)
        obj.location = (rng.uniform(-0.4, 0.4), rng.uniform(-0.4, 0.4), rng.uniform(0.5, 0.9))
    glare = None
    if varnish > 0.2 and not calibration:  # a bright window mirrored into the varnish over a random cell
        spot = Vector((rng.uniform(-0.4, 0.4) * gw, rng.uniform(-0.4, 0.4) * gh, top))
        light = bpy.data.lights.new("window", "AREA")
        light.energy = rng.uniform(2, 8) * varnish
        light.size = rng.uniform(0.03, 0.08)
        obj = bpy.data.objects.new("window", light)
        obj.visible_diffuse = False  # seen only as its reflection in the varnish, not lighting the room
        obj.visible_transmission = False
        obj.visible_volume_scatter = False
        bpy.context.collection.objects.link(obj)
        c = cam.location
        obj.location = (2 * spot.x - c.x, 2 * spot.y - c.y, c.z)
        _look(obj, spot, 0.0)
        glare = [round(spot.x / CELL + cols / 2, 2), round(rows / 2 - spot.y / CELL, 2)]  # in cells (col, row)
    if view:
        window = obj.location.copy() if glare is not None else None
        moved_phone(cam, target, roll, random.Random(seed * 100 + view))
        tilt = (cam.location - target).angle(Vector((0, 0, 1)))
        if defocus is not None:
            cam_data.dof.focus_distance = (target - cam.location).length * defocus["focus_over_distance"]
        if window is not None:
            spot = mirrored_spot(cam.location, window, top)
            glare = [round(spot.x / CELL + cols / 2, 2), round(rows / 2 - spot.y / CELL, 2)]

    # render, then sensor noise and the JPEG
    out.parent.mkdir(parents=True, exist_ok=True)
    png = out.with_suffix(".render.png")
    scene.render.image_settings.file_format = "PNG"
    scene.render.filepath = str(png)
    bpy.ops.render.render(write_still=True)
    shot = bpy.data.images.load(str(png))
    w, h = size
    px = np.array(shot.pixels[:], np.float32).reshape(h, w, 4)
    noise = 0.0 if calibration else rng.uniform(0.004, 0.02 if hard else 0.01)
    np_rng = np.random.default_rng(seed)
    px[..., :3] = np.clip(px[..., :3] + np_rng.normal(0, noise, px[..., :3].shape)
                          * np.sqrt(np.clip(px[..., :3], 0.02, 1)), 0, 1)
    shot.pixels.foreach_set(px.ravel())
    quality = 92 if calibration else rng.randint(55, 90)
    scene.render.image_settings.file_format = "JPEG"
    scene.render.image_settings.quality = quality
    # the render already holds the exposure: saving applies the scene's again (a highlight clipped
    # at white came out at 2^-0.4 of it, 225-240, in the first renders, seeds 1 and 2)
    scene.view_settings.exposure = 0.0
    shot.save_render(str(out), scene=scene)
    png.unlink()

    def pixel(x: float, y: float, z: float = top) -> list[float]:
        v = world_to_camera_view(scene, cam, Vector((x, y, z)))
        return [round(v.x * w, 3), round((1 - v.y) * h, 3)]

    if "shadow_caster" in lights:  # cells the object stands between the camera and
        lights["caster_hides"] = caster.hidden(rows, cols, CELL, top, tuple(foot), np.array(cam.location))
    corners = [pixel(-gw / 2, gh / 2), pixel(gw / 2, gh / 2), pixel(gw / 2, -gh / 2), pixel(-gw / 2, -gh / 2)]
    holes = sorted(p["hole"] for p in pieces_out if "hole" in p)
    truth = {"board": f"pbr-{'bed' if kind == 'bed' else 'woods'}-{design}", "game": game, "rows": rows, "cols": cols,
             "layout": layout, "corners": corners, "cells": cells_state, "holes": holes, "seed": seed,
             "params": {"renderer": "pbr", "design": design, "size": list(size), "samples": samples, "hard": hard,
                        "calibration": calibration, "view": view, "varnish": round(varnish, 3), "glare_cell": glare,
                        "lights": lights, "tilt_deg": round(math.degrees(tilt), 1), "defocus": defocus,
                        "noise": round(noise, 4),
                        "white_balance": [round(float(g), 3) for g in wb], "jpeg_quality": quality,
                        "pieces": pieces_out}}
    if loose:
        truth["params"]["tiles"] = [{**t.truth(), "outline_px": [pixel(x * CELL, y * CELL, TILE_T) for x, y in t.outline()]}
                                    for t in laid]
    import json

    out.with_suffix(".json").write_text(json.dumps(truth, indent=1))
    return truth
