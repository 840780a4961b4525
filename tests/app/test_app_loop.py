"""The whole loop headless: engine -> journal (durable first) -> lights, through complete games."""

import random

from companion.games.masters.rules import bot
from companion.lighting.controller import timed
from companion.runtime.idle import LED_REFRESH_S
from companion.runtime.sources import BotSource, ScriptSource
from tests.app.helpers import (
    SETUP,
    at_night_turn,
    bot_plays,
    make_app,
    play_until,
    replayed_view,
    strip_is_current,
)


def _finish_with_bot(app, seed=3, limit=4000):
    """Tick the app with the bot as its command source until the game ends."""
    app.source = BotSource(seed)
    frames = 0
    while app.running and frames < limit:
        app.tick()
        frames += 1
    return frames


def test_app_demo_game_ends_and_everything_was_journaled(tmp_path):
    app = make_app(tmp_path)
    app.start(setup=SETUP)
    frames = _finish_with_bot(app)
    view = app.session.view()
    assert view["phase"] == "over" and view["outcome"] in ("defeat-veil", "defeat-deck", "victory")
    journaled = app.journal.commands(app.session.game_id)
    assert journaled == app.session.commands
    assert replayed_view(journaled) == view
    assert app.journal.games()[0].status == "over" and app.journal.games()[0].outcome == view["outcome"]
    # the strip shows the last frame's lights, and the narration reached the log
    assert frames > 20 and strip_is_current(app)
    assert any(line.startswith("=== Round 1") for line in app.lines)
    assert any("DEFEAT" in line or "VICTORY" in line for line in app.lines)


def test_app_commands_are_durable_before_feedback(tmp_path):
    seen = []
    app = make_app(tmp_path)
    app.on_ack = lambda n, cmd: seen.append((n, len(app.journal.commands(app.session.game_id))))
    app.start(setup=SETUP)
    bot_plays(app, 30, seed=1)
    # when each acknowledgement fired, the journal already held that command
    assert seen and all(n == held for n, held in seen)


def _with_screen(tmp_path):
    """An app with the table UI drawing into an off-screen surface."""
    import pygame

    from companion.ui.table import TableUI

    return make_app(tmp_path, ui=TableUI((800, 480), "masters", {}), surface=pygame.Surface((800, 480)))


def _ending_frame(app, seconds=9.0):
    """Let the ending sequence play; the last LED frame and the screen's view model."""
    for _ in range(int(seconds * 30)):
        app.clock.advance(1 / 30)
        app.tick()
    return app.hw.pixels.frames[-1], app.ui.view_model()


def _average(pixels):
    """Mean colour of a light's pixels."""
    return tuple(sum(p[i] for p in pixels) / len(pixels) for i in range(3))


def test_app_victory_by_ritual(tmp_path):
    app = _with_screen(tmp_path)
    app.start(setup=SETUP)
    view = play_until(app, at_night_turn)
    first = view["turn"]
    other = [v for v in view["order"] if v != first][0]
    here = view["vampires"][first]["district"]
    # the table corrects the board to a late-game position (tables are always right)
    for name in view["order"]:
        assert app.submit({"cmd": "adjust", "vampire": name, "kills": 9, "blood": 4})
        assert app.submit({"cmd": "set_ap", "vampire": name, "ap": 4})
    assert app.submit({"cmd": "adjust", "reserve": {"minions": 9}})
    clear = {"agents_hidden": 0, "agents_exposed": 0}
    assert app.submit({"cmd": "adjust", "district": here, "minions": 4, **clear})
    neighbour = {
        "A1": "A2",
        "A2": "A1",
        "A3": "A2",
        "B1": "A1",
        "B2": "A2",
        "B3": "A3",
        "C1": "B1",
        "C2": "B2",
        "C3": "B3",
    }[here]
    nb = app.session.view()["districts"][neighbour]
    if nb["agents_hidden"] or nb["agents_exposed"]:
        assert app.submit({"cmd": "adjust", "district": neighbour, **clear})
    # gather both vampires where the first one stands
    if view["vampires"][other]["district"] != here:
        assert app.submit({"cmd": "adjust", "vampire": other, "district": here})
    assert app.submit({"cmd": "sigillate"})
    assert app.submit({"cmd": "end_turn"})
    turn = app.session.view()["turn"]
    while turn != other:  # more vampires than two would take their turns here
        assert app.submit({"cmd": "end_turn"})
        turn = app.session.view()["turn"]
    assert app.submit({"cmd": "move", "to": neighbour, "minions": 1})
    assert app.submit({"cmd": "sigillate"})
    assert app.submit({"cmd": "move", "to": here})
    assert app.submit({"cmd": "ritual"})
    app.tick()
    view = app.session.view()
    assert view["outcome"] == "victory" and view["phase"] == "over"
    assert any("VICTORY" in line for line in app.lines)
    assert app.journal.games()[0].outcome == "victory"
    assert replayed_view(app.journal.commands(app.session.game_id)) == view
    frame, vm = _ending_frame(app)
    assert vm["screen"] == "over" and "victor" in vm["title"].lower()
    for i in range(7):  # the whole veil bar ends gold
        r, g, b = frame[f"veil.{i}"][0]
        assert r > g > b and r > 60
    r, g, b = _average(frame["district.B2"])
    assert r > b and g > b  # the city breathes gold


def test_app_defeat_when_the_deck_runs_out(tmp_path):
    """Keep the veil up by table corrections: the game then ends on the empty event deck."""
    app = _with_screen(tmp_path)
    app.start(setup=dict(SETUP, difficulty="hard"))
    rng = random.Random(5)
    for _ in range(5000):
        if app.session.outcome() is not None:
            break
        view = app.session.view()
        if view["veil"] < 6:
            app.submit({"cmd": "adjust", "veil": 6})
        app.submit(bot.choose(app.session.game, app.session.state, rng))
        app.tick()
    assert app.session.view()["outcome"] == "defeat-deck"
    assert app.session.view()["deck"]["remaining"] == 0
    frame, vm = _ending_frame(app)
    assert vm["screen"] == "over" and "defeat" in vm["title"].lower()
    r, g, b = _average(frame["district.B2"])
    assert max(r, g, b) - min(r, g, b) < 12 and max(r, g, b) < 60  # the city goes grey and quiet


def test_app_defeat_when_the_veil_falls(tmp_path):
    app = _with_screen(tmp_path)
    app.start(setup=SETUP)
    rng = random.Random(3)
    while app.session.outcome() is None:
        assert app.submit(bot.choose(app.session.game, app.session.state, rng))
        app.tick()
    assert app.session.view()["outcome"] == "defeat-veil" and app.session.view()["veil"] == 0
    frame, vm = _ending_frame(app)
    assert vm["screen"] == "over" and "defeat" in vm["title"].lower()
    assert all(frame[f"veil.{i}"][0] == (0, 0, 0) for i in range(1, 7))  # the veil bar is gone
    r, g, b = _average(frame["district.B2"])
    assert r > 2 * max(g, b)  # the city bleeds red


def test_app_refused_command_changes_nothing(tmp_path):
    app = make_app(tmp_path)
    app.start(setup=SETUP)
    before = (app.session.view(), app.journal.commands(app.session.game_id))
    assert app.submit({"cmd": "ritual"}) is False
    assert (app.session.view(), app.journal.commands(app.session.game_id)) == before
    assert any(line.startswith("refused 'ritual'") for line in app.lines)


def test_app_undo_intent_takes_back_one_command_and_keeps_history(tmp_path):
    app = make_app(tmp_path)
    app.start(setup=SETUP)
    bot_plays(app, 5, seed=2)
    before_last = replayed_view(app.session.commands[:-1])
    app.dispatch({"intent": "undo"})
    assert app.session.view() == before_last
    assert [flag for _, _, flag in app.journal.history(app.session.game_id)][-1] == 1


def test_app_restart_resumes_the_same_game(tmp_path):
    app = make_app(tmp_path)
    app.start(setup=SETUP)
    bot_plays(app, 25, seed=4)
    live = app.session.view()
    app.journal.close()
    again = make_app(tmp_path)
    again.start(setup=SETUP)  # the same setup: the unfinished game is resumed, not restarted
    assert again.session.view() == live
    assert any(line.startswith("Resumed game") for line in again.lines)


def test_app_script_source_skips_what_a_resumed_game_already_has(tmp_path):
    app = make_app(tmp_path)
    app.start(setup=SETUP)
    bot_plays(app, 12, seed=9)
    script = list(enumerate(app.session.commands, start=1))
    app.dispatch({"intent": "undo"})
    app.dispatch({"intent": "undo"})  # the two last commands are not in the game any more
    app.journal.close()
    again = make_app(tmp_path)
    again.source = ScriptSource(script)
    again.start(setup=SETUP)
    while again.running:
        again.tick()
    assert again.session.commands == [c for _, c in script]


def test_app_led_failure_degrades_and_recovers_with_the_game_intact(tmp_path):
    app = make_app(tmp_path)
    app.start(setup=SETUP)
    app.tick()
    app.hw.pixels.fail_with = OSError("SPI write failed")
    app.clock.advance(1.5)
    app.tick()
    app.clock.advance(1.5)
    app.tick()
    reports = [line for line in app.lines if line.startswith("hardware:")]
    assert any("degraded" in r and "SPI write failed" in r for r in reports)
    assert not app.health.parts["leds"][0]  # shown as failing while the HAL retries
    # the strip was reopened by the HAL's retry: a few quiet seconds later the status is ok again
    for _ in range(10):
        app.clock.advance(1.0)
        app.tick()
    reports = [line for line in app.lines if line.startswith("hardware:")]
    assert reports[-1] == "hardware: ok" and app.health.parts["leds"][0]
    shown = len(app.hw.pixels.frames)
    app.clock.advance(LED_REFRESH_S)  # even an unchanged frame is pushed again by then
    app.tick()
    assert len(app.hw.pixels.frames) == shown + 1
    rng = random.Random(3)
    assert app.submit(bot.choose(app.session.game, app.session.state, rng))


def test_app_a_strip_that_keeps_failing_is_one_steady_report_not_a_flicker(tmp_path):
    app = make_app(tmp_path)
    app.start(setup=SETUP)
    for _ in range(20):  # every write fails, every reopen works (a loose data wire)
        app.hw.pixels.fail_with = OSError("SPI write failed")
        app.clock.advance(1.0)
        app.tick()
    reports = [line for line in app.lines if line.startswith("hardware:")]
    assert len(reports) <= 2 and not app.health.parts["leds"][0]


def test_app_start_pattern_stays_lit_for_a_second(tmp_path):
    app = make_app(tmp_path)
    app.start(setup=SETUP)
    app.show_test_pattern(1.0)
    pattern = dict(app.hw.pixels.strip_pixels())
    r, g, b = pattern["main"][:3]
    assert r[0] > 0 == r[1] == r[2] and g[1] > 0 == g[0] == g[2] and b[2] > 0 == b[0] == b[1]
    for _ in range(5):
        app.tick()
        app.clock.advance(0.1)
    assert app.hw.pixels.strip_pixels()["main"][:3] == pattern["main"][:3]
    assert len(app.hw.pixels.frames) == 0
    app.clock.advance(0.6)
    app.tick()
    assert len(app.hw.pixels.frames) == 1


def test_app_lighting_engine_is_built_after_the_colour_check_and_takes_what_came_during_it(tmp_path):
    app = make_app(tmp_path)
    app.start(setup=SETUP)
    app.show_test_pattern(1.0)
    assert "lights" not in vars(app)  # not before READY: the colour check is what the strip shows
    app.tick()
    assert app.submit({"cmd": "adjust", "veil": 2})  # a press during the check: journaled, shown later
    for _ in range(5):
        app.clock.advance(0.1)
        app.tick()
    assert "lights" not in vars(app) and len(app.hw.pixels.frames) == 0
    app.clock.advance(0.6)
    app.tick()  # the check is over: the engine is built, takes the view, and its frame goes out
    assert "lights" in vars(app) and len(app.hw.pixels.frames) == 1 and strip_is_current(app)
    assert app.lights.view == timed(app.view().state, app.timer.info()) and app.lights.view["veil"] == 2
    app.show_test_pattern(0.5)  # again, with the engine running: a change during it is not lost either
    assert app.submit({"cmd": "adjust", "veil": 3})
    app.tick()
    assert app.lights.view["veil"] == 2  # the check is lit: the scene waits
    app.clock.advance(0.6)
    app.tick()
    assert app.lights.view["veil"] == 3 and strip_is_current(app)


def test_app_timed_steps_move_on_by_themselves_and_are_journaled(tmp_path):
    said = []
    app = make_app(tmp_path)
    app.timer.speak = said.append
    app.start(setup={"cmd": "setup", "game": "one-night", "players": 5, "seed": 3})
    first = app.session.view()["current"]
    frames = int(first["seconds"] * app.cfg.display.fps) + 4  # a step's time, then a frame or two more
    for _ in range(frames):
        app.clock.advance(1 / app.cfg.display.fps)
        app.tick()
    now = app.session.view()
    assert now["index"] == 1 and now["current"]["id"] != first["id"]
    assert app.journal.commands(app.session.game_id)[-1] == {"cmd": "next"}
    assert said[0] == first["prompt"] and now["current"]["prompt"] in said
    assert 0 < app.view().info["timer"]["left"] <= now["current"]["seconds"]


def test_app_safe_mode_says_why_on_the_banner(tmp_path):
    import pygame

    from companion.ui.table import TableUI

    app = make_app(tmp_path, ui=TableUI((800, 480), "masters", {}), surface=pygame.Surface((800, 480)))
    from companion.runtime.startguard import StartGuard

    guard = StartGuard(tmp_path / "guard", limit=3)
    (tmp_path / "guard").mkdir()
    guard.path.write_text("3\n")
    assert guard.begin()
    app.safe_reason = guard.reason()
    app.start(setup=SETUP)
    app.clock.advance(1.1)
    app.tick()
    assert "safe mode" in app.health.summary()
    assert app.ui.view_model()["banner"] == ["Safe mode after failed starts."]
    assert "starts did not come up" in app.ui.ctx.status["safe-mode"]  # the why, behind Details


def test_app_countdown_on_the_lights_continues_from_the_time_counted(tmp_path):
    app = make_app(tmp_path)
    app.start(setup={"cmd": "setup", "game": "one-night", "players": 4, "seed": 2})
    for _ in range(30):
        app.clock.advance(0.1)
        app.tick()
    seen = timed(app.view().state, app.timer.info())
    assert seen["board"]["timer"]["elapsed"] == app.timer.info()["elapsed"] > 0
    assert app.session.view()["board"]["timer"]["elapsed"] == 0  # the engine's own view has no clock


def test_app_speaks_the_verdict_of_one_night(tmp_path):
    said = []
    app = make_app(tmp_path)
    app.speak = app.timer.speak = said.append
    app.start(setup={"cmd": "setup", "game": "one-night", "players": 4, "seed": 2})
    game = app.session.game
    from companion.games.one_night.rules.bot import choose

    rng = random.Random(1)
    while app.session.outcome() is None:
        assert app.submit(choose(game, app.session.state, rng))
        app.tick()
    assert said, "nothing was spoken"
    assert any(k in " ".join(said).lower() for k in ("win", "dies", "died", "nobody"))


def test_app_pushes_an_led_frame_when_it_changed_and_refreshes_an_unchanged_one(tmp_path):
    app = make_app(tmp_path)
    app.start(setup=SETUP)
    app.tick()
    frames = app.hw.pixels.frames
    shown = len(frames)
    for _ in range(5):  # the same moment renders the same frame: the strip keeps it
        app.tick()
    assert len(frames) == shown
    render = app.lights.render
    steady = render(app.clock.now())
    app.lights.render = lambda t: steady  # a scene that stands still (a slow fade between steps)
    for _ in range(round(LED_REFRESH_S * 30) - 1):
        app.clock.advance(1 / 30)
        app.tick()
    assert len(frames) == shown
    app.clock.advance(0.05)  # an unchanged frame still goes out once a refresh is due
    app.tick()
    assert len(frames) == shown + 1 and frames[-1] == frames[-2]
    app.lights.render = render
    assert app.submit({"cmd": "adjust", "veil": 2})  # a change goes out in the tick that sees it
    app.tick()
    assert len(frames) == shown + 2 and frames[-1] != frames[-2] and strip_is_current(app)


def test_app_pushes_again_after_a_failed_push_and_after_the_start_pattern(tmp_path):
    app = make_app(tmp_path)
    app.start(setup=SETUP)
    app.tick()
    frames, show = app.hw.pixels.frames, app.hw.pixels.show
    shown = len(frames)

    def broken(frame):
        app.hw.pixels.show = show
        raise RuntimeError("driver bug")

    app.hw.pixels.show = broken
    assert app.submit({"cmd": "adjust", "veil": 2})
    app.tick()  # the push fails: reported, and the frame counts as not shown
    assert len(frames) == shown and any("LED strip failed: driver bug" in line for line in app.lines)
    app.tick()  # same moment, same frame, but the strip never took it
    assert len(frames) == shown + 1 and strip_is_current(app)
    steady = app.lights.render(app.clock.now())
    app.lights.render = lambda t: steady  # a scene that stands still
    app.show_test_pattern(0.5)
    app.clock.advance(0.5)
    app.tick()  # the pattern overwrote the strip: the unchanged frame goes out again at once
    assert len(frames) == shown + 2 and frames[-1] == frames[-2]
