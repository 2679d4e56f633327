"""Photo formats beyond JPEG and PNG: their headers read without decoding (format, size),
the ones OpenCV decodes read like a JPEG, a HEIC refused with what to do instead."""

from __future__ import annotations

import struct

import cv2
import numpy as np
import pytest

from assistant.errors import GardenError
from assistant.vision.imageio import MAX_FULL_DECODE_PIXELS, decode_photo, load_photo, parse_header

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
    info = parse_header(data)
    assert (info.format, info.width, info.height) == ("jp2", 420, 300)
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
    # a lossless WebP whose header says 30 x 20 (the pixels are 420 x 300): refused before decoding
    data = bytearray(_encoded(".webp", [cv2.IMWRITE_WEBP_QUALITY, 101]))
    assert data[12:16] == b"VP8L"
    bits = struct.unpack("<I", data[21:25])[0] & ~((1 << 28) - 1) | (30 - 1) | (20 - 1) << 14
    data[21:25] = struct.pack("<I", bits)
    with pytest.raises(GardenError, match="30x20"):
        decode_photo(bytes(data), "tiny.webp")


def test_a_photo_too_small_is_refused_with_its_size_as_bytes_file_or_array(tmp_path):
    small = IMG[:40, :50]
    data = _encoded(".png", image=small)
    with pytest.raises(GardenError, match=r"small\.png is only 50x40 pixels"):
        decode_photo(data, "small.png")
    (tmp_path / "small.png").write_bytes(data)
    with pytest.raises(GardenError, match="only 50x40 pixels"):
        load_photo(tmp_path / "small.png")
    with pytest.raises(GardenError, match="the image is only 50x40 pixels"):
        load_photo(small)
    loaded = load_photo(_encoded(".png"))  # the bytes of a file, read as `check` reads an upload
    assert loaded.full_size == (420, 300) and load_photo(loaded) is loaded


def _os2_bmp(w: int, h: int) -> bytes:
    """An OS/2 bitmap (12-byte header, 16-bit sides), black, 24 bits a pixel."""
    row = (w * 3 + 3) // 4 * 4
    return (b"BM" + struct.pack("<IHHI", 26 + row * h, 0, 0, 26) + struct.pack("<IHHHH", 12, w, h, 1, 24)
            + bytes(row * h))


def test_an_os2_bitmap_reads_by_its_own_header():
    data = _os2_bmp(200, 150)
    info = parse_header(data)
    assert (info.format, info.width, info.height) == ("bmp", 200, 150)
    assert decode_photo(data, "os2.bmp").image.shape == (150, 200, 3)


@pytest.mark.parametrize("data", [
    b"II*\x00" + struct.pack("<I", 8) + struct.pack("<H", 1) + struct.pack("<HHII", 256, 4, 1, 20000) + bytes(64),
    b"RIFF\x00\x00\x00\x00WEBPVP8 \x00\x00\x00\x00\x00\x00\x00\x9d\x01\x2a\x10",  # cut in its size
    struct.pack(">I", 24) + b"ftypavif" + bytes(4) + b"mif1avif" + b"ispe\x00\x00",  # cut in its size
    b"BM a text file, not a bitmap",
    b"\x00\x00\x00\x0cjP  \r\n\x87\n" + bytes(10),
])
def test_headers_cut_short_give_one_line(data):
    # a width without its height, a size cut off, a bitmap header of no known kind: no size
    # is taken from them, and the photo is refused in one line (never a traceback)
    info = parse_header(data)
    assert (info.width is None) == (info.height is None)
    with pytest.raises(GardenError):
        decode_photo(data, "x")
