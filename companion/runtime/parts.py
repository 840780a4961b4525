"""What one run of the table app's loop (companion/app.py) is made of.

The records on the start-up path are `Named` records (companion/records.py): every start builds
them before READY, and a dataclass costs ~0.4 ms of it to generate its methods.
"""

from types import MappingProxyType
from typing import Any, Callable, Mapping

from companion.records import Named


class Parts(Named):
    """What one run of the loop is made of. `companion/cli/run.py` builds it for every run mode;
    tests build it with tests/app/helpers.py.

    cfg: the config; hw: `companion.hal.Hardware`; journal: `Journal` or None (then `missing` says why).
    The screen: ui (`TableUI`, None headless), surface (where the UI draws; None: no screen), display
    (the screen as a part that may be missing, companion/runtime/display.py: retried, picked up when it opens),
    flip (shows a drawn frame). Sound: sounds (`Sounds` or None), speak (says narration aloud, None:
    text only). Headless: source (`ScriptSource`, `BotSource` or None), log (where narration goes; None:
    stderr), on_ack (called with (n, command) once command n is durable). Health: notifier (systemd,
    companion/runtime/sdnotify.py, or None), safe_reason (why the app started in safe mode), missing (other
    parts missing for the whole run: part -> why; `journal`: why it could not be opened, until `reopen`,
    which opens it again for writing, succeeds: companion/runtime/saving.py). web: the phone view's
    hub (companion/web/hub.py) or None: the loop hands it phone requests and snapshots.
    """

    cfg: Any
    hw: Any
    journal: Any = None  # a Journal (not named: a quoted name here would cost a ForwardRef)
    ui: Any = None
    surface: Any = None
    display: Any = None
    flip: Callable[[], None] | None = None
    sounds: Any = None
    speak: Callable[[str], None] | None = None
    source: Any = None
    log: Callable[[str], None] | None = None
    on_ack: Callable[[int, dict], None] | None = None
    notifier: Any = None
    safe_reason: str | None = None
    missing: Mapping[str, str] = MappingProxyType({})
    reopen: Callable[[], Any] | None = None
    web: Any = None
