"""Overlay screens used everywhere: parameter picker, undo prompt, event log."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from companion.i18n import N_, _, speaking_game
from companion.inputs import DISTRICTS, Press
from companion.narration.words import need_word, refusal_text
from companion.rules.base import Action, Param
from companion.ui.model import ButtonVM, CellVM, ViewModel
from companion.ui.screens.base import Screen, UIContext

NUMBER_LIMITS = (0, 20)  # a number's range where the engine leaves an end open
WORDS = {  # what a picker asks for and what Adjust changes, as the screen names them
    "district": N_("district"),
    "to": N_("destination"),
    "from": N_("origin"),
    "pos": N_("position"),
    "where": N_("place"),
    "vampire": N_("vampire"),
    "with": N_("partner"),
    "fighter": N_("fighter"),
    "die": N_("die"),
    "card": N_("card"),
    "minions": N_("minions"),
    "agents": N_("agents"),
    "blood": N_("blood"),
    "kills": N_("kills"),
    "ap": N_("AP"),
    "agents_hidden": N_("hidden agents"),
    "agents_exposed": N_("exposed agents"),
    "veil": N_("veil"),
    "reserve": N_("reserve"),
    "dice": N_("dice"),
    "value": N_("die"),
    "discard": N_("relic to discard"),
    # commands, as Undo names the last one
    "move": N_("move"),
    "expose": N_("expose"),
    "fight": N_("fight"),
    "recruit": N_("recruit"),
    "hunt": N_("hunt"),
    "wild_hunt": N_("wild hunt"),
    "end_turn": N_("end turn"),
    "draw": N_("draw"),
    "place_agents": N_("place agents"),
    "use_die": N_("use a die"),
    "adjust": N_("adjust"),
}


def word(key: str) -> str:
    """The screen's word for a need or a field ("to" -> "destination"), else the game's or the shared
    word for the need (`n` -> "number", companion/narration/words.py's NEEDS), else the key with spaces."""
    if key.startswith("die ") and key[4:].isdigit():
        return _("die {n}").format(n=key[4:])
    if key in WORDS:
        return _(WORDS[key])
    found = need_word(key, speaking_game())
    return found if found is not None else key.replace("_", " ")


def questions(
    params, path: tuple[str, ...] = (), owner: Param | None = None
) -> list[tuple[tuple[str, ...], Param, str]]:
    """The questions a picker asks for `params`: (where the answer goes in the command, the Param, what
    it is called), one per parameter the table must choose, an object's parts one by one (named by
    their key's label: seat "3" is "Ann")."""
    out = []
    for p in params:
        if p.optional:
            continue
        called = (
            word(p.name)
            if owner is None
            else f"{' / '.join(word(k) for k in path)}: {refusal_text(owner.label(p.name))}"
        )
        if p.parts:
            out += questions(p.parts, path + (p.name,), p)
        else:
            out.append((path + (p.name,), p, called))
    return out


class ParamPicker(Screen):
    """Asks the parameters an action still needs, one at a time, then sends its command.

    What to ask and which answers are allowed come from the engine (`Action.params`: each `Param`'s
    kind and allowed values), never from the parameter's name or the game's fields: districts come from
    the district buttons (or a tap on the grid), numbers from veil up/down or the -/+ buttons within
    their range, players, dice, cards and other choices from one button per allowed value (several
    for a list). Confirm accepts the current value.
    """

    name = "picker"
    transient = True

    def __init__(
        self,
        ctx: UIContext,
        action: Action,
        preset: Mapping[str, Any],
        grid: Callable[[str | None, dict[str, str]], tuple[CellVM, ...]] | None = None,
    ) -> None:
        """Ask `action`'s parameters, starting from `preset` values the table already chose (e.g. the
        selected district, where allowed); `grid(selected, marks)` draws the board for a district
        question, the allowed districts marked."""
        super().__init__(ctx)
        self.action = action
        self.asks = questions(action.params)
        self.draw_grid = grid
        self.values: dict[tuple[str, ...], Any] = {}
        for path, p, _called in self.asks:
            if path[-1] in preset and self._allowed(p, preset[path[-1]]):
                self.values[path] = preset[path[-1]]
        self.step = 0
        self._begin_step()

    def _begin_step(self) -> None:
        """Start on the current parameter: numbers at their lowest (1 when that is 0), lists empty; a
        known value puts the focus on OK."""
        p = self.param
        if p.many is not None:
            self.values.setdefault(self.path, [])
        elif self.kind() == "number":
            low, high = self._range()
            self.values.setdefault(self.path, max(low, min(high, 1)))
        elif len(p.choices) == 1:
            self.values.setdefault(self.path, p.choices[0])  # nothing to choose
        if self.values.get(self.path) is not None:
            self.focus_on("ok")
        else:
            self._auto_focus = True

    @property
    def path(self) -> tuple[str, ...]:
        """Where the answer being picked goes in the command."""
        return self.asks[self.step][0]

    @property
    def param(self) -> Param:
        """The parameter being picked now."""
        return self.asks[self.step][1]

    def kind(self) -> str:
        """district | number | choice for the current parameter (players, dice, cards... are choices)."""
        p = self.param
        if p.kind == "district" and not p.parts:
            return "district"
        if p.choices:
            return "choice"
        return "number"

    def body(self) -> ViewModel:
        """The prompt, the choices and OK/Cancel."""
        p, kind, value = self.param, self.kind(), self.values.get(self.path)
        buttons: list[ButtonVM] = []
        if kind in ("choice", "district") and (kind == "choice" or p.many is not None):
            chosen = value if isinstance(value, list) else [value]
            buttons = [
                ButtonVM(f"c:{i}", self._label(v), selected=v in chosen) for i, v in enumerate(p.choices)
            ]
        elif kind == "number":
            buttons = [ButtonVM("minus", "-1"), ButtonVM("plus", "+1")]
        ok = value is not None and (p.many is None or len(value) >= p.many[0])
        buttons += [
            ButtonVM(
                "ok",
                _("OK"),
                enabled=ok,
                primary=True,
                why_not=None if ok else _("choose {what} first").format(what=self._what()),
            ),
            ButtonVM("cancel", _("Cancel")),
        ]
        label = refusal_text(self.action.label)  # the engine's English text, in the table's language
        lines = (
            _("{action}: choose {what}").format(action=label, what=self._what()),
            self._chosen(value, kind),
        )
        grid = self._grid(value) if kind == "district" else ()
        return ViewModel(self.name, label, lines, tuple(buttons), grid)

    def activate(self, button_id: str, kind: Press) -> bool:
        """Choice buttons set (or, for a list, toggle) the value; OK moves on or sends; Cancel closes."""
        head, colon, rest = button_id.partition(":")
        if head == "c":
            self._pick(self.param.choices[int(rest)])
        elif button_id in ("minus", "plus"):
            return self.on_veil(1 if button_id == "plus" else -1)
        elif button_id == "ok":
            return self._accept()
        elif button_id == "cancel":
            self.ctx.stack.pop()
        return True

    def on_district(self, pos: str) -> bool:
        """A district button answers a district question (one the engine allows)."""
        if self.kind() != "district" or pos not in self.param.choices:
            return False
        self._pick(pos)
        return True

    def on_veil(self, delta: int) -> bool:
        """Veil up/down step a number within its range."""
        if self.kind() != "number":
            return False
        low, high = self._range()
        self.values[self.path] = min(high, max(low, int(self.values.get(self.path, low)) + delta))
        return True

    def _pick(self, value: Any) -> None:
        """Set the answer (a list: add or remove `value`; repeats add once more)."""
        p = self.param
        if p.many is None:
            self.values[self.path] = value
            self.focus_on("ok")
            return
        now = list(self.values.get(self.path) or [])
        most = p.many[1]
        if value in now and not p.repeat:
            now.remove(value)
        elif most is None or len(now) < most:
            now.append(value)
        self.values[self.path] = now

    def _accept(self) -> bool:
        """Next parameter, or send the completed command and close."""
        value = self.values.get(self.path)
        if value is None or (self.param.many is not None and len(value) < self.param.many[0]):
            return True
        if self.step + 1 < len(self.asks):
            self.step += 1
            self._begin_step()
            return True
        command = dict(self.action.command)
        for path, answer in self.values.items():
            node = command
            for key in path[:-1]:
                node = node.setdefault(key, {})
            node[path[-1]] = answer
        self.ctx.emit(command)
        self.ctx.stack.pop()
        return True

    def _range(self) -> tuple[int, int]:
        """The current number's range (an open end: NUMBER_LIMITS)."""
        p = self.param
        low = p.low if p.low is not None else NUMBER_LIMITS[0]
        return low, p.high if p.high is not None else max(low, NUMBER_LIMITS[1])

    def _what(self) -> str:
        """What is being asked, in words ("destination", "votes: Ann")."""
        return self.asks[self.step][2]

    def _label(self, value: Any) -> str:
        """An allowed value as the engine labels it, in the table's language."""
        return refusal_text(self.param.label(value))

    def _grid(self, value: Any) -> tuple[CellVM, ...]:
        """The board for a district question, the allowed districts marked and the chosen one selected:
        the screen's own board, else the nine districts."""
        selected = value if isinstance(value, str) else None
        allowed = {pos: "active" for pos in self.param.choices if pos in DISTRICTS}
        if self.draw_grid is not None:
            return self.draw_grid(selected, allowed)
        return tuple(CellVM(pos, pos, (), allowed.get(pos, ""), pos == selected) for pos in DISTRICTS)

    @staticmethod
    def _allowed(p: Param, value: Any) -> bool:
        """Whether a preset value is one the parameter allows."""
        if p.choices:
            return value in p.choices
        return (
            isinstance(value, int)
            and (p.low is None or value >= p.low)
            and (p.high is None or value <= p.high)
        )

    def _chosen(self, value: Any, kind: str) -> str:
        """What is chosen so far, as a sentence (never "Now: -")."""
        if value is None:
            return (
                _("Nothing chosen yet: press a district button or tap the board.")
                if kind == "district"
                else _("Nothing chosen yet.")
            )
        return _("Chosen: {value}.").format(value=self._show(value))

    def _show(self, value: Any) -> str:
        """The current value as text."""
        if isinstance(value, list):
            return ", ".join(self._label(v) for v in value) or _("none")
        return self._label(value) if self.param.choices else str(value)


class UndoConfirm(Screen):
    """Undo asks once: Undo again (or Confirm) undoes the last step; Back keeps it."""

    name = "undo"
    transient = True

    def body(self) -> ViewModel:
        """The question and what would be undone."""
        info = self.ctx.view.info if self.ctx.view else {}
        last = info.get("last") or (self.ctx.log[-1] if self.ctx.log else _("the last step"))
        lines = (
            _("Undo the last step, {step}?").format(step=word(last)),
            _("Press Undo again or Confirm to undo it; Back keeps it."),
        )
        return ViewModel(
            self.name, _("Undo?"), lines, (ButtonVM("undo", _("Undo it")), ButtonVM("keep", _("Keep")))
        )

    def activate(self, button_id: str, kind: Press) -> bool:
        """Undo or keep, then close."""
        if button_id == "undo":
            self.ctx.emit({"intent": "undo"})
        self.ctx.stack.pop()
        return True

    def on_undo(self, kind: Press) -> bool:
        """Undo pressed again: do it."""
        return self.activate("undo", kind)


class LogScreen(Screen):
    """The event log, newest last; up/down scroll back."""

    name = "log"
    PAGE = 8

    def __init__(self, ctx: UIContext) -> None:
        """Start at the newest entries."""
        super().__init__(ctx)
        self.offset = 0

    def body(self) -> ViewModel:
        """The visible page of log lines."""
        log = list(self.ctx.log)
        end = max(0, len(log) - self.offset)
        lines = tuple(log[max(0, end - self.PAGE) : end]) or (_("Nothing happened yet."),)
        return ViewModel(
            self.name, _("Event log ({n})").format(n=len(log)), lines, (ButtonVM("back", _("Back")),)
        )

    def activate(self, button_id: str, kind: Press) -> bool:
        """Back closes."""
        self.ctx.stack.pop()
        return True

    def on_veil(self, delta: int) -> bool:
        """Up scrolls to older entries, down to newer."""
        self.offset = max(0, min(len(self.ctx.log) - 1, self.offset + delta * (self.PAGE // 2)))
        return True


def changed_label(label: str, was: Any, now: Any) -> str:
    """A count being corrected: "Altar: 1" while unchanged, "Altar: 0, now 1" once changed (no arrows)."""
    if was == now:
        return f"{label}: {now}"
    return _("{label}: {was}, now {now}").format(label=label, was=was, now=now)
