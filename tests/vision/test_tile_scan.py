"""`garden tiles scan`: tiles laid beside a calibrated board, read from one rendered photo
(samples/renderer, loose_tiles) against its truth; the JSON contract, --out, --save and forget,
and the bad photos."""

from __future__ import annotations

import json

import cv2
import numpy as np
import pytest

from assistant.grid import HOLE, Shape
from assistant.vision import tablelook, tilesymbols
from samples.renderer.api import calibration_photo, render_photo
from tests.cli.runner import fails, ok


def _truth_shape(t: dict) -> Shape:
    marks = {tuple(t["hole"]): HOLE} if t.get("hole") else {}
    return Shape.from_cells([tuple(c) for c in t["cells"]], marks).canonical(flip=False)


@pytest.fixture(scope="module")
def laid(tmp_path_factory):
    jpeg, truth = render_photo("bed-1-light", 4, loose_tiles=10)
    path = tmp_path_factory.mktemp("scan") / "tiles.jpg"
    path.write_bytes(jpeg)
    return path, truth


def test_the_json_contract_and_no_shape_wrong_without_uncertain(laid, tmp_path):
    path, truth = laid
    out = tmp_path / "drawn.png"
    data = json.loads(ok("tiles", "scan", str(path), "--board", "bed-1-light", "--json", "--out", str(out)))
    assert set(data["board"]) == {"board", "corners"} and len(data["board"]["corners"]) == 4
    assert out.read_bytes()[:4] == b"\x89PNG"
    assert len(data["tiles"]) >= 8  # of 10 laid
    truths = {_truth_shape(t).cells for t in truth["params"]["tiles"]}
    for tile in data["tiles"]:
        assert {"shape", "cells", "symbols", "holes", "matches", "outline_px", "uncertain"} <= set(tile)
        assert Shape.parse(tile["shape"]).cells == tuple(map(tuple, tile["cells"]))
        if not tile["uncertain"]:
            assert Shape.from_cells(map(tuple, tile["cells"])).canonical(flip=False).cells in truths
        assert all(t.startswith(str(len(tile["cells"]))) for t in tile["matches"])  # ids of that size


def test_save_keeps_sure_tiles_and_forget_takes_one_back(tmp_path):
    jpeg, _ = render_photo("woodland-1-a", 3, loose_tiles=8)  # leaf tiles: their holes read, their shapes unknown
    path = tmp_path / "leaves.jpg"
    path.write_bytes(jpeg)
    game = ("--game", "indian-summer")
    before = json.loads(ok("tiles", "--json", *game))
    data = json.loads(ok("tiles", "scan", str(path), "--board", "woodland-1-a", "--json", "--save", "--yes"))
    saved = data["saved"]
    assert saved, data
    listed = json.loads(ok("tiles", "--json", *game))
    assert listed != before
    again = json.loads(ok("tiles", "scan", str(path), "--board", "woodland-1-a", "--json", "--save", "--yes"))
    assert not ({s["id"] for s in again["saved"]} & {s["id"] for s in saved})  # a defined shape is not overwritten
    for entry in saved + again["saved"]:
        ok("tiles", "forget", entry["id"], *game)
    assert json.loads(ok("tiles", "--json", *game)) == before
    assert "has no entry of yours" in fails(1, "tiles", "forget", saved[0]["id"], *game)


def test_bad_photos_and_options(tmp_path):
    empty_board = tmp_path / "empty.jpg"
    empty_board.write_bytes(calibration_photo("bed-1-light")[0])
    assert "no tiles found" in fails(1, "tiles", "scan", str(empty_board), "--board", "bed-1-light")
    table = tmp_path / "table.jpg"
    import cv2

    cv2.imwrite(str(table), np.full((900, 1200, 3), (40, 90, 160), np.uint8))
    assert "board is the scale" in fails(1, "tiles", "scan", str(table), "--board", "bed-1-light")
    notes = tmp_path / "notes.jpg"
    notes.write_text("not a photo")
    fails(1, "tiles", "scan", str(notes), "--board", "bed-1-light")
    assert "go with --save" in fails(2, "tiles", "scan", str(empty_board), "--board", "bed-1-light", "--yes")
    assert "woodland" not in fails(2, "tiles", "scan", str(empty_board), "--board", "bed-1-light",
                                   "--game", "indian-summer")


def test_a_table_lit_unevenly_is_table_throughout_and_the_tiles_on_it_are_not():
    """A lamp's pool: the table twice as bright on one side as on the other (its far part, where
    its looks are learnt, at one end), tiles both lighter and darker than the table there."""

    from assistant.vision import tilescan

    h = w = 20 * tilescan.PX
    rng = np.random.default_rng(1)
    light = np.linspace(0.55, 1.15, w)[None, :, None]
    img = np.clip(np.full((h, w, 3), (150, 160, 170), np.float32) * light + rng.normal(0, 3, (h, w, 3)), 0, 255)
    tiles = [(2, 3, (40, 90, 60)), (12, 2, (200, 210, 235)), (14, 15, (60, 60, 160)), (3, 14, (90, 140, 90))]
    truth = np.zeros((h, w), bool)
    for r, c, colour in tiles:  # two cells by one, in grid cells of PX pixels
        ys, xs = slice(r * tilescan.PX, (r + 1) * tilescan.PX), slice(c * tilescan.PX, (c + 2) * tilescan.PX)
        img[ys, xs] = colour
        truth[ys, xs] = True
    inside = np.ones((h, w), bool)
    board = np.zeros((h, w), bool)
    board[8 * tilescan.PX:12 * tilescan.PX, 8 * tilescan.PX:12 * tilescan.PX] = True
    far = np.zeros((h, w), bool)
    far[:, 17 * tilescan.PX:] = True  # the table's looks learnt on its bright side only
    fg = tablelook.foreground(img.astype(np.uint8), inside, board, far, tilescan.PX).fg
    table = ~truth & ~board
    assert fg[table].mean() < 0.01  # the dim side is table too
    for r, c, _ in tiles:
        assert fg[r * tilescan.PX + 8:(r + 1) * tilescan.PX - 8, c * tilescan.PX + 8:(c + 2) * tilescan.PX - 8].all()


def test_a_pool_of_light_centred_under_the_board_is_table_up_to_its_edge():
    """A lamp over the board: the table brightest at the board's edge, where the table around lies
    on one side only (the board hides the pool's middle), dimmer farther out. The table from half a
    cell of the board out is table, not a halo that joins the tiles near it to the board (the
    table's look taken as the median around each pixel alone read 28% of it as a halo)."""

    from assistant.vision import tilescan

    px = tilescan.PX
    h = w = 24 * px
    rng = np.random.default_rng(2)
    yy, xx = np.mgrid[0:h, 0:w] / px - 12.0
    light = (0.6 + np.exp(-(xx ** 2 + yy ** 2) / (2 * 4.0 ** 2)))[..., None]
    img = np.clip(np.full((h, w, 3), (110, 115, 120), np.float32) * light + rng.normal(0, 2, (h, w, 3)), 0, 255)
    board = np.zeros((h, w), bool)
    board[9 * px:15 * px, 9 * px:15 * px] = True
    img[board] = (40, 120, 50)
    far = np.ones((h, w), bool)
    far[3 * px:21 * px, 3 * px:21 * px] = False  # the table's looks learnt 6 cells from the board and more
    fg = tablelook.foreground(img.astype(np.uint8), np.ones((h, w), bool), board, far, tilescan.PX).fg
    from_board = np.maximum(np.abs(xx), np.abs(yy)) - 3  # cells from the board's edge
    near = (from_board >= 0.5) & (from_board < 1.5)
    assert fg[near].mean() < 0.02


def test_a_sheen_beside_the_board_is_table_and_a_tile_in_it_is_not():
    """A window mirrored in a polished table: a bright spot of the table's own colour, steep, its
    peak at the board's edge (where the board hides half of it), a tile lying in it. The sheen
    is table from half a cell of the board out (the first pass, which finds it lighter than the
    table's trend, leaves it in the second pass's look, which learns it; the look beside the
    board is carried along the slope of the table around; the former look read 14% of it as a
    halo), the tile is not."""

    from assistant.vision import tilescan

    px = tilescan.PX
    h = w = 24 * px
    rng = np.random.default_rng(3)
    yy, xx = np.mgrid[0:h, 0:w] / px - 12.0
    light = (0.7 + 0.4 * np.exp(-((xx - 3.0) ** 2 + yy ** 2) / (2 * 1.5 ** 2)))[..., None]
    img = np.clip(np.full((h, w, 3), (110, 115, 120), np.float32) * light + rng.normal(0, 2, (h, w, 3)), 0, 255)
    board = np.zeros((h, w), bool)
    board[9 * px:15 * px, 9 * px:15 * px] = True
    img[board] = (40, 120, 50)
    tile = np.zeros((h, w), bool)
    tile[13 * px:14 * px, 17 * px:19 * px] = True  # two cells by one, two cells out, in the sheen's tail
    img[tile] = (60, 60, 170)
    far = np.ones((h, w), bool)
    far[3 * px:21 * px, 3 * px:21 * px] = False
    fg = tablelook.foreground(img.astype(np.uint8), np.ones((h, w), bool), board, far, tilescan.PX).fg
    from_board = np.maximum(np.abs(xx), np.abs(yy)) - 3
    near = (from_board >= 0.5) & (from_board < 1.5) & ~tile
    assert fg[near].mean() < 0.03  # 2%: a speck of the sheen's steepest edge
    assert fg[13 * px + 6:14 * px - 6, 17 * px + 6:19 * px - 6].all()


def test_a_shape_the_game_has_no_tile_of_is_reported_in_doubt():
    """A woodland tile read as two cells (its leaf's hole cell lost against the table): no Indian
    Summer tile has two cells, so the scan reports it uncertain, saying why."""
    from assistant.cli.registry import tile_game
    from assistant.cli.tile_scan import doubt_unknown_shapes
    from assistant.vision.tilescan import ScannedTile

    two, three = ScannedTile(Shape.parse("##"), [], False), ScannedTile(Shape.parse("##/#."), [], False)
    doubt_unknown_shapes(tile_game("indian-summer"), [two, three])
    assert two.uncertain and two.confidence <= 0.4 and any("hole" in d for d in two.doubts)
    assert not three.uncertain and not three.doubts  # an animal tile may have three cells
    flower = ScannedTile(Shape.parse("##"), [], False)
    doubt_unknown_shapes(tile_game("cottage-garden"), [flower])
    assert not flower.uncertain


def test_the_boards_side_round_a_corner_is_no_tile():
    from assistant.vision import tilescan

    px = tilescan.PX
    side = np.zeros((10 * px, 10 * px), bool)
    side[2 * px:8 * px, 2 * px:2 * px + px // 8] = True  # a wall a tenth of a cell thick down one side ...
    side[2 * px:2 * px + px // 8, 2 * px:8 * px] = True  # ... and along the top: an L, six cells a side
    assert tilescan._sliver(side)
    tile = np.zeros_like(side)
    tile[2 * px:3 * px, 4 * px:5 * px] = True  # a one-cell tile against the board
    assert not tilescan._sliver(tile) and not tilescan._sliver(side | tile)


def test_symbols_are_read_against_the_tiles_plainest_cell():
    def read(pots: list[float]) -> dict:
        return tilesymbols.symbols_of({(0, c): {"pot": p, "cloche": 0.2} for c, p in enumerate(pots)})

    many = read([0.9, 0.9, 0.9, 0.9, 0.3])  # four pots on five cells: the plain one is the baseline
    assert [many[(0, c)][0] for c in range(5)] == ["pot"] * 4 + [None]
    assert not any(unsure for _, unsure in many.values())
    busy = read([0.7, 0.72, 0.68])  # art that matches alike everywhere prints no symbol
    assert all(name is None for name, _ in busy.values())
    both = read([0.85, 0.88])  # a domino printed with a pot in each cell: each matches very well
    assert [both[(0, c)][0] for c in range(2)] == ["pot", "pot"]
    alone = read([0.9])  # a lone cell has nothing to be compared with: read, but in doubt
    assert alone[(0, 0)] == ("pot", True)


def test_a_tile_joined_to_the_board_by_the_tables_light_is_read_apart_from_it():
    """A lamp's pool brighter beside the board than the light around carries joins a tile to the
    board in what differs from the table; what differs in colour alone holds the tile apart from
    the board, and that is read. A tile over the board's edge stays refused."""
    from assistant.vision import tilescan

    px = tilescan.PX
    board = np.zeros((20 * px, 20 * px), bool)
    board[8 * px:12 * px, 8 * px:12 * px] = True
    grown = np.zeros_like(board)
    grown[8 * px - 5:12 * px + 5, 8 * px - 5:12 * px + 5] = True  # the board and BOARD_CLEAR around
    tile = np.zeros_like(board)
    tile[5 * px:6 * px, 9 * px:11 * px] = True  # two cells by one, two cells off the board's top
    pool = np.zeros_like(board)
    pool[6 * px:8 * px + 4, 8 * px:12 * px] = True  # the bright table between them
    joined = tile | pool
    assert tilescan._touches(joined, grown)
    parts = tilescan._apart_from_board(joined, tile, board, grown)
    assert len(parts) == 1 and (parts[0][0] == tile).mean() > 0.999
    over = np.zeros_like(board)
    over[7 * px:9 * px, 9 * px:10 * px] = True  # a tile lying over the board's edge
    assert tilescan._apart_from_board(over | pool, over, board, grown) == []


def _read_tile(blob, planes, looks, holed):
    """One tile read from its blob, symbols and all, as scan_tiles reads each."""
    from assistant.vision import tilescan

    draft = tilescan._draft(blob, planes, holed, np.eye(3))
    return tilescan._finish(draft, tilescan._read_symbols([draft], looks)[0])


def _tile_planes(glared_cells=(), pot_cells=(), hole_cells=()):
    """A two-by-one tile on a canvas of 4 x 5 cells, upright at cells (1, 1) and (1, 2): its blob
    and planes (a plain face; a dark disc printed where a pot is; the table through a hole; glare
    over the cells' middles asked for), and a pot's look."""
    from assistant.vision import tilescan

    px = tilescan.PX
    blob = np.zeros((4 * px, 5 * px), bool)
    blob[px:2 * px, px:3 * px] = True
    face = np.full(blob.shape + (3,), (150, 110, 150), np.uint8)  # Lab: a plain green
    disc = np.full((px, px, 3), (150, 110, 150), np.uint8)
    cv2.circle(disc, (px // 2, px // 2), px // 4, (60, 150, 160), -1)  # a terracotta pot
    inset = int(round(tilesymbols.SYMBOL_INSET * px))
    looks = {"pot": [np.ascontiguousarray(disc[inset:px - inset, inset:px - inset])]}
    fg, glare = blob.copy(), np.zeros_like(blob)
    for c in pot_cells:
        face[px:2 * px, (1 + c) * px:(2 + c) * px] = disc
    for c in hole_cells:
        fg[px + px // 3:2 * px - px // 3, (1 + c) * px + px // 3:(2 + c) * px - px // 3] = False
    for c in glared_cells:
        glare[px + px // 4:2 * px - px // 4, (1 + c) * px + px // 4:(2 + c) * px - px // 4] = True
    return blob, tilescan._Planes(fg, face, glare), looks


def test_glare_over_a_cells_print_leaves_no_symbol_only_in_doubt():
    blob, planes, looks = _tile_planes(pot_cells=[0])
    read = _read_tile(blob, planes, looks, False)
    assert read.shape.mark_map() and not read.uncertain  # a pot, and a plain cell: sure
    blob, planes, looks = _tile_planes(pot_cells=[0], glared_cells=[0, 1])
    read = _read_tile(blob, planes, looks, False)
    assert list(read.shape.mark_map().values()) == ["pot"]  # the pot read through the glare is kept
    assert read.uncertain and read.doubts == ["cell 0,1: glare hides its print"]


def test_a_hole_is_read_only_where_the_game_cuts_holes():
    blob, planes, looks = _tile_planes(hole_cells=[1])
    assert list(_read_tile(blob, planes, {}, True).shape.mark_map().values()) == [HOLE]
    # a Cottage Garden tile showing the table there (a worn spot, a shadowed print) has no hole
    assert not _read_tile(blob, planes, looks, False).shape.mark_map()


def test_a_tiles_hard_shadow_is_read_off_by_colour():
    """A tile's hard shadow under a lamp (darker than the table, not other in colour) widens its
    outline by most of a cell: read in doubt with a row of cells too many, then again from what
    differs from the table in colour alone, sure and right. A reading by colour with as many
    cells or more is not taken (colour alone may lose a thin part: it must take a cell off)."""
    from assistant.vision import tilescan

    px = tilescan.PX
    blob, planes, looks = _tile_planes()
    tile_only = blob.copy()
    blob[2 * px:2 * px + 2 * px // 3, px + px // 8:3 * px + px // 8] = True  # the shadow, cast down and right
    planes.fg = blob.copy()

    def read(outline):
        return tilescan._draft(outline, planes, False, np.eye(3))

    first = read(blob)
    assert first.uncertain and len(first.cells) == 4
    off_board = np.zeros_like(blob)
    other = tilescan._by_colour(first, blob, tile_only, off_board, read)
    assert other is not None and not other.uncertain
    assert tilescan._finish(other, tilescan._read_symbols([other], looks)[0]).text == "##"
    split = tile_only.copy()
    split[:, 2 * px - px // 4:2 * px + px // 4] = False  # colour alone in two blobs: nothing taken
    assert tilescan._by_colour(first, blob, split, off_board, read) is None
    assert tilescan._by_colour(other, tile_only, tile_only, off_board, read) is None  # as many cells: not taken
