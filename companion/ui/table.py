"""`TableUI`: the table app's screens behind one small object the event loop drives.

Each frame the loop (companion/app.py) does::

    for ev in pygame.event.get(): ui.handle(ev)          # keys, mouse, touch (translated here)
    for bev in hal_button_events: ui.handle(bev)          # ButtonEvent / CardRead from the HAL
    for result in ui.take_results(): ...                  # {"cmd": ...} -> engine + journal
                                                          # {"intent": ...} -> undo, resume, settings...
    ui.update(view, events, dt, status)                   # GameView, engine events, hardware status
    ui.draw(screen_surface)

Results are commands (`{"cmd": ...}` per each game's README, including `setup` from the new-game
wizard) and intents: `undo`, `resume` (id, game), `settings` (brightness|volume|mute),
`card_read` (tag: the loop maps it to a `draw` or calls `start_teach`), `register_tag` (tag, card),
`teach_card` (tag, act, grid), `edit_tracker` / `edit_districts` (the loop answers with
`teach_tracker(...)` / `teach_districts(...)`), `teach_tracker` (vampires, reserve, numbers) and
`teach_district` (key, name). A refused command goes back with `notify(text)`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import pygame

from companion.i18n import _, speaking
from companion.inputs import ButtonEvent, CardRead, Press
from companion.ui.input_map import LONG_PRESS_S, InputMapper, WidgetPress
from companion.ui.model import GameView, ViewModel
from companion.ui.motion import Motion
from companion.ui.render import Renderer
from companion.ui.screens.base import Screen, UIContext
from companion.ui.screens.menus import MenuScreen, ResumeScreen, TitleScreen
from companion.ui.screens.stack import ScreenStack

# Each game's screens come from its plugin (`screen_class`), the generic one and the teach screen
# from their modules, all imported when first shown: the table starts on the title screen, and what it
# imports at start is on the way to READY.
BASE_SCREENS = {"title": TitleScreen}


def _undo_question(ctx: UIContext) -> Screen:
    """The undo question (a short press of Undo), imported at its first use."""
    from companion.ui.screens.tools import UndoConfirm

    return UndoConfirm(ctx)


def _picker(ctx: UIContext, action, preset: Mapping[str, Any], grid) -> Screen:
    """The picker of an action's parameters, imported at its first use (it loads the rules' types)."""
    from companion.ui.screens.tools import ParamPicker

    return ParamPicker(ctx, action, preset, grid)


def _troubles(ctx: UIContext) -> Screen:
    """What is wrong: the Details behind the banner strip, imported at its first use."""
    from companion.ui.screens.troubles import TroublesScreen

    return TroublesScreen(ctx)


# What any screen may open (UIContext.opens): the base screen imports none of the screens built on it.
OPENS = {
    "menu": MenuScreen,
    "undo": _undo_question,
    "picker": _picker,
    "troubles": _troubles,
    "title": TitleScreen,
}


class TableUI:
    """All screens for one surface size; `game_id` is the game offered first on the title screen.

    `settings` holds brightness, volume, mute (0..1, bool) and optionally `deck` and `seed`
    defaults for the wizard; `sounds` is an optional `companion.ui.sound.Sounds` for cues.
    """

    def __init__(
        self,
        size: tuple[int, int],
        game_id: str | None = None,
        settings: Mapping[str, Any] | None = None,
        sounds=None,
        long_press_s: float = LONG_PRESS_S,
    ) -> None:
        """Start on the title screen with the focus on `game_id` (None: the first game)."""
        self.size = (int(size[0]), int(size[1]))
        self.stack = ScreenStack()
        self.ctx = UIContext(Renderer(self.size), dict(settings or {}), self.stack, opens=OPENS)
        self.mapper = InputMapper(self.size, self._hit, long_press_s)
        self.sounds = sounds
        self.motion = Motion()  # the card flip, the dice, the phase change (companion/ui/motion.py)
        self._news: list[dict] = []  # the engine's events since the last frame drawn (what animates)
        title = TitleScreen(self.ctx)
        if game_id is not None:
            title.focus_later(f"game:{game_id}")
        self.stack.set_base(title)

    # -- input --------------------------------------------------------------------------------------
    def handle(self, event: Any, t: float | None = None) -> bool:
        """Feed one input: a pygame event, a ButtonEvent, a WidgetPress or a CardRead. True if used."""
        t = self.ctx.now if t is None else t
        if isinstance(event, (ButtonEvent, WidgetPress, CardRead)):
            virtual = [event]
        elif isinstance(event, pygame.event.EventType):
            virtual = self.mapper.translate(event, t)
        else:
            return False
        if virtual:  # a press never waits for an animation: it ends it, and is handled now
            self.motion.finish()
        used = False
        for ev in virtual:
            if self.stack.top.process_event(ev):
                used = True
                if self.sounds is not None and getattr(ev, "kind", None) in (Press.SHORT, Press.LONG):
                    self.sounds.play("click")
        return used

    def resize(self, size: tuple[int, int]) -> None:
        """Lay out for a screen of another size from the next frame on (a panel that came late is
        not always the size that was guessed); the screens and their state stay as they are."""
        self.size = (int(size[0]), int(size[1]))
        self.ctx.renderer = Renderer(self.size)
        self.mapper.size = self.size
        self._drawn = (None, None)
        self.motion.finish()

    def _hit(self, pos: tuple[float, float]):
        """What is under a pixel on the screen now shown."""
        return self.ctx.renderer.hit(self.stack.top.model(), pos)

    # -- frame --------------------------------------------------------------------------------------
    def update(
        self,
        view: GameView | None,
        events: Iterable[Any] = (),
        dt: float = 0.0,
        status: Mapping[str, Any] | None = None,
        lines: Sequence[str | None] | None = None,
    ) -> None:
        """A new frame: the game view (None: no game), engine events since last frame, hardware status;
        `lines`: the events' log lines as the loop told them (companion/app.py tells each once for the
        log, this screen and the phones), else they are told here."""
        self.ctx.now += dt
        if status is not None and status is not self._status_from:  # the loop passes a new one on a change
            self.ctx.status = banners(status)
            self._status_from = status
        dicts = [e.to_dict() if hasattr(e, "to_dict") else dict(e) for e in events]
        self._news = (self._news + dicts)[-16:]  # (a table without a surface never draws: kept short)
        if dicts:
            from companion.narration.narrate import line  # with the first event, not on the way to READY

            told = list(lines or ())
            game = view.game if view is not None else None
            for ev, said in zip(dicts, told + [None] * (len(dicts) - len(told))):
                self.ctx.log.append(said if said is not None else line(ev, game))
        if self.sounds is not None and dicts:
            from companion.ui.sound import cues_for_events

            for cue in cues_for_events(dicts):
                self.sounds.play(cue)
        old = self.ctx.view
        if old is not view and (
            (old is None) != (view is None)
            or (view is not None and (old.game != view.game or old.state != view.state))
        ):
            self.stack.close_transient()
            for screen in self.stack:
                screen.state_changed()
            self.ctx.remember(view)
        self.ctx.view = view
        self._route(view)
        for screen in self.stack:
            screen.update(view, dt)

    def _route(self, view: GameView | None) -> None:
        """Put the screen the state calls for at the bottom of the stack."""
        name = route(view)
        base = self.stack.base
        if base is None or base.name != name:
            make = BASE_SCREENS.get(name) or _screen_class(name, view.game if view is not None else None)
            self.stack.set_base(make(self.ctx))

    def draw(self, surface: pygame.Surface, force: bool = False) -> bool:
        """Draw the top screen; False (and nothing drawn) when it shows exactly what it showed on
        this surface last time and nothing animates, so the loop can skip the flip (an idle table
        costs almost nothing). A change from the frame on show may start an animation (the motion's
        clock is the table's, `ctx.now`); its frames are drawn over the still one."""
        vm = self.model()
        now = self.ctx.now
        if (
            not force
            and vm == self._drawn[0]
            and surface is self._drawn[1]
            and not self.motion.wants_frame(now)
        ):
            return False
        if surface is self._drawn[1]:  # the surface still shows the last frame: what a change starts from
            self.motion.notice(
                self._drawn[0],
                vm,
                self._drawn_state,
                self.ctx.state,
                self._news,
                now,
                surface,
                self.ctx.renderer,
            )
        self._news = []
        self.stack.top.paint(surface, vm)
        self.motion.paint(surface, vm, self.ctx.renderer, now)
        self._drawn, self._drawn_state = (vm, surface), self.ctx.state
        return True

    _drawn: tuple = (None, None)  # the model and surface of the last frame drawn
    _drawn_state: Mapping[str, Any] = {}  # the game's state in that frame (a phase change animates)
    _status_from: object = None  # the status mapping the banners were made from

    # -- output and loop hooks --------------------------------------------------------------------------
    def take_results(self) -> list[dict[str, Any]]:
        """Commands and intents since the last call, oldest first."""
        out, self.ctx.results = self.ctx.results, []
        return out

    def view_model(self) -> dict[str, Any]:
        """What is on screen now, as plain data (screen, title, lines, buttons, grid, veil, ...)."""
        return self.model().to_dict()

    def model(self) -> ViewModel:
        """The top screen's view model, in the words of the game on the table (its own catalog first)."""
        with speaking(self.ctx.view.game if self.ctx.view is not None else None):
            return self.stack.top.model()

    @property
    def screen(self) -> Screen:
        """The screen on show."""
        return self.stack.top

    def offer_resume(self, offer: Mapping[str, Any]) -> None:
        """An unfinished game was found: {"id", "game", "summary"}; ask to resume it."""
        self.stack.push(ResumeScreen(self.ctx, offer))

    def start_teach(self, tag: str, catalogue: Iterable[Mapping[str, Any]], *seen: Mapping[str, Any]) -> None:
        """An unknown tag was read: open the screen that teaches a card (`catalogue`: known cards
        {key, name, act}), of the game that teaches cards; `seen`: what a camera read of the card
        ({"grid", "near"}), which that screen proposes."""
        self.open_tool("card", tag, list(catalogue), *seen)

    def teach_tracker(self, trackers, vampires: int = 2) -> None:
        """Open the veil-tracker screen: `trackers` = count -> {"reserve", "numbers"} in use now."""
        self.open_tool("tracker", trackers, vampires)

    def teach_districts(self, districts) -> None:
        """Open the district-names screen: `districts` = position -> {"key", "name"}."""
        self.open_tool("districts", districts)

    def open_tool(self, kind: str, *args: Any) -> bool:
        """Open the screen that teaches `kind` (the plugin's `tool(kind)` of the game that teaches it),
        made with the table's context and `args`; False when no game teaches it."""
        from companion.plugins import teacher

        game = teacher(kind)
        screen = game.tool(kind) if game is not None else None
        if screen is None:
            return False
        self.stack.push(screen(self.ctx, *args))
        return True

    def notify(self, text: str) -> None:
        """Show a refusal or problem on the bottom row and in the log."""
        self.ctx.fail(text)
        self.ctx.log.append(_("refused: {text}").format(text=text))

    def set_setting(self, key: str, value: Any) -> None:
        """The loop changed a setting (e.g. from the config): show it."""
        self.ctx.settings[key] = value


def route(view: GameView | None) -> str:
    """Which base screen a game view calls for."""
    if view is None:
        return "title"
    from companion.ui.screens.others import route as route_game

    return route_game(view.game, view.state) or "generic"


def banners(status: Mapping[str, Any]) -> dict[str, str]:
    """Degraded-hardware banners from the loop's status.

    Each value may be None/True (fine), a message (shown as is), an `(ok, why)` pair (the HAL's `status()`), a
    {"ok", "why"} dict or a DeviceStatus. The part's name is put in front unless the reason names it.
    """
    out = {}
    for part, value in status.items():
        if value is None or value is True:
            continue
        if isinstance(value, str):
            out[part] = value  # a ready-made message from the loop
            continue
        if isinstance(value, (tuple, list)):
            ok, why = bool(value[0]), str(value[1]) if len(value) > 1 else ""
        elif isinstance(value, Mapping):
            ok, why = bool(value.get("ok")), str(value.get("why", ""))
        else:
            ok, why = bool(getattr(value, "ok", True)), str(getattr(value, "why", ""))
        if not ok:
            named = part.lower() in why.lower() or "not available" in why.lower()
            out[part] = why if named else f"{part}: {why}" if why else f"{part} not available"
    return out


def _screen_class(name: str, game: str | None = None):
    """The base screen class called `name` (of `game`'s screens when given), imported on first use."""
    if name == "generic":
        from companion.ui.screens.generic import GenericGameScreen

        return GenericGameScreen
    from companion.ui.screens.others import screen_class

    return screen_class(name, game)
