"""Teaching from the screens: the table tells the app what its own box holds.

Masters of the Night: a card's grid (and its tag), the veil tracker's numbers, the districts' printed
names; Strigoi: the card values and token mix of the box. Each is saved (companion/gamedata/teach.py,
companion/games/strigoi/teach.py) and the running game of that kind reloads its data, so the next draw,
placement or name uses it. The journal keeps the values each command used, so old games replay as played.
"""

from __future__ import annotations

import functools
from typing import Any, Callable

from companion.errors import CompanionError
from companion.games import teacher



class Teaching:
    """Answers the teaching intents of the screens (teach_card, edit_tracker, teach_tracker,
    edit_districts, teach_district, teach_strigoi)."""

    def __init__(self, host, tags):
        """host: the loop (see companion/controllers/__init__.py); tags: the `Tags` controller (a taught
        card's tag is registered and its read used)."""
        self.host = host
        self.tags = tags

    def intents(self) -> dict:
        """Intent name -> handler: the games' own (their descriptors' `intents`, each a function
        (teaching, result) imported when first asked)."""
        from companion.games import games

        out = {"teach_card": self.teach_card, "edit_tracker": self.edit_tracker,
               "teach_tracker": self.teach_tracker, "edit_districts": self.edit_districts,
               "teach_district": self.teach_district}
        for game in games().values():
            out.update({name: functools.partial(self._game_intent, where) for name, where in game.intents.items()})
        return out

    def _game_intent(self, where: str, result: dict) -> None:
        """Answer a game's intent with the function its descriptor names."""
        from companion.games import resolve

        resolve(where)(self, result)

    def teach_card(self, result: dict) -> None:
        """Save a taught card grid and its tag, reload the game's data, then use the read."""
        from companion.gamedata import teach  # the data modules load when first taught, not at start-up

        saved = self.taught(lambda: teach.save_card_grid(result["card"], result.get("red", ()), result.get("blue", ()),
                                                          name=result.get("name")),
                             f"card {result['card']} taught", teacher("card"))
        if saved and result.get("tag"):
            self.tags.register(result)

    def edit_tracker(self, _result=None) -> None:
        """Open the veil-tracker screen with the numbers in use now (shipped or taught)."""
        from companion.gamedata.loader import load_masters

        try:
            data = load_masters()
        except CompanionError as exc:
            self.host.refuse({"cmd": "edit_tracker"}, exc)
            return
        trackers = {t.vampires: {"reserve": t.reserve,
                                 "numbers": {f"{act}.{band}": [n.red, *n.blue] for act, band, n in t.numbers}}
                    for t in data.trackers}
        view = self.view_teaching("tracker")
        vampires = len(view.get("order", ())) if view is not None else 2
        self.host.ui.teach_tracker(trackers, vampires)

    def teach_tracker(self, result: dict) -> None:
        """Save the tracker numbers the table copied from its own tracker."""
        from companion.gamedata import teach

        numbers = {tuple(k.split(".")): (v[0], (v[1], v[2])) for k, v in result["numbers"].items()}
        self.taught(lambda: teach.save_tracker(result["vampires"], reserve=result["reserve"], numbers=numbers),
                     f"veil tracker for {result['vampires']} vampires saved", teacher("tracker"))

    def edit_districts(self, _result=None) -> None:
        """Open the district-names screen for the current layout."""
        view = self.view_teaching("districts")
        if view is None:
            self.host.say("district names belong to a Masters of the Night game: start or resume one first")
            return
        self.host.ui.teach_districts({pos: {"key": d["key"], "name": d["name"]} for pos, d in view["districts"].items()})

    def teach_district(self, result: dict) -> None:
        """Save a district's name as printed on the table's tile."""
        from companion.gamedata import teach

        self.taught(lambda: teach.save_district(result["key"], name=result["name"]),
                     f"district {result['key']} is now called {result['name']}", teacher("districts"))

    def view_teaching(self, kind: str) -> dict | None:
        """The running game's view if that game's descriptor teaches `kind` (Masters: the tracker,
        the district names), else None."""
        session = self.host.session
        view = session.view() if session is not None else {}
        return view if view.get("game") is not None and view.get("game") == teacher(kind) else None

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
