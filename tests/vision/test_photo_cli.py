"""CLI tests for calibrate / boards / check, including every bad input of the issue."""

from __future__ import annotations

import json

import cv2
import numpy as np
import pytest

from conftest import PHOTOS, SUDOKU, corners_arg, load_json, sudoku_labels, uniform_jpeg, with_exif_orientation


def _corner_error(found, truth) -> float:
    return float(np.max(np.linalg.norm(np.array(found) - np.array(truth), axis=1)))


def test_calibrate_lists_and_checks(board, cli, tmp_path):
    code, out, _ = cli("boards")
    assert code == 0 and "syn" in out and "5x5" in out
    code, out, _ = cli("boards", "--json")
    assert "syn" in [b["board"] for b in json.loads(out)["boards"]]
    photo, truth, _ = board(2001)
    png = tmp_path / "reading.png"
    code, out, err = cli("check", photo, "--board", "syn", "--json", "--out", png)
    assert code == 0, out + err
    data = load_json(out)
    assert set(data) >= {"board", "rows", "cols", "cells", "uncertain", "corners"}
    assert data["board"] == "syn" and data["rows"] == 5 and data["cols"] == 5
    assert _corner_error(data["corners"], truth["corners"]) < 15
    wrong = [(r, c) for r in range(5) for c in range(5) if data["cells"][r][c] != truth["cells"][r][c]]
    assert len(wrong) <= 1
    assert cv2.imread(str(png)) is not None
    code, out, _ = cli("check", photo, "--board", "syn")
    assert code == 0 and "Board syn: 5x5" in out


@pytest.mark.parametrize("text", ['{"rows": "a"}', "[]", "{"])
def test_boards_lists_a_damaged_profile_with_what_is_wrong(board, cli, tmp_path, text):
    broken = tmp_path / "home" / "boards" / "broken"
    broken.mkdir(parents=True)
    (broken / "profile.json").write_text(text)
    code, out, err = cli("boards")
    assert code == 0, out + err
    assert "syn " in out and any(line.startswith("broken") and "damaged: board profile broken" in line
                                 for line in out.splitlines())
    code, out, _ = cli("boards", "--json")
    listed = {b["board"]: b for b in json.loads(out)["boards"]}
    assert listed["syn"]["rows"] == 5 and "error" not in listed["syn"] and "profile.json" in listed["broken"]["error"]


def test_garden_home_that_is_a_file_is_one_line(cli, tmp_path, monkeypatch):
    home = tmp_path / "not-a-folder"
    home.write_text("x")
    monkeypatch.setenv("GARDEN_HOME", str(home))
    from assistant.cli.app import app
    from typer.testing import CliRunner

    for args in (["games"], ["boards"], ["new", "cottage-garden", "--players", "A,B"]):
        res = CliRunner().invoke(app, args)
        assert res.exit_code == 1 and "cannot hold the assistant's files (a file is there)" in res.output, args
        assert len(res.output.strip().splitlines()) == 1 and home.read_text() == "x"


def test_calibrating_a_name_again_needs_replace(board, cli, tmp_path):
    import synth

    img, truth = synth.calibration_scene(1)
    p = tmp_path / "other.jpg"
    cv2.imwrite(str(p), img)
    saved = (tmp_path / "home" / "boards" / "syn" / "profile.json").read_text()
    code, out, err = cli("calibrate", "syn", p, "--grid", "5x5")
    assert code == 1 and "already calibrated" in out + err and "--replace" in out + err
    assert (tmp_path / "home" / "boards" / "syn" / "profile.json").read_text() == saved
    code, out, err = cli("calibrate", "syn", p, "--grid", "5x5", "--corners", corners_arg(truth["corners"]), "--replace")
    assert code == 0, out + err
    assert (tmp_path / "home" / "boards" / "syn" / "profile.json").read_text() != saved


def test_calibrate_without_corners_writes_preview(cli, tmp_path):
    import synth

    img, truth = synth.calibration_scene(1)
    p = tmp_path / "c.jpg"
    cv2.imwrite(str(p), img)
    code, out, err = cli("calibrate", "auto", p, "--grid", "5x5", "--json")
    assert code == 0, out + err
    data = load_json(out)
    assert (tmp_path / "home" / "boards" / "auto" / "preview.png").is_file()
    # same four corners as the truth, in some rotation
    found = np.array(data["corners"])
    best = min(_corner_error(np.roll(found, k, axis=0), truth["corners"]) for k in range(4))
    assert best < 15


def test_check_grid_on_sudoku(cli):
    name = "image1.jpg"
    code, out, err = cli("check", SUDOKU / "images" / name, "--grid", "9x9", "--json")
    assert code == 0, out + err
    data = load_json(out)
    assert data["board"] is None and data["rows"] == 9
    got = np.array([[c == "covered" for c in row] for row in data["cells"]])
    assert (got != sudoku_labels(name, 1)).sum() <= 1


def test_grid_with_art_in_every_cell_is_read_unsure(cli):
    # a garden bed without its profile: every cell is printed art, none looks blank, so the
    # no-profile reading cannot tell a tile from the board (it read all 25 covered, sure)
    photo = PHOTOS / "bed-1-light_nearly_empty.jpg"
    code, out, err = cli("check", photo, "--grid", "5x5", "--json")
    assert code == 0, out + err
    assert len(load_json(out)["uncertain"]) == 25
    code, out, _ = cli("check", photo, "--grid", "5x5")
    assert "No cell looks blank" in out


def test_exif_rotated_jpeg_reads_upright(board, cli, tmp_path):
    photo, truth, img = board(2002)
    raw = cv2.rotate(img, cv2.ROTATE_90_COUNTERCLOCKWISE)  # stored sideways, EXIF 6 turns it back
    ok, buf = cv2.imencode(".jpg", raw, [cv2.IMWRITE_JPEG_QUALITY, 92])
    p = tmp_path / "exif.jpg"
    p.write_bytes(with_exif_orientation(buf.tobytes(), 6))
    code, out, err = cli("check", p, "--board", "syn", "--json")
    assert code == 0, out + err
    assert _corner_error(load_json(out)["corners"], truth["corners"]) < 15


def test_grey_and_alpha_png(board, cli, tmp_path):
    photo, truth, img = board(2003)
    grey = tmp_path / "grey.jpg"
    cv2.imwrite(str(grey), cv2.cvtColor(img, cv2.COLOR_BGR2GRAY))
    code, out, err = cli("check", grey, "--board", "syn", "--json")
    assert code in (0, 1), out + err  # read, or a clear refusal
    data = load_json(out)
    assert "cells" in data or "error" in data
    alpha = tmp_path / "alpha.png"
    cv2.imwrite(str(alpha), np.dstack([img, np.full(img.shape[:2], 255, np.uint8)]))
    code, out, err = cli("check", alpha, "--board", "syn", "--json")
    assert code == 0, out + err


def test_camera_from_video_file(board, cli, tmp_path):
    _, truth, img = board(2004)
    video = tmp_path / "cam.avi"
    h, w = img.shape[:2]
    vw = cv2.VideoWriter(str(video), cv2.VideoWriter_fourcc(*"MJPG"), 5, (w, h))
    assert vw.isOpened()
    for i in range(4):
        frame = img if i == 2 else cv2.GaussianBlur(img, (0, 0), 4)
        vw.write(frame)
    vw.release()
    out_png = tmp_path / "out" / "r.png"
    out_png.parent.mkdir()
    code, out, err = cli("check", "--camera", video, "--board", "syn", "--json", "--out", out_png)
    assert code == 0, out + err
    data = load_json(out)
    assert _corner_error(data["corners"], truth["corners"]) < 20
    saved = list(out_png.parent.glob("photo-*.jpg"))
    assert len(saved) == 1 and data["photo"] == str(saved[0])
    code, out, err = cli("check", "--camera", tmp_path / "nope.avi", "--grid", "5x5", "--json")
    assert code == 1 and "error" in load_json(out)


def _bad_files(tmp_path):
    files = {}
    files["not_image"] = tmp_path / "notes.jpg"
    files["not_image"].write_text("hello, not a photo\n")
    files["empty"] = tmp_path / "empty.jpg"
    files["empty"].write_bytes(b"")
    ok, buf = cv2.imencode(".jpg", np.full((300, 400, 3), 200, np.uint8))
    files["truncated"] = tmp_path / "trunc.jpg"
    files["truncated"].write_bytes(buf.tobytes()[: len(buf) // 2])
    files["tiny"] = tmp_path / "tiny.png"
    cv2.imwrite(str(files["tiny"]), np.zeros((1, 1, 3), np.uint8))
    files["huge"] = tmp_path / "huge.jpg"
    files["huge"].write_bytes(uniform_jpeg(20000, 15000))
    rng = np.random.default_rng(3)
    noise = cv2.GaussianBlur((rng.random((600, 800, 3)) * 255).astype(np.uint8), (0, 0), 5)
    files["no_board"] = tmp_path / "noboard.jpg"
    cv2.imwrite(str(files["no_board"]), noise)
    files["missing"] = tmp_path / "missing.jpg"
    files["heic"] = tmp_path / "IMG_0001.HEIC"  # an iPhone photo's first box, as far as the reader looks
    files["heic"].write_bytes(b"\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic" + bytes(400))
    return files


@pytest.mark.parametrize("kind", ["not_image", "empty", "truncated", "tiny", "huge", "no_board", "missing", "heic"])
def test_bad_photos(board, cli, tmp_path, kind):
    path = _bad_files(tmp_path)[kind]
    for args in (("--board", "syn"), ("--grid", "5x5")):
        code, out, err = cli("check", path, *args, "--json")
        assert code in (1, 2), (kind, out, err)
        data = load_json(out)
        assert set(data) == {"error"} and data["error"]
        code, out, err = cli("check", path, *args)
        assert code in (1, 2) and err.startswith("Error: ") and len(err.strip().splitlines()) == 1
        assert "Traceback" not in out + err


def test_bad_arguments(board, cli, tmp_path):
    photo, truth, _ = board(2005)
    cases = [
        (("check", photo, "--board", "nosuchboard", "--json"), "unknown board"),
        (("check", photo, "--board", "syn", "--grid", "9x8", "--json"), "does not match"),
        (("check", photo, "--json"), "--board"),
        (("check", photo, "--grid", "five", "--json"), "--grid"),
        (("calibrate", "x", photo, "--grid", "5x5", "--corners", "1,1 2,2 3,3", "--json"), "four points"),
        (("calibrate", "x", photo, "--grid", "5x5", "--corners", "0,0 99999,0 99999,99999 0,99999", "--json"),
         "outside"),
        (("calibrate", "x", photo, "--grid", "5x5", "--corners", "10,10 500,500 500,10 10,500", "--json"),
         "convex"),
        (("calibrate", "x", photo, "--grid", "5x5", "--layout", "PPP", "--json"), "layout"),
        (("calibrate", "x", photo, "--grid", "5x5", "--layout", "ZZZZZ/...../...../...../.....", "--json"), "symbol"),
        (("calibrate", "x", photo, "--grid", "5x5", "--game", "chess", "--json"), "unknown game"),
        (("calibrate", "bad name", photo, "--grid", "5x5", "--json"), "board name"),
    ]
    for args, words in cases:
        code, out, err = cli(*args)
        assert code in (1, 2), (args, out, err)
        assert words in load_json(out)["error"], (args, out)


def test_woodland_layout_symbols(cli, tmp_path):
    import synth

    img, truth = synth.calibration_scene(2, rows=9, cols=8)
    p = tmp_path / "w.jpg"
    cv2.imwrite(str(p), img)
    layout = "/".join(["B.N.M.F."] + ["........"] * 8)
    code, out, err = cli("calibrate", "wood", p, "--grid", "9x8", "--game", "indian-summer",
                         "--corners", corners_arg(truth["corners"]), "--layout", layout)
    assert code == 0, out + err
    assert "Warning: the layout prints 1 blueberries, 1 nuts, 1 mushrooms and 1 feather(s)" in out  # not 10, 7, 3, 1
    code, out, err = cli("check", p, "--board", "wood", "--json")
    assert code == 0, out + err
    data = load_json(out)
    assert data["cells"][0][:4] == ["blueberry", "empty", "nut", "empty"]
    code, out, err = cli("check", p, "--board", "wood")
    assert code == 0, out + err
    legend = next(line for line in out.splitlines() if " covered; " in line)
    assert "B blueberry" in legend and "F feather" in legend and "pot" not in legend


def test_two_photos_of_a_board_are_read_as_one(board, cli, tmp_path):
    """The same board twice reads as once, with both photos named; two photos of it with other pieces
    laid leave the cells they read differently, each with confidence, in doubt and named."""
    photo, truth, _ = board(2001)
    code, out, err = cli("check", photo, "--board", "syn", "--json")
    alone = load_json(out)
    code, out, err = cli("check", photo, photo, "--board", "syn", "--json")
    assert code == 0, out + err
    twice = load_json(out)
    assert twice["cells"] == alone["cells"] and twice["disagree"] == []
    assert twice["photos"] == [str(photo), str(photo)]
    other, other_truth, _ = board(2002, "other.jpg")
    code, out, err = cli("check", photo, other, "--board", "syn", "--json")
    assert code == 0, out + err
    data = load_json(out)
    changed = {(r, c) for r in range(5) for c in range(5)
               if (truth["cells"][r][c] == "covered") != (other_truth["cells"][r][c] == "covered")}
    assert changed and set(map(tuple, data["disagree"])) <= changed
    assert len(data["disagree"]) >= len(changed) - 1
    assert set(map(tuple, data["disagree"])) <= set(map(tuple, data["uncertain"]))
    code, out, err = cli("check", photo, other, "--board", "syn")
    assert code == 0 and f"read from {photo} and {other}" in out and "differently" in out


def test_a_photo_of_several_that_cannot_be_read_is_named_and_the_others_read(board, cli, tmp_path):
    photo, truth, _ = board(2001)
    noise = tmp_path / "noise.jpg"
    cv2.imwrite(str(noise), np.random.default_rng(0).integers(0, 255, (600, 800, 3), dtype=np.uint8))
    code, out, err = cli("check", photo, "--board", "syn", "--json")
    alone = load_json(out)
    for pair in ((noise, photo), (photo, noise)):
        code, out, err = cli("check", *pair, "--board", "syn", "--json")
        assert code == 0, out + err
        data = load_json(out)
        assert data["cells"] == alone["cells"] and data["corners"] == alone["corners"]
        assert [entry["photo"] for entry in data["not_read"]] == [str(noise)]
        assert "could not find board syn" in data["not_read"][0]["why"]
    code, out, err = cli("check", noise, photo, "--board", "syn", "--out", tmp_path / "drawn.png")
    assert code == 0 and f"read from {photo}\n" in out and "Not read: could not find board syn" in out
    assert cv2.imread(str(tmp_path / "drawn.png")).shape[1] == cv2.imread(str(photo)).shape[1]  # not the noise's 800
    code, out, err = cli("check", noise, noise, "--board", "syn")
    assert code == 1 and err.startswith("Error: could not find board syn") and len(err.strip().splitlines()) == 1


def test_several_photos_need_a_board_and_no_camera(board, cli, tmp_path):
    photo, _, _ = board(2001)
    for args, words in ((("--grid", "5x5"), "--board"), (("--board", "syn", "--camera", "0"), "--camera")):
        code, out, err = cli("check", photo, photo, *args, "--json")
        assert code == 2 and words in load_json(out)["error"], (args, out, err)
