"""Whole games of the four other games through the loop with the physical buttons alone: `next` moves
the focus, `confirm` takes it, veil up/down step numbers, district buttons pick seats, rooms and
roles. Title -> setup -> random enabled choices -> the game's end screen; the journal holds every
command and replays to the same state; an LED frame was pushed every loop frame."""

import random

import pygame
import pytest

from companion.inputs import DISTRICTS, VButton
from companion.runtime.idle import LED_REFRESH_S
from companion.ui.table import TableUI
from tests.app.helpers import (
    TICK,
    choose,
    longest_dark,
    make_app,
    name_seats,
    record_pushes,
    replayed_view,
    strip_is_current,
    tap,
)

NOT_PLAYED = ("menu", "correct", "who", "new", "log", "__more__")  # navigation, not moves of the game
# a claim of the win offers only points that reach the target, a stake only a card it may be: pressed
# now and then, they end the game at once, so the random player presses them rarely
RARE = ("claim", "stake")
STEPS = 700


def _enabled(vm, prefixes) -> list[str]:
    """Ids of enabled buttons whose id starts with one of `prefixes`."""
    return [b["id"] for b in (vm["buttons"] + vm["more"]) if b["enabled"] and b["id"].startswith(prefixes)]


def _answer(app, rng) -> None:
    """Fill a picker like a person: a choice (button or district), numbers with veil up/down, OK."""
    for _ in range(40):
        vm = app.ui.view_model()
        if vm["screen"] != "pick":
            return
        ids = [b["id"] for b in (vm["buttons"] + vm["more"])]
        options = _enabled(vm, ("o:",))
        if "skip" in ids and rng.random() < 0.5:
            choose(app, "skip")
            continue
        before = vm["lines"][0]
        if "minus" in ids:  # a number: step it a little
            for _ in range(rng.randint(0, 3)):
                tap(app, rng.choice((VButton.VEIL_UP, VButton.VEIL_DOWN)))
        elif options and any(c["title"] for c in vm["grid"]) and rng.random() < 0.5:
            tap(app, VButton.for_district(rng.choice([c["pos"] for c in vm["grid"] if c["title"]])))
        elif options and (
            rng.random() < 0.7
            or not next(b for b in (vm["buttons"] + vm["more"]) if b["id"] == "ok")["enabled"]
        ):
            choose(app, rng.choice(options))
        if app.ui.view_model()["screen"] == "pick" and app.ui.view_model()["lines"][0] == before:
            choose(app, "ok")


def _pick_roles(app, rng) -> None:
    """One Night's role picker: district buttons add roles of the first page until the count is right."""
    for _ in range(300):
        vm = app.ui.view_model()
        if next(b for b in (vm["buttons"] + vm["more"]) if b["id"] == "start")["enabled"] and not vm["lines"][
            0
        ].endswith(" 0 chosen."):
            break
        tap(app, VButton.for_district(rng.choice(DISTRICTS)))
    choose(app, "start")


def _step(app, rng) -> None:
    """Do one thing a person would do on the current screen, with buttons only."""
    vm = app.ui.view_model()
    choices = [b["id"] for b in (vm["buttons"] + vm["more"]) if b["enabled"] and b["id"] not in NOT_PLAYED]
    if rng.random() > 0.02:
        choices = [c for c in choices if _verb(app, c) not in RARE] or choices
    if (
        vm["screen"] == "mansion"
        and any(b["id"] == "who" for b in (vm["buttons"] + vm["more"]))
        and rng.random() < 0.2
    ):
        choices = ["who"]  # sometimes look at another player's dice first
    choose(app, rng.choice(choices))
    _answer(app, rng)


def _verb(app, button_id: str) -> str | None:
    """The verb of the engine's action behind a button ("act:3", "group:claim"), else None."""
    head, _, rest = button_id.partition(":")
    if head == "group":
        return rest
    actions = getattr(app.ui.screen, "actions", ())
    return actions[int(rest)].command.get("cmd") if head == "act" and int(rest) < len(actions) else None


def _table(tmp_path):
    """The app with the table UI on an 800x480 surface, started and showing the title screen."""
    app = make_app(tmp_path, ui=TableUI((800, 480), "masters", {}), surface=pygame.Surface((800, 480)))
    app.pushes = record_pushes(app)  # clock readings of the LED frames pushed
    app.start()
    app.tick()
    return app


def _play(tmp_path, game_id: str, players_delta: int, seed: int):
    """Title -> wizard -> play with random enabled choices until the game ends; returns the app."""
    rng = random.Random(seed)
    app = _table(tmp_path)
    choose(app, f"game:{game_id}")
    for _ in range(abs(players_delta)):
        tap(app, VButton.VEIL_UP if players_delta > 0 else VButton.VEIL_DOWN)
    choose(app, "start")
    names = name_seats(app, "EVA") if game_id != "strigoi" else []  # (Strigoi's players are its Powerwolves)
    if game_id == "one-night":
        _pick_roles(app, rng)
    if app.ui.view_model()["screen"] == "strigoi-box":  # example values in use: asked once
        choose(app, "save")
    assert app.session is not None, "the wizard's setup did not start a game"
    assert names == ([] if game_id == "strigoi" else [p["name"] for p in app.session.view()["seats"]])
    assert names[:1] == ([] if game_id == "strigoi" else ["Eva"])  # typed with the buttons
    for _ in range(STEPS):
        if app.session.outcome() is not None:
            break
        _step(app, rng)
    return app


@pytest.mark.parametrize(
    "game_id, players_delta, seed, end_screen",
    [
        ("nosferatu", 0, 8, "nosferatu-over"),
        ("strigoi", -2, 19, "strigoi-over"),  # (a seed whose random presses make a real game of it)
        ("one-night", 0, 7, "one-night-over"),
        ("mansion", -2, 1, "mansion-over"),
    ],
)
def test_whole_game_with_physical_buttons_only(tmp_path, game_id, players_delta, seed, end_screen):
    app = _play(tmp_path, game_id, players_delta, seed)
    view = app.session.view()
    assert view["game"] == game_id
    assert app.session.outcome() is not None, f"{game_id} did not end: {view.get('step')}"
    assert app.ui.view_model()["screen"] == end_screen
    assert len(app.session.commands) > 15  # a real game, not a one-step end
    # the over screen shows this game's end card: ended when its last command was journaled
    from companion.ui.endcard import outcome_sentence, when

    card = app.ui.view_model()["card"]
    ended = app.journal.ended_at(app.session.game_id)
    assert app.view().info["ended"] == ended and card["ended"] == when(ended) != ""
    assert card["outcome"] == outcome_sentence(view) and len(card["moments"]) == 3
    assert [p["name"] for p in card["seats"]] == [p["name"] for p in view["seats"]]
    # every accepted command was journaled and replays to the same end
    assert app.journal.commands(app.session.game_id) == app.session.commands
    assert replayed_view(app.session.commands) == view
    # the board was lit the whole time: a frame at least every LED_REFRESH_S, the last one current
    assert longest_dark(app, app.pushes) <= LED_REFRESH_S + 0.1 and strip_is_current(app)


def test_one_night_roles_chosen_on_the_buttons_reach_the_setup(tmp_path):
    rng = random.Random(1)
    app = _table(tmp_path)
    choose(app, "game:one-night")
    tap(app, VButton.VEIL_DOWN)  # 3 players: 6 cards
    choose(app, "start")
    names = name_seats(app)
    for pos in ("A2", "A2", "B3", "C1", "C2", "C3"):  # vampire x2, diseased, cupid, instigator, priest
        tap(app, VButton.for_district(pos))
    _pick_roles(app, rng)
    setup = app.session.commands[0]
    assert setup["players"] == 3 and setup["names"] == names
    assert sorted(setup["roles"]) == sorted(
        ["vampire", "vampire", "diseased", "cupid", "instigator", "priest"]
    )
    assert app.ui.view_model()["screen"] == "one-night"


def test_one_night_narrator_counts_the_loops_timer_and_moves_on_when_it_runs_out(tmp_path):
    app = _table(tmp_path)
    choose(app, "game:one-night")
    choose(app, "start")
    name_seats(app)
    choose(app, "start")  # the seed picks the roles
    first = app.session.view()["current"]
    assert first["id"] == "dusk-begins" and first["seconds"] == 6
    for _ in range(40):  # 2 s of frames
        app.clock.advance(TICK)
        app.tick()
    fraction, seconds = app.ui.view_model()["ring"]  # the countdown ring: about 4 s of 6 left
    assert seconds == "4" and 0.6 < fraction <= 4 / 6
    for _ in range(90):  # past the end of the step: the loop sends `next` itself
        app.clock.advance(TICK)
        app.tick()
    assert app.session.view()["index"] == 1
    assert app.session.commands[-1] == {"cmd": "next"}
    now = app.session.view()["current"]
    assert app.ui.view_model()["lines"][0] == now["prompt"] != first["prompt"]  # the screen moved on
