"""Makes the calibration profiles of the physically rendered boards (calibration/pbr-bed-<d>/) from
their empty-board renders (render.py --calibration), with the project's Python:

    .venv/bin/python samples/pbr/calibrate.py DIR

runs `garden calibrate pbr-bed-<d> DIR/calib_pbr-bed-<d>.jpg --grid 5x5 --corners <truth> --layout <truth>`
in a scratch $GARDEN_HOME and copies profile.json and reference.png into calibration/.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def main(folder: Path) -> None:
    garden = Path(sys.executable).with_name("garden")
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "GARDEN_HOME": tmp, "NO_COLOR": "1"}
        for truth_file in sorted(folder.glob("calib_pbr-bed-*.json")):
            truth = json.loads(truth_file.read_text())
            name = truth["board"]
            corners = " ".join(f"{x:.1f},{y:.1f}" for x, y in truth["corners"])
            subprocess.run([str(garden), "calibrate", name, str(truth_file.with_suffix(".jpg")), "--grid",
                            f"{truth['rows']}x{truth['cols']}", "--corners", corners, "--layout", truth["layout"],
                            "--game", "cottage-garden"], check=True, env=env)
            dest = ROOT / "calibration" / name
            dest.mkdir(parents=True, exist_ok=True)
            for f in ("profile.json", "reference.png"):
                shutil.copy(Path(tmp) / "boards" / name / f, dest / f)
            print(f"{name}: {dest}")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
