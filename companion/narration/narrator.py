"""Step timers and the spoken narrator, for games whose steps run on the clock (One Night).

The engine says what each step is and how long it lasts (`state["current"]`: `id`, `prompt`,
`close`, `seconds`, `waits`); it never reads a clock. This small shell piece counts real time for the
step on show, pauses with the game, and when a `waits: "next"` step's time is up asks the loop to
send `{"cmd": "next"}` — the same command a tap on Next sends, so it is journaled like any other.
On each new step it speaks the previous step's closing line and the new prompt (through
`companion.narration.speech` when espeak-ng is there; the screen always shows the text).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any


class StepTimer:
    """Time spent in the current timed step; `update` once per frame.

    speak: called with text to say (None: silent). Returns from `update` a command to send or None.
    (A plain class: a dataclass costs the start ~0.3 ms.)
    """

    def __init__(self, speak: Callable[[str], Any] | None = None) -> None:
        """No step yet."""
        self.speak = speak
        self.key: Any = None  # the step on show, as the game keys it (GamePlugin.timed_step)
        self.elapsed = 0.0
        self.total: float | None = None
        self._fired = False
        self._close = ""  # the closing line of the step on show, spoken when it ends

    def update(self, state: Mapping[str, Any] | None, dt: float) -> dict | None:
        """Advance by `dt` seconds for `state`; the command to send when the step's time ran out. The
        step and its time are the game's plugin's answer (`GamePlugin.timed_step`)."""
        from companion.plugins import get

        game = get(state.get("game")) if isinstance(state, Mapping) else None
        current = game.timed_step(state) if game is not None else None
        if state is None or not isinstance(current, Mapping):
            self.key, self.total = None, None
            return None
        key = current.get("key")
        if key != self.key:
            self._new_step(current, key, state.get("game"))
        seconds = current.get("seconds")
        if seconds is None:
            self.total = None
            return None  # waits for the table (votes, revealed cards)
        self.total = float(seconds) + float(current.get("added") or 0)
        if current.get("paused"):
            return None
        self.elapsed += dt
        if self.elapsed >= self.total and current.get("waits") == "next" and not self._fired:
            self._fired = True  # one `next` per step, even if the loop is slow to apply it
            return {"cmd": "next"}
        return None

    def info(self) -> dict | None:
        """`{"left", "total", "elapsed"}` for the screen and the lights, or None if untimed."""
        if self.total is None:
            return None
        return {"left": max(0.0, self.total - self.elapsed), "total": self.total, "elapsed": self.elapsed}

    def _new_step(self, current: Mapping[str, Any], key: Any, game: Any = None) -> None:
        """A new step began: restart the count and speak (in the game's words: its `prompts`)."""
        if self.speak is not None:
            from companion.plugins import get  # the game's words load with its first step

            plugin = get(game)
            step_words = plugin.prompt if plugin is not None else _as_given
            if self.key is not None and self._close:
                self.speak(step_words(self.key[1], self._close))  # the data's `close_de` when speaking German
            if current.get("prompt"):
                self.speak(step_words(current.get("id"), str(current["prompt"])))
        self._close = str(current.get("close") or "")
        self.key, self.elapsed, self._fired = key, 0.0, False


def _as_given(step_id: Any, text: str) -> str:
    """A step's prompt or closing line as the engine gave it (a game with no `prompts` of its own)."""
    return text
