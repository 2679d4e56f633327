"""The README's screenshots of the web page: each game's page at 390 x 844 (a phone), taken by the
browser the tests use (Debian's chromium through Playwright), from the golden records.

    .venv/bin/python samples/page_screenshots.py          # writes docs/screenshots/<game>.png
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from assistant.play import Table  # noqa: E402
from assistant.session import notation  # noqa: E402
from tests.web.browser import chromium, served  # noqa: E402

#: a game of each, part-way through (the page shows a game in progress), from samples/records
GAMES = {"cottage-garden": ("cottage-3p", 40), "indian-summer": ("indian-4p", 60),
         "hanging-gardens": ("hanging-2p", 80), "gartenbau": ("gartenbau-3p", 60)}
OUT = ROOT / "docs" / "screenshots"
TOKEN = "screenshot-token"


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as home, chromium() as browser:
        table = Table(home)
        for key, (record_name, actions) in GAMES.items():
            path = ROOT / "samples" / "records" / f"{record_name}.txt"
            record = notation.read(path.read_text(), path.name)
            table.save_record(record._replace(actions=record.actions[:actions]), record_name)
        table.close()
        for key, (record_name, _) in GAMES.items():
            with served(Path(home), TOKEN, record_name) as base:
                context = browser.new_context(viewport={"width": 390, "height": 844})
                page = context.new_page()
                page.goto(f"{base}/?token={TOKEN}")
                page.wait_for_selector("#picture svg")
                page.screenshot(path=str(OUT / f"{key}.png"))
                context.close()
                print(f"wrote {OUT / f'{key}.png'}")


if __name__ == "__main__":
    main()
