"""Teaching the companion your box: the veil-tracker numbers and the district names.

The rulebook text we have lacks the printed tables, so the shipped numbers are examples. These
screens take what is printed on the table's own tracker and tiles, with the physical buttons alone:
Next/Confirm pick a field, veil up/down change it, a district button picks a district. Names come
from the table's on-screen keyboard (companion/ui/screens/keyboard.py: touch, or the district and
Next/Confirm buttons). The screens emit intents the loop saves (`teach_tracker`, `teach_district`);
they never write files themselves.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.games.masters.rules.data import ACTS, TRACKER_CELL_MAX, TRACKER_RESERVE
from companion.i18n import N_, _, data_name
from companion.inputs import DISTRICTS, Press
from companion.ui.model import ButtonVM, CellVM, ViewModel
from companion.ui.screens.base import Screen, UIContext
from companion.ui.screens.keyboard import KeyboardScreen

BANDS = (("high", N_("veil 4 to 6")), ("low", N_("veil 1 to 3")))
MAX_NUMBER = TRACKER_CELL_MAX  # agents printed in one cell of a tracker
MAX_RESERVE = TRACKER_RESERVE[1]  # agent tokens in the box


class TrackerScreen(Screen):
    """The numbers printed on the veil tracker for one vampire count.

    `trackers`: vampire count -> {"reserve": n, "numbers": {"I.high": [red, blue1, blue2], ...}}
    (the values in use now, shipped or taught).
    """

    name = "tracker"

    def __init__(self, ctx: UIContext, trackers: Mapping[int, Mapping[str, Any]], vampires: int = 2) -> None:
        """Start on `vampires` (the current game's count when there is one)."""
        super().__init__(ctx)
        self.trackers = {int(k): _copy(v) for k, v in trackers.items()}
        self.vampires = vampires if vampires in self.trackers else min(self.trackers)
        self.field = "vampires"

    def fields(self) -> list[tuple[str, str, int]]:
        """(field id, label, value) for every number of the current tracker."""
        t = self.trackers[self.vampires]
        out = [("vampires", _("Vampires"), self.vampires), ("reserve", _("Agent reserve"), t["reserve"])]
        for act in ACTS:
            for band, label in BANDS:
                red, b1, b2 = t["numbers"][f"{act}.{band}"]
                out += [
                    (f"{act}.{band}.0", _("Act {act}, {band}, red").format(act=act, band=_(label)), red),
                    (
                        f"{act}.{band}.1",
                        _("Act {act}, {band}, first blue-gray").format(act=act, band=_(label)),
                        b1,
                    ),
                    (
                        f"{act}.{band}.2",
                        _("Act {act}, {band}, second blue-gray").format(act=act, band=_(label)),
                        b2,
                    ),
                ]
        return out

    def body(self) -> ViewModel:
        """One button per number (the chosen one selected), then save and back."""
        buttons = [
            ButtonVM(f"f:{fid}", f"{label}: {value}", selected=(fid == self.field))
            for fid, label, value in self.fields()
        ]
        buttons += [
            ButtonVM("save", _("Save tracker for {n}").format(n=self.vampires), primary=True),
            ButtonVM("back", _("Back")),
        ]
        lines = (
            _("Copy the numbers printed on your veil tracker."),
            _("Pick a number, then veil up / veil down to change it."),
        )
        return ViewModel(
            self.name, _("Veil tracker: {n} vampires").format(n=self.vampires), lines, tuple(buttons)
        )

    def activate(self, button_id: str, kind: Press) -> bool:
        """Choose a field, save, or leave."""
        if button_id.startswith("f:"):
            self.field = button_id[2:]
        elif button_id == "save":
            t = self.trackers[self.vampires]
            self.ctx.emit(
                {
                    "intent": "teach_tracker",
                    "vampires": self.vampires,
                    "reserve": t["reserve"],
                    "numbers": {k: list(v) for k, v in t["numbers"].items()},
                }
            )
            self.ctx.stack.pop()
        elif button_id == "back":
            self.ctx.stack.pop()
        return True

    def on_veil(self, delta: int) -> bool:
        """Veil up/down change the chosen number (vampire count switches tracker side)."""
        if self.field == "vampires":
            counts = sorted(self.trackers)
            i = max(0, min(len(counts) - 1, counts.index(self.vampires) + delta))
            self.vampires = counts[i]
            return True
        t = self.trackers[self.vampires]
        if self.field == "reserve":
            t["reserve"] = max(TRACKER_RESERVE[0], min(MAX_RESERVE, t["reserve"] + delta))
            return True
        act_band, dot, slot = self.field.rpartition(".")
        values = t["numbers"][act_band]
        values[int(slot)] = max(0, min(MAX_NUMBER, values[int(slot)] + delta))
        return True


class DistrictsScreen(Screen):
    """Rename a district (as printed on your tile) or note its effect: pick it with its button."""

    name = "districts"

    def __init__(self, ctx: UIContext, districts: Mapping[str, Mapping[str, str]]) -> None:
        """`districts`: grid position -> {"key", "name"} of the current layout."""
        super().__init__(ctx)
        self.districts = {pos: dict(d) for pos, d in districts.items()}

    def body(self) -> ViewModel:
        """The board with names; choosing a district opens the keyboard for its name."""
        cells = tuple(
            CellVM(
                pos,
                data_name(self.districts.get(pos, {}).get("name", pos)),
                (),
                selected=(pos == self.selected),
            )
            for pos in DISTRICTS
        )
        chosen = self.districts.get(self.selected or "", {})
        why = None if chosen else _("press a district button first")
        label = (
            _("Rename {district}").format(district=data_name(chosen["name"]))
            if chosen.get("name")
            else _("Rename")
        )
        buttons = (ButtonVM("rename", label, enabled=bool(chosen), why_not=why), ButtonVM("back", _("Back")))
        lines = (_("Press a district's button, then Rename to type the name on your tile."),)
        return ViewModel(self.name, _("District names"), lines, buttons, cells)

    def activate(self, button_id: str, kind: Press) -> bool:
        """Open the keyboard for the chosen district, or leave."""
        if button_id == "rename" and self.selected in self.districts:
            d = self.districts[self.selected]
            self.ctx.stack.push(
                KeyboardScreen(
                    self.ctx,
                    _("Name of {district}").format(district=data_name(d["name"])),
                    data_name(d["name"]),
                    {"intent": "teach_district", "key": d["key"]},
                )
            )
        elif button_id == "back":
            self.ctx.stack.pop()
        return True

    def on_district(self, pos: str) -> bool:
        """A district button picks that district."""
        self.selected = pos
        self.focus_on("rename")
        return True


def _copy(tracker: Mapping[str, Any]) -> dict[str, Any]:
    """A mutable copy of one tracker's numbers, every deck and band present."""
    numbers = {}
    raw = tracker.get("numbers", {})
    for act in ACTS:
        for band, _label in BANDS:
            red, b1, b2 = (list(raw.get(f"{act}.{band}", (0, 0, 0))) + [0, 0, 0])[:3]
            numbers[f"{act}.{band}"] = [int(red), int(b1), int(b2)]
    return {"reserve": int(tracker.get("reserve", 0)), "numbers": numbers}
