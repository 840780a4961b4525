"""Short sound cues synthesised in code (no sample files, no numpy) and played through pygame.mixer.

`synth(cue, rate)` is pure: it returns signed 16-bit mono samples (an `array('h')`) built from a few
notes with an attack/decay envelope; noise comes from a seeded `random.Random`, so a cue is the
same every time. `Sounds` opens the mixer, converts the samples to whatever format the mixer
really opened, and plays cues at the configured volume. If the mixer can't open (no audio device,
a broken driver) `Sounds.available` is False with `why` set, and `play` does nothing: the table
plays on in silence. `cues_for_events` maps engine events to cue names (pure, tested).
`night_masking_samples(seconds, rate)` is a soft pink-ish noise loop (pure, seeded) that hides the
sound of cards being moved while One Night's eyes are closed (`Sounds.ambience`).
"""

import math
import random
from array import array
from collections.abc import Iterable, Mapping
from enum import Enum
from typing import Any

from companion.records import Named

RATE = 22050
PEAK = 0.6  # leave headroom: cues are mixed on top of each other

MASK_LEVEL = 0.06  # peak of the night's masking noise, as a share of full scale: quiet under the voice
MASK_SEED = 1
MASK_LOOP_S = 0.25  # the loop's end is cross-faded into its start over this long: no click
MASK_MAX_S = 600.0  # a loop longer than this is a mistake (it would be ~26 MB at 22 kHz)


class Cue(str, Enum):
    """The cues the table app plays."""

    DAY_BELL = "day_bell"
    NIGHTFALL = "nightfall"
    AGENTS = "agents_arrive"
    VEIL_DROP = "veil_drop"
    COMBAT = "combat"
    DRAINED = "drained"
    VICTORY = "victory"
    DEFEAT = "defeat"
    CLICK = "click"
    REFUSED = "refused"


class Note(Named):
    """One sound segment: start time and length (seconds), pitch glide (Hz), wave, loudness 0..1."""

    at: float
    length: float
    f0: float
    f1: float
    wave: str = "sine"  # sine | bell | square | noise
    level: float = 1.0


def _score(cue: Cue) -> tuple[Note, ...]:
    """The notes of a cue (our own little tunes)."""
    n = Note
    return {
        Cue.DAY_BELL: (n(0.0, 1.2, 660, 660, "bell"), n(0.35, 1.0, 880, 880, "bell", 0.7)),
        Cue.NIGHTFALL: (n(0.0, 1.1, 392, 196, "sine", 0.8), n(0.2, 1.0, 294, 147, "sine", 0.5)),
        Cue.AGENTS: tuple(n(i * 0.14, 0.1, 330, 330, "square", 0.45) for i in range(3)),
        Cue.VEIL_DROP: (n(0.0, 0.6, 220, 90, "sine"), n(0.0, 0.25, 0, 0, "noise", 0.25)),
        Cue.COMBAT: (
            n(0.0, 0.25, 120, 60, "sine"),
            n(0.0, 0.12, 0, 0, "noise", 0.6),
            n(0.28, 0.2, 110, 55, "sine", 0.8),
        ),
        Cue.DRAINED: (n(0.0, 0.9, 300, 140, "square", 0.35),),
        Cue.VICTORY: tuple(
            n(i * 0.16, 0.5 if i == 3 else 0.18, f, f, "bell", 0.8)
            for i, f in enumerate((523, 659, 784, 1047))
        ),
        Cue.DEFEAT: tuple(
            n(i * 0.3, 0.5, f, f * 0.97, "sine", 0.8) for i, f in enumerate((392, 311, 262, 196))
        ),
        Cue.CLICK: (n(0.0, 0.02, 1800, 1200, "square", 0.3),),
        Cue.REFUSED: (n(0.0, 0.12, 150, 150, "square", 0.4), n(0.16, 0.14, 120, 120, "square", 0.4)),
    }[cue]


def synth(cue: Cue | str, rate: int = RATE) -> array:
    """Signed 16-bit mono samples of `cue` at `rate` Hz."""
    notes = _score(Cue(cue))
    total = max(nt.at + nt.length for nt in notes)
    mix = [0.0] * (int(total * rate) + 1)
    rng = random.Random(7)
    for nt in notes:
        _add_note(mix, nt, rate, rng)
    peak = max(1e-9, max(abs(v) for v in mix))
    scale = 32767 * PEAK / max(1.0, peak)
    return array("h", (int(max(-32767, min(32767, v * scale))) for v in mix))


def _add_note(mix: list[float], nt: Note, rate: int, rng: random.Random) -> None:
    """Add one note into `mix` with a short attack and an exponential decay."""
    start, count = int(nt.at * rate), int(nt.length * rate)
    phase = 0.0
    attack = max(1, int(0.005 * rate))
    for i in range(count):
        t = i / rate
        f = nt.f0 + (nt.f1 - nt.f0) * (i / count)
        phase += 2 * math.pi * f / rate
        env = min(1.0, i / attack) * math.exp(-3.5 * t / nt.length)
        if nt.wave == "noise":
            v = rng.uniform(-1, 1)
        elif nt.wave == "square":
            v = 1.0 if math.sin(phase) >= 0 else -1.0
        elif nt.wave == "bell":  # a few inharmonic partials ring like metal
            v = math.sin(phase) + 0.5 * math.sin(2.76 * phase) + 0.25 * math.sin(5.4 * phase)
            v /= 1.75
        else:
            v = math.sin(phase)
        k = start + i
        if k < len(mix):
            mix[k] += v * env * nt.level


def to_mixer_bytes(samples: array, size: int, channels: int) -> bytes:
    """Convert mono int16 samples to the mixer's format (`size` as in pygame.mixer.get_init())."""
    if size == -16:
        data = samples
    elif size == 16:
        data = array("H", (s + 32768 for s in samples))
    elif size == 8:
        data = array("B", ((s >> 8) + 128 for s in samples))
    elif size == -8:
        data = array("b", (s >> 8 for s in samples))
    elif size == 32:
        data = array("f", (s / 32768 for s in samples))
    else:
        raise ValueError(f"unsupported mixer sample size {size}")
    if channels > 1:
        out = type(data)(data.typecode)
        for s in data:
            out.extend([s] * channels)
        data = out
    return data.tobytes()


class Sounds:
    """Plays cues through pygame.mixer; silent (never failing) when no mixer can be opened."""

    def __init__(self, volume: float = 0.7, mute: bool = False, device: str = "default") -> None:
        """Cue volume 0..1 and mute; `device`: the ALSA output (config `[sound] device`, a PCM name such
        as "plughw:CARD=Device,DEV=0"; "default" leaves the choice to ALSA). Call `open()` before playing."""
        self.volume = volume
        self.mute = mute
        self.device = device
        self.available = False
        self.why = "not opened"
        self._format: tuple[int, int, int] | None = None
        self._sounds: dict[Cue, Any] = {}
        self._opened_mixer = False
        self._ambience = None  # the looping night noise while it plays
        self._noise = None  # that noise as a Sound, made on the first night and kept for the next

    def open(self) -> bool:
        """Open the mixer (if nobody has yet); False with `why` set when there is no sound."""
        try:
            import pygame

            if not pygame.mixer.get_init():
                use_alsa_device(self.device)
                pygame.mixer.init(RATE, -16, 1, 512)
                self._opened_mixer = True
            self._format = pygame.mixer.get_init()
            self.available, self.why = True, ""
        except Exception as exc:  # pygame.error, NotImplementedError, OSError: all mean "no sound"
            self.available, self.why = False, f"sound not available: {exc}"
        return self.available

    def apply(self, settings: Mapping[str, Any]) -> None:
        """Take volume and mute from a settings dict (or a settings intent)."""
        if "volume" in settings:
            self.volume = max(0.0, min(1.0, float(settings["volume"])))
        if "mute" in settings:
            self.mute = bool(settings["mute"])

    def play(self, cue: Cue | str) -> bool:
        """Play `cue` now; False when muted, silent or unknown."""
        if not self.available or self.mute or self.volume <= 0:
            return False
        try:
            sound = self._sound(Cue(cue))
            sound.set_volume(self.volume)
            sound.play()
            return True
        except Exception:  # an unknown cue or a mixer that died mid-game must not stop the table
            return False

    def ambience(self, on: bool, level: float = 0.35) -> bool:
        """Loop a quiet masking noise (One Night's dusk and night hide card movement) or stop it.

        Returns whether it is playing now. Follows mute; the volume is `level` x the cue volume.
        """
        if not self.available:
            return False
        try:
            import pygame

            if on and not self.mute and self.volume > 0:
                if self._ambience is None:
                    if self._noise is None:  # ~0.3 s of pure Python: once, not every dusk
                        rate, size, channels = self._format
                        self._noise = pygame.mixer.Sound(
                            buffer=to_mixer_bytes(night_masking_samples(10.0, rate), size, channels)
                        )
                    noise = self._noise
                    noise.set_volume(self.volume * level)
                    noise.play(loops=-1)
                    self._ambience = noise
                return True
            if self._ambience is not None:
                self._ambience.stop()
                self._ambience = None
        except Exception:  # a mixer that died mid-game must not stop the table
            self._ambience = self._noise = None
        return False

    def _sound(self, cue: Cue):
        """The pygame Sound of `cue`, synthesised on first use in the mixer's format."""
        import pygame

        if cue not in self._sounds:
            rate, size, channels = self._format
            self._sounds[cue] = pygame.mixer.Sound(buffer=to_mixer_bytes(synth(cue, rate), size, channels))
        return self._sounds[cue]

    def close(self) -> None:
        """Stop and release the mixer if we opened it (idempotent)."""
        self.ambience(False)
        self._sounds.clear()
        self._noise = None
        if self._opened_mixer:
            import pygame

            pygame.mixer.quit()
            self._opened_mixer = False
        self.available = False

    def __enter__(self) -> "Sounds":
        """Open on entry."""
        self.open()
        return self

    def __exit__(self, *exc) -> None:
        """Close on exit."""
        self.close()


def use_alsa_device(device: str, environ=None) -> None:
    """Point SDL's ALSA driver at `device` before the mixer opens.

    Read in SDL2's source (src/audio/alsa/SDL_alsa_audio.c, `get_audio_device`): opening the default
    device, SDL uses the AUDIODEV environment variable as the ALSA PCM name, else "default". A
    device name given to `pygame.mixer.init(devicename=...)` must instead be one of SDL's listed
    descriptions ("USB Audio Device, USB Audio"), not a PCM name, so AUDIODEV is the way in. It only
    matters under SDL_AUDIODRIVER=alsa (the service and `make run` on a Pi); a desktop's PulseAudio
    or PipeWire driver ignores it. "default" leaves any AUDIODEV the user set alone.
    """
    import os

    if device and device != "default":
        (os.environ if environ is None else environ)["AUDIODEV"] = device


def cue_for_event(event: Mapping[str, Any]) -> Cue | None:
    """The cue one engine event (`{"event": kind, ...}`) calls for, if any."""
    kind = str(event.get("event", ""))
    if kind in ("game_over", "game_won", "game_lost"):
        return Cue.VICTORY if event.get("outcome") == "victory" or kind == "game_won" else Cue.DEFEAT
    if kind in ("ritual_performed", "victory"):
        return Cue.VICTORY
    if kind in ("phase_changed", "phase_started"):
        return {"night": Cue.NIGHTFALL, "day": Cue.DAY_BELL}.get(event.get("phase") or event.get("to"))
    if kind in ("night_began", "night_started", "night_fell"):
        return Cue.NIGHTFALL
    if kind in ("round_began", "day_started", "round_started", "day_began"):
        return Cue.DAY_BELL
    if kind in ("agents_placed", "agents_added", "agents_arrived", "agents_moved"):
        return Cue.AGENTS
    if kind.startswith("veil_"):
        delta = event.get("delta", event.get("by"))
        if delta is None and isinstance(event.get("new"), int) and isinstance(event.get("old"), int):
            delta = event["new"] - event["old"]
        if kind in ("veil_decreased", "veil_dropped", "veil_lowered") or (
            isinstance(delta, (int, float)) and delta < 0
        ):
            return Cue.VEIL_DROP
        return None
    if kind in ("combat_started", "fight_started", "day_combat_started"):
        return Cue.COMBAT
    if kind in ("vampire_drained", "drained"):
        return Cue.DRAINED
    return None


def cues_for_events(events: Iterable[Mapping[str, Any]]) -> list[str]:
    """Cue names for a frame's events, each cue once, in order; the end of the game wins over the rest."""
    out: list[str] = []
    for ev in events:
        cue = cue_for_event(ev)
        if cue is not None and cue.value not in out:
            out.append(cue.value)
    for final in (Cue.VICTORY.value, Cue.DEFEAT.value):
        if final in out:
            return [final]
    return out


# ---------------------------------------------------------------- night masking noise


def night_masking_samples(
    seconds: float, rate: int = 22050, level: float = MASK_LEVEL, seed: int = MASK_SEED
) -> array:
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
