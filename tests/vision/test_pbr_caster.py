"""The physically based renderer's shadow-casting object (samples/pbr/caster.py: plain numpy, no
Blender): its truth (which cells lie in its shadow, which it hides) is only as good as this
geometry. It must stand off the board and throw its shadow across it."""

from __future__ import annotations

import math
import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "samples" / "pbr"))

import caster  # noqa: E402

CELL, TOP = 0.03, 0.003
HALF = (4 * CELL + 0.0135, 4.5 * CELL + 0.0135)  # a woodland board, 8 x 9 cells and its frame


def test_the_sun_vector_is_where_a_lamp_turned_so_is_lit_from() -> None:
    # a lamp turned 90 - e about X then az about Z shines along R_z(az) R_x(90 - e) (0, 0, -1)
    for e, az in [(30, 0), (45, 90), (60, 230.8)]:
        t, a = math.radians(90 - e), math.radians(az)
        rx = np.array([[1, 0, 0], [0, math.cos(t), -math.sin(t)], [0, math.sin(t), math.cos(t)]])
        rz = np.array([[math.cos(a), -math.sin(a), 0], [math.sin(a), math.cos(a), 0], [0, 0, 1]])
        shine = rz @ rx @ np.array([0, 0, -1.0])
        assert np.allclose(caster.toward_sun(e, az), -shine)


@pytest.mark.parametrize("az", range(0, 360, 15))
@pytest.mark.parametrize("gap", [0.0, 0.03])
def test_it_stands_clear_of_the_board(az: int, gap: float) -> None:
    d = caster.toward_sun(45, az)[:2]
    d /= np.linalg.norm(d)
    foot = d * caster.clear_of(HALF, d, caster.RADIUS + gap)
    outside = math.hypot(max(abs(foot[0]) - HALF[0], 0), max(abs(foot[1]) - HALF[1], 0))
    assert caster.RADIUS + gap <= outside < caster.RADIUS + gap + 0.002


@pytest.mark.parametrize("az", range(0, 360, 30))
@pytest.mark.parametrize("elevation", [25, 45, 70])
def test_its_shadow_crosses_the_board_from_its_side(az: int, elevation: int) -> None:
    sun = caster.toward_sun(elevation, az)
    d = sun[:2] / np.linalg.norm(sun[:2])
    foot = d * caster.clear_of(HALF, d, caster.RADIUS + 0.03)
    cells = caster.shadowed(9, 8, CELL, TOP, tuple(foot), sun)
    assert cells, "no cell in its shadow"
    centres = {(r, c): p for r, c, p in caster.cell_centres(9, 8, CELL, TOP)}
    for r, c in cells:  # each shadowed cell lies down-sun of the object, within the shadow's length
        v = centres[r, c][:2] - foot
        assert v @ d < 0
        assert np.linalg.norm(v) <= caster.HEIGHT / math.tan(math.radians(elevation)) + caster.RADIUS


def test_through_a_cylinder() -> None:
    foot = (0.0, 0.0)
    assert caster.through(np.array([-1.0, 0, 0.1]), np.array([1.0, 0, 0.1]), foot)  # across its middle
    assert not caster.through(np.array([-1.0, 0.05, 0.1]), np.array([1.0, 0.05, 0.1]), foot)  # beside it
    assert not caster.through(np.array([-1.0, 0, 0.3]), np.array([1.0, 0, 0.3]), foot)  # above it
    assert caster.through(np.array([-1.0, 0, 0.5]), np.array([1.0, 0, 0.0]), foot)  # down through its top
    assert not caster.through(np.array([0.1, 0, 0.0]), np.array([0.5, 0, 1.0]), foot)  # away from it


def test_it_hides_the_cells_behind_it_from_a_low_camera() -> None:
    foot = (0.0, HALF[1] + caster.RADIUS + 0.01)  # off the far edge
    low = np.array([0.0, -0.6, 0.3])  # looking up the board from its near side
    assert caster.hidden(9, 8, CELL, TOP, foot, low) == []  # the board lies before it
    beyond = np.array([0.0, 0.9, 0.3])  # from beyond the object, looking back across it
    hid = caster.hidden(9, 8, CELL, TOP, foot, beyond)
    assert hid and all(c in (3, 4) for _, c in hid) and [0, 3] in hid
