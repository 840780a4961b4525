"""Art while playing (issue 34, point 5): every game's play screen draws its picture behind the title
bar, at the time of day its plugin reads from the state, dimmed so the title keeps its contrast."""

import pygame
import pytest

from companion import plugins
from companion.games.masters import samples as masters_samples
from companion.ui import assets, samples, scenery, theme
from companion.ui.model import GameView

SMALL = (800, 480)
PLAY = {
    "masters": "night",
    "one-night": "one-night",
    "mansion": "mansion",
    "strigoi": "strigoi",
    "nosferatu": "nosferatu",
}


def luminance(rgb) -> float:
    def lin(c):
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (lin(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def drawn(make_ui, recipe, size=SMALL):
    """(surface, the UI, the header's rectangle) of a sample screen drawn once."""
    ui = make_ui(size)
    recipe(ui)
    surface = pygame.Surface(size)
    ui.draw(surface, force=True)
    header = next(it.rect for it in ui.ctx.renderer.layout(ui.model()) if it.kind == "title")
    return surface, ui, pygame.Rect(0, 0, size[0], header.height)


def free_pixels(ui, header: pygame.Rect):
    """The header's pixels under no text, icon or gauge: where only the picture shows."""
    covered = [b.rect for b in ui.ctx.renderer.text_boxes] + [
        it.rect for it in ui.ctx.renderer.layout(ui.model()) if it.kind == "veil"
    ]
    for y in range(header.y, header.bottom, 3):
        for x in range(header.x, header.right, 3):
            if not any(r.collidepoint(x, y) for r in covered):
                yield x, y


def mean(surface, points) -> tuple[float, float, float]:
    points = list(points)
    total = [0.0, 0.0, 0.0]
    for p in points:
        for i, c in enumerate(surface.get_at(p)[:3]):
            total[i] += c
    return tuple(t / len(points) for t in total)


def distance(a, b) -> float:
    return sum((x - y) ** 2 for x, y in zip(a, b)) ** 0.5


@pytest.mark.parametrize("game_id", sorted(PLAY))
def test_each_games_play_screen_draws_its_picture_behind_the_title(make_ui, game_id):
    recipe = samples.game_screens()[PLAY[game_id]]
    surface, ui, header = drawn(make_ui, recipe)
    state = ui.ctx.state
    name, time = plugins.get(game_id).backdrop(state)
    assert name in assets.ART and time in assets.TIMES
    assert ui.model().backdrop == (name, time)
    free = list(free_pixels(ui, header))
    assert len(free) > 500
    plain = sum(1 for p in free if tuple(surface.get_at(p))[:3] == theme.HEADER)
    assert plain < len(free) * 0.2  # the picture, not the plain bar
    # the picture of the state's time of day: its band, pixel for pixel where nothing covers it
    band = scenery.band(name, time, header.size)
    same = sum(1 for p in free if surface.get_at(p)[:3] == band.get_at(p)[:3])
    assert same > len(free) * 0.85  # (the turn's colour bar and the letters' edges cover a few)
    # and its palette, not another time's: the mean colour is nearest the band of its own time
    seen = mean(surface, free)
    nearest = min(assets.TIMES, key=lambda t: distance(seen, mean(scenery.band(name, t, header.size), free)))
    assert nearest == time


def test_the_picture_changes_with_the_time_of_day(make_ui):
    night, day = {}, {}
    for out, state in ((night, masters_samples.masters_state()), (day, masters_samples.day_state())):
        ui = make_ui()
        ui.update(GameView("masters", state, ()), (), 0.0)
        surface = pygame.Surface(SMALL)
        ui.draw(surface, force=True)
        header = next(it.rect for it in ui.ctx.renderer.layout(ui.model()) if it.kind == "title")
        out.update(
            surface=surface,
            vm=ui.model(),
            free=list(free_pixels(ui, pygame.Rect(0, 0, SMALL[0], header.height))),
        )
    assert night["vm"].backdrop == ("skyline", "night") and day["vm"].backdrop == ("skyline", "day")
    free = [p for p in night["free"] if p in set(day["free"])]
    differ = sum(1 for p in free if night["surface"].get_at(p) != day["surface"].get_at(p))
    assert differ > len(free) * 0.5
    assert distance(mean(night["surface"], free), mean(day["surface"], free)) > 15


@pytest.mark.parametrize("time", assets.TIMES)
@pytest.mark.parametrize("name", ("skyline", "fortress", "mansion", "village"))
def test_the_title_reads_over_every_picture_at_every_time(name, time):
    band = scenery.band(name, time, (800, 60))
    worst = max((band.get_at((x, y)) for x in range(0, 800, 2) for y in range(0, 60, 2)), key=luminance)
    assert contrast(theme.TEXT, worst) >= 4.5


def test_screens_that_are_no_game_have_no_picture(make_ui):
    ui = make_ui()
    samples.screens()["title"](ui)
    assert ui.model().backdrop is None
    ui = make_ui()
    samples.screens()["menu"](ui)  # the menu over a game: the plain bar, it is not the game
    assert ui.model().backdrop is None


def test_the_picture_is_made_once_per_picture_time_and_size(make_ui):
    scenery.band.cache_clear()
    scenery.background.cache_clear()
    ui = make_ui()
    ui.update(GameView("masters", masters_samples.masters_state(), masters_samples.night_actions()), (), 0.0)
    surface = pygame.Surface(SMALL)
    for _ in range(3):
        ui.draw(surface, force=True)
    assert scenery.band.cache_info().misses == 1 and scenery.background.cache_info().misses == 1


def test_one_nights_narrator_shows_the_waking_roles_picture_and_the_picker_each_roles(make_ui):
    surface, ui, _header = drawn(make_ui, samples.game_screens()["one-night"])
    vm = ui.model()
    assert (ui.ctx.state.get("current") or {}).get("wakes") == ["vampire"] and vm.picture == "role.vampire"
    box = next(it.rect for it in ui.ctx.renderer.layout(vm) if it.kind == "picture")
    ring = next(it.rect for it in ui.ctx.renderer.layout(vm) if it.kind == "ring")
    assert box.top > ring.bottom and min(box.size) >= 100  # big, under the countdown
    lit = sum(
        1
        for x in range(box.x, box.right, 2)
        for y in range(box.y, box.bottom, 2)
        if surface.get_at((x, y))[:3] == theme.TEXT
    )
    assert lit > 200  # the picture is drawn, not an empty box
    ui = make_ui()
    samples.game_screens()["roles"](ui)
    icons = {b.label.split(" x")[0]: b.icon for b in ui.model().buttons if b.id.startswith("r:")}
    assert icons and all(icon.startswith("role.") and assets.has_icon(icon) for icon in icons.values())


def test_the_masters_wizard_and_the_acting_vampires_strip_show_each_vampires_portrait(make_ui):
    from companion.games.masters import view as mv

    assert len(set(mv.PORTRAITS.values())) == len(mv.VAMPIRES) and all(
        assets.has_icon(p) for p in mv.PORTRAITS.values()
    )
    ui = make_ui()
    samples.screens()["wizard"](ui)
    shown = {b.label: b.icon for b in ui.model().buttons if b.id.startswith("v:")}
    assert shown == mv.PORTRAITS
    ui = make_ui()
    ui.update(GameView("masters", masters_samples.masters_state(), masters_samples.night_actions()), (), 0.0)
    first, chip = ui.model().stats[:2]
    assert (
        first.icon == mv.PORTRAITS["Mila"] and first.colour == chip.colour and chip.value == "M"
    )  # in her colour


def test_the_title_screen_is_a_scene_the_city_with_the_games_over_it(make_ui):
    surface, ui, header = drawn(make_ui, samples.screens()["title"])
    vm = ui.model()
    assert vm.scene == ("skyline", "night") and vm.backdrop is None
    layout = ui.ctx.renderer.layout(vm)
    buttons = [it.rect for it in layout if it.kind == "button"]
    below = pygame.Rect(0, max(r.bottom for r in buttons) + 4, SMALL[0], 40)  # under the games: the city
    lit = {
        tuple(surface.get_at((x, y)))[:3]
        for x in range(0, SMALL[0], 4)
        for y in range(below.y, below.bottom, 4)
    }
    assert len(lit) > 20 and theme.BG not in lit  # a picture, not the plain background
    # the texts over it keep their contrast: every pixel of the scene, the hint row's too
    whole = scenery.whole("skyline", "night", SMALL, ui.ctx.renderer.m.hint_h)
    hint = SMALL[1] - ui.ctx.renderer.m.hint_h
    points = [(x, y) for x in range(0, SMALL[0], 3) for y in range(0, SMALL[1], 3)]
    assert min(contrast(theme.TEXT, whole.get_at(p)) for p in points) >= 4.5
    assert min(contrast(theme.TEXT_DIM, whole.get_at(p)) for p in points if p[1] >= hint) >= 4.5
    # and its texts are drawn without a box of the plain background round them
    line = next(b.rect for b in ui.ctx.renderer.text_boxes if b.text == vm.lines[0])
    assert theme.BG not in {
        tuple(surface.get_at((x, y)))[:3]
        for x in range(line.x, line.right, 2)
        for y in range(line.y, line.bottom, 2)
    }
