"""The evening's story full screen: the chart of the game on show (companion/ui/story.py)."""

from __future__ import annotations

from companion.inputs import Press
from companion.ui.model import ButtonVM, ViewModel
from companion.ui.screens.base import Screen


class StoryScreen(Screen):
    """The story chart of the game, from a game-over screen whose own picture is the board."""

    name = "story"
    transient = True

    def body(self) -> ViewModel:
        """The chart over the whole screen, Back below."""
        chart = self.ctx.chart()
        title = chart.title if chart is not None else "Story"
        return ViewModel(self.name, title, (), (ButtonVM("back", "Back"),), chart=chart)

    def activate(self, button_id: str, kind: Press) -> bool:
        """Back closes."""
        return self.on_back()
