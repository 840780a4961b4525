"""What each controller may ask of the loop: one narrow interface apiece, not the whole App.

The loop (companion/app.py) meets every one of them; a test meets one with a fake of a few lines
(tests/controllers/). A controller that needs something more of the loop says so here first, so what
flows back from a controller to the loop is read in one place:

  Talk        say a line (the log), refuse a request in the table's words (nothing changed)
  Outputs     the lights and the sounds, for the settings screen
  TagsHost    Talk + the screens, the game in hand, submit a command (a card's draw)
  TeachHost   Talk + the screens, the game in hand, "this game's taught data changed"
  GamesHost   Talk + the journal, the screens, the headless source, saving, the banners, and the
              two ways a game in hand changes: a journaled command (`accepted`) or without one
              (`game_changed`), and `where` it stands for the log

Typing only: the controllers name these under TYPE_CHECKING, so nothing here is loaded on the way to
READY (making a Protocol class costs as much as a record).
"""

from __future__ import annotations

from collections.abc import MutableMapping
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from companion.runtime.protocols import SoundPlayer, Source
    from companion.runtime.saving import Saving
    from companion.storage.session import Session


class Talk(Protocol):
    """What every controller says back: a line for the log, a refusal shown at the table."""

    def say(self, text: str) -> None:
        """A line for the log (stderr under systemd)."""

    def refuse(self, command: dict, exc: Exception) -> None:
        """Show why `command` (or a controller's request, named like one) was refused; nothing changed."""


class Outputs(Protocol):
    """What the settings screen changes: the lights' output stage and the sounds."""

    @property
    def lights(self) -> Any:
        """The `LightingController` (its `output` carries the brightness)."""

    @property
    def sounds(self) -> SoundPlayer | None:
        """The table's sounds, None without."""


class TagsHost(Talk, Protocol):
    """What the card tags' controller asks of the loop."""

    @property
    def ui(self) -> Any:
        """The screens (`TableUI`: `start_teach` opens the New card screen), None headless."""

    @property
    def session(self) -> Session | None:
        """The game in hand, None at the title screen."""

    def submit(self, command: dict) -> bool:
        """Apply a command as a press would; whether it was accepted."""


class TeachHost(Talk, Protocol):
    """What teaching asks of the loop (and the games' teaching functions, through `Teaching.host`)."""

    @property
    def ui(self) -> Any:
        """The screens (a game's teaching screen opens there), None headless."""

    @property
    def session(self) -> Session | None:
        """The game in hand, None at the title screen."""

    def game_data_changed(self, game_id: str) -> None:
        """Taught data of `game_id` was saved: a running game of that kind reloads it."""


class GamesHost(Talk, Protocol):
    """What the game in hand's controller asks of the loop (it keeps the session itself)."""

    @property
    def journal(self) -> Any:
        """The `Journal` (None: playing in memory; looked at first); `Saving` may open it again."""

    @property
    def ui(self) -> Any:
        """The screens (`TableUI`: the resume offer, the names used last), None headless."""

    @property
    def source(self) -> Source | None:
        """A headless source of commands (a scenario, the demo), None at the table."""

    @property
    def saving(self) -> Saving:
        """The journal as a part: the store a new game keeps its commands in, `adopt` a session."""

    @property
    def missing(self) -> MutableMapping[str, str]:
        """Part -> why it is missing, shown as banners (taught data the game plays without)."""

    def accepted(self, command: dict, events: list) -> None:
        """A journaled command's feedback: lights, screen, sound, log."""

    def game_changed(self, *events: Any) -> None:
        """The game in hand changed without a command (resumed, undone, reloaded, left)."""

    def where(self) -> str:
        """Where the game in hand stands, in a few words (for the log)."""
