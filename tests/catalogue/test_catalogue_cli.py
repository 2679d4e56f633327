"""`garden tiles` and `garden beds`: listing, defining, overriding, and every bad input."""

from __future__ import annotations

import json

from tests.cli.runner import fails, ok


def test_tiles_lists_catalogue_and_what_is_missing():
    out = ok("tiles")
    assert "1A ×2" in out and "cloche at 0,0" in out
    assert "unknown — define it: garden tiles define 3A '###'" in out
    assert "36 tiles, 35 ids; 4 fully known, 31 with something unknown" in out
    assert "5F (the cell of its flowerpot)" in out
    data = json.loads(ok("tiles", "--json"))["tiles"]
    assert len(data) == 35 and data[0]["count"] == 2
    assert {t["id"]: t["shape"] for t in data}["4A"] is None


def test_define_tile_overrides_and_persists(garden_home):
    out = ok("tiles", "define", "3a", "#./##")
    assert "Defined tile 3A (3 cells)" in out
    ok("tiles", "define", "2A", "##", "--pot", "0,1")
    ok("tiles", "define", "5F", ".#####", "--pot", "0,3")  # a column of gaps is trimmed
    data = {t["id"]: t for t in json.loads(ok("tiles", "--json"))["tiles"]}
    assert data["3A"]["shape"] == "#./##" and data["3A"]["source"] == "user"
    assert data["2A"]["symbols"] == [{"symbol": "pot", "cell": [0, 1]}]
    assert data["5F"]["symbols"] == [{"symbol": "pot", "cell": [0, 2]}] and data["5F"]["missing"] == []
    assert "6 fully known, 29 with something unknown" in ok("tiles")
    saved = json.loads((garden_home / "catalogue" / "cottage_tiles.json").read_text(encoding="utf-8"))
    assert [e["id"] for e in saved["tiles"]] == ["3A", "2A", "5F"]


def test_beds_list_and_define():
    out = ok("beds")
    assert "unknown — define it: garden beds define 1-light" in out and "0 of 18 layouts known" in out
    out = ok("beds", "define", "3-dark", "C..../..C../...../.P.../....c".replace("c", "C"))
    assert "Defined bed 3-dark" in out and "Note" not in out
    assert "more flowerpots" in ok("beds", "define", "3-light", "C..../..C../...../...../.....")
    beds = {b["name"]: b for b in json.loads(ok("beds", "--json"))["beds"]}
    assert beds["3-dark"]["layout"] == "C..../..C../...../.P.../....C" and beds["3-dark"]["source"] == "user"
    assert "2 of 18 layouts known" in ok("beds")


def test_bad_definitions_one_line_and_no_change(garden_home):
    ok("tiles", "define", "3A", "###")
    ok("beds", "define", "1-light", "..P../C..../...../.P.../....C")
    folder = garden_home / "catalogue"
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    cases = [
        (2, ("tiles", "define", "3B", "#/"), "row 2 is empty"),
        (2, ("tiles", "define", "3B", ""), "empty"),
        (2, ("tiles", "define", "3B", "#.#"), "disconnected"),
        (2, ("tiles", "define", "3B", "#+#"), "unexpected character '+'"),
        (2, ("tiles", "define", "3B", "####"), "has 4 cells, tile 3B has 3"),
        (1, ("tiles", "define", "8A", "#"), "unknown tile id '8A'"),
        (2, ("tiles", "define", "2B", "##"), "give exactly 1 --pot"),
        (2, ("tiles", "define", "2B", "##", "--pot", "0,0", "--pot", "0,1"), "give exactly 1 --pot"),
        (2, ("tiles", "define", "2B", "##", "--pot", "1,0"), "--pot 1,0 is not a '#' cell"),
        (2, ("tiles", "define", "2B", "##", "--pot", "a"), "row,column"),
        (2, ("tiles", "define", "3B", "###", "--cloche", "0,0"), "give no --cloche"),
        (2, ("beds", "define", "1-dark", "...../....."), "is 2×5: a bed is 5×5"),
        (2, ("beds", "define", "1-dark", "...../......./...../...../....."), "row 2 has 7 cells"),
        (2, ("beds", "define", "1-dark", "...../..#../...../...../....."), "unknown character '#'"),
        (2, ("beds", "define", "12-dark", "...../...../...../...../....."), "unknown bed '12-dark'"),
    ]
    for code, args, words in cases:
        line = fails(code, *args)
        assert "\n" not in line and words in line, (args, line)
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before


def test_a_corrupt_user_catalogue_is_one_line_naming_file_and_entry(garden_home):
    path = garden_home / "catalogue" / "cottage_tiles.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"tiles": [{"id": "4A", "size": 4, "shape": "#####"}]}), encoding="utf-8")
    line = fails(1, "tiles")
    assert line == f"Error: {path}: entry 4A: shape '#####' has 5 cells, a 4A tile has 4"
    assert "entry 4A" in json.loads(fails(1, "tiles", "--json"))["error"]
    assert "entry 4A" in fails(1, "fit", "2A", "--cells", ".....")
    fails(1, "tiles", "define", "3A", "###")
    assert json.loads(path.read_text(encoding="utf-8"))["tiles"][0]["shape"] == "#####"
