"""The screen for the other four games: their `board` dict as lines and their actions as buttons."""

from __future__ import annotations

from typing import Any, Mapping

from companion.rules.catalog import games
from companion.ui.model import ButtonVM, ViewModel
from companion.ui.screens.masters import GameScreen

MAX_LINES = 6


class GenericGameScreen(GameScreen):
    """Any game: title, phase, the `board` dict flattened into lines, actions + Menu."""

    name = "generic"

    def body(self) -> ViewModel:
        """Lines from the state's `board`, one button per action."""
        s = dict(self.ctx.state)
        game = games().get(s.get("game", ""))
        title = game.title if game else s.get("game", "Game")
        head = " ".join(str(s[k]) for k in ("phase", "step") if s.get(k))
        lines = ([f"Round {s['round']}: {head}"] if "round" in s else [head] if head else []) + board_lines(s.get("board") or {})
        if s.get("outcome"):
            lines.insert(0, f"Game over: {s['outcome']}")
        buttons = self.action_buttons() + [ButtonVM("menu", "Menu")]
        return ViewModel(self.name, title, tuple(lines[:MAX_LINES]), tuple(buttons))

    def picker_grid(self):
        """A picker's district question shows the plain nine districts (this game's board is its own)."""
        return None


def board_lines(board: Mapping[str, Any]) -> list[str]:
    """`{"clock": 5, "bites": {"Anna": 1}}` -> ["clock: 5", "bites: Anna 1"]."""
    out = []
    for key, value in board.items():
        if isinstance(value, Mapping):
            value = ", ".join(f"{k} {v}" for k, v in value.items())
        elif isinstance(value, (list, tuple)):
            value = ", ".join(map(str, value))
        out.append(f"{str(key).replace('_', ' ')}: {value}")
    return out
