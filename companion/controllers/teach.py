"""Teaching from the screens: the table tells the app what its own box holds.

What a game's box can teach, and how it is saved, is the game's (its plugin's `intents`: each a
function (teaching, result) in its package, e.g. a card's grid, a tracker's numbers, a box's values).
This controller is what they share: `taught` saves through the game's function and lets the running
game of that kind reload its data, so the next draw, placement or name uses it; `view_teaching` is the
running game's view when its plugin teaches that kind. The journal keeps the values each command
used, so old games replay as played.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from companion.errors import CompanionError
from companion.plugins import teacher

if TYPE_CHECKING:
    from companion.controllers.hosts import TeachHost
    from companion.controllers.tags import Tags


class Teaching:
    """Answers the teaching intents of the screens: the ones every game's plugin names."""

    def __init__(self, host: TeachHost, tags: Tags):
        """host: the loop, as far as `TeachHost` goes (companion/controllers/hosts.py; the games'
        teaching functions reach it as `teaching.host`); tags: the `Tags` controller (a taught card's
        tag is registered and its read used)."""
        self.host = host
        self.tags = tags

    def intents(self) -> dict:
        """Intent name -> handler: the games' own (the names in a plugin's `intents`, each answered by
        its `intent(name)`, imported when first asked)."""
        from companion.plugins import games

        out: dict = {}
        for game in games().values():
            out.update({name: functools.partial(self._game_intent, game, name) for name in game.intents})
        return out

    def _game_intent(self, game, name: str, result: dict) -> None:
        """Answer a game's intent with the function its plugin gives for it."""
        answer = game.intent(name)
        if answer is not None:
            answer(self, result)

    def view_teaching(self, kind: str) -> dict | None:
        """The running game's view if that game's plugin teaches `kind` (e.g. "tracker"), else None."""
        session = self.host.session
        view = session.view() if session is not None else {}
        return (
            view
            if view.get("game") is not None and view.get("game") == getattr(teacher(kind), "id", None)
            else None
        )

    def taught(self, save: Callable[[], Any], done: str, game: str | None) -> bool:
        """Save taught data (a refusal is shown, nothing saved); a running `game` reloads its data."""
        try:
            save()
        except CompanionError as exc:  # e.g. a single blue-gray cell: say why, save nothing
            self.host.refuse({"cmd": "teach"}, exc)
            return False
        if game is not None:
            self.host.game_data_changed(game)
        self.host.say(done)
        return True
