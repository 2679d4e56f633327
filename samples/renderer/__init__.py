"""Seeded renderer of realistic phone photos of garden-game boards, with exact truth.

    from samples.renderer import render_photo, calibration_photo, render_to_folder
    jpeg_bytes, truth = render_photo("bed-1-light", 7)

See samples/README.md for what varies and what the truth JSON holds.
"""
from .api import calibration_photo, render_photo, render_to_folder
from .designs import SAMPLE_DESIGNS, SAMPLE_WOODLAND, BoardDesign, get_design, printed_cells
from .exif import read_orientation, upright_pixels
from .truth import load_truth, write_photo

__all__ = [
    "render_photo", "calibration_photo", "render_to_folder", "write_photo", "load_truth",
    "get_design", "printed_cells", "BoardDesign", "SAMPLE_DESIGNS", "SAMPLE_WOODLAND",
    "read_orientation", "upright_pixels",
]
