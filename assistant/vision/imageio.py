"""Loading photos: header parsing (size, EXIF orientation), reduced JPEG decoding,
bad-input checks, and grabbing a frame from a camera or video file.

Every failure is a GardenError naming the input, never a traceback.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from assistant.errors import GardenError

#: Longest side we want from the decoder; JPEGs are decoded at 1/2, 1/4 or 1/8
#: of full size (libjpeg's DCT scaling, much cheaper than a full decode) when
#: that still leaves at least this many pixels on the long side.
TARGET_LONG_SIDE = 1000
#: Never keep more than this on the long side (huge photos are shrunk after decode).
MAX_LONG_SIDE = 2000
MIN_SIDE = 64
#: Non-JPEG images cannot be decoded reduced; refuse ones that would need this much memory.
MAX_FULL_DECODE_PIXELS = 60_000_000

_SOF_MARKERS = {0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF}


def to_grey(img: np.ndarray) -> np.ndarray:
    """A BGR image in grey (a grey one as it is)."""
    return cv2.cvtColor(img, cv2.COLOR_BGR2GRAY) if img.ndim == 3 else img


@dataclass(frozen=True)
class ImageInfo:
    """What the file header says, before any decoding."""

    format: str  # "jpeg", "png", "bmp", "webp", "tiff", "avif", "jp2", "heif" or "other"
    width: int | None = None  # stored (not EXIF-rotated) size, when the header tells it
    height: int | None = None
    orientation: int = 1  # EXIF orientation tag, 1..8
    has_alpha: bool = False


@dataclass(frozen=True)
class LoadedPhoto:
    """A decoded, upright (EXIF applied) BGR photo.

    `scale` converts coordinates in `image` to full-size upright photo pixels:
    full = image_xy * scale.
    """

    image: np.ndarray
    scale: float
    full_size: tuple[int, int]  # (width, height) upright, full resolution
    orientation: int
    source: str


def _exif_orientation(app1: bytes) -> int:
    if not app1.startswith(b"Exif\x00\x00"):
        return 1
    tiff = app1[6:]
    if len(tiff) < 8:
        return 1
    if tiff[:2] == b"II":
        end = "<"
    elif tiff[:2] == b"MM":
        end = ">"
    else:
        return 1
    (ifd,) = struct.unpack(end + "I", tiff[4:8])
    if ifd + 2 > len(tiff):
        return 1
    (count,) = struct.unpack(end + "H", tiff[ifd : ifd + 2])
    for i in range(count):
        off = ifd + 2 + 12 * i
        if off + 12 > len(tiff):
            break
        tag, typ, _n = struct.unpack(end + "HHI", tiff[off : off + 8])
        if tag == 0x0112:
            (value,) = struct.unpack(end + "H", tiff[off + 8 : off + 10])
            return value if 1 <= value <= 8 else 1
    return 1


#: ISO BMFF ('ftyp') brands. HEIF is an iPhone's default photo format, which OpenCV cannot
#: decode (its own message would be "not an image"); AVIF it can
_AVIF_BRANDS = {b"avif", b"avis"}
_HEIF_BRANDS = {b"heic", b"heix", b"hevc", b"hevx", b"heim", b"heis", b"hevm", b"hevs", b"mif1", b"msf1"}
_JP2_SIGNATURES = (b"\x00\x00\x00\x0cjP  \r\n\x87\n", b"\xff\x4f\xff\x51")


def _u(data: bytes, pos: int, fmt: str) -> int | None:
    """One unpacked integer at `pos`, None past the end."""
    size = struct.calcsize(fmt)
    return struct.unpack(fmt, data[pos : pos + size])[0] if pos + size <= len(data) else None


def _size(width: int | None, height: int | None) -> tuple[int | None, int | None]:
    """Both sides as read, or neither (a header cut short says nothing of the size)."""
    return (width, height) if width is not None and height is not None else (None, None)


def _bmff_info(data: bytes) -> ImageInfo:
    """An ISO BMFF image (AVIF or HEIF, told by the ftyp brands); AVIF's size from its first
    'ispe' property (the primary image's, written first by encoders)."""
    box = _u(data, 0, ">I") or 0
    brands = {data[8:12]} | {data[p : p + 4] for p in range(16, min(box, 256), 4)}
    if not brands & _AVIF_BRANDS:
        return ImageInfo("heif" if brands & _HEIF_BRANDS else "other")
    at = data.find(b"ispe", 0, 1 << 16)
    return ImageInfo("avif", *_size(_u(data, at + 8, ">I"), _u(data, at + 12, ">I"))) if at >= 0 else ImageInfo("avif")


def _webp_info(data: bytes) -> ImageInfo:
    """A WebP's size from its first chunk (lossy VP8, lossless VP8L or extended VP8X)."""
    chunk = data[12:16]
    w = h = None
    if chunk == b"VP8 " and data[23:26] == b"\x9d\x01\x2a" and len(data) >= 30:
        w, h = (_u(data, 26, "<H") or 0) & 0x3FFF, (_u(data, 28, "<H") or 0) & 0x3FFF
    elif chunk == b"VP8L" and data[20:21] == b"\x2f" and len(data) >= 25:
        bits = _u(data, 21, "<I") or 0
        w, h = (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1
    elif chunk == b"VP8X" and len(data) >= 30:
        w = int.from_bytes(data[24:27], "little") + 1
        h = int.from_bytes(data[27:30], "little") + 1
    return ImageInfo("webp", w, h)


def _bmp_info(data: bytes) -> ImageInfo:
    """A BMP's size by its header's kind: OS/2's 12-byte one (16-bit sides) or Windows' (32-bit,
    the height negative for a top-down image); another header is not a BMP."""
    header = _u(data, 14, "<I")
    if header == 12:
        return ImageInfo("bmp", *_size(_u(data, 18, "<H"), _u(data, 20, "<H")))
    if header is not None and 40 <= header <= 124:
        height = _u(data, 22, "<i")
        return ImageInfo("bmp", *_size(_u(data, 18, "<i"), None if height is None else abs(height)))
    return ImageInfo("other")


def _jp2_info(data: bytes) -> ImageInfo:
    """A JPEG 2000's size: the JP2 file's image header box (height, then width), or a bare
    codestream's SIZ segment (the image area less its offset)."""
    if data[:2] == b"\xff\x4f":
        xs, ys, xo, yo = (_u(data, p, ">I") for p in (8, 12, 16, 20))
        if None in (xs, ys, xo, yo):
            return ImageInfo("jp2")
        return ImageInfo("jp2", xs - xo, ys - yo)  # type: ignore[operator]
    at = data.find(b"ihdr", 0, 1 << 16)
    if at < 0:
        return ImageInfo("jp2")
    height, width = _size(_u(data, at + 4, ">I"), _u(data, at + 8, ">I"))
    return ImageInfo("jp2", width, height)


def _tiff_info(data: bytes) -> ImageInfo:
    """A TIFF's size from its first image directory (ImageWidth, ImageLength)."""
    end = "<" if data[:2] == b"II" else ">"
    ifd = _u(data, 4, end + "I")
    count = None if ifd is None else _u(data, ifd, end + "H")
    size: dict[int, int] = {}
    for i in range(count or 0):
        off = ifd + 2 + 12 * i
        tag, typ = _u(data, off, end + "H"), _u(data, off + 2, end + "H")
        if tag in (256, 257) and typ in (3, 4):
            value = _u(data, off + 8, end + ("H" if typ == 3 else "I"))
            if value is not None:
                size[tag] = value
    return ImageInfo("tiff", *_size(size.get(256), size.get(257)))


def parse_header(data: bytes) -> ImageInfo:
    """Reads the format, size and (JPEG) EXIF orientation from an image's header without
    decoding it."""
    if data[:2] == b"\xff\xd8":
        orientation = 1
        pos = 2
        n = len(data)
        while pos + 4 <= n:
            if data[pos] != 0xFF:
                pos += 1
                continue
            marker = data[pos + 1]
            if marker == 0xFF:
                pos += 1
                continue
            if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7:
                pos += 2
                continue
            (length,) = struct.unpack(">H", data[pos + 2 : pos + 4])
            seg = data[pos + 4 : pos + 2 + length]
            if marker == 0xE1:
                orientation = _exif_orientation(seg)
            elif marker in _SOF_MARKERS and len(seg) >= 5:
                h, w = struct.unpack(">HH", seg[1:5])
                return ImageInfo("jpeg", w, h, orientation)
            elif marker == 0xDA:
                break
            pos += 2 + length
        return ImageInfo("jpeg", None, None, orientation)
    if data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) >= 26:
        w, h = struct.unpack(">II", data[16:24])
        colour_type = data[25]
        return ImageInfo("png", w, h, 1, has_alpha=colour_type in (4, 6))
    if data[:2] == b"BM":
        return _bmp_info(data)
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return _webp_info(data)
    if data[:4] in (b"II*\x00", b"MM\x00*"):
        return _tiff_info(data)
    if data[4:8] == b"ftyp":
        return _bmff_info(data)
    if data.startswith(_JP2_SIGNATURES):
        return _jp2_info(data)
    return ImageInfo("other")


def _apply_orientation(image: np.ndarray, orientation: int) -> np.ndarray:
    if orientation == 2:
        return cv2.flip(image, 1)
    if orientation == 3:
        return cv2.rotate(image, cv2.ROTATE_180)
    if orientation == 4:
        return cv2.flip(image, 0)
    if orientation == 5:
        return cv2.transpose(image)
    if orientation == 6:
        return cv2.rotate(image, cv2.ROTATE_90_CLOCKWISE)
    if orientation == 7:
        return cv2.rotate(cv2.transpose(image), cv2.ROTATE_180)
    if orientation == 8:
        return cv2.rotate(image, cv2.ROTATE_90_COUNTERCLOCKWISE)
    return image


def _too_small(name: str, width: int, height: int) -> GardenError:
    """The refusal of a photo smaller than MIN_SIDE on a side."""
    return GardenError(f"{name} is only {width}x{height} pixels; a board photo needs at least {MIN_SIDE} on each side.")


def _looks_truncated(info: ImageInfo, data: bytes) -> bool:
    if info.format == "jpeg":
        return b"\xff\xd9" not in data[-4096:]
    if info.format == "png":
        return b"IEND" not in data[-64:]
    return False


def _quiet_opencv() -> None:
    try:
        cv2.utils.logging.setLogLevel(cv2.utils.logging.LOG_LEVEL_SILENT)  # our one line says it
    except Exception:  # pragma: no cover - logging API differs between builds
        pass


def decode_photo(data: bytes, name: str, *, target: int = TARGET_LONG_SIDE,
                 max_side: int = MAX_LONG_SIDE) -> LoadedPhoto:
    """Decodes bytes of a photo into an upright BGR image of moderate size."""
    _quiet_opencv()
    if not data:
        raise GardenError(f"{name} is empty (0 bytes), not a photo.")
    info = parse_header(data)
    if info.format == "other":
        raise GardenError(f"{name} is not an image (expected a photo: JPEG, PNG, WebP, AVIF, TIFF or BMP).")
    if info.format == "heif":
        raise GardenError(f"{name} is a HEIC/HEIF photo, which cannot be read here: export it as JPEG "
                          "(on an iPhone, Settings > Camera > Formats > Most Compatible takes JPEGs).")
    if _looks_truncated(info, data):
        raise GardenError(f"{name} is truncated: the image data ends early.")
    if info.width is not None and info.height is not None:
        if info.width < MIN_SIDE or info.height < MIN_SIDE:
            raise _too_small(name, info.width, info.height)
    factor = 1
    flags = cv2.IMREAD_COLOR | cv2.IMREAD_IGNORE_ORIENTATION
    if info.format == "jpeg" and info.width:
        long_side = max(info.width, info.height)
        for f, fl in ((8, cv2.IMREAD_REDUCED_COLOR_8), (4, cv2.IMREAD_REDUCED_COLOR_4),
                      (2, cv2.IMREAD_REDUCED_COLOR_2)):
            if long_side / f >= target:
                factor, flags = f, fl | cv2.IMREAD_IGNORE_ORIENTATION
                break
    elif info.width and info.height and info.width * info.height > MAX_FULL_DECODE_PIXELS:
        raise GardenError(
            f"{name} is {info.width}x{info.height} pixels, too large to decode; save it as a JPEG or smaller."
        )
    buf = np.frombuffer(data, np.uint8)
    alpha = info.format == "png" and info.has_alpha
    try:
        image = cv2.imdecode(buf, cv2.IMREAD_UNCHANGED if alpha else flags)
    except cv2.error:
        image = None
    if image is None:
        raise GardenError(f"{name} could not be decoded as an image (corrupt or unsupported).")
    if alpha:
        image = _flatten_alpha(image)
    if image.ndim == 2:
        image = cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)
    if image.dtype != np.uint8:
        image = cv2.convertScaleAbs(image, alpha=255.0 / 65535.0)
    h, w = image.shape[:2]
    if min(h, w) * factor < MIN_SIDE:
        raise _too_small(name, w * factor, h * factor)
    scale = float(factor)
    if max(h, w) > max_side:
        shrink = max_side / max(h, w)
        image = cv2.resize(image, (max(1, round(w * shrink)), max(1, round(h * shrink))), interpolation=cv2.INTER_AREA)
        scale /= shrink
    image = _apply_orientation(image, info.orientation if info.format == "jpeg" else 1)
    full_w = info.width or round(w * factor)
    full_h = info.height or round(h * factor)
    if info.orientation in (5, 6, 7, 8) and info.format == "jpeg":
        full_w, full_h = full_h, full_w
    return LoadedPhoto(np.ascontiguousarray(image), scale, (full_w, full_h), info.orientation, name)


def _flatten_alpha(image: np.ndarray) -> np.ndarray:
    if image.dtype != np.uint8:
        image = cv2.convertScaleAbs(image, alpha=255.0 / 65535.0)
    if image.ndim == 2:
        return image
    if image.shape[2] == 2:  # grey + alpha
        grey, a = image[:, :, 0], image[:, :, 1]
        image = cv2.merge([grey, grey, grey, a])
    if image.shape[2] == 4:
        a = image[:, :, 3:4].astype(np.float32) / 255.0
        rgb = image[:, :, :3].astype(np.float32)
        return (rgb * a + 255.0 * (1 - a)).astype(np.uint8)
    return image


def load_photo(source: str | Path | np.ndarray | bytes | LoadedPhoto, **kwargs) -> LoadedPhoto:
    """A photo from a path, its file's bytes, or an already-decoded BGR / grey array (taken as
    upright); one already loaded is returned as it is."""
    if isinstance(source, LoadedPhoto):
        return source
    if isinstance(source, (bytes, bytearray)):
        return decode_photo(bytes(source), "<photo bytes>", **kwargs)
    if isinstance(source, np.ndarray):
        image = source
        if image.ndim == 2:
            image = cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)
        elif image.shape[2] == 4:
            image = _flatten_alpha(image)
        if image.dtype != np.uint8:
            image = cv2.convertScaleAbs(image)
        h, w = image.shape[:2]
        if min(h, w) < MIN_SIDE:
            raise _too_small("the image", w, h)
        max_side = kwargs.get("max_side", MAX_LONG_SIDE)
        scale = 1.0
        if max(h, w) > max_side:
            shrink = max_side / max(h, w)
            image = cv2.resize(image, (round(w * shrink), round(h * shrink)), interpolation=cv2.INTER_AREA)
            scale = 1 / shrink
        return LoadedPhoto(np.ascontiguousarray(image), scale, (w, h), 1, "<image>")
    path = Path(source)
    name = str(source)
    if not path.exists():
        raise GardenError(f"{name} does not exist.")
    if path.is_dir():
        raise GardenError(f"{name} is a folder, not a photo.")
    try:
        data = path.read_bytes()
    except OSError as err:
        raise GardenError(f"{name} cannot be read: {err.strerror or err}.") from None
    return decode_photo(data, name, **kwargs)


def sharpness(image: np.ndarray) -> float:
    grey = to_grey(image)
    return float(cv2.Laplacian(grey, cv2.CV_32F).var())


def capture_frame(camera: str | int, frames: int = 5) -> np.ndarray:
    """Grabs `frames` frames from a camera index or a video file; keeps the sharpest."""
    _quiet_opencv()
    src: int | str = camera
    if isinstance(camera, str) and camera.isdigit():
        src = int(camera)
    if isinstance(src, str) and not Path(src).exists():
        raise GardenError(f"camera {camera} not found: no such device index or video file.")
    cap = cv2.VideoCapture(src)
    try:
        if not cap.isOpened():
            raise GardenError(f"camera {camera} could not be opened.")
        best, best_score = None, -1.0
        for _ in range(max(1, frames)):
            ok, frame = cap.read()
            if not ok or frame is None:
                break
            score = sharpness(frame)
            if score > best_score:
                best, best_score = frame, score
    finally:
        cap.release()
    if best is None:
        raise GardenError(f"camera {camera} gave no picture.")
    if min(best.shape[:2]) < MIN_SIDE:
        raise GardenError(f"camera {camera} gave a picture of only {best.shape[1]}x{best.shape[0]} pixels.")
    return best
