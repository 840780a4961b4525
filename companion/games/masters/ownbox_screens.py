"""The first game with your own box: the tracker walk-through and the physical deck's draw.

Buttons only, like the other teaching screens (companion/games/masters/box.py, tools.py):

- `TrackerWalk`: after the new-game wizard, once per vampire count, the veil tracker's numbers one
  by one (veil up/down change the number, Confirm goes to the next); the last one saves them
  (`teach_tracker`) and starts the game, so the agent reserve and every placement use them.
- `DrawCardScreen`: the physical deck's draw. The table turns over the top card and picks it from
  the cards it has taught (shown with their grids), or, for a card drawn the first time, taps its
  red then blue-gray cells with the district buttons (the New card screen's grid) and saves: the
  grid is taught (`teach_card`) and the card drawn with it (`draw` with `card`, `red`, `blue`, the
  grid the journal keeps). Scanning a card's tag works here too.

The screens read what is taught (companion/games/masters/ownbox.py) when they open; they never write files.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.games.masters import ownbox
from companion.games.masters.box import TrackerScreen
from companion.games.masters.tools import TeachCardScreen
from companion.i18n import N_, _, data_name
from companion.inputs import DISTRICTS, Press
from companion.ui.model import ButtonVM, ViewModel
from companion.ui.screens.base import Screen, UIContext
from companion.ui.screens.keyboard import KeyboardScreen

WORDS = {"high": N_("veil 4-6"), "low": N_("veil 1-3")}


class TrackerWalk(TrackerScreen):
    """The tracker side for this game's vampire count, one number at a time, then the game starts."""

    name = "tracker-walk"
    transient = True

    def __init__(
        self,
        ctx: UIContext,
        trackers: Mapping[int, Mapping[str, Any]],
        vampires: int,
        setup: Mapping[str, Any],
    ) -> None:
        """Walk `vampires`' side of `trackers` (the numbers in use now); `setup` starts the game."""
        super().__init__(ctx, trackers, vampires)
        self.setup = dict(setup)
        self.steps = [f for f in self.fields() if f[0] != "vampires"]
        self.index = 0
        self.field = self.steps[0][0]

    def body(self) -> ViewModel:
        """The number asked now, big, with where to find it; Next / Previous / examples / back."""
        fid, label, value = self.steps[self.index]
        value = dict((f, v) for f, label, v in self.fields())[fid]
        last = self.index == len(self.steps) - 1
        # Previous only once there is a number before (never a greyed button answering in red)
        buttons = (
            ButtonVM("next", _("Save and start") if last else _("Next number")),
            *((ButtonVM("prev", _("Previous")),) if self.index > 0 else ()),
            ButtonVM("examples", _("Start with example numbers")),
            ButtonVM("back", _("Back")),
        )
        lines = (
            f"{_question(fid)}: {value}",
            _("{n}-vampire side, number {i} of {total}").format(
                n=self.vampires, i=self.index + 1, total=len(self.steps)
            ),
            _("Veil up / down: change. Confirm: next."),
        )
        return ViewModel(self.name, _("Your veil tracker: {value}").format(value=value), lines, buttons)

    def activate(self, button_id: str, kind: Press) -> bool:
        """Next number (the last saves and starts), previous, start with examples, or back."""
        if button_id == "next" and self.index < len(self.steps) - 1:
            self._go(1)
        elif button_id == "next":
            t = self.trackers[self.vampires]
            self.ctx.emit(
                {
                    "intent": "teach_tracker",
                    "vampires": self.vampires,
                    "reserve": t["reserve"],
                    "numbers": {k: list(v) for k, v in t["numbers"].items()},
                }
            )
            self.ctx.emit(dict(self.setup))
        elif button_id == "prev":
            self._go(-1)
        else:
            self.start_or_back(button_id, self.setup)
        return True

    def _go(self, delta: int) -> None:
        """Move to the next or previous number, the focus staying on Next."""
        self.index = max(0, min(len(self.steps) - 1, self.index + delta))
        self.field = self.steps[self.index][0]
        self.focus_on("next")


class DrawCardScreen(TeachCardScreen):
    """Physical deck: which card did the table turn over? Pick a taught one, or tap a new one's grid.

    `action`: the draw action (its command gets the card); `cards`: every card slot as
    `companion.games.masters.ownbox.box_cards()` gives them.
    """

    name = "draw-card"
    transient = True  # closes once the card is drawn

    def __init__(
        self, ctx: UIContext, action_command: Mapping[str, Any], cards: list[Mapping[str, Any]]
    ) -> None:
        """Start on the list, or straight on the grid when no taught card of this deck is left."""
        super().__init__(ctx, "", [])
        self.command = dict(action_command)
        self.cards = [dict(c) for c in cards]
        deck = ctx.state.get("deck") or {}
        self.act = str(deck.get("act") or "I")
        self.drawn = set(ctx.state.get("drawn") or ())
        self.new_key = ownbox.free_key(self.cards, self.act, self.drawn)
        self.name_given: str | None = None
        self.mode = "pick" if self.known() else "grid"

    def known(self) -> list[dict[str, Any]]:
        """Taught cards of this deck not drawn yet in this game."""
        return [c for c in self.cards if c["taught"] and c["act"] == self.act and c["key"] not in self.drawn]

    def progress(self) -> str:
        """ "Cards taught: 17 of 54"."""
        return ownbox.progress_line(sum(1 for c in self.cards if c["taught"]))

    def key(self) -> str:
        """The slot a new card is taught into."""
        return self.new_key or "-"

    def body(self) -> ViewModel:
        """Pick mode: the taught cards with their grids; grid mode: the grid being tapped."""
        if self.mode == "pick":
            why = (
                None
                if self.new_key
                else _("all {n} cards of deck {act} are taught").format(n=ownbox.CARDS_PER_ACT, act=self.act)
            )
            buttons = [ButtonVM(f"card:{c['key']}", self.card_label(c)) for c in self.known()]
            buttons += [
                ButtonVM("grid", _("New card: tap its grid"), enabled=why is None, why_not=why),
                ButtonVM("cancel", _("Cancel")),
            ]
            lines = (
                _("Turn over the top card of deck {act}.").format(act=self.act),
                _("Pick it, or tap a new card's grid."),
                self.progress(),
            )
            return ViewModel(self.name, _("Draw from deck {act}").format(act=self.act), lines, tuple(buttons))
        red = [p for p in DISTRICTS if self.cells.get(p) == "red"]
        blue = [p for p in DISTRICTS if self.cells.get(p) == "blue"]
        why = (
            _("press the card's red cells first")
            if not red and not blue
            else (_("blue-gray cells come in pairs") if len(blue) not in (0, 2) else None)
        )
        named = self.name_given or _("no name yet")
        buttons = [
            ButtonVM("save", _("Save and draw"), enabled=why is None, primary=True, why_not=why),
            ButtonVM("name", _("Name: {name}").format(name=named)),
        ]
        if self.known():
            buttons.append(ButtonVM("back", _("Back to the list")))
        buttons.append(ButtonVM("cancel", _("Cancel")))
        # the cells name their districts and colours: no line repeats the grid
        lines = (_("Press red cells once, blue-gray twice."), self.progress())
        return ViewModel(
            self.name,
            _("New card of deck {act}").format(act=self.act),
            lines,
            tuple(buttons),
            self.grid_cells(),
        )

    def card_label(self, card: Mapping[str, Any]) -> str:
        """A taught card as the list shows it: its name and where its grid sends agents, by the
        districts' names ("Night Patrol: red: Docks; blue-gray: Museum, Asylum"); a card taught
        without a name by its grid alone. Never its slot's code ("Card I-01")."""
        names = ownbox.district_names(self.ctx.state)
        if ownbox.untaught_name(card):
            return ownbox.card_words(card, names)
        grid = ownbox.grid_text(card["red"], card["blue"], names)
        return _("{card}: {grid}").format(card=data_name(str(card["name"])), grid=grid)

    def activate(self, button_id: str, kind: Press) -> bool:
        """Draw a picked card, name the new one, save and draw; to the grid (while a slot is free), back
        to the list and cancel as when teaching a tag."""
        head, colon, rest = button_id.partition(":")
        if head == "card":
            card = next(c for c in self.cards if c["key"] == rest)
            self.ctx.emit({**self.command, "card": rest, "red": card["red"], "blue": card["blue"]})
        elif button_id == "save":
            self._save()
        elif button_id == "name":
            self.ctx.stack.push(_NameKeyboard(self))
        elif button_id in ("back", "cancel") or (button_id == "grid" and self.new_key):
            return super().activate(button_id, kind)
        return True

    def _save(self) -> None:
        """Teach the tapped grid to the new card's slot, then draw that card with it."""
        red = [p for p in DISTRICTS if self.cells.get(p) == "red"]
        blue = [p for p in DISTRICTS if self.cells.get(p) == "blue"]
        name = self.name_given or f"Card {self.key()}"  # never the made-up example name of the slot
        self.ctx.emit({"intent": "teach_card", "card": self.key(), "red": red, "blue": blue, "name": name})
        self.ctx.emit({**self.command, "card": self.key(), "name": name, "red": red, "blue": blue})

    def on_district(self, pos: str) -> bool:
        """A district button cycles its cell (grid mode); once the grid can be saved, Confirm saves it."""
        used = super().on_district(pos)
        blue = sum(1 for v in self.cells.values() if v == "blue")
        if used and self.cells and blue in (0, 2):
            self.focus_on("save")
        return used

    def on_veil(self, delta: int) -> bool:
        """Veil up/down do nothing here (the new card's slot is chosen for the table)."""
        return True

    def on_back(self) -> bool:
        """Back leaves the grid for the list first, then closes."""
        if self.mode == "grid" and self.known():
            self.mode, self.focus = "pick", 0
            return True
        return Screen.on_back(self)


class _NameKeyboard(KeyboardScreen):
    """The keyboard for a new card's printed name; Done hands the name back to the draw screen."""

    def __init__(self, screen: DrawCardScreen) -> None:
        """Type the name of `screen`'s new card."""
        super().__init__(screen.ctx, _("Name of the new card"), screen.name_given or "", {})
        self.screen = screen

    def activate(self, button_id: str, kind: Press) -> bool:
        """Done gives the name to the draw screen (nothing goes to the loop); the rest as usual."""
        if button_id == "done" and self.text.strip():
            self.screen.name_given = " ".join(self.text.split())
            self.screen.focus_on("save")
            self.ctx.stack.pop()
            return True
        return super().activate(button_id, kind)


def ask_tracker(ctx: UIContext, setup: Mapping[str, Any]) -> bool:
    """After the wizard, for a physical deck: walk the tracker side once if it is not taught yet
    (True: the walk starts the game), else leave the setup to the caller (False)."""
    from companion.errors import CompanionError

    vampires = len(setup.get("vampires", ()))
    if setup.get("deck") != "physical" or ownbox.tracker_taught(vampires):
        return False
    try:
        trackers = ownbox.trackers_in_use()
    except CompanionError:
        return False  # the setup itself will say what is wrong with the data
    if vampires not in trackers:
        return False
    ctx.stack.push(TrackerWalk(ctx, trackers, vampires, setup))
    return True


def open_draw(ctx: UIContext, command: Mapping[str, Any]) -> bool:
    """Open the physical deck's draw screen for the draw `command` (an empty deck: just draw, the
    engine ends the game)."""
    from companion.errors import CompanionError

    if not (ctx.state.get("deck") or {}).get("remaining", 1):
        ctx.emit(dict(command))
        return True
    try:
        cards = ownbox.box_cards()
    except CompanionError as exc:
        ctx.fail(_("card data not loaded: {error}").format(error=exc))
        return True
    ctx.stack.push(DrawCardScreen(ctx, command, cards))
    return True


def _question(fid: str) -> str:
    """What a tracker field asks, in the table's words."""
    if fid == "reserve":
        return _("Agents in the reserve at setup")
    act_band, dot, slot = fid.rpartition(".")
    act, dot, band = act_band.partition(".")
    what = (_("agents on each red cell"), _("first blue-gray number"), _("second blue-gray number"))[
        int(slot)
    ]
    return _("Deck {act}, {band}: {what}").format(act=act, band=_(WORDS[band]), what=what)
