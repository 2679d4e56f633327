"""A few committed physically rendered photos (samples/pbr/photos: Blender's Cycles, glare on the
varnish, a lamp or mixed light, a hard shadow across the board) read with no wrong cell, the board
where its truth puts it; and what found the hardest of them."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from assistant.vision.imageio import load_photo
from assistant.vision.profile import load_profile
from assistant.vision.reader import read_photo
from assistant.vision import symbols

PHOTOS = Path(__file__).resolve().parents[2] / "samples" / "pbr" / "photos"


@pytest.mark.parametrize("truth_file", sorted(PHOTOS.glob("*.json")), ids=lambda p: p.stem)
def test_a_physically_rendered_photo_reads_with_no_wrong_cell(truth_file):
    truth = json.loads(truth_file.read_text())
    reading = read_photo(load_photo(str(truth_file.with_suffix(".jpg"))), load_profile(truth["board"]))
    corners = np.array(truth["corners"])
    diagonal = np.linalg.norm(corners[0] - corners[2])
    assert np.max(np.linalg.norm(reading.corners - corners, axis=1)) / diagonal < 0.02
    read = [[c == symbols.COVERED for c in row] for row in reading.cells]
    assert read == [[c == "covered" for c in row] for row in truth["cells"]]


def test_a_photo_whose_sheen_hides_the_art_is_found_once_evened(monkeypatch):
    """With the votes asked for a lead chance gives once in 100000 (as taken 67 against 32 is once
    in 3600), the sheen flattens the art until the locators cannot tell which way round the board
    lies; evened, its votes lead 65 against 21."""
    from assistant.errors import GardenError
    from assistant.vision import locate, verify

    truth = json.loads((PHOTOS / "pbr-bed-2_10002.json").read_text())
    photo, profile = load_photo(str(PHOTOS / "pbr-bed-2_10002.jpg")), load_profile(truth["board"])
    monkeypatch.setattr(verify, "VOTE_CHANCE", 1e-5)
    read = read_photo(photo, profile).cells
    assert [[c == symbols.COVERED for c in row] for row in read] == [[c == "covered" for c in row] for row in truth["cells"]]
    monkeypatch.setattr(locate, "evened", lambda image: image)  # as taken only
    with pytest.raises(GardenError, match="which way round"):
        read_photo(photo, profile)


def test_a_board_whose_art_is_hidden_is_turned_by_its_cells_read(monkeypatch):
    """pbr-bed-0_50012 (a bed 16 of 25 cells covered): the locators place it but cannot tell which
    way round it lies; read in each orientation, only as it lies do cells read open with confidence
    where the turned art differs (verify.settled_by_reading). Its re-matched art's votes tell the
    orientation too (62 against 31, once in 1200 by chance), and its feature fit's
    (artmatch.orientation_inliers): here the first asked for a lead of once in 100000, the second not
    heard."""
    from assistant.errors import GardenError
    from assistant.vision import artmatch, locate, verify

    truth = json.loads((PHOTOS / "pbr-bed-0_50012.json").read_text())
    photo, profile = load_photo(str(PHOTOS / "pbr-bed-0_50012.jpg")), load_profile(truth["board"])
    monkeypatch.setattr(verify, "VOTE_CHANCE", 1e-5)
    monkeypatch.setattr(artmatch, "orientation_inliers", lambda *args: (0, 0))
    assert read_photo(photo, profile).details.get("settled_by") == "reading"
    monkeypatch.setattr(locate, "settled_by_reading", lambda turned, found: None)
    with pytest.raises(GardenError, match="which way round"):
        read_photo(photo, profile)


def test_glare_that_washes_a_cell_out_is_named_and_a_tiles_white_print_is_not():
    """pbr-bed-1_10013: the mirrored window washes out five cells of its top left, each read in doubt
    and named as hidden by glare; pbr-bed-0_10012: the tiles' white flowers clip a few percent of
    their cells (in doubt) and its window's spot lies small on an open cell: no cell is named."""
    def read(stem: str):
        truth = json.loads((PHOTOS / f"{stem}.json").read_text())
        return read_photo(load_photo(str(PHOTOS / f"{stem}.jpg")), load_profile(truth["board"]))

    washed = read("pbr-bed-1_10013")
    assert washed.glare and set(washed.glare) <= set(washed.uncertain)
    assert all(r <= 2 and c <= 2 for r, c in washed.glare)  # the window lies at column 1.9, row 0.8
    assert washed.to_json()["glare"] == [list(c) for c in washed.glare]
    assert read("pbr-bed-0_10012").glare == []


def test_a_hard_shadow_across_open_cells_is_not_read_as_tiles():
    """pbr-bed-3_80015 (seed 8, fitted on): the tall object's hard shadow crosses the bed in daylight,
    over five open cells and a printed pot; each is read open, no cell read covered in it."""
    truth = json.loads((PHOTOS / "pbr-bed-3_80015.json").read_text())
    reading = read_photo(load_photo(str(PHOTOS / "pbr-bed-3_80015.jpg")), load_profile(truth["board"]))
    shadowed = truth["params"]["lights"]["shadowed_cells"]
    open_cells = [(r, c) for r, c in shadowed if truth["cells"][r][c] != "covered"]
    assert len(open_cells) == 6
    assert all(reading.cells[r][c] == truth["cells"][r][c] for r, c in open_cells)



def test_a_mostly_covered_bed_is_turned_by_a_lead_of_many_votes(monkeypatch):
    """pbr-bed-3_60015 (21 of 25 cells covered, a glare spot): the art matched again face-on finds
    46 of its features where the board lies and 22 with it turned, a lead chance gives once in 400
    (verify.votes_clear); the photometric match cannot tell the turns apart (0.28 against 0.29). Its
    feature fit's own votes (artmatch.orientation_inliers) are not heard here."""
    from assistant.errors import GardenError
    from assistant.vision import artmatch, verify

    truth = json.loads((PHOTOS / "pbr-bed-3_60015.json").read_text())
    photo, profile = load_photo(str(PHOTOS / "pbr-bed-3_60015.jpg")), load_profile(truth["board"])
    monkeypatch.setattr(artmatch, "orientation_inliers", lambda *args: (0, 0))
    assert read_photo(photo, profile).method == "rematch"
    monkeypatch.setattr(verify, "VOTE_CHANCE", 1e-6)  # asked for a lead chance gives once in a million
    with pytest.raises(GardenError, match="which way round"):
        read_photo(photo, profile)


GLARE_SAYS = r"a light's reflection covers 1[5-7]% of the board: take it again from a little to one side"


@pytest.mark.parametrize("stem, says", [("pbr-bed-1_10013", GLARE_SAYS), ("pbr-bed-2_10002", "whole board in view")])
def test_a_refusal_names_the_glare_over_the_board(monkeypatch, stem, says):
    """A board refused where a light's reflection covers a share of it (glare.GLARE_NAMED) is refused
    with what moves the reflection off it; without glare, with the usual advice. The board is placed
    where its truth puts it, too poorly matched to be taken (pbr-bed-1_10013: the mirrored window
    clips 16% of its grid; pbr-bed-2_10002: none)."""
    from assistant.errors import GardenError
    from assistant.vision import locate
    from assistant.vision.verify import Located

    truth = json.loads((PHOTOS / f"{stem}.json").read_text())
    photo, profile = load_photo(str(PHOTOS / f"{stem}.jpg")), load_profile(truth["board"])
    corners = (np.array(truth["corners"]) + 0.5) / photo.scale - 0.5
    weak = Located(corners=corners, score=0.1, second=0.09, method="art")
    monkeypatch.setattr(locate, "locate_board", lambda image, ref: weak)
    monkeypatch.setattr(locate, "settled_by_reading", lambda turned, found: None)
    with pytest.raises(GardenError, match=says):
        locate.find_board(photo, profile)


def test_open_cells_the_models_read_covered_show_the_boards_colour_pattern(monkeypatch):
    """pbr-bed-4_100010 (seed 10, a lamp's reflection over the bottom left): the open cell (3, 0) beside
    the glare reads covered by the models, in doubt; its colour pattern is the board's
    (cells.board_shows), so it reads open, still in doubt. Without that rule it reads covered. (Its
    neighbour (3, 1) read so too until the beds' models were fitted with seed 10; it now reads open,
    in doubt, either way.)"""
    from assistant.vision import cells

    truth = json.loads((PHOTOS / "pbr-bed-4_100010.json").read_text())
    photo, profile = load_photo(str(PHOTOS / "pbr-bed-4_100010.jpg")), load_profile(truth["board"])
    reading = read_photo(photo, profile)
    assert reading.cells[3][:2] == ["empty", "empty"] and {(3, 0), (3, 1)} <= set(reading.uncertain)
    monkeypatch.setattr(cells, "BOARD_SHOWS", 2.0)  # a correlation never reaches it
    assert read_photo(photo, profile).cells[3][0] == symbols.COVERED


def test_a_rematch_of_few_inliers_takes_the_place_of_the_fit_it_was_found_at(monkeypatch):
    """pbr-bed-0_40024 (seed 4, 21 of 25 cells covered, a lamp's sheen): the strongest features fit
    the board 0.3% of the diagonal off with 94 inliers, too poor a match to end the search; re-matched
    there, 58 inliers tell which way round it lies but put its far corners 2.9% off. The re-match is
    verified by that fit's place, so it takes that fit's corners (locate._with_source)."""
    from assistant.vision import locate

    truth = json.loads((PHOTOS / "pbr-bed-0_40024.json").read_text())
    photo, profile = load_photo(str(PHOTOS / "pbr-bed-0_40024.jpg")), load_profile(truth["board"])
    corners = np.array(truth["corners"])
    diagonal = np.linalg.norm(corners[0] - corners[2])

    def off(reading) -> float:
        return float(np.max(np.linalg.norm(reading.corners - corners, axis=1)) / diagonal)

    reading = read_photo(photo, profile)
    assert reading.method == "rematch" and off(reading) < 0.01
    monkeypatch.setattr(locate, "ART_INLIERS_ALONE", 0)  # every re-match keeps its own corners
    assert off(read_photo(photo, profile)) > 0.02


def test_a_sheen_that_flattens_the_match_leaves_the_features_to_tell_the_turn(monkeypatch):
    """pbr-bed-1_40001 (a lamp's sheen over a fifth of the board): the feature fit lies right, but the
    photo matches the reference about as well turned as placed; its features found again where the
    fit puts them tell the turn (artmatch.orientation_inliers): many more as it lies than turned,
    and none of that lead when the fit is turned in place. Without them the board is refused."""
    from assistant.errors import GardenError
    from assistant.vision import artmatch, verify
    from assistant.vision.geometry import turns
    from assistant.vision.imageio import to_grey
    from assistant.vision.reference import Reference

    truth = json.loads((PHOTOS / "pbr-bed-1_40001.json").read_text())
    photo, profile = load_photo(str(PHOTOS / "pbr-bed-1_40001.jpg")), load_profile(truth["board"])
    reading = read_photo(photo, profile)
    assert reading.method == "art"
    art, feats = Reference(profile).art, artmatch.photo_features(to_grey(photo.image), 0)
    rolls = turns(profile.rows, profile.cols)[1:]

    def votes(corners: np.ndarray) -> tuple[int, int]:
        return artmatch.orientation_inliers(art, feats, corners, profile.grid_rect(), rolls, photo.image.shape[:2])

    corners = reading.corners / photo.scale  # in the decoded image, as the features are
    assert verify.votes_clear(votes(corners))
    assert not any(verify.votes_clear(votes(np.roll(corners, -k, axis=0))) for k in rolls)
    monkeypatch.setattr(artmatch, "orientation_inliers", lambda *args: (0, 0))
    with pytest.raises(GardenError, match="could not find board"):
        read_photo(photo, profile)


def test_a_board_whose_art_is_hidden_is_turned_by_what_another_photo_read(monkeypatch):
    """pbr-bed-0_50012 with its own cells' say taken away (refused as which way round it lies): told
    the cells another photo read surely, it is turned the way they lie (verify.settled_by_known): read
    so, no cell differs from them, turned 7-13 of the 15-22 both read surely; told nothing sure, or
    what no orientation shows, it stays refused."""
    from assistant.errors import GardenError
    from assistant.vision import artmatch, locate, verify

    truth = json.loads((PHOTOS / "pbr-bed-0_50012.json").read_text())
    photo, profile = load_photo(str(PHOTOS / "pbr-bed-0_50012.jpg")), load_profile(truth["board"])
    monkeypatch.setattr(verify, "VOTE_CHANCE", 1e-5)
    monkeypatch.setattr(artmatch, "orientation_inliers", lambda *args: (0, 0))
    monkeypatch.setattr(locate, "settled_by_reading", lambda turned, found: None)
    known = np.array([[c == "covered" for c in row] for row in truth["cells"]], float)
    reading = read_photo(photo, profile, known)
    assert reading.details["settled_by"] == "another photo"
    corners = np.array(truth["corners"])
    assert np.max(np.linalg.norm(reading.corners - corners, axis=1)) / np.linalg.norm(corners[0] - corners[2]) < 0.02
    for told in (np.full(known.shape, np.nan), 1 - known):  # nothing sure; what no orientation shows
        with pytest.raises(GardenError, match="which way round"):
            read_photo(photo, profile, told)


def test_cells_the_glare_hides_are_read_from_a_photo_taken_to_one_side():
    """pbr-bed-1_10013 and its scene again with the phone moved to one side (render.py --view 1): the
    window's reflection moves, so of the five cells it washes out in the first photo three are read
    surely from the second, and the two it still washes out in both stay in doubt; no cell is wrong."""
    from assistant.vision.views import combined_reading

    truth = json.loads((PHOTOS / "pbr-bed-1_10013.json").read_text())
    profile = load_profile(truth["board"])
    first, second = (read_photo(load_photo(str(PHOTOS / f"{stem}.jpg")), profile)
                     for stem in ("pbr-bed-1_10013", "pbr-bed-1_10013_v1"))
    both = combined_reading([first, second])
    assert len(first.glare) == 5 and set(both.uncertain) < set(first.uncertain)
    assert set(first.glare) - set(both.uncertain) == set(first.glare) - set(second.uncertain)
    assert len(set(first.glare) & set(both.uncertain)) == 2
    assert [[c == symbols.COVERED for c in row] for row in both.cells] == [[c == "covered" for c in row]
                                                                          for row in truth["cells"]]
    assert both.details["disagree"] == []


def test_cells_an_object_out_of_focus_hides_are_in_doubt_and_named(monkeypatch):
    """hidden/pbr-bed-5_80005_v1 (development seed 8, the phone moved to one side, next to the tall
    object): out of focus, the object hides 12 cells (its truth's caster_hides). Their edges show
    almost nothing of the board's (cells.shows_no_detail): each cell read wrong is in doubt, the
    cells named hidden are all among those it hides, and every other cell reads right. Without the
    rule, some hidden cells read wrong with confidence."""
    from assistant.vision import cells

    truth = json.loads((PHOTOS / "hidden" / "pbr-bed-5_80005_v1.json").read_text())
    photo, profile = load_photo(str(PHOTOS / "hidden" / "pbr-bed-5_80005_v1.jpg")), load_profile(truth["board"])
    hides = {tuple(c) for c in truth["params"]["lights"]["caster_hides"]}

    def wrong(reading):
        return {(r, c) for r, row in enumerate(truth["cells"]) for c, state in enumerate(row)
                if (state == "covered") != reading.is_covered(r, c)}

    reading = read_photo(photo, profile)
    assert wrong(reading) and wrong(reading) <= set(reading.uncertain) and wrong(reading) <= hides
    assert reading.hidden and set(reading.hidden) <= hides
    monkeypatch.setattr(cells, "NO_DETAIL", 0.0)
    unruled = read_photo(photo, profile)
    assert wrong(unruled) - set(unruled.uncertain)
