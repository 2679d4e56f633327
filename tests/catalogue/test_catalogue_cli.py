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


def test_tiles_game_indian_summer_lists_leaves_and_animals():
    out = ok("tiles", "--game", "indian-summer")
    assert "75 leaf tiles" in out and "garden tiles define G1 '#o/#.' --game indian-summer" in out
    assert "t (4 cells, shipped): ###/.#." in out and "20 animals in all" in out
    assert "1A ×2" not in out  # not the Cottage Garden tiles
    data = json.loads(ok("tiles", "--game", "indian-summer", "--json"))
    assert data["game"] == "indian-summer" and len(data["leaves"]) == 75 and len(data["animals"]) == 7
    # the same entries as the older listings
    assert data["leaves"] == json.loads(ok("leaves", "--json"))["leaves"]
    assert data["animals"] == json.loads(ok("animals", "--json"))["animals"]
    assert json.loads(ok("tiles", "--game", "cottage-garden", "--json")) == json.loads(ok("tiles", "--json"))
    assert "unknown game 'carcassonne'" in fails(2, "tiles", "--game", "carcassonne")


def test_tiles_define_indian_summer_leaf_and_animal():
    assert "Defined leaf G1 (green, 3 cells): #o/#." in ok("tiles", "define", "G1", "#o/#.", "--game", "indian-summer")
    assert "Defined leaf O1 (orange, 4 cells): ###/o.." in ok("tiles", "define", "o1", "###/#..", "--hole", "1,0",
                                                              "--game", "indian-summer")
    assert "Defined the i3 animal: ###" in ok("tiles", "define", "i3", "###", "--count", "3", "--game", "indian-summer")
    # the group's --game carries to define
    assert "Defined leaf G2" in ok("tiles", "--game", "indian-summer", "define", "G2", "##o")
    data = json.loads(ok("tiles", "--game", "indian-summer", "--json"))
    leaves = {e["id"]: e for e in data["leaves"]}
    assert leaves["G1"] == {"id": "G1", "colour": "green", "size": 3, "shape": "#o/#.", "source": "user"}
    assert leaves["G2"]["shape"] == "##o"
    assert {e["kind"]: e for e in data["animals"]}["i3"]["count"] == 3
    # the older names see the same definitions, and define through the same code
    assert "G1 (green, 3 cells, user): #o/#." in ok("leaves")
    assert "Defined the l3 animal: ##/#." in ok("animals", "define", "l3", "##/#.")
    assert "l3 (3 cells, user): ##/#." in ok("tiles", "--game", "indian-summer")
    # the Cottage Garden catalogue is untouched
    assert json.loads(ok("tiles", "--json"))["tiles"][0]["source"] == "shipped"


def test_tiles_define_indian_summer_refusals():
    for code, args, problem in [
        (2, ("G2", "###"), "exactly one hole"),
        (2, ("O1", "#o#"), "3 cells"),
        (2, ("t", "####"), "seed names the T"),
        (2, ("X9", "###"), "unknown Indian Summer tile 'X9'"),
        (2, ("3A", "###"), "unknown Indian Summer tile '3A'"),
        (2, ("G2", "#o#", "--pot", "0,0"), "--pot and --cloche are Cottage Garden options"),
        (2, ("i3", "###", "--hole", "0,0"), "an animal has no hole"),
        (2, ("G2", "#o#", "--count", "2"), "--count is for an animal kind"),
        (2, ("G2", "###", "--hole", "a"), "row,column"),
    ]:
        assert problem in fails(code, "tiles", "define", *args, "--game", "indian-summer")
    ok("tiles", "define", "i3", "###", "--game", "indian-summer")
    assert "already has this shape" in fails(2, "tiles", "define", "l3", "###", "--game", "indian-summer")
    # Indian Summer options on a Cottage Garden tile
    assert "--hole and --count are Indian Summer options" in fails(2, "tiles", "define", "3A", "###", "--hole", "0,0")
    assert "--hole and --count are Indian Summer options" in fails(2, "tiles", "define", "3A", "###", "--count", "2")
    assert "unknown tile id 'G1'" in fails(1, "tiles", "define", "G1", "#o/#.")  # the default game is Cottage Garden


def test_a_bed_board_lies_in_one_place_only():
    # a bed is one board with two sides: neither side twice, nor both sides, nor player and public
    for side in ("1-light", "1-dark", "2-light"):
        ok("beds", "define", side, "..P../C..../...../.P.../....C")
    base = ("new", "cottage-garden", "--board-mode", "--players", "Ann,Ben")
    assert "already in play (--bed 'Ann=1-light')" in fails(2, *base, "--bed", "Ann=1-light", "--bed", "Ben=1-light")
    assert "already in play" in fails(2, *base, "--bed", "Ann=1-light", "--bed", "Ann=1-dark")
    assert "already in play" in fails(2, *base, "--bed", "Ann=1-light", "--public-bed", "1-dark")
    ok(*base, "--bed", "Ann=1-light", "--public-bed", "2-light")
