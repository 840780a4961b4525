"""The narrator's voice for One Night Ultimate Vampire: speech through espeak-ng, the words to say,
and a quiet masking noise for the night.

- `Speaker` speaks a line through `espeak-ng` (or the older `espeak`) in a child process, so the
  loop never waits for it; a new line stops the one still being spoken. The text goes to the
  program as one argument after `--` (never through a shell, so no text can be read as a command
  or an option). Without either program `available` is False, `why` says so, and the app shows
  the text only.
- `narration_for(item)` picks what to say for a One Night engine event, a list of events, or the
  state JSON (pure).
- `night_masking_samples(seconds, rate)` is a soft pink-ish noise loop (pure, `array('h')` like the
  UI's sound cues) that hides the sound of cards being moved while eyes are closed.
"""

from __future__ import annotations

import math
import random
import shutil
from array import array
from typing import Any, Callable, Iterable, Mapping, Sequence

from companion.i18n import _, ngettext, pgettext

PROGRAMS = ("espeak-ng", "espeak")  # the first one found speaks
DEFAULT_VOICE = "en"
VOICES = {"en": "en", "de": "de"}  # companion language -> espeak-ng voice
DEFAULT_SPEED = 150  # words a minute: a narrator a little slower than espeak's 175
DEFAULT_VOLUME = 0.8  # 0..1 of espeak's loudest (amplitude 200)
MAX_AMPLITUDE = 200

MASK_LEVEL = 0.06  # peak of the masking noise, as a share of full scale: quiet under the voice
MASK_SEED = 1
MASK_LOOP_S = 0.25  # the loop's end is cross-faded into its start over this long: no click
MASK_MAX_S = 600.0  # a loop longer than this is a mistake (it would be ~26 MB at 22 kHz)

Runner = Callable[[list[str]], Any]  # argv -> a process with poll() and terminate()


class Speaker:
    """Speaks lines through espeak-ng without waiting for them.

    command: the program (a name on PATH or a path); None looks for `espeak-ng`, then `espeak`.
    runner: starts the process from an argv list (default: `subprocess.Popen` with no shell and
    no console output); tests pass a fake that records the argv.
    voice: an espeak voice name ("en", "en-gb", "de", ...); None (the default) follows the
    companion's language (`companion.i18n`), so German text is spoken with the German voice; speed: words a minute (80..450);
    volume: 0..1 (mapped to espeak's amplitude 0..200).
    `available` tells whether speech can work; when not, `why` says what is missing.
    """

    def __init__(self, command: str | None = None, runner: Runner | None = None, *,
                 voice: str | None = None, speed: int = DEFAULT_SPEED, volume: float = DEFAULT_VOLUME,
                 which: Callable[[str], str | None] = shutil.which) -> None:
        """Find the speech program (nothing is started yet)."""
        self.voice, self.speed, self.volume = _check_options(voice, speed, volume)
        self.runner: Runner = runner or _popen
        self.program, self.why = _find_program(command, which)
        self._current: Any = None
        self._stopped: list[Any] = []  # stopped processes not yet reaped

    @property
    def available(self) -> bool:
        """True if a speech program was found."""
        return self.program is not None

    def set_options(self, voice: str | None = None, speed: int | None = None, volume: float | None = None) -> None:
        """Change the voice, speed or volume for the next lines (checked; bad values raise ValueError)."""
        self.voice, self.speed, self.volume = _check_options(
            self.voice if voice is None else voice, self.speed if speed is None else speed,
            self.volume if volume is None else volume)

    def argv(self, text: str) -> list[str]:
        """The exact command line for `text` (the text is one argument after `--`)."""
        if self.program is None:
            raise RuntimeError(f"no speech: {self.why}")
        amplitude = round(self.volume * MAX_AMPLITUDE)
        return [self.program, "-v", self.voice_now(), "-s", str(self.speed), "-a", str(amplitude), "--", text]

    def voice_now(self) -> str:
        """The espeak voice the next line is spoken with: the chosen one, else the language's."""
        if self.voice is not None:
            return self.voice
        from companion.i18n import current_language

        return VOICES.get(current_language(), DEFAULT_VOICE)

    def speak(self, text: str) -> bool:
        """Start saying `text`, stopping any line still being spoken. False if nothing was started
        (no speech program, nothing to say, volume 0, or the program failed to start)."""
        self.stop()
        text = " ".join(str(text or "").split())  # one line: newlines would split the utterance
        if not text or self.program is None or self.volume <= 0:
            return False
        try:
            self._current = self.runner(self.argv(text))
        except OSError as exc:  # removed since we looked, not executable, out of processes
            self.why = f"{self.program} could not start: {exc}"
            return False
        return True

    @property
    def speaking(self) -> bool:
        """True while the last line is still being spoken."""
        return self._current is not None and self._current.poll() is None

    def stop(self) -> None:
        """Cut the line being spoken short (nothing if none); finished processes are reaped."""
        if self._current is not None and self._current.poll() is None:
            self._current.terminate()
            self._stopped.append(self._current)
        self._current = None
        self._stopped = [p for p in self._stopped if p.poll() is None]

    def close(self) -> None:
        """Stop speaking (safe to call twice)."""
        self.stop()

    def __enter__(self) -> "Speaker":
        """Use as a context manager: speech stops on leaving."""
        return self

    def __exit__(self, *exc: Any) -> None:
        """Stop speaking."""
        self.close()


def _popen(argv: list[str]):
    """Start the speech program in the background: no shell, no input, no console output."""
    import subprocess  # only when something is spoken

    return subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, close_fds=True)


def _find_program(command: str | None, which: Callable[[str], str | None]) -> tuple[str | None, str | None]:
    """(path of the speech program, None) or (None, why there is none)."""
    if command is not None:
        found = which(command)
        return (found, None) if found else (None, f"speech program {command!r} not found")
    for name in PROGRAMS:
        found = which(name)
        if found:
            return found, None
    return None, "neither espeak-ng nor espeak is installed (sudo apt install espeak-ng); showing text only"


def _check_options(voice: str | None, speed: int, volume: float) -> tuple[str | None, int, float]:
    """The options, checked: a plain voice name (or None: the language's), 80..450 words a minute,
    volume 0..1."""
    if voice is not None and (not isinstance(voice, str) or not voice or voice.startswith("-")
                              or any(c.isspace() for c in voice)):
        raise ValueError(f"voice must be an espeak voice name such as 'en', got {voice!r}")
    if isinstance(speed, bool) or not isinstance(speed, int) or not 80 <= speed <= 450:
        raise ValueError(f"speed must be 80..450 words a minute, got {speed!r}")
    if isinstance(volume, bool) or not isinstance(volume, (int, float)) or not 0.0 <= volume <= 1.0:
        raise ValueError(f"volume must be 0..1, got {volume!r}")
    return voice, speed, float(volume)


# ---------------------------------------------------------------- what to say


def narration_for(item: Any, names: Sequence[str] = ()) -> str:
    """The words to speak for a One Night event dict, a list of them (joined in order: the closing
    line of a step, then the next prompt), or the state JSON (the current step's prompt, or the
    verdict once over). `names` are the seats' names, seat 1 first; "" when there is nothing to say."""
    if isinstance(item, Mapping) and "event" in item:
        return _for_event(item, names)
    if isinstance(item, Mapping) and item.get("game") == "one-night":
        return _for_state(item)
    if isinstance(item, (list, tuple)):
        return " ".join(text for text in (narration_for(e, names) for e in item) if text)
    return ""


def _for_event(event: Mapping[str, Any], names: Sequence[str]) -> str:
    """Words for one event."""
    from companion.narration.one_night import step_words  # One Night's words, loaded with its first step

    kind = event.get("event")
    if kind == "step_started":
        return _text(step_words(event.get("step"), event.get("prompt")))
    if kind == "step_ended":
        return _text(step_words(event.get("step"), event.get("close")))
    if kind == "votes_counted":
        return _votes_line(event.get("leaders"), names)
    if kind == "revealed":
        return _verdict_line(event.get("killed"), event.get("teams"), names)
    if kind == "timer_extended":
        return _("{time} more to talk.").format(time=_duration(event.get("seconds")))
    if kind == "paused":
        return _("Hold still. The night waits.")
    if kind == "resumed":
        return _("We go on.")
    return ""


def _for_state(state: Mapping[str, Any]) -> str:
    """Words for where a state stands."""
    names = tuple(state.get("names") or ())
    result = state.get("result")
    if isinstance(result, Mapping):
        return _verdict_line(result.get("killed"), result.get("teams"), names)
    current = state.get("current")
    from companion.narration.one_night import step_words

    return _text(step_words(current.get("id"), current.get("prompt"))) if isinstance(current, Mapping) else ""


def _votes_line(leaders: Any, names: Sequence[str]) -> str:
    """Who has the most votes."""
    seats = _seats(leaders, names)
    if not seats:
        return ""
    if len(seats) == 1:
        return _("{seat} has the most votes.").format(seat=seats[0])
    return _("{seats} are tied with the most votes.").format(seats=_join(seats))


def _verdict_line(killed: Any, teams: Any, names: Sequence[str]) -> str:
    """Who dies and who wins."""
    dead = _seats(killed, names)
    deaths = _("Nobody dies.") if not dead else ngettext("{seats} dies.", "{seats} die.", len(dead)).format(seats=_join(dead))
    won = [_team_word(t) for t in teams or () if isinstance(t, str)]
    if not won:
        return deaths + " " + _("Nobody wins.")
    return deaths + " " + ngettext("The {teams} team wins.", "The {teams} teams win.", len(won)).format(teams=_join(won))


def _team_word(team: str) -> str:
    """A team as spoken before "team" ("vampire", "apprentice assassin"), in the current language."""
    words = {"villager": pgettext("team", "villager"), "vampire": pgettext("team", "vampire"),
             "werewolf": pgettext("team", "werewolf"), "tanner": pgettext("team", "tanner"),
             "assassin": pgettext("team", "assassin"), "apprentice-assassin": pgettext("team", "apprentice assassin")}
    return words.get(team, team.replace("-", " "))


def _seats(seats: Any, names: Sequence[str]) -> list[str]:
    """Seat numbers as spoken names ("Seat 3", or the player's name when known)."""
    out = []
    for s in seats if isinstance(seats, (list, tuple)) else ():
        if isinstance(s, int) and not isinstance(s, bool):
            out.append(str(names[s - 1]) if 1 <= s <= len(names) and names[s - 1] else _("Seat {n}").format(n=s))
    return out


def _join(words: Iterable[str]) -> str:
    """`a`, `a and b`, `a, b and c`."""
    words = list(words)
    return words[0] if len(words) == 1 else _("{some} and {last}").format(some=", ".join(words[:-1]), last=words[-1])


def _duration(seconds: Any) -> str:
    """Seconds as spoken time: "One minute", "90 seconds", "Two minutes"."""
    s = int(seconds) if isinstance(seconds, (int, float)) and not isinstance(seconds, bool) else 0
    if s > 0 and s % 60 == 0:
        minutes = s // 60
        spoken = (_("One"), _("Two"), _("Three"), _("Four"), _("Five"))
        count = spoken[minutes - 1] if minutes <= 5 else str(minutes)
        return ngettext("{count} minute", "{count} minutes", minutes).format(count=count)
    return ngettext("{n} second", "{n} seconds", s).format(n=s)


def _text(value: Any) -> str:
    """A prompt from the engine as one clean line."""
    return " ".join(value.split()) if isinstance(value, str) else ""


# ---------------------------------------------------------------- night masking noise


def night_masking_samples(seconds: float, rate: int = 22050, level: float = MASK_LEVEL,
                          seed: int = MASK_SEED) -> array:
    """`seconds` of soft pink-ish noise as signed 16-bit mono samples at `rate` Hz, made to loop:
    its end is cross-faded into its start, so playing it over and over has no click. Its peak is
    `level` of full scale. The same arguments give the same samples (a seeded generator)."""
    if isinstance(rate, bool) or not isinstance(rate, int) or rate < 1000:
        raise ValueError(f"rate must be at least 1000 samples a second, got {rate!r}")
    if isinstance(level, bool) or not isinstance(level, (int, float)) or not 0.0 < level <= 1.0:
        raise ValueError(f"level must be in (0, 1], got {level!r}")
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not 0 < seconds <= MASK_MAX_S:
        raise ValueError(f"seconds must be > 0 and at most {MASK_MAX_S:g}, got {seconds!r}")
    n = int(round(seconds * rate))
    if n < 2:
        raise ValueError(f"{seconds!r} s at {rate} Hz is less than two samples")
    fade = min(n // 2, int(MASK_LOOP_S * rate))
    raw = _pink(n + fade, random.Random(seed))
    looped = _loop(raw, n, fade)
    peak = max(1e-9, max(abs(v) for v in looped))
    k = level * 32767.0 / peak
    return array("h", [int(round(v * k)) for v in looped])


def _pink(count: int, rng: random.Random) -> list[float]:
    """Pink-ish noise: white noise through Paul Kellet's three-pole filter (about -3 dB an octave),
    with the running mean taken out so it sits on zero."""
    b0 = b1 = b2 = 0.0
    out = []
    for _ in range(count):
        w = rng.uniform(-1.0, 1.0)
        b0 = 0.99765 * b0 + w * 0.0990460
        b1 = 0.96300 * b1 + w * 0.2965164
        b2 = 0.57000 * b2 + w * 1.0526913
        out.append(b0 + b1 + b2 + w * 0.1848)
    mean = math.fsum(out) / count
    return [v - mean for v in out]


def _loop(raw: list[float], n: int, fade: int) -> list[float]:
    """The first n samples with the `fade` samples after them blended into the start (equal
    power), so sample n - 1 runs on into sample 0 as it ran on into sample n."""
    out = raw[:n]
    for i in range(fade):
        a = math.sin(0.5 * math.pi * i / fade)  # 0 -> 1 over the fade: the head comes in
        out[i] = raw[i] * a + raw[n + i] * math.cos(0.5 * math.pi * i / fade)
    return out
