"""The shipped catalogue says what components.md says, and every bad data file is refused
with one line naming the file, the entry and the problem."""

from __future__ import annotations

import json

import pytest

from assistant.data import catalogue, indian_catalogue
from assistant.errors import GardenError
from assistant.grid import HOLE, Shape


def test_shipped_tiles_match_components_md():
    cat = catalogue.load()
    assert sum(t.count for t in cat.tiles.values()) == 36
    assert len(cat.tiles) == 35 and cat.tiles["1A"].count == 2
    sizes = {n: sorted(t.id for t in cat.tiles.values() if t.size == n) for n in range(1, 7)}
    assert sizes[1] == ["1A"] and sizes[2] == ["2A", "2B", "2C"]
    assert len(sizes[3]) == 6 and len(sizes[4]) == 8 and len(sizes[5]) == 9 and len(sizes[6]) == 8
    symbols = {t.id: [(s.kind, s.cell) for s in t.symbols] for t in cat.tiles.values() if t.symbols}
    assert symbols == {"1A": [("cloche", (0, 0))], "2A": [("pot", (0, 0))], "2B": [("pot", (0, 0))],
                       "5F": [("pot", None)]}
    known = {t.id for t in cat.tiles.values() if t.shape is not None}
    assert known == {"1A", "2A", "2B", "2C", "5F"}  # forced by size, or named (5F = I-pentomino)
    assert cat.tiles["5F"].shape == Shape.parse("#####") and not cat.tiles["5F"].known
    assert cat.tiles["5F"].missing() == ["the cell of its flowerpot"]
    assert all(t.source == "shipped" for t in cat.tiles.values())


def test_shipped_beds_are_18_unknown_sides():
    beds = catalogue.load().beds
    assert len(beds) == 18 and all(b.layout is None for b in beds.values())
    assert sorted({b.board for b in beds.values()}) == list(range(1, 10))
    assert {b.side for b in beds.values()} == {"light", "dark"}
    with pytest.raises(GardenError, match="layout is unknown: define it"):
        beds["4-dark"].bed()


def test_resolve_shape_takes_ids_and_texts_and_refuses_unknown_shapes():
    assert catalogue.resolve_shape("2a") == Shape.parse("##", {(0, 0): "pot"})
    assert catalogue.resolve_shape("1A").mark_map() == {(0, 0): "cloche"}
    assert catalogue.resolve_shape("##/#.") == Shape.parse("##/#.")
    assert catalogue.resolve_shape("5F") == Shape.parse("#####")  # pot cell unknown: no mark
    with pytest.raises(GardenError, match=r"tile 4C's shape is unknown .*garden tiles define 4C '####'"):
        catalogue.resolve_shape("4C")
    with pytest.raises(GardenError, match="unknown tile id '7Z'"):
        catalogue.resolve_shape("7Z")


def _user_tiles(home, entries=None, text=None):
    path = home / "catalogue" / catalogue.TILES_FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text if text is not None else json.dumps({"tiles": entries}), encoding="utf-8")
    return path


@pytest.mark.parametrize("entry, problem", [
    ({"id": "3A", "size": 3, "shape": "#x#"}, "unexpected character 'x'"),
    ({"id": "3A", "size": 3, "shape": "#/"}, "row 2 is empty"),
    ({"id": "3A", "size": 3, "shape": "#.#/###"}, "has 5 cells, a 3A tile has 3"),
    ({"id": "3A", "size": 3, "shape": "#.#"}, "disconnected"),
    ({"id": "3A", "size": 4, "shape": "####"}, "size 4 is wrong for id 3A"),
    ({"id": "3A", "size": 3, "shape": "####"}, "has 4 cells, a 3A tile has 3"),
    ({"id": "2A", "size": 2, "shape": "##", "symbols": [{"symbol": "bee", "cell": [0, 0]}]}, "unknown symbol 'bee'"),
    ({"id": "2A", "size": 2, "shape": "##", "symbols": [{"symbol": "pot", "cell": [1, 0]}]}, "is not on a '#' cell"),
    ({"id": "2A", "size": 2, "shape": "##", "symbols": []}, "symbols none differ from the game's [pot]"),
    ({"id": "3A", "size": 3, "shape": "###", "colour": "red"}, "unknown field(s) colour"),
    ({"id": "7Z", "size": 7, "shape": "#######"}, "is not a tile id"),
    ({"id": "3A", "size": 3, "count": 2, "shape": "###"}, "count 2 differs from the game's 1"),
])
def test_a_bad_user_entry_names_file_entry_and_problem(garden_home, entry, problem):
    path = _user_tiles(garden_home, [{"id": "4A", "size": 4, "shape": "##/##"}, entry])
    with pytest.raises(GardenError) as err:
        catalogue.load(garden_home)
    message = str(err.value)
    assert message.startswith(f"{path}: entry {entry['id']}: ")
    assert problem in message and "\n" not in message


def test_duplicate_and_malformed_json_and_wrong_top_level(garden_home):
    path = _user_tiles(garden_home, [{"id": "3A", "size": 3, "shape": "###"},
                                     {"id": "3A", "size": 3, "shape": "##/#."}])
    with pytest.raises(GardenError, match=r"entry 3A: appears twice \(entries 1 and 2\)"):
        catalogue.load(garden_home)
    _user_tiles(garden_home, text='{"tiles": [{"id": "3A",}]}')
    with pytest.raises(GardenError) as err:
        catalogue.load(garden_home)
    assert str(err.value).startswith(f"{path}: not valid JSON (line 1, column")
    _user_tiles(garden_home, text='["3A"]')
    with pytest.raises(GardenError, match="expected an object with a 'tiles' list"):
        catalogue.load(garden_home)
    _user_tiles(garden_home, ["not an object"])
    with pytest.raises(GardenError, match=r"entry #1: an entry must be an object"):
        catalogue.load(garden_home)


def test_a_bad_bed_entry_names_file_entry_and_problem(garden_home):
    path = garden_home / "catalogue" / catalogue.BEDS_FILE
    path.parent.mkdir(parents=True)
    for entry, problem in [
        ({"name": "1-light", "layout": "..P../C...."}, "is 2×5: a bed is 5×5"),
        ({"name": "1-light", "layout": "..X../...../...../...../....."}, "unknown character 'X'"),
        ({"name": "1-light", "layout": "#..../...../...../...../....."}, "unknown character '#'"),
        ({"name": "1-light", "side": "dark", "layout": None}, "do not match the name 1-light"),
        ({"name": "10-light", "layout": None}, "is not a bed side"),
    ]:
        path.write_text(json.dumps({"beds": [entry]}), encoding="utf-8")
        with pytest.raises(GardenError) as err:
            catalogue.load(garden_home)
        assert str(err.value).startswith(f"{path}: entry {entry['name']}: ") and problem in str(err.value)


def test_the_shipped_files_are_validated_too(tmp_path, monkeypatch):
    doc = json.loads((catalogue.SHIPPED_DIR / catalogue.TILES_FILE).read_text(encoding="utf-8"))
    doc["tiles"][5]["size"] = 4  # 3B
    (tmp_path / catalogue.TILES_FILE).write_text(json.dumps(doc), encoding="utf-8")
    monkeypatch.setattr(catalogue, "SHIPPED_DIR", tmp_path)
    monkeypatch.setattr(catalogue, "_SHIPPED", {})
    with pytest.raises(GardenError, match=r"cottage_tiles.json: entry 3B: size 4 is wrong for id 3B"):
        catalogue.load()


def test_define_overrides_and_persists(garden_home):
    spec = catalogue.define_tile("3a", "#./##", home=garden_home)
    assert spec.source == "user" and spec.shape == Shape.parse("##/#.").transformed("r270")
    catalogue.define_tile("5F", "#####", pots=[(0, 2)], home=garden_home)
    catalogue.define_bed("2-Dark", "C..../..C../...../.P.../....C", home=garden_home)
    catalogue._USER.clear()  # a fresh process reads the file again
    cat = catalogue.load(garden_home)
    assert cat.tiles["3A"].shape.to_text() == "#./##" and cat.tiles["3A"].source == "user"
    assert cat.tiles["5F"].known and cat.tiles["5F"].shape.mark_map() == {(0, 2): "pot"}
    assert cat.tiles["3B"].source == "shipped" and cat.tiles["3B"].shape is None
    assert cat.beds["2-dark"].layout == "C..../..C../...../.P.../....C"
    assert cat.beds["2-dark"].bed().count("cloche") == 3
    # Redefining replaces, other entries stay; no temporary files are left behind.
    catalogue.define_tile("3A", "###", home=garden_home)
    cat = catalogue.load(garden_home)
    assert cat.tiles["3A"].shape.to_text() == "###" and cat.tiles["5F"].known
    assert sorted(p.name for p in (garden_home / "catalogue").iterdir()) == [catalogue.BEDS_FILE, catalogue.TILES_FILE]
    saved = json.loads((garden_home / "catalogue" / catalogue.TILES_FILE).read_text(encoding="utf-8"))
    assert [e["id"] for e in saved["tiles"]] == ["5F", "3A"]


def test_define_refuses_and_changes_nothing(garden_home):
    catalogue.define_tile("3A", "###", home=garden_home)
    path = garden_home / "catalogue" / catalogue.TILES_FILE
    before = path.read_bytes()
    for args, kwargs, problem in [
        (("3B", "####"), {}, "has 4 cells, tile 3B has 3"),
        (("2A", "##"), {}, "give exactly 1 --pot"),
        (("2C", "##"), {"pots": [(0, 0)]}, "give no --pot"),
        (("1A", "#"), {"cloches": [(0, 1)]}, "not a '#' cell"),
        (("9Q", "#"), {}, "unknown tile id"),
        (("3B", "#.#"), {}, "disconnected"),
    ]:
        with pytest.raises(GardenError, match=problem):
            catalogue.define_tile(*args, **kwargs, home=garden_home)
    assert path.read_bytes() == before


def test_define_never_overwrites_a_corrupt_user_file(garden_home):
    path = _user_tiles(garden_home, text='{"tiles": [ {"id": "3A", "shape": "###"')
    with pytest.raises(GardenError, match="not valid JSON"):
        catalogue.define_tile("3B", "###", home=garden_home)
    assert path.read_text(encoding="utf-8") == '{"tiles": [ {"id": "3A", "shape": "###"'


def test_bed_sides_for_board_mode(garden_home):
    with pytest.raises(GardenError, match="layout is unknown: define it from your box, e.g. garden beds define 3-light"):
        catalogue.bed_sides("3-light", garden_home)
    catalogue.define_bed("3-light", "P..../...../..P../...../....C", home=garden_home)
    up, down = catalogue.bed_sides("3-Light", garden_home)
    assert up == ("3-light", "P..../...../..P../...../....C")
    assert down[0].startswith("blank-") and down[1] == "...../...../...../...../....."  # labelled placeholder
    catalogue.define_bed("3-dark", "C..../...../..C../...../....P", home=garden_home)
    assert catalogue.bed_sides("3-dark", garden_home) == (("3-dark", "C..../...../..C../...../....P"),
                                                          ("3-light", "P..../...../..P../...../....C"))
    with pytest.raises(GardenError, match="unknown bed"):
        catalogue.bed_sides("11-dark", garden_home)


def test_a_scanned_shape_no_tile_of_the_game_has_is_in_doubt():
    """components.md: flower tiles 1-6 cells, no hole; leaf tiles one hole and 3-5 cells, animal
    tiles 3-4 cells and squirrels 1, no hole. A scan that lost a leaf tile's hole cell reads a
    shape like that."""
    plain = lambda text: Shape.parse(text)  # noqa: E731
    holed = lambda text, cell: Shape.parse(text, [(cell, HOLE)])  # noqa: E731
    assert catalogue.scan_doubt(plain("##")) is None
    assert catalogue.scan_doubt(plain("######")) is None
    assert catalogue.scan_doubt(plain("###/####")) is not None
    assert catalogue.scan_doubt(holed("##", (0, 0))) is not None
    assert indian_catalogue.scan_doubt(holed("##/#.", (0, 0))) is None  # a green leaf
    assert indian_catalogue.scan_doubt(holed("#####", (0, 2))) is None  # a red leaf
    assert indian_catalogue.scan_doubt(plain("###/.#.")) is None  # an animal
    assert indian_catalogue.scan_doubt(plain("#")) is None  # a squirrel
    assert "hole" in indian_catalogue.scan_doubt(plain("##"))  # a green leaf without its hole cell
    assert indian_catalogue.scan_doubt(plain("#####")) is not None  # a red leaf without its hole
    assert indian_catalogue.scan_doubt(holed("##", (0, 1))) is not None
    assert indian_catalogue.scan_doubt(Shape.parse("###", [((0, 0), HOLE), ((0, 2), HOLE)])) is not None
