"""Every screen renders at 800x480 and 1920x1080: non-trivial pictures, no text cut or outside its box."""

import pygame
import pytest

from companion.plugins import games
from companion.ui import samples
from companion.ui.screenshots import render_all
from companion.ui.table import TableUI

SIZES = ((800, 480), (1920, 1080))
SCREENS = sorted(samples.screens())


def _colours(surface, step=4):
    """Distinct colours on a sampling grid of the surface."""
    w, h = surface.get_size()
    return {tuple(surface.get_at((x, y)))[:3] for x in range(0, w, step) for y in range(0, h, step)}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", SCREENS)
def test_screen_renders_readable_and_nothing_is_cut(name, size, tmp_path):
    ui = TableUI(size)
    samples.screens()[name](ui)
    # a game without samples: its screen after setup; a game without screens: the generic one; a sample
    # named "<screen>-<mode>" shows that screen in one of its modes ("teach-seen": the card just read)
    assert (
        ui.screen.name == name
        or name in games()
        or name.startswith(ui.screen.name + "-")
        or (ui.screen.name == "generic" and name.startswith(tuple(games())))
    )
    surface = pygame.Surface(size)
    ui.draw(surface)
    path = tmp_path / f"{name}.png"
    pygame.image.save(surface, str(path))
    assert path.stat().st_size > 2000
    assert len(_colours(pygame.image.load(str(path)))) > 12
    boxes = ui.ctx.renderer.text_boxes
    assert boxes, "no text drawn"
    for box in boxes:
        assert not box.fit.cut, f"{name}: text cut: {box.text!r}"
        assert box.fit.width <= box.rect.width and box.fit.height <= box.rect.height, box.text


@pytest.mark.parametrize("name", SCREENS)
def test_touch_targets_are_at_least_48px_at_800x480(name):
    ui = TableUI((800, 480))
    samples.screens()[name](ui)
    for item in ui.ctx.renderer.layout(ui.model()):
        if item.kind in ("button", "cell"):
            assert item.rect.height >= 48 and item.rect.width >= 48, (name, item.data)


def test_layout_scales_with_the_surface():
    small, large = TableUI((800, 480)), TableUI((1920, 1080))
    for ui in (small, large):
        samples.screens()["night"](ui)
    b_small = next(i.rect for i in small.ctx.renderer.layout(small.model()) if i.kind == "button")
    b_large = next(i.rect for i in large.ctx.renderer.layout(large.model()) if i.kind == "button")
    assert b_large.height >= 2 * b_small.height
    assert b_large.right <= 1920 and b_large.bottom <= 1080


def test_every_laid_out_element_is_inside_the_surface():
    for size in SIZES:
        for name in SCREENS:
            ui = TableUI(size)
            samples.screens()[name](ui)
            bounds = pygame.Rect((0, 0), size)
            for item in ui.ctx.renderer.layout(ui.model()):
                assert bounds.contains(item.rect), (name, size, item.kind)


def test_tap_on_drawn_button_presses_it():
    ui = TableUI((800, 480))
    samples.screens()["night"](ui)
    rect = next(
        i.rect for i in ui.ctx.renderer.layout(ui.model()) if i.kind == "button" and i.data.label == "Fight"
    )
    x, y = rect.center
    for etype in (pygame.FINGERDOWN, pygame.FINGERUP):
        ui.handle(pygame.event.Event(etype, x=x / 800, y=y / 480, finger_id=0, touch_id=0, dx=0, dy=0), 1.0)
    assert ui.take_results() == [{"cmd": "fight"}]


def test_tap_on_grid_cell_selects_the_district():
    ui = TableUI((800, 480))
    samples.screens()["night"](ui)
    rect = next(i.rect for i in ui.ctx.renderer.layout(ui.model()) if i.kind == "cell" and i.data.pos == "C2")
    for etype in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        ui.handle(pygame.event.Event(etype, pos=rect.center, button=1), 0.0)
    assert ui.view_model()["highlighted"] == ["B2", "C2"]


def test_keyboard_drives_the_screen():
    ui = TableUI((800, 480))
    samples.screens()["night"](ui)
    for key in (pygame.K_RIGHT, pygame.K_RETURN):
        ui.handle(pygame.event.Event(pygame.KEYDOWN, key=key), 0.0)
        ui.handle(pygame.event.Event(pygame.KEYUP, key=key), 0.1)
    assert ui.take_results() == [{"cmd": "expose"}]


def test_unchanged_screen_is_not_rendered_again():
    ui = TableUI((800, 480))
    samples.screens()["night"](ui)
    surface = pygame.Surface((800, 480))
    ui.draw(surface)
    frame = ui.ctx.renderer._frame
    boxes = ui.ctx.renderer.text_boxes
    ui.draw(surface)
    assert ui.ctx.renderer._frame is frame and ui.ctx.renderer.text_boxes is boxes
    ui.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE), 0.0)
    ui.handle(pygame.event.Event(pygame.KEYUP, key=pygame.K_SPACE), 0.1)
    ui.draw(surface)
    assert ui.ctx.renderer.text_boxes is not boxes  # the focus moved: drawn anew


def test_screenshots_script_writes_pngs(tmp_path):
    paths = render_all(tmp_path, sizes=((800, 480),), only=("night", "title"))
    assert sorted(p.name for p in paths) == ["night_800x480.png", "title_800x480.png"]
    assert all(pygame.image.load(str(p)).get_size() == (800, 480) for p in paths)


@pytest.mark.parametrize("name", ["night", "combat", "adjust", "wizard"])
def test_partial_repaint_matches_a_full_repaint(name):
    from companion.ui.render import Renderer

    ui = TableUI((800, 480))
    samples.screens()[name](ui)
    surface = pygame.Surface((800, 480))
    ui.draw(surface)
    for _ in range(3):
        ui.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE), 0.0)
        ui.handle(pygame.event.Event(pygame.KEYUP, key=pygame.K_SPACE), 0.1)
        ui.draw(surface)
    full = pygame.Surface((800, 480))
    Renderer((800, 480)).render(full, ui.model())
    assert pygame.image.tobytes(surface, "RGB") == pygame.image.tobytes(full, "RGB")


@pytest.mark.parametrize("size", [(800, 480), (1280, 720)])
def test_the_focus_ring_goes_round_a_button_never_over_it(size):
    """The ring lies in the gap round the focused button: inside it a label wrapped to two lines (the
    More sheet's "Fight exposed / agents") has the button's whole height, its edge keeps its fill."""
    from companion.ui import theme
    from tests.ui.test_wide import page

    renderer, vm, items = page("live-masters-night1-more", size)
    surface = pygame.Surface(size)
    renderer.render(surface, vm)
    focused = [it for it in items if it.kind == "button" and it.data.focused]
    assert len(focused) == 1
    rect, ring = focused[0].rect, renderer.reach(focused[0])
    assert ring.width > rect.width and ring.height > rect.height

    def row(y):
        return [tuple(surface.get_at((x, y)))[:3] for x in range(rect.left + 12, rect.right - 12)]

    for y in (rect.top, rect.top + 2, rect.bottom - 3, rect.bottom - 1):  # the button's own edge
        assert theme.FOCUS not in row(y)
    assert row(ring.top + 1).count(theme.FOCUS) == len(row(ring.top + 1))  # the ring round it
    assert row(ring.bottom - 2).count(theme.FOCUS) == len(row(ring.bottom - 2))


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("name", ["night-banner1", "night-busy", "strigoi"])
def test_a_short_cells_words_and_counts_stay_inside_it(name, lang):
    """A banner (or a title on two lines) makes the board's cells shorter at 800x480: the acting
    district's two-line name and its two rows of counts, the Altar's line and its blood, all stay
    inside the cell's border."""
    from companion import i18n
    from companion.ui import pages

    i18n.set_language(lang)
    try:
        ui = TableUI((800, 480))
        samples.screens()[name.split("-")[0]](ui)
        if "-" in name:  # a trouble banner over the night, as the check's pages draw it
            parts = {n: p for n, p, _refusal in pages._troubles()}[name.split("-")[1]]
            ui.update(ui.ctx.view, (), 0.0, parts())
        ui.draw(pygame.Surface((800, 480)), force=True)
        renderer = ui.ctx.renderer
        items = renderer.layout(ui.stack.top.model())
    finally:
        i18n.set_language("en")
    assert any(it.kind == "banner" for it in items) == ("-" in name)
    cells = [it.rect for it in items if it.kind == "cell"]
    # (the acting vampire's counts beside the board are drawn as a cell's too)
    words = [(b, c) for b in renderer.text_boxes if b.role == "cell" for c in cells if c.colliderect(b.rect)]
    assert cells and len(words) > 6
    for b, cell in words:
        assert cell.inflate(-4, -4).contains(b.rect), (b.text, b.rect, cell)
