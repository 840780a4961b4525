"""The stack of screens on show: the game (or title) screen at the bottom, overlays above it."""

from __future__ import annotations

from typing import Protocol


class Screen(Protocol):
    """What the stack asks of a screen (companion/ui/screens/base.py's `Screen` is one)."""

    transient: bool

    def pause(self) -> None: ...

    def resume(self) -> None: ...

    def shutdown(self) -> None: ...


class ScreenStack:
    """A small stack of screens; the bottom one is the game screen chosen from the state."""

    def __init__(self) -> None:
        """An empty stack."""
        self._screens: list[Screen] = []

    def __len__(self) -> int:
        """How many screens are stacked."""
        return len(self._screens)

    def __iter__(self):
        """Screens bottom to top."""
        return iter(list(self._screens))

    @property
    def top(self) -> Screen | None:
        """The screen on show."""
        return self._screens[-1] if self._screens else None

    @property
    def base(self) -> Screen | None:
        """The game (or title) screen at the bottom."""
        return self._screens[0] if self._screens else None

    def push(self, screen: Screen) -> None:
        """Show `screen` over the current one."""
        if self._screens:
            self._screens[-1].pause()
        self._screens.append(screen)
        screen.resume()

    def pop(self) -> Screen | None:
        """Close the top screen and resume the one below."""
        if not self._screens:
            return None
        screen = self._screens.pop()
        screen.shutdown()
        if self._screens:
            self._screens[-1].resume()
        return screen

    def set_base(self, screen: Screen) -> None:
        """Replace the bottom screen, keeping overlays above it."""
        if self._screens:
            self._screens[0].shutdown()
            self._screens[0] = screen
        else:
            self._screens.append(screen)
        if len(self._screens) == 1:
            screen.resume()

    def close_transient(self) -> None:
        """Close every overlay marked transient (pickers, prompts) from the top down."""
        while len(self._screens) > 1 and any(s.transient for s in self._screens[1:]):
            self.pop()
