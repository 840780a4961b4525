"""Your box: Armata Strigoi. The numbers printed on the Strigoi cards and the Strigoi Action token
mix, asked once after the setup wizard while the shipped examples are in use.

Buttons only, like the Masters veil-tracker screen: Next/Confirm pick a number, veil up/down change
it. "Save and start" emits the `teach_strigoi` intent (the loop saves the values in the config
folder) and then the setup with these values spelled out; "Start with examples" starts with the
shipped values (the game screen then says so). The screen never writes files itself.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.i18n import N_, _
from companion.inputs import Press
from companion.ui.model import ButtonVM, ViewModel
from companion.ui.screens.base import Screen, UIContext

SIDES = (("master", N_("Master")), ("apprentice", N_("Apprentice")), ("supreme", N_("Supreme")))
STATS = (
    ("existence", N_("Existence"), 1, 20),
    ("damage", N_("Damage"), 0, 9),
    ("strength", N_("Strength"), 1, 30),
)
BONUSES = (0, 1, 2)  # the token kinds shown: no bonus, +1, +2 wounds
MAX_TOKENS = 20


class StrigoiBoxScreen(Screen):
    """The Strigoi values of your box, then the game starts.

    `values`: {"stats": {side: {existence, damage, strength}}, "tokens": {strigoi: {bonus: count}},
    "examples": [parts]} as `companion.games.strigoi.teach.values_in_use()` gives them; `setup`: the
    wizard's setup command.
    """

    name = "strigoi-box"
    transient = True

    def __init__(self, ctx: UIContext, values: Mapping[str, Any], setup: Mapping[str, Any]) -> None:
        """Start on the Master's Existence."""
        super().__init__(ctx)
        self.stats = {sid: dict(values["stats"][sid]) for sid, label in SIDES}
        self.tokens = {
            sid: {b: int(values["tokens"].get(sid, {}).get(b, 0)) for b in BONUSES}
            for sid in ("master", "apprentice")
        }
        self.examples = list(values.get("examples", ()))
        self.setup = dict(setup)
        self.field = "master.existence"

    def fields(self) -> list[tuple[str, str, int]]:
        """(field id, label, value) of every number on the screen."""
        out = [
            (
                f"{sid}.{key}",
                _("{strigoi} {value}").format(strigoi=_(label), value=_(word)),
                self.stats[sid][key],
            )
            for sid, label in SIDES
            for key, word, lo, hi in STATS
        ]
        out += [
            (
                f"tokens.{sid}.{b}",
                _("{strigoi} tokens +{bonus}").format(strigoi=_(label), bonus=b),
                self.tokens[sid][b],
            )
            for sid, label in SIDES[:2]
            for b in BONUSES
        ]
        return out

    def body(self) -> ViewModel:
        """The numbers (the chosen one selected), then save, examples and back."""
        buttons = [
            ButtonVM(
                f"f:{fid}",
                _("{field}: {value}").format(field=label, value=value),
                selected=(fid == self.field),
            )
            for fid, label, value in self.fields()
        ]
        why = self._why_not()
        buttons += [
            ButtonVM("save", _("Save and start"), enabled=why is None, primary=True, why_not=why),
            ButtonVM("examples", _("Start with examples")),
            ButtonVM("back", _("Back")),
        ]
        lines = (
            _("Copy the numbers on your Strigoi cards and count your Strigoi tokens."),
            _("Asked once: saved for every game. Pick a number, then veil up / veil down."),
        )
        return ViewModel(self.name, _("Your box: Strigoi values"), lines, tuple(buttons))

    def activate(self, button_id: str, kind: Press) -> bool:
        """Choose a number, save and start, start with the examples, or go back."""
        if button_id.startswith("f:"):
            self.field = button_id[2:]
        elif button_id == "save" and self._why_not() is None:
            tokens = {sid: {b: n for b, n in counts.items() if n} for sid, counts in self.tokens.items()}
            self.ctx.emit({"intent": "teach_strigoi", "stats": self.stats, "tokens": tokens})
            mix = [
                {"strigoi": sid, "bonus": b, "count": n}
                for sid, counts in tokens.items()
                for b, n in counts.items()
            ]
            self.ctx.emit({**self.setup, "stats": self.stats, "tokens": mix})
        elif button_id == "save":
            self.ctx.fail(self._why_not())
        else:
            self.start_or_back(button_id, self.setup)
        return True

    def on_veil(self, delta: int) -> bool:
        """Veil up/down change the chosen number within its range."""
        head, sep, rest = self.field.partition(".")
        if head == "tokens":
            sid, sep, bonus = rest.partition(".")
            counts = self.tokens[sid]
            counts[int(bonus)] = max(0, min(MAX_TOKENS, counts[int(bonus)] + delta))
            return True
        lo, hi = next((lo, hi) for key, word, lo, hi in STATS if key == rest)
        self.stats[head][rest] = max(lo, min(hi, self.stats[head][rest] + delta))
        return True

    def _why_not(self) -> str | None:
        """Why the values cannot be saved (each Strigoi needs a token in the bag)."""
        empty = [sid for sid, counts in self.tokens.items() if not any(counts.values())]
        return (
            _("the {strigoi} needs at least one token").format(strigoi=_(dict(SIDES)[empty[0]]))
            if empty
            else None
        )


def ask_box(ctx: UIContext, setup: Mapping[str, Any]) -> bool:
    """After the wizard: open the box screen if example values are still in use (True), else
    leave the setup to the caller (False; also when the data cannot be read: the setup says why)."""
    from companion.errors import CompanionError
    from companion.games.strigoi.teach import values_in_use

    try:
        values = values_in_use()
    except CompanionError:
        return False
    if not values["examples"]:
        return False
    ctx.stack.push(StrigoiBoxScreen(ctx, values, setup))
    return True


def start(ctx: UIContext, wizard) -> bool:
    """The new-game wizard's Start: the box's Strigoi values are asked once, before the first game
    (True: the box screen took over and sends the setup when done)."""
    return ask_box(ctx, wizard.setup())
