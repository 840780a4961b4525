"""Masters of the Night's overlay screens: Adjust (set any count to what is on the table: a district,
the veil, a vampire, the reserve, the dice) and the New card screen (an unknown tag was read: say
which card it is, or teach a new card's grid)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.games.masters import view as mv
from companion.i18n import _, data_name
from companion.inputs import DISTRICTS, Press
from companion.ui.model import ButtonVM, CellVM, ViewModel
from companion.ui.screens.base import Screen, UIContext
from companion.ui.screens.tools import NUMBER_LIMITS, WORDS, changed_label, word

ADJUST_FIELDS = {
    "district": ("agents_hidden", "agents_exposed", "minions"),
    "vampire": ("blood", "kills", "ap"),
    "reserve": ("agents", "minions", "blood"),
}
CARD_NUMBERS = 18  # cards per act in the box


class AdjustScreen(Screen):
    """Set any count to what is really on the table: pick a target, step values, apply.

    Targets: a district (district buttons), the veil, a vampire, the reserve, the dice. The active
    value changes with veil up/down or -/+; Apply sends one `adjust` command with the changes.
    """

    name = "adjust"

    def __init__(self, ctx: UIContext, target: str = "veil", nudge: int = 0) -> None:
        """Start on `target` ("veil", "reserve", "dice", "vampire:Mila" or a district), nudged by `nudge`."""
        super().__init__(ctx)
        self._set_target(target)
        if nudge:
            self._step(nudge)

    def _set_target(self, target: str) -> None:
        """Load the current values of `target` from the state."""
        state = self.ctx.state
        self.target = target
        self.active = 0
        if target == "veil":
            self.original = {"veil": int(state.get("veil", 0))}
        elif target == "dice":
            self.original = {f"die {i + 1}": v for i, v in enumerate(state.get("dice", []))}
        elif target == "reserve":
            self.original = {f: int(state.get("reserve", {}).get(f, 0)) for f in ADJUST_FIELDS["reserve"]}
        elif target.startswith("vampire:"):
            v = state.get("vampires", {}).get(target.split(":", 1)[1], {})
            self.original = {f: int(v.get(f, 0)) for f in ADJUST_FIELDS["vampire"]}
        else:
            d = state.get("districts", {}).get(target, {})
            self.original = {f: int(d.get(f, 0)) for f in ADJUST_FIELDS["district"]}
        self.values = dict(self.original)

    def _step(self, delta: int) -> None:
        """Change the active value by `delta` within its range."""
        if not self.values:
            return
        key = list(self.values)[self.active % len(self.values)]
        lo, hi = (1, 6) if key.startswith("die") else (0, 6) if key == "veil" else NUMBER_LIMITS
        self.values[key] = min(hi, max(lo, self.values[key] + delta))

    def changes(self) -> dict[str, Any]:
        """The fields that differ from the state."""
        return {k: v for k, v in self.values.items() if v != self.original.get(k)}

    def command(self) -> dict[str, Any]:
        """The adjust command for the current changes."""
        ch = self.changes()
        if self.target == "veil":
            return {"cmd": "adjust", "veil": self.values["veil"]}
        if self.target == "dice":
            return {"cmd": "adjust", "dice": list(self.values.values())}
        if self.target == "reserve":
            return {"cmd": "adjust", "reserve": ch}
        if self.target.startswith("vampire:"):
            return {"cmd": "adjust", "vampire": self.target.split(":", 1)[1], **ch}
        return {"cmd": "adjust", "district": self.target, **ch}

    def body(self) -> ViewModel:
        """Fields, -/+, Apply, then the other targets."""
        keys = list(self.values)
        fields = [
            ButtonVM(
                f"f:{i}",
                changed_label(word(k), self.original[k], self.values[k]),
                selected=(i == self.active % len(keys)),
            )
            for i, k in enumerate(keys)
        ]
        changed = bool(self.changes())
        buttons = fields + [
            ButtonVM("minus", "-1"),
            ButtonVM("plus", "+1"),
            ButtonVM(
                "apply",
                _("Apply"),
                enabled=changed,
                primary=True,
                why_not=None if changed else _("nothing changed yet"),
            ),
        ]
        targets = [("t:veil", _("Veil")), ("t:reserve", _("Reserve")), ("t:dice", _("Dice"))]
        targets += [
            (f"t:vampire:{p['name']}", p["name"]) for p in self.ctx.state.get("seats") or ()
        ]  # the game API's players
        buttons += [ButtonVM(i, label, selected=(i == f"t:{self.target}")) for i, label in targets]
        buttons.append(ButtonVM("back", _("Back")))
        selected = self.target if self.target in DISTRICTS else None
        target = self.target.replace("vampire:", "")
        lines = (
            _("Adjust {what}: make it match the table").format(
                what=word(target) if target in WORDS else data_name(target)
            ),
            _("District buttons pick a district; up/down change the value"),
        )
        return ViewModel(
            self.name, _("Adjust"), lines, tuple(buttons), mv.grid(self.ctx.state, selected=selected)
        )

    def activate(self, button_id: str, kind: Press) -> bool:
        """Field buttons pick the active value; -/+ step it; Apply sends; t:* switch target."""
        if button_id.startswith("f:"):
            self.active = int(button_id[2:])
        elif button_id in ("minus", "plus"):
            self._step(1 if button_id == "plus" else -1)
        elif button_id == "apply":
            self.ctx.emit(self.command())
            self.ctx.stack.pop()
        elif button_id.startswith("t:"):
            self._set_target(button_id[2:])
            self.focus = 0
        elif button_id == "back":
            self.ctx.stack.pop()
        return True

    def on_veil(self, delta: int) -> bool:
        """Up/down step the active value."""
        self._step(delta)
        return True

    def on_district(self, pos: str) -> bool:
        """A district button makes that district the target."""
        self._set_target(pos)
        self.focus = 0
        return True


class TeachCardScreen(Screen):
    """An unknown tag was read: say which card it is, or teach a new card's grid.

    Pick mode lists the known cards of one act (register the tag to one). Grid mode cycles each
    district tapped (or its button) through red, blue-gray and empty, with the act chosen by buttons.
    Seen mode (a camera read the card's grid, `seen`): the known cards with that grid first, one
    confirm says which it is; the grid read is also filled in for grid mode.
    """

    name = "teach"

    def __init__(
        self,
        ctx: UIContext,
        tag: str,
        catalogue: list[Mapping[str, Any]],
        seen: Mapping[str, Any] | None = None,
    ) -> None:
        """Teach `tag`; `catalogue` lists known cards as {"key", "name", "act"} (and their "red" and
        "blue" cells); `seen` is what a camera read of it: {"grid": {"red", "blue"}, "near": a key}."""
        super().__init__(ctx)
        self.tag = tag
        self.catalogue = list(catalogue)
        self.act = "I"
        self.mode = "pick"
        self.number = self.free_number(self.act)  # its place within its act (keys run I-01 .. III-18)
        self.cells: dict[str, str] = {}
        seen = seen or {}
        self.near = seen.get("near")  # a taught card it looks like, but its printed grid differs
        grid = seen.get("grid")
        self.matches: list[Mapping[str, Any]] = []
        if grid:
            self.cells = {**{p: "blue" for p in grid["blue"]}, **{p: "red" for p in grid["red"]}}
            want = (set(grid["red"]), set(grid["blue"]))
            self.matches = [
                c for c in self.catalogue if (set(c.get("red", ())), set(c.get("blue", ()))) == want
            ]
        if self.matches or self.near:
            self.mode = "seen"

    def _name(self, key: str) -> str:
        """A card's name (its grid by the districts' names when it has none), never its key."""
        from companion.games.masters.ownbox import card_words, district_names

        card = next((c for c in self.catalogue if c["key"] == key), {"key": key})
        return card_words(card, district_names(self.ctx.state))

    def _seen(self) -> ViewModel:
        """Seen mode: the cards the camera's read points at, each one confirm away."""
        keys = [c["key"] for c in self.matches] + (
            [self.near] if self.near and self.near not in {c["key"] for c in self.matches} else []
        )
        buttons = [
            ButtonVM(f"card:{k}", _("It is {card}").format(card=self._name(k)), primary=(n == 0))
            for n, k in enumerate(keys)
        ]
        buttons += [ButtonVM("list", _("Another card")), ButtonVM("cancel", _("Cancel"))]
        if self.near:
            lines = (
                _("It looks like {card}, but its printed grid").format(card=self._name(self.near)),
                _("differs from the one taught. Which card is it?"),
            )
        else:
            lines = (_("This card is new to the table."), _("Its grid is that of the card below: confirm."))
        return ViewModel(self.name, _("New card"), lines, tuple(buttons))

    def body(self) -> ViewModel:
        """Pick mode: act filter and cards; grid mode: the grid being taught; seen mode: the proposals."""
        from companion.games.masters.rules.data import (
            ACTS,
        )  # Masters' data loads when this screen shows, not at start-up

        if self.mode == "seen":
            return self._seen()
        acts = [ButtonVM(f"act:{a}", _("Act {act}").format(act=a), selected=(a == self.act)) for a in ACTS]
        if self.mode == "pick":
            cards = [
                ButtonVM(f"card:{c['key']}", self._name(c["key"]))
                for c in self.catalogue
                if c.get("act") == self.act
            ]
            buttons = (
                acts
                + cards
                + [ButtonVM("grid", _("New card: tap its grid")), ButtonVM("cancel", _("Cancel"))]
            )
            # the tag's number is for the log and the taught file, never for the players
            lines = (_("This card is new to the table."), _("Which card is it? Pick its act, then the card."))
            return ViewModel(self.name, _("New card"), lines, tuple(buttons))
        reds = sum(1 for v in self.cells.values() if v == "red")
        blues = sum(1 for v in self.cells.values() if v == "blue")
        why = (
            _("tap at least one cell")
            if reds + blues == 0
            else (_("blue-gray cells come in pairs") if blues not in (0, 2) else None)
        )
        # the card's place in the box is the act's first one free (`number`): the players never see it,
        # they know the card by its deck and its grid
        buttons = acts + [
            ButtonVM("save", _("Save the new card"), enabled=why is None, primary=True, why_not=why),
            ButtonVM("back", _("Back")),
        ]
        lines = (
            _("The new card: tap its red cells, again for blue-gray,"),
            _("again to clear. Red {red}, blue-gray {blue}.").format(red=reds, blue=blues),
        )
        return ViewModel(
            self.name,
            _("New card of deck {act}").format(act=self.act),
            lines,
            tuple(buttons),
            self.grid_cells(),
        )

    def grid_cells(self) -> tuple[CellVM, ...]:
        """The grid being tapped: each cell named by the district lying there in the game in hand (by
        nothing without a game: the board then shows its grid position) and marked red, blue-gray or
        nothing."""
        colour = {"red": _("red"), "blue": _("blue-gray")}
        return tuple(
            CellVM(
                p,
                mv.district_title(self.ctx.state, p),
                (colour.get(self.cells.get(p, ""), ""),),
                self.cells.get(p, ""),
            )
            for p in DISTRICTS
        )

    def activate(self, button_id: str, kind: Press) -> bool:
        """Act filter, card choice, mode switches, save."""
        head, colon, rest = button_id.partition(":")
        if head == "act":
            self.act, self.number = rest, self.free_number(rest)
        elif head == "card":
            self.ctx.emit({"intent": "register_tag", "tag": self.tag, "card": rest})
            self.ctx.stack.pop()
        elif button_id == "grid":
            self.mode, self.focus = "grid", 0
        elif button_id == "list":
            self.mode, self.focus = "pick", 0
        elif button_id == "save":
            grid = dict(sorted(self.cells.items()))
            self.ctx.emit(
                {
                    "intent": "teach_card",
                    "tag": self.tag,
                    "card": self.key(),
                    "act": self.act,
                    "grid": grid,
                    "red": [p for p, c in grid.items() if c == "red"],
                    "blue": [p for p, c in grid.items() if c == "blue"],
                }
            )
            self.ctx.stack.pop()
        elif button_id == "back":
            self.mode, self.focus = "pick", 0
        elif button_id == "cancel":
            self.ctx.stack.pop()
        return True

    def key(self) -> str:
        """The card key being taught, e.g. "II-07" (for the taught file and the journal only)."""
        return f"{self.act}-{self.number:02d}"

    def free_number(self, act: str) -> int:
        """The first place of `act` in the box no card was taught into (the catalogue's `taught`;
        the first place when it does not say or all are taught)."""
        taught = {c["key"] for c in self.catalogue if c.get("taught")}
        return next((n for n in range(1, CARD_NUMBERS + 1) if f"{act}-{n:02d}" not in taught), 1)

    def on_district(self, pos: str) -> bool:
        """In grid mode a district cycles empty -> red -> blue-gray -> empty."""
        if self.mode != "grid":
            return False
        nxt = {"": "red", "red": "blue", "blue": ""}[self.cells.get(pos, "")]
        if nxt:
            self.cells[pos] = nxt
        else:
            self.cells.pop(pos, None)
        return True

    def on_back(self) -> bool:
        """Back leaves grid mode first, then closes."""
        if self.mode == "grid":
            self.mode, self.focus = "pick", 0
            return True
        return super().on_back()
