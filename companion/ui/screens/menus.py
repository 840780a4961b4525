"""Title/game select, resume offer, new-game wizards, the menu and settings."""

from __future__ import annotations

from typing import Any, Mapping

from companion import i18n
from companion.i18n import N_, _
from companion.inputs import Press
from companion.games import games, resolve
from companion.ui.model import ButtonVM, ViewModel
from companion.ui.screens.base import Screen, UIContext

SEED_MAX = 999_999
DECK_LABELS = {"physical": N_("Your physical deck"), "digital": N_("Example deck (demo)")}


class TitleScreen(Screen):
    """Pick a game (every game `companion.games` finds) or open the settings."""

    name = "title"
    transient = True  # as an overlay (New game from the menu) it closes once the new game starts

    _buttons: tuple[object, tuple[ButtonVM, ...]] = (None, ())

    @classmethod
    def game_buttons(cls) -> tuple[ButtonVM, ...]:
        """One button per game, then Settings: the same tuple every frame (the title screen is what
        an idle table shows), built again only when the games found change."""
        found = games()
        key = (found, i18n.current_language())
        if cls._buttons[0] != key:
            buttons = (*(ButtonVM(f"game:{gid}", _(g.title)) for gid, g in found.items()), ButtonVM("settings", _("Settings")))
            TitleScreen._buttons = (key, buttons)
        return cls._buttons[1]

    def body(self) -> ViewModel:
        """One button per game."""
        own = self.game_buttons()
        buttons = own + (ButtonVM("back", _("Back")),) if len(self.ctx.stack) > 1 else own
        return ViewModel(self.name, "Nightwatch", (_("Choose a game to set up."),), buttons)

    def activate(self, button_id: str, kind: Press) -> bool:
        """Start the wizard of the chosen game."""
        if button_id.startswith("game:"):
            gid = button_id[5:]
            own = games()[gid].wizard  # a wizard of the game's own, or the generic one
            self.ctx.stack.push(resolve(own)(self.ctx) if own else GenericWizard(self.ctx, gid))
        elif button_id == "settings":
            self.ctx.stack.push(SettingsScreen(self.ctx))
        elif button_id == "back":
            self.ctx.stack.pop()
        return True


class ResumeScreen(Screen):
    """An unfinished game was found in the journal: resume it or start a new one."""

    name = "resume"
    transient = True

    def __init__(self, ctx: UIContext, offer: Mapping[str, Any]) -> None:
        """`offer`: {"id": journal game id, "game": game id, "summary": the game's line (companion.gameline:
        round, phase, whose turn, players), optionally "when" it was last played}."""
        super().__init__(ctx)
        self.offer = dict(offer)

    def body(self) -> ViewModel:
        """What was found, and the two choices."""
        game = games().get(self.offer.get("game", ""))
        title = game.title if game else self.offer.get("game", "a game")
        when = self.offer.get("when")
        lines = (_("{game}:").format(game=_(title)), str(self.offer.get("summary", "")), *((_("Played {when}").format(when=when),) if when else ()))
        return ViewModel(self.name, _("Resume?"), lines, (ButtonVM("resume", _("Resume")), ButtonVM("new", _("New game"))))

    def activate(self, button_id: str, kind: Press) -> bool:
        """Resume sends the intent; New game goes to game selection."""
        if button_id == "resume":
            self.ctx.emit({"intent": "resume", "id": self.offer.get("id"), "game": self.offer.get("game")})
        self.ctx.stack.pop()
        return True


class MastersWizard(Screen):
    """New Masters game: vampires in seating order (page 1), then difficulty, deck and seed (page 2)."""

    name = "wizard"
    transient = True

    def __init__(self, ctx: UIContext) -> None:
        """Defaults from the settings (deck mode, seed)."""
        super().__init__(ctx)
        self.page = 0
        self.vampires: list[str] = []
        self.difficulty = "medium"
        from companion.gamedata.ownbox import deck_order

        self.decks = deck_order(ctx.settings)  # your physical deck first on a Pi or while nothing is taught
        self.deck = self.decks[0]
        self.seed = int(ctx.settings.get("seed", 1))

    def body(self) -> ViewModel:
        """The page's choices as toggles."""
        from companion.ui import masters_view as mv  # loaded with this page, not with the title screen

        if self.page == 0:
            n = len(self.vampires)
            ok = 2 <= n <= 5
            buttons = [ButtonVM(f"v:{name}", f"{self.vampires.index(name) + 1}. {name}" if name in self.vampires else name,
                                selected=name in self.vampires) for name in mv.VAMPIRES]
            buttons += [ButtonVM("next", _("Next"), enabled=ok, why_not=None if ok else _("choose 2 to 5 vampires")),
                        ButtonVM("back", _("Back"))]
            lines = (_("Tap the vampires in seating order (clockwise)."), _("Seating: {names}").format(names=", ".join(self.vampires) or "-"))
            return ViewModel(self.name, _("New game: vampires"), lines, tuple(buttons))
        buttons = [ButtonVM(f"k:{k}", _(DECK_LABELS[k]), selected=k == self.deck) for k in self.decks]
        buttons += [ButtonVM(f"d:{d}", _(mv.DIFFICULTY_NAMES[d]), selected=d == self.difficulty) for d in mv.DIFFICULTIES]
        buttons += [ButtonVM("seed-", _("Seed -1")), ButtonVM("seed+", _("Seed +1")), ButtonVM("start", _("Start")), ButtonVM("back", _("Back"))]
        lines = (_("{vampires}: {difficulty}, {deck}").format(vampires=", ".join(self.vampires), difficulty=_(mv.DIFFICULTY_NAMES[self.difficulty]),
                                                             deck=_(DECK_LABELS[self.deck])),
                 _("Seed {seed} (up/down change it)").format(seed=self.seed))
        return ViewModel(self.name, _("New game: options"), lines, tuple(buttons))

    def activate(self, button_id: str, kind: Press) -> bool:
        """Toggle vampires, choose options, start."""
        head, colon, rest = button_id.partition(":")
        if head == "v":
            self.vampires.remove(rest) if rest in self.vampires else self.vampires.append(rest)
        elif head == "d":
            self.difficulty = rest
        elif head == "k":
            self.deck = rest
        elif button_id in ("seed-", "seed+"):
            self.on_veil(1 if button_id == "seed+" else -1)
        elif button_id == "next":
            self.page, self.focus = 1, 0
        elif button_id == "start":
            from companion.ui.screens.ownbox import ask_tracker

            setup = {"cmd": "setup", "game": "masters", "vampires": list(self.vampires),
                     "difficulty": self.difficulty, "deck": self.deck, "seed": self.seed}
            if not ask_tracker(self.ctx, setup):  # your own box: the tracker's numbers once, first
                self.ctx.emit(setup)
        elif button_id == "back":
            return self.on_back()
        return True

    def on_veil(self, delta: int) -> bool:
        """Up/down change the seed."""
        self.seed = max(0, min(SEED_MAX, self.seed + delta))
        return True

    def on_back(self) -> bool:
        """Back goes to the first page, then closes."""
        if self.page == 1:
            self.page, self.focus = 0, 0
            return True
        self.ctx.stack.pop()
        return True


class GenericWizard(Screen):
    """New game of one of the other games: what its setup takes (players in the engine's range,
    the mansion's clock and target), the seed; One Night goes on to its role picker."""

    name = "wizard"
    transient = True

    def __init__(self, ctx: UIContext, game_id: str) -> None:
        """Set up `game_id` with each field at its default."""
        from companion.ui.screens.others import setup_fields

        super().__init__(ctx)
        self.game_id = game_id
        self.specs = setup_fields(game_id)
        self.values = {f.key: f.default for f in self.specs}
        self.seed = int(ctx.settings.get("seed", 1))
        self.field = "players"

    @property
    def players(self) -> int:
        """The number of players chosen."""
        return self.values["players"]

    def body(self) -> ViewModel:
        """One button per field, seed, -/+; Start (One Night: Next to the roles)."""
        buttons = [ButtonVM(f"f:{f.key}", _("{field}: {value}").format(field=_(f.label), value=self.values[f.key]), selected=self.field == f.key) for f in self.specs]
        buttons += [ButtonVM("f:seed", _("Seed: {seed}").format(seed=self.seed), selected=self.field == "seed"),
                    ButtonVM("minus", "-1"), ButtonVM("plus", "+1"),
                    ButtonVM("start", _(games()[self.game_id].start_label)), ButtonVM("back", _("Back"))]
        lo, hi = self.specs[0].lo, self.specs[0].hi
        from companion.ui.screens.others import setup_note

        lines = (_("New game of {game} ({lo} to {hi} players).").format(game=_(games()[self.game_id].title), lo=lo, hi=hi),
                 _("Pick a value, then up/down or -1/+1."),
                 *setup_note(self.game_id, self.values))
        return ViewModel(self.name, _(games()[self.game_id].title), lines, tuple(buttons))

    def activate(self, button_id: str, kind: Press) -> bool:
        """Choose the field, step it, start (or pick One Night's roles) or go back."""
        if button_id.startswith("f:"):
            self.field = button_id[2:]
        elif button_id in ("minus", "plus"):
            self.on_veil(1 if button_id == "plus" else -1)
        elif button_id == "start" and games()[self.game_id].start:  # the game's own next step
            if not resolve(games()[self.game_id].start)(self.ctx, self):
                self.ctx.emit(self.setup())
        elif button_id == "start":
            self.ctx.emit(self.setup())
        elif button_id == "back":
            self.ctx.stack.pop()
        return True

    def setup(self) -> dict[str, Any]:
        """The setup command: players and seed, other fields only when changed from the default."""
        cmd: dict[str, Any] = {"cmd": "setup", "game": self.game_id, "players": self.players, "seed": self.seed}
        cmd.update({f.key: self.values[f.key] for f in self.specs[1:] if self.values[f.key] != f.default})
        return cmd

    def on_veil(self, delta: int) -> bool:
        """Up/down step the chosen field within its range."""
        spec = next((f for f in self.specs if f.key == self.field), None)
        if spec is not None:
            self.values[spec.key] = max(spec.lo, min(spec.hi, self.values[spec.key] + delta))
        else:
            self.seed = max(0, min(SEED_MAX, self.seed + delta))
        return True


class MenuScreen(Screen):
    """Board overview, event log, adjust, settings, new game; how much of your box is taught."""

    name = "menu"

    def __init__(self, ctx: UIContext) -> None:
        """Count the taught cards once, when the menu opens."""
        from companion.gamedata.ownbox import progress_line

        super().__init__(ctx)
        self.progress = progress_line()

    def body(self) -> ViewModel:
        """The menu entries."""
        playing = self.ctx.view is not None
        why = None if playing else _("no game running")
        game = games().get(self.ctx.view.game) if playing else None
        masters = game is not None and "districts" in game.teaching  # the game teaches district names
        buttons = (ButtonVM("board", _("Board"), enabled=playing, why_not=why), ButtonVM("log", _("Event log")),
                   ButtonVM("adjust", _("Adjust counts"), enabled=playing, why_not=why), ButtonVM("settings", _("Settings")),
                   ButtonVM("tracker", _("Your box: veil tracker")),
                   ButtonVM("districts", _("Your box: district names"), enabled=masters,
                            why_not=None if masters else _("in a Masters of the Night game")),
                   ButtonVM("new", _("New game")), ButtonVM("back", _("Back")))
        return ViewModel(self.name, _("Menu"), (self.progress,), buttons)

    def activate(self, button_id: str, kind: Press) -> bool:
        """Open the chosen screen in place of the menu (the box screens through the loop, which
        reads the numbers and names in use)."""
        from companion.ui.screens.masters import BoardScreen
        from companion.ui.screens.tools import AdjustScreen, LogScreen

        self.ctx.stack.pop()
        base = self.ctx.stack.base
        if button_id == "adjust" and self.ctx.view is not None and base is not None and hasattr(base, "fields"):
            return base.activate("correct", kind)  # a screen with its own count fields corrects them itself
        if button_id in ("tracker", "districts"):
            self.ctx.emit({"intent": f"edit_{button_id}"})
            return True
        make = {"board": BoardScreen, "log": LogScreen, "adjust": lambda c: AdjustScreen(c, target="veil"),
                "settings": SettingsScreen, "new": TitleScreen}.get(button_id)
        if make is not None:
            self.ctx.stack.push(make(self.ctx))
        return True

    def on_menu(self) -> bool:
        """Menu again closes the menu."""
        self.ctx.stack.pop()
        return True


class SettingsScreen(Screen):
    """Brightness, volume, mute and language; each change is sent at once as a settings intent."""

    name = "settings"
    STEP = 0.1
    DEFAULTS = {"brightness": 0.6, "volume": 0.7}  # shown and stepped from when the loop gave none

    def __init__(self, ctx: UIContext) -> None:
        """Edit the shared settings; brightness is the active value first."""
        super().__init__(ctx)
        self.field = "brightness"

    def body(self) -> ViewModel:
        """Values with -/+ and the mute toggle."""
        s = self.ctx.settings
        buttons = (ButtonVM("f:brightness", _("Brightness {percent}%").format(percent=round(self._value("brightness") * 100)),
                            selected=self.field == "brightness"),
                   ButtonVM("f:volume", _("Volume {percent}%").format(percent=round(self._value("volume") * 100)), selected=self.field == "volume"),
                   ButtonVM("minus", "-10%"), ButtonVM("plus", "+10%"),
                   ButtonVM("mute", _("Sound off") if s.get("mute") else _("Sound on"), selected=bool(s.get("mute"))),
                   ButtonVM("language", i18n.LANGUAGE_NAMES[i18n.current_language()]),  # each press: the next one
                   ButtonVM("back", _("Back")))
        return ViewModel(self.name, _("Settings"), (_("Pick a value, then up/down or -/+."),), buttons)

    def activate(self, button_id: str, kind: Press) -> bool:
        """Pick, step, toggle mute, go back."""
        if button_id.startswith("f:"):
            self.field = button_id[2:]
        elif button_id in ("minus", "plus"):
            return self.on_veil(1 if button_id == "plus" else -1)
        elif button_id == "mute":
            self._change("mute", not self.ctx.settings.get("mute", False))
        elif button_id == "language":
            self._change("language", i18n.next_language(i18n.current_language()))
        elif button_id == "back":
            self.ctx.stack.pop()
        return True

    def on_veil(self, delta: int) -> bool:
        """Step the active value by 10 %."""
        now = self._value(self.field)
        self._change(self.field, round(min(1.0, max(0.0, now + delta * self.STEP)), 2))
        return True

    def _value(self, key: str) -> float:
        """The setting's value now (its default until the loop or the table set one)."""
        return float(self.ctx.settings.get(key, self.DEFAULTS[key]))

    def _change(self, key: str, value: Any) -> None:
        """Store and announce one setting."""
        self.ctx.settings[key] = value
        self.ctx.emit({"intent": "settings", "key": key, "value": value, key: value})
