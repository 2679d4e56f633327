"""The page in a real browser: headless Chromium (Debian's, /usr/bin/chromium; `.ci/run` installs
it) driven by Playwright against `garden serve` started on 127.0.0.1 by the test."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from assistant.play import Table
from tests.web.browser import CHROMIUM, chromium, garden_command, served

ROOT = Path(__file__).resolve().parents[2]
PHOTO = ROOT / "samples" / "photos" / "bed-1-dark_easy.jpg"
TOKEN = "page-test-token"


@pytest.fixture
def server(garden_home):
    if not Path(CHROMIUM).exists():
        if os.environ.get("CI"):
            pytest.fail(f"{CHROMIUM} is missing: .ci/run installs Debian's chromium")
        pytest.skip(f"no browser at {CHROMIUM} (apt-get install chromium, or set GARDEN_CHROMIUM)")
    Table(garden_home).new("cottage-garden", {"players": "Ann,Ben", "name": "friday"})
    with served(garden_home, TOKEN) as base:
        yield base


@pytest.fixture
def browser():
    with chromium() as b:
        yield b


def _page(browser, base):
    page = browser.new_context(viewport={"width": 360, "height": 780}).new_page()
    page.goto(f"{base}/?token={TOKEN}")
    page.wait_for_selector("#picture svg")
    return page


def _score(page, pots: str, cloches: str) -> None:
    move = page.locator("details.move", has_text="score —")
    move.locator("summary").click()
    move.locator("input[name=player]").fill("Ann")
    move.locator("input[name=pots]").fill(pots)
    move.locator("input[name=cloches]").fill(cloches)
    move.locator("button[type=submit]").click()


def test_two_phones_play_and_see_each_other_live(server, browser, garden_home):
    first, second = _page(browser, server), _page(browser, server)
    for page in (first, second):
        assert "Turn 1: Ann" in page.locator("#picture").inner_text()
        # a phone's width: nothing scrolls sideways
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
    _score(first, "3", "1")
    second.wait_for_function("document.querySelector('#picture').textContent.includes('5 points')", timeout=3000)
    # a refusal shows the rule's sentence and id, and changes nothing
    _score(first, "30", "0")
    first.wait_for_function("document.querySelector('#message').textContent.includes('[CG-SCORE-1]')", timeout=3000)
    assert Table(garden_home).status("friday")["players"][0]["score"] == 5
    # a change made from the command line shows on both pages
    subprocess.run([garden_command(), "next", "--game", "friday"], env={**os.environ, "GARDEN_HOME": str(garden_home)},
                   check=True, capture_output=True)
    for page in (first, second):
        page.wait_for_function("document.querySelector('#picture').textContent.includes('Turn 2: Ben')",
                               timeout=3000)
    # undo from a phone
    first.locator("#undo").click()
    second.wait_for_function("document.querySelector('#picture').textContent.includes('Turn 1: Ann')", timeout=3000)


def test_a_photo_from_the_camera_button_is_read(server, browser):
    page = _page(browser, server)
    page.locator("#board").select_option("bed-1-dark")
    page.locator("#photo").set_input_files(str(PHOTO))
    page.wait_for_selector("#reading img", timeout=30000)
    assert "Board bed-1-dark" in page.locator("#reading").inner_text()
    assert page.locator("#reading img").evaluate("img => img.complete && img.naturalWidth > 0")
    assert page.locator("#again-label").is_visible()
    page.locator("#again").set_input_files(str(PHOTO))  # a second photo, read with the first as one
    page.wait_for_function("document.querySelector('#reading').textContent.includes('read from 2 photos')",
                           timeout=30000)
    page.locator("#photo").set_input_files({"name": "notes.jpg", "mimeType": "image/jpeg", "buffer": b"not a photo"})
    page.wait_for_function("document.querySelector('#message').textContent.includes('notes.jpg')", timeout=10000)
    assert not page.locator("#again-label").is_visible()


def test_ctrl_c_stops_the_server_while_a_phone_follows_the_game(garden_home):
    import signal
    import sys
    import time
    import urllib.request

    from tests.web.browser import free_port

    Table(garden_home).new("cottage-garden", {"players": "Ann,Ben", "name": "friday"})
    port = free_port()
    proc = subprocess.Popen([garden_command(), "serve", "--host", "127.0.0.1", "--port", str(port), "--token", TOKEN],
                            env={**os.environ, "GARDEN_HOME": str(garden_home)}, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT)
    try:
        for _ in range(150):
            try:
                stream = urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games/friday/live?token={TOKEN}",
                                                timeout=5)
                break
            except OSError:
                time.sleep(0.1)
        assert stream.readline().startswith(b"event: change")
        proc.send_signal(signal.SIGINT)
        assert proc.wait(timeout=8) == 0
        out = proc.stdout.read().decode()
        assert f"http://127.0.0.1:{port}/?token={TOKEN}" in out and "Traceback" not in out
    finally:
        if proc.poll() is None:
            proc.kill()
    assert sys.platform  # the process is gone either way
