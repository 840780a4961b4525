"""`[sound] device` (issue 24, point 4): the config names the ALSA output, and the mixer's cues (SDL's
ALSA driver, through AUDIODEV) and the narration (espeak-ng -d) both play to it, through the same
code path `companion run` builds. The SDL test opens real ALSA devices that make no sound: "null"."""

import argparse
import json
import subprocess
import sys

import pytest

from companion.cli import main as cli_main
from companion.errors import DataFileError
from companion.gamedata import config
from companion.narration.speech import Speaker
from companion.ui.sound import use_alsa_device
from tests.deploy.fakesys import REPO

# Opens Sounds on SDL's real ALSA driver in a fresh process (the test process's mixer is the dummy one).
_OPEN = """
import json, os, sys
from companion.ui.sound import Sounds
s = Sounds(device=sys.argv[1])
print(json.dumps({"open": s.open(), "AUDIODEV": os.environ.get("AUDIODEV")}))
s.close()
"""


def test_the_default_config_names_the_default_device_and_documents_it(capsys):
    assert config.default().sound.device == "default"
    assert cli_main(["config", "--default"]) == 0
    text = capsys.readouterr().out
    assert '\ndevice = "default"\n' in text.split("[sound]", 1)[1].split("[leds]", 1)[0]
    assert "aplay -L" in text


@pytest.mark.parametrize(
    "name",
    [
        "plughw:CARD=Device,DEV=0",
        "hdmi:CARD=vc4hdmi0,DEV=0",
        "sysdefault:CARD=Headphones",
        "hw:1,0",
        "null",
        "default",
    ],
)
def test_alsa_device_names_are_taken(name):
    assert config.loads(f'[sound]\ndevice = "{name}"\n', "c.toml").sound.device == name


@pytest.mark.parametrize(
    "value", ['"-D null"', '"plughw:CARD=My Card"', '""', "3", '"a;rm -rf /"', '"x "', f'"{"a" * 200}"']
)
def test_bad_device_names_name_file_line_and_field(value):
    with pytest.raises(DataFileError) as err:
        config.loads(f"[sound]\nvolume = 0.5\ndevice = {value}\n", "c.toml")
    assert err.value.line == 3 and err.value.field == "sound.device"


def test_config_check_refuses_a_bad_device_with_exit_2(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text('[sound]\ndevice = "plughw:CARD=My Card"\n')
    res = subprocess.run(
        [sys.executable, "-m", "companion", "config", "--check", str(path)],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=REPO,
    )
    assert res.returncode == 2 and f"{path}:2" in res.stderr and "sound.device" in res.stderr
    assert "Traceback" not in res.stderr and "aplay -L" in res.stderr


@pytest.mark.parametrize("device, opens", [("null", True), ("nosuchpcm", False)])
def test_sounds_open_the_configured_alsa_device_through_sdl(tmp_path, device, opens):
    env = {
        "PATH": "/usr/bin:/bin",
        "HOME": str(tmp_path),
        "SDL_AUDIODRIVER": "alsa",
        "PYGAME_HIDE_SUPPORT_PROMPT": "1",
        "PYTHONPATH": str(REPO),
    }
    res = subprocess.run(
        [sys.executable, "-c", _OPEN, device], capture_output=True, text=True, env=env, timeout=60
    )
    answer = json.loads(res.stdout.strip().splitlines()[-1])
    # SDL took the name from AUDIODEV: ALSA's "null" opens, a name ALSA does not know does not
    assert answer == {"open": opens, "AUDIODEV": device}


def test_the_default_device_leaves_audiodev_alone():
    env = {"AUDIODEV": "hw:9"}
    use_alsa_device("default", env)
    assert env == {"AUDIODEV": "hw:9"}
    use_alsa_device("plughw:CARD=Device,DEV=0", env)
    assert env == {"AUDIODEV": "plughw:CARD=Device,DEV=0"}


def test_the_narration_speaks_to_the_configured_device():
    found = lambda name: f"/usr/bin/{name}" if name == "espeak-ng" else None  # noqa: E731
    argv = Speaker(which=found, device="plughw:CARD=Device,DEV=0", voice="en").argv("Close your eyes")
    assert argv[-2:] == ["--", "Close your eyes"]
    assert argv[argv.index("-d") + 1] == "plughw:CARD=Device,DEV=0" and argv.index("-d") < argv.index("--")
    assert "-d" not in Speaker(which=found, voice="en").argv("x")  # "default": espeak-ng's own choice
    with pytest.raises(ValueError):
        Speaker(which=found, device="-w /tmp/x")


def test_companion_run_builds_cues_and_narration_for_the_configured_device(tmp_path, monkeypatch):
    """The table path of `companion run` (cli/run.py `_build_app`) hands `[sound] device` to both."""
    from companion.cli import run as launch
    from companion.hal import open_hardware

    espeak = tmp_path / "bin" / "espeak-ng"
    espeak.parent.mkdir()
    espeak.write_text("#!/bin/sh\n")
    espeak.chmod(0o755)
    monkeypatch.setenv("PATH", f"{espeak.parent}:/usr/bin:/bin")
    cfg = config.loads('[sound]\ndevice = "plughw:CARD=Device,DEV=0"\n', "c.toml")
    args = argparse.Namespace(new=True, ack=False, script=None, seed=1)
    with open_hardware(cfg, backend="mock") as hw:
        app = launch._build_app(args, cfg, hw, None, "headless", False, None, 0.0, None, {}, None, None)
        try:
            assert app.sounds.device == "plughw:CARD=Device,DEV=0"
            assert app.speak.__self__.device == "plughw:CARD=Device,DEV=0"
        finally:
            app.sounds.close()
