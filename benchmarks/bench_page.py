"""The web page's speed, in the browser the tests use (Debian's chromium through Playwright)
against `garden serve` on 127.0.0.1: the page's first load (a fresh browser context, until the
game's picture shows) and a move's round trip (a form sent on one page until that page shows the
result, and until a second page following the game live shows it). Medians of --runs.

    .venv/bin/python benchmarks/bench_page.py              # quick: 11 loads, 11 moves
    .venv/bin/python benchmarks/bench_page.py --full       # 51 of each
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from assistant.play import Table  # noqa: E402
from tests.web.browser import chromium, served  # noqa: E402

TOKEN = "bench-token-1"


def _open(browser, base: str):
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    start = time.perf_counter()
    page.goto(f"{base}/?token={TOKEN}")
    page.wait_for_selector("#picture svg")
    return context, page, time.perf_counter() - start


def _shows(page, words: str) -> None:
    page.wait_for_function(f"document.querySelector('#picture').textContent.includes({words!r})", timeout=10000)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=11)
    ap.add_argument("--full", action="store_true", help="51 loads and 51 moves")
    args = ap.parse_args()
    runs = 51 if args.full else args.runs
    with tempfile.TemporaryDirectory() as home, chromium() as browser:
        table = Table(home)
        table.new("cottage-garden", {"players": "Ann,Ben", "name": "bench"})
        table.close()
        with served(Path(home), TOKEN) as base:
            loads = []
            for _ in range(runs):
                context, _, took = _open(browser, base)
                loads.append(took)
                context.close()
            ctx_a, mover, _ = _open(browser, base)
            ctx_b, watcher, _ = _open(browser, base)
            own, live = [], []
            for k in range(runs):
                # next and undo in turn: the turn shown flips between Ann and Ben
                words = "Turn 2: Ben" if k % 2 == 0 else "Turn 1: Ann"
                start = time.perf_counter()
                if k % 2 == 0:
                    move = mover.locator("details.move", has_text="next —")
                    if not move.evaluate("d => d.open"):
                        move.locator("summary").click()
                    start = time.perf_counter()
                    move.locator("button[type=submit]").click()
                else:
                    mover.locator("#undo").click()
                _shows(mover, words)
                own.append(time.perf_counter() - start)
                _shows(watcher, words)
                live.append(time.perf_counter() - start)
            ctx_a.close()
            ctx_b.close()
    ms = lambda xs: f"{statistics.median(xs) * 1000:.0f} ms"  # noqa: E731
    print(f"runs: {runs}")
    print(f"first load (fresh context until the picture shows): median {ms(loads)}, max {max(loads) * 1000:.0f} ms")
    print(f"a move's round trip on its own page: median {ms(own)}, max {max(own) * 1000:.0f} ms")
    print(f"the same move on a second page, live:  median {ms(live)}, max {max(live) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
