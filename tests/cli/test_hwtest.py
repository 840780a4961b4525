"""`companion hw-test` on the mock backend: scripted presses answer the prompts, a fake clock runs time."""

import io
import re

import pytest

from companion import cli
from companion.cli.hwtest import Options, auto_press, main, run
from companion.gamedata import config
from companion.hal import open_hardware
from companion.hal.clock import FakeClock
from companion.inputs import VButton

FAST = Options(timeout=2.0, step=0.01)


@pytest.fixture
def board():
    """A mock board on a fake clock, closed afterwards."""
    hw = open_hardware(config.default(), "mock", FakeClock())
    yield hw
    hw.close()


def _run(opts=FAST, prompt="auto", cfg=None):
    cfg = cfg or config.default()
    hw = open_hardware(cfg, "mock", FakeClock())
    out = io.StringIO()
    answer = auto_press(hw) if prompt == "auto" else prompt
    status = run(hw, cfg, opts, out, answer)
    hw.close()
    return status, out.getvalue(), hw


def test_hwtest_all_pressed_passes_with_status_0():
    status, text, _ = _run()
    assert status == 0
    assert text.rstrip().endswith("hw-test: PASS")


def test_hwtest_names_every_light_with_its_pixels():
    _, text, _ = _run()
    for light in config.LOGICAL_LIGHTS:
        assert f"light {light}" in text
    assert "district.B1  strip main, pixels 27-35 reversed: white, red, green, blue" in text


def test_hwtest_shows_white_red_green_blue_on_each_light_in_turn(board):
    cfg, hw = config.default(), board
    run(hw, cfg, Options(buttons=False, step=0.01), io.StringIO())
    frames = [f for f in hw.pixels.frames if f]
    assert frames[:4] == [{"district.A1": ((c,) * 3,) * 9} for c in (255,)] + [
        {"district.A1": (rgb,) * 9} for rgb in ((255, 0, 0), (0, 255, 0), (0, 0, 255))
    ]
    assert len(frames) == 4 * len(config.LOGICAL_LIGHTS)
    assert hw.pixels.wire[0]["main"][:9] == bytes(
        [0, 128, 0, 128, 0, 0, 0, 0, 128]
    )  # test pattern first (GRB)


def test_hwtest_prompts_for_each_button_with_its_pin_and_reports_the_press():
    _, text, _ = _run()
    assert "press NEXT (GPIO6)..." in text
    assert "press DISTRICT_C3 (GPIO5)..." in text
    assert "ok: GPIO6, held 0.15 s, 2 raw edges -> 1 press" in text


def test_hwtest_missed_button_fails_after_the_timeout_without_hanging(board):
    cfg, hw = config.default(), board
    skip = {VButton.UNDO}
    out = io.StringIO()
    status = run(
        hw, cfg, FAST, out, lambda b, now: None if b in skip else hw.buttons.press(b, now + 0.1, 0.1)
    )
    text = out.getvalue()
    assert status == 1
    assert re.search(r"^button undo +FAIL +GPIO26: no press within 2 s$", text, re.M)
    assert "hw-test: FAIL (1 failed)" in text


# One switch misbehaves, every other is pressed cleanly: (which, what it does, exit status, what is said).
ODD_SWITCHES = {
    "chattering": (
        VButton.CONFIRM,
        lambda buttons, b, now: buttons.chatter(b, now + 0.1, bounces=3, gap=0.002, duration=0.3),
        0,
        "ok: GPIO16, held 0.30 s, 14 raw edges -> 1 press (bouncy contact)",
    ),
    "stuck": (
        VButton.NEXT,
        lambda buttons, b, now: buttons.hold(b, now + 0.1),
        1,
        "held down but never released",
    ),
}


@pytest.mark.parametrize("case", sorted(ODD_SWITCHES))
def test_hwtest_says_what_is_odd_about_one_switch(board, case):
    """A chattering switch passes with its bounce count; a stuck one fails and says so."""
    odd, fault, status, said = ODD_SWITCHES[case]
    cfg, hw = config.default(), board

    def prompt(button, now):
        if button == odd:
            fault(hw.buttons, button, now)
        else:
            hw.buttons.press(button, now + 0.1, 0.1)

    out = io.StringIO()
    assert run(hw, cfg, FAST, out, prompt) == status
    assert said in out.getvalue()


def test_hwtest_wrong_button_is_named(board):
    cfg, hw = config.default(), board

    def prompt(button, now):
        if button == VButton.NEXT:
            hw.buttons.press(VButton.CONFIRM, now + 0.05, 0.05)  # miswired: NEXT's press shows up as CONFIRM
        hw.buttons.press(button, now + 0.2, 0.1)

    out = io.StringIO()
    run(hw, cfg, FAST, out, prompt)
    assert "other buttons pressed: CONFIRM (wired to the wrong pin?)" in out.getvalue()


def test_hwtest_lights_only_asks_for_no_button():
    status, text, _ = _run(Options(buttons=False, step=0.01), prompt=None)
    assert status == 0 and "press " not in text


def test_hwtest_buttons_only_lights_nothing():
    status, text, hw = _run(Options(lights=False, timeout=1.0))
    assert status == 0 and "light district" not in text
    assert len(hw.pixels.frames) == 0


def test_hwtest_reports_driver_pin_factory_and_reader():
    _, text, _ = _run()
    assert "LED driver: mock: 89 pixels on 1 strip(s)" in text
    assert "buttons: mock (scripted presses)" in text
    assert re.search(r"^reader +SKIP +reader.type = none$", text, re.M)


def test_hwtest_missing_strip_and_buttons_fail_without_waiting(tmp_path):
    cfg = config.default()
    from companion.hal.pi import SystemProbe

    clock = FakeClock()
    hw = open_hardware(
        cfg,
        "pi",
        clock,
        probe=SystemProbe(str(tmp_path)),
        importer=lambda name: (_ for _ in ()).throw(ImportError(name)),
    )
    out = io.StringIO()
    assert run(hw, cfg, Options(timeout=30.0), out) == 1
    text = out.getvalue()
    assert re.search(r"^LED driver +FAIL +LED strip not available: not a Raspberry Pi", text, re.M)
    assert "buttons: skipped" in text
    assert clock.now() < 1.0  # nothing waited for buttons that cannot be pressed


def test_hwtest_main_with_auto_on_mock_passes(capsys):
    assert main(["--backend", "mock", "--auto", "--step", "0.01", "--timeout", "1"]) == 0
    assert "hw-test: PASS" in capsys.readouterr().out


def test_hwtest_main_without_presses_fails_with_status_1(capsys):
    assert main(["--backend", "mock", "--buttons-only", "--timeout", "0.5"]) == 1
    assert "hw-test: FAIL (14 failed)" in capsys.readouterr().out


def test_hwtest_auto_refuses_real_hardware(capsys, tmp_path, monkeypatch):
    assert main(["--backend", "pi", "--auto"]) == 2
    assert "--auto needs the mock or sim backend" in capsys.readouterr().err


def test_hwtest_through_the_cli_with_a_bad_config_exits_2(tmp_path, capsys):
    bad = tmp_path / "bad.toml"
    bad.write_text('[buttons]\ndebounce_ms = "soon"\n')
    assert cli.main(["hw-test", "--backend", "mock", "--config", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "bad.toml:2" in err and "debounce_ms" in err


def test_hwtest_rejects_a_zero_timeout(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["--timeout", "0"])
    assert exc.value.code == 2


def test_hwtest_refuses_a_mock_that_auto_detection_fell_to(monkeypatch, tmp_path, capsys):
    """No board found (not a Pi, no display): hw-test says so and exits 2 instead of passing 17 mock
    lights; asked for, the mock runs (issue #36)."""
    monkeypatch.delenv("COMPANION_HAL", raising=False)
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.setenv("COMPANION_DEVICE_TREE", str(tmp_path / "not-a-pi"))
    assert cli.main(["hw-test", "--lights-only", "--step", "0.01"]) == 2
    err = capsys.readouterr().err
    assert "no board found (auto: not a Pi, no display)" in err and "--backend mock" in err
    assert cli.main(["hw-test", "--backend", "mock", "--lights-only", "--step", "0.01"]) == 0
    monkeypatch.setenv("COMPANION_HAL", "mock")
    assert cli.main(["hw-test", "--lights-only", "--step", "0.01"]) == 0


def test_hwtest_names_the_camera_its_frames_and_the_last_card_it_read(tmp_path):
    cv2 = pytest.importorskip("cv2")
    import numpy as np

    from companion.games.masters import sight
    from companion.vision import synth

    face = synth.face(synth.deck(1, seed=3)[0])
    photo = tmp_path / "card.png"
    cv2.imwrite(str(photo), synth.photo(face, np.random.default_rng(1), hard=False)[0])
    sight.teach_photos("I-03", [str(photo)])
    cfg = config.loads('[reader]\ntype = "camera"\n[camera]\ndevice = "usb:0"\n')
    hw = open_hardware(cfg, "mock", FakeClock())
    hw.reader.source.show(synth.photo(face, np.random.default_rng(2), hard=False)[0])  # a card on the spot
    out = io.StringIO()
    run(hw, cfg, Options(lights=False, buttons=False), out, None)
    hw.close()
    line = next(x for x in out.getvalue().splitlines() if x.startswith("reader:"))
    assert re.fullmatch(
        r"reader: mock camera \(usb:0\), 640x480, \d+ frames seen, last card read: Whispers at Mass: "
        r"open \(.*\)",
        line,
    ), line
    assert "baud" not in out.getvalue()
