"""hardware/: the generated wiring diagram is up to date and the docs match the default config."""

import importlib.util
import re
import tomllib
import xml.etree.ElementTree as ET

import pytest

from companion.errors import DataFileError
from companion.gamedata import config
from tests.deploy.fakesys import REPO

HW = REPO / "hardware"


@pytest.fixture(scope="module")
def wiring():
    """hardware/wiring.py loaded as a module (hardware/ is not a package)."""
    spec = importlib.util.spec_from_file_location("nightwatch_wiring", HW / "wiring.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _spec():
    """hardware/wiring.toml."""
    return tomllib.loads((HW / "wiring.toml").read_text(encoding="utf-8"))


def test_wiring_regenerates_identical_svg(wiring, tmp_path):
    out = tmp_path / "wiring.svg"
    assert wiring.main([str(HW / "wiring.toml"), str(out)]) == 0
    assert out.read_text(encoding="utf-8") == (HW / "wiring.svg").read_text(encoding="utf-8")
    assert wiring.main(["--check"]) == 0


def test_wiring_check_notices_a_stale_svg(wiring, tmp_path, capsys):
    stale = tmp_path / "wiring.svg"
    stale.write_text("<svg/>")
    assert wiring.main(["--check", str(HW / "wiring.toml"), str(stale)]) == 1
    assert "STALE" in capsys.readouterr().out


def test_wiring_svg_is_well_formed_and_labelled():
    root = ET.parse(HW / "wiring.svg").getroot()
    texts = " ".join(t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}text"))
    for word in (
        "74AHCT125",
        "WS2812B chain, 89 pixels",
        "PN532",
        "GPIO10 SPI MOSI",
        "veil_down  GPIO3 (pin 5)",
        "gives up I2C on GPIO2/3",
    ):
        assert word in texts


def test_wiring_buttons_match_default_config():
    buttons = {b["name"]: b["gpio"] for b in _spec()["buttons"]}
    assert buttons == config.default().buttons.pins


def test_wiring_led_data_pin_and_count_match_default_config(wiring):
    spec, cfg = _spec(), config.default()
    data = next(w for w in spec["wires"] if w["to"] == "shifter.1A")
    pin = int(data["from"].removeprefix("pi."))
    assert wiring.pin_name(pin) == cfg.leds.strips[0].pin == "GPIO10"
    leds = next(p for p in spec["parts"] if p["id"] == "leds")
    assert f"{cfg.leds.strips[0].count} pixels" in leds["label"]


@pytest.mark.parametrize(
    "revision", ["a02082", "c03111", "c04170", "902120"], ids=["Pi 3B", "Pi 4B", "Pi 5", "Zero 2 W"]
)
def test_wiring_header_map_is_the_real_pinout(wiring, revision):
    """Every physical pin of the drawing and of the config's pin rules is what gpiozero's own board
    data says it is, on each board the build supports."""
    from gpiozero.pins.mock import MockFactory

    from companion.gamedata import pins

    board = MockFactory(revision=revision).board_info
    real = {}
    for pin in range(1, 41):
        try:
            real[pin] = int(board.to_gpio(f"BOARD{pin}").removeprefix("GPIO"))
        except Exception:  # a power or ground pin
            continue
    assert real == wiring.PIN_TO_GPIO == pins.PIN_TO_GPIO
    assert (
        wiring.gpio_pin("GPIO10") == 19 and wiring.gpio_pin("GPIO14") == 8 and wiring.gpio_pin("GPIO21") == 40
    )
    assert len(set(wiring.GPIO_TO_PIN.values())) == 28  # GPIO0..27, each on its own pin
    assert not set(wiring.GPIO_TO_PIN.values()) & set(wiring.POWER_PINS)
    assert {p for p, what in wiring.POWER_PINS.items() if what == "GND"} == {
        p for p in range(1, 41) if p not in real
    } - {1, 2, 4, 17}


def _readme_button_rows() -> dict[str, tuple[str, int, str]]:
    """hardware/README.md's button table: name -> (GPIO, header pin, what the pin gives up)."""
    text = (HW / "README.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| ([\w.]+) \| (GPIO\d+) \| (\d+) \| ([^|]+) \|$", text, flags=re.M)
    return {name: (gpio, int(pin), gives_up.strip()) for name, gpio, pin, gives_up in rows}


def test_readme_pinout_tables_match_default_config(wiring):
    rows = _readme_button_rows()
    assert {name: gpio for name, (gpio, _pin, _gives) in rows.items()} == config.default().buttons.pins
    for gpio, pin, _gives in rows.values():
        assert wiring.gpio_pin(gpio) == pin
    assert "| LED data (SPI MOSI) | GPIO10 | 19 |" in (HW / "README.md").read_text(encoding="utf-8")


# What each reserved pin serves; a default button there must name it in the docs.
RESERVED = {
    **{n: "I2S" for n in (18, 19, 20, 21)},
    12: "PWM audio",
    13: "PWM audio",
    7: "SPI0 CE",
    8: "SPI0 CE",
    **{n: "SPI0" for n in range(9, 12)},
    14: "UART",
    15: "UART",
    2: "I2C",
    3: "I2C",
}
# The pins the default build itself needs: sound (PWM audio, I2S), SPI0's MOSI/SCLK/MISO, the UART.
NEEDED = {9, 10, 11, 12, 13, 14, 15, 18, 19, 20, 21}


def test_default_buttons_avoid_reserved_pins_or_say_what_they_give_up():
    rows, spec = _readme_button_rows(), {b["name"]: b for b in _spec()["buttons"]}
    for name, gpio in config.default().buttons.pins.items():
        feature = RESERVED.get(int(gpio.removeprefix("GPIO")))
        if feature is None:
            assert rows[name][2] == "nothing", f"{name} on {gpio} gives nothing up: say 'nothing'"
            continue
        assert feature in rows[name][2], (
            f"{name} on {gpio} takes a {feature} pin: hardware/README.md must say so"
        )
        assert feature in spec[name].get("gives_up", ""), f"{name} on {gpio}: wiring.toml must name {feature}"


def test_reserved_pin_tables_agree(wiring):
    from companion.gamedata import pins

    assert {n: f for n, f in wiring.RESERVED.items() if n > 1} == RESERVED
    assert wiring.NEEDED - {0, 1} == NEEDED == set(pins.AUDIO) | set(pins.SPI0) | set(pins.UART)


def test_default_map_keeps_every_button_off_the_pins_the_build_needs():
    """No default button on sound (PWM audio, I2S), SPI0 in use, the UART or GPIO0/1; each on its own
    pin; and the default config itself obeys the rule the config checks every file by (its reader
    on the UART and the SPI LED driver included)."""
    from companion.gamedata import pins

    defaults = config.default()
    gpios = [pins.gpio_of(pin) for pin in defaults.buttons.pins.values()]
    assert len(gpios) == 14 and len(set(gpios)) == 14
    assert all(2 <= g <= 27 for g in gpios) and not set(gpios) & NEEDED
    on_uart = config.DEFAULT_TOML.replace('type = "none"', 'type = "pn532"').replace(
        'driver = "auto"', 'driver = "spi"'
    )
    assert config.loads(on_uart).buttons.pins == defaults.buttons.pins
    spare = set(pins.BUTTON_GPIOS) - set(gpios) - NEEDED - {7, 8, 2, 3}
    assert spare == {4}  # the one free pin left, as hardware/README.md says


@pytest.mark.parametrize("gpio", [12, 13, 18, 19, 20, 21])
def test_config_refuses_a_button_on_an_audio_pin_with_file_line_and_field(gpio):
    text = config.DEFAULT_TOML.replace('undo = "GPIO26"', f'undo = "GPIO{gpio}"')
    with pytest.raises(DataFileError) as bad:
        config.loads(text, "/etc/companion/config.toml")
    line = text.splitlines().index(f'undo = "GPIO{gpio}"') + 1
    assert str(bad.value).startswith(
        f"/etc/companion/config.toml:{line}: [buttons.pins.undo] GPIO{gpio} is taken: "
    )
    assert "audio" in bad.value.message or "I2S" in bad.value.message


@pytest.mark.parametrize(
    "old, new, said",
    [
        (
            'gpio = "GPIO3"\ngives_up = "I2C on GPIO2/3"',
            'gpio = "GPIO3"',
            "veil_down on GPIO3 (I2C) must say gives_up",
        ),
        (
            'gpio = "GPIO26"',
            'gpio = "GPIO19"\ngives_up = "I2S"',
            "undo on GPIO19 (I2S): the build needs this pin",
        ),
    ],
    ids=["a reserved pin that does not say what it gives up", "a pin the build needs, whatever it says"],
)
def test_wiring_refuses_a_button_on_a_pin_it_may_not_take(wiring, tmp_path, capsys, old, new, said):
    text = (HW / "wiring.toml").read_text(encoding="utf-8")
    assert old in text  # the edit below changes the real file's button
    (tmp_path / "wiring.toml").write_text(text.replace(old, new), encoding="utf-8")
    assert wiring.main([str(tmp_path / "wiring.toml"), str(tmp_path / "wiring.svg")]) == 2
    assert said in capsys.readouterr().out
    assert not (tmp_path / "wiring.svg").exists()


def test_readme_power_budget_matches_config():
    text = (HW / "README.md").read_text(encoding="utf-8")
    cfg = config.default()
    count = cfg.leds.strips[0].count
    assert f"{count} × 60 mA = **{count * 60 / 1000:.1f} A**" in text
    assert f"`leds.budget_ma = {cfg.leds.budget_ma}`" in text
    assert "written against docs, tested with fakes, not yet run on a Pi" in text


def test_parts_list_gives_each_board_a_display_it_can_drive():
    text = (HW / "README.md").read_text(encoding="utf-8")
    rows = {
        board: next(line for line in text.splitlines() if line.startswith(f"| display, **{board}**"))
        for board in ("Pi 4", "Pi 5", "Zero 2 W")
    }
    assert "DSI" in rows["Pi 4"] and "ribbon" in rows["Pi 4"]
    assert "DSI" in rows["Pi 5"] and "22-way to 15-way" in rows["Pi 5"]
    zero = rows["Zero 2 W"]
    assert "HDMI panel" in zero and "mini-HDMI" in zero and "no DSI connector" in zero
    displays = [
        line for line in text.splitlines() if line.startswith("| ") and "display" in line.split("|")[1]
    ]
    assert all(line in rows.values() for line in displays if "DSI" in line.split("|")[1])


def test_every_default_button_pin_opens_on_gpiozero_and_gives_its_button():
    """GPIO3 carries a fixed 1.8 kOhm pull-up (gpiozero knows it): the pull-up the buttons ask for
    must be accepted there like everywhere else, and each pin must report its own button."""
    from gpiozero.pins.mock import MockFactory

    from companion.hal.clock import FakeClock
    from companion.hal.pi import GpioButtons
    from companion.inputs import Press, VButton

    cfg, factory, clock = config.default().buttons, MockFactory(), FakeClock(100.0)
    buttons = GpioButtons(cfg, clock, pin_factory=factory)
    try:
        assert buttons.status[0], buttons.status
        for name, gpio in cfg.pins.items():
            pin = factory.pin(gpio)
            clock.advance(1.0)
            pin.drive_low()
            clock.advance(0.2)
            pin.drive_high()
            shorts = [e.button for e in buttons.poll(clock.advance(1.0)) if e.kind is Press.SHORT]
            assert shorts == [VButton(name)], f"{name} on {gpio}"
    finally:
        buttons.close()
