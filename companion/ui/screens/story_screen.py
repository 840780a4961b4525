"""The evening's story full screen: the end-of-game card of the game on show (companion/ui/cardview.py)."""

from __future__ import annotations

from companion.i18n import _
from companion.inputs import Press
from companion.ui.model import ButtonVM, ViewModel
from companion.ui.screens.base import Screen


class StoryScreen(Screen):
    """The end-of-game card of the game on show, with Back (a game still running shows its card so far)."""

    name = "story"
    transient = True

    def body(self) -> ViewModel:
        """The card over the whole screen, Back below."""
        card = self.ctx.card()
        title = card.title if card is not None else _("Story")
        return ViewModel(self.name, title, (), (ButtonVM("back", _("Back")),), card=card)

    def activate(self, button_id: str, kind: Press) -> bool:
        """Back closes."""
        return self.on_back()
