"""The Lab conversion worked out directly (assistant/vision/lab.py)."""

import cv2
import numpy as np
import pytest

from assistant.vision.lab import bgr_to_lab, bgr_to_lab_u8


@pytest.mark.parametrize("bgr, want", [
    ((255, 255, 255), (100.0, 0.0, 0.0)),
    ((0, 0, 0), (0.0, 0.0, 0.0)),
    ((0, 0, 255), (53.24, 80.09, 67.20)),     # sRGB red, the textbook figures
    ((0, 255, 0), (87.73, -86.18, 83.18)),    # green
    ((255, 0, 0), (32.30, 79.19, -107.86)),   # blue
])
def test_known_colours(bgr, want):
    got = bgr_to_lab(np.array([[bgr]], dtype=np.uint8))[0, 0]
    assert np.allclose(got, want, atol=0.1)


def test_float_input_matches_bytes():
    img = np.random.default_rng(3).integers(0, 256, (40, 30, 3), dtype=np.uint8)
    assert np.allclose(bgr_to_lab(img.astype(np.float32) / 255), bgr_to_lab(img), atol=1e-3)


def test_float_near_opencv():
    """OpenCV's float path interpolates a table; the formula stays within half a unit of it."""
    img = np.random.default_rng(4).integers(0, 256, (64, 64, 3), dtype=np.uint8)
    assert np.abs(bgr_to_lab(img) - cv2.cvtColor(img.astype(np.float32) / 255, cv2.COLOR_BGR2Lab)).max() < 0.5


def test_bytes_as_opencv():
    """The 8-bit path takes OpenCV's fixed-point steps: off by one in a few values of 100 000."""
    img = np.random.default_rng(4).integers(0, 256, (300, 300, 3), dtype=np.uint8)
    d = np.abs(bgr_to_lab_u8(img).astype(int) - cv2.cvtColor(img, cv2.COLOR_BGR2Lab))
    assert d.max() <= 1 and (d > 0).mean() < 1e-4
