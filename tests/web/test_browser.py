"""The phone view in a real browser: Debian's headless Chromium, driven by playwright (never its own
downloaded browsers). `.ci/run` installs chromium; without it (Raspberry Pi OS Lite) these tests skip with the
command that installs it.

* `companion run --headless --web 127.0.0.1:0` prints the pairing URL; Chromium opens it and the
  page shows the game with the players' names; the same paths without the pass show nothing of it.
* the host teaches a card by tapping its grid on the phone; the table's taught data has it.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from urllib.parse import urlsplit

import pytest

from tests.web.harness import Table, wait_for

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE = {"width": 360, "height": 800}


@pytest.fixture(scope="module")
def browser():
    """Headless Chromium (a fresh profile each launch: playwright makes one)."""
    if not (os.path.exists(CHROMIUM) or shutil.which("chromium")):
        pytest.skip("no Chromium here: sudo apt install chromium (the phone view's browser tests need it)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(
            executable_path=CHROMIUM if os.path.exists(CHROMIUM) else shutil.which("chromium"), args=FLAGS
        )
        yield b
        b.close()


def _demo_with_phone_view(tmp_path) -> tuple[subprocess.Popen, str]:
    """`companion run --headless --demo` with the phone view on a free port, and the pairing URL it printed."""
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.update(
        COMPANION_STATE_DIR=str(tmp_path / "state"),
        COMPANION_CONFIG_DIR=str(tmp_path / "cfg"),
        SDL_AUDIODRIVER="dummy",
        COMPANION_HAL="mock",
    )
    command = [sys.executable, "-m", "companion", "run", "--headless", "--demo", "--pace", "0.5"]
    proc = subprocess.Popen(
        [*command, "--web", "127.0.0.1:0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env
    )
    url = None
    deadline = time.monotonic() + 20
    while url is None and time.monotonic() < deadline:
        line = proc.stdout.readline()
        if line.startswith("phone view: http://"):
            url = line.split(": ", 1)[1].strip()
    if url is None:
        proc.kill()
        proc.wait()
    assert url, "no pairing URL printed"
    return proc, url


def test_companion_run_prints_the_url_and_chromium_shows_the_players(tmp_path, browser):
    proc, url = _demo_with_phone_view(tmp_path)
    try:
        base = f"{urlsplit(url).scheme}://{urlsplit(url).netloc}"
        page = browser.new_page(viewport=PHONE)
        page.goto(url)
        page.wait_for_selector("#players li", timeout=10000)
        from companion.cli.run import demo_setup

        names = page.eval_on_selector_all("#players .who", "(all) => all.map((n) => n.textContent)")
        assert names == demo_setup("masters", 7)["vampires"]  # the demo's table
        assert "Masters of the Night" in page.inner_text("#title")
        page.close()
        stranger = browser.new_page(viewport=PHONE)  # no pass: the same paths show nothing of the game
        for path in ("/", "/api/view", "/api/events"):
            response = stranger.goto(base + path)
            assert response.status == 401
            assert not re.search("Agnieszka|Ishtvan|Mila|Masters", stranger.content())
        stranger.close()
    finally:
        proc.terminate()
        proc.wait(10)


def test_host_teaches_a_card_by_tapping_its_grid(tmp_path, browser):
    from companion.games.masters import teach

    table = Table(tmp_path)
    try:
        page = browser.new_page(viewport=PHONE)
        page.goto(table.hub.url("host"))
        page.wait_for_selector("#teach-grid .cell", timeout=10000)
        page.select_option("#act", "III")
        # a new card (the first choice): it goes to act III's first free place, never shown by its code
        assert page.eval_on_selector("#number", "(s) => s.value") == "new"
        texts = page.eval_on_selector_all("#number option", "(all) => all.map((o) => o.textContent)")
        assert texts[0] == "A new card" and not [t for t in texts if re.search(r"\bI{1,3}-\d\d\b", t)]
        want = {"A1": "red", "B2": "blue", "C3": "blue"}
        for pos in ("A1", "A2", "A3", "B1", "B2", "B3", "C1", "C2", "C3"):
            cell = f'#teach-grid .cell[data-pos="{pos}"]'
            for _ in range(3):  # a tap: empty -> red -> blue-gray -> empty
                before = page.get_attribute(cell, "class")
                if want.get(pos, "empty") in before.split():
                    break
                page.click(cell)
                for _ in range(100):  # the tap shows before the next look (a loaded machine is slow to)
                    if page.get_attribute(cell, "class") != before:
                        break
                    page.wait_for_timeout(50)
        page.fill("#card-name-input", "Silver Bells")
        page.click("#teach-save")
        page.wait_for_selector(
            "#host-message:not(:empty)", timeout=10000
        )  # (our CSP forbids evaluated script)
        assert page.inner_text("#host-message") == "Done."
        text = teach.export_text()
        assert "III-01" in text and "Silver Bells" in text
        entry = text[text.index("III-01") :]
        assert re.search(r'red = \["A1"\]', entry) and re.search(r'blue = \["B2", "C3"\]', entry)
        # the card taught is offered by its name from now on
        wait_for(lambda: "Silver Bells" in page.inner_text("#number"), timeout=10)
        page.close()
    finally:
        table.stop()


def test_a_table_press_reaches_the_watching_phone(tmp_path, browser):
    table = Table(tmp_path)
    try:
        page = browser.new_page(viewport=PHONE)
        page.goto(table.hub.url())
        page.wait_for_selector("#players li", timeout=10000)
        before = page.inner_text("#log")
        table.app.source = _Once({"cmd": "adjust", "veil": 3})
        wait_for(lambda: page.inner_text("#veil").endswith("3"), timeout=10)
        assert page.inner_text("#log") != before
        page.close()
    finally:
        table.stop()


class _Once:
    """A source that hands the loop one command."""

    def __init__(self, command):
        self.command = command

    def next(self, app):
        command, self.command = self.command, None
        return command

    def finished(self, app):
        return False


def test_a_german_phone_reads_the_board_in_the_tables_type_without_split_words(tmp_path, browser):
    # Issue 34, point 8: the fonts come from the table (no network here: --disable-background-networking),
    # the page is German with hyphenation, and a district's name ("Polizeiwache") is never cut inside.
    proc, url = _demo_with_phone_view(tmp_path)
    try:
        page = browser.new_page(viewport=PHONE, locale="de-DE")
        page.goto(url)
        page.wait_for_selector("#board .cell .name", timeout=10000)
        page.evaluate("document.fonts.ready")
        assert page.evaluate("document.documentElement.lang") == "de"
        loaded = page.evaluate("""async () => (await document.fonts.load('700 16px "Atkinson Hyperlegible"'))
                                               .map((f) => f.family + ' ' + f.weight + ' ' + f.status)""")
        assert loaded == ['"Atkinson Hyperlegible" 700 loaded'] or loaded == [
            "Atkinson Hyperlegible 700 loaded"
        ]
        assert page.evaluate("""document.fonts.check('700 16px "Atkinson Hyperlegible"')""")
        assert page.evaluate("""async () => (await document.fonts.load('700 20px "Cinzel"')).length""") == 1
        cells = page.evaluate("""() => [...document.querySelectorAll('#board .cell')].map((c) => {
            const name = c.querySelector('.name'), style = getComputedStyle(name);
            return {text: name.textContent, family: style.fontFamily, hyphens: style.hyphens,
                    wide: name.scrollWidth > name.clientWidth, mood: c.className};
        })""")
        assert len(cells) == 9 and "Polizeiwache" in [c["text"] for c in cells]
        for cell in cells:
            assert cell["family"].startswith('"Atkinson Hyperlegible"'), (
                cell
            )  # (Chromium quotes a name with a space)
            assert cell["hyphens"] == "auto" and not cell["wide"], cell
            assert "mood-" in cell["mood"], cell  # a pattern beside the colour
        assert (
            page.evaluate("getComputedStyle(document.querySelector('h1')).fontFamily")
            .strip('"')
            .startswith("Cinzel")
        )
        page.close()
    finally:
        proc.terminate()
        proc.wait(10)
