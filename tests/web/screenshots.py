"""The phone pages at 360x800 for the docs: `python -m tests.web.screenshots docs/phone` (needs chromium).

A table on loopback plays a few bot moves; Chromium shows the pairing page, a player's view and the
host's view; the table's own Phones screen is drawn as well."""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from tests.web.harness import PacedBot, Table
from tests.web.test_browser import CHROMIUM, FLAGS, PHONE


def main(out: str) -> int:
    """Write the screenshots into `out`."""
    from playwright.sync_api import sync_playwright

    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    table = Table(Path(tempfile.mkdtemp()), source=PacedBot(every=2, seed=3))
    try:
        time.sleep(3)
        table.app.source = None
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            page = browser.new_page(viewport=PHONE)
            page.goto(f"http://127.0.0.1:{table.port}/pair")
            page.screenshot(path=str(folder / "pair_360x800.png"))
            page.goto(table.hub.url())
            page.wait_for_selector("#players li")
            page.click("#players li >> nth=1")  # "me": the seat highlighted
            page.screenshot(path=str(folder / "player_360x800.png"))
            host = browser.new_page(viewport=PHONE)
            host.goto(table.hub.url("host"))
            host.wait_for_selector("#teach-grid .cell")
            host.locator("#host").scroll_into_view_if_needed()
            host.screenshot(path=str(folder / "host_360x800.png"))
            browser.close()
    finally:
        table.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "docs/phone"))
