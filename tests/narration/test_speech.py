"""The One Night narrator: its voice (Speaker: argv, stopping, fallbacks), its words (narration_for) and the
night's masking noise (companion/ui/sound.py)."""

import random
import shutil
import statistics
import subprocess
import wave

import pytest

from companion.games.one_night.narration import narration_for
from companion.games.one_night.rules import bot
from companion.narration.speech import Speaker
from companion.rules import load_game
from companion.ui.sound import MASK_LEVEL, night_masking_samples, to_mixer_bytes


class FakeProcess:
    """A stand-in for a running espeak: it runs until terminated or `finish()`ed."""

    def __init__(self, argv):
        """Remember the argv it was started with."""
        self.argv, self.returncode, self.terminated = argv, None, False

    def poll(self):
        """None while running, else the exit status."""
        return self.returncode

    def terminate(self):
        """Stop it (as SIGTERM would)."""
        self.terminated, self.returncode = True, -15

    def finish(self):
        """It has said everything and exited."""
        self.returncode = 0


class FakeRunner:
    """Records every argv it is asked to run and hands back FakeProcesses."""

    def __init__(self):
        """No process started yet."""
        self.started = []

    def __call__(self, argv):
        """Start a fake process for argv."""
        self.started.append(FakeProcess(list(argv)))
        return self.started[-1]


def _which(*present):
    """A `shutil.which` that finds only these program names (in /usr/bin)."""
    return lambda name: f"/usr/bin/{name}" if name in present else None


def _speaker(**options):
    """A Speaker over a fake espeak-ng and a recording runner."""
    runner = FakeRunner()
    return Speaker(runner=runner, which=_which("espeak-ng", "espeak"), **options), runner


# ---------------------------------------------------------------- Speaker


def test_speaker_passes_the_text_as_one_argument_after_the_options():
    sp, runner = _speaker()
    assert sp.available and sp.why is None
    assert sp.speak("Vampires, open your eyes.") is True
    assert runner.started[0].argv == [
        "/usr/bin/espeak-ng",
        "-v",
        "en",
        "-s",
        "150",
        "-a",
        "160",
        "--",
        "Vampires, open your eyes.",
    ]


def test_speaker_never_lets_text_become_an_option_or_a_shell_command():
    sp, runner = _speaker()
    sp.speak("-w /tmp/owned.wav; rm -rf ~ && echo $HOME `id`")
    argv = runner.started[0].argv
    assert argv[-2:] == ["--", "-w /tmp/owned.wav; rm -rf ~ && echo $HOME `id`"]
    assert len(argv) == 9  # nothing split off the text


def test_speaker_joins_lines_of_text_into_one_utterance():
    sp, runner = _speaker()
    sp.speak("  Everyone,\n shut your eyes.\t")
    assert runner.started[0].argv[-1] == "Everyone, shut your eyes."


def test_speaker_a_new_line_stops_the_one_still_speaking():
    sp, runner = _speaker()
    sp.speak("first")
    assert sp.speaking
    sp.speak("second")
    first, second = runner.started
    assert first.terminated and not second.terminated
    assert sp.speaking


def test_speaker_does_not_stop_a_line_that_already_ended():
    sp, runner = _speaker()
    sp.speak("first")
    runner.started[0].finish()
    assert not sp.speaking
    sp.speak("second")
    assert not runner.started[0].terminated


def test_speaker_close_stops_speaking_and_can_be_called_twice():
    sp, runner = _speaker()
    with sp:
        sp.speak("a long prompt")
    assert runner.started[0].terminated and not sp.speaking
    sp.close()
    assert len(runner.started) == 1


def test_speaker_options_reach_the_command_line():
    sp, runner = _speaker(voice="en-gb", speed=120, volume=0.5)
    sp.speak("one")
    sp.set_options(speed=200, volume=1.0)
    sp.speak("two")
    assert runner.started[0].argv[1:7] == ["-v", "en-gb", "-s", "120", "-a", "100"]
    assert runner.started[1].argv[1:7] == ["-v", "en-gb", "-s", "200", "-a", "200"]


@pytest.mark.parametrize(
    "options",
    [
        {"voice": ""},
        {"voice": "-w"},
        {"voice": "en gb"},
        {"speed": 20},
        {"speed": 1000},
        {"speed": "fast"},
        {"volume": 1.5},
        {"volume": -0.1},
        {"volume": True},
    ],
)
def test_speaker_refuses_bad_options(options):
    with pytest.raises(ValueError):
        _speaker(**options)
    sp, _ = _speaker()
    with pytest.raises(ValueError):
        sp.set_options(**options)
    assert (sp.voice, sp.speed, sp.volume) == (None, 150, 0.8)  # nothing changed (None: the language's voice)


def test_speaker_says_nothing_for_empty_text_or_zero_volume():
    sp, runner = _speaker(volume=0.0)
    assert sp.speak("hello") is False
    sp.set_options(volume=0.5)
    assert sp.speak("   ") is False
    assert runner.started == []


def test_speaker_falls_back_to_espeak():
    runner = FakeRunner()
    sp = Speaker(runner=runner, which=_which("espeak"))
    assert sp.available and sp.program == "/usr/bin/espeak"
    sp.speak("hello")
    assert runner.started[0].argv[0] == "/usr/bin/espeak"


def test_speaker_without_espeak_shows_text_only_and_says_why():
    runner = FakeRunner()
    sp = Speaker(runner=runner, which=_which())
    assert not sp.available
    assert "espeak-ng" in sp.why and "text" in sp.why
    assert sp.speak("hello") is False and runner.started == []
    assert not sp.speaking
    with pytest.raises(RuntimeError):
        sp.argv("hello")


def test_speaker_with_a_named_program_that_is_missing_says_which():
    sp = Speaker("my-tts", runner=FakeRunner(), which=_which("espeak-ng"))
    assert not sp.available and "my-tts" in sp.why


def test_speaker_reports_a_program_that_fails_to_start():
    def broken(argv):
        """A runner whose program cannot be executed."""
        raise PermissionError(13, "Permission denied")

    sp = Speaker(runner=broken, which=_which("espeak-ng"))
    assert sp.speak("hello") is False
    assert "could not start" in sp.why and not sp.speaking


def test_speaker_really_speaks_through_espeak_where_installed(tmp_path):
    found = shutil.which("espeak-ng") or shutil.which("espeak")
    sp = Speaker()
    if not found:  # no espeak on this machine: the fallback is text only, never a crash
        assert not sp.available and "espeak-ng" in sp.why
        assert sp.speak("Everyone, wake up.") is False
        return
    wav = tmp_path / "line.wav"

    def to_file(argv):
        """Run the real program with our exact argv, writing the audio to a file instead."""
        return subprocess.Popen(argv[:1] + ["-w", str(wav)] + argv[1:])

    recorder = Speaker(runner=to_file)
    assert recorder.speak("-Vampires, open your eyes.")
    assert recorder._current.wait(timeout=30) == 0
    with wave.open(str(wav)) as w:
        assert w.getnframes() > w.getframerate() // 2  # over half a second of speech
    assert sp.speak("Everyone, wake up.")  # the default runner: a real background process
    sp._current.wait(timeout=30)
    sp.close()
    assert not sp.speaking


# ---------------------------------------------------------------- narration_for


def _one_night(players=5, seed=4):
    """A real One Night game and its first state and events."""
    game = load_game("one-night")
    state, events = game.setup({"cmd": "setup", "game": "one-night", "players": players, "seed": seed})
    return game, state, [e.to_dict() for e in events]


def test_narration_for_the_setup_is_the_first_prompt():
    game, state, events = _one_night()
    prompt = game.to_json(state)["current"]["prompt"]
    assert narration_for(events) == prompt
    assert narration_for(game.to_json(state)) == prompt
    assert prompt.startswith("Night falls")


def test_narration_for_a_step_change_closes_then_prompts():
    game, state, _ = _one_night()
    while game.to_json(state)["current"]["id"] != "vampires":
        state, _ = game.apply(state, {"cmd": "next"})
    state, events = game.apply(state, {"cmd": "next"})
    events = [e.to_dict() for e in events]
    ended, started = events
    assert ended["close"] and started["prompt"]
    assert narration_for(events) == f"{ended['close']} {started['prompt']}"
    assert narration_for(started) == started["prompt"] and narration_for(ended) == ended["close"]


def test_narration_for_every_step_of_a_bot_game_is_said():
    game, state, events = _one_night(players=6, seed=9)
    rng, said = random.Random(2), [narration_for(events)]
    while game.outcome(state) is None:
        state, evs = game.apply(state, bot.choose(game, state, rng))
        said.append(narration_for([e.to_dict() for e in evs]))
    view = game.to_json(state)
    prompts = [s["prompt"] for s in view["script"]]
    spoken = " ".join(said)
    assert all(p in spoken for p in prompts)  # every step's prompt was narrated
    assert narration_for(view) == said[-1]  # the verdict, from the state as from the events
    assert ("team" in said[-1] or "Nobody wins" in said[-1]) and ("die" in said[-1])


def test_narration_for_votes_and_the_verdict_uses_seat_names():
    # (an event without names, or with an unnamed seat's code: the game's default name for the seat, never "Seat 3")
    assert (
        narration_for({"event": "votes_counted", "tally": {"3": 3}, "leaders": [3]})
        == "Dorin has the most votes."
    )
    assert (
        narration_for({"event": "votes_counted", "leaders": [2], "names": ["Ann", "Bo"]})
        == "Bo has the most votes."
    )
    assert (
        narration_for({"event": "votes_counted", "leaders": [2], "names": ["Ann", "P2"]})
        == "Bogdan has the most votes."
    )
    assert (
        narration_for({"event": "votes_counted", "leaders": [2, 4]}, names=["Ann", "Bo", "Cy", "Di"])
        == "Bo and Di are tied with the most votes."
    )
    verdict = {"event": "revealed", "killed": [5], "winners": [4], "teams": ["vampire"]}
    assert narration_for(verdict) == "Ilinca dies. The vampire team wins."
    assert (
        narration_for({"event": "revealed", "killed": [], "winners": [], "teams": []})
        == "Nobody dies. Nobody wins."
    )
    both = {"event": "revealed", "killed": [1, 2], "teams": ["villager", "apprentice-assassin"]}
    assert narration_for(both) == "Anka and Bogdan die. The villager and apprentice assassin teams win."


def test_narration_for_pause_and_extra_time():
    assert (
        narration_for({"event": "timer_extended", "step": "discussion", "seconds": 60, "total": 360})
        == "One minute more to talk."
    )
    assert narration_for({"event": "timer_extended", "seconds": 90}) == "90 seconds more to talk."
    assert narration_for({"event": "paused"}) and narration_for({"event": "resumed"})


def test_narration_for_anything_else_is_silence():
    for item in (None, 3, "text", {}, {"event": "game_over", "outcome": "vampire"}, {"game": "masters"}, []):
        assert narration_for(item) == ""


# ---------------------------------------------------------------- night masking noise


def test_masking_noise_has_the_asked_length_and_format():
    s = night_masking_samples(2.0, 8000)
    assert s.typecode == "h" and len(s) == 16000
    assert len(to_mixer_bytes(s, -16, 2)) == 4 * 16000  # the UI's sound module can play it


def test_masking_noise_is_quiet_and_centred():
    s = night_masking_samples(2.0, 8000)
    assert abs(max(abs(v) for v in s) - MASK_LEVEL * 32767) <= 1
    assert abs(statistics.fmean(s)) < 0.05 * max(s)
    loud = night_masking_samples(1.0, 8000, level=0.5)
    assert abs(max(abs(v) for v in loud) - 0.5 * 32767) <= 1


def test_masking_noise_is_pinkish_not_white():
    s = night_masking_samples(2.0, 8000)
    steps = [b - a for a, b in zip(s, s[1:])]
    # White noise has var(step) = 2 var(x); noise with its power in the lows changes slowly.
    assert statistics.pvariance(steps) < 0.6 * statistics.pvariance(s)


def test_masking_noise_loops_without_a_click():
    s = night_masking_samples(2.0, 8000)
    biggest_step = max(abs(b - a) for a, b in zip(s, s[1:]))
    assert abs(s[0] - s[-1]) <= biggest_step


def test_masking_noise_is_the_same_for_the_same_seed():
    assert night_masking_samples(0.5, 8000) == night_masking_samples(0.5, 8000)
    assert night_masking_samples(0.5, 8000, seed=2) != night_masking_samples(0.5, 8000)


@pytest.mark.parametrize(
    "seconds, rate, level",
    [
        (0, 8000, 0.1),
        (-1, 8000, 0.1),
        (1e6, 8000, 0.1),
        (1.0, 10, 0.1),
        (1.0, 8000.5, 0.1),
        (1.0, 8000, 0.0),
        (1.0, 8000, 2.0),
        ("1", 8000, 0.1),
    ],
)
def test_masking_noise_refuses_bad_arguments(seconds, rate, level):
    with pytest.raises(ValueError):
        night_masking_samples(seconds, rate, level)
