"""Board profiles: what an empty board side looks like, learnt from one photo.

A profile is a folder holding `profile.json` and `reference.png`: the board
rectified so that every cell is REF_CELL pixels square, with a margin of
MARGIN_CELLS cells of the board's frame around the grid (used to settle the
orientation; tiles never cover it).
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from assistant.errors import GardenError, UsageError
from assistant.paths import garden_home, repo_root
from assistant.vision import symbols
from assistant.vision.imageio import to_grey

REF_CELL = 48
MARGIN_CELLS = 0.5
PROFILE_VERSION = 1
_NAME_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")


@dataclass
class BoardProfile:
    name: str
    rows: int
    cols: int
    game: str = symbols.DEFAULT_GAME
    layout: list[list[str]] = field(default_factory=list)
    reference: np.ndarray | None = None  # BGR, reference_size
    valid: np.ndarray | None = None  # uint8 mask: reference pixels that came from the photo
    cell: int = REF_CELL
    margin: float = MARGIN_CELLS
    source_photo: str = ""
    source_corners: list[list[float]] = field(default_factory=list)
    path: Path | None = None
    #: what is measured once from the reference and kept for the profile's life (framefit.frame_width)
    derived: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not self.layout:
            self.layout = [[symbols.EMPTY] * self.cols for _ in range(self.rows)]

    @property
    def margin_px(self) -> int:
        return int(round(self.margin * self.cell))

    @property
    def reference_size(self) -> tuple[int, int]:
        m = self.margin_px
        return (self.cols * self.cell + 2 * m, self.rows * self.cell + 2 * m)

    def grid_rect(self) -> np.ndarray:
        """Grid corners (TL, TR, BR, BL) in reference pixels."""
        m = self.margin_px
        w, h = self.cols * self.cell, self.rows * self.cell
        return np.array([[m, m], [m + w, m], [m + w, m + h], [m, m + h]], np.float64)

    def to_json(self) -> dict:
        return {
            "version": PROFILE_VERSION,
            "name": self.name,
            "game": self.game,
            "rows": self.rows,
            "cols": self.cols,
            "layout": symbols.layout_text(self.layout, self.game),
            "cell": self.cell,
            "margin": self.margin,
            "source_photo": self.source_photo,
            "source_corners": self.source_corners,
        }

    def save(self, folder: Path, features: bool = True) -> Path:
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "profile.json").write_text(json.dumps(self.to_json(), indent=2) + "\n")
        ref = self.reference
        if self.valid is not None:
            ref = np.dstack([ref, self.valid])
        if not cv2.imwrite(str(folder / "reference.png"), ref):
            raise GardenError(f"could not write {folder / 'reference.png'}.")
        self.path = folder
        if features:
            self.art_features(writable=True)
        return folder

    def art_inputs(self) -> tuple[np.ndarray, np.ndarray]:
        """The reference as its printed-art features are extracted from: grey uint8
        pixels and the boolean mask of pixels that came from the photo."""
        ref = self.reference
        grey = to_grey(ref)
        valid = self.valid if self.valid is not None else np.full(grey.shape, 255, np.uint8)
        return grey.astype(np.uint8), valid > 127

    def art_features(self, grey: np.ndarray | None = None, valid: np.ndarray | None = None,
                     writable: bool | None = None):
        """The reference's SIFT features (artmatch.ArtFeatures), extracted once per
        reference and stored: `features.npz` in the profile folder when that is one
        of $GARDEN_HOME/boards (or `writable`), else $GARDEN_HOME/cache/art-features
        (a checkout's calibration/ is never written). A stored file is used only
        when it was made from this very reference (artmatch.features_key)."""
        from assistant.vision import artmatch

        if grey is None or valid is None:
            grey, valid = self.art_inputs()
        if self.path is None:  # an in-memory profile: nothing to store it beside
            return _memo_features(grey, valid)
        folder = Path(self.path)
        if writable is None:
            writable = _in_boards_dir(folder)
        return artmatch.cached_features(grey, valid, folder, _features_cache_dir, writable)


#: reference features of in-memory profiles, by artmatch.features_key: a profile
#: calibrated in this process and read many times (benchmarks, tests, a session that
#: calibrates then checks) extracts them once; a few references at most are kept
_MEMO: dict[str, object] = {}
_MEMO_SIZE = 4


def _memo_features(grey: np.ndarray, valid: np.ndarray):
    """The reference's features, extracted at most once per reference in this process."""
    from assistant.vision import artmatch

    key = artmatch.features_key(grey, valid)
    art = _MEMO.pop(key, None)
    if art is None:
        art = artmatch.ArtFeatures(grey, valid)
    _MEMO[key] = art  # most recently used last
    while len(_MEMO) > _MEMO_SIZE:
        del _MEMO[next(iter(_MEMO))]
    return art


def _in_boards_dir(folder: Path) -> bool:
    try:
        folder.resolve().relative_to(boards_dir().resolve())
    except (ValueError, OSError):
        return False
    return os.access(folder, os.W_OK)


def _features_cache_dir() -> Path | None:
    try:
        return garden_home() / "cache" / "art-features"
    except OSError:
        return None


def validate_name(name: str) -> str:
    if not _NAME_RE.match(name):
        raise UsageError(
            f"board name {name!r} must be letters, digits, '-', '_' or '.', starting with a letter or digit."
        )
    return name


def boards_dir() -> Path:
    return garden_home() / "boards"


def load_profile_dir(folder: Path, label: str | None = None) -> BoardProfile:
    label = label or str(folder)
    pj = folder / "profile.json"
    try:
        data = json.loads(pj.read_text())
    except FileNotFoundError:
        raise GardenError(f"board profile {label} has no profile.json.") from None
    except (OSError, ValueError) as err:
        raise GardenError(f"board profile {label}: profile.json is unreadable ({err}).") from None
    if not isinstance(data, dict):
        raise GardenError(f"board profile {label}: profile.json is invalid (not a JSON object).")
    try:
        rows, cols = int(data["rows"]), int(data["cols"])
        game = str(data.get("game", symbols.DEFAULT_GAME))
        layout = symbols.parse_layout(data.get("layout"), rows, cols, game)
        cell = int(data.get("cell", REF_CELL))
        margin = float(data.get("margin", MARGIN_CELLS))
    except (KeyError, TypeError, ValueError, UsageError) as err:
        raise GardenError(f"board profile {label}: profile.json is invalid ({err}).") from None
    ref = cv2.imread(str(folder / "reference.png"), cv2.IMREAD_UNCHANGED)
    if ref is None:
        raise GardenError(f"board profile {label}: reference.png is missing or unreadable.")
    valid = None
    if ref.ndim == 3 and ref.shape[2] == 4:
        valid = ref[:, :, 3].copy()
        ref = np.ascontiguousarray(ref[:, :, :3])
    prof = BoardProfile(
        name=str(data.get("name", folder.name)), rows=rows, cols=cols, game=game, layout=layout,
        reference=ref, valid=valid, cell=cell, margin=margin,
        source_photo=str(data.get("source_photo", "")),
        source_corners=data.get("source_corners", []), path=folder,
    )
    if ref.shape[1::-1] != prof.reference_size:
        raise GardenError(f"board profile {label}: reference.png does not match its {rows}x{cols} grid.")
    return prof


def bundled_dir() -> Path | None:
    """The checkout's calibration/ (the sample boards' profiles), when running from one."""
    root = repo_root()
    return None if root is None else root / "calibration"


def find_profile(name: str) -> Path:
    """$GARDEN_HOME/boards/NAME, then the checkout's calibration/NAME, then a path."""
    candidates: list[Path] = []
    if _NAME_RE.match(name):
        candidates.append(boards_dir() / name)
        bundled = bundled_dir()
        if bundled is not None:
            candidates.append(bundled / name)
    p = Path(name).expanduser()
    candidates.append(p.parent if p.name == "profile.json" else p)
    for c in candidates:
        if (c / "profile.json").is_file():
            return c
    raise GardenError(f"unknown board {name!r}: no profile in {boards_dir()} or calibration/ (see `garden boards`).")


def load_profile(name_or_path: str) -> BoardProfile:
    return load_profile_dir(find_profile(name_or_path), name_or_path)


def list_profiles() -> list[tuple[str, Path]]:
    seen: dict[str, Path] = {}
    places = [boards_dir()]
    bundled = bundled_dir()
    if bundled is not None:
        places.append(bundled)
    for place in places:
        if not place.is_dir():
            continue
        for d in sorted(place.iterdir()):
            if (d / "profile.json").is_file() and d.name not in seen:
                seen[d.name] = d
    return sorted(seen.items())


def board_list() -> list[dict[str, Any]]:
    """`garden boards --json`'s list: every calibrated board with its grid, game and folder; a
    damaged profile is listed with what is wrong ("error"), the others still shown."""
    found = []
    for name, folder in list_profiles():
        entry: dict[str, Any] = {"board": name, "rows": None, "cols": None, "game": None, "path": str(folder)}
        try:
            prof = load_profile_dir(folder, name)
            entry.update(rows=prof.rows, cols=prof.cols, game=prof.game)
        except GardenError as err:
            entry["error"] = str(err)
        found.append(entry)
    return found

