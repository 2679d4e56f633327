"""Photos meeting games: woodland regions, comparison with a tracked bed, counts offered,
the Indian Summer ranking from photos."""

import json

from conftest import PHOTOS
from tests.cli.runner import fails, ok

WOODS = str(PHOTOS / "woodland-1-a_half.jpg")
BED = str(PHOTOS / "bed-1-light_mixed.jpg")


def test_woodland_check_reports_six_regions_consistent_with_the_cells():
    data = json.loads(ok("check", WOODS, "--board", "woodland-1-a", "--json"))
    regions = data["regions"]
    assert len(regions) == 6 and all(len(r["cells"]) == 12 for r in regions)
    unsure = {tuple(c) for c in data["uncertain"]}
    for region in regions:
        uncovered = [c for c in region["cells"] if data["cells"][c[0]][c[1]] != "covered" and tuple(c) not in unsure]
        assert region["empty"] == len(uncovered)
    assert sum(r["uncertain"] for r in regions) == len(unsure)


def test_check_against_a_tracked_board_mode_bed_lists_disagreements():
    ok("new", "cottage-garden", "--board-mode", "--players", "Ann,Ben", "--name", "bm")
    data = json.loads(ok("check", BED, "--board", "bed-1-light", "--player", "Ann", "--bed", "1", "--json"))
    comp = data["comparison"]
    assert comp["compared_with"] == "Ann's bed 1"
    covered_seen = {(r, c) for r, row in enumerate(data["cells"]) for c, v in enumerate(row) if v == "covered"}
    unsure = {tuple(c) for c in data["uncertain"]}
    # the tracked bed is empty: every covered cell the photo reads (and only those) disagrees
    assert {tuple(d["cell"]) for d in comp["disagree"]} == covered_seen - unsure
    assert "name the bed" in fails(1, "check", BED, "--board", "bed-1-light", "--player", "Ann")
    assert "--bed goes with --player" in fails(2, "check", BED, "--board", "bed-1-light", "--bed", "1")


def test_score_mode_offers_counts_only_for_a_complete_bed():
    ok("new", "cottage-garden", "--players", "Ann,Ben", "--name", "sm")
    data = json.loads(ok("check", BED, "--board", "bed-1-light", "--player", "Ann", "--json"))
    has_empty = any(v == "empty" for row in data["cells"] for v in row)
    assert (data["offer"] is None) == (has_empty or bool(data["uncertain"]))
    # the form with --bed, and the player's name as the game spells it
    data = json.loads(ok("check", BED, "--board", "bed-1-light", "--player", "ann", "--bed", "2", "--json"))
    assert data["player"] == "Ann" and data["bed"] == 2
    assert "no player 'Zed'" in fails(1, "check", BED, "--board", "bed-1-light", "--player", "Zed")
    assert "1<=x<=2" in fails(2, "check", BED, "--board", "bed-1-light", "--player", "Ann", "--bed", "3")


def test_indian_summer_tally_from_photos():
    ok("new", "indian-summer", "--players", "Ann,Ben", "--name", "is")
    data = json.loads(ok("tally", "--photo", f"Ann={WOODS}", "--board", "woodland-1-a", "--json"))
    reading = json.loads(ok("check", WOODS, "--board", "woodland-1-a", "--json"))
    ann = next(r for r in data["ranking"] if r["name"] == "Ann")
    assert ann["empty"] == sum(r["empty"] for r in reading["regions"])
    assert data["ranking"][0]["name"] == "Ann"  # Ben's untouched board has 72 empty cells
    assert any(n.startswith("Ann:") for n in data["photo_notes"])
    # the regions column is the photo's too (complete: all read, none uncovered)
    assert ann["completed"] == sum(r["empty"] == 0 and r["uncertain"] == 0 for r in reading["regions"])
    assert "one per player" in fails(2, "tally", "--photo", f"Ann={WOODS}", "--photo", f"ann={WOODS}",
                                     "--board", "woodland-1-a")
    assert "name the calibrated board" in fails(2, "tally", "--photo", f"Ann={WOODS}")
    assert "no player 'Zed'" in fails(1, "tally", "--photo", f"Zed={WOODS}", "--board", "woodland-1-a")
    ok("new", "cottage-garden", "--players", "Ann,Ben", "--name", "cg")
    assert "not from photos" in fails(2, "tally", "--photo", f"Ann={WOODS}", "--board", "woodland-1-a")


def test_fit_on_a_photo_uses_only_cells_read_as_free(tmp_path):
    out = tmp_path / "fit.png"
    data = json.loads(ok("fit", BED, "--board", "bed-1-light", "--tile", "##/#.", "--out", str(out), "--json"))
    reading = json.loads(ok("check", BED, "--board", "bed-1-light", "--json"))
    blocked = {(r, c) for r, row in enumerate(reading["cells"]) for c, v in enumerate(row) if v == "covered"}
    blocked |= {tuple(c) for c in reading["uncertain"]}
    assert data["placements"] and all(not blocked & {tuple(c) for c in p["cells"]} for p in data["placements"])
    assert all({"bed", "cells", "orientation", "score", "reasons"} <= set(p) for p in data["placements"])
    assert data["photo"]["board"] == "bed-1-light" and out.is_file() and out.read_bytes()[:4] == b"\x89PNG"
    jpg = tmp_path / "fit.jpg"  # a JPEG drawing, as `garden check --out` writes one
    ok("fit", BED, "--board", "bed-1-light", "--tile", "##/#.", "--out", str(jpg))
    assert jpg.read_bytes()[:2] == b"\xff\xd8"
    woods = json.loads(ok("fit", WOODS, "--board", "woodland-1-a", "--tile", "##/o#", "--json", "--limit", "3"))
    assert len(woods["placements"]) == 3


def test_fit_photo_bad_input():
    assert "--tile" in fails(2, "fit", BED, "--board", "bed-1-light")
    assert "must end in .png or .jpg" in fails(2, "fit", BED, "--board", "bed-1-light", "--tile", "##", "--out", "x.txt")
    assert "leave out --cells" in fails(2, "fit", BED, "--board", "bed-1-light", "--tile", "##", "--cells", ".....")
    assert fails(1, "fit", BED, "--board", "no-such-board", "--tile", "##")


def test_fit_reads_a_second_photo_of_the_bed_with_the_first():
    """The committed pair (samples/pbr/photos: a bed's glare washes out five cells; the scene again,
    the phone moved to one side): read with its second photo, the cells the glare hid in the first
    but not in the second are read surely (they hold tiles), and no placement takes a cell in doubt."""
    from pathlib import Path

    pair = [str(Path(__file__).resolve().parents[2] / "samples" / "pbr" / "photos" / f"{stem}.jpg")
            for stem in ("pbr-bed-1_10013", "pbr-bed-1_10013_v1")]
    args = ["fit", pair[0], "--board", "pbr-bed-1", "--tile", "##", "--json"]
    one = json.loads(ok(*args))
    both = json.loads(ok(*args, "--again", pair[1]))
    assert one["photo"]["glare"] and not both["photo"]["glare"]
    assert {tuple(c) for c in both["photo"]["uncertain"]} < {tuple(c) for c in one["photo"]["uncertain"]}
    assert both["photo"]["photos"] == pair and both["photo"]["not_read"] == [] and "photos" not in one["photo"]
    assert all(not {tuple(c) for c in both["photo"]["uncertain"]} & {tuple(c) for c in p["cells"]}
               for p in both["placements"])
    assert len(both["notes"][0]) < len(one["notes"][0])  # "cells read uncertain are treated as covered: ..."
    text = ok(*args[:-1])
    assert "Glare hides" in text and "with --again" in text
    assert "leave out --camera" in fails(2, *args, "--again", pair[1], "--camera", "0")
    assert "no-such.jpg" in fails(1, *args, "--again", "no-such.jpg")


def test_indian_summer_tally_reads_several_photos_of_a_board_as_one(tmp_path):
    ok("new", "indian-summer", "--players", "Ann,Ben", "--name", "is2")
    alone = json.loads(ok("tally", "--photo", f"Ann={WOODS}", "--board", "woodland-1-a", "--json"))
    # a photo of another board beside it is named, not read; the woodland photo still counts
    data = json.loads(ok("tally", "--photo", f"Ann={WOODS},{BED}", "--board", "woodland-1-a", "--json"))
    ann = next(r for r in data["ranking"] if r["name"] == "Ann")
    assert ann == next(r for r in alone["ranking"] if r["name"] == "Ann")
    assert any(n.startswith("Ann: not read:") and BED in n for n in data["photo_notes"])
    read = [n for n in data["photo_notes"] if "empty cell(s) read from" in n]
    assert len(read) == 1 and read[0].startswith("Ann:") and WOODS in read[0] and BED not in read[0]
    assert "PLAYER=PHOTO,PHOTO2" in fails(2, "tally", "--photo", "Ann=,", "--board", "woodland-1-a")
    assert "give one per player" in fails(2, "tally", "--photo", f"Ann={WOODS}", "--photo", f"Ann={WOODS}",
                                             "--board", "woodland-1-a")


def test_check_names_the_cells_where_nothing_sharp_shows():
    """samples/pbr/photos/hidden: a tall object out of focus in front of the bed (cells.shows_no_detail)."""
    from pathlib import Path

    hidden = Path(__file__).resolve().parents[2] / "samples" / "pbr" / "photos" / "hidden"
    photo = str(hidden / "pbr-bed-5_80005_v1.jpg")
    data = json.loads(ok("check", photo, "--board", "pbr-bed-5", "--json"))
    assert data["hidden"] and {tuple(c) for c in data["hidden"]} <= {tuple(c) for c in data["uncertain"]}
    assert "Nothing sharp shows at" in ok("check", photo, "--board", "pbr-bed-5")
    fit = json.loads(ok("fit", photo, "--board", "pbr-bed-5", "--tile", "#", "--json"))
    assert fit["photo"]["hidden"] == data["hidden"]
