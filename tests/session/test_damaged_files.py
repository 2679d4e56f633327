"""The same spirit for the other files a player keeps: game records given to `replay`, board
profiles under boards/, catalogue files. Damaged byte by byte or cut short, each is one line and
an exit code, never a traceback."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

from tests.cli.runner import garden

ROOT = Path(__file__).resolve().parents[2]


def clean(result) -> bool:
    return (result.exception is None or isinstance(result.exception, SystemExit)) and "Traceback" not in result.output


def damaged(data: bytes, rng: random.Random, count: int):
    for _ in range(count):
        cut = rng.randrange(len(data))
        yield data[:cut]
        flipped = bytearray(data)
        for _ in range(rng.randint(1, 8)):
            flipped[rng.randrange(len(flipped))] = rng.randrange(256)
        yield bytes(flipped)


def test_damaged_records_given_to_replay(tmp_path):
    rng = random.Random(3)
    bad = []
    for name in ("cottage-2p.txt", "indian-2p.txt", "hanging-2p.txt", "gartenbau-2p.txt"):
        data = (ROOT / "samples" / "records" / name).read_bytes()
        for i, copy in enumerate(damaged(data, rng, 15)):
            path = tmp_path / f"{i}-{name}"
            path.write_bytes(copy)
            result = garden("replay", str(path))
            if not clean(result):
                bad.append(f"{name} copy {i}: {result.exception!r}")
    assert not bad, bad[:5]


def test_damaged_profiles_under_boards(garden_home):
    rng = random.Random(4)
    source = ROOT / "calibration" / "bed-1-light"
    bad = []
    for target in ("profile.json", "reference.png"):
        data = (source / target).read_bytes()
        for i, copy in enumerate(damaged(data, rng, 6)):
            folder = garden_home / "boards" / "bed-1-light"
            shutil.rmtree(folder, ignore_errors=True)
            shutil.copytree(source, folder)
            (folder / target).write_bytes(copy)
            for args in (("boards",), ("check", str(ROOT / "samples/photos/bed-1-light_mixed.jpg"), "--board",
                                        "bed-1-light"), ("doctor",)):
                result = garden(*args)
                if not clean(result):
                    bad.append(f"{target} copy {i}: garden {args[0]}: {result.exception!r}")
    assert not bad, bad[:5]


def test_damaged_catalogue_files(garden_home):
    rng = random.Random(5)
    assert garden("cards", "define", "C1", "RG./..B").exit_code == 0
    assert garden("seedlings", "define", "S1", "aster+basil").exit_code == 0
    assert garden("tiles", "define", "2A", "##", "--pot", "0,0").exit_code in (0, 1, 2)
    bad = []
    for path in sorted((garden_home / "catalogue").glob("*.json")):
        data = path.read_bytes()
        for i, copy in enumerate(damaged(data, rng, 5)):
            path.write_bytes(copy)
            for args in (("tiles",), ("cards",), ("seedlings",), ("doctor",)):
                result = garden(*args)
                if not clean(result):
                    bad.append(f"{path.name} copy {i}: garden {args[0]}: {result.exception!r}")
        path.write_bytes(data)
    assert not bad, bad[:5]
