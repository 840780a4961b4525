"""Screens in German: they pass the screen check, and every screen shows no English fallback.

A text on a German screen that is also on the same screen in English is a fallback, unless it is the
same in both languages: numbers, grid positions, names of people and games (SAME_IN_BOTH in
tests/ui/helpers.py)."""

import pytest

from companion import i18n
from companion.ui import screenshots
from companion.ui.screencheck import check
from tests.ui.conftest import LARGE, SMALL
from tests.ui.helpers import english_fallbacks


def texts(name: str, lang: str, size=SMALL) -> list[str]:
    """The texts one screen draws in `lang`."""
    i18n.set_language(lang)
    try:
        return [b.text for b in screenshots.render_screen(name, size)[1] if b.facing]
    finally:
        i18n.set_language("en")


def fallbacks(name: str) -> list[str]:
    """Texts of the German screen that are the English ones and not words both languages share."""
    return english_fallbacks(texts(name, "de"), texts(name, "en"))


SCREENS = [n for n in screenshots.screen_names() if n not in screenshots.SHEETS]


@pytest.mark.parametrize("name", SCREENS)
def test_no_english_fallback_in_german(name):
    assert fallbacks(name) == []


def test_untranslated_text_is_caught(monkeypatch):
    """The check can fail: with the German catalog's Settings entry gone, the title screen shows English."""
    real = i18n._
    monkeypatch.setattr("companion.ui.screens.menus._", lambda m: m if m == "Settings" else real(m))
    from companion.ui.screens.menus import TitleScreen

    TitleScreen._buttons = (None, ())
    assert fallbacks("title") == ["Settings"]
    TitleScreen._buttons = (None, ())


@pytest.mark.parametrize("size", [SMALL, LARGE])
def test_every_screen_reads_in_german(size):
    """Longer German words still fit: the screen check passes on every screen, both sizes."""
    i18n.set_language("de")
    try:
        failed = [r.lines() for n in screenshots.screen_names()
                  if not (r := check(n, size, screenshots.render_screen(n, size)[1])).ok]
    finally:
        i18n.set_language("en")
    assert failed == []


def test_screenshots_lang_option(tmp_path, capsys):
    """`companion screenshots --lang de` draws German."""
    try:
        assert screenshots.main(["--out", str(tmp_path), "--only", "title", "--size", "800x480", "--lang", "de"]) == 0
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
    assert [b.label for b in english] == [str(a.label) for a in actions]
    assert any(g.label != e.label for g, e in zip(german, english))
    greyed = [(g, e) for g, e in zip(german, english) if not e.enabled]
    assert greyed and all(g.why_not != e.why_not for g, e in greyed)
