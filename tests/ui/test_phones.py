"""The Phones screen: what a player comes for is the code, so it is the screen's main text; New
codes cuts every paired phone off, so it is never the focused button and asks before it acts."""

import pytest

from companion import i18n
from companion.inputs import VButton
from companion.ui.screencheck import limits
from companion.ui.screens.phones import PhonesInfo, PhonesScreen, RenewConfirm
from tests.ui.helpers import press, tap

PHONES_PAGES = ("phones", "phones-host", "phones-renew", "phones-guessing")


@pytest.fixture
def phones(make_ui):
    """A table whose phone view is on, on its host's Phones screen; `renewed` counts new codes."""
    renewed = []
    ui = make_ui()
    ui.update(None, (), 0.0, {})
    ui.ctx.settings["phones"] = PhonesInfo(
        "http://10.0.0.2:8080",
        "http://10.0.0.2:8080/pair/p",
        "K7P Q4X",
        "http://10.0.0.2:8080/pair/h",
        "W4M H7W",
        lambda: renewed.append(1),
    )
    ui.ctx.stack.push(PhonesScreen(ui.ctx, host=True))
    return ui, renewed


@pytest.mark.parametrize("host", [False, True])
def test_back_is_the_focused_primary_never_new_codes(phones, host):
    ui, _renewed = phones
    ui.ctx.stack.pop()
    ui.ctx.stack.push(PhonesScreen(ui.ctx, host=host))
    vm = ui.screen.model().to_dict()
    assert vm["focused"] == "back" and vm["buttons"][0]["id"] == "back" and vm["buttons"][0]["primary"]
    assert [b["id"] for b in vm["buttons"] if b["primary"]] == ["back"]
    assert ("renew" in [b["id"] for b in vm["buttons"]]) is host


def test_confirm_on_arriving_leaves_the_codes_as_they_were(phones):
    ui, renewed = phones
    assert press(ui, VButton.CONFIRM)
    assert not isinstance(ui.screen, PhonesScreen) and not renewed


def test_new_codes_asks_first_and_keeping_them_renews_nothing(phones):
    ui, renewed = phones
    tap(ui, "renew")
    assert isinstance(ui.screen, RenewConfirm) and not renewed
    assert ui.screen.model().to_dict()["focused"] == "keep"  # Confirm out of habit keeps them
    press(ui, VButton.CONFIRM)
    assert isinstance(ui.screen, PhonesScreen) and not renewed
    tap(ui, "renew")
    press(ui, VButton.BACK)
    assert isinstance(ui.screen, PhonesScreen) and not renewed


def test_new_codes_confirmed_renews_once_and_shows_the_phones_screen_again(phones):
    ui, renewed = phones
    tap(ui, "renew")
    tap(ui, "renew")
    assert renewed == [1] and isinstance(ui.screen, PhonesScreen)


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize(
    "page, code",
    [
        ("phones", "K7P Q4X"),
        ("phones-host", "K7P Q4X"),
        ("phones-host", "W4M H7W"),
        ("phones-guessing", "W4M H7W"),
    ],
)
def test_the_codes_are_drawn_as_the_main_text(page, code, lang):
    """Measured as drawn (the screen check's ink): 28 px capitals or more at 800x480."""
    from companion.ui.screenshots import render_page

    i18n.set_language(lang)
    _surface, _boxes, drawn = render_page(page, (800, 480))
    sizes = [d.capitals for d in drawn if code in d.text]
    assert sizes and min(sizes) >= limits((800, 480))[1] == 28


def test_the_phones_pages_pass_the_screen_check_at_every_size_in_both_languages(tmp_path):
    from companion.ui.screenshots import CHECK_SIZES, render_all

    results = render_all(tmp_path, CHECK_SIZES, PHONES_PAGES, check=True, languages=i18n.LANGUAGES)
    assert len(results) == len(PHONES_PAGES) * len(CHECK_SIZES) * len(i18n.LANGUAGES)
    failed = [line for _path, report in results if not report.ok for line in report.lines()]
    assert not failed
