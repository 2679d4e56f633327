"""A `garden serve` on 127.0.0.1 and Debian's headless Chromium driven by Playwright: shared by
the page's tests, its benchmark (benchmarks/bench_page.py) and the README's screenshots
(samples/page_screenshots.py)."""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

CHROMIUM = os.environ.get("GARDEN_CHROMIUM", "/usr/bin/chromium")
#: as root on a machine with no outside network: no sandbox, no background connections
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]


def garden_command() -> str:
    return shutil.which("garden", path=str(Path(sys.executable).parent)) or "garden"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def served(home: Path, token: str, game: str | None = None) -> Iterator[str]:
    """`garden serve` on a free local port over the store in `home`; yields its base address."""
    port = free_port()
    args = [garden_command(), "serve", "--host", "127.0.0.1", "--port", str(port), "--token", token]
    proc = subprocess.Popen(args + (["--game", game] if game else []), env={**os.environ, "GARDEN_HOME": str(home)},
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(150):
            try:
                urllib.request.urlopen(f"{base}/api/games?token={token}", timeout=1)
                break
            except OSError:
                if proc.poll() is not None:
                    raise RuntimeError(f"garden serve stopped: {proc.stdout.read().decode()}") from None
                time.sleep(0.1)
        else:
            raise RuntimeError("garden serve did not answer within 15 s")
        yield base
    finally:
        proc.terminate()
        proc.wait(timeout=10)


@contextlib.contextmanager
def chromium() -> Iterator[object]:
    """Playwright's Chromium on Debian's browser binary (Playwright's own download is not used)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()
