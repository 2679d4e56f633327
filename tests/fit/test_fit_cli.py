"""`garden fit` through the CLI: the JSON contract, the text view, every bad input."""

from __future__ import annotations

import json

import pytest

from tests.cli.runner import fails, ok

BED = "#####/#..P./....."


def fit_json(*args):
    return json.loads(ok("fit", *args, "--json"))


def test_json_contract():
    data = fit_json("##/#.", "--cells", BED)
    assert data["count"] == len(data["placements"]) == 13  # JSON lists every placement by default
    for p in data["placements"]:
        assert {"bed", "cells", "orientation", "score", "reasons"} <= set(p)
        assert p["bed"] == 1 and isinstance(p["score"], float) and p["reasons"]
        assert all(isinstance(s, str) for s in p["reasons"])
        assert len(p["cells"]) == 3 and all(len(c) == 2 for c in p["cells"])
        # rows and columns from 0, row 0 at the top: row 0 is covered, so never used.
        assert all(0 < r <= 2 and 0 <= c <= 4 and BED.split("/")[r][c] in ".P" for r, c in p["cells"])
    scores = [p["score"] for p in data["placements"]]
    assert scores == sorted(scores, reverse=True)
    assert data["placements"][0]["cells"] == [[1, 1], [2, 0], [2, 1]]


def test_a_completing_placement_comes_first_and_limit_and_no_flip():
    data = fit_json("##", "--cells", "..###/#####/##CCC", "--limit", "1")
    assert len(data["placements"]) == 1 and data["count"] > 1
    assert data["placements"][0]["reasons"][0].startswith("completes the bed")
    chiral = "##/#./#."
    assert fit_json(chiral, "--cells", "...../...../...../...../.....")["count"] == 2 * fit_json(
        chiral, "--cells", "...../...../...../...../.....", "--no-flip")["count"]


def test_tile_ids_come_from_the_catalogue():
    data = fit_json("2a", "--cells", "...../...../...../...../.....")
    assert data["count"] == 40 and data["shape"] == "##"
    five = fit_json("5F", "--cells", "...../...../...../...../.....")
    assert five["count"] == 10 and "flowerpot is unknown" in five["notes"][0]
    ok("tiles", "define", "3C", "##/.#")
    assert fit_json("3c", "--cells", "##/#.")["count"] == 0  # blocked: an answer, not an error


def test_text_view_draws_the_tile_and_the_reasons():
    out = ok("fit", "##/#.", "--cells", BED)
    assert "13 legal placements of '##/#.', best first" in out
    assert "X X . . ." in out and "keeps the empty area in one compact region" in out
    assert "… and 8 more (--limit 0 shows all)." in out
    assert "No legal placement" in ok("fit", "##", "--cells", "#.#")


@pytest.mark.parametrize("args, code, words", [
    (["#/", "--cells", BED], 1, "row 2 is empty"),
    (["", "--cells", BED], 1, "empty"),
    (["#.#", "--cells", BED], 1, "disconnected"),
    (["#x", "--cells", BED], 1, "unexpected character 'x'"),
    (["######", "--cells", "...../...../...../...../....."], 1, "does not fit"),
    (["####/###", "--cells", BED], 1, "has 7 cells: a Cottage Garden flower tile has 1 to 6"),
    (["9Z", "--cells", BED], 1, "unknown tile id '9Z'"),
    (["4B", "--cells", BED], 1, "garden tiles define 4B"),
    (["##", "--cells", "...../..."], 2, "row 2 has 3 cells"),
    (["##", "--cells", "..x.."], 2, "unknown character 'x'"),
    (["##"], 1, "--cells"),  # no bed given and no game to take one from
    (["##", "--cells", BED, "--limit", "-1"], 2, "--limit -1"),
])
def test_bad_input_one_line_no_traceback(args, code, words):
    line = fails(code, "fit", *args)
    assert "\n" not in line and words in line, line


def test_bad_input_with_json_gives_an_error_object():
    line = fails(1, "fit", "#.#", "--cells", BED, "--json")
    assert "disconnected" in json.loads(line)["error"]


def test_fit_and_tiles_import_no_numpy_or_cv2(garden_home):
    import subprocess
    import sys

    for argv in (["garden", "fit", "##", "--cells", "....."], ["garden", "tiles", "--json"]):
        code = (f"import sys; sys.argv = {argv!r}\n"
                "from assistant.cli.app import main\n"
                "try:\n    main()\nexcept SystemExit:\n    pass\n"
                "assert 'numpy' not in sys.modules and 'cv2' not in sys.modules, 'heavy import'\n")
        subprocess.run([sys.executable, "-c", code], check=True, capture_output=True)
