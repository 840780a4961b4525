"""What the four other games' screens share: the base game screen, the correction screen, the
game-over screen and small pure helpers (no pygame here); the parameter picker is picker.py.

Every game screen follows the rules of the shared game screen (companion/ui/screens/game.py): buttons come from
`game.actions(state)` (greyed ones keep the engine's reason), parameters an action still needs are
asked one at a time in `Picker` (district buttons pick seats or rooms, veil up/down step numbers),
and nothing changes game state: screens only emit commands.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.i18n import _
from companion.inputs import Press
from companion.narration.words import refusal_text
from companion.plugins import games
from companion.rules.base import Action
from companion.ui.model import ButtonVM, CellVM, ViewModel, action_button
from companion.ui.screens.base import Screen, UIContext
from companion.ui.screens.game import GameScreen
from companion.ui.screens.others.asked import ActionMenu, Param, from_engine
from companion.ui.screens.others.picker import STEPS, Picker
from companion.ui.screens.tools import changed_label

WRAP = 46  # characters per line of long prose (prompts) on the 800x480 panel
ADJUST = "adjust"  # the engines' "tables are always right" verb: reached through the Correct screen


@dataclass(frozen=True)
class Field:
    """One count on the Correct screen: its label, the value in the state, its range."""

    key: str
    label: str
    value: int
    lo: int = 0
    hi: int = 20


class OthersScreen(GameScreen):
    """Base game screen of the other games: actions as buttons (adjust behind "Correct"), Menu.

    Subclasses fill `summary()` (title, lines, grid) and may override `params()` for the values an
    action needs, `ordered()` for the button order and `seat_actions()` for district buttons.
    """

    name = "others"
    game_id = ""
    corrects = True  # the menu's Adjust opens this screen's Correct screen
    adjust_is_action = False  # True: the engine's adjust is an ordinary button (One Night: go to a step)
    short_labels: dict[str, str] = {}  # verb -> a button label that fits one line at 24 px
    # verb -> (command key, label): the engine's actions of that verb naming that key (one per player,
    # say) show as one button that first asks which (`ActionMenu`), so a big table gets no wall of buttons
    grouped: dict[str, tuple[str, str]] = {}

    def body(self) -> ViewModel:
        """Title, lines and grid from `summary`, then the action buttons, Correct and Menu."""
        s = self.state()
        title, lines, grid = self.summary(s)
        buttons = self.buttons()
        return ViewModel(self.name, title, tuple(lines), tuple(buttons), tuple(grid), **self.pictures(s))

    def summary(self, s: dict[str, Any]) -> tuple[str, Sequence[str], Sequence[CellVM]]:
        """Title, info lines and grid cells of this state."""
        return games()[self.game_id].title, (), ()

    def pictures(self, s: dict[str, Any]) -> dict[str, Any]:
        """The view model's pictures for this state: `stats`, `ring`, `dice`, `accent` (games override)."""
        return {}

    def buttons(self) -> list[ButtonVM]:
        """Action buttons in play order (a group as one), then Correct (when the engine has adjust) and Menu."""
        out = self.group_buttons(
            [
                self.button(i, a)
                for i, a in self.ordered()
                if a.command.get("cmd") != ADJUST or self.adjust_is_action
            ]
        )
        if (
            not self.adjust_is_action
            and any(a.command.get("cmd") == ADJUST for a in self.actions)
            and self.fields()
        ):
            out.append(ButtonVM("correct", _("Correct counts")))
        out.append(ButtonVM("menu", _("Menu")))
        return out

    def button(self, i: int, action: Action) -> ButtonVM:
        """The button of action `i`, labelled short enough for one line where the game says how."""
        b = action_button(i, action)
        short = self.short_labels.get(str(action.command.get("cmd")))
        return b._replace(label=_(short)) if short else b

    def ordered(self) -> list[tuple[int, Action]]:
        """(index, action) in the order the buttons show them (enabled first, engine order kept)."""
        pairs = list(enumerate(self.actions))
        return [p for p in pairs if p[1].enabled] + [p for p in pairs if not p[1].enabled]

    def group_buttons(self, buttons: list[ButtonVM]) -> list[ButtonVM]:
        """`buttons` with each group of `grouped` actions folded into one button where the first was."""
        out, seen = [], set()
        for b in buttons:
            verb = self._group_of(b.id)
            if verb is None:
                out.append(b)
            elif verb not in seen:
                seen.add(verb)
                members = [
                    a
                    for a in self.actions
                    if self.grouped[verb][0] in a.command and a.command.get("cmd") == verb
                ]
                ready = any(a.enabled for a in members)
                out.append(
                    ButtonVM(
                        f"group:{verb}",
                        _(self.grouped[verb][1]),
                        enabled=ready,
                        why_not=None if ready else b.why_not,
                    )
                )
        return out

    def _group_of(self, button_id: str) -> str | None:
        """The grouped verb an action button belongs to, or None."""
        if not button_id.startswith("act:"):
            return None
        command = self.actions[int(button_id[4:])].command
        verb = command.get("cmd")
        return verb if verb in self.grouped and self.grouped[verb][0] in command else None

    def activate(self, button_id: str, kind: Press) -> bool:
        """Correct opens the correction screen; a group asks which of its actions; the rest as for
        every game screen."""
        if button_id == "correct":
            self.ctx.stack.push(CorrectScreen(self.ctx, self.fields(), self.correction))
            return True
        if button_id.startswith("group:"):
            verb = button_id[6:]
            key, label = self.grouped[verb]
            members = [a for a in self.actions if a.command.get("cmd") == verb and key in a.command]
            self.ctx.stack.push(ActionMenu(self.ctx, _(label), members, self.run_action))
            return True
        return super().activate(button_id, kind)

    def run_action(self, action: Action, preset: Mapping[str, Any] | None = None) -> bool:
        """Send the command, or ask for what it may still take in a Picker (nothing to ask: sent)."""
        if not action.enabled:
            return super().run_action(action)
        params = self.params(action) if action.params else []
        if not params:
            self.ctx.emit(dict(action.command))
            return True
        self.ctx.stack.push(
            Picker(self.ctx, refusal_text(action.label), dict(action.command), params, self.selected)
        )
        return True

    def params(self, action: Action) -> list[Param]:
        """What the picker asks: what the engine says the action still needs, with the values it allows
        (games override with their own questions)."""
        return [q for p in action.params if not p.optional for q in from_engine(p)]

    def on_district(self, pos: str) -> bool:
        """A district button selects that seat/room and puts the focus on its action, if one."""
        super().on_district(pos)
        target = self.seat_actions().get(pos)
        if target is not None and self.selected == pos:
            self.focus_on(f"act:{target}")
        return True

    def seat_actions(self) -> dict[str, int]:
        """District -> index of the action a district button should focus (games override)."""
        return {}

    def fields(self) -> list[Field]:
        """Counts the Correct screen may set (games override)."""
        return []

    def correct(self) -> bool:
        """The menu's Adjust: this game's Correct screen."""
        return self.activate("correct", Press.SHORT)

    def correction(self, changes: Mapping[str, int]) -> list[dict[str, Any]]:
        """One adjust command with the changed fields, none when nothing changed: a field `key` goes in
        as `key`, a field `group:name` under its group (`bites:Ann` -> `{"bites": {"Ann": 2}}`).
        Games whose engine wants another shape override this."""
        cmd: dict[str, Any] = {"cmd": ADJUST}
        for key, value in changes.items():
            group, _sep, name = key.partition(":")
            if name:
                cmd.setdefault(group, {})[name] = value
            else:
                cmd[key] = value
        return [cmd] if changes else []


class OthersOverScreen(OthersScreen):
    """The end of a game: the end-of-game card (companion/ui/cardview.py); behind "Results" how it ended
    in the game's words, the final tallies, the grid and any after-the-end action; New game, Event log."""

    name = "others-over"
    over_grid = False  # True: the results page's grid says who won (One Night's seats)
    results = False  # the card shows first; "Results" turns to the tallies

    def body(self) -> ViewModel:
        """The card; on "Results" the ending as the title, at most two lines, the grid."""
        title, lines, grid = self.summary(self.state())
        card = {} if self.results else {"card": self.ctx.card()}
        return ViewModel(
            self.name,
            title,
            tuple(lines)[:2],
            tuple(self.buttons()),
            tuple(grid) if self.results and self.over_grid else (),
            **card,
        )

    def buttons(self) -> list[ButtonVM]:
        """On the card: Results (first, with the focus, when an after-the-end action waits there), New
        game, the log. On the results: the after-the-end actions (the mansion's ranking), New game, Card, the log."""
        extra = self.group_buttons(
            [self.button(i, a) for i, a in self.ordered() if a.command.get("cmd") != ADJUST and a.enabled]
        )
        new, log = ButtonVM("new", _("New game")), ButtonVM("log", _("Event log"))
        if self.results:
            return extra + [new, ButtonVM("card", _("Card")), log]
        results = ButtonVM("results", _("Results"))
        return [results, new, log] if extra else [new, results, log]

    def activate(self, button_id: str, kind: Press) -> bool:
        """Open the title screen or the log, turn between card and results; other actions as usual."""
        from companion.ui.screens.menus import TitleScreen
        from companion.ui.screens.tools import LogScreen

        if button_id in ("results", "card"):
            self.results = button_id == "results"
            return True
        make = {"new": TitleScreen, "log": LogScreen}.get(button_id)
        if make is not None:
            self.ctx.stack.push(make(self.ctx))
            return True
        return super().activate(button_id, kind)


class CorrectScreen(Screen):
    """Tables are always right: set counts to what is on the table, then Apply sends `adjust`.

    Field buttons pick the count to change; veil up/down or -1/+1 step it.
    """

    name = "correct"

    def __init__(
        self,
        ctx: UIContext,
        fields: Sequence[Field],
        build: Callable[[Mapping[str, int]], list[dict[str, Any]]],
    ) -> None:
        """Edit `fields`; `build(changes)` makes the adjust command(s)."""
        super().__init__(ctx)
        self.fields = list(fields)
        self.values = {f.key: f.value for f in self.fields}
        self.build = build
        self.active = 0

    def changes(self) -> dict[str, int]:
        """Fields whose value differs from the state."""
        return {f.key: self.values[f.key] for f in self.fields if self.values[f.key] != f.value}

    def body(self) -> ViewModel:
        """One button per field (old -> new), -1/+1, Apply, Back."""
        buttons = [
            ButtonVM(
                f"f:{i}", changed_label(f.label, f.value, self.values[f.key]), selected=(i == self.active)
            )
            for i, f in enumerate(self.fields)
        ]
        changed = bool(self.changes())
        buttons += [
            ButtonVM("minus", "-1"),
            ButtonVM("plus", "+1"),
            ButtonVM(
                "apply",
                _("Apply"),
                enabled=changed,
                primary=True,
                why_not=None if changed else _("nothing changed yet"),
            ),
            ButtonVM("back", _("Back")),
        ]
        lines = (_("Make the counts match the table."), _("Pick a count, then up/down or -1/+1."))
        return ViewModel(self.name, _("Correct counts"), lines, tuple(buttons))

    def activate(self, button_id: str, kind: Press) -> bool:
        """Pick a field, step it, apply or go back."""
        if button_id.startswith("f:"):
            self.active = int(button_id[2:])
        elif button_id in ("minus", "plus"):
            self.on_veil(STEPS[button_id])
        elif button_id == "apply":
            for command in self.build(self.changes()):
                self.ctx.emit(command)
            self.ctx.stack.pop()
        elif button_id == "back":
            self.ctx.stack.pop()
        return True

    def on_veil(self, delta: int) -> bool:
        """Up/down step the active count within its range."""
        f = self.fields[self.active]
        self.values[f.key] = min(f.hi, max(f.lo, self.values[f.key] + delta))
        return True


def wrap(text: str, width: int = WRAP) -> list[str]:
    """Greedy word wrap by characters (the renderer then fits each line to its box)."""
    lines: list[str] = []
    line = ""
    for word in str(text).split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return lines + [line] if line else lines


def board_districts(s: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """The engine's `board` districts of a state JSON ({} before the first state)."""
    return (s.get("board") or {}).get("districts") or {}
