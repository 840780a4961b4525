"""`companion doctor` plays a chime to the configured sound device (issue 24, point 4): `aplay -l`
lists its card, the chime plays through `aplay -D DEVICE`. On this PC a stand-in `aplay` on PATH
answers like the real one (its words copied from alsa-utils 1.2.8 on Debian 12); nothing plays."""

import sys
import wave

from companion.cli import doctor, doctor_sound
from companion.cli.doctor import Probe, Status
from tests.cli.test_doctor import FakeProbe, _by_name, _pi

USB = '[sound]\ndevice = "plughw:CARD=Device,DEV=0"\n'
PI_CARDS = ((0, "vc4hdmi0", "vc4-hdmi-0"), (2, "Device", "USB Audio Device"))
APLAY_L = """\
**** List of PLAYBACK Hardware Devices ****
card 0: vc4hdmi0 [vc4-hdmi-0], device 0: MAI PCM i2s-hifi-0 [MAI PCM i2s-hifi-0]
  Subdevices: 1/1
  Subdevice #0: subdevice #0
card 2: Device [USB Audio Device], device 0: USB Audio [USB Audio]
  Subdevices: 1/1
  Subdevice #0: subdevice #0
"""
# A stand-in aplay: `-l` prints $APLAY_L (or "no soundcards found"), `-q -D DEV -` keeps what it is
# sent in $OUT for DEV "null" or "plughw:CARD=Device,DEV=0" and refuses anything else as ALSA does.
FAKE_APLAY = """\
import os, sys
if sys.argv[1:] == ["-l"]:
    listing = os.environ.get("APLAY_L", "")
    if not listing:
        sys.stderr.write("aplay: device_list:274: no soundcards found...\\n")
    sys.stdout.write(listing)
    sys.exit(0)
assert sys.argv[1:4] == ["-q", "-D", sys.argv[3]] and sys.argv[4:] == ["-"], sys.argv
data = sys.stdin.buffer.read()
if sys.argv[3] not in ("null", "plughw:CARD=Device,DEV=0"):
    sys.stderr.write("ALSA lib pcm.c:2666:(snd_pcm_open_noupdate) Unknown PCM %s\\n" % sys.argv[3])
    sys.stderr.write("aplay: main:831: audio open error: No such file or directory\\n")
    sys.exit(1)
open(os.environ["OUT"], "wb").write(data)
"""


def _checks(probe):
    return _by_name(doctor.run_checks(probe))


def _fake_aplay(tmp_path):
    folder = tmp_path / "bin"
    folder.mkdir(exist_ok=True)
    (folder / "aplay").write_text(f"#!{sys.executable}\n{FAKE_APLAY}")
    (folder / "aplay").chmod(0o755)
    return folder


def test_a_chime_plays_to_the_configured_device(tmp_path, config_dir):
    (config_dir / "config.toml").write_text(USB)
    probe = FakeProbe(_pi(tmp_path / "root"), cards=PI_CARDS)
    check = _checks(probe)["sound.play"]
    assert check.status is Status.OK and check.detail.startswith(
        "a test chime played to plughw:CARD=Device,DEV=0"
    )
    assert probe.played_to == "plughw:CARD=Device,DEV=0"


def test_no_sound_card_at_all_fails_with_the_parts_that_give_one(tmp_path, config_dir):
    check = _checks(FakeProbe(_pi(tmp_path / "root"), cards=()))["sound.play"]  # a Pi 5 with a DSI screen
    assert check.status is Status.FAIL and "no sound card" in check.detail
    assert "USB sound adapter" in check.fix and "I2S amplifier" in check.fix


def test_a_device_naming_a_missing_card_fails_and_suggests_a_listed_one(tmp_path, config_dir):
    (config_dir / "config.toml").write_text(USB)
    probe = FakeProbe(_pi(tmp_path / "root"), cards=PI_CARDS[:1])  # the USB adapter is unplugged
    check = _checks(probe)["sound.play"]
    assert (
        check.status is Status.FAIL
        and "names card Device, which is not there (cards: 0:vc4hdmi0)" in check.detail
    )
    assert (
        'set device = "hdmi:CARD=vc4hdmi0,DEV=0" under [sound]' in check.fix
        and str(config_dir / "config.toml") in check.fix
    )
    assert probe.played_to is None  # nothing played to a card that is not there


def test_a_chime_that_does_not_play_fails(tmp_path, config_dir):
    check = _checks(FakeProbe(_pi(tmp_path / "root"), tone="another program plays to it"))["sound.play"]
    assert (
        check.status is Status.FAIL and "did not play to default: another program plays to it" in check.detail
    )
    assert "aplay -L" in check.fix


def test_no_chime_while_the_service_holds_the_device(tmp_path, config_dir):
    probe = FakeProbe(_pi(tmp_path / "root"), service=(True, "running"))
    check = _checks(probe)["sound.play"]
    assert (
        check.status is Status.OK
        and "the running service holds it" in check.detail
        and probe.played_to is None
    )


def test_without_aplay_doctor_says_how_to_get_it(tmp_path, config_dir):
    check = _checks(FakeProbe(_pi(tmp_path / "root"), cards=None))["sound.play"]
    assert check.status is Status.FAIL and check.fix == "sudo apt install alsa-utils"


def test_no_chime_on_a_pc(tmp_path, config_dir):
    probe = FakeProbe(tmp_path / "pc", groups=(), sdl=("x11", ""), env={})
    assert "sound.play" not in _checks(probe) and probe.played_to is None


def test_real_aplay_probe_lists_cards_and_plays_the_mixers_format(tmp_path, monkeypatch):
    out = tmp_path / "played.wav"
    probe = Probe(env={"PATH": str(_fake_aplay(tmp_path))})
    monkeypatch.setenv("OUT", str(out))
    monkeypatch.setenv("APLAY_L", APLAY_L)
    assert probe.aplay_cards() == ([(0, "vc4hdmi0", "vc4-hdmi-0"), (2, "Device", "USB Audio Device")], "")
    assert probe.play_tone("plughw:CARD=Device,DEV=0") == ""
    with wave.open(str(out)) as w:  # what the app's mixer opens: 22050 Hz, mono, 16-bit, about a second
        assert (w.getframerate(), w.getnchannels(), w.getsampwidth()) == (22050, 1, 2)
        assert 0.5 < w.getnframes() / 22050 < 2.0
    assert probe.play_tone("nosuchpcm") == "ALSA knows no device by that name"
    monkeypatch.setenv("APLAY_L", "")
    assert probe.aplay_cards() == ([], "")
    assert Probe(env={"PATH": str(tmp_path / "empty")}).aplay_cards() == (None, "aplay not found")


def test_real_probe_through_doctor_on_a_pi_root(tmp_path, config_dir, monkeypatch):
    (config_dir / "config.toml").write_text(USB)
    monkeypatch.setenv("OUT", str(tmp_path / "played.wav"))
    monkeypatch.setenv("APLAY_L", APLAY_L)

    class RealAplay(FakeProbe):
        aplay_cards, play_tone = Probe.aplay_cards, Probe.play_tone

    probe = RealAplay(_pi(tmp_path / "root"), env={"PATH": str(_fake_aplay(tmp_path))})
    assert _checks(probe)["sound.play"].status is Status.OK and (tmp_path / "played.wav").stat().st_size > 44
    (config_dir / "config.toml").write_text('[sound]\ndevice = "hw:7,0"\n')
    assert _checks(probe)["sound.play"].status is Status.FAIL  # card 7 is not listed


def test_aplay_words_are_ours():
    assert (
        doctor_sound._aplay_words(
            "ALSA lib confmisc.c:165:(snd_config_get_card) Cannot get card index for Device\n"
            "aplay: main:831: audio open error: No such device\n"
        )
        == "that card is not plugged in"
    )
    assert (
        doctor_sound._aplay_words("aplay: main:831: audio open error: Device or resource busy\n")
        == "another program plays to it"
    )
    assert doctor_sound._aplay_words("") == "aplay failed without a word"


def test_card_of_reads_alsa_names():
    assert doctor_sound.card_of("plughw:CARD=Device,DEV=0") == "Device"
    assert doctor_sound.card_of("hdmi:CARD=vc4hdmi0,DEV=0") == "vc4hdmi0"
    assert doctor_sound.card_of("hw:1,0") == "1" and doctor_sound.card_of("plughw:2") == "2"
    assert doctor_sound.card_of("default") is None and doctor_sound.card_of("null") is None
