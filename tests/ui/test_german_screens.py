"""Screens in German show no English fallback (the screen check covers German: tests/ui/test_screencheck.py).

A text on a German screen that is also on the same screen in English is a fallback, unless it is the
same in both languages: numbers, grid positions, names of people and games (SAME_IN_BOTH in
tests/ui/helpers.py). So is a German text with an English word in it: a word the English screen
shows that no German text of ours (the catalog's translations, the data files' German) has."""

import pytest

from companion import i18n
from companion.ui import screenshots
from tests.ui.conftest import SMALL
from tests.ui.helpers import english_fallbacks


def texts(name: str, lang: str, size=SMALL) -> list[str]:
    """The texts one screen draws in `lang`."""
    i18n.set_language(lang)
    try:
        return [b.text for b in screenshots.render_screen(name, size)[1]]
    finally:
        i18n.set_language("en")


def fallbacks(name: str) -> list[str]:
    """Texts of the German screen that are the English ones and not words both languages share."""
    return english_fallbacks(texts(name, "de"), texts(name, "en"))


# The Details behind the banner strip end with the technical details as the part wrote them (the OS
# error, the port), for whoever repairs the table: the one text left in English on purpose. Only that
# line is let through, and only there; the advice above it is checked like every other text.
DETAILS = "night-details"
SCREENS = [n for n in screenshots.screen_names() if not screenshots.is_sheet(n)]


@pytest.mark.parametrize("name", SCREENS)
def test_no_english_fallback_in_german(name):
    found = fallbacks(name)
    if name == DETAILS:
        with i18n.in_language("de"):
            technical = i18n._("Technical details: {why}").split("{why}")[0]
        found = [t for t in found if not t.startswith(technical)]
    assert found == []


def test_banners_show_no_os_error_and_no_english_on_a_german_screen():
    """The reader unplugged, the disk full, no LED strip, no buttons: the German screen says it in
    German, in words to act on; the OS's words ("Errno", the port) are only behind Details."""
    german = texts("night-banner4", "de")
    banner = [t for t in german if t.startswith("Speichert nicht")]
    assert banner and not any("Errno" in t or "/dev/" in t or "disconnected" in t for t in german)
    assert "Mehr dazu (4)" in german
    details = texts(DETAILS, "de")
    assert any(
        t.startswith("Technische Angaben: journal: speichert nicht") for t in details
    )  # behind the strip


def test_untranslated_text_is_caught(monkeypatch):
    """The check can fail: with the German catalog's Settings entry gone, the title screen shows English."""
    real = i18n._
    monkeypatch.setattr("companion.ui.screens.menus._", lambda m: m if m == "Settings" else real(m))
    from companion.ui.screens.menus import TitleScreen

    TitleScreen._buttons = (None, ())
    assert fallbacks("title") == ["Settings"]
    TitleScreen._buttons = (None, ())


def test_an_english_word_inside_a_german_text_is_caught(monkeypatch):
    """A German template around an untranslated value ("Takt 3 von 12: turns") is no exact English
    text, yet the check finds it: "turns" is a word of the English screen and of no German text."""
    assert fallbacks("mansion") == []
    real = i18n._
    monkeypatch.setattr("companion.narration.words._", lambda m: m if m == "turns" else real(m))
    assert fallbacks("mansion") == ["Takt 3 von 12: turns"]


def test_words_both_languages_share_are_no_fallback():
    german = ["Runde 2: Pflock weitergeben", "Altar", "Imre", "Mila am Zug", "Runde 2: pass the stake"]
    english = ["Round 2: pass the stake", "Altar", "Imre", "Mila's turn"]
    assert english_fallbacks(german, english) == ["Runde 2: pass the stake"]


def test_screenshots_lang_option(tmp_path, capsys):
    """`companion screenshots --lang de` draws German."""
    try:
        assert (
            screenshots.main(["--out", str(tmp_path), "--only", "title", "--size", "800x480", "--lang", "de"])
            == 0
        )
        assert i18n.current_language() == "de"
    finally:
        i18n.set_language("en")
    assert (tmp_path / "title_800x480.png").exists()


def test_the_engine_menu_shows_in_the_table_language_on_its_buttons():
    """An action's label, cost and reason come from the engine as English templates (errors.Text);
    the button shows them in German when the table speaks German."""
    from companion import i18n
    from companion.rules import load_game
    from companion.ui.model import action_button

    game = load_game("masters")
    from tests.reliability.helpers import bot_script

    script = bot_script("masters", 7, 60)
    state, _events = game.setup(script[0])
    actions = []
    for command in script[1:]:  # play on until the menu has a greyed-out action too
        actions = list(game.actions(state))
        if any(not a.enabled for a in actions):
            break
        state, _events = game.apply(state, command)
    i18n.set_language("de")
    try:
        german = [action_button(i, a) for i, a in enumerate(actions)]
    finally:
        i18n.set_language("en")
    english = [action_button(i, a) for i, a in enumerate(actions)]
    # (an ability's name from its cost joins the label: "Blood ability: Unmask")
    assert [b.label.split(": ")[0] for b in english] == [str(a.label).split(": ")[0] for a in actions]
    assert any(g.label != e.label for g, e in zip(german, english))
    greyed = [(g, e) for g, e in zip(german, english) if not e.enabled]
    assert greyed and all(g.why_not != e.why_not for g, e in greyed)
