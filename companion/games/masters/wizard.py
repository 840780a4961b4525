"""Masters of the Night's new-game wizard: the vampires in seating order, the difficulty and the deck.

A first game in few presses, all on one page: a vampire seated moves the focus to the next free
one, and once two sit the focus is on Start. The deck is asked by the Start buttons themselves, one
per deck ("Start with your physical deck", "Start with the example deck"), the deck offered first
(`ownbox.deck_order`) the primary: either deck starts the game one or two presses after the second
vampire. The difficulty is one button ("Difficulty: Medium"), each press the next one. The seed is the
settings' (the developer options), never asked here. One way back: Back, to the title.

With your own box (a physical deck and a tracker nobody taught yet) the start goes through the
tracker walk first (`companion.games.masters.ownbox_screens.ask_tracker`).
"""

from __future__ import annotations

from companion.i18n import N_, _
from companion.inputs import Press
from companion.ui.model import ButtonVM, ViewModel
from companion.ui.screens.base import Screen, UIContext

START_LABELS = {"physical": N_("Start with your physical deck"), "digital": N_("Start with the example deck")}


class MastersWizard(Screen):
    """New Masters game on one page: vampires in seating order, difficulty, Start with a deck."""

    name = "wizard"
    transient = True

    def __init__(self, ctx: UIContext) -> None:
        """Defaults from the settings (deck mode, seed)."""
        super().__init__(ctx)
        self.vampires: list[str] = []
        self.difficulty = "medium"
        from companion.games.masters.ownbox import deck_order

        self.decks = deck_order(ctx.settings)  # your physical deck first on a Pi or while nothing is taught
        self.deck = self.decks[0]
        self.seed = int(ctx.settings.get("seed", 1))

    def body(self) -> ViewModel:
        """The vampires as toggles, the Start buttons (one per deck), the difficulty, Back."""
        from companion.games.masters import view as mv  # loaded with this page, not with the title screen

        n = len(self.vampires)
        ok = 2 <= n <= 5
        why = None if ok else _("choose 2 to 5 vampires")
        # the deck is asked by the Start buttons themselves (the one offered first is the primary, the
        # other one Next away from it); the vampires, the difficulty (one button, each press the next)
        # and the one way back: ten buttons, one page at every size
        buttons = [
            ButtonVM(f"start:{k}", _(START_LABELS[k]), enabled=ok, primary=i == 0, why_not=why)
            for i, k in enumerate(self.decks)
        ]
        buttons += [
            ButtonVM(
                f"v:{name}",
                f"{self.vampires.index(name) + 1}. {name}" if name in self.vampires else name,
                selected=name in self.vampires,
                icon=mv.PORTRAITS.get(name, ""),
            )
            for name in mv.VAMPIRES
        ]
        label = _("Difficulty: {difficulty}").format(difficulty=_(mv.DIFFICULTY_NAMES[self.difficulty]))
        buttons += [ButtonVM("difficulty", label), ButtonVM("back", _("Back"))]
        seating = (
            _("Seating: {names}").format(names=", ".join(self.vampires))
            if self.vampires
            else _("Nobody seated yet.")
        )
        lines = (_("Tap the vampires in seating order (clockwise)."), seating)
        return ViewModel(self.name, _("New game"), lines, tuple(buttons))

    def activate(self, button_id: str, kind: Press) -> bool:
        """Toggle vampires, choose the difficulty, start with a deck, or leave."""
        head, colon, rest = button_id.partition(":")
        if head == "v":
            self.vampires.remove(rest) if rest in self.vampires else self.vampires.append(rest)
            if 2 <= len(self.vampires) <= 5 and rest in self.vampires:  # a game: Start is one press away
                self.focus_later(f"start:{self.decks[0]}")
            elif len(self.vampires) < 2 and rest in self.vampires:  # the next free vampire is one press away
                self.focus_later(f"v:{self._next_free(rest)}")
        elif button_id == "difficulty":  # the next difficulty (Easy, Medium, Hard, Easy ...); the focus stays
            from companion.games.masters import view as mv

            self.difficulty = mv.DIFFICULTIES[
                (mv.DIFFICULTIES.index(self.difficulty) + 1) % len(mv.DIFFICULTIES)
            ]
        elif head == "start" and rest in self.decks and 2 <= len(self.vampires) <= 5:
            from companion.games.masters.ownbox_screens import ask_tracker

            self.deck = rest
            setup = {
                "cmd": "setup",
                "game": "masters",
                "vampires": list(self.vampires),
                "difficulty": self.difficulty,
                "deck": self.deck,
                "seed": self.seed,
            }
            if not ask_tracker(self.ctx, setup):  # your own box: the tracker's numbers once, first
                self.ctx.emit(setup)
        elif button_id == "back":
            return self.on_back()
        return True

    def _next_free(self, after: str) -> str:
        """The first vampire not seated yet after `after` in the list (round to the start)."""
        from companion.games.masters import view as mv

        names = list(mv.VAMPIRES)
        i = names.index(after)
        return next((n for n in names[i + 1 :] + names[: i + 1] if n not in self.vampires), after)

    def on_back(self) -> bool:
        """Back (the button or the key) closes the wizard: the one way back, to the title."""
        self.ctx.stack.pop()
        return True
