"""Screen contract, screen stack and the context screens share (no global session).

A screen follows pygame_gui/Tuxemon: `process_event(event) -> consumed`, `update(view, dt)`,
`draw(surface)`, plus `resume/pause/shutdown` hooks called by the stack. Events reaching a screen
are already virtual (ButtonEvent, WidgetPress, CardRead). Screens never change game state: they
append commands and intents to `ctx.results`, which the loop drains.

The base class gives every screen the same physical-button behaviour: Next moves the focus, Confirm
presses the focused button, Undo asks (long press: undo at once), Menu opens the menu, Back closes
an overlay, veil up/down opens Adjust with the veil changed, a district button selects a district.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Mapping
from itertools import islice
from typing import TYPE_CHECKING, Any

from companion.i18n import _
from companion.inputs import ButtonEvent, CardRead, Press, VButton
from companion.narration.words import refusal_text
from companion.ui.buttons import GROUP, SHEET, grouped, more_button
from companion.ui.input_map import WidgetPress
from companion.ui.model import MORE, TROUBLES, ButtonVM, GameView, ViewModel, with_focus
from companion.ui.render import Renderer
from companion.ui.troubles import troubles

if TYPE_CHECKING:  # only named in annotations: the rules load with the first game, not at start-up
    from companion.rules.base import Action
    from companion.ui.screens.stack import ScreenStack

ERROR_SECONDS = 5.0


class UIContext:
    """What screens share: renderer, settings, the game view, the result queue, log and clock, and
    `opens`: the screens every screen may open (the menu, the undo question, a parameter picker), as
    factories the table gives (companion/ui/table.py), so this module imports none of the screens
    built on it. (A plain class: a dataclass costs the start ~0.3 ms.)"""

    def __init__(
        self,
        renderer: Renderer,
        settings: dict[str, Any],
        stack: ScreenStack,
        view: GameView | None = None,
        opens: Mapping[str, Callable[..., Screen]] | None = None,
    ) -> None:
        """No results, banners or log yet; the clock at 0. `opens`: "menu" (ctx), "undo" (ctx),
        "picker" (ctx, action, preset, grid), "troubles" (ctx: the banners' Details) -> the screen to push."""
        self.renderer = renderer
        self.settings = settings
        self.stack = stack
        self.opens = dict(opens or {})
        self.view = view
        self.results: list[dict[str, Any]] = []
        self.status: dict[str, str] = {}
        self.log: deque = deque(maxlen=200)
        self.now = 0.0
        self.error = ""
        self.error_until = 0.0
        self.history: list = []  # the states of the game on show, for its end card
        self._game_id: Any = None
        self._card: tuple = (None, None)

    @property
    def state(self) -> Mapping[str, Any]:
        """The current state JSON ({} when no game runs)."""
        return self.view.state if self.view else {}

    def remember(self, view: GameView | None) -> None:
        """Keep the states of the game on show for its end card (a new game starts afresh)."""
        if view is None:
            return
        last = self.history[-1] if self.history else None
        if (
            last is None
            or last.get("game") != view.state.get("game")
            or view.info.get("game_id") != self._game_id
        ):
            self.history.clear()
            self._game_id = view.info.get("game_id")
        self.history.append(view.state)

    def card(self):
        """The end-of-game card (companion.ui.endcard.Card) of the game on show: from the loop's
        `info["commands"]` (the game's commands, with `info["ended"]`, when its last was journaled)
        when it has them, else from the states (`info["history"]`, or those seen here: then fewer
        key moments). Made once per game position."""
        from companion.ui.endcard import card_from, card_of
        from companion.ui.story import Step

        info = self.view.info if self.view else {}
        commands = info.get("commands")
        states = [] if commands else list(info.get("history") or self.history)
        if self.view is not None and not commands and (not states or states[-1] is not self.view.state):
            states.append(self.view.state)
        key = (
            len(commands) if commands else len(states),
            id(commands[-1]) if commands else id(states[-1]) if states else 0,
            info.get("ended"),
        )
        if self._card[0] != key:
            if commands:
                made = card_of(commands, info.get("ended"))
            else:
                made = card_from([Step(s) for s in states], info.get("ended")) if states else None
            self._card = (key, made)
        return self._card[1]

    def emit(self, result: Mapping[str, Any]) -> None:
        """Queue a command or intent for the loop."""
        self.results.append(dict(result))

    def fail(self, text: str) -> None:
        """Show `text` in red on the bottom row for a few seconds."""
        self.error = text
        self.error_until = self.now + ERROR_SECONDS

    def current_error(self) -> str:
        """The error still on show, if any."""
        return self.error if self.error and self.now < self.error_until else ""


class Screen:
    """Base screen: subclasses fill in `body()` and `activate()`, and override button hooks."""

    name = "screen"
    transient = False  # closed automatically when the game state changes under it
    has_primary = True  # its first button (or the one marked `primary`) is drawn as the big next step
    scenery = False  # the running game's picture behind the title bar (the game's own screens)
    shows_log = False  # the game's latest log lines beside the board on a wide screen (the play screens)

    def __init__(self, ctx: UIContext) -> None:
        """A screen over the shared context."""
        self.ctx = ctx
        self.focus = 0
        self.selected: str | None = None
        self._auto_focus = True  # put the focus on the first enabled button at the next model()
        self._in_sight: str | None = None  # a button kept out from behind "More" (focus_on)
        self._wanted: str | None = None  # focus_later's button, focused by the first model()

    # -- lifecycle (called by the stack) ---------------------------------------------------------
    def resume(self) -> None:
        """Became the top screen."""

    def pause(self) -> None:
        """Another screen was pushed over this one."""

    def shutdown(self) -> None:
        """Removed from the stack."""

    # -- contract --------------------------------------------------------------------------------
    def process_event(self, event: Any) -> bool:
        """Handle one virtual event; True if it was used."""
        if isinstance(event, WidgetPress):
            return event.kind in (Press.SHORT, Press.LONG) and self._press_widget(event.widget, event.kind)
        if isinstance(event, ButtonEvent):
            return event.kind in (Press.SHORT, Press.LONG) and self.on_button(event.button, event.kind)
        if isinstance(event, CardRead):
            return self.on_card(event)
        return False

    def update(self, view: GameView | None, dt: float) -> None:
        """New game view or time passed (most screens read `ctx` lazily and need nothing here)."""

    def state_changed(self) -> None:
        """The game state changed under this screen: refocus the first enabled button."""
        self._auto_focus = True
        self._in_sight = None

    def draw(self, surface) -> None:
        """Render this screen's view model."""
        self.paint(surface, self.model())

    def paint(self, surface, vm: ViewModel) -> None:
        """Paint `vm` (this screen's model); a screen with a picture of its own draws it on top."""
        self.ctx.renderer.draw(surface, vm)

    def model(self) -> ViewModel:
        """The full view model: body, the primary button, the buttons that fit (the rest behind
        "More"), focus, hint, veil gauge, banners and error."""
        if self._wanted is not None:
            wanted, self._wanted = self._wanted, None
            self.focus_on(wanted)
        vm = self.body()
        state = self.ctx.state
        veil = vm.veil if vm.veil is not None else _gauge(state)
        banner = tuple(t.headline for t in troubles(self.ctx.status)) if self.ctx.status else ()
        recent = self._recent() if self.shows_log and vm.card is None else ()
        vm = self._fit_buttons(
            vm._replace(veil=veil, banner=banner, recent=recent)
        )  # (the strip, and on a wide screen the log, take room from the buttons)
        if self.scenery and vm.card is None and vm.backdrop is None:
            vm = vm._replace(backdrop=_backdrop(state))
        buttons, hint = vm.buttons, vm.hint
        if buttons:
            if self._auto_focus:
                self.focus = next((i for i, b in enumerate(buttons) if b.enabled), 0)
                self._auto_focus = False
            self.focus %= len(buttons)
            buttons = with_focus(buttons, self.focus)
            hint = hint or buttons[self.focus].why_not or ""
        return vm._replace(buttons=buttons, hint=hint, error=self.ctx.current_error())

    def _recent(self, count: int = 6) -> tuple[str, ...]:
        """The game log's last `count` lines, oldest first, where the screen has room for them (a
        wide one: companion/ui/wide.py); none at 800x480."""
        if not self.ctx.renderer.m.wide or not self.ctx.log:
            return ()
        return tuple(reversed(tuple(islice(reversed(self.ctx.log), count))))

    def _fit_buttons(self, vm: ViewModel) -> ViewModel:
        """`vm` with its primary button first and marked, and the buttons its area cannot show at
        full size moved into `more`, behind a "More" button (a selected one stays in sight)."""
        buttons = list(vm.buttons)
        if not buttons:
            return vm
        if self.has_primary:
            # the one the screen marks, else its first button that can be pressed now
            first = next(
                (i for i, b in enumerate(buttons) if b.primary),
                next((i for i, b in enumerate(buttons) if b.enabled), 0),
            )
            buttons.insert(0, buttons.pop(first)._replace(primary=True))
        else:
            buttons = [b._replace(primary=False) if b.primary else b for b in buttons]
        vm = vm._replace(buttons=tuple(buttons))
        fit = self.ctx.renderer.button_slots(vm)
        if len(buttons) <= fit:
            return vm
        keep = self._in_sight  # the button a district press focused (focus_on)

        def kept(b: ButtonVM) -> bool:
            return b.selected or b.id == keep

        if any(kept(b) for b in buttons[fit:]):  # a chosen field stays in sight: the others act on it
            head = 1 if self.has_primary else 0
            buttons = (
                buttons[:head]
                + [b for b in buttons[head:] if kept(b)]
                + [b for b in buttons[head:] if not kept(b)]
            )
            vm = vm._replace(buttons=tuple(buttons))
            fit = self.ctx.renderer.button_slots(vm)
        more, shown = tuple(buttons[fit:]), buttons[:fit]
        return vm._replace(buttons=tuple(shown) + (more_button(len(more)),), more=more)

    # -- hooks for subclasses ------------------------------------------------------------------------
    def body(self) -> ViewModel:
        """Title, lines, buttons and grid of this screen (focus and chrome are added by `model`)."""
        return ViewModel(self.name, self.name)

    def activate(self, button_id: str, kind: Press) -> bool:
        """The button `button_id` was pressed."""
        return False

    def on_button(self, button: VButton, kind: Press) -> bool:
        """A physical/virtual button press (SHORT or LONG)."""
        if button is VButton.NEXT:
            self.model()  # settle the automatic focus before moving it
            self.focus += 1
            return True
        if button is VButton.CONFIRM:
            return self._press_focused(kind)
        if button is VButton.UNDO:
            return self.on_undo(kind)
        if button is VButton.MENU:
            return self.on_menu()
        if button is VButton.BACK:
            return self.on_back()
        if button in (VButton.VEIL_UP, VButton.VEIL_DOWN):
            return self.on_veil(1 if button is VButton.VEIL_UP else -1)
        if button.district:
            return self.on_district(button.district)
        return False

    def on_undo(self, kind: Press) -> bool:
        """Undo: a long press undoes at once, a short one asks first."""
        if self.ctx.view is None:
            return False
        if kind is Press.LONG:
            self.ctx.emit({"intent": "undo"})
            return True
        self.ctx.stack.push(self.ctx.opens["undo"](self.ctx))
        return True

    def on_menu(self) -> bool:
        """Open the menu (board, log, adjust, settings, new game)."""
        self.ctx.stack.push(self.ctx.opens["menu"](self.ctx))
        return True

    def open_troubles(self) -> bool:
        """Open the Details of the banners (what is wrong and what to do); False when nothing is."""
        if not self.ctx.status or "troubles" not in self.ctx.opens:
            return False
        if self.ctx.stack.top.name != "troubles":
            self.ctx.stack.push(self.ctx.opens["troubles"](self.ctx))
        return True

    def on_back(self) -> bool:
        """Close this screen when it is an overlay."""
        if len(self.ctx.stack) > 1 and self.ctx.stack.top is self:
            self.ctx.stack.pop()
            return True
        return False

    def on_veil(self, delta: int) -> bool:
        """Veil up/down: a screen that counts or corrects something uses them (here: nothing)."""
        return False

    corrects = False  # a game screen that opens its game's correction screen (`correct`): the menu's Adjust

    def correct(self) -> bool:
        """Open the game's correction screen (counts set to what is on the table); False: none here."""
        return False

    def on_district(self, pos: str) -> bool:
        """A district button: select it (again: unselect)."""
        self.selected = None if self.selected == pos else pos
        return True

    def on_card(self, event: CardRead) -> bool:
        """A card was read: the loop looks the tag up (known card or teach)."""
        read: dict = {"intent": "card_read", "tag": event.tag}
        if event.grid is not None:  # a camera read the card's grid: the New card screen proposes it
            read["grid"] = {"red": list(event.grid[0]), "blue": list(event.grid[1])}
        if event.near is not None:
            read["near"] = event.near
        self.ctx.emit(read)
        return True

    def focus_on(self, button_id: str) -> None:
        """Move the focus to button `button_id`; one behind "More" is brought into sight first (a
        district press picks that seat's action, never a hidden one). Ignored if it is not there."""
        vm = self.model()
        if button_id in [b.id for b in vm.more]:
            self._in_sight = button_id
            vm = self.model()
        ids = [b.id for b in vm.buttons]
        if button_id in ids:
            self.focus = ids.index(button_id)
            self._auto_focus = False

    def focus_later(self, button_id: str) -> None:
        """`focus_on` when the screen's model is first made: the table's title is laid out (its fonts
        loaded, its buttons fitted) with the first frame, not on the way to READY."""
        self._wanted = button_id

    # -- helpers -------------------------------------------------------------------------------------
    def _press_focused(self, kind: Press) -> bool:
        """Confirm: press the focused button."""
        vm = self.model()
        if not vm.buttons:
            return False
        return self._press_widget(vm.buttons[self.focus % len(vm.buttons)].id, kind)

    def _press_widget(self, widget: str, kind: Press) -> bool:
        """Press button `widget`: focus it, refuse greyed ones with their reason, then activate."""
        vm = self.model()
        if widget == MORE and vm.more:
            self.focus = [b.id for b in vm.buttons].index(MORE)
            self._auto_focus = False
            self.ctx.stack.push(MoreSheet(self.ctx, self))
            return True
        ids = [b.id for b in vm.buttons]
        hidden = [b.id for b in vm.more]
        if widget in ids:
            self.focus = ids.index(widget)
            self._auto_focus = False
            button: ButtonVM = vm.buttons[self.focus]
        elif widget in hidden:  # chosen on the More sheet
            button = vm.more[hidden.index(widget)]
        elif widget == TROUBLES:  # the banner strip opens what is wrong, in words, with the details
            return self.open_troubles()
        else:
            return False
        if not button.enabled:
            self.ctx.fail(button.why_not or _("not possible now"))
            return True
        return self.activate(widget, kind)

    def start_or_back(self, button_id: str, setup: Mapping[str, Any]) -> None:
        """The two ways out of a your-box question asked between the wizard and the first game:
        "examples" starts the game (`setup`, as the wizard made it) with the shipped values, "back"
        returns to the wizard."""
        if button_id == "examples":
            self.ctx.emit(dict(setup))
        elif button_id == "back":
            self.ctx.stack.pop()

    def picker_grid(self):
        """How a parameter picker opened here draws the board for a district question:
        `(selected, marks) -> cells`, or None for the picker's own plain grid."""
        return None

    def run_action(self, action: Action, preset: Mapping[str, Any] | None = None) -> bool:
        """Send an action's command, or open a picker for the parameters it still needs."""
        if not action.enabled:  # the rule in the table's words, as on its button
            self.ctx.fail(refusal_text(action.why_not) if action.why_not else _("not possible now"))
            return True
        if action.needs:
            self.ctx.stack.push(self.ctx.opens["picker"](self.ctx, action, preset or {}, self.picker_grid()))
        else:
            self.ctx.emit(action.command)
        return True


class MoreSheet(Screen):
    """The sheet behind a screen's "More" button: every button that did not fit, all at once, and
    Back. A press closes the sheet and presses the button on the screen below.

    Where even the sheet cannot hold them all at touch size (a night with four moves, a game with
    many corrections), the buttons with one picture (one kind of action: "Move to A2", "Move to
    B1"...) become one button, "Move to … (4)", that opens a sheet of just those: never a second
    page of what happens not to fit ("Menu, Back, Back")."""

    name = SHEET
    transient = True  # the game moved on: the actions it listed may be gone
    has_primary = False  # a list of equals: the screen below has the primary

    def __init__(self, ctx: UIContext, under: Screen, only: tuple[ButtonVM, ...] | None = None) -> None:
        """The sheet of `under`'s hidden buttons (`only`: of one group of them)."""
        super().__init__(ctx)
        self.under = under
        self.only = only

    def body(self) -> ViewModel:
        """The hidden buttons of the screen below, in its order, then Back."""
        under = self.under.model()
        hidden = self.only if self.only is not None else tuple(b._replace(focused=False) for b in under.more)
        return ViewModel(
            self.name, under.title, buttons=hidden + (ButtonVM("back", _("Back")),), accent=under.accent
        )

    def _fit_buttons(self, vm: ViewModel) -> ViewModel:
        """All the buttons when they fit; else one button per kind of action that has several."""
        if self.only is None and self.ctx.renderer.button_slots(vm) < len(vm.buttons):
            vm = vm._replace(buttons=grouped(vm.buttons))
        return super()._fit_buttons(vm)

    def activate(self, button_id: str, kind: Press) -> bool:
        """Back closes the sheet; a group opens the sheet of its buttons; any other button is pressed
        on the screen below."""
        self.ctx.stack.pop()
        if button_id == "back":
            return True
        if button_id.startswith(GROUP):
            icon = button_id[len(GROUP) :]
            members = tuple(b for b in self.body().buttons if b.icon == icon and b.id != "back")
            self.ctx.stack.push(MoreSheet(self.ctx, self.under, members))
            return True
        return self.under._press_widget(button_id, kind)


def _gauge(state: Mapping[str, Any]) -> int | None:
    """The number the running game shows in the gauge strip (its plugin's `gauge`: Masters' veil)."""
    from companion.plugins import get

    game = get(state.get("game")) if isinstance(state, Mapping) else None
    return game.gauge(state) if game is not None else None


def _backdrop(state: Mapping[str, Any]) -> tuple[str, str] | None:
    """The running game's picture and time of day behind the title bar (its plugin's `backdrop`)."""
    from companion.ui.scenery import backdrop

    return backdrop(state)
