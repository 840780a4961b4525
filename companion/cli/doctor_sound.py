"""`companion doctor`'s sound checks: the device, who may open it, a chime that really plays, the voice.

- `sound`: on a Pi, a sound output in /dev/snd, the service's user may open it (its groups against
  the group of /dev/snd/*), and this user can open the card's control device for real.
- `sound.play`: on a Pi, `aplay -l` lists a card, the configured `[sound] device` names one of the
  listed cards, and a short chime (the table's own day bell, in the mixer's format: 22050 Hz mono
  16-bit) plays to it through `aplay -D DEVICE`. Skipped while the service runs (it holds the device).
  A Pi 5 has no 3.5 mm jack and a DSI screen carries no sound: without HDMI sound, a USB adapter or
  an I2S amplifier there is no card at all (hardware/README.md, parts list).
- `speech`: espeak-ng writes WAV bytes for a test line (`--stdout`), without playing anything.

`SoundProbe` holds what these checks read from the machine (mixed into `doctor.Probe`); tests put a
stand-in `aplay` on PATH or replace the probe methods. Nothing here ever plays on a PC.
"""

from __future__ import annotations

import io
import re
import shutil
import subprocess
import wave

from companion.cli.doctor_base import INSTALL, UNIT, config_name, service_groups
from companion.cli.doctor_base import check as _check
from companion.i18n import _

SPEECH_TIMEOUT_S = 20.0
SPEECH_LINE = "Nightwatch"
APLAY_TIMEOUT_S = 15.0
# `aplay -l`: "card 1: Device [USB Audio Device], device 0: USB Audio [USB Audio]"
_CARD_LINE = re.compile(r"^card (\d+): (\S+) \[([^\]]*)\], device (\d+):", re.M)


class SoundProbe:
    """What the sound checks read from the machine (mixed into `doctor.Probe`: `self.env`)."""

    def aplay_cards(self) -> tuple[list[tuple[int, str, str]] | None, str]:
        """([(card index, card id, card name)] from `aplay -l`, ''), or (None, why) without aplay."""
        res, why = self._aplay(["-l"])
        if res is None:
            return None, why
        cards = {(int(m.group(1)), m.group(2), m.group(3)) for m in _CARD_LINE.finditer(res.stdout)}
        return sorted(cards), ""

    def play_tone(self, device: str) -> str:
        """'' when a short chime (about a second) played to the ALSA `device` (`aplay -q -D device`), else why not."""
        res, why = self._aplay(["-q", "-D", device, "-"], chime_wav())
        if res is None:
            return why
        if res.returncode == 0:
            return ""
        return _aplay_words(
            res.stderr.decode("utf-8", "replace") if isinstance(res.stderr, bytes) else res.stderr
        )

    def speech_wav(self) -> tuple[str | None, str]:
        """(program, '') when espeak-ng (or espeak) wrote a WAV for a test line, (program or None, why) else."""
        from companion.narration.speech import PROGRAMS

        program = next((p for p in PROGRAMS if shutil.which(p, path=self.env.get("PATH"))), None)
        if program is None:
            return None, f"{' or '.join(PROGRAMS)} not found"
        try:
            res = subprocess.run(
                [shutil.which(program, path=self.env.get("PATH")), "--stdout", "--", SPEECH_LINE],
                capture_output=True,
                timeout=SPEECH_TIMEOUT_S,
            )
        except subprocess.TimeoutExpired:
            return program, f"no answer within {SPEECH_TIMEOUT_S:g} s"
        except OSError:
            return program, "it could not be started"
        wav = res.stdout
        if res.returncode == 0 and wav[:4] == b"RIFF" and wav[8:12] == b"WAVE" and len(wav) > 44:
            return program, ""
        err = res.stderr.decode("utf-8", "replace").strip()[-200:]
        return program, f"exit {res.returncode}, {len(wav)} bytes and no WAV sound" + (
            f": {err}" if err else ""
        )

    def _aplay(self, args: list[str], data: bytes | None = None):
        """(the finished `aplay ARGS` run, '') or (None, why it could not run)."""
        exe = shutil.which("aplay", path=self.env.get("PATH"))
        if exe is None:
            return None, "aplay not found"
        try:
            return subprocess.run(
                [exe, *args], input=data, capture_output=True, timeout=APLAY_TIMEOUT_S, text=data is None
            ), ""
        except subprocess.TimeoutExpired:
            return None, f"aplay gave no answer within {APLAY_TIMEOUT_S:g} s"
        except OSError:
            return None, "aplay could not be started"


def chime_wav() -> bytes:
    """The table's day-bell cue as a WAV file in the mixer's own format (22050 Hz, mono, 16-bit): what
    plays here is what the app asks of the device."""
    from companion.ui.sound import RATE, Cue, synth

    out = io.BytesIO()
    with wave.open(out, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(synth(Cue.DAY_BELL, RATE).tobytes())
    return out.getvalue()


def card_of(device: str) -> str | None:
    """The card an ALSA device name points at ("CARD=Device" -> "Device", "hw:1,0" -> "1"), or None
    for names that pick no card themselves ("default", "null", "dmix")."""
    found = re.search(r"CARD=([^,]+)", device) or re.match(r"(?:plug)?hw:([^,=]+)", device)
    return found.group(1) if found else None


def checks(probe, board, cfg) -> list:
    """The checks of this module, in the order a maker would fix things."""
    return [check_sound(probe, board), *check_play(probe, board, cfg), check_speech(probe, board)]


def check_sound(probe, board):
    """On a Pi: a sound card, the service's user may open it, and it opens for this user."""
    if not board.pi:
        return _check("sound", "OK", _("not a Pi: the desktop's sound is used"))
    pcms = probe.glob("/dev/snd/pcmC*D*p")
    if not pcms:
        return _check(
            "sound",
            "WARN",
            _("no sound output device in /dev/snd (no HDMI sound, USB card or audio HAT seen)"),
            _(
                "plug in the HDMI screen or a USB sound card, then sudo reboot; `aplay -l` lists what ALSA sees"
            ),
        )
    dev = pcms[0]
    group, mode = probe.file_group(dev)
    unit = probe.read_text(UNIT)
    if unit is not None and not mode & 0o006 == 0o006:
        user, groups = service_groups(probe, unit)
        if group not in groups:
            return _check(
                "sound",
                "FAIL",
                _(
                    "the service's user {user} cannot open {device} (group {group}, mode {mode}): sound is off"
                ).format(user=user, device=dev, group=group, mode=f"{mode:o}"),
                _("{command}  (or re-run {install})").format(
                    command=f"sudo sed -i '/^SupplementaryGroups=/{{/ {group}\\b/!s/$/ {group}/}}' {UNIT} && "
                    "sudo systemctl daemon-reload && sudo systemctl restart companion",
                    install=INSTALL,
                ),
            )
    control = re.sub(r"pcmC(\d+)D\d+p$", r"controlC\1", dev)
    err = probe.try_open(control) if probe.exists(control) else ""
    if err and group not in probe.groups() and not probe.is_root():
        return _check(
            "sound",
            "OK",
            _("{device} (group {group}) opens for the service; you are not in {group} (see groups)").format(
                device=dev, group=group
            ),
        )
    if err:
        return _check(
            "sound",
            "FAIL",
            _("cannot open {device}: {why}").format(device=control, why=err),
            _(
                "sudo reboot; if it stays: `aplay -l` and `journalctl -k | grep -i snd` say what the sound driver did"
            ),
        )
    return _check("sound", "OK", _("{device} (group {group}) opens").format(device=dev, group=group))


def check_play(probe, board, cfg) -> list:
    """On a Pi: `aplay -l` lists the configured device's card, and a chime plays to it."""
    if not board.pi:
        return []
    device, config = cfg.sound.device, config_name(cfg)
    cards, why = probe.aplay_cards()
    if cards is None:
        return [
            _check(
                "sound.play",
                "FAIL",
                _("cannot test the sound: {why}").format(why=why),
                "sudo apt install alsa-utils",
            )
        ]
    listed = ", ".join(f"{i}:{cid}" for i, cid, _name in cards)
    if not cards:
        return [
            _check(
                "sound.play",
                "FAIL",
                _("`aplay -l` lists no sound card: no speaker can play"),
                _(
                    "plug in a USB sound adapter (a Pi 5 has no headphone jack), use HDMI sound, or fit an "
                    "I2S amplifier (hardware/README.md, parts list); then sudo reboot"
                ),
            )
        ]
    card = card_of(device)
    if card is not None and not any(card in (str(i), cid) for i, cid, _name in cards):
        first = cards[0][1]
        suggest = f"hdmi:CARD={first},DEV=0" if first.startswith("vc4hdmi") else f"plughw:CARD={first},DEV=0"
        return [
            _check(
                "sound.play",
                "FAIL",
                _(
                    "[sound] device = {device!r} names card {card}, which is not there (cards: {cards})"
                ).format(device=device, card=card, cards=listed),
                _(
                    'set device = "{suggest}" under [sound] in {file} (`aplay -L` lists every name), '
                    "or plug that card in"
                ).format(suggest=suggest, file=config),
            )
        ]
    active, _status = probe.service_state()
    if active:
        return [
            _check(
                "sound.play",
                "OK",
                _("{device} (cards: {cards}); not played here: the running service holds it").format(
                    device=device, cards=listed
                ),
            )
        ]
    err = probe.play_tone(device)
    if err:
        return [
            _check(
                "sound.play",
                "FAIL",
                _("a test chime did not play to {device}: {why} (cards: {cards})").format(
                    device=device, why=err, cards=listed
                ),
                _(
                    "set device under [sound] in {file} to a name `aplay -L` lists "
                    '(e.g. "plughw:CARD={card},DEV=0"), then '
                    "run doctor again"
                ).format(file=config, card=cards[0][1]),
            )
        ]
    return [
        _check(
            "sound.play",
            "OK",
            _("a test chime played to {device} (cards: {cards})").format(device=device, cards=listed)
            + (" " + _("[sound] mute = true: the table itself stays silent") if cfg.sound.mute else ""),
        )
    ]


def check_speech(probe, board):
    """espeak-ng writes a WAV for a test line (nothing is played)."""
    program, err = probe.speech_wav()
    if not err:
        return _check("speech", "OK", _("{program} speaks").format(program=program))
    status = "FAIL" if board.pi else "WARN"
    if program is None:
        return _check(
            "speech",
            status,
            _("{why}: narration is on screen only").format(why=err),
            "sudo apt install espeak-ng",
        )
    return _check(
        "speech",
        status,
        _("{program} does not speak ({why})").format(program=program, why=err),
        "sudo apt install --reinstall espeak-ng espeak-ng-data",
    )


def _aplay_words(stderr: str) -> str:
    """aplay's complaint in our words (its last line when we have none)."""
    low = stderr.lower()
    for needle, words in (
        ("unknown pcm", _("ALSA knows no device by that name")),
        ("cannot get card index", _("that card is not plugged in")),
        ("no such device", _("that card is not plugged in")),
        ("device or resource busy", _("another program plays to it")),
        ("permission denied", _("no permission (the audio group)")),
        ("channels count non available", _("it does not take mono sound: use its plughw: name")),
        ("sample format non available", _("it does not take 16-bit sound: use its plughw: name")),
    ):
        if needle in low:
            return words
    lines = [line.strip() for line in stderr.splitlines() if line.strip()]
    return lines[-1][-160:] if lines else _("aplay failed without a word")
