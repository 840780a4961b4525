"""Issue 18's done-means: a whole Masters game and a whole One Night game played on screen in German.

Each game is played twice through the whole loop (App on the mock HAL, 800x480 surface, physical
buttons only), once in English and once in German, with the same seeded choices made by button id
(never by label): the two runs press the same buttons and see the same frames. After every loop frame
the texts the screen drew are collected; a text of a German frame that the same English frame shows
too is an English fallback, unless both languages write it alike (SAME_IN_BOTH in tests/ui/helpers.py:
numbers, grid positions, names). The event log is compared the same way, line by line.
"""

from __future__ import annotations

import random

import pygame
import pytest

from companion import i18n
from companion.inputs import VButton
from companion.ui.table import TableUI
from tests.app.helpers import choose, make_app, name_seats, tap
from tests.ui.helpers import english_fallbacks, same_in_both

NOT_PLAYED = (
    "menu",
    "correct",
    "who",
    "new",
    "log",
    "swap",
    "undo",
    "__more__",
)  # navigation and corrections, not moves


class Recorded:
    """An app whose every loop frame's texts are kept (`frames`: one list of texts per frame)."""

    def __init__(self, tmp_path, lang: str) -> None:
        """Title screen up, language set: the loop draws on an 800x480 surface."""
        i18n.set_language(lang)
        self.app = make_app(
            tmp_path, ui=TableUI((800, 480), "masters", {}), surface=pygame.Surface((800, 480))
        )
        self.frames: list[list[str]] = []
        self.moves: list[int] = []  # per frame: how many commands the game had had (-1: no game yet)
        tick = self.app.tick

        def recorded_tick():
            result = tick()
            self.frames.append([b.text for b in self.app.ui.ctx.renderer.text_boxes])
            self.moves.append(len(self.app.session.commands) if self.app.session is not None else -1)
            return result

        self.app.tick = recorded_tick
        self.app.start()
        self.app.tick()

    def vm(self) -> dict:
        """The screen's view model now."""
        return self.app.ui.view_model()


def _enabled(vm: dict, *, skip=NOT_PLAYED) -> list[str]:
    """Ids of the enabled buttons a player would press to move the game on."""
    return [b["id"] for b in (vm["buttons"] + vm["more"]) if b["enabled"] and b["id"] not in skip]


# -- Masters of the Night ------------------------------------------------------------------------------
def _masters_step(run: Recorded, rng: random.Random) -> None:
    """One move on the current screen, as a person with the buttons would make it."""
    app, vm = run.app, run.vm()
    if vm["screen"] == "event" and any(b["id"] == "swap" for b in (vm["buttons"] + vm["more"])):
        tap(app, VButton.for_district(rng.choice([c["pos"] for c in vm["grid"] if c["mark"] == "blue"])))
        vm = run.vm()
    assert choose(app, rng.choice(_enabled(vm)))
    for _ in range(5):  # a picker may ask a few things
        vm = run.vm()
        if vm["screen"] != "picker":
            break
        options = [
            b["id"]
            for b in (vm["buttons"] + vm["more"])
            if b["enabled"] and b["id"].split(":")[0] in ("v", "d", "c")
        ]
        if options:
            assert choose(app, rng.choice(options))
        else:  # a district on the board
            tap(app, VButton.for_district(rng.choice(["A1", "A2", "B1", "B2", "C3"])))
        assert choose(app, "ok")


def play_masters(tmp_path, lang: str, seed: int = 21) -> Recorded:
    """Title -> wizard -> a whole game of Masters of the Night -> game over."""
    rng = random.Random(seed)
    run = Recorded(tmp_path, lang)
    assert choose(run.app, "game:masters")
    for widget in ("v:Imre", "v:Mila", "difficulty", "difficulty", "start:digital"):  # Easy, the example deck
        assert choose(run.app, widget)
    assert run.app.session is not None, "the wizard's setup did not start a game"
    for _ in range(1500):
        if run.app.session.outcome() is not None:
            break
        _masters_step(run, rng)
    return run


# -- One Night Ultimate Vampire --------------------------------------------------------------------------
def _answer(run: Recorded, rng: random.Random) -> None:
    """Fill One Night's picker (votes, cards, Marks) with district buttons and choices, then OK."""
    for _ in range(60):
        vm = run.vm()
        if vm["screen"] != "pick":
            return
        options = [b["id"] for b in (vm["buttons"] + vm["more"]) if b["enabled"] and b["id"].startswith("o:")]
        if options:
            choose(run.app, rng.choice(options))
        if run.vm()["screen"] == "pick":
            choose(run.app, "ok")


def play_one_night(tmp_path, lang: str, seed: int = 7) -> Recorded:
    """Title -> players -> roles on the district buttons -> the night narrated and timed by the loop ->
    the day's talk and countdown -> the votes -> the cards -> who won."""
    rng = random.Random(seed)
    run = Recorded(tmp_path, lang)
    app = run.app
    assert choose(app, "game:one-night")
    assert choose(app, "start")  # 4 players, the wizard's default: 7 cards
    names = name_seats(app, "EVA")  # one typed on the keyboard, the others the game's default names
    for pos in (
        "A2",
        "A2",
        "B1",
        "B2",
        "B3",
        "C1",
        "C2",
    ):  # vampire x2, count, renfield, diseased, cupid, instigator
        tap(app, VButton.for_district(pos))
    assert choose(app, "start")
    assert app.session is not None and run.vm()["screen"] == "one-night"
    assert app.session.commands[0]["names"] == names and names[0] == "Eva"
    assert app.session.commands[0]["roles"] == [
        "vampire",
        "vampire",
        "count",
        "renfield",
        "diseased",
        "cupid",
        "instigator",
    ]
    for _ in range(3000):
        if app.session.outcome() is not None:
            break
        if (app.session.view().get("current") or {}).get("seconds"):
            app.clock.advance(1.0)  # a timed step (the night's, the day's talk): the loop's timer moves on
            app.tick()
        else:  # the votes, then the cards and Marks: the first button, the one the step waits for
            assert choose(app, run.vm()["buttons"][0]["id"])
            _answer(run, rng)
    return run


GAMES = {"masters": (play_masters, "over"), "one-night": (play_one_night, "one-night-over")}


def fallbacks_in(english: Recorded, german: Recorded) -> list[str]:
    """English texts on German frames (the frames between the same two moves of the game: a button in
    sight in one language may be behind "More" in the other, a press or two more), and English lines
    in the German event log."""
    en_moves, de_moves = _by_move(english), _by_move(german)
    assert list(de_moves) == list(en_moves), "the two runs did not make the same moves"
    found = []
    for move, de in de_moves.items():
        found += [t for t in english_fallbacks(de, en_moves[move]) if t not in found]
    log_en, log_de = english.app.ui.ctx.log, german.app.ui.ctx.log
    assert len(log_de) == len(log_en) > 20
    found += [de for en, de in zip(log_en, log_de) if de == en and not same_in_both(de) and de not in found]
    return found


def _by_move(run: Recorded) -> dict[int, list[str]]:
    """The texts of a run's frames, gathered by how many moves the game had had when they were drawn."""
    out: dict[int, list[str]] = {}
    for move, texts in zip(run.moves, run.frames):
        out.setdefault(move, []).extend(t for t in texts if t not in out.get(move, ()))
    return out


@pytest.fixture
def played(tmp_path, monkeypatch):
    """Play a game in English, then in German, the same way (the language is English again after).
    Each run keeps its own state folder: the German table has not seen the English one's names (the
    keyboard offers the names used before, which would change the presses)."""

    def one_run(game_id: str, lang: str) -> Recorded:
        monkeypatch.setenv("COMPANION_STATE_DIR", str(tmp_path / lang / "state"))
        return GAMES[game_id][0](tmp_path / lang, lang)

    def play(game_id: str) -> tuple[Recorded, Recorded]:
        end = GAMES[game_id][1]
        try:
            runs = (one_run(game_id, "en"), one_run(game_id, "de"))
        finally:
            i18n.set_language("en")
        for run in runs:
            assert run.app.session.outcome() is not None, f"{game_id} did not end"
            assert run.vm()["screen"] == end
        return runs

    (tmp_path / "en").mkdir()
    (tmp_path / "de").mkdir()
    return play


@pytest.mark.parametrize("game_id", ["masters", "one-night"])
def test_a_whole_game_plays_on_screen_in_german(played, game_id):
    english, german = played(game_id)
    assert english.app.session.commands == german.app.session.commands  # the same game, move for move
    assert len(german.app.session.commands) > 12  # a real game, not a one-step end
    assert sum(len(f) for f in german.frames) > 1000  # a real game's worth of texts was looked at
    assert fallbacks_in(english, german) == []


BROKEN = [  # one translation taken away: the game, the module that shows it, its English
    ("masters", "companion.games.masters.screens._", "Night {n}: {vampire}, {ap} AP"),  # a screen's title
    ("one-night", "companion.games.one_night.screens._", "Waiting for the votes"),  # a screen's line
    ("one-night", "companion.games.one_night.narration._", "Step over."),  # an event-log line
]


@pytest.mark.parametrize("game_id, where, english", BROKEN)
def test_an_untranslated_text_is_caught(played, monkeypatch, game_id, where, english):
    """The check can fail: with one catalog entry gone, its English shows in the German game."""
    real = i18n._
    monkeypatch.setattr(where, lambda m: m if m == english else real(m))
    found = fallbacks_in(*played(game_id))
    assert found and all(t.startswith(english.split("{")[0]) for t in found), found
