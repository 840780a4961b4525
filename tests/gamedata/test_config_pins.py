"""[buttons.pins]: a partial table keeps the default pins, and a pin the build needs is refused with
file, line and button (companion/gamedata/pins.py, companion/gamedata/config.py)."""

import pytest

from companion import cli
from companion.errors import DataFileError
from companion.gamedata import config, pins

DEFAULT_PINS = config.default().buttons.pins


def _refusal(text: str) -> DataFileError:
    """The DataFileError config text gets."""
    with pytest.raises(DataFileError) as bad:
        config.loads(text, "/cfg/config.toml")
    return bad.value


def test_a_partial_pins_table_keeps_the_defaults_of_the_buttons_it_does_not_name():
    cfg = config.loads('[buttons.pins]\nnext = "GPIO4"\n')
    assert cfg.buttons.pins == {**DEFAULT_PINS, "next": "GPIO4"}
    assert config.kept_pins({"buttons": {"pins": {"next": "GPIO4"}}}) == tuple(
        b for b in DEFAULT_PINS if b != "next"
    )
    assert config.kept_pins({}) == tuple(DEFAULT_PINS)


def test_none_leaves_a_button_unwired_and_frees_its_pin():
    cfg = config.loads('[buttons.pins]\n"district.A1" = "none"\nnext = "GPIO17"\n')
    assert "district.A1" not in cfg.buttons.pins and cfg.buttons.pins["next"] == "GPIO17"


def test_config_check_says_which_buttons_kept_their_default_pins(tmp_path, capsys):
    path = tmp_path / "config.toml"
    path.write_text('[buttons.pins]\nnext = "GPIO4"\nundo = "GPIO26"\n')
    assert cli.main(["config", "--check", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"{path}: ok (17 lights, 14 buttons, reader none)"
    assert out[1].startswith(
        "12 buttons keep their default pins: veil_up GPIO2, veil_down GPIO3, district.A1 GPIO17"
    )
    assert "next" not in out[1] and "undo" not in out[1]
    path.write_text(config.DEFAULT_TOML)
    assert cli.main(["config", "--check", str(path)]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 1  # every button named: nothing kept


@pytest.mark.parametrize(
    ("extra", "pin", "words"),
    [
        ("", "GPIO12", "PWM audio needs GPIO12"),
        ("", "GPIO13", "PWM audio needs GPIO13"),
        ("", "GPIO20", "an audio HAT's I2S needs GPIO20"),
        ("", "GPIO10", "the LED strip's data pin (GPIO10) needs GPIO10"),
        ('[leds]\ndriver = "spi"\n', "GPIO11", "the LEDs' SPI0 (dtparam=spi=on) needs GPIO11"),
        ('[leds]\ndriver = "auto"\n', "GPIO9", "the LEDs' SPI0 (dtparam=spi=on) needs GPIO9"),
        (
            '[reader]\ntype = "pn532"\nport = "/dev/serial0"\n',
            "GPIO14",
            "the card reader's UART needs GPIO14",
        ),
        (
            '[reader]\ntype = "lines"\nport = "/dev/ttyAMA0"\n',
            "BOARD10",
            "the card reader's UART needs GPIO15",
        ),
        ("", "GPIO1", "is not a pin for a button: use GPIO2 .. GPIO27"),
        ("", "GPIO28", 'pin must be a gpiozero name such as "GPIO17"'),
        ("", "BOARD6", 'pin must be a gpiozero name such as "GPIO17"'),
        ("", "17", 'pin must be a gpiozero name such as "GPIO17"'),
    ],
)
def test_a_button_on_a_pin_it_may_not_take_names_file_line_and_button(extra, pin, words):
    text = f'{extra}[buttons.pins]\nconfirm = "{pin}"\n'
    err = _refusal(text)
    line = text.splitlines().index(f'confirm = "{pin}"') + 1
    assert (err.path, err.line, err.field) == ("/cfg/config.toml", line, "buttons.pins.confirm")
    assert words in err.message


@pytest.mark.parametrize(
    "text",
    [
        '[leds]\ndriver = "pwm"\n[buttons.pins]\nconfirm = "GPIO9"\n',  # no SPI driver: MISO is free
        '[reader]\ntype = "lines"\nport = "/dev/ttyUSB0"\n[buttons.pins]\nconfirm = "GPIO14"\n',  # a USB reader
        '[buttons.pins]\nconfirm = "GPIO15"\n',  # no reader at all
        '[buttons.pins]\nconfirm = "gpio4"\n',
    ],
)
def test_a_pin_nothing_needs_is_taken(text):
    assert config.loads(text).buttons.pins["confirm"] in ("GPIO9", "GPIO14", "GPIO15", "GPIO4")


def test_two_buttons_on_one_pin_are_refused_even_under_two_names_for_it():
    err = _refusal('[buttons.pins]\nnext = "GPIO4"\nconfirm = "BOARD7"\n')
    assert (err.line, err.field) == (
        3,
        "buttons.pins.confirm",
    ) and "BOARD7 is already used by 'next'" in err.message


def test_a_pin_a_default_button_keeps_says_so():
    err = _refusal('[buttons.pins]\nnext = "GPIO17"\n')
    assert (err.line, err.field) == (2, "buttons.pins.next")
    assert "already used by 'district.A1'" in err.message and "keeps its default pin" in err.message
    strip = _refusal('[[leds.strips]]\nname = "main"\npin = "GPIO17"\ncount = 89\n')
    assert strip.field == "buttons.pins.district.A1" and "its default pin" in strip.message


def test_a_quoted_dotted_button_points_at_its_own_line():
    err = _refusal('[buttons.pins]\nnext = "GPIO4"\n"district.B2" = "GPIO19"\n')
    assert (err.line, err.field) == (3, "buttons.pins.district.B2")


def test_pin_names_map_to_the_header():
    assert pins.gpio_of("GPIO17") == pins.gpio_of("BOARD11") == pins.gpio_of(" board11 ") == 17
    assert pins.gpio_of("BOARD1") is None and pins.gpio_of("GPIO40") is None and pins.gpio_of(17) is None
