from __future__ import annotations

import json
import struct
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest
from typer.testing import CliRunner

sys.path.insert(0, str(Path(__file__).resolve().parent))

import synth  # noqa: E402

SUDOKU = Path(__file__).resolve().parents[3] / "shared" / "datasets" / "sudoku-photos"
PHOTOS = Path(__file__).resolve().parents[2] / "samples" / "photos"  # the committed sample photos
if not SUDOKU.is_dir():
    SUDOKU = Path("/work/shared/datasets/sudoku-photos")


@pytest.fixture
def cli(tmp_path, monkeypatch):
    """Runs `garden ...` in-process; returns (exit code, stdout, stderr)."""
    monkeypatch.setenv("GARDEN_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "200")
    from assistant.cli.app import app

    runner = CliRunner()

    def run(*args: str):
        res = runner.invoke(app, [str(a) for a in args], catch_exceptions=False)
        return res.exit_code, res.stdout, res.stderr

    return run


def corners_arg(corners) -> str:
    return " ".join(f"{x:.2f},{y:.2f}" for x, y in corners)


@pytest.fixture
def board(tmp_path, cli):
    """A calibrated synthetic board 'syn' plus a way to photograph it."""
    img, truth = synth.calibration_scene(0)
    path = tmp_path / "calib.jpg"
    cv2.imwrite(str(path), img, [cv2.IMWRITE_JPEG_QUALITY, 92])
    code, out, err = cli("calibrate", "syn", path, "--grid", "5x5", "--corners", corners_arg(truth["corners"]),
                         "--layout", truth["layout"])
    assert code == 0, out + err

    def photo(seed: int, name: str = "photo.jpg", **kw):
        img, t = synth.scene(0, seed, **kw)
        p = tmp_path / name
        cv2.imwrite(str(p), img, [cv2.IMWRITE_JPEG_QUALITY, 90])
        return p, t, img

    return photo


def uniform_jpeg(width: int, height: int) -> bytes:
    """A valid baseline grey JPEG of any size, built directly (a few MB even for 20000x15000)."""
    out = bytearray(b"\xff\xd8")
    dqt = bytes([0]) + bytes([1] * 64)
    out += b"\xff\xdb" + struct.pack(">H", 2 + len(dqt)) + dqt
    sof = struct.pack(">BHHB", 8, height, width, 1) + bytes([1, 0x11, 0])
    out += b"\xff\xc0" + struct.pack(">H", 2 + len(sof)) + sof
    # one-symbol Huffman tables: DC category 0 and AC end-of-block, each coded '0'
    for cls in (0x00, 0x10):
        counts = bytes([1] + [0] * 15)
        dht = bytes([cls]) + counts + bytes([0])
        out += b"\xff\xc4" + struct.pack(">H", 2 + len(dht)) + dht
    sos = bytes([1, 1, 0x00, 0, 63, 0])
    out += b"\xff\xda" + struct.pack(">H", 2 + len(sos)) + sos
    blocks = ((width + 7) // 8) * ((height + 7) // 8)
    out += bytes(blocks * 2 // 8) + (b"\x3f" if blocks % 4 else b"")
    out += b"\xff\xd9"
    return bytes(out)


def with_exif_orientation(jpeg: bytes, orientation: int) -> bytes:
    tiff = b"II*\x00" + struct.pack("<I", 8) + struct.pack("<H", 1)
    tiff += struct.pack("<HHIHH", 0x0112, 3, 1, orientation, 0) + struct.pack("<I", 0)
    app1 = b"Exif\x00\x00" + tiff
    return jpeg[:2] + b"\xff\xe1" + struct.pack(">H", 2 + len(app1)) + app1 + jpeg[2:]


def sudoku_labels(name: str, orientation: int) -> np.ndarray:
    lines = (SUDOKU / "images" / name).with_suffix(".dat").read_text().strip().splitlines()[2:11]
    labels = np.array([[int(v) for v in ln.split()] for ln in lines]) > 0
    return np.rot90(labels, {6: -1, 3: 2, 8: 1}.get(orientation, 0))


def load_json(text: str):
    return json.loads(text.strip().splitlines()[-1])


def rendered_board(design: str, seed: int):
    """A sample design calibrated from its calibration photo (calibration seed 1) and a rendered
    photo of it (moderate difficulty, tilted up to 30 degrees): (decoded photo, the grid's true
    corners in its pixels, truth, profile)."""
    renderer = pytest.importorskip("samples.renderer")
    from samples.calibrated import sample_profile

    from assistant.vision.imageio import decode_photo

    prof = sample_profile(design, 1)
    jpeg, truth = renderer.render_photo(design, seed, difficulty=0.5, tilt_max=30, fill=0.8)
    photo = decode_photo(jpeg, "x")
    return photo, np.array(truth["corners"]) / photo.scale, truth, prof
