"""The screen of a game that brings none of its own: its board as lines, its actions as buttons.

Everything is said in the table's language and asked of the game's plugin (companion/games/__init__.py):
the ending naming the winners (`result`), how far it is (`stage`), its board (`board_lines`: by
default the state's `board` dict, each key in the game's `BOARD` words); the phase and step in the
game's words (companion/narration/words.py). `GenericBoardScreen` is the menu's Board for such a game.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.i18n import _
from companion.inputs import Press
from companion.narration import words
from companion.plugins import games
from companion.ui.model import ButtonVM, ViewModel
from companion.ui.screens.base import Screen
from companion.ui.screens.game import GameScreen

MAX_LINES = 6


class GenericGameScreen(GameScreen):
    """Any game: title, phase and step, the `board` dict flattened into lines, actions + Menu. Once
    the game is over it shows its end-of-game card first (companion/ui/cardview.py: the winner, the
    players, three key moments); "Results" turns to the lines (the ending naming the winner)."""

    name = "generic"
    results = False  # over: the card shows first; "Results" turns to the lines

    def body(self) -> ViewModel:
        """Lines from the state's `board`, one button per action; the card once the game is over."""
        s = dict(self.ctx.state)
        gid = s.get("game")
        turn = s.get("current_player")
        lines = [
            *where_lines(s),
            *([_("{player}'s turn").format(player=turn)] if isinstance(turn, str) and turn else []),
            *board_lines(s),
        ]
        buttons = self.action_buttons() + [ButtonVM("menu", _("Menu"))]
        card = self.ctx.card() if s.get("outcome") is not None and not self.results else None
        if s.get("outcome") is not None:
            buttons = [
                ButtonVM("card" if self.results else "results", _("Card") if self.results else _("Results")),
                ButtonVM("new", _("New game")),
                *buttons,
            ]
        extra = {"card": card} if card is not None else {}
        return ViewModel(
            self.name,
            title_of(gid),
            tuple(lines[:MAX_LINES]),
            tuple(buttons),
            stats=seat_chips(s),
            accent=seat_colour(s, turn),
            **extra,
        )

    def activate(self, button_id: str, kind: Press) -> bool:
        """Turn between the card and the results, or start a new game; the rest as any game screen."""
        if button_id in ("results", "card"):
            self.results = button_id == "results"
            return True
        if button_id == "new":  # (the title screen is handed over: the menus import this module)
            self.ctx.stack.push(self.ctx.opens["title"](self.ctx))
            return True
        return super().activate(button_id, kind)


class GenericBoardScreen(Screen):
    """The menu's Board for a game without a board screen of its own: every line of its `board`."""

    name = "board"
    scenery = True

    def body(self) -> ViewModel:
        """Where the game stands and its whole board."""
        s = dict(self.ctx.state)
        lines = [*where_lines(s), *board_lines(s)]
        return ViewModel(self.name, _("Board"), tuple(lines), (ButtonVM("back", _("Back")),))

    def activate(self, button_id: str, kind: Press) -> bool:
        """Back closes."""
        return self.on_back()


def seat_chips(s: Mapping[str, Any]) -> tuple:
    """The players as chips, in seating order: each in their seat's colour and shape, their name
    beside it (the game API's "seats"; one out of play dimmed)."""
    from companion.ui.model import player_chip

    return tuple(
        player_chip(s, p["name"], dim=bool(p.get("out")))._replace(value=p["name"])
        for p in s.get("seats") or ()
        if isinstance(p, Mapping) and isinstance(p.get("name"), str)
    )


def seat_colour(s: Mapping[str, Any], name: Any) -> tuple[int, int, int] | None:
    """The colour of the player called `name` (the bar beside the title), or None."""
    from companion import palette

    seat = next((p for p in s.get("seats") or () if isinstance(p, Mapping) and p.get("name") == name), None)
    return palette.COLOURS.get(seat.get("colour")) if seat else None


def title_of(gid: Any) -> str:
    """The game's title, as printed on its box in every language (its id when it is not installed)."""
    game = games().get(gid) if isinstance(gid, str) else None
    return game.title if game is not None else str(gid or _("Game"))


def where_lines(s: Mapping[str, Any]) -> list[str]:
    """The ending (the game's `result`, naming the winners), or how far the game is (its `stage`)
    with the phase and step, in the game's words."""
    gid = s.get("game")
    game = plugin_of(gid)
    done = game.result(s)
    if done is not None:
        return [_("Game over: {outcome}").format(outcome=words.said(done.sentence, gid))]
    phase, step = s.get("phase"), s.get("step")
    said = list(
        dict.fromkeys(
            w for w in (phase and words.phase_text(phase, gid), step and words.step_text(gid, step)) if w
        )
    )
    head = " / ".join(said)
    stage = game.stage(s)
    if stage is not None:
        n = words.said(stage, gid)
        n = n[:1].upper() + n[1:]
        return [_("{stage}: {step}").format(stage=n, step=head) if head else n]
    return [head] if head else []


def board_lines(s: Mapping[str, Any]) -> list[str]:
    """What the game's board says, as its plugin gives it (`board_lines`), in the game's words."""
    gid = s.get("game")
    return [words.said(line, gid) for line in plugin_of(gid).board_lines(s)]


def plugin_of(gid: Any):
    """The game's plugin; for a game not installed here (a journal's older game), the defaults a
    plain GamePlugin gives (its result, stage and board read from the documented keys)."""
    found = games().get(gid) if isinstance(gid, str) else None
    if found is not None:
        return found
    from companion.games import GamePlugin

    return GamePlugin()
