"""One obvious action per screen (issue #26 point 4) and four sizes laid out for their size (point 8):
every screen's likely next step is its one big primary button, the rarer ones are one press away on
the "More" sheet (no paging), every touch target is at least 64 px tall at 800x480 (scaled), the One
Night vote shows the seats by name round the table, and type rounds up at every size."""

import math

import pygame
import pytest

from companion import i18n
from companion.games.masters import samples as masters_samples
from companion.inputs import VButton
from companion.narration.seatnames import default_names
from companion.ui import theme
from companion.ui.model import MORE, GameView
from companion.ui.samples import screens
from companion.ui.screenshots import CHECK_SIZES
from companion.ui.table import TableUI
from tests.ui.helpers import press, tap

TOUCH_PX = 64  # the smallest touch target's height at 800x480


def _on(name, size=(800, 480)):
    """A TableUI put on the sample screen `name` at `size`."""
    ui = TableUI(size)
    screens()[name](ui)
    return ui


def _night():
    """The Masters night screen of the samples (ten actions and the menu)."""
    ui = TableUI((800, 480))
    ui.update(GameView("masters", masters_samples.masters_state(), masters_samples.night_actions()), (), 0.0)
    return ui


def _laid_out(ui):
    """(kind, rect, data) of every button and seat the renderer placed on the top screen."""
    return [
        (it.kind, it.rect, it.data)
        for it in ui.ctx.renderer.layout(ui.model())
        if it.kind in ("button", "seat")
    ]


@pytest.mark.parametrize("name", list(screens()))
def test_every_screen_has_one_primary_button_first_widest_and_tallest(name):
    ui = _on(name)
    vm = ui.model()
    if not vm.buttons:
        return
    if name == "more":  # the More sheet: a list of equals, the primary is on the screen below
        assert not any(b.primary for b in vm.buttons) and ui.stack.top.under.model().buttons[0].primary
        return
    if name == "keyboard":  # the keypad: twelve keys of equals on one page (a group's letters page has one)
        assert not any(b.primary for b in vm.buttons) and len(vm.more) == 0
        return
    primaries = [b for b in vm.buttons if b.primary]
    assert len(primaries) == 1 and vm.buttons[0].primary, name
    placed = [(r, b) for kind, r, b in _laid_out(ui) if kind == "button"]
    first = placed[0][1]
    assert first.primary
    rect = placed[0][0]
    assert all(rect.height >= r.height and rect.width >= r.width for r, _b in placed[1:]), name


def test_the_primary_is_filled_in_the_accent_and_the_others_are_not():
    ui = _night()
    surface = pygame.Surface((800, 480))
    ui.draw(surface, force=True)
    (primary, *others) = [(r, b) for kind, r, b in _laid_out(ui) if kind == "button"]
    inside = lambda r: surface.get_at((r.x + 6, r.centery))[:3]  # noqa: E731 - inside the rounded corner, off the words
    assert inside(primary[0]) == theme.PRIMARY
    assert all(inside(r) != theme.PRIMARY for r, _b in others)


def test_the_actions_that_do_not_fit_are_one_press_away_on_the_more_sheet():
    ui = _night()
    vm = ui.model()
    shown = [b.id for b in vm.buttons]
    assert shown[-1] == MORE and vm.more and len(shown) + len(vm.more) - 1 == 11  # ten actions and Menu
    assert not set(shown) & {b.id for b in vm.more}
    tap(ui, MORE)
    sheet = ui.model()
    assert sheet.screen == "more"
    assert [b.id for b in sheet.buttons] == [b.id for b in vm.more] + ["back"]  # all of them: no pages
    end_turn = next(b.id for b in vm.more if b.label == "End turn")
    tap(ui, end_turn)
    assert ui.model().screen == "night"  # the sheet closed, the press went to the screen below
    assert ui.take_results() == [{"cmd": "end_turn"}]


def test_buttons_alone_reach_a_hidden_action_through_the_sheet():
    ui = _night()
    hidden = ui.model().more[0]
    for _ in range(len(ui.model().buttons)):
        if ui.view_model()["focused"] == MORE:
            break
        press(ui, VButton.NEXT)
    press(ui, VButton.CONFIRM)
    assert ui.model().screen == "more" and ui.view_model()["focused"] == hidden.id
    press(ui, VButton.BACK)
    assert ui.model().screen == "night"


@pytest.mark.parametrize("size", CHECK_SIZES, ids=lambda s: "{}x{}".format(*s))
@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_touch_target_is_64_px_tall_at_800x480_scaled(size, lang):
    """Every button and seat on every screen of the screenshots, both languages, at the four sizes."""
    low = TOUCH_PX * min(size[0] / 800, size[1] / 480) - 0.5
    before = i18n.current_language()
    i18n.set_language(lang)
    try:
        short = []
        for name in screens():
            for kind, rect, data in _laid_out(_on(name, size)):
                if rect.height < low:
                    short.append((name, kind, getattr(data, "label", getattr(data, "name", "")), rect.height))
    finally:
        i18n.set_language(before)
    assert short == []


def test_the_touch_check_fails_a_button_under_64_px(monkeypatch):
    """Break the rule once: 60 px buttons are caught."""
    monkeypatch.setattr(theme.Metrics, "button_h", property(lambda m: m.px(60)))
    assert any(r.height < TOUCH_PX for kind, r, _d in _laid_out(_night()) if kind == "button")


def test_the_vote_shows_the_seats_by_name_round_the_table_with_the_voter_marked():
    ui = _on("pick")
    vm = ui.model()
    names = default_names("one-night")  # (the sample seats no one by name: the game's default names)
    assert vm.grid == () and [s.name for s in vm.table] == list(names[:6])
    (own,) = [s for s in vm.table if s.own]
    assert own.name == names[0] and not own.enabled  # one does not vote for oneself here
    (chosen,) = [s for s in vm.table if s.chosen]
    assert chosen.name == names[3]
    seats = [(r, d) for kind, r, d in _laid_out(ui) if kind == "seat"]
    centre = pygame.Rect(seats[0][0]).unionall([r for r, _d in seats]).center
    angles = [math.atan2(r.centery - centre[1], r.centerx - centre[0]) for r, _d in seats]
    turns = [(b - a) % (2 * math.pi) for a, b in zip(angles, angles[1:])]
    assert all(0 < t < math.pi for t in turns)  # clockwise round the table, as people sit
    assert not any(a.colliderect(b) for i, (a, _x) in enumerate(seats) for b, _y in seats[i + 1 :])
    surface = pygame.Surface((800, 480))
    ui.draw(surface, force=True)
    texts = {b.text for b in ui.ctx.renderer.text_boxes}
    assert {names[0], names[3]} <= texts and "A1" not in texts
    assert ui.ctx.renderer.hit(vm, seats[3][0].center) == (
        "district",
        seats[3][1].pos,
    )  # a tap picks the seat


@pytest.mark.parametrize("players", [3, 8, 10])
def test_every_seat_of_a_full_table_is_round_it_without_touching(players):
    """Ten players: the tenth seat has no district button, and is still at the table (and a button)."""
    from companion.ui.samples import engine_view, on

    ui = TableUI((800, 480))
    on(engine_view("one-night", players, 3, lambda s: s["step"] == "vote"))(ui)
    press(ui, VButton.CONFIRM)
    seats = [r for kind, r, _d in _laid_out(ui) if kind == "seat"]
    assert [s.name for s in ui.model().table] == list(default_names("one-night")[:players])
    assert not any(a.colliderect(b) for i, a in enumerate(seats) for b in seats[i + 1 :])
    assert all(r.height >= TOUCH_PX for r in seats)


@pytest.mark.parametrize("size", CHECK_SIZES, ids=lambda s: "{}x{}".format(*s))
def test_type_rounds_up_so_24_px_type_keeps_17_px_capitals_scaled(size):
    """1280x720 scales by 1.5: 35 x 1.5 = 52.5 rounds up to 53 (27 px capitals), not down to 52 (25 px)."""
    from companion.ui import ink
    from companion.ui.screencheck import limits
    from companion.ui.text import TextRenderer

    m = theme.Metrics(*size)
    assert m.font("body") == math.ceil(42 * m.u) and m.min_font == math.ceil(35 * m.u)
    assert ink.capitals(TextRenderer().font(m.min_font)) >= limits(size)[0]


def test_a_long_german_title_wraps_to_two_lines_at_full_size_instead_of_shrinking():
    before = i18n.current_language()
    i18n.set_language("de")
    try:
        ui = _on("draw-card")
        ui.draw(pygame.Surface((800, 480)), force=True)
    finally:
        i18n.set_language(before)
    (title,) = [b for b in ui.ctx.renderer.text_boxes if b.role == "title"]
    m = theme.Metrics(800, 480)
    assert len(title.fit.lines) == 2 and title.fit.size == m.font("title") and not title.clipped
