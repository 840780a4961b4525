"""Sentences and pictures, never codes (issue #26, point 2): no page `companion screenshots` draws, in
either language, shows a status line in the engine's shorthand: "Turn: - Stake: P3", "P1 3/4 [4]",
"*Charles 1/3", "veil: 4 -> 3", "ended: defeat veil", "Last: recruit", a raw card tag."""

import re

import pytest

from companion import i18n
from companion.ui import screenshots
from tests.ui.conftest import SMALL

# Each pattern is a kind of code a player should never have to decode.
CODES = {
    "arrow": re.compile(r"->|→"),  # "veil: 4 -> 3"
    "ended": re.compile(r"(?i)\b(ended|beendet|ende):"),  # "ended: defeat veil, 13 rounds"
    "last": re.compile(r"^(Last|Zuletzt): "),  # "Last: recruit"
    "star": re.compile(r"(^|[\s,(])\*\w"),  # "*Charles 1/3": a star for whose turn
    "bracket count": re.compile(r"\d+/\d+ \[\d+\]"),  # "P1 3/4 [4]"
    "dash for nothing": re.compile(r":\s+-(\s|$)"),  # "Turn: -", "Now: -"
    "raw tag": re.compile(r"\b[0-9A-F]{8,}\b"),  # "04A1B2C3D4E5F6"
    "numbered colour": re.compile(r"(blue-gray|blaugrau) \d", re.I),  # "I veil 4-6 blue-gray 1: 1"
}
# Players by code instead of name: they go once the seats carry names (the names stage of issue #26).
NO_NAME = re.compile(r"\bP\d\b|\b(Seat|Platz) \d\b")


def codes_in(text: str) -> list[str]:
    """The kinds of code in `text`."""
    return [kind for kind, pattern in CODES.items() if pattern.search(text)]


def drawn(name: str, lang: str, size: tuple[int, int] = SMALL) -> list[str]:
    """Every text page `name` draws at `size` (800x480) in `lang` (its texts as laid out, one box each)."""
    with i18n.in_language(lang):
        return [b.text for b in screenshots.render_page(name, size)[1]]


PAGES = [n for n in screenshots.screen_names() if n != "simulator"]  # the board's labels: A1..C3, 0..6


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("name", PAGES)
def test_no_page_speaks_in_codes(name, lang):
    found = [(t, codes_in(t)) for t in drawn(name, lang) if codes_in(t)]
    assert found == []


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_no_player_is_a_code(lang):
    found = [(n, t) for n in PAGES for t in drawn(n, lang) if NO_NAME.search(t)]
    assert found == []


@pytest.mark.parametrize(
    "text, kinds",
    [
        ("Turn: -   Stake: P3   Renfield: P1", ["dash for nothing"]),
        ("Priority/room: P1 3/4 [4]", ["bracket count"]),
        ("Order, wounds: *Charles 1/3", ["star"]),
        ("veil: 4 -> 3", ["arrow"]),
        ("ended: defeat veil", ["ended"]),
        ("Last: recruit", ["last"]),
        ("Unknown card (tag 04A1B2C3D4E5F6).", ["raw tag"]),
        ("I veil 4-6 blue-gray 1: 1", ["numbered colour"]),
        ("Now: -   (district buttons or tap the board)", ["dash for nothing"]),
    ],
)
def test_every_code_of_the_issue_is_caught(text, kinds):
    """The patterns find each line the issue names (so a page that drew one would fail)."""
    assert codes_in(text) == kinds


@pytest.mark.parametrize(
    "text",
    [
        "Mila's turn. Imre holds the stake.",
        "The veil goes from 4 to 3.",
        "2 of 5 bites: Mila once.",
        "Act I, veil 4 to 6, first blue-gray: 1",
        "Problem 1 of 4",
        "Round 3, leading: Mila",
        "Blood 3/4",
    ],
)
def test_sentences_are_no_codes(text):
    assert codes_in(text) == []


# Districts and cards by their codes (issue #34, point 3): a district is named in its cell, its buttons
# ("Move to the Docks") and titles ("Combat in the Docks"); a card by its title ("Event: Night Patrol"),
# an untaught one "New card", never "Card I-01". The live pages (real games played through the engine,
# companion/ui/samples.py `live_screens`) are among the pages, and so is your own deck's picker
# ("draw-card-pick": the cards taught so far, named or known by their grid) and a new card's grid
# ("draw-card": its cells named by the districts lying there).
GRID = re.compile(r"\b[A-C][1-3]\b")
CARD = re.compile(r"\b(?:I|II|III)-\d{1,2}\b")
UNNAMED_BOXES: tuple[str, ...] = ()
SCREENS = [n for n in PAGES if not screenshots.is_sheet(n) and n not in UNNAMED_BOXES]


@pytest.mark.parametrize("size", [SMALL, (1280, 720)])  # a wide screen shows the log beside the board
@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_no_district_or_card_is_shown_by_its_code(lang, size):
    found = [(n, t) for n in SCREENS for t in drawn(n, lang, size) if GRID.search(t) or CARD.search(t)]
    assert found == []
    assert any(n.startswith("live-") for n in SCREENS)


def test_a_district_without_its_name_would_be_caught(monkeypatch):
    """Break it once: the cells lose their districts' names; the night page then shows grid codes."""
    from companion.games.masters import view

    monkeypatch.setattr(view, "district_title", lambda state, pos: "")
    assert [t for t in drawn("night", "en") if GRID.search(t)]


def test_an_untaught_card_is_the_new_card():
    from companion.games.masters.screens import card_title

    assert card_title({"key": "I-03", "name": "Night Patrol"}) == "Night Patrol"
    assert card_title({"key": "I-01", "name": "Card I-01"}) == "New card"
    assert card_title({"key": "I-01", "name": ""}) == "New card"


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_your_own_decks_picker_names_cards_and_districts(lang):
    """The deck picker lists the taught cards by name, or by their grid in the districts' names."""
    shown = drawn("draw-card-pick", lang)
    assert [t for t in shown if GRID.search(t) or CARD.search(t)] == []
    assert any(t.startswith(("Night Patrol:", "Nachtstreife:")) for t in shown)


@pytest.mark.parametrize(
    "break_it",
    [
        # the picker shows what the taught file stores for a card taught by its grid alone
        lambda ownbox: setattr(ownbox, "untaught_name", lambda card: False),
        # the grid by its positions, as the picker did before (issue #34: "Card I-01: red B3...")
        lambda ownbox: setattr(ownbox, "district_names", lambda state: {}),
    ],
    ids=["card code", "grid code"],
)
def test_a_deck_picker_showing_codes_would_be_caught(monkeypatch, break_it):
    """Break it once: the picker falls back to the slot's code or the cells' grid codes."""
    from companion.games.masters import ownbox

    monkeypatch.setattr(ownbox, "untaught_name", ownbox.untaught_name)  # restored afterwards
    monkeypatch.setattr(ownbox, "district_names", ownbox.district_names)
    break_it(ownbox)
    assert [t for t in drawn("draw-card-pick", "en") if GRID.search(t) or CARD.search(t)]
