"""What is wrong: the Details behind the banner strip, one trouble at a time.

The strip (companion/ui/render.py) says the first trouble in one line; a tap on it, or the menu's
"What is wrong" entry (buttons only), opens this screen. Each trouble is its advice in the table's
language (what happened, what to do), then the technical details as the part wrote them (the OS
error, the port, the file): for whoever repairs the table, and only here.
"""

from __future__ import annotations

from companion.i18n import _
from companion.inputs import Press
from companion.ui.model import ButtonVM, ViewModel
from companion.ui.screens.base import Screen
from companion.ui.troubles import troubles


class TroublesScreen(Screen):
    """The banners' Details: advice and technical details of one trouble, Next for the next one."""

    name = "troubles"

    def __init__(self, ctx) -> None:
        """Start at the first (most important) trouble."""
        super().__init__(ctx)
        self.index = 0

    def body(self) -> ViewModel:
        """The trouble on show: its headline as the title, its advice, its technical details."""
        shown = troubles(self.ctx.status)
        if not shown:
            return ViewModel(
                self.name,
                _("Nothing is wrong"),
                (_("Every part of the table works."),),
                (ButtonVM("back", _("Back")),),
            )
        self.index %= len(shown)
        t = shown[self.index]
        title = (
            _("What is wrong")
            if len(shown) == 1
            else _("Problem {i} of {n}").format(i=self.index + 1, n=len(shown))
        )
        lines = (t.advice, _("Technical details: {why}").format(why=t.why))
        buttons = ((ButtonVM("next", _("Next problem")),) if len(shown) > 1 else ()) + (
            ButtonVM("back", _("Back")),
        )
        return ViewModel(self.name, title, lines, buttons)

    def activate(self, button_id: str, kind: Press) -> bool:
        """Next shows the next trouble; Back closes."""
        if button_id == "next":
            self.index += 1
            return True
        self.ctx.stack.pop()
        return True
