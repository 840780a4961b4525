"""The controllers ask the loop only what their narrow host names (companion/controllers/hosts.py):
read from their code, and shown by driving them through fakes that have nothing else."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import companion
from companion.controllers import hosts
from companion.controllers.games import Games
from companion.controllers.settings import Settings
from companion.controllers.tags import Tags
from companion.controllers.teach import Teaching
from companion.errors import CompanionError
from companion.storage.store import MemoryStore

ROOT = Path(companion.__file__).parent
HOSTS = {
    "games.py": hosts.GamesHost,
    "settings.py": hosts.Outputs,
    "tags.py": hosts.TagsHost,
    "teach.py": hosts.TeachHost,
}
SETUP = {"cmd": "setup", "game": "mansion", "names": ["Anna", "Ben"], "seed": 1}


def members(protocol: type) -> set[str]:
    """The names a Protocol declares, its bases' included."""
    return {
        name
        for cls in protocol.__mro__
        if cls.__module__ == hosts.__name__
        for name in vars(cls)
        if not name.startswith("_")
    }


def asked(tree: ast.AST, holders: tuple[str, ...] = ("host",)) -> set[str]:
    """Every X of `self.host.X`, `host.X` (a local copy of it) and `teaching.host.X` in a module."""
    found = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Attribute):
            continue
        owner = node.value
        named = (
            owner.attr
            if isinstance(owner, ast.Attribute)
            else owner.id
            if isinstance(owner, ast.Name)
            else None
        )
        if named in holders:  # self.host.X, teaching.host.X, or host.X (host = self.host)
            found.add(node.attr)
    return found


@pytest.mark.parametrize("module", sorted(HOSTS))
def test_each_controller_asks_the_loop_only_what_its_host_names(module):
    tree = ast.parse((ROOT / "controllers" / module).read_text(encoding="utf-8"))
    used = asked(tree)
    assert used, f"{module}: no use of its host found (the walk is blind)"
    extra = used - members(HOSTS[module])
    assert not extra, f"{module} asks the loop for {sorted(extra)}"


def test_the_games_teaching_functions_ask_the_loop_only_what_teaching_hosts_name():
    allowed = members(hosts.TeachHost)
    for path in sorted((ROOT / "games").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        if "teaching.host" in text:
            used = asked(ast.parse(text))  # teaching.host.X
            assert used, f"{path.relative_to(ROOT)}: no use of teaching.host found (the walk is blind)"
            assert used <= allowed, f"{path.relative_to(ROOT)} asks the loop for {sorted(used - allowed)}"


def test_the_loop_meets_every_host(tmp_path):
    from tests.app.helpers import make_app

    app = make_app(tmp_path)
    for protocol in (hosts.GamesHost, hosts.Outputs, hosts.TagsHost, hosts.TeachHost):
        assert all(hasattr(app, name) for name in members(protocol)), protocol.__name__


# -- driven through fakes that have only what the host names ------------------------------------------
class FakeSaving:
    """Keeps a new game in memory; adopts a session as it is."""

    def store(self, keep_unsaved: bool):
        return MemoryStore()

    def adopt(self, session):
        return session


class FakeGamesHost:
    """A `GamesHost` and nothing more: what the loop was told is kept in `told`."""

    __slots__ = ("journal", "missing", "saving", "source", "told", "ui")

    def __init__(self):
        self.journal, self.ui, self.source, self.saving, self.missing = None, None, None, FakeSaving(), {}
        self.told: list = []

    def say(self, text):
        self.told.append(("say", text))

    def refuse(self, command, exc):
        self.told.append(("refused", command.get("cmd"), getattr(exc, "rule", None)))

    def accepted(self, command, events):
        self.told.append(("accepted", command["cmd"], [type(e).__name__ for e in events]))

    def game_changed(self, *events):
        self.told.append(("changed", events))

    def where(self):
        return "somewhere"


def test_the_games_controller_plays_a_game_through_a_fake_host():
    host = FakeGamesHost()
    games = Games(host)
    assert games.new_game(SETUP) and games.session is not None  # the game in hand is the controller's
    assert host.told[-1][:2] == ("accepted", "setup")
    assert not games.new_game({**SETUP, "names": ["Anna"]})  # refused in words, nothing changed
    assert host.told[-1][0] == "refused" and len(games.session.commands) == 1
    games.undo()
    assert host.told[-1] == ("say", "nothing to undo")
    games.leave()
    assert games.session is None and host.told[-1] == ("changed", ())


def test_settings_change_the_lights_and_the_sounds_of_a_fake_host():
    from companion.gamedata import config
    from companion.lighting.output import OutputStage

    class Sounds:
        def __init__(self):
            self.applied = []

        def apply(self, values):
            self.applied.append(values)

    class Lights:
        output = OutputStage.from_config(config.default().leds)

    class Outputs:
        __slots__ = ("lights", "sounds")

    host = Outputs()
    host.lights, host.sounds = Lights(), Sounds()
    settings = Settings(host)
    settings.apply({"intent": "settings", "key": "brightness", "value": 3})
    settings.apply({"intent": "settings", "key": "mute", "value": True})
    assert host.lights.output.brightness == 1.0 and host.sounds.applied == [{"mute": True}]


class FakeTeachHost:
    """A `TeachHost` and nothing more."""

    __slots__ = ("session", "told", "ui")

    def __init__(self):
        self.ui, self.session, self.told = None, None, []

    def say(self, text):
        self.told.append(("say", text))

    def refuse(self, command, exc):
        self.told.append(("refused", command.get("cmd")))

    def game_data_changed(self, game_id):
        self.told.append(("reload", game_id))


def test_teaching_saves_and_reloads_through_a_fake_host():
    host = FakeTeachHost()
    teaching = Teaching(host, Tags(host))
    assert teaching.taught(lambda: None, "saved", "masters")
    assert host.told == [("reload", "masters"), ("say", "saved")]

    def broken():
        raise CompanionError("no")

    assert not teaching.taught(broken, "saved", "masters") and host.told[-1] == ("refused", "teach")
    assert teaching.view_teaching("tracker") is None  # no game in hand
