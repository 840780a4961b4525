"""Masters of the Night's new-game wizard: the vampires in seating order, then difficulty and deck.

A first game in few presses: once two vampires sit, the focus is on Next; the options page opens on
Start (its defaults are a game). The seed is the settings' (the developer options), not asked here.

With your own box (a physical deck and a tracker nobody taught yet) the start goes through the
tracker walk first (`companion.games.masters.ownbox_screens.ask_tracker`).
"""

from __future__ import annotations

from companion.i18n import N_, _
from companion.inputs import Press
from companion.ui.model import ButtonVM, ViewModel
from companion.ui.screens.base import Screen, UIContext

DECK_LABELS = {"physical": N_("Your physical deck"), "digital": N_("Example deck (demo)")}


class MastersWizard(Screen):
    """New Masters game: vampires in seating order (page 1), then difficulty and deck (page 2)."""

    name = "wizard"
    transient = True

    def __init__(self, ctx: UIContext) -> None:
        """Defaults from the settings (deck mode, seed)."""
        super().__init__(ctx)
        self.page = 0
        self.vampires: list[str] = []
        self.difficulty = "medium"
        from companion.games.masters.ownbox import deck_order

        self.decks = deck_order(ctx.settings)  # your physical deck first on a Pi or while nothing is taught
        self.deck = self.decks[0]
        self.seed = int(ctx.settings.get("seed", 1))

    def body(self) -> ViewModel:
        """The page's choices as toggles."""
        from companion.games.masters import view as mv  # loaded with this page, not with the title screen

        if self.page == 0:
            n = len(self.vampires)
            ok = 2 <= n <= 5
            buttons = [ButtonVM(f"v:{name}", f"{self.vampires.index(name) + 1}. {name}" if name in self.vampires else name,
                                selected=name in self.vampires, icon=mv.PORTRAITS.get(name, "")) for name in mv.VAMPIRES]
            buttons += [ButtonVM("next", _("Next"), enabled=ok, primary=True, why_not=None if ok else _("choose 2 to 5 vampires")),
                        ButtonVM("back", _("Back"))]
            lines = (_("Tap the vampires in seating order (clockwise)."), _("Seating: {names}").format(names=", ".join(self.vampires)) if self.vampires else _("Nobody seated yet."))
            return ViewModel(self.name, _("New game: vampires"), lines, tuple(buttons))
        buttons = [ButtonVM(f"k:{k}", _(DECK_LABELS[k]), selected=k == self.deck) for k in self.decks]
        buttons += [ButtonVM(f"d:{d}", _(mv.DIFFICULTY_NAMES[d]), selected=d == self.difficulty) for d in mv.DIFFICULTIES]
        buttons += [ButtonVM("start", _("Start"), primary=True), ButtonVM("back", _("Back"))]
        lines = (_("{vampires}: {difficulty}, {deck}").format(vampires=", ".join(self.vampires), difficulty=_(mv.DIFFICULTY_NAMES[self.difficulty]),
                                                             deck=_(DECK_LABELS[self.deck])),)
        return ViewModel(self.name, _("New game: options"), lines, tuple(buttons))

    def activate(self, button_id: str, kind: Press) -> bool:
        """Toggle vampires, choose options, start."""
        head, colon, rest = button_id.partition(":")
        if head == "v":
            self.vampires.remove(rest) if rest in self.vampires else self.vampires.append(rest)
            if len(self.vampires) == 2 and rest in self.vampires:  # the fewest a game takes: Next is one press away
                self.focus_later("next")
        elif head in ("d", "k"):  # an option chosen: Start is the next press again
            if head == "d":
                self.difficulty = rest
            else:
                self.deck = rest
            self.focus_later("start")
        elif button_id == "next":
            self.page = 1
            self.focus_later("start")  # the options have their defaults: Start is the next press
        elif button_id == "start":
            from companion.games.masters.ownbox_screens import ask_tracker

            setup = {"cmd": "setup", "game": "masters", "vampires": list(self.vampires),
                     "difficulty": self.difficulty, "deck": self.deck, "seed": self.seed}
            if not ask_tracker(self.ctx, setup):  # your own box: the tracker's numbers once, first
                self.ctx.emit(setup)
        elif button_id == "back":
            return self.on_back()
        return True

    def on_back(self) -> bool:
        """Back goes to the first page, then closes."""
        if self.page == 1:
            self.page, self.focus = 0, 0
            return True
        self.ctx.stack.pop()
        return True
