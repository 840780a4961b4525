"""Typing a name without a keyboard: letters in nine groups, as on a phone's keypad.

The first page is a keypad: the nine groups (A B C ... W X Y Z, then Ä Ö Ü, the hyphen, the
apostrophe and the space) three to a row, laid out as the nine district buttons are, and under them
Delete, Done and Cancel, all on the one page (a list of equals: no big primary button, which would
push Delete and Cancel behind "More"). A group opens its letters, and a letter goes in and brings the
groups back. A district button opens the group in its place at once (the top left one A B C ... the
bottom right one Ä Ö Ü - ' and space), so the physical buttons type a letter with two presses: the
district, then Confirm (Next first for the second or third letter of the group), and undo takes the
last letter back. Touch works on every button; nobody needs a physical keyboard. A letter is a
capital at the start and after a space, else small.

Names used before come first: a group's letters page opens on the names the screen that asked hands
over (`names`: the names used before at this table) that go on with the text typed
and one of that group's letters, at most `PREDICTED` of them, the first one focused: one press takes
the name whole and hands it on, as Done would. "Greta", used at this table before, is the group
G H I (or the district A3) and Confirm: two to four presses, not twenty-five.

Used for players' names (the new-game wizard, renaming players) and for what the table teaches
(Masters' district and card names). Done either hands the name to the screen that asked (`done`,
which may refuse it in words) or sends `result` with the name to the loop as an intent.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from companion.i18n import _
from companion.inputs import DISTRICTS, MAX_NAME, Press
from companion.ui.model import ButtonVM, ViewModel
from companion.ui.screens.base import Screen, UIContext

NAME_MAX = MAX_NAME  # the one name rule's limit (companion/rules/names.py)
GROUPS = ("ABC", "DEF", "GHI", "JKL", "MNO", "PQRS", "TUV", "WXYZ", "ÄÖÜ-' ")  # one per district, A1 first
PREDICTED = 3  # names offered on a group's letters page (with its six letters at most and Back: one page)


class KeyboardScreen(Screen):
    """The letter groups and the name typed so far. Done sends `result` plus `name` to the loop, or,
    with `done`, hands the name to it: `done(name)` returns why it is refused (shown, the keyboard
    stays) or None (taken: the keyboard closes)."""

    name = "keyboard"

    def __init__(
        self,
        ctx: UIContext,
        title: str,
        text: str,
        result: Mapping[str, Any] | None = None,
        done: Callable[[str], str | None] | None = None,
        names: Sequence[str] = (),
    ) -> None:
        """Type over `text` (kept, so a correction is one or two keys); `names`: the ones to offer,
        the likeliest first."""
        super().__init__(ctx)
        self.names = [n for n in names if isinstance(n, str) and n.strip()]
        self.title = title
        self.text = text[:NAME_MAX]
        self.result = dict(result or {})
        self.done = done
        self.group: int | None = None  # the group whose letters are shown, or None: the groups

    @property
    def has_primary(self) -> bool:  # type: ignore[override]
        """A group's letters page has its big first choice (the likeliest name, else the first letter);
        the keypad has none: its twelve keys fit one page at touch size only as equals."""
        return self.group is not None

    def body(self) -> ViewModel:
        """The groups (or one group's letters) and the editing buttons; the name so far on one line."""
        if self.group is not None:  # the names going on with one of these letters first, then the letters
            buttons = [ButtonVM(f"p:{i}", name) for i, name in enumerate(self.predicted())]
            buttons += [ButtonVM(f"k:{c}", self._label(c)) for c in GROUPS[self.group]]
            buttons.append(ButtonVM("groups", _("Back to the letters")))
        else:
            full = len(self.text) >= NAME_MAX
            long_why = _("the name is long enough") if full else None
            done_why = None if self.text.strip() else _("type at least one letter")
            buttons = [
                ButtonVM(
                    f"g:{i}", " ".join(self._label(c) for c in group), enabled=not full, why_not=long_why
                )
                for i, group in enumerate(GROUPS)
            ]
            if self.text:  # nothing typed: no Done nor Delete (greyed), the keypad and Cancel
                buttons += [
                    ButtonVM("del", _("Delete")),
                    ButtonVM("done", _("Done"), enabled=done_why is None, why_not=done_why),
                ]
            buttons.append(ButtonVM("back", _("Cancel")))
        hint = _("Each district button opens the letters in its place.")
        return ViewModel(self.name, self.title, (f"{self.text}_",), tuple(buttons), hint=hint)

    def activate(self, button_id: str, kind: Press) -> bool:
        """A group opens its letters, a letter goes in; space, delete, finish or cancel."""
        head, _sep, rest = button_id.partition(":")
        if head == "g":
            self._open(int(rest))
        elif head == "p":
            names = self.predicted()
            if int(rest) < len(names):
                self.text = names[int(rest)]
                self._close_group()
                self._finish()
        elif head == "k":
            self._type(rest)
        elif button_id in ("groups", "back"):  # the shown Back button does what the Back key does
            self.on_back()
        elif button_id == "del":
            self.text = self.text[:-1]
        elif button_id == "done":
            self._finish()
        return True

    def on_district(self, pos: str) -> bool:
        """A district button opens its group of letters."""
        self._open(DISTRICTS.index(pos))
        return True

    def on_veil(self, delta: int) -> bool:
        """Veil up/down do nothing here (they would correct the game's counts)."""
        return True

    def on_undo(self, kind: Press) -> bool:
        """Undo (Backspace on a PC) takes the last letter back, as Delete does; the game's undo waits
        until the keyboard is closed."""
        self.text = self.text[:-1]
        return True

    def on_back(self) -> bool:
        """Back: from a group's letters to the groups, else cancel."""
        if self.group is not None:
            self._close_group()
            return True
        self.ctx.stack.pop()
        return True

    def _open(self, group: int) -> None:
        """Show `group`'s letters, the focus on the first."""
        if len(self.text) >= NAME_MAX:
            self.ctx.fail(_("the name is long enough"))
            return
        self.group = group
        self.focus, self._auto_focus = 0, False

    def _close_group(self) -> None:
        """Back to the groups, the focus on the group just used (the next letter is often in it)."""
        group, self.group = self.group, None
        self.focus, self._auto_focus = 0, False
        self.focus_on(f"g:{group or 0}")  # by its id: Done, once there, is drawn first

    def _type(self, letter: str) -> None:
        """Put `letter` in (as typed: a capital at the start and after a space; a space never first or
        twice), then the groups again."""
        if len(self.text) < NAME_MAX and not (letter == " " and (not self.text or self.text.endswith(" "))):
            self.text += self._as_typed(letter)
        self._close_group()

    def predicted(self) -> list[str]:
        """The names offered on the open group's page: those going on with the text so far and one of
        the group's letters (as people tell names apart: "greta" is "Greta"), in the order given."""
        if self.group is None:
            return []
        starts = tuple((self.text + self._as_typed(c)).casefold() for c in GROUPS[self.group] if c != " ")
        out: list[str] = []
        for name in self.names:
            key = name.casefold()
            if key.startswith(starts) and key not in (n.casefold() for n in out):
                out.append(name)
        return out[:PREDICTED]

    def _label(self, letter: str) -> str:
        """A key's label: the letter as it would go in, the space as a word."""
        return _("Space") if letter == " " else self._as_typed(letter)

    def _as_typed(self, letter: str) -> str:
        """`letter` as it would go in now."""
        return letter if not self.text or self.text.endswith(" ") else letter.lower()

    def _finish(self) -> None:
        """Done: the name (spaces tidied) to whoever asked; a refusal keeps the keyboard open."""
        name = " ".join(self.text.split())
        if not name:
            return
        if self.done is not None:
            why = self.done(name)
            if why:
                self.ctx.fail(why)
                return
        else:
            self.ctx.emit(dict(self.result, name=name))
        if self.ctx.stack.top is self:
            self.ctx.stack.pop()
