"""What the pre-write check costs: `garden next` on a store of 10,000 events, whole processes, with
the store's check (SQLite's PRAGMA quick_check, once a process before the first write) against the
same command with the check replaced by a no-op; medians of alternated runs, and the check alone.

    python benchmarks/bench_store_check.py [--runs 21] [--events 10000]
"""

from __future__ import annotations

import argparse
import json
import os
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

RUN = "import sys; sys.argv = ['garden'] + sys.argv[1:]\nfrom assistant.cli.app import main\nmain()"
UNCHECKED = ("import sys; sys.argv = ['garden'] + sys.argv[1:]\n"
             "from assistant.session.store import Store\nStore._check_sound = lambda self: None\n"
             "from assistant.cli.app import main\nmain()")


def build(home: Path, events: int) -> int:
    """A finished 2-player game's log copied into as many games as make `events` entries, and a
    fresh game the benchmark plays on."""
    from bench_status import finished_game  # a whole game played through the API, and a fresh one

    finished_game(home)
    db = sqlite3.connect(home / "games.sqlite3")
    db.execute("UPDATE games SET name = 'play' WHERE name = 'fresh'")
    (model_id, setup), = db.execute("SELECT id, setup FROM games WHERE name = 'finished'").fetchall()
    log = db.execute("SELECT seq, body, at FROM events WHERE game_id = ?", (model_id,)).fetchall()
    copies = 0
    while db.execute("SELECT COUNT(*) FROM events").fetchone()[0] < events:
        copies += 1
        cur = db.execute("INSERT INTO games (name, game, setup, created, touched) VALUES (?, 'cottage-garden', ?, 0, 0)",
                         (f"copy{copies}", setup))
        db.executemany("INSERT INTO events VALUES (?, ?, ?, ?)", [(cur.lastrowid, s, b, a) for s, b, a in log])
    db.commit()
    total = db.execute("SELECT COUNT(*) FROM events").fetchone()[0]
    db.close()
    return total


def timed(code: str, env: dict) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", code, "next", "--game", "play"], env=env, check=True, capture_output=True)
    return time.perf_counter() - start


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=21)
    ap.add_argument("--events", type=int, default=10000)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp)
        total = build(home, args.events)
        size = (home / "games.sqlite3").stat().st_size
        env = {**os.environ, "GARDEN_HOME": tmp, "NO_COLOR": "1"}
        runs = min(args.runs, 30)  # a 2-player game has 64 turns: each run plays one
        checked, unchecked = [], []
        for _ in range(runs):
            checked.append(timed(RUN, env))
            unchecked.append(timed(UNCHECKED, env))
        db = sqlite3.connect(home / "games.sqlite3")
        alone = []
        for _ in range(runs):
            start = time.perf_counter()
            db.execute("PRAGMA quick_check").fetchall()
            alone.append(time.perf_counter() - start)
        db.close()
    ms = lambda xs: statistics.median(xs) * 1000  # noqa: E731
    print(json.dumps({"events": total, "store_bytes": size, "runs": runs}))
    print(f"garden next, checked: median {ms(checked):.0f} ms; without the check: median {ms(unchecked):.0f} ms; "
          f"ratio {statistics.median(c / u for c, u in zip(checked, unchecked)):.3f}")
    print(f"PRAGMA quick_check alone on {total} events ({size / 1e6:.1f} MB): median {ms(alone):.1f} ms")


if __name__ == "__main__":
    main()
