"""`garden status` on a game of 200 events: its time against `import typer, rich.console`.

Prints the medians of both, measured interleaved in one run, their ratio
(target: at most 1.5), and whether numpy or cv2 were imported (target: no).

    python benchmarks/bench_status.py [--runs 21]
"""

from __future__ import annotations

import argparse
import compileall
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def make_game(home: Path, events: int) -> None:
    from assistant.games.interface import Acted
    from assistant.session import games as sessions
    from assistant.session.store import open_store

    store = open_store(home)
    sessions.create(store, "cottage-garden", "bench", {"players": ["Ann", "Ben", "Cy", "Di"], "solo": False,
                                                       "name": "bench", "house_rules": {}})
    written = 0
    while written < events:
        def build(loaded, n=written):
            if n % 2 == 0:  # 100 scores and 100 turns: the last reaches the final round
                return Acted([{"type": "score", "player": loaded.state.current_player.name, "pots": 1, "cloches": 0,
                               "orange": 1 + n % 3, "blue": None, "reward": False}], [])
            return Acted([{"type": "next"}], [])
        sessions.record(store, "bench", build)
        written += 1
    store.close()


def timed(cmd: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, env=env, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp)
        env = {**os.environ, "GARDEN_HOME": tmp, "NO_COLOR": "1", "COLUMNS": "200", "PYTHONPATH": str(ROOT)}
        os.environ["GARDEN_HOME"] = tmp
        make_game(home, 200)
        # An installed package runs from compiled bytecode (pip compiles at install time);
        # this checkout may run with PYTHONDONTWRITEBYTECODE set, so compile it as pip would.
        compileall.compile_dir(str(ROOT / "assistant"), quiet=1)
        status = [sys.executable, "-m", "assistant", "status"]
        baseline = [sys.executable, "-c", "import typer, rich.console"]
        timed(status, env), timed(baseline, env)  # warm the file cache
        s_times, b_times = [], []
        for _ in range(args.runs):
            s_times.append(timed(status, env))
            b_times.append(timed(baseline, env))
        probe = ("import sys; from assistant.cli.app import app\n"
                 "try:\n    app(['status'], standalone_mode=False)\nexcept SystemExit:\n    pass\n"
                 "print('IMPORTED', 'numpy' in sys.modules, 'cv2' in sys.modules, file=sys.stderr)")
        result = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True, text=True, check=True)
        imported = result.stderr.strip().split()[-2:]
    s_med, b_med = statistics.median(s_times), statistics.median(b_times)
    print(f"garden status, 200 events: median {s_med * 1000:.0f} ms over {args.runs} runs")
    print(f"import typer, rich.console: median {b_med * 1000:.0f} ms over {args.runs} runs")
    print(f"ratio: {s_med / b_med:.2f} (target <= 1.5)")
    print(f"numpy imported: {imported[0]}, cv2 imported: {imported[1]} (target: False, False)")


if __name__ == "__main__":
    main()
