"""Masters' event cards by sight: the camera's faces tied to the card registrations.

A face is stored under a tag (`companion.vision.store`); the tag is registered for a card key in
`tags.toml` like an NFC or QR tag, so a card seen is looked up exactly as a card scanned. Needs the
`[camera]` extra (OpenCV); without it a clear CommandError says so.
"""

from __future__ import annotations

from companion.errors import CommandError
from companion.games.masters import teach
from companion.i18n import _


def _vision():
    """companion.vision's modules, or CommandError when OpenCV is not installed."""
    try:
        from companion.vision import grid, service, store
    except ImportError as exc:
        raise CommandError(
            _("the camera needs OpenCV: pip install 'nightwatch-companion[camera]' ({why})").format(why=exc)
        ) from None
    return grid, service, store


def teach_photos(key: str, files: list[str]) -> list[str]:
    """Teach card `key` from photos: store their faces and register their tags for it."""
    teach.key_kind(key)
    _grid, service, _store = _vision()
    tags = service.teach_photos(key, files)
    for tag in tags:
        teach.register_tag(tag, key)
    return tags


def identify_files(files: list[str], grid_box: str | None = None):
    """One record per photo: {"file", "card", "score", "grid", "ms"} (see companion.vision.service)."""
    grid, service, store = _vision()
    box = None
    if grid_box is not None:
        try:
            box = grid.parse_box(grid_box)
        except ValueError as exc:
            raise CommandError(f"--grid-box: {exc}") from None
    else:
        box = configured_grid_box()
    library = store.library()
    tags = teach.load_tags()
    for file in files:
        row = service.identify(service.read_photo(file), library, box, tags.get)
        yield {"file": str(file), **row}


def configured_grid_box():
    """`[camera] grid_box` of the config, or None."""
    from companion.gamedata import config

    return config.load().camera.grid_box or None
