"""Makes the calibration profiles of the physically rendered boards (calibration/pbr-bed-<d>/ and pbr-woods-<d>/) from
their empty-board renders (render.py --calibration), with the project's Python:

    .venv/bin/python samples/pbr/calibrate.py DIR

runs `garden calibrate <board> DIR/calib_<board>.jpg --grid <truth's> --corners <truth> --layout <truth>`
in a scratch $GARDEN_HOME and copies profile.json and reference.png into calibration/ (as
calibration/calibrate_samples.py does for the sample renderer's boards).
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "calibration"))

from calibrate_samples import install  # noqa: E402  (the sample boards' calibration, one way for both)


def main(folder: Path) -> None:
    garden = Path(sys.executable).with_name("garden")
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "GARDEN_HOME": tmp, "NO_COLOR": "1"}
        for truth_file in sorted(folder.glob("calib_pbr-*.json")):
            truth = json.loads(truth_file.read_text())
            game = truth.get("game", "cottage-garden")  # the first renders wrote no game: beds
            print(f"{truth['board']}: {install(garden, env, truth_file.with_suffix('.jpg'), truth, game)}")

if __name__ == "__main__":
    main(Path(sys.argv[1]))
