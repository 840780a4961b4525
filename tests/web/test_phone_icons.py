"""The phone shows the table's icons (issue 34, point 8): the token pictures the table draws beside its
numbers (companion/ui/icons.py) are served by the table as small PNGs (companion/web/tokens.py, cached,
no CDN), and the phone shows them beside its numbers (agents, minions, blood, kills, AP, the veil),
each with its words as the picture's text alternative for screen readers."""

from __future__ import annotations

import re
import struct

import pytest

from companion.web import phoneview, tokens
from tests.web.harness import Phone, Table, wait_for
from tests.web.test_browser import PHONE, browser  # noqa: F401 - the headless Chromium fixture

PNG = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    """A running table with the phone view (a Masters game)."""
    t = Table(tmp_path_factory.mktemp("table"))
    yield t
    t.stop()


@pytest.mark.parametrize("name", sorted(tokens.TOKENS))
def test_each_token_picture_is_served_as_a_cached_png(table, name):
    status, headers, body = Phone(table.port).get(f"/static/icons/{name}.png")
    assert status == 200
    assert headers["content-type"] == "image/png"
    assert headers["cache-control"] == tokens.CACHE and "max-age=" in headers["cache-control"]
    assert body.startswith(PNG)
    width, height = struct.unpack(">II", body[16:24])  # the IHDR chunk
    assert (width, height) == (tokens.SIZE_PX, tokens.SIZE_PX)


@pytest.mark.parametrize(
    "path",
    [
        "/static/icons/minion.svg",
        "/static/icons/../phone.js",
        "/static/icons/%2e%2e/pages.py",
        "/static/icons/",
    ],
)
def test_only_the_token_pictures_are_served(table, path):
    status, _, body = Phone(table.port).get(path)
    assert status == 404 and not body.startswith(PNG)


def test_the_script_names_every_token_picture_and_nothing_else():
    """The page puts only names of the served pictures into a URL (its list is the table's)."""
    from pathlib import Path

    script = (Path(phoneview.__file__).with_name("static") / "phone.js").read_text(encoding="utf-8")
    listed = re.search(r"const ICONS = \[([^\]]*)\]", script).group(1)
    assert set(re.findall(r'"([a-z-]+)"', listed)) == set(tokens.TOKENS)
    assert "http" not in re.sub(r'"http://www\.w3\.org/2000/svg"', "", script)


def test_the_view_gives_the_numbers_with_their_pictures_and_words(table):
    view = table.pair().view()
    assert [c["icon"] for c in view["counts"]] == ["veil"] and view["counts"][0]["label"] == "veil"
    for player in view["players"]:
        assert [c["icon"] for c in player["counts"]][:2] == ["blood", "kill"], player
    shown = [c for cell in view["board"] for c in cell.get("counts", ())]
    assert shown and {c["icon"] for c in shown} <= set(tokens.TOKENS)
    assert all(c["label"] and c["n"] for c in shown)


def test_the_phone_shows_the_pictures_beside_its_numbers(table, browser):  # noqa: F811
    page = browser.new_page(viewport=PHONE)
    try:
        page.goto(table.hub.url())
        page.wait_for_selector("#veil .count img", timeout=10000)
        wait_for(lambda: page.evaluate("[...document.images].every((i) => i.complete)"), timeout=10)
        pictures = page.evaluate("""() => [...document.querySelectorAll('.count img')].map((i) => ({
            src: new URL(i.src).pathname, alt: i.alt, width: i.naturalWidth,
            shown: i.getBoundingClientRect().width, where: i.closest('#veil, #board, #players').id,
            number: i.nextElementSibling.textContent}))""")
        assert {p["where"] for p in pictures} == {"veil", "board", "players"}
        for p in pictures:
            assert re.fullmatch(r"/static/icons/[a-z-]+\.png", p["src"]), p
            assert p["width"] == tokens.SIZE_PX, p  # loaded: a broken picture has no natural size
            assert p["shown"] >= 20 and p["alt"] and p["number"], p
        alts = {p["alt"] for p in pictures}
        assert {"veil", "blood", "kills"} <= alts
        # a screen reader reads the picture's words, then its number ("veil 6")
        veil = page.evaluate("document.querySelector('#veil .count').innerText.trim()")
        assert veil == str(table.pair().view()["counts"][0]["n"])
    finally:
        page.close()
