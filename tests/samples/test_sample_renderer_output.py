"""Determinism, sizes, JPEG/EXIF output, the CLI and the committed samples."""
from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from samples.renderer import (calibration_photo, get_design, read_orientation, render_photo, render_to_folder,
                              upright_pixels)

ROOT = Path(__file__).resolve().parents[2]
PHOTOS = ROOT / "samples" / "photos"
SMALL = (640, 480)


def _decode(b: bytes, flags=cv2.IMREAD_COLOR) -> np.ndarray:
    return cv2.imdecode(np.frombuffer(b, np.uint8), flags)


def test_same_seed_same_bytes():
    a, ta = render_photo("bed-1-dark", 77, size=SMALL)
    b, tb = render_photo("bed-1-dark", 77, size=SMALL)
    assert a == b
    assert ta == tb
    c, _ = render_photo("bed-1-dark", 78, size=SMALL)
    assert c != a
    assert calibration_photo("woodland-1-a", 2, size=SMALL) == calibration_photo("woodland-1-a", 2, size=SMALL)


def test_sizes_and_orientation():
    img, t = render_photo("bed-2-light", 5, size=(800, 600), portrait=False, exif_orientation=1, output="array")
    assert img.shape == (600, 800, 3) and t["params"]["size"] == [800, 600]
    img, t = render_photo("bed-2-light", 5, size=(800, 600), portrait=True, exif_orientation=1, output="array")
    assert img.shape == (800, 600, 3) and t["params"]["size"] == [600, 800]
    b, t = render_photo("bed-2-light", 6)
    assert sorted(_decode(b).shape[:2]) == [1200, 1600]
    assert t["params"]["size"] in ([1600, 1200], [1200, 1600])


def test_twelve_megapixels():
    b, t = render_photo("bed-2-dark", 8, size=(4000, 3000), portrait=False, exif_orientation=None, clutter=0.0,
                        difficulty=0.5)
    assert _decode(b).shape == (3000, 4000, 3)
    assert t["params"]["texture_ppc"] >= 96


@pytest.mark.parametrize("orient", [3, 6, 8])
def test_exif_rotated_photo_decodes_upright(orient, tmp_path):
    b, t = render_photo("bed-1-light", 21, size=SMALL, exif_orientation=orient, jpeg_quality=95)
    arr, _ = render_photo("bed-1-light", 21, size=SMALL, exif_orientation=orient, jpeg_quality=95, output="array")
    assert read_orientation(b) == orient
    assert t["params"]["exif_orientation"] == orient
    W, H = t["params"]["size"]
    f = tmp_path / "p.jpg"
    f.write_bytes(b)
    seen = cv2.imread(str(f))
    assert seen.shape == (H, W, 3)
    assert np.abs(seen.astype(int) - arr.astype(int)).mean() < 6  # same picture, only JPEG loss
    stored = cv2.imread(str(f), cv2.IMREAD_COLOR | cv2.IMREAD_IGNORE_ORIENTATION)
    sw, sh = t["params"]["stored_size"]
    assert stored.shape == (sh, sw, 3)
    assert np.abs(upright_pixels(stored, orient).astype(int) - seen.astype(int)).mean() < 1
    if orient != 3:
        assert stored.shape[:2] == seen.shape[1::-1]
    # corners are in the upright image: the rectified board matches the un-rotated render
    c = np.float32(t["corners"])
    dst = np.float32([[0, 0], [200, 0], [200, 200], [0, 200]])
    Hm = cv2.getPerspectiveTransform(c, dst)
    r1 = cv2.warpPerspective(seen, Hm, (200, 200)).astype(int)
    r2 = cv2.warpPerspective(arr, Hm, (200, 200)).astype(int)
    assert np.abs(r1 - r2).mean() < 6


def test_no_exif_block_when_asked():
    b, t = render_photo("bed-1-light", 22, size=SMALL, exif_orientation=None)
    assert read_orientation(b) is None and t["params"]["exif_orientation"] is None
    assert b[2:4] == b"\xff\xe0"  # plain JFIF from the encoder


def test_jpeg_quality_and_fit(tmp_path):
    b, t = render_photo("bed-1-light", 23, size=SMALL, jpeg_quality=40)
    assert t["params"]["jpeg_quality"] == 40
    jpg, js = render_to_folder(tmp_path, "bed-1-light", 23, size=(1600, 1200), max_bytes=120_000, jpeg_quality=95)
    assert jpg.stat().st_size <= 120_000
    truth = json.loads(js.read_text())
    assert truth["params"]["jpeg_quality"] < 95


def test_cli_is_deterministic(tmp_path):
    from samples.make_samples import main
    for run in ("a", "b"):
        assert main(["--out", str(tmp_path / run), "--count", "3", "--seed", "4", "--size", "480x360",
                     "--woodland", "--calibration"]) == 0
    names = sorted(p.name for p in (tmp_path / "a").iterdir())
    assert "woodland-1-a_40000.jpg" in names and "calib_woodland-1-a.jpg" in names
    for n in names:
        if n != "index.json":
            assert (tmp_path / "a" / n).read_bytes() == (tmp_path / "b" / n).read_bytes()
    t = json.loads((tmp_path / "a" / "woodland-1-b_40001.json").read_text())
    assert t["seed"] == 40001 and t["board"] == "woodland-1-b"


def test_cli_rejects_bad_size(capsys):
    from samples.make_samples import main
    with pytest.raises(SystemExit) as e:
        main(["--out", "/tmp/never", "--size", "big"])
    assert e.value.code != 0
    assert "size" in capsys.readouterr().err


def test_committed_samples():
    truths = sorted(p for p in PHOTOS.glob("*.json") if p.name != "index.json")
    assert len(truths) >= 9
    kinds = {"exif": 0, "woodland": 0, "calibration": 0}
    for js in truths:
        t = json.loads(js.read_text())
        jpg = js.with_suffix(".jpg")
        assert jpg.exists(), jpg
        assert jpg.stat().st_size <= 310 * 1024
        d = get_design(t["board"])
        assert t["layout"] == d.layout  # the design has not drifted
        img = cv2.imread(str(jpg))
        W, H = t["params"]["size"]
        assert img.shape == (H, W, 3)
        assert read_orientation(jpg.read_bytes()) == t["params"]["exif_orientation"]
        c = np.array(t["corners"])
        assert np.all(c >= 0) and np.all(c[:, 0] < W) and np.all(c[:, 1] < H)
        kinds["exif"] += t["params"]["exif_orientation"] in (3, 6, 8)
        kinds["woodland"] += d.game == "woodland"
        kinds["calibration"] += bool(t["params"].get("calibration"))
        if t["params"].get("calibration"):
            assert all(w != "covered" for row in t["cells"] for w in row)
    assert kinds["exif"] >= 1 and kinds["woodland"] >= 2 and kinds["calibration"] >= 2


@pytest.mark.parametrize("kwargs", [{"exif_orientation": 5}, {"output": "png"}, {"size": (10, 10)},
                                    {"coverage": 1.5}, {"jpeg_quality": 0}])
def test_bad_arguments_are_refused(kwargs):
    with pytest.raises(ValueError):
        render_photo("bed-1-light", 1, **kwargs)


def test_numpy_seed_is_the_same_seed():
    assert render_photo("bed-1-light", np.int64(31), size=SMALL)[0] == render_photo("bed-1-light", 31, size=SMALL)[0]
