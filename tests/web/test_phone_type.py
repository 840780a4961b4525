"""The phone looks like the table (issue 34, point 8): the table's own fonts served by the table (no CDN),
the page in the phone's language with hyphenation and never a forced break inside a word, and every
district's mood marked by a pattern and a word as well as its colour."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.web import pages, phoneview
from tests.web.harness import Phone, Table

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = ROOT / "companion" / "ui" / "assets" / "fonts"
CSS = (ROOT / "companion" / "web" / "static" / "phone.css").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    """A running table with the phone view (a Masters game)."""
    t = Table(tmp_path_factory.mktemp("table"))
    yield t
    t.stop()


def test_the_style_names_the_table_fonts_and_each_is_served_as_shipped(table):
    status, _, css = Phone(table.port).get("/static/phone.css")  # public: the pairing page uses it too
    assert status == 200
    urls = re.findall(rb'url\("(/static/fonts/[^"]+)"\)', css)
    assert {u.decode().rsplit("/", 1)[1] for u in urls} == {
        "AtkinsonHyperlegible-Regular.ttf",
        "AtkinsonHyperlegible-Bold.ttf",
        "Cinzel-Bold.ttf",
    }
    assert b'font: 16px/1.4 "Atkinson Hyperlegible"' in css and b'font-family: "Cinzel"' in css
    for url in urls:
        status, headers, body = Phone(table.port).get(url.decode())
        assert status == 200, url
        assert body == (SHIPPED / url.decode().rsplit("/", 1)[1]).read_bytes()
        assert headers["content-type"] == "font/ttf"
        assert headers["cache-control"] == pages.FONT_CACHE and "max-age=" in headers["cache-control"]
        assert "font-src 'self'" in headers["content-security-policy"]
    assert "http" not in CSS  # nothing from another server


@pytest.mark.parametrize(
    "path",
    [
        "/static/fonts/OFL-Cinzel.txt",
        "/static/fonts/../phone.js",
        "/static/fonts/%2e%2e/%2e%2e/app.py",
        "/static/fonts/",
    ],
)
def test_only_the_listed_fonts_are_served(table, path):
    status, _, body = Phone(table.port).get(path)
    assert status == 404 and b"import" not in body


def test_the_page_is_in_the_phones_language_and_words_break_only_with_a_hyphen(table):
    for lang in ("en", "de"):
        for body in (Phone(table.port, lang=lang).get("/pair")[2], _paired(table, lang).get("/")[2]):
            assert body.startswith(f'<!doctype html>\n<html lang="{lang}">'.encode())
    assert re.search(r"html, body \{[^}]*hyphens: auto", CSS)
    # what split "Polizeiwac/he" on a phone: a break anywhere inside a word, with no hyphen
    assert not re.search(
        r"word-break:\s*break-(all|word)|overflow-wrap:\s*(anywhere|break-word)|line-break:\s*anywhere", CSS
    )


def test_every_mood_on_the_board_has_a_pattern_and_a_word(table):
    for lang, word in (("en", "danger"), ("de", "Gefahr")):
        view = _paired(table, lang).view()
        moods = {cell["mood"] for cell in view["board"]}
        assert moods and moods <= set(phoneview.MOOD_COLOURS)
        assert view["labels"]["mood-danger"] == word
    for mood in set(phoneview.MOOD_COLOURS) - {"off", "attract"}:  # (off: a dark cell; attract: no game)
        rule = re.search(rf"\.mood-{mood} \{{([^}}]*)\}}", CSS)
        assert rule, f"no pattern for {mood}"
        assert mood == "day" or "gradient" in rule.group(1)  # (day: the plain, bright one)
        assert f'"{mood}"' in (ROOT / "companion" / "web" / "static" / "phone.js").read_text()
        assert phoneview.LABELS[f"mood-{mood}"]


def _paired(table: Table, lang: str) -> Phone:
    """A phone of `lang` paired through the QR code's URL."""
    from urllib.parse import urlsplit

    phone = Phone(table.port, lang=lang)
    assert phone.get(urlsplit(table.hub.url("player")).path)[0] == 303
    return phone
