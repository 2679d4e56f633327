"""Photo formats beyond JPEG and PNG: their headers read without decoding (format, size),
the ones OpenCV decodes read like a JPEG, a HEIC refused with what to do instead."""

from __future__ import annotations

import struct

import cv2
import numpy as np
import pytest

from assistant.errors import GardenError
from assistant.vision.imageio import MAX_FULL_DECODE_PIXELS, decode_photo, parse_header

# smooth (blurred noise), so that lossy codecs keep it close
IMG = cv2.GaussianBlur((np.random.default_rng(0).random((300, 420, 3)) * 255).astype(np.uint8), (0, 0), 3)


def _encoded(ext: str, params: list[int] | None = None, image: np.ndarray = IMG) -> bytes:
    ok, buf = cv2.imencode(ext, image, params or [])
    if not ok:
        pytest.skip(f"this OpenCV cannot write {ext}")
    return buf.tobytes()


@pytest.mark.parametrize("ext, params, fmt, exact", [
    (".webp", [cv2.IMWRITE_WEBP_QUALITY, 90], "webp", False),  # lossy: VP8 chunk
    (".webp", [cv2.IMWRITE_WEBP_QUALITY, 101], "webp", True),  # lossless: VP8L chunk
    (".tiff", None, "tiff", True),
    (".bmp", None, "bmp", True),
    (".avif", None, "avif", False),
])
def test_other_formats_read_with_their_size(ext, params, fmt, exact):
    data = _encoded(ext, params)
    info = parse_header(data)
    assert (info.format, info.width, info.height) == (fmt, 420, 300)
    photo = decode_photo(data, "x" + ext)
    assert photo.image.shape == (300, 420, 3) and photo.full_size == (420, 300) and photo.scale == 1.0
    diff = np.abs(photo.image.astype(int) - IMG).mean()
    assert diff == 0 if exact else diff < 6


def test_webp_with_alpha_has_its_size_in_the_extended_header():
    data = _encoded(".webp", [cv2.IMWRITE_WEBP_QUALITY, 90], np.dstack([IMG, np.full(IMG.shape[:2], 200, np.uint8)]))
    assert data[12:16] == b"VP8X"
    info = parse_header(data)
    assert (info.format, info.width, info.height) == ("webp", 420, 300)
    assert decode_photo(data, "a.webp").image.shape == (300, 420, 3)


def test_jpeg_2000_is_decoded():
    data = _encoded(".jp2")
    assert parse_header(data).format == "jp2"
    assert decode_photo(data, "x.jp2").image.shape == (300, 420, 3)


def test_heic_is_refused_with_what_to_do():
    # an iPhone photo's first box: ftyp, brand heic, compatible mif1 and heic
    data = struct.pack(">I", 24) + b"ftypheic" + bytes(4) + b"mif1heic" + bytes(400)
    assert parse_header(data).format == "heif"
    with pytest.raises(GardenError, match="HEIC.*JPEG"):
        decode_photo(data, "IMG_0001.HEIC")


def test_a_huge_tiff_is_refused_before_decoding():
    # the header alone says 20000 x 15000: decoding it would need ~900 MB
    ifd = struct.pack("<H", 2) + struct.pack("<HHII", 256, 4, 1, 20000) + struct.pack("<HHII", 257, 4, 1, 15000)
    data = b"II*\x00" + struct.pack("<I", 8) + ifd + bytes(64)
    info = parse_header(data)
    assert (info.width, info.height) == (20000, 15000) and 20000 * 15000 > MAX_FULL_DECODE_PIXELS
    with pytest.raises(GardenError, match="too large"):
        decode_photo(data, "huge.tiff")


def test_tiny_webp_is_refused_by_its_header():
    data = _encoded(".webp", [cv2.IMWRITE_WEBP_QUALITY, 90], IMG[:20, :30])
    with pytest.raises(GardenError, match="30x20"):
        decode_photo(data, "tiny.webp")
