"""Title/game select, resume offer, new-game wizards, the menu and settings."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion import i18n
from companion.i18n import _, ngettext
from companion.inputs import Press
from companion.plugins import games
from companion.ui.model import TROUBLES, ButtonVM, ViewModel
from companion.ui.screens.base import Screen, UIContext

SEED_MAX = 999_999
SCENE = ("skyline", "night")  # the title and the resume offer: the city by night, the choices over it


class TitleScreen(Screen):
    """Pick a game (every game `companion.games` finds) or open the settings."""

    name = "title"
    transient = True  # as an overlay (New game from the menu) it closes once the new game starts

    _buttons: tuple[object, tuple[ButtonVM, ...]] = (None, ())

    @classmethod
    def game_buttons(cls) -> tuple[ButtonVM, ...]:
        """One button per game (its title as printed on the box, in every language: no lookup, so the
        games' catalogs stay unread until a game's words are needed), then Settings: the same tuple
        every frame (the title screen is what an idle table shows), built again only when the games
        found change."""
        found = games()
        key = (found, i18n.current_language())
        if cls._buttons[0] != key:
            buttons = (
                *(ButtonVM(f"game:{gid}", g.title) for gid, g in found.items()),
                ButtonVM("settings", _("Settings")),
            )
            TitleScreen._buttons = (key, buttons)
        return cls._buttons[1]

    @classmethod
    def game_tiles(cls) -> tuple[ButtonVM, ...]:
        """The game buttons as the wide title's tiles: each with its game's picture (its plugin's
        backdrop at the start of a game), made once (the first wide title frame reads the games'
        pictures, never the panel's)."""
        buttons = cls.game_buttons()
        if cls._tiles[0] is not buttons:
            found = games()
            TitleScreen._tiles = (
                buttons,
                tuple(
                    b._replace(art=_art(found.get(b.id[5:]))) if b.id.startswith("game:") else b
                    for b in buttons
                ),
            )
        return cls._tiles[1]

    _tiles: tuple[object, tuple[ButtonVM, ...]] = (None, ())

    def body(self) -> ViewModel:
        """One button per game (on a wide screen a tile with its picture)."""
        own = self.game_tiles() if self.ctx.renderer.m.wide else self.game_buttons()
        buttons = own + (ButtonVM("back", _("Back")),) if len(self.ctx.stack) > 1 else own
        return ViewModel(self.name, "Nightwatch", (_("Choose a game to set up."),), buttons, scene=SCENE)

    def activate(self, button_id: str, kind: Press) -> bool:
        """Start the wizard of the chosen game."""
        if button_id.startswith("game:"):
            gid = button_id[5:]
            own = games()[gid].wizard()  # a wizard of the game's own, or the generic one
            self.ctx.stack.push(own(self.ctx) if own is not None else GenericWizard(self.ctx, gid))
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
        lines = (
            _("{game}:").format(game=title),
            str(self.offer.get("summary", "")),
            *((_("Played {when}").format(when=when),) if when else ()),
        )
        if self.ctx.renderer.m.wide:  # the room for what else the journal says (companion/ui/wide.py)
            lines = (title, *lines[1:], *_journal_lines(self.offer))
        return ViewModel(
            self.name,
            _("Resume?"),
            lines,
            (ButtonVM("resume", _("Resume")), ButtonVM("new", _("New game"))),
            scene=SCENE,
        )

    def activate(self, button_id: str, kind: Press) -> bool:
        """Resume sends the intent; New game goes to game selection."""
        if button_id == "resume":
            self.ctx.emit({"intent": "resume", "id": self.offer.get("id"), "game": self.offer.get("game")})
        self.ctx.stack.pop()
        return True


def _art(game) -> tuple[str, str] | None:
    """A game's picture for its title tile: its plugin's backdrop as a game begins (None: none)."""
    try:
        found = game.backdrop({"game": game.id}) if game is not None else None
    except (KeyError, TypeError, ValueError, AttributeError):  # a plugin that needs a real state: no picture
        return None
    return tuple(found) if found else None


def _journal_lines(offer: Mapping[str, Any]) -> tuple[str, ...]:
    """What else the journal says about an offered game: how many moves it has and when it began."""
    moves, started = offer.get("moves"), offer.get("started")
    out = []
    if isinstance(moves, int) and moves > 0:
        out.append(ngettext("{n} move made", "{n} moves made", moves).format(n=moves))
    if started:
        out.append(_("Started {when}").format(when=started))
    return tuple(out)


class GenericWizard(Screen):
    """New game of a game without a wizard of its own: what its setup takes (players in the engine's
    range, and the fields its plugin adds), the seed, then the players' names when its setup takes
    them (companion/ui/screens/names.py); its `start` may go on to a page of its own."""

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
        self.names: list[str] = []  # the players' names once the names page gave them
        from companion.rules import load_game

        self.takes_names = load_game(game_id).takes_names()

    @property
    def players(self) -> int:
        """The number of players chosen."""
        return self.values["players"]

    def body(self) -> ViewModel:
        """One button per field, seed, -/+; Start (One Night: Next to the roles)."""
        buttons = [
            ButtonVM(
                f"f:{f.key}",
                _("{field}: {value}").format(field=_(f.label), value=self.values[f.key]),
                selected=self.field == f.key,
            )
            for f in self.specs
        ]
        if games()[self.game_id].seeded:  # only a game that deals, shuffles or rolls asks for a seed
            buttons.append(
                ButtonVM("f:seed", _("Seed: {seed}").format(seed=self.seed), selected=self.field == "seed")
            )
        buttons += [
            ButtonVM("minus", "-1"),
            ButtonVM("plus", "+1"),
            ButtonVM(
                "start",
                _("Next: names") if self.takes_names else _(games()[self.game_id].start_label),
                primary=True,
            ),
            ButtonVM("back", _("Back")),
        ]
        lo, hi = self.specs[0].lo, self.specs[0].hi
        from companion.ui.screens.others import setup_note

        title = games()[self.game_id].title
        head = (
            _("New game of {game} ({lo} to {hi} players).").format(game=title, lo=lo, hi=hi)
            if lo != hi
            else ngettext("New game of {game} ({n} player).", "New game of {game} ({n} players).", lo).format(
                game=title, n=lo
            )
        )
        lines = (head, _("Pick a value, then up/down or -1/+1."), *setup_note(self.game_id, self.values))
        return ViewModel(self.name, games()[self.game_id].title, lines, tuple(buttons))

    def activate(self, button_id: str, kind: Press) -> bool:
        """Choose the field, step it, start (or pick One Night's roles) or go back."""
        if button_id.startswith("f:"):
            self.field = button_id[2:]
        elif button_id in ("minus", "plus"):
            self.on_veil(1 if button_id == "plus" else -1)
        elif button_id == "start" and self.takes_names:  # who plays first, then as below
            from companion.narration.seatnames import default_names
            from companion.ui.screens.names import NamesScreen

            game = games()[self.game_id]
            self.ctx.stack.push(
                NamesScreen(
                    self.ctx,
                    _("{game}: players").format(game=game.title),
                    self.players,
                    default_names(self.game_id),
                    self.named,
                    _(game.start_label),
                    self.names,
                )
            )
        elif button_id == "start":
            self.go()
        elif button_id == "back":
            self.ctx.stack.pop()
        return True

    def named(self, names: list[str]) -> None:
        """The names page gave every seat a name: on to the game's own next step, or start."""
        self.names = list(names)
        self.go()

    def go(self) -> None:
        """The game's own next step (One Night's roles), else start the game."""
        if not games()[self.game_id].start(self.ctx, self):
            self.ctx.emit(self.setup())

    def setup(self) -> dict[str, Any]:
        """The setup command: players (and their names) and seed, other fields only when changed from
        the default."""
        cmd: dict[str, Any] = {
            "cmd": "setup",
            "game": self.game_id,
            "players": self.players,
            "seed": self.seed,
        }
        if self.takes_names and len(self.names) == self.players:
            cmd["names"] = list(self.names)
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
    """Board overview, event log, the story so far (the end card), adjust, settings, new game; the
    entries the games add (teaching your box) and how much of your box is taught."""

    name = "menu"

    def __init__(self, ctx: UIContext) -> None:
        """Read what the games say about your box once, when the menu opens (their `progress`)."""
        super().__init__(ctx)
        self.progress = tuple(line for line in (g.progress() for g in games().values()) if line)

    def body(self) -> ViewModel:
        """The menu entries."""
        playing = self.ctx.view is not None
        why = None if playing else _("no game running")
        base = self.ctx.stack.base
        corrects = playing and base is not None and base.corrects
        # while something is wrong, what is wrong is the menu's likely next step (the banners' Details)
        wrong = (ButtonVM(TROUBLES, _("What is wrong"), primary=True),) if self.ctx.status else ()
        buttons = (
            *wrong,
            ButtonVM("board", _("Board"), enabled=playing, why_not=why),
            ButtonVM("log", _("Event log")),
            ButtonVM("story", _("Story"), enabled=playing, why_not=why),
            ButtonVM(
                "adjust",
                _("Adjust counts"),
                enabled=corrects,
                why_not=None if corrects else why or _("nothing to correct in this game"),
            ),
            self.rename_button(why),
            ButtonVM("settings", _("Settings")),
            *self.game_entries(),
            ButtonVM("phones", _("Phones")),
            ButtonVM("new", _("New game")),
            ButtonVM("back", _("Back"), primary=not wrong),
        )
        return ViewModel(self.name, _("Menu"), self.progress, buttons)

    def rename_button(self, why: str | None) -> ButtonVM:
        """ "Rename players", greyed without a game or in a game whose players are its characters."""
        game = games().get(self.ctx.view.game) if self.ctx.view is not None else None
        renames = game is not None and game.renames()
        return ButtonVM(
            "rename",
            _("Rename players"),
            enabled=renames,
            why_not=None if renames else why or _("the players are the game's characters"),
        )

    def game_entries(self) -> list[ButtonVM]:
        """The buttons the games add (`GamePlugin.menu`); one that needs its game running is greyed in another."""
        running = self.ctx.view.game if self.ctx.view is not None else None
        out = []
        for gid, game in games().items():
            for entry in game.menu:
                ok = not entry.playing or running == gid
                why = (
                    None
                    if ok
                    else _(entry.why_not)
                    if entry.why_not
                    else _("in a game of {game}").format(game=game.title)
                )
                out.append(ButtonVM(entry.id, _(entry.label), enabled=ok, why_not=why))
        return out

    def activate(self, button_id: str, kind: Press) -> bool:
        """Open the chosen screen in place of the menu (a game's entry through the loop, which reads
        the numbers and names in use: the intent `edit_<entry>`)."""
        from companion.ui.screens.tools import LogScreen

        self.ctx.stack.pop()
        if button_id == TROUBLES:
            return self.open_troubles()
        base = self.ctx.stack.base
        if button_id == "adjust":
            return base.correct() if self.ctx.view is not None and base is not None else True
        if any(e.id == button_id for g in games().values() for e in g.menu):
            self.ctx.emit({"intent": f"edit_{button_id}"})
            return True
        from companion.ui.screens.names import RenameScreen
        from companion.ui.screens.phones import PhonesScreen
        from companion.ui.screens.story_screen import StoryScreen

        make = {
            "board": self.board_screen(),
            "log": LogScreen,
            "settings": SettingsScreen,
            "new": TitleScreen,
            "phones": PhonesScreen,
            "rename": RenameScreen,
            "story": StoryScreen,
        }.get(button_id)
        if make is not None:
            self.ctx.stack.push(make(self.ctx))
        return True

    def board_screen(self):
        """The board overview of the game running: its plugin's `board_screen()`, or the generic one."""
        game = games().get(self.ctx.view.game) if self.ctx.view is not None else None
        own = game.board_screen() if game is not None else None
        if own is not None:
            return own
        from companion.ui.screens.generic import GenericBoardScreen

        return GenericBoardScreen

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
        buttons = (
            ButtonVM(
                "f:brightness",
                _("Brightness {percent}%").format(percent=round(self._value("brightness") * 100)),
                selected=self.field == "brightness",
            ),
            ButtonVM(
                "f:volume",
                _("Volume {percent}%").format(percent=round(self._value("volume") * 100)),
                selected=self.field == "volume",
            ),
            ButtonVM("minus", "-10%"),
            ButtonVM("plus", "+10%"),
            ButtonVM(
                "mute", _("Sound off") if s.get("mute") else _("Sound on"), selected=bool(s.get("mute"))
            ),
            ButtonVM("language", i18n.LANGUAGE_NAMES[i18n.current_language()]),  # each press: the next one
            ButtonVM("phones", _("Phones")),
            ButtonVM("back", _("Back"), primary=True),
        )
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
        elif button_id == "phones":  # the host's code too (companion/ui/screens/phones.py)
            from companion.ui.screens.phones import PhonesScreen

            self.ctx.stack.push(PhonesScreen(self.ctx, host=True))
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
