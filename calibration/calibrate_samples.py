"""Rebuilds the sample boards' profiles in calibration/ from the sample renderer.

For every sample design it renders the design's calibration photo (the board
empty, moderate angle, good light), runs

    garden calibrate NAME calibration.jpg --grid RxC --corners "<truth corners>" --layout L --game G

in a scratch $GARDEN_HOME, and copies profile.json and reference.png into
calibration/NAME/ (the photo itself is re-rendered on demand, not committed).

    .venv/bin/python calibration/calibrate_samples.py [NAME ...]
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def install(garden: Path, env: dict[str, str], photo: Path, truth: dict, game: str) -> Path:
    """`garden calibrate` of one empty-board photo with its truth corners and layout, in the scratch
    home `env` names; its profile.json and reference.png copied into calibration/<board>/."""
    name = truth["board"]
    corners = " ".join(f"{x:.1f},{y:.1f}" for x, y in truth["corners"])
    subprocess.run([str(garden), "calibrate", name, str(photo), "--grid", f"{truth['rows']}x{truth['cols']}",
                    "--corners", corners, "--layout", truth["layout"], "--game", game], check=True, env=env)
    dest = ROOT / "calibration" / name
    dest.mkdir(parents=True, exist_ok=True)
    for f in ("profile.json", "reference.png"):
        shutil.copy(Path(env["GARDEN_HOME"]) / "boards" / name / f, dest / f)
    return dest


def main(names: list[str]) -> None:
    from samples.renderer import SAMPLE_DESIGNS, SAMPLE_WOODLAND, calibration_photo
    from samples.renderer.designs import garden_game

    names = names or list(SAMPLE_DESIGNS) + list(SAMPLE_WOODLAND)
    garden = Path(sys.executable).with_name("garden")
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "GARDEN_HOME": tmp, "NO_COLOR": "1"}
        for name in names:
            jpeg, truth = calibration_photo(name)
            photo = Path(tmp) / f"{name}.jpg"
            photo.write_bytes(jpeg)
            print(f"{name}: {install(garden, env, photo, truth, garden_game(name))}")


if __name__ == "__main__":
    main(sys.argv[1:])
