"""The screen check measures what was drawn: the capitals of every text as rendered, on every page, in
both languages and at four sizes; `companion screenshots --check --json` reports each page.

Every page passes it, at the four sizes in both languages, banners, errors, the simulator and the
contact sheets included: `companion screenshots --check` exits 0. The rule itself is never weakened
to make a page pass; the tests below break it once and watch the check fail."""

import json
import re

import pygame
import pytest

from companion import i18n
from companion.cli import main
from companion.ui import assets, ink, theme
from companion.ui.render import Renderer
from companion.ui.screencheck import check, limits, summary
from companion.ui.screenshots import CHECK_SIZES, render_page, screen_names
from companion.ui.text import Fit, TextBox, TextRenderer

SMALL = (800, 480)


@pytest.fixture(scope="module")
def every_page(tmp_path_factory):
    """`companion screenshots --check --json` over every page, size and language: (status, reports)."""
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = main(["screenshots", "--out", str(tmp_path_factory.mktemp("shots")), "--check", "--json"])
    return status, [json.loads(line) for line in out.getvalue().splitlines()]


def test_every_page_is_checked_at_four_sizes_in_both_languages(every_page):
    status, reports = every_page
    names = screen_names()
    assert {
        "night-banner1",
        "night-banner2",
        "night-banner3",
        "night-banner4",
        "night-readonly",
        "night-busy",
        "night-moved",
        "night-safemode",
        "night-details",
        "night-refused",
        "simulator",
        "icons",
        "assets-fonts",
        "assets-about",
    } <= set(names)
    expected = [(lang, n, "{}x{}".format(*s)) for lang in i18n.LANGUAGES for n in names for s in CHECK_SIZES]
    assert [(r["language"], r["name"], r["size"]) for r in reports] == expected
    for r in reports:
        assert set(r) >= {"name", "size", "language", "smallest_capitals", "main_capitals", "failures", "ok"}
        assert r["ok"] == (r["failures"] == [])
    assert status == (0 if all(r["ok"] for r in reports) else 1)


def test_every_page_passes_the_check(every_page):
    """No page fails: every text's capitals at least 17 px, the main text 28 px (x the height), nothing
    clipped or drawn over another, on every page, size and language."""
    status, reports = every_page
    assert [(r["name"], r["size"], r["language"], f) for r in reports for f in r["failures"]] == []
    assert status == 0


def test_the_pages_that_pass_meet_the_rule_as_measured(every_page):
    """Where a page passes, its smallest capitals reach 17 px and its main text 28 px (x the height)."""
    _status, reports = every_page
    passing = [r for r in reports if r["ok"]]
    assert len(passing) == len(reports)
    for r in passing:
        size = tuple(int(v) for v in r["size"].split("x"))
        low, main_low = limits(size)
        assert r["smallest_capitals"] >= low and r["main_capitals"] >= main_low, r


def test_capitals_are_measured_on_the_rendered_font():
    """24 px type: 17 px capitals in pygame's font, 16 px in Atkinson Hyperlegible Bold; the screens'
    nominal 59 (a title): 29 px."""
    assert ink.capitals(pygame.font.Font(None, 35)) == 17  # pygame's own font (the screens never draw in it)
    assert ink.capitals(TextRenderer().font(59)) == 29
    assert ink.capitals(assets.font("ui", 24)) == 16
    assert assets.px_for_capitals("ui", 17) == 25 and ink.capitals(assets.font("ui", 25)) == 17


def test_the_recording_sees_text_drawn_outside_the_renderer():
    """Text drawn with pygame's own font call (as the simulated board does) is recorded too."""
    with ink.recording() as drawn:
        pygame.font.Font(None, 14).render("veil -", True, (255, 255, 255))
        TextRenderer().draw(pygame.Surface(SMALL), "Mila", pygame.Rect(0, 0, 300, 60), 35, (255, 255, 255))
    assert [(d.text, d.capitals) for d in drawn] == [("veil -", 7), ("Mila", 17)]
    pygame.font.Font(None, 14).render("after", True, (255, 255, 255))
    assert len(drawn) == 2  # nothing is recorded once the block is left


def _drawn(text, capitals):
    """A recorded text with `capitals` px capitals."""
    return ink.Drawn(text, capitals, capitals, "test")


def test_capitals_under_17_px_fail_and_17_pass():
    fine = check("synthetic", SMALL, [_drawn("Mila's turn", 29), _drawn("2 AP left", 17)])
    assert fine.ok and fine.smallest == 17 and fine.main == 29
    small = check("synthetic", SMALL, [_drawn("Mila's turn", 29), _drawn("2 AP left", 16)])
    assert not small.ok and small.small == ((16, "2 AP left"),)
    assert small.failures() == [{"kind": "small", "text": "2 AP left", "capitals": 16, "limit": 17}]
    assert "  capitals under 17 px: 16 px '2 AP left'" in small.lines()


def test_a_main_text_under_28_px_capitals_fails():
    report = check("synthetic", SMALL, [_drawn("Neue Karte von Stapel I", 24), _drawn("Veil", 17)])
    assert not report.ok and report.main_too_small and not report.small
    assert report.failures() == [
        {"kind": "main", "text": "Neue Karte von Stapel I", "capitals": 24, "limit": 28}
    ]


def test_the_main_text_is_the_title_when_the_page_has_one():
    """A chart's own heading may be taller than a shrunk title: the title is what the page is about."""
    title = TextBox(
        "Spielende: die Bisse des Vampirs haben gesiegt",
        pygame.Rect(0, 0, 800, 58),
        Fit(40, ("Spielende: die Bisse des Vampirs haben gesiegt",), 700, 50, False),
        "title",
    )
    drawn = [_drawn(title.text, 23), _drawn("Nosferatu", 27), _drawn("Runden: 5", 17)]
    report = check("over", SMALL, drawn, [title])
    assert report.main == 23 and report.main_text == title.text and report.main_too_small
    assert check("over", SMALL, drawn).main_text == "Nosferatu"  # no title: the tallest text


def test_the_limits_grow_with_the_height():
    assert [limits(s) for s in CHECK_SIZES] == [(17, 28), (22, 35), (26, 42), (39, 63)]
    assert not check("big", (1920, 1080), [_drawn("Mila", 29)]).ok  # fine at 800x480, tiny on a TV
    assert check("big", (1920, 1080), [_drawn("Mila", 63), _drawn("Veil", 39)]).ok


def _box(text, rect=None, size=35):
    """A TextBox of `text` fitted into `rect` (700 x 200 at the origin by default) as the renderer records it."""
    rect = rect or pygame.Rect(0, 0, 700, 200)
    return TextBox(text, rect, TextRenderer().fit(text, rect.width, rect.height, size, size), "body")


def test_clipped_split_overlapping_and_unmeasured_texts_fail():
    clipped = _box("Expose agents in every district", pygame.Rect(0, 0, 120, 40))
    split = _box("WWWWWWWW", pygame.Rect(0, 100, 120, 200), 59)  # no syllable to hyphenate before
    drawn = [_drawn(ln, 17) for b in (clipped, split) for ln in b.fit.lines]
    report = check("synthetic", SMALL, drawn, [clipped, split])
    assert report.clipped == ("Expose agents in every district",) and report.broken == ("WWWWWWWW",)
    over = check(
        "synthetic",
        SMALL,
        [_drawn("Altar: attack", 17), _drawn("Inferno: defeat", 17)],
        [
            _box("Altar: attack", pygame.Rect(200, 100, 300, 40)),
            _box("Inferno: defeat", pygame.Rect(180, 90, 300, 40)),
        ],
    )
    assert over.overlapping == (("Altar: attack", "Inferno: defeat"),)
    unseen = check("synthetic", SMALL, [_drawn("Mila", 29)], [_box("Mila"), _box("2 AP left")])
    assert unseen.unmeasured == ("2 AP left",) and not unseen.ok  # laid out, never seen drawn: not measured


def test_shrinking_a_font_fails_the_check(monkeypatch):
    """Break the rule once: the screens' smallest type one step smaller fails every screen with text at it."""
    _surface, boxes, drawn = render_page("night", SMALL)
    assert check("night", SMALL, drawn, boxes).ok
    monkeypatch.setattr(theme, "MIN_FONT", 31)  # 16 px capitals instead of 17
    monkeypatch.setattr(
        theme,
        "FONT_SIZES",
        {**theme.FONT_SIZES, "body": 31, "button": 31, "small": 31, "cell": 31, "hint": 31},
    )
    monkeypatch.setattr(theme.Metrics, "min_font", theme.Scaled(31, "smaller"))
    _surface, boxes, drawn = render_page("night", SMALL)
    report = check("night", SMALL, drawn, boxes)
    assert (
        not report.ok
        and report.smallest == 16
        and ("16", "In Cathedral") in {(str(c), t) for c, t in report.small}
    )


def test_the_renderer_records_role_and_box_of_every_text():
    renderer = Renderer(SMALL)
    from companion.ui.model import ButtonVM, ViewModel

    vm = ViewModel("x", "Night: Mila", lines=("2 AP left",), buttons=(ButtonVM("a", "Hunt"),), veil=4)
    with ink.recording() as drawn:
        renderer.render(pygame.Surface(SMALL), vm)
    boxes = {b.text: b for b in renderer.text_boxes}
    assert (
        boxes["Night: Mila"].role == "title" and boxes["Hunt"].role == "button" and boxes["4"].role == "small"
    )
    assert {d.text for d in drawn} >= set(boxes)
    assert check("x", SMALL, drawn, renderer.text_boxes).ok


def test_summary_names_the_smallest_capitals_over_all_pages():
    reports = [check("a", SMALL, [_drawn("x", 30)]), check("b", SMALL, [_drawn("y", 12)])]
    assert summary(reports) == "smallest capitals: 12 px"


def test_the_text_report_and_json_say_the_same(tmp_path, capsys, monkeypatch):
    """The simulated board with its labels shrunk to 8 px capitals (its names to 12 px) fails, in words and in JSON."""
    from companion.hal import sim

    monkeypatch.setattr(sim, "LABEL_CAPITALS", 8)
    monkeypatch.setattr(sim, "NAME_CAPITALS", 12)
    assert (
        main(
            [
                "screenshots",
                "--out",
                str(tmp_path),
                "--only",
                "night",
                "--only",
                "simulator",
                "--size",
                "800x480",
                "--lang",
                "en",
                "--check",
            ]
        )
        == 1
    )
    out = capsys.readouterr().out.strip().splitlines()
    assert out[0].startswith("night 800x480 en: ok, smallest capitals 17 px")
    assert any(re.match(r"simulator 800x480 en: FAIL, smallest capitals [0-9] px", ln) for ln in out)
    assert out[-2] == "1 of 2 screens pass; PNGs in " + str(tmp_path) and out[-1].startswith(
        "smallest capitals: "
    )
    assert (
        main(
            [
                "screenshots",
                "--out",
                str(tmp_path),
                "--only",
                "simulator",
                "--size",
                "800x480",
                "--lang",
                "de",
                "--json",
            ]
        )
        == 1
    )
    (report,) = [json.loads(ln) for ln in capsys.readouterr().out.strip().splitlines()]
    assert report["name"] == "simulator" and report["language"] == "de" and report["size"] == "800x480"
    assert {f["kind"] for f in report["failures"]} == {"small", "main"}  # English kinds whatever the language


@pytest.mark.parametrize("argv", [["--size", "800"], ["--only", "no-such-screen"], ["--size", "0x480"]])
def test_screenshots_bad_usage_exits_2(tmp_path, argv, capsys):
    assert main(["screenshots", "--out", str(tmp_path)] + argv) == 2
    assert "screenshots" in capsys.readouterr().err
    assert not list(tmp_path.iterdir())  # nothing written


def test_screenshots_needs_an_out_folder(capsys):
    assert main(["screenshots", "--check"]) == 2
    assert "--out" in capsys.readouterr().err


def test_fit_marks_a_box_clipped_when_drawn_wider():
    box = TextBox("x", pygame.Rect(0, 0, 10, 10), Fit(35, ("x",), 30, 10, False), "body")
    assert box.clipped
