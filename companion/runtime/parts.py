"""What one run of the table app's loop (companion/app.py) is made of.

The records on the start-up path are `Named` records (companion/records.py): every start builds
them before READY, and a dataclass costs ~0.4 ms of it to generate its methods. The fields are
typed, at no cost to the start: with postponed annotations (`from __future__`) they stay strings a
`Named` record never reads, and the types they name are imported for type checkers only. Where a
field can be one of several things, its type is a Protocol of companion/runtime/protocols.py.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING

from companion.records import Named

if TYPE_CHECKING:  # never imported at run time: the start loads none of this for Parts
    import pygame

    from companion.gamedata.config import Config
    from companion.hal import Hardware
    from companion.runtime.display import Display
    from companion.runtime.protocols import Notifier, PhoneView, Screens, SoundPlayer, Source
    from companion.storage.journal import Journal


class Parts(Named):
    """What one run of the loop is made of. `companion/cli/run.py` builds it for every run mode;
    tests build it with tests/app/helpers.py.

    cfg: the config; hw: the HAL's board (`open_hardware`); journal: the journal, or None (then
    `missing` says why). The screen: ui (the screens, None headless), surface (where the UI draws;
    None: no screen), display (the screen as a part that may be missing, companion/runtime/display.py:
    retried, picked up when it opens), flip (shows a drawn frame). Sound: sounds (None: silent), speak
    (says narration aloud, None: text only). Headless: source (a scenario or the bot, or None), log
    (where narration goes; None: stderr), on_ack (called with (n, command) once command n is durable).
    Health: notifier (systemd, companion/runtime/sdnotify.py, or None), safe_reason (why the app
    started in safe mode), missing (other parts missing for the whole run: part -> why; `journal`: why
    it could not be opened, until `reopen`, which opens it again for writing, succeeds:
    companion/runtime/saving.py). web: the phone view's hub
    (companion/web/hub.py's `Hub`) or None: the loop hands it phone requests and snapshots.
    """

    cfg: Config
    hw: Hardware
    journal: Journal | None = None
    ui: Screens | None = None
    surface: pygame.Surface | None = None
    display: Display | None = None
    flip: Callable[[], None] | None = None
    sounds: SoundPlayer | None = None
    speak: Callable[[str], None] | None = None
    source: Source | None = None
    log: Callable[[str], None] | None = None
    on_ack: Callable[[int, dict], None] | None = None
    notifier: Notifier | None = None
    safe_reason: str | None = None
    missing: Mapping[str, str] = MappingProxyType({})
    reopen: Callable[[], Journal] | None = None
    web: PhoneView | None = None
