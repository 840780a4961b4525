"""The screen check fails what a player cannot read from a chair (small, clipped and split texts), and
`companion screenshots --check` finds every screen of every game passing it."""

import re

import pygame
import pytest

from companion.cli import main
from companion.ui.chart import nominal
from companion.ui.model import ButtonVM, ViewModel
from companion.ui.render import Renderer, TextBox
from companion.ui.screencheck import check, limits, summary
from companion.ui.screenshots import screen_names
from companion.ui.text import TextRenderer, pixel_size

SMALL = (800, 480)


def _box(text, px, rect=pygame.Rect(0, 0, 700, 200), **kw):
    """A text really drawn at em size `px` into `rect`, as the renderer records it."""
    surface = pygame.Surface(SMALL)
    fit = TextRenderer().draw(surface, text, rect, nominal(px), (255, 255, 255), min_size=nominal(px))
    return TextBox(text, rect, fit, "body", **kw)


def test_em_size_in_px_is_the_font_size_pygame_opens():
    fit = TextRenderer().fit("Hunt", 400, 100, 48)
    assert fit.px == pixel_size(48) == int(48 * 0.6875) == 33
    by_name = pygame.font.Font(None, 48)  # pygame's own default-font call scales nominal sizes the same way
    assert abs(by_name.get_height() - TextRenderer().font(48).get_height()) <= 1


def test_a_20px_text_fails_and_a_30px_text_passes():
    below = pygame.Rect(0, 240, 700, 200)  # the second text under the first, as a screen lays them out
    small = check("synthetic", SMALL, [_box("Mila's turn", 30), _box("2 AP left", 20, below)])
    assert not small.ok and small.smallest == 20 and small.small == ((20, "body", "2 AP left"),)
    assert any("under 24 px: 20 px body '2 AP left'" in ln for ln in small.lines())
    fine = check("synthetic", SMALL, [_box("Mila's turn", 30), _box("2 AP left", 24, below)])
    assert fine.ok and fine.smallest == 24 and fine.lines()[0].startswith("synthetic 800x480: ok")


def test_a_clipped_text_fails_even_when_big_enough():
    boxed = _box("Expose agents in every district", 30, rect=pygame.Rect(0, 0, 120, 40))
    assert boxed.fit.cut and boxed.clipped
    report = check("synthetic", SMALL, [boxed])
    assert not report.ok and report.clipped == ("Expose agents in every district",)
    assert not report.small  # it fails for the clipping alone
    assert any(ln.startswith("  clipped:") for ln in report.lines())


def test_a_word_split_across_lines_fails():
    boxed = _box("Unpronounceable", 30, rect=pygame.Rect(0, 0, 120, 200))
    assert boxed.broken and not boxed.fit.cut
    report = check("synthetic", SMALL, [boxed])
    assert not report.ok and report.broken == ("Unpronounceable",)


def test_the_limit_grows_with_the_screen():
    assert limits(SMALL) == (24, 40) and limits((1920, 1080)) == (54, 90)
    assert check("big", (1920, 1080), [_box("Mila", 30)]).small  # fine at 800x480, tiny on a TV
    assert check("big", (1920, 1080), [_box("Mila", 60)]).ok


def test_texts_not_for_players_are_left_out_and_the_main_text_is_the_biggest():
    report = check("sheet", SMALL, [_box("die1", 10, facing=False), _box("7", 60),
                                    _box("seconds", 26, pygame.Rect(0, 240, 700, 200))])
    assert report.ok and report.smallest == 26
    assert report.biggest == 60 and report.biggest_text == "7" and "main text 60 px ('7', ok)" in report.lines()[0]


def test_the_renderer_records_size_role_and_box_of_every_text():
    renderer = Renderer(SMALL)
    vm = ViewModel("x", "Night: Mila", lines=("2 AP left",), buttons=(ButtonVM("a", "Hunt"),), veil=4)
    renderer.render(pygame.Surface(SMALL), vm)
    boxes = {b.text: b for b in renderer.text_boxes}
    assert boxes["Night: Mila"].role == "title" and boxes["Hunt"].role == "button"
    assert boxes["2 AP left"].role == "body" and boxes["4"].role == "small"
    for b in renderer.text_boxes:
        assert b.px == pixel_size(b.fit.size) and b.facing
    assert boxes["Night: Mila"].px == pixel_size(renderer.m.font("title"))  # 42 nominal -> 28 px


def test_summary_names_the_smallest_text_over_all_screens():
    reports = [check("a", SMALL, [_box("x", 30)]), check("b", SMALL, [_box("y", 22)])]
    assert summary(reports) == "smallest text: 22 px"


def test_two_texts_drawn_over_each_other_fail():
    """Each fits its own box, yet the boxes meet: the check names the pair; side by side they pass."""
    over = check("synthetic", SMALL, [_box("Altar: attack", 24, pygame.Rect(200, 100, 300, 40)),
                                      _box("Inferno: defeat", 24, pygame.Rect(180, 90, 300, 40))])
    assert not over.ok and over.overlapping == (("Altar: attack", "Inferno: defeat"),)
    assert "  drawn over each other: 'Altar: attack' and 'Inferno: defeat'" in over.lines()
    apart = check("synthetic", SMALL, [_box("Altar: attack", 24, pygame.Rect(200, 100, 300, 40)),
                                       _box("Inferno: defeat", 24, pygame.Rect(200, 140, 300, 40))])
    assert apart.ok


def test_the_charts_threshold_labels_stand_apart():
    """Two thresholds one step apart (the Strigoi's Altar: attack and Inferno: defeat) keep their
    labels apart: the lower one goes under its line."""
    from companion.ui.chart import shapes
    from companion.ui.story import Chart, Panel, Series

    panel = Panel("Blood points", "round", ("0", "1"), (Series("Altar", (0, 1), (200, 0, 0), "circle"),), 5,
                  y_lines=((4, "Altar: attack"), (5, "Inferno: defeat")))
    texts = [s for s in shapes(Chart("Armata Strigoi", "", (panel,)), 380, 200, scale=1) if s.kind == "text"]
    attack, defeat = (next(s.points[0][1] for s in texts if s.text == t) for t in ("Altar: attack", "Inferno: defeat"))
    assert attack - defeat >= 24 * 1.1


@pytest.mark.parametrize("size, limit, focus", [("800x480", 24, 40), ("1920x1080", 54, 90)])
def test_every_screen_of_every_game_passes_the_check(tmp_path, capsys, size, limit, focus):
    status = main(["screenshots", "--out", str(tmp_path), "--size", size, "--check"])
    out = capsys.readouterr().out.strip().splitlines()
    names = screen_names()
    assert len(names) > 30 and "icons" in names and "one-night" in names and "night" in names
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(f"{n}_{size}.png" for n in names)
    heads = [ln for ln in out if re.match(rf"^\S+ {size}: (ok|FAIL)", ln)]
    assert [ln.split()[0] for ln in heads] == names  # one verdict per screen, in order
    smallest = [int(m.group(1)) for ln in heads if (m := re.search(r"smallest (\d+) px", ln))]
    assert out[-1] == f"smallest text: {min(smallest)} px"
    failed = [ln for ln in heads if ": FAIL" in ln]
    # Every text a player reads is big enough, none clipped or split inside a word (issue 17) ...
    assert status == 0 and not failed and min(smallest) >= limit, failed
    # ... and what each screen is about (whose turn, the card, the countdown, the winner) is big.
    mains = {ln.split()[0]: int(m.group(1)) for ln in heads if (m := re.search(r"main text (\d+) px", ln))}
    assert all(px >= focus for px in mains.values()), {n: px for n, px in mains.items() if px < focus}


def test_screenshots_check_passes_when_every_text_is_big_enough(tmp_path, capsys):
    assert main(["screenshots", "--out", str(tmp_path), "--only", "icons", "--size", "800x480", "--check"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert out[0].startswith("icons 800x480: ok") and out[-1] == "smallest text: 24 px"


@pytest.mark.parametrize("argv", [["--size", "800"], ["--only", "no-such-screen"], ["--size", "0x480"]])
def test_screenshots_bad_usage_exits_2(tmp_path, argv, capsys):
    assert main(["screenshots", "--out", str(tmp_path)] + argv) == 2
    assert "screenshots" in capsys.readouterr().err
    assert not list(tmp_path.iterdir())  # nothing written


def test_screenshots_needs_an_out_folder(capsys):
    assert main(["screenshots", "--check"]) == 2
    assert "--out" in capsys.readouterr().err
