"""The four other games' parameter picker: the parameters an action still needs, asked one at a time
(companion/ui/screens/others/asked.py says what each asks). District buttons pick seats or rooms,
veil up/down step numbers, an optional one may be left out; the answers become the command's
fields. Nothing changes game state: the screen only gives back the command.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.i18n import _
from companion.inputs import DISTRICTS, Press
from companion.ui.model import ButtonVM, CellVM, SeatVM, ViewModel
from companion.ui.screens.base import Screen, UIContext
from companion.ui.screens.others.asked import Param

STEPS = {"minus": -1, "plus": 1, "minus10": -10, "plus10": 10}
_NONE = object()  # "no option here" (None may be a real option value)
_SKIP = object()  # a left-out optional answer


class Picker(Screen):
    """Asks an action's parameters one at a time, then sends the completed command.

    Choices are buttons (district buttons pick seats and rooms when the question has them), numbers
    step with veil up/down or the -/+ buttons, Back returns to the previous question.
    """

    name = "pick"
    transient = True

    def __init__(
        self,
        ctx: UIContext,
        label: str,
        command: Mapping[str, Any],
        params: Sequence[Param],
        selected: str | None = None,
    ) -> None:
        """Ask `params` for `command`; a `selected` district pre-fills the first seat question."""
        super().__init__(ctx)
        self.label = label
        self.command = dict(command)
        self.params = list(params)
        self.values: dict[tuple[str, ...], Any] = {}
        self.step = 0
        first = self.params[0]
        if selected and dict(first.seats).get(selected) is not None and first.kind == "choice":
            self.values[first.path] = dict(first.seats)[selected]
        self._begin()

    @property
    def param(self) -> Param:
        """The question being answered now."""
        return self.params[self.step]

    def _begin(self) -> None:
        """Start a question: numbers and lists get their default; a known answer focuses OK."""
        p = self.param
        if p.path not in self.values:
            if p.kind == "number":
                self.values[p.path] = p.default if p.default is not None else p.lo
            elif p.kind in ("multi", "cards"):
                self.values[p.path] = list(p.default or [])
            elif p.default is not None:
                self.values[p.path] = p.default
        if self.values.get(p.path) is not None:
            self.focus_on("ok")
        else:
            self._auto_focus = True

    def body(self) -> ViewModel:
        """The question, the choices, OK / Leave out / Back / Cancel."""
        p, value = self.param, self.values.get(self.param.path)
        buttons = self._choice_buttons(p, value)
        ok = value is not None
        buttons.append(
            ButtonVM(
                "ok",
                _("OK") if self.step + 1 < len(self.params) else _("Send"),
                primary=True,
                enabled=ok,
                why_not=None if ok else _("choose first"),
            )
        )
        if p.optional:
            buttons.append(ButtonVM("skip", _("Leave out")))
        if self.step:
            buttons.append(ButtonVM("prev", _("Back")))
        buttons.append(ButtonVM("cancel", _("Cancel")))
        lines = [
            _("{question} ({n} of {total})").format(
                question=p.question, n=self.step + 1, total=len(self.params)
            ),
            _("Chosen: {value}.").format(value=self._show(p, value))
            if self._show(p, value)
            else _("Nothing chosen yet."),
        ]
        if p.seats:
            lines.append(_("District buttons pick on the board too"))
        grid = self._grid(p, value) if p.seats and not p.around else ()
        return ViewModel(
            self.name, self.label, tuple(lines), tuple(buttons), grid, table=self._table(p, value)
        )

    def _table(self, p: Param, value: Any) -> tuple[SeatVM, ...]:
        """The seats round the table (a question that has them): whoever is asked, the one chosen."""
        allowed = {v for v, _label in p.options}
        return tuple(SeatVM(pos, name, v == value, v == p.own, v in allowed) for pos, name, v in p.around)

    def _choice_buttons(self, p: Param, value: Any) -> list[ButtonVM]:
        """Option toggles, or the number and score-card steppers."""
        if p.kind == "choice":
            return [
                ButtonVM(f"o:{i}", label, selected=(v == value)) for i, (v, label) in enumerate(p.options)
            ]
        if p.kind == "multi":
            return [
                ButtonVM(f"o:{i}", label, selected=(v in (value or [])))
                for i, (v, label) in enumerate(p.options)
            ]
        if p.kind == "cards":
            return [
                ButtonVM(f"o:{i}", _("Add {card}").format(card=label))
                for i, (v, label) in enumerate(p.options)
            ] + [ButtonVM("drop", _("Remove last"))]
        big = p.hi - p.lo > 20
        steps = (
            [("minus10", "-10"), ("minus", "-1"), ("plus", "+1"), ("plus10", "+10")]
            if big
            else [("minus", "-1"), ("plus", "+1")]
        )
        return [ButtonVM(i, label) for i, label in steps]

    def _grid(self, p: Param, value: Any) -> tuple[CellVM, ...]:
        """Seats or rooms on the 3x3 grid, the chosen one(s) selected."""
        labels = {v: label for v, label in p.options}
        chosen = value if isinstance(value, list) else [value]
        cells = []
        for pos in DISTRICTS:
            v = dict(p.seats).get(pos, _NONE)
            title = labels.get(v, "") if v is not _NONE else dict(p.board).get(pos, "")
            cells.append(
                CellVM(pos, title, (), "" if v is _NONE else "done" if v in chosen else "", v in chosen)
            )
        return tuple(cells)

    def activate(self, button_id: str, kind: Press) -> bool:
        """Options set or toggle the answer; steppers change numbers; OK/Leave out/Back/Cancel move."""
        p = self.param
        if button_id.startswith("o:"):
            self._pick(p.options[int(button_id[2:])][0])
        elif button_id in STEPS:
            self.on_veil(STEPS[button_id])
        elif button_id == "drop":
            self.values[p.path] = list(self.values.get(p.path) or [])[:-1]
        elif button_id == "ok":
            self._next()
        elif button_id == "skip":
            self.values[p.path] = _SKIP
            self._next()
        elif button_id == "prev":
            self.on_back()
        elif button_id == "cancel":
            self.ctx.stack.pop()
        return True

    def _pick(self, value: Any) -> None:
        """Set (choice), toggle (multi) or append (cards) `value`."""
        p = self.param
        if p.kind == "multi":
            now = list(self.values.get(p.path) or [])
            self.values[p.path] = [v for v in now if v != value] if value in now else now + [value]
        elif p.kind == "cards":
            self.values[p.path] = list(self.values.get(p.path) or []) + [value]
        else:
            self.values[p.path] = value
            self.focus_on("ok")

    def on_district(self, pos: str) -> bool:
        """A district button answers a seat or room question."""
        value = dict(self.param.seats).get(pos, _NONE)
        if value is _NONE:
            return False
        self._pick(value)
        return True

    def on_veil(self, delta: int) -> bool:
        """Veil up/down step a number question."""
        p = self.param
        if p.kind != "number":
            return False
        self.values[p.path] = min(p.hi, max(p.lo, int(self.values.get(p.path) or 0) + delta))
        return True

    def on_back(self) -> bool:
        """Back: the previous question, or close on the first."""
        if self.step == 0:
            self.ctx.stack.pop()
            return True
        self.step -= 1
        self._begin()
        return True

    def _next(self) -> None:
        """Next question, or send the command and close."""
        if self.values.get(self.param.path) is None:
            return
        if self.step + 1 < len(self.params):
            self.step += 1
            self._begin()
            return
        self.ctx.emit(self.result())
        self.ctx.stack.pop()

    def result(self) -> dict[str, Any]:
        """The command with every answer put at its path (left-out answers are not sent)."""
        out = dict(self.command)
        for p in self.params:
            value = self.values.get(p.path)
            if value is _SKIP or value is None:
                continue
            node = out
            for key in p.path[:-1]:
                node = node.setdefault(key, {})
            node[p.path[-1]] = value
        return out

    @staticmethod
    def _show(p: Param, value: Any) -> str:
        """The answer so far as text."""
        if value is None or value is _SKIP:
            return ""  # nothing chosen yet: the picker says so in a sentence
        labels = {v: label for v, label in p.options}
        if isinstance(value, list):
            return ", ".join(str(labels.get(v, v)) for v in value) or _("none")
        return str(labels.get(value, value))
