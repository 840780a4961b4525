"""The narrator's voice for One Night Ultimate Vampire: speech through espeak-ng. (The words it says
are companion/games/one_night/narration.py's `narration_for`; the night's masking noise is in
companion/ui/sound.py.)

- `Speaker` speaks a line through `espeak-ng` (or the older `espeak`) in a child process, so the
  loop never waits for it; a new line stops the one still being spoken. The text goes to the
  program as one argument after `--` (never through a shell, so no text can be read as a command
  or an option). Without either program `available` is False, `why` says so, and the app shows
  the text only.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from typing import Any

PROGRAMS = ("espeak-ng", "espeak")  # the first one found speaks
DEFAULT_VOICE = "en"
VOICES = {"en": "en", "de": "de"}  # companion language -> espeak-ng voice
DEFAULT_SPEED = 150  # words a minute: a narrator a little slower than espeak's 175
DEFAULT_VOLUME = 0.8  # 0..1 of espeak's loudest (amplitude 200)
MAX_AMPLITUDE = 200

Runner = Callable[[list[str]], Any]  # argv -> a process with poll() and terminate()


class Speaker:
    """Speaks lines through espeak-ng without waiting for them.

    command: the program (a name on PATH or a path); None looks for `espeak-ng`, then `espeak`.
    runner: starts the process from an argv list (default: `subprocess.Popen` with no shell and
    no console output); tests pass a fake that records the argv.
    voice: an espeak voice name ("en", "en-gb", "de", ...); None (the default) follows the
    companion's language (`companion.i18n`), so German text is spoken with the German voice; speed: words a
    minute (80..450);
    volume: 0..1 (mapped to espeak's amplitude 0..200); device: the ALSA output (config `[sound]
    device`); anything but "default" is passed as `-d DEVICE` (espeak-ng's own option, read in its
    src/espeak-ng.c; its audio library pcaudiolib tries PulseAudio first, then ALSA with that name).
    `available` tells whether speech can work; when not, `why` says what is missing.
    """

    def __init__(
        self,
        command: str | None = None,
        runner: Runner | None = None,
        *,
        voice: str | None = None,
        speed: int = DEFAULT_SPEED,
        volume: float = DEFAULT_VOLUME,
        which: Callable[[str], str | None] = shutil.which,
        device: str = "default",
    ) -> None:
        """Find the speech program (nothing is started yet)."""
        self.voice, self.speed, self.volume = _check_options(voice, speed, volume)
        self.device = _check_device(device)
        self.runner: Runner = runner or _popen
        self.program, self.why = _find_program(command, which)
        self._current: Any = None
        self._stopped: list[Any] = []  # stopped processes not yet reaped

    @property
    def available(self) -> bool:
        """True if a speech program was found."""
        return self.program is not None

    def set_options(
        self, voice: str | None = None, speed: int | None = None, volume: float | None = None
    ) -> None:
        """Change the voice, speed or volume for the next lines (checked; bad values raise ValueError)."""
        self.voice, self.speed, self.volume = _check_options(
            self.voice if voice is None else voice,
            self.speed if speed is None else speed,
            self.volume if volume is None else volume,
        )

    def argv(self, text: str) -> list[str]:
        """The exact command line for `text` (the text is one argument after `--`)."""
        if self.program is None:
            raise RuntimeError(f"no speech: {self.why}")
        amplitude = round(self.volume * MAX_AMPLITUDE)
        device = ["-d", self.device] if self.device != "default" else []
        return [
            self.program,
            "-v",
            self.voice_now(),
            "-s",
            str(self.speed),
            "-a",
            str(amplitude),
            *device,
            "--",
            text,
        ]

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

    def __enter__(self) -> Speaker:
        """Use as a context manager: speech stops on leaving."""
        return self

    def __exit__(self, *exc: Any) -> None:
        """Stop speaking."""
        self.close()


def _popen(argv: list[str]):
    """Start the speech program in the background: no shell, no input, no console output."""
    import subprocess  # only when something is spoken

    return subprocess.Popen(
        argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, close_fds=True
    )


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


def _check_device(device: str) -> str:
    """The ALSA device name, checked: one word that cannot read as an option (the config checks it
    the same way, with file and line)."""
    if (
        not isinstance(device, str)
        or not device
        or device.startswith("-")
        or any(c.isspace() for c in device)
    ):
        raise ValueError(f"device must be an ALSA device name such as 'default', got {device!r}")
    return device


def _check_options(voice: str | None, speed: int, volume: float) -> tuple[str | None, int, float]:
    """The options, checked: a plain voice name (or None: the language's), 80..450 words a minute,
    volume 0..1."""
    if voice is not None and (
        not isinstance(voice, str) or not voice or voice.startswith("-") or any(c.isspace() for c in voice)
    ):
        raise ValueError(f"voice must be an espeak voice name such as 'en', got {voice!r}")
    if isinstance(speed, bool) or not isinstance(speed, int) or not 80 <= speed <= 450:
        raise ValueError(f"speed must be 80..450 words a minute, got {speed!r}")
    if isinstance(volume, bool) or not isinstance(volume, (int, float)) or not 0.0 <= volume <= 1.0:
        raise ValueError(f"volume must be 0..1, got {volume!r}")
    return voice, speed, float(volume)
