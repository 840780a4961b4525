"""What the loop needs of the parts that can be one of several things: the screens, the sound, a
headless source of commands, systemd's notifier. Typing only: `Parts` (companion/runtime/parts.py)
and the loop name them under `TYPE_CHECKING`, so nothing here is loaded on the start path (making a
Protocol class costs as much as a record; the start makes none of these).

The shipped implementations: `Screens` is companion/ui/table.py's `TableUI`; `SoundPlayer` is
companion/ui/sound.py's `Sounds`; `Source` is companion/runtime/sources.py's `ScriptSource` and
`BotSource`; `Notifier` is the companion/runtime/sdnotify.py module itself. Tests pass their own.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import pygame


class Screens(Protocol):
    """The table's screens (`TableUI`): they take inputs, return commands and intents, and draw."""

    size: tuple[int, int]

    def handle(self, event: Any, t: float | None = None) -> bool:
        """Feed one input (a pygame event, a virtual button, a card read); True if it was used."""

    def take_results(self) -> list[dict[str, Any]]:
        """Commands and intents since the last call, oldest first."""

    def update(
        self,
        view: Any,
        events: Iterable[Any] = (),
        dt: float = 0.0,
        status: Mapping[str, Any] | None = None,
        lines: Sequence[str | None] | None = None,
    ) -> None:
        """A new frame: the game view (the screens' own `GameView`, or None: no game), the engine's
        events since the last frame, the parts' health, the events' log lines (told by the loop)."""

    def draw(self, surface: pygame.Surface, force: bool = False) -> bool:
        """Draw the top screen onto `surface` if it changed; whether it drew."""

    def resize(self, size: tuple[int, int]) -> None:
        """Lay out for a screen of another size from the next frame on."""

    def notify(self, text: str) -> None:
        """Show a refusal or problem on the bottom row."""

    def offer_resume(self, offer: Mapping[str, Any]) -> None:
        """Offer to resume a journaled game (companion/gameline.py `resume_offer`)."""


class SoundPlayer(Protocol):
    """The table's sounds (`Sounds`): cues, the night's ambience, the settings' volume and mute."""

    def play(self, cue: Any) -> bool:
        """Play a cue (by name); whether it played."""

    def ambience(self, on: bool, level: float = 0.35) -> bool:
        """The ambience loop on or off."""

    def apply(self, settings: Mapping[str, Any]) -> None:
        """Take `volume` and `mute` from the settings screen."""


class Source(Protocol):
    """What feeds a headless run its commands: a scenario's lines or the bot (companion/runtime/sources.py)."""

    def next(self, app: Any) -> dict | None:
        """The next command for the loop, or None (nothing now)."""

    def finished(self, app: Any) -> bool:
        """Whether the run is over (the scenario played, the demo's game ended)."""


class Notifier(Protocol):
    """systemd's notify socket (the sdnotify module; its functions do nothing outside systemd)."""

    def ready(self, status: str = "") -> bool:
        """READY=1: the table is up."""

    def status(self, text: str) -> bool:
        """STATUS=: what is missing, where the game stands."""

    def stopping(self, status: str = "") -> bool:
        """STOPPING=1."""

    def watchdog(self) -> bool:
        """WATCHDOG=1 from the loop itself."""

    def watchdog_interval(self) -> float | None:
        """Seconds within which systemd wants a WATCHDOG=1, or None (no watchdog)."""


class PhoneView(Protocol):
    """The phone view's side in the loop (`Hub`, companion/web/hub.py): phone requests in, snapshots
    out. Named here so the run's parts need not know the web package, which sits above them."""

    def waiting(self) -> bool:
        """Whether a phone request waits for the loop (it counts as input)."""

    def frame(self, app: Any, events: list, lines: list | None = None) -> None:
        """One full frame: answer the phone requests, publish a new snapshot if something changed
        (`lines`: the events' log lines in the table's language, told once by the loop)."""
