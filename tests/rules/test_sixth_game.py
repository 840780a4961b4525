"""A sixth game is one new package plus its data, and no shared file changes.

The test writes a tiny game, "Pebbles" (players take turns scoring 1 or 2 points; the first to reach the
data file's target wins), as a package in a temporary folder with the dist-info folder pip would
write for it (its entry point in the `nightwatch.games` group), and puts that folder on sys.path: the
same discovery the five real games go through (`companion.plugins`). Nothing under `companion/` names it.
It is then listed by `companion games`, played through
`companion play --script` with its own narration lines, journaled, resumed and replayed, offered in the
new-game wizard, set up
and played on the table's buttons through the whole loop, shown on the generic screen and lit by
the basic scene.
"""

from __future__ import annotations

import json
import random
import sys
import textwrap
from pathlib import Path

import pygame
import pytest

import companion
import companion.plugins as catalog
from companion import cli
from companion.gamedata import config
from companion.inputs import VButton
from companion.lighting.scenes import FALLBACK, scene_for
from companion.storage.journal import Journal
from companion.storage.session import Session
from companion.ui.table import TableUI
from tests.app.helpers import choose, make_app, replayed_view, tap

FILES = {
    "__init__.py": '''
        """Pebbles: players take turns scoring 1 or 2 points; the first to the target wins."""

        from companion.games import GamePlugin


        class Pebbles(GamePlugin):
            id = "pebbles"
            title = "Pebbles"
            order = 60
            data = "rules.toml"

            def engine_class(self):
                from pebbles.engine import PebblesGame
                return PebblesGame

            def parse(self, doc):
                from pebbles.engine import parse
                return parse(doc)

            def narration(self):
                from pebbles.lines import LINES
                return LINES
        ''',
    "engine.py": """
        from __future__ import annotations

        from dataclasses import replace

        from companion.errors import RuleViolation
        from companion.rules import base
        from companion.rules.base import Action, Engine, Event, GameOver, Record
        from companion.rules.commands import Command


        class Rules(Record):
            min_players: int
            max_players: int
            target: int


        def parse(doc):
            return Rules(**doc.data)


        class Setup(Command, verb="setup"):
            game: str | None = None
            players: int = 2
            seed: int = 0


        class Score(Command, verb="score"):
            points: int


        class State(Record):
            scores: tuple
            turn: int = 0
            outcome: str | None = None


        class GameSetUp(base.GameSetUp):
            players: int


        class Scored(Event):
            player: int
            points: int
            total: int


        def score(rules, state, cmd, events):
            if cmd.points not in (1, 2):
                raise RuleViolation("score", "a turn scores 1 or 2 points")
            scores = list(state.scores)
            scores[state.turn] += cmd.points
            events.append(Scored(state.turn + 1, cmd.points, scores[state.turn]))
            return State(tuple(scores), (state.turn + 1) % len(scores))


        class PebblesGame(Engine):
            id = "pebbles"
            DATA = Rules
            COMMANDS = (Setup, Score)
            HANDLERS = {Score: score}

            def start(self, setup):
                lo, hi = self.player_range
                if not lo <= setup.players <= hi:
                    raise RuleViolation("setup", f"Pebbles takes {lo} to {hi} players")
                return State((0,) * setup.players), [GameSetUp(setup.players)]

            def canonical_setup(self, setup):
                return {"cmd": "setup", "game": "pebbles", "players": setup.players, "seed": setup.seed}

            def settle(self, state, events):
                best = max(state.scores)
                if state.outcome is None and best >= self.data.target:
                    state = replace(state, outcome=f"player-{state.scores.index(best) + 1}-wins")
                    events.append(GameOver(state.outcome))
                return state

            def actions(self, state):
                if state.outcome:
                    return []
                return [Action({"cmd": "score", "points": n}, f"Score {n}") for n in (1, 2)]

            def to_json(self, state):
                return {"game": "pebbles", "players": len(state.scores), "scores": list(state.scores),
                        "turn": state.turn, "outcome": state.outcome,
                        "board": {"scores": {str(i + 1): s for i, s in enumerate(state.scores)}}}

            def from_json(self, data):
                return State(tuple(data["scores"]), data["turn"], data["outcome"])

            def view(self, state):
                return self.to_json(state)
        """,
    "lines.py": """
        LINES = {"scored": lambda e: f"Player {e['player']} takes {e['points']} pebble(s), {e['total']} in all."}
        """,
    "bot.py": """
        def choose(game, state, rng):
            return dict(rng.choice(game.actions(state)).command)
        """,
    "rules.toml": """
        min_players = 2
        max_players = 4
        target = 5
        """,
}


@pytest.fixture
def pebbles(tmp_path, monkeypatch):
    """The Pebbles package installed in tmp_path/site: the package and its dist-info, on sys.path."""
    from companion.ui.screens.menus import TitleScreen

    TitleScreen.game_buttons()  # the title screen already shown (this process has run other games)
    root = tmp_path / "site"
    for name, text in FILES.items():
        (root / "pebbles" / name).parent.mkdir(parents=True, exist_ok=True)
        (root / "pebbles" / name).write_text(textwrap.dedent(text).lstrip(), encoding="utf-8")
    (root / "pebbles-0.1.dist-info").mkdir()
    (root / "pebbles-0.1.dist-info" / "entry_points.txt").write_text(
        "[nightwatch.games]\npebbles = pebbles:Pebbles\n"
    )
    monkeypatch.syspath_prepend(str(root))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    yield root
    for name in [m for m in sys.modules if m == "pebbles" or m.startswith("pebbles.")]:
        del sys.modules[name]


def test_no_shared_file_names_the_sixth_game():
    package = Path(companion.__file__).parent
    named = [
        p
        for p in package.rglob("*")
        if p.is_file()
        and p.suffix in (".py", ".toml")
        and "pebbles" in p.read_text(encoding="utf-8", errors="replace").lower()
    ]
    assert named == []
    assert "pebbles" not in catalog.games()  # and without its folder there is no such game


def test_sixth_game_is_listed_after_the_five_in_its_order(pebbles, capsys):
    assert cli.main(["games"]) == 0
    ids = [line.split()[0] for line in capsys.readouterr().out.splitlines()]
    assert ids == [gid for gid in catalog.games() if gid != "pebbles"] + ["pebbles"] and len(ids) >= 6
    assert catalog.info("pebbles").title == "Pebbles"
    text = config.DEFAULT_TOML.replace('default = "masters"', 'default = "pebbles"')
    assert config.loads(text).game.default == "pebbles"  # the config may offer it first


def test_sixth_game_plays_from_a_script_is_journaled_resumed_and_replays(pebbles, tmp_path, capsys):
    commands = [{"cmd": "setup", "game": "pebbles", "players": 2, "seed": 3}] + [
        {"cmd": "score", "points": 2}
    ] * 5
    script = tmp_path / "pebbles.jsonl"
    script.write_text("".join(json.dumps(c) + "\n" for c in commands[:3]), encoding="utf-8")
    journal = tmp_path / "journal.sqlite3"
    assert (
        cli.main(
            ["play", "--script", str(script), "--journal", str(journal), "--create", "--json", "--narrate"]
        )
        == 0
    )
    out, err = capsys.readouterr()
    assert json.loads(out)["scores"] == [2, 2]
    assert "Player 2 takes 2 pebble(s), 2 in all." in err  # its own narration lines

    rest = tmp_path / "rest.jsonl"
    rest.write_text("".join(json.dumps(c) + "\n" for c in commands[3:]), encoding="utf-8")
    assert cli.main(["play", "--resume", "--script", str(rest), "--journal", str(journal), "--json"]) == 0
    end = json.loads(capsys.readouterr().out)
    assert end["scores"] == [6, 4] and end["outcome"] == "player-1-wins"  # 6 >= the data file's target 5

    assert cli.main(["journal", "--journal", str(journal), "list"]) == 0
    assert "Pebbles" in capsys.readouterr().out
    with Journal(journal) as j:
        saved = j.commands(j.games()[0].id)
    assert saved == commands
    assert Session.replay(saved).view() == end
    # a refused move says the rule and changes nothing
    session = Session.replay(commands[:2])
    with pytest.raises(companion.errors.RuleViolation, match="1 or 2 points"):
        session.submit({"cmd": "score", "points": 3})
    assert session.view()["scores"] == [2, 0]


def test_sixth_game_is_offered_set_up_and_played_at_the_table_with_screen_and_lights(pebbles, tmp_path):
    app = make_app(tmp_path, ui=TableUI((800, 480), "masters", {}), surface=pygame.Surface((800, 480)))
    app.start()
    app.tick()
    assert "game:pebbles" in [b["id"] for b in app.ui.view_model()["buttons"]]  # the wizard offers it
    choose(app, "game:pebbles")
    vm = app.ui.view_model()
    assert (
        vm["title"] == "Pebbles" and "New game of Pebbles (2 to 4 players)." in vm["lines"]
    )  # its data's range
    tap(app, VButton.VEIL_DOWN)  # 3 players (the wizard starts at 4)
    choose(app, "start")
    assert app.session is not None and app.session.commands[0]["players"] == 3
    assert app.ui.view_model()["screen"] == "generic"  # no screens of its own: the generic one
    assert scene_for(app.session.view()).__name__ == FALLBACK  # no scene of its own: the basic one
    rng = random.Random(5)
    for _ in range(40):
        if app.session.outcome() is not None:
            break
        choose(
            app, rng.choice([b["id"] for b in app.ui.view_model()["buttons"] if b["id"].startswith("act:")])
        )
    view = app.session.view()
    assert view["outcome"] is not None and max(view["scores"]) >= 5
    assert app.journal.commands(app.session.game_id) == app.session.commands
    assert replayed_view(app.session.commands) == view
    assert app.hw.pixels.frames[-1] == app.lights.render(app.idle.last_t)  # the lights follow the game
