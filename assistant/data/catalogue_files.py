"""The file plumbing every component catalogue shares (Cottage Garden: catalogue.py;
Indian Summer: indian_catalogue.py): where the files live, reading a validated JSON
document, loading its entries one by one with ``FILE: entry ID: problem`` refusals,
caching the user layer by the file's identity, and replacing one entry atomically.

What an entry means -- its fields, ids and checks -- stays in each game's catalogue;
this module only knows entries as dicts with an id field, and a parser per kind.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from assistant.errors import GardenError
from assistant.grid import Cell

SHIPPED_DIR = Path(__file__).resolve().parent
_USER_CACHE_SIZE = 32


def user_dir(home: Path | None = None) -> Path:
    """Where the user catalogue lives: $GARDEN_HOME/catalogue."""
    if home is None:
        from assistant.paths import garden_home

        home = garden_home()
    return home / "catalogue"


def read_doc(path: Path, key: str) -> list[Any]:
    """The `key` list of a catalogue file; GardenError naming the file for anything else."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise GardenError(f"{path}: cannot read: {getattr(err, 'strerror', None) or err}") from None
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as err:
        raise GardenError(f"{path}: not valid JSON (line {err.lineno}, column {err.colno}: {err.msg})") from None
    if not isinstance(doc, dict) or not isinstance(doc.get(key), list):
        raise GardenError(f"{path}: expected an object with a {key!r} list")
    return doc[key]


def write_doc(path: Path, key: str, game: str, about: str, entries: list[dict[str, Any]]) -> None:
    """Write atomically: a temporary file in the same folder, flushed, then os.replace."""
    lines = ",\n".join("    " + json.dumps(e, ensure_ascii=False) for e in entries)
    text = (
        "{\n"
        f'  "game": "{game}",\n  "about": {json.dumps(about, ensure_ascii=False)},\n'
        f'  "{key}": [\n{lines}\n  ]\n}}\n'
    )
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except OSError as err:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise GardenError(f"{path}: cannot write: {err.strerror or err}") from None


def json_cell(value: Any) -> Cell | None:
    """A cell field of an entry: [row, column] (whole numbers from 0) or null; ValueError otherwise."""
    if value is None:
        return None
    if (isinstance(value, list) and len(value) == 2
            and all(type(v) is int and v >= 0 for v in value)):
        return (value[0], value[1])
    raise ValueError(f"cell {value!r} is not [row, column] (whole numbers from 0) or null")


def check_fields(raw: Any, known: set[str]) -> None:
    """An entry is an object with only `known` fields; ValueError otherwise."""
    if not isinstance(raw, dict):
        raise ValueError("an entry must be an object")
    extra = set(raw) - known
    if extra:
        raise ValueError(f"unknown field(s) {', '.join(sorted(extra))} (known: {', '.join(sorted(known))})")


def note_field(raw: dict[str, Any]) -> str:
    """An entry's optional note ("" when absent); ValueError unless it is text."""
    note = raw.get("note", "")
    if not isinstance(note, str):
        raise ValueError("note must be text")
    return note


def _entry_label(raw: Any, index: int, id_key: str) -> str:
    if isinstance(raw, dict) and isinstance(raw.get(id_key), str) and raw[id_key]:
        return raw[id_key]
    return f"#{index + 1}"


def load_entries(path: Path, key: str, id_key: str, parse: Callable[[Any, str, Any], Any], source: str,
                 shipped: dict[str, Any] | None) -> dict[str, Any]:
    """Every entry of the file's `key` list through `parse(raw, source, shipped)`, by its `id_key`,
    in file order; a ValueError from `parse` or a repeated id becomes ``FILE: entry ID: problem``."""
    out: dict[str, Any] = {}
    where: dict[str, int] = {}
    for i, raw in enumerate(read_doc(path, key)):
        label = _entry_label(raw, i, id_key)
        try:
            spec = parse(raw, source, shipped)
        except ValueError as err:
            raise GardenError(f"{path}: entry {label}: {err}") from None
        ident = getattr(spec, id_key)
        if ident in out:
            raise GardenError(f"{path}: entry {ident}: appears twice (entries {where[ident] + 1} and {i + 1})")
        out[ident] = spec
        where[ident] = i
    return out


def user_entries(path: Path, cache: dict[tuple, dict[str, Any]],
                 load: Callable[[Path], dict[str, Any]]) -> dict[str, Any]:
    """The user file's entries ({} when there is none), loaded by `load(path)` once per version
    of the file: `cache` is keyed by path, inode, mtime and size (os.replace gives a new inode)."""
    try:
        st = path.stat()
    except FileNotFoundError:
        return {}
    except OSError as err:
        raise GardenError(f"{path}: cannot read: {err.strerror}") from None
    cache_key = (str(path), st.st_ino, st.st_mtime_ns, st.st_size)
    if cache_key not in cache:
        if len(cache) > _USER_CACHE_SIZE:
            cache.clear()
        cache[cache_key] = load(path)
    return cache[cache_key]


def replace_entry(path: Path, key: str, id_key: str, entry: dict[str, Any], game: str, about: str,
                  check: Callable[[], Any]) -> None:
    """Write `entry` into the user file, replacing the entry with the same id (others stay, in order).
    `check()` loads the user file as it is first: a corrupt file is refused, never overwritten."""
    existing = read_doc(path, key) if path.exists() else []
    check()
    entries = [e for e in existing if not (isinstance(e, dict) and e.get(id_key) == entry[id_key])] + [entry]
    write_doc(path, key, game, about, entries)


def remove_entry(path: Path, key: str, id_key: str, ident: str, game: str, about: str,
                 check: Callable[[], Any]) -> None:
    """Remove the entry with that id from the user file (the others stay, in order); `check()` as in
    replace_entry: a corrupt file is refused, never rewritten."""
    existing = read_doc(path, key) if path.exists() else []
    check()
    write_doc(path, key, game, about, [e for e in existing if not (isinstance(e, dict) and e.get(id_key) == ident)])
