"""Who plays: the new-game wizard's names page, and renaming players during a game.

`NamesScreen` asks one name per seat, clockwise from the first player: one press takes a name the
table used last (companion/controllers/names.py hands them over in the settings) or one of the game's
default names, "Type a name" (beside the first of them) opens the on-screen keyboard
(companion/ui/screens/keyboard.py: a group of letters opened, it offers the table's last names
going on with those letters first), and a district button goes back to that seat (A1 = the first). A name
the table may not give (the one name rule, a seat's code like "P2", a name already at the table) is
refused in words. Once every seat has
a name, the last button hands them on (the wizard starts the game or goes on to One Night's roles).

`RenameScreen` is the table menu's "Rename players": pick a player, type the new name; it sends the
game's `rename` command (journaled like any other, so undo takes it back).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from companion.i18n import _
from companion.inputs import DISTRICTS, Press
from companion.narration.words import refusal_text
from companion.rules.names import alike, new_name_problem, nfc
from companion.ui.model import ButtonVM, ViewModel
from companion.ui.screens.base import Screen, UIContext
from companion.ui.screens.keyboard import KeyboardScreen

CHOICES = 9  # one-press names on a page (with Type, Back one, Back: twelve buttons, one page at 800x480
RECENT = "recent_names"  # the shared settings' key (companion/controllers/names.py SETTING)


def name_refusal(name: str, taken: Sequence[str]) -> str | None:
    """Why `name` cannot be given to a player beside `taken`, in the table's words, or None."""
    problem = new_name_problem(name, taken)
    return refusal_text(problem) if problem is not None else None


class NamesScreen(Screen):
    """One name per seat, in seating order; `finish(names)` gets them once every seat has one."""

    name = "names"
    transient = True

    def __init__(
        self,
        ctx: UIContext,
        title: str,
        seats: int,
        defaults: Sequence[str],
        finish: Callable[[list[str]], None],
        finish_label: str,
        names: Sequence[str] = (),
    ) -> None:
        """Ask `seats` names (`names`: those given before, e.g. when coming back from the next page)."""
        super().__init__(ctx)
        self.title = title
        self.names: list[str | None] = [*list(names)[:seats], *[None] * max(0, seats - len(names))]
        self.defaults = list(defaults)
        self.finish = finish
        self.finish_label = finish_label
        self.seat = self._next_free()

    def body(self) -> ViewModel:
        """The seating so far; one-press names and Type for the seat asked, or Start once all are named."""
        seating = ", ".join(n or "-" for n in self.names)
        if self.seat is None:
            buttons = [
                ButtonVM("finish", self.finish_label),
                ButtonVM("again", _("Change the names")),
                ButtonVM("back", _("Back")),
            ]
            lines = (_("Seating, clockwise: {names}").format(names=seating),)
            return ViewModel(self.name, self.title, lines, tuple(buttons))
        # the first one-press name (the primary), then Type a name, in sight whatever the names; taking
        # the last name back only once there is one (never a greyed button answering in red)
        names = [ButtonVM(f"n:{i}", n) for i, n in enumerate(self.choices())]
        buttons = names[:1] + [ButtonVM("type", _("Type a name"))] + names[1:]
        if self.seat > 0:
            buttons.append(ButtonVM("undo-one", _("Undo the last name")))
        buttons.append(ButtonVM("back", _("Back")))
        lines = (
            _("Who sits next, clockwise? ({n} of {total})").format(n=self.seat + 1, total=len(self.names)),
            _("Seating: {names}").format(names=seating),
        )
        return ViewModel(self.name, self.title, lines, tuple(buttons))

    def choices(self) -> list[str]:
        """The names one press gives: the table's last ones, then the game's defaults; none already
        at the table nor like one there (this seat's own aside)."""
        return self.offered(self.defaults)[:CHOICES]

    def offered(self, defaults: Sequence[str] = ()) -> list[str]:
        """The table's last names this seat may take (then `defaults`), most recent first: the
        keyboard offers these (the same in every language, as people's names are)."""
        taken = [n for i, n in enumerate(self.names) if n and i != self.seat]
        recent = self.ctx.settings.get(RECENT) or []
        out: list[str] = []
        for name in [*recent, *defaults]:
            if isinstance(name, str) and not any(alike(name, n) for n in [*taken, *out]):
                out.append(name)
        return out

    def activate(self, button_id: str, kind: Press) -> bool:
        """Take a name, type one, go back a seat, start over, hand the names on or leave."""
        if button_id.startswith("n:"):
            self.give(self.choices()[int(button_id[2:])])
        elif button_id == "type":
            seat = self.seat or 0
            title = _("Name {n} of {total}").format(n=seat + 1, total=len(self.names))
            typed = self.names[seat] or ""
            self.ctx.stack.push(KeyboardScreen(self.ctx, title, typed, done=self.give, names=self.offered()))
        elif button_id == "undo-one" and self.seat:
            self.seat -= 1
            self.names[self.seat] = None
            self._auto_focus = True
        elif button_id == "again":
            self.names = [None] * len(self.names)
            self.seat, self._auto_focus = 0, True
        elif button_id == "finish" and self.seat is None:
            self.finish([n for n in self.names if n])
        elif button_id == "back":
            self.ctx.stack.pop()
        return True

    def give(self, name: str) -> str | None:
        """`name` for the seat asked, then the next seat without one; why not, in words, if refused."""
        if self.seat is None:
            return None
        why = name_refusal(name, [n for i, n in enumerate(self.names) if n and i != self.seat])
        if why:
            self.ctx.fail(why)
            return why
        self.names[self.seat] = nfc(" ".join(name.split()))
        self.seat = self._next_free()
        self._auto_focus = True
        return None

    def on_district(self, pos: str) -> bool:
        """A district button asks that seat again (A1 the first)."""
        i = DISTRICTS.index(pos)
        if i >= len(self.names):
            return False
        self.seat, self._auto_focus = i, True
        return True

    def _next_free(self) -> int | None:
        """The first seat without a name, or None."""
        return next((i for i, n in enumerate(self.names) if not n), None)


class RenameScreen(Screen):
    """Rename players during a game: pick one, type the new name; sends `rename` (undo takes it back)."""

    name = "rename"
    transient = True

    def body(self) -> ViewModel:
        """One button per player (the game API's seats), Back."""
        buttons = [ButtonVM(f"p:{i}", name) for i, name in enumerate(self.players())] + [
            ButtonVM("back", _("Back"))
        ]
        lines = (_("Pick a player, then type the new name."),)
        return ViewModel(self.name, _("Rename players"), lines, tuple(buttons))

    def players(self) -> list[str]:
        """The players' names as the table shows them, in seating order."""
        return [str(p.get("name")) for p in self.ctx.state.get("seats") or () if isinstance(p, dict)]

    def activate(self, button_id: str, kind: Press) -> bool:
        """A player opens the keyboard with their name; Back leaves."""
        if button_id.startswith("p:"):
            old = self.players()[int(button_id[2:])]
            others = [n for n in self.players() if n != old]
            recent = self.ctx.settings.get(RECENT) or []
            names = [n for n in recent if isinstance(n, str) and not any(alike(n, o) for o in others)]
            self.ctx.stack.push(
                KeyboardScreen(
                    self.ctx,
                    _("New name for {name}").format(name=old),
                    old,
                    done=lambda new: self.rename(old, new),
                    names=names,
                )
            )
        elif button_id == "back":
            self.ctx.stack.pop()
        return True

    def on_district(self, pos: str) -> bool:
        """A district button picks the player on that seat (A1 the first)."""
        i = DISTRICTS.index(pos)
        if i < len(self.players()):
            return self.activate(f"p:{i}", Press.SHORT)
        return False

    def rename(self, old: str, new: str) -> str | None:
        """Send `rename` for one player (nothing when the name stays); why not, in words, if refused here."""
        if new == old:
            return None
        why = name_refusal(new, [n for n in self.players() if n != old])
        if why:
            return why
        self.ctx.emit({"cmd": "rename", "names": {old: new}})
        return None
