"""Several photos of one board read as one (vision.views): each cell from the photo surest of it."""

from __future__ import annotations

import numpy as np
import pytest

from assistant.errors import UsageError
from assistant.vision.reader import BoardReading
from assistant.vision.views import combined_reading


def _reading(cells: list[str], conf: list[float], glare: list[bool] | None = None, board: str = "bed") -> BoardReading:
    """A 1 x n reading: each cell "covered" or its printed symbol, with its confidence."""
    n = len(cells)
    confidence = np.array([conf], np.float64)
    details = {"p_covered": np.array([[0.9 if c == "covered" else 0.1 for c in cells]])}
    if glare is not None:
        details["glare_hides"] = np.array([glare])
    return BoardReading(board, 1, n, [list(cells)], confidence,
                        [(0, c) for c in range(n) if conf[c] < 0.5], np.zeros((4, 2)), np.eye(3), (100, 100),
                        details=details)


def test_a_cell_the_glare_hides_in_one_photo_is_read_from_the_other():
    first = _reading(["covered", "empty", "pot"], [0.2, 0.9, 0.95], glare=[True, False, False])
    second = _reading(["empty", "empty", "pot"], [0.9, 0.8, 0.6], glare=[False, False, False])
    both = combined_reading([first, second])
    assert both.cells == [["empty", "empty", "pot"]]
    assert both.uncertain == [] and both.glare == []
    # the surer photo's reading counts, less what the photo reading it otherwise is sure of
    assert np.allclose(both.confidence, [[0.7, 0.9, 0.95]])
    assert both.details["views"].tolist() == [[1, 0, 0]] and both.details["disagree"] == []
    assert both.details["p_covered"].tolist() == [[0.1, 0.1, 0.1]]
    assert both.to_json()["disagree"] == []


def test_photos_sure_of_different_things_leave_the_cell_in_doubt():
    first = _reading(["covered", "empty"], [0.9, 0.9])
    second = _reading(["empty", "empty"], [0.7, 0.9])
    both = combined_reading([first, second])
    assert both.cells[0][0] == "covered" and both.uncertain == [(0, 0)]
    assert both.details["disagree"] == [(0, 0)] and both.to_json()["disagree"] == [[0, 0]]


def test_the_glare_is_named_only_where_it_hides_the_cell_in_every_photo():
    first = _reading(["covered", "covered"], [0.1, 0.1], glare=[True, True])
    second = _reading(["covered", "empty"], [0.2, 0.3], glare=[True, False])
    both = combined_reading([first, second])
    assert both.uncertain == [(0, 0), (0, 1)] and both.glare == [(0, 0)]


def test_one_photo_is_its_own_reading_and_other_boards_are_refused():
    one = _reading(["covered"], [0.9])
    assert combined_reading([one]) is one
    with pytest.raises(UsageError, match="same calibrated board"):
        combined_reading([one, _reading(["covered"], [0.9], board="other")])
    with pytest.raises(UsageError, match="same calibrated board"):
        combined_reading([one, _reading(["covered", "empty"], [0.9, 0.9])])
