"""The game screen every game's screens build on: the game's actions as buttons, plus Menu.

Every button comes from `game.actions(state)` (a greyed one keeps the engine's reason); an action
that still needs values opens a picker (`Screen.run_action`); a district pressed first is offered as
the value of a `district` or `to` parameter. A game's own screens add what they show (its board, its
counts) in `body`; the generic screen (`companion.ui.screens.generic`) shows any game with this alone.
"""

from __future__ import annotations

from typing import Any

from companion.inputs import Press
from companion.rules.base import Action
from companion.ui.model import ButtonVM, action_button
from companion.ui.screens.base import Screen


class GameScreen(Screen):
    """A screen whose buttons are the game's actions plus Menu."""

    name = "game"
    scenery = True
    shows_log = True

    @property
    def actions(self) -> tuple[Action, ...]:
        """The actions of the current view."""
        return self.ctx.view.actions if self.ctx.view else ()

    def action_buttons(self, skip: tuple[str, ...] = ()) -> list[ButtonVM]:
        """A button per action (those whose verb is in `skip` are drawn by the screen itself)."""
        return [action_button(i, a) for i, a in enumerate(self.actions) if a.command.get("cmd") not in skip]

    def activate(self, button_id: str, kind: Press) -> bool:
        """Action buttons run their action (pre-filling the selected district); Menu opens the menu."""
        if button_id.startswith("act:"):
            i = int(button_id[4:])
            if i < len(self.actions):
                return self.run_action(self.actions[i], self.preset())
        if button_id == "menu":
            return self.on_menu()
        return False

    def preset(self) -> dict[str, Any]:
        """Parameter values the table already chose (the selected district)."""
        return {k: self.selected for k in ("district", "to")} if self.selected else {}

    def state(self) -> dict[str, Any]:
        """The state JSON."""
        return dict(self.ctx.state)
