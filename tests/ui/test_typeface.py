"""One type on every surface: every text the table draws is in a shipped face (Atkinson Hyperlegible,
Cinzel for the titles), never pygame's own freesansbold.ttf, whose kern table spreads letter pairs
apart ("a nother", "Ca thedra l").

The pages are drawn as `companion screenshots` draws them (a fresh TableUI on each screen, the simulated
board, the contact sheets) while companion/ui/ink.py records the file of the font of every text
rendered, whatever code rendered it."""

import os

import pygame
import pytest

from companion import i18n
from companion.ui import assets
from companion.ui.screenshots import render_page, screen_names

SMALL = (800, 480)
SHIPPED = {assets.FONTS[role] for role in assets.FONTS}


def _faces(name: str, size=SMALL) -> dict[str, set[str]]:
    """Font file -> the texts page `name` drew in it."""
    _surface, _boxes, drawn = render_page(name, size)
    out: dict[str, set[str]] = {}
    for d in drawn:
        out.setdefault(d.font, set()).add(d.text)
    return out


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_page_draws_every_text_in_a_shipped_face(lang):
    """No page, the simulated board and the contact sheets included, draws a text in pygame's font."""
    i18n.set_language(lang)
    try:
        foreign = {
            name: {f: sorted(t)[:3] for f, t in _faces(name).items() if f not in SHIPPED}
            for name in screen_names()
        }
    finally:
        i18n.set_language("en")
    assert {name: f for name, f in foreign.items() if f} == {}


def test_the_screens_draw_in_atkinson_and_their_titles_in_cinzel():
    faces = _faces("night")
    assert "Night 3: Mila, 2 AP" in faces["Cinzel-Bold.ttf"]
    assert {"Move", "Expose agents", "Fight"} <= faces["AtkinsonHyperlegible-Bold.ttf"]


def test_a_word_drawn_by_the_app_is_the_ui_face_not_pygames():
    """The same word through the renderer the table uses, through the UI face, through pygame's font:
    the first two are the same picture, the third is not (its letter pairs are spread)."""
    from companion.ui.render import Renderer
    from companion.ui.text import pixel_size

    renderer = Renderer(SMALL)
    size = renderer.m.font("body")
    white = (255, 255, 255)
    app = renderer.text.line("another Cathedral", size, white)
    ui = pygame.font.Font(assets.path("fonts", assets.FONTS["ui"]), pixel_size(size)).render(
        "another Cathedral", True, white
    )
    default = pygame.font.Font(None, size).render("another Cathedral", True, white)
    as_bytes = lambda s: (s.get_size(), pygame.image.tobytes(s, "RGBA"))  # noqa: E731
    assert as_bytes(app) == as_bytes(ui)
    assert as_bytes(app) != as_bytes(default)


def test_the_simulated_board_opens_the_ui_face():
    """The HAL opens the face by its file (it imports nothing of the UI): the file the assets open."""
    from companion.hal import sim

    assert os.path.samefile(sim.LABEL_FONT, assets.path("fonts", assets.FONTS["ui"]))
    assert "AtkinsonHyperlegible-Bold.ttf" in _faces("simulator", (480, 800))
