"""Kill a writer at random instants: the file is never corrupt, at most one command is lost."""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from assistant.session import games as sessions
from assistant.session.store import Store

WRITER = """
import sys
from pathlib import Path
from assistant.session import games as sessions
from assistant.session.store import Store
from assistant.games.interface import Acted
store = Store(Path(sys.argv[1]))
n = 0
while True:
    def build(loaded, n=n):
        if n % 3 == 2:
            return Acted([{"type": "score", "player": loaded.state.current_player.name, "pots": 1, "cloches": 1, "orange": 1, "blue": 1, "reward": False}], [])
        return Acted([{"type": "next"}], [])
    try:
        sessions.record(store, "k", build)
    except Exception as err:  # the game may end; start counting the refusals too
        print("refused", err, flush=True)
        break
    n += 1
    print("done", n, flush=True)
"""

ROOT = Path(__file__).resolve().parents[2]


def test_killing_a_writer_mid_command_never_corrupts(tmp_path):
    db = tmp_path / "games.sqlite3"
    store = Store(db)
    sessions.create(store, "cottage-garden", "k", {"players": ["Ann", "Ben", "Cy", "Di"], "solo": False, "name": "k", "house_rules": {}})
    store.close()
    rng = random.Random(7)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    committed = 0
    for _ in range(20):
        proc = subprocess.Popen([sys.executable, "-c", WRITER, str(db)], stdout=subprocess.PIPE, text=True, env=env)
        time.sleep(rng.uniform(0.15, 0.6))
        proc.send_signal(signal.SIGKILL)
        out, _ = proc.communicate()
        done = out.count("done")
        conn = sqlite3.connect(db)
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        conn.close()
        check = Store(db)
        entries = check.events(None, check.find("k").id)
        # every printed command is there; at most one more (committed but killed before printing)
        assert committed + done <= len(entries) <= committed + done + 1
        committed = len(entries)
        sessions.load(check, "k")  # the log still replays
        check.close()
    assert committed > 20  # the writers really wrote
