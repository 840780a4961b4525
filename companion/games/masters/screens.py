"""Masters of the Night game screens: day stepper, event card, combat, night turn, board, game over.

The base screen is chosen from the state (`route`, the plugin's). Every button comes from
`game.actions(state)`; parameters an action still needs are picked in `ParamPicker`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.games.masters import view as mv
from companion.i18n import _, data_name
from companion.inputs import Press
from companion.narration.words import refusal_text
from companion.rules.base import Action
from companion.ui.model import ButtonVM, Count, ViewModel
from companion.ui.screens.base import Screen, UIContext
from companion.ui.screens.game import GameScreen as SharedGameScreen


def route(s: Mapping[str, Any]) -> str:
    """Which of these screens a state calls for (the plugin's `route`)."""
    if s.get("phase") == "over" or s.get("outcome"):
        return "over"
    if s.get("step") == "combat" or s.get("combat"):
        return "combat"
    if s.get("step") in ("place-agents", "card-effect"):
        return "event"
    if s.get("phase") == "night":
        return "night"
    return "day"


class DistrictGrid:
    """Mixin for screens showing the 3x3 grid: an idle screen rebuilds its view model every frame,
    while the grid only changes with the game view, the marks, the selection or the extra lines."""

    _grid: tuple = (None, ())  # (what the cells were made from, the cells)

    def grid(self, marks: dict[str, str] | None = None, extra: dict[str, str] | None = None) -> tuple:
        """The grid's cells with `marks`, the selected district and `extra` lines on top."""
        view = self.ctx.view
        key = (view, tuple((marks or {}).items()), self.selected, tuple((extra or {}).items()))
        if view is None or key != self._grid[0]:  # the same view object compares by identity first
            self._grid = (key, mv.grid(self.ctx.state, marks, self.selected, extra))
        return self._grid[1]

    def district_name(self, pos: str) -> str:
        """District `pos` by its name (its grid position only where it has none)."""
        return mv.district_title(self.ctx.state, pos) or pos


class GameScreen(DistrictGrid, SharedGameScreen):
    """A Masters screen: the shared game screen (actions as buttons, Menu) over the board's 3x3 grid."""

    name = "game"

    corrects = True  # the menu's Adjust: the Adjust screen, on the veil first

    def picker_grid(self):
        """A picker's district question shows this screen's board (names and tokens on it)."""
        return lambda selected, marks: mv.grid(self.ctx.state, marks, selected)

    def on_veil(self, delta: int) -> bool:
        """Veil up/down outside pickers: open Adjust with the veil already moved by `delta`."""
        if self.ctx.view is None or not isinstance(self.ctx.state.get("veil"), int):
            return False
        from companion.games.masters.tools import AdjustScreen

        self.ctx.stack.push(AdjustScreen(self.ctx, target="veil", nudge=delta))
        return True

    def correct(self) -> bool:
        """The menu's Adjust: the Adjust screen on the veil."""
        from companion.games.masters.tools import AdjustScreen

        self.ctx.stack.push(AdjustScreen(self.ctx, target="veil"))
        return True


class DayScreen(GameScreen):
    """Day phase: the step, who leads, active day effects highlighted, the step's actions."""

    name = "day"

    def body(self) -> ViewModel:
        """Stepper lines, grid with active effects, actions."""
        s = self.state()
        deck = s.get("deck") or {}
        lines = (
            _("Round {n}, leading: {vampire}").format(n=s.get("round", 1), vampire=s.get("leading", "-")),
            *mv.day_step_lines(s)[:1],  # the step now (the rest of the day is secondary)
            _("Deck: {n} cards, act {act}").format(n=deck.get("remaining", "?"), act=deck.get("act", "?")),
            *self.box_progress(deck),
        )
        marks = {p: "active" for p in mv.active_day_effects(s)}
        if s.get("step") == "hunt":
            marks.update({p: "combat" for p in _hunt_districts(s)})
        buttons = self.action_buttons() + [ButtonVM("menu", _("Menu"))]
        title = _("Day {n}").format(n=s.get("round", 1))
        leader = s.get("leading")
        accent = mv.colour(s, leader) if leader else None
        return ViewModel(self.name, title, lines, tuple(buttons), self.grid(marks), accent=accent)

    _progress: str | None = None  # "Cards taught: 17 of 54", read again when the state changes

    def box_progress(self, deck: dict[str, Any]) -> tuple[str, ...]:
        """With your physical deck, how much of the box is taught (a file read once per state)."""
        if deck.get("mode") != "physical":
            return ()
        if self._progress is None:
            from companion.games.masters.ownbox import progress_line

            self._progress = progress_line()
        return (self._progress,)

    def state_changed(self) -> None:
        """A draw may have taught a card: count again."""
        super().state_changed()
        self._progress = None

    def activate(self, button_id: str, kind: Press) -> bool:
        """A physical deck's draw opens the draw screen (pick the card, or teach a new one's grid)."""
        i = int(button_id[4:]) if button_id.startswith("act:") else -1
        if (
            0 <= i < len(self.actions)
            and self.actions[i].enabled
            and self.actions[i].command.get("cmd") == "draw"
            and "card" in self.actions[i].needs
        ):
            from companion.games.masters.ownbox_screens import open_draw

            return open_draw(self.ctx, self.actions[i].command)
        return super().activate(button_id, kind)


class CombatScreen(GameScreen):
    """Combat: fighter, agents left, the dice reserve with what each die would do, kills so far."""

    name = "combat"

    def body(self) -> ViewModel:
        """Fight summary, one button per usable die, the other combat actions."""
        s = self.state()
        c = s.get("combat") or {}
        day = bool(c.get("day"))
        fighter = c.get("fighter", "")
        stats = mv.vampire_counts(s, fighter) + (Count("agent_exposed", str(c.get("agents", 0))),)
        lines = (
            _("Dice to pick: {n}").format(n=c.get("dice_left", 0)),
            _("Kills: {kills}").format(
                kills=", ".join(f"{k} +{v}" for k, v in (c.get("kills") or {}).items()) or _("none yet")
            ),
            (_("Day: lowest dice only") if day else _("Night: any die")) + _set_aside(s),
        )
        buttons = (
            self._dice_buttons(s, day)
            + self.action_buttons(skip=("use_die",))
            + [ButtonVM("menu", _("Menu"))]
        )
        marks = {c.get("district", ""): "combat"}
        title = _("Combat in {district}").format(district=self.district_name(c.get("district", "?")))
        return ViewModel(
            self.name,
            title,
            lines,
            tuple(buttons),
            self.grid(marks),
            stats=stats,
            dice=_dice(s),
            accent=mv.colour(s, fighter),
        )

    def _dice_buttons(self, s: dict[str, Any], day: bool) -> list[ButtonVM]:
        """A button per die in the reserve with what it would do; by day only the lowest are allowed."""
        use = next((a for a in self.actions if a.command.get("cmd") == "use_die"), None)
        if use is None:
            return []
        dice = s.get("dice", [])
        low = min(dice) if dice else 0
        out = []
        for i, v in enumerate(dice):
            why = (
                (use.why_not or _("not now"))
                if not use.enabled
                else _("day: lowest ({n}) only").format(n=low)
                if day and v != low
                else None
            )
            out.append(
                ButtonVM(
                    f"die:{i}",
                    _("Die {n}: {effect}").format(n=v, effect=mv.die_effect(v)),
                    enabled=why is None,
                    why_not=why,
                )
            )
        return out

    def activate(self, button_id: str, kind: Press) -> bool:
        """A die button uses that die."""
        if button_id.startswith("die:"):
            use = next(a for a in self.actions if a.command.get("cmd") == "use_die")
            dice = self.state().get("dice", [])
            i = int(button_id[4:])
            if i < len(dice):
                self.ctx.emit({**use.command, "value": dice[i]})  # the die's face: what the table sees
            return True
        return super().activate(button_id, kind)


class NightScreen(GameScreen):
    """Night turn: the vampire, AP left, every action with its cost (greyed ones with their reason)."""

    name = "night"

    def body(self) -> ViewModel:
        """The acting vampire, its district, all actions."""
        s = self.state()
        who = s.get("turn") or "-"
        v = (s.get("vampires") or {}).get(who, {})
        pos = v.get("district", "")
        lines = (_("In {district}").format(district=mv.district_title(s, pos) or pos),)
        buttons = self.action_buttons() + [ButtonVM("menu", _("Menu"))]
        title = _("Night {n}: {vampire}, {ap} AP").format(n=s.get("round", 1), vampire=who, ap=v.get("ap", 0))
        return ViewModel(
            self.name,
            title,
            lines,
            tuple(buttons),
            self.grid({pos: "vampire"}),
            stats=mv.vampire_counts(s, who, ap=True),
            accent=mv.colour(s, who),
        )

    def activate(self, button_id: str, kind: Press) -> bool:
        """An action that is legal but would do nothing now asks first; the rest run as usual."""
        if button_id.startswith("act:"):
            i = int(button_id[4:])
            if i < len(self.actions):
                action = self.actions[i]
                why = mv.pointless(self.state(), str(action.command.get("cmd")))
                if why and action.enabled:
                    self.ctx.stack.push(ConfirmScreen(self.ctx, action, why))
                    return True
        return super().activate(button_id, kind)


class ConfirmScreen(Screen):
    """ "Are you sure?" before a legal action that would do nothing now (hunting at full blood...)."""

    name = "confirm"
    transient = True

    def __init__(self, ctx: UIContext, action: Action, why: str) -> None:
        """Ask about `action`, which would do nothing because `why`."""
        super().__init__(ctx)
        self.action, self.why = action, why

    def body(self) -> ViewModel:
        """The question, what it costs, Do it / Keep."""
        cost = f" ({refusal_text(self.action.cost)})" if self.action.cost else ""
        lines = (
            f"{refusal_text(self.action.label)}{cost}: {self.why}.",
            _("The rules allow it, but it does nothing now."),
        )
        return ViewModel(
            self.name,
            _("Are you sure?"),
            lines,
            (ButtonVM("yes", _("Do it anyway")), ButtonVM("no", _("Keep"))),
        )

    def activate(self, button_id: str, kind: Press) -> bool:
        """Send the action or not, then close."""
        if button_id == "yes":
            self.ctx.emit(self.action.command)
        self.ctx.stack.pop()
        return True


class BoardScreen(DistrictGrid, Screen):
    """Board overview: every district, reserve, deck, dice; a district button shows its details."""

    name = "board"
    scenery = True

    def body(self) -> ViewModel:
        """The grid plus reserve/deck/dice lines (or the selected district's details)."""
        s = dict(self.ctx.state)
        r, deck = s.get("reserve") or {}, s.get("deck") or {}
        if self.selected:
            d = s.get("districts", {}).get(self.selected, {})
            lines = (
                data_name(d.get("name", "")) or self.selected,
                _("Sigil: {sigil}").format(sigil=d.get("sigil") or _("none")),
                _("Relics: {relics}").format(
                    relics=", ".join(map(data_name, d.get("relics", []))) or _("none")
                ),
                _("Cards: {cards}").format(cards=", ".join(map(str, d.get("cards", []))) or _("none")),
            )
            stats = mv.district_counts(s, self.selected)
            dice = ()
        else:
            lines = (
                _("Deck: {n} cards, act {act}").format(
                    n=deck.get("remaining", "?"), act=deck.get("act", "?")
                ),
                *(mv.vampire_line(s, n) for n in s.get("order") or s.get("vampires", {})),
            )
            stats = (
                Count("agent_hidden", str(r.get("agents", 0))),
                Count("minion", str(r.get("minions", 0))),
                Count("blood", str(r.get("blood", 0))),
            )
            dice = _dice(s)
        return ViewModel(
            self.name,
            _("Board, round {n}").format(n=s.get("round", "?")),
            lines,
            (ButtonVM("back", _("Back")),),
            self.grid(),
            stats=stats,
            dice=dice,
        )

    def activate(self, button_id: str, kind: Press) -> bool:
        """Back closes."""
        return self.on_back()


class OverScreen(GameScreen):
    """Victory or defeat: the end-of-game card (companion/ui/cardview.py); new game, board, log."""

    name = "over"

    def body(self) -> ViewModel:
        """The card (headline and the final tallies stay in the model, for the log and the tests)."""
        s = self.state()
        sigils = sum(1 for d in (s.get("districts") or {}).values() if d.get("sigil"))
        headline, colon, reason = mv.outcome_title(s.get("outcome")).partition(": ")
        lines = (
            (
                _("{reason}. Round {n}, sigils {sigils}").format(
                    reason=reason[:1].upper() + reason[1:], n=s.get("round", "?"), sigils=sigils
                ),
            )
            if reason
            else ()
        )
        buttons = (
            ButtonVM("new", _("New game")),
            ButtonVM("board", _("Board")),
            ButtonVM("log", _("Event log")),
        )
        return ViewModel(self.name, headline, lines, buttons, card=self.ctx.card())

    def activate(self, button_id: str, kind: Press) -> bool:
        """Open the title, the board or the log."""
        from companion.ui.screens.menus import TitleScreen
        from companion.ui.screens.tools import LogScreen

        make = {"new": TitleScreen, "board": BoardScreen, "log": LogScreen}[button_id]
        self.ctx.stack.push(make(self.ctx))
        return True


def card_title(card: Mapping[str, Any]) -> str:
    """An event card by its name; one the table has not named (a card of your own box taught by its
    grid alone, stored as "Card I-01") is "New card", never its code."""
    from companion.games.masters.ownbox import untaught_name

    return _("New card") if untaught_name(card) else data_name(str(card["name"]))


def _dice(s: dict[str, Any]) -> tuple[tuple[int, bool], ...]:
    """The dice reserve as faces, then the ones set aside since the last roll (used)."""
    return tuple((int(v), False) for v in s.get("dice") or ()) + tuple(
        (int(v), True) for v in s.get("dice_used") or ()
    )


def _hunt_districts(s: dict[str, Any]) -> list[str]:
    """Districts where agents will hunt: 3+ agents and an awake vampire (display only)."""
    vamps = s.get("vampires") or {}
    out = []
    for pos, d in (s.get("districts") or {}).items():
        agents = d.get("agents_hidden", 0) + d.get("agents_exposed", 0)
        if agents >= 3 and any(not vamps[n].get("drained") for n in mv.vampires_in(s, pos)):
            out.append(pos)
    return out


def _set_aside(s: dict[str, Any]) -> str:
    """ ", set aside 4 1" for the dice used since the last roll (the state lists their values)."""
    used = s.get("dice_used") or []
    return _(", set aside {dice}").format(dice=" ".join(map(str, used))) if used else ""
