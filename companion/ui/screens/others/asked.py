"""What the engine's actions ask, for the four other games' screens: `from_engine` turns an action's
parameters (`companion.rules.base.Param`: kind and allowed values) into picker questions, and
`ActionMenu` asks which one of a group of actions (a claim per player, a Ritual per target). A
question is a `Param` (`choice`, `number` make the common ones)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.i18n import _
from companion.inputs import DISTRICTS, Press
from companion.narration.words import need_question, refusal_text
from companion.rules.base import Action
from companion.ui.model import ButtonVM, ViewModel, action_button
from companion.ui.screens.base import Screen, UIContext


@dataclass(frozen=True)
class Param:
    """One value a picker asks for.

    `path` is where it goes in the command (("votes", "3") -> {"votes": {"3": ...}}); `kind` is
    choice | multi | number | cards; `options` are (value, label) pairs; `seats` maps district
    buttons to option values; `optional` params may be left out (the engine then uses its default);
    `board` names the districts that are no option (the voter's own seat) by the player sitting there.
    `around`: every seat at the table in seating order as (district button or "", name, value), to
    draw them round a table instead of the grid (a vote); `own` the value of whoever is asked.
    """

    path: tuple[str, ...]
    question: str
    kind: str = "choice"
    options: tuple[tuple[Any, str], ...] = ()
    seats: tuple[tuple[str, Any], ...] = ()
    lo: int = 0
    hi: int = 20
    default: Any = None
    optional: bool = False
    board: tuple[tuple[str, str], ...] = ()
    around: tuple[tuple[str, str, Any], ...] = ()
    own: Any = None


def choice(
    path: tuple[str, ...],
    question: str,
    values: Sequence[Any],
    labels: Sequence[str] | None = None,
    seats: Mapping[str, Any] | None = None,
    **kw,
) -> Param:
    """A choice Param from values (labels default to the values as text)."""
    labels = labels or [str(v) for v in values]
    return Param(path, question, "choice", tuple(zip(values, labels)), tuple((seats or {}).items()), **kw)


def number(path: tuple[str, ...], question: str, lo: int, hi: int, default: int, **kw) -> Param:
    """A number Param in lo..hi starting at `default`."""
    return Param(path, question, "number", lo=lo, hi=hi, default=default, **kw)


def from_engine(p: Any, path: tuple[str, ...] = (), question: str | None = None) -> list[Param]:
    """A picker's questions for the engine's parameter `p` (`companion.rules.base.Param`): a choice of its
    allowed values (several for a list), a number in its range, an object's parts one by one; a
    district parameter answered by the district buttons too."""
    path = path + (p.name,)
    ask = question or need_question(p.name)
    if p.parts:
        return [
            q
            for part in p.parts
            for q in from_engine(part, path, f"{ask} {refusal_text(p.label(part.name))}")
        ]
    labels = [refusal_text(p.label(v)) for v in p.choices]
    seats = {v: v for v in p.choices if v in DISTRICTS} if p.kind == "district" else {}
    if p.many is not None:
        return [
            Param(
                path,
                ask,
                "multi",
                tuple(zip(p.choices, labels)),
                tuple(seats.items()),
                default=[],
                optional=p.optional,
            )
        ]
    if p.choices:
        return [choice(path, ask, list(p.choices), labels, seats=seats, optional=p.optional)]
    low = p.low if p.low is not None else 0
    return [number(path, ask, low, p.high if p.high is not None else low + 20, low, optional=p.optional)]


class ActionMenu(Screen):
    """One button per action of the group (greyed ones with their reason), then Back; choosing one
    closes the menu and runs it (its picker, if it needs values)."""

    name = "choose"
    transient = True

    def __init__(
        self, ctx: UIContext, title: str, actions: Sequence[Action], run: Callable[[Action], bool]
    ) -> None:
        """Offer `actions` under `title`; `run(action)` runs the chosen one."""
        super().__init__(ctx)
        self.title = title
        self.choices = list(actions)
        self.run = run

    def body(self) -> ViewModel:
        """The question and the actions."""
        buttons = [action_button(i, a, "pick") for i, a in enumerate(self.choices)] + [
            ButtonVM("back", _("Back"))
        ]
        return ViewModel(self.name, self.title, (_("Which one?"),), tuple(buttons))

    def activate(self, button_id: str, kind: Press) -> bool:
        """Run the chosen action (after closing this menu), or go back."""
        self.ctx.stack.pop()
        if button_id.startswith("pick:"):
            return self.run(self.choices[int(button_id[5:])])
        return True
