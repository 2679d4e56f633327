"""`garden status` on a whole finished 2-player Cottage Garden game, as whole processes, against
`python -c "import typer, rich.console"` (target: at most 1.3x) and against `garden status` on a
new game (target: at most 1.1x: reading a game does not grow with its log). Medians of the
three commands run in turn, A B C A B C ..., in one run; also whether numpy or cv2 were imported.

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


def finished_game(home: Path) -> int:
    """A whole 2-player game played through the API: every third turn scores a bed, the final
    round scores every bed left. Returns the number of log entries."""
    from assistant.play import Table

    table = Table(home)
    table.new("cottage-garden", {"players": "Ann,Ben", "name": "finished"})
    table.new("cottage-garden", {"players": "Ann,Ben", "name": "fresh"})
    while not (status := table.status("finished"))["over"]:
        owed = [p for p in status["pending"] if p["must"]]
        turn = status["turn"]
        if owed:
            table.act("finished", "discard", {"player": owed[0]["who"], "count": 0})
        elif turn["beds_scored"] == 0 and (status["final_round"] or turn["number"] % 3 == 0):
            table.act("finished", "score", {"player": turn["player"], "pots": 2, "cloches": 1})
        else:
            table.act("finished", "next", {})
    entries = len(table.load("finished").moves)
    table.close()
    return entries


def timed(cmd: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, env=env, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "GARDEN_HOME": tmp, "NO_COLOR": "1", "COLUMNS": "200", "PYTHONPATH": str(ROOT)}
        entries = finished_game(Path(tmp))
        # An installed package runs from compiled bytecode (pip compiles at install time);
        # this checkout may run with PYTHONDONTWRITEBYTECODE set, so compile it as pip would.
        compileall.compile_dir(str(ROOT / "assistant"), quiet=1)
        commands = {
            "finished": [sys.executable, "-m", "assistant", "status", "--game", "finished"],
            "new": [sys.executable, "-m", "assistant", "status", "--game", "fresh"],
            "import": [sys.executable, "-c", "import typer, rich.console"],
        }
        times: dict[str, list[float]] = {name: [] for name in commands}
        for cmd in commands.values():
            timed(cmd, env)  # warm the file cache
        for _ in range(args.runs):
            for name, cmd in commands.items():
                times[name].append(timed(cmd, env))
        probe = ("import sys; from assistant.cli.app import app\n"
                 "try:\n    app(['status', '--game', 'finished'], standalone_mode=False)\nexcept SystemExit:\n    pass\n"
                 "print('IMPORTED', 'numpy' in sys.modules, 'cv2' in sys.modules, file=sys.stderr)")
        result = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True, text=True, check=True)
        imported = result.stderr.strip().split()[-2:]
    med = {name: statistics.median(t) for name, t in times.items()}
    print(f"garden status, finished 2-player game ({entries} log entries): median {med['finished'] * 1000:.0f} ms")
    print(f"garden status, new game: median {med['new'] * 1000:.0f} ms")
    print(f"import typer, rich.console: median {med['import'] * 1000:.0f} ms  ({args.runs} runs each, in turn)")
    print(f"finished / import: {med['finished'] / med['import']:.2f} (target <= 1.3)")
    print(f"finished / new game: {med['finished'] / med['new']:.2f} (target <= 1.1)")
    print(f"numpy imported: {imported[0]}, cv2 imported: {imported[1]} (target: False, False)")


if __name__ == "__main__":
    main()
