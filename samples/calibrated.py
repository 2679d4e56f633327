"""A sample design's board profile, calibrated in memory from the renderer's calibration
photo of it with the truth corners: what the benchmarks and tests read rendered photos
against. (calibration/calibrate_samples.py writes the committed profiles through the CLI.)

Kept out of samples.renderer, which does not import the assistant."""

from __future__ import annotations

import numpy as np

from assistant.vision.profile import BoardProfile
from assistant.vision.reader import calibrate
from samples.renderer import calibration_photo
from samples.renderer.designs import garden_game


def sample_profile(design: str, seed: int = 0, name: str | None = None) -> BoardProfile:
    """The profile of `design` (named `name`, default the design's) calibrated from its
    calibration photo of that seed, with the truth corners, layout and game."""
    jpeg, truth = calibration_photo(design, seed)
    prof, _ = calibrate(jpeg, name or design, truth["rows"], truth["cols"], np.array(truth["corners"]),
                        truth.get("layout"), garden_game(design))
    return prof
