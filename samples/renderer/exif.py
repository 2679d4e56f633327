"""JPEG encoding and a hand-written EXIF APP1 segment with an Orientation tag.

EXIF Orientation (TIFF tag 0x0112) says how a viewer must turn the stored
pixels to show them upright:
  1  as stored
  3  turn 180 degrees
  6  turn 90 degrees clockwise   (a phone held upright, home button down)
  8  turn 90 degrees counter-clockwise
So to write a photo whose viewer sees `upright`, we store upright turned the
other way (stored_pixels) and tag it.

The segment is: FFE1, length, "Exif\\0\\0", a little-endian TIFF header
("II", 42, offset 8), IFD0 with Orientation (SHORT) and Software (ASCII),
next-IFD offset 0. Like a phone's JPEG, the APP1 comes straight after SOI and
there is no JFIF APP0.
"""
from __future__ import annotations

import struct

import cv2
import numpy as np

ORIENTATIONS = (1, 3, 6, 8)
SOFTWARE = b"garden sample renderer\x00"


def stored_pixels(upright: np.ndarray, orientation: int) -> np.ndarray:
    if orientation == 1:
        return upright
    if orientation == 3:
        return cv2.rotate(upright, cv2.ROTATE_180)
    if orientation == 6:  # viewer turns clockwise, so store it turned counter-clockwise
        return cv2.rotate(upright, cv2.ROTATE_90_COUNTERCLOCKWISE)
    if orientation == 8:
        return cv2.rotate(upright, cv2.ROTATE_90_CLOCKWISE)
    raise ValueError(f"unsupported EXIF orientation {orientation}")


def upright_pixels(stored: np.ndarray, orientation: int) -> np.ndarray:
    """What a viewer shows for stored pixels with that tag."""
    if orientation == 1:
        return stored
    if orientation == 3:
        return cv2.rotate(stored, cv2.ROTATE_180)
    if orientation == 6:
        return cv2.rotate(stored, cv2.ROTATE_90_CLOCKWISE)
    if orientation == 8:
        return cv2.rotate(stored, cv2.ROTATE_90_COUNTERCLOCKWISE)
    raise ValueError(f"unsupported EXIF orientation {orientation}")


def exif_segment(orientation: int) -> bytes:
    if orientation not in range(1, 9):
        raise ValueError(f"EXIF orientation must be 1..8, not {orientation}")
    n_entries = 2
    ifd_size = 2 + 12 * n_entries + 4
    soft_off = 8 + ifd_size
    tiff = bytearray(b"II" + struct.pack("<HI", 42, 8))
    tiff += struct.pack("<H", n_entries)
    tiff += struct.pack("<HHIHH", 0x0112, 3, 1, orientation, 0)  # SHORT, value in the first 2 bytes
    tiff += struct.pack("<HHII", 0x0131, 2, len(SOFTWARE), soft_off)  # ASCII, stored after the IFD
    tiff += struct.pack("<I", 0)
    tiff += SOFTWARE
    payload = b"Exif\x00\x00" + bytes(tiff)
    return b"\xff\xe1" + struct.pack(">H", len(payload) + 2) + payload


def _strip_app0(jpeg: bytes) -> bytes:
    """JPEG bytes without a leading JFIF APP0 segment (SOI kept)."""
    if jpeg[:2] != b"\xff\xd8":
        raise ValueError("not a JPEG")
    rest = jpeg[2:]
    if rest[:2] == b"\xff\xe0":
        (n,) = struct.unpack(">H", rest[2:4])
        rest = rest[2 + n:]
    return rest


def encode_jpeg(upright: np.ndarray, quality: int, orientation: int | None, subsampling: str = "420") -> bytes:
    """Encode; orientation None writes no EXIF at all, otherwise an EXIF block with that tag
    and the pixels stored turned accordingly."""
    pixels = upright if orientation is None else stored_pixels(upright, orientation)
    flags = [cv2.IMWRITE_JPEG_QUALITY, int(quality)]
    if subsampling == "444":
        flags += [cv2.IMWRITE_JPEG_SAMPLING_FACTOR, cv2.IMWRITE_JPEG_SAMPLING_FACTOR_444]
    ok, buf = cv2.imencode(".jpg", pixels, flags)
    if not ok:
        raise RuntimeError("JPEG encoding failed")
    data = buf.tobytes()
    if orientation is None:
        return data
    return b"\xff\xd8" + exif_segment(orientation) + _strip_app0(data)


def read_orientation(jpeg: bytes) -> int | None:
    """The Orientation tag of a JPEG's EXIF block, or None (a small reader for tests)."""
    i = 2
    while i + 4 <= len(jpeg) and jpeg[i] == 0xFF:
        marker = jpeg[i + 1]
        (n,) = struct.unpack(">H", jpeg[i + 2:i + 4])
        if marker == 0xE1 and jpeg[i + 4:i + 10] == b"Exif\x00\x00":
            t = jpeg[i + 10:i + 2 + n]
            endian = "<" if t[:2] == b"II" else ">"
            (off,) = struct.unpack(endian + "I", t[4:8])
            (cnt,) = struct.unpack(endian + "H", t[off:off + 2])
            for k in range(cnt):
                e = t[off + 2 + 12 * k: off + 14 + 12 * k]
                tag, typ = struct.unpack(endian + "HH", e[:4])
                if tag == 0x0112:
                    return struct.unpack(endian + "H", e[8:10])[0]
            return None
        if marker == 0xDA:
            break
        i += 2 + n
    return None
