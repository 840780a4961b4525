"""UI fixtures: pygame with the dummy drivers, table UIs at both reference sizes."""

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

SMALL = (800, 480)
LARGE = (1920, 1080)


@pytest.fixture(scope="session", autouse=True)
def _pygame_fonts():
    """Fonts need pygame.font.init(); no window is opened."""
    pygame.font.init()
    yield


@pytest.fixture
def make_ui():
    """Factory for a TableUI at a size (800x480 by default)."""
    from companion.ui.table import TableUI

    def make(size=SMALL, **kw):
        return TableUI(size, **kw)

    return make
