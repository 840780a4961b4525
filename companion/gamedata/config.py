"""The user's config: TOML -> immutable records, validated with file:line:field errors.

`companion config` (companion/cli/config.py) prints the commented default or checks a file (exit 2
with file:line:field on the first problem). A missing user file means
the defaults. Code above the HAL sees logical names only (`district.A1`, `veil.3`, `next`), never a
pin number or a pixel index: this module is where those mappings live.

The records, one per section, are companion/gamedata/config_records.py's (re-exported here); this
module reads, merges and checks the file into them.
"""

import os
import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from companion import paths
from companion.errors import DataFileError, Text
from companion.gamedata import pins as pins_module
from companion.gamedata import tomlfile
from companion.gamedata.checks import Checks
from companion.gamedata.config_records import (  # re-exported: the HAL, the UI and the tests import them from here
    DEFAULT_TAG_PATTERN,
    ButtonConfig,
    CameraConfig,
    Config,
    DisplayConfig,
    GameConfig,
    LedConfig,
    LightMap,
    ReaderConfig,
    SoundConfig,
    Strip,
    WebConfig,
)
from companion.gamedata.config_text import DEFAULT_TOML
from companion.i18n import LANGUAGES, _
from companion.inputs import DISTRICTS, VButton
from companion.narration.words import refusal_text

LOGICAL_LIGHTS = (
    tuple(f"district.{d}" for d in DISTRICTS) + tuple(f"veil.{i}" for i in range(7)) + ("status",)
)
LED_DRIVERS = ("auto", "spi", "pwm", "pi5pio", "mock", "none")
COLOR_ORDERS = ("RGB", "RBG", "GRB", "GBR", "BRG", "BGR", "RGBW", "GRBW")
READERS = ("pn532", "lines", "camera", "none")
CAMERA_DEVICES = (
    "auto",
    "picamera",
    "usb",
    "mock",
)  # or usb:N, a V4L2 path (/dev/video0, /dev/v4l/by-id/...)
DISPLAY_MODES = ("auto", "fullscreen", "window", "headless")
HAL_BACKENDS = ("auto", "mock", "sim", "pi")
SIM_BOARD_RATIO = 0.6  # the simulated board's width beside the screen UI, as a share of the screen's height
# An ALSA PCM name as `aplay -L` prints them: a word, then ":" and comma-separated KEY=value or values.
ALSA_DEVICE = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.:,=-]{0,127}")


# DEFAULT_TOML's values as Python, the base every config is merged over: a start without a config
# file then needs no TOML parser at all (tomllib costs ~8 ms of a cold start). A test checks that
# parsing DEFAULT_TOML gives exactly this.
_MAIN = "main"
DEFAULTS: dict[str, Any] = {
    "language": "auto",
    "game": {"default": "masters", "deck": "digital"},
    "hal": {"backend": "auto"},
    "display": {"mode": "auto", "width": 800, "height": 480, "fps": 30},
    "sound": {"volume": 0.7, "mute": False, "device": "default"},
    "leds": {
        "driver": "auto",
        "order": "GRB",
        "brightness": 0.6,
        "gamma": 2.6,
        "budget_ma": 2500,
        "ma_per_channel": 20,
        "idle_ma_per_pixel": 1,
        "night_floor": 0.03,
        "strips": [{"name": _MAIN, "pin": "GPIO10", "count": 89}],
        "lights": {
            **{
                f"district.{d}": {
                    "strip": _MAIN,
                    "start": 9 * i,
                    "count": 9,
                    **({"reverse": True} if d[0] == "B" else {}),
                }
                for i, d in enumerate(DISTRICTS)
            },
            **{f"veil.{i}": {"strip": _MAIN, "start": 81 + i, "count": 1} for i in range(7)},
            "status": {"strip": _MAIN, "start": 88, "count": 1},
        },
    },
    "buttons": {
        "debounce_ms": 30,
        "long_press_ms": 800,
        "pins": {
            "veil_up": "GPIO2",
            "veil_down": "GPIO3",
            "district.A1": "GPIO17",
            "district.A2": "GPIO27",
            "district.A3": "GPIO22",
            "district.B1": "GPIO23",
            "district.B2": "GPIO24",
            "district.B3": "GPIO25",
            "district.C1": "GPIO8",
            "district.C2": "GPIO7",
            "district.C3": "GPIO5",
            "next": "GPIO6",
            "confirm": "GPIO16",
            "undo": "GPIO26",
        },
    },
    "reader": {
        "type": "none",
        "port": "/dev/serial0",
        "baud": 115200,
        "repeat_window_s": 2.0,
        "tag_pattern": DEFAULT_TAG_PATTERN,
    },
    "web": {"enabled": "auto", "listen": "0.0.0.0:8080", "mdns": True},
    "camera": {"device": "auto", "grid_box": []},
}


def load(path: str | Path | None = None) -> Config:
    """Load the user's config (or `path`) over the defaults; a bad file raises DataFileError."""
    if path is None:
        path = paths.config_file()
        try:
            if not Path(path).exists():
                return default()
        except PermissionError:  # an installed Pi's /etc/companion, before the login user joined its group
            raise DataFileError(path, None, None, paths.NO_ACCESS) from None
    user = tomlfile.load(path)
    return _build(user, str(path))


def default() -> Config:
    """The built-in defaults."""
    return _build(
        tomlfile.TomlDoc("<defaults>", DEFAULT_TOML, DEFAULTS), "<defaults>"
    )  # (DEFAULT_TOML names lines)


def choose_backend(
    explicit: str | None,
    configured: str = "auto",
    env: Mapping[str, str] | None = None,
    pi_present: Callable[[], bool] | None = None,
) -> tuple[str, str]:
    """(backend, why): which HAL backend runs: the argument, then COMPANION_HAL, then the config's
    `hal.backend`, then auto-detection (companion/hal/__init__.py tells the whole rule).

    `pi_present` answers "a Raspberry Pi (its device tree says so)?"; it is asked only when nothing
    names a backend. The HAL passes its probe (`companion.hal.choose_backend`); this module never
    imports the HAL, which reads this config."""
    env = os.environ if env is None else env
    for value, source in (
        (explicit, "--backend"),
        (env.get("COMPANION_HAL"), "COMPANION_HAL"),
        (configured, "hal.backend"),
    ):
        if value and value != "auto":
            name = "pi" if value == "real" else value
            if name not in HAL_BACKENDS:
                names = ", ".join(b for b in HAL_BACKENDS if b != "auto")
                raise ValueError(f"{source} must be one of {names} (or auto), got {value!r}")
            return name, f"{source} = {value}"
    if pi_present is not None and pi_present():
        return "pi", "auto: Raspberry Pi (device tree)"
    if env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"):
        return "sim", "auto: not a Pi, a display is available"
    return "mock", "auto: not a Pi, no display"


def panel_width(backend: str, config: Config) -> int:
    """Pixels of room backend `backend` wants beside the screen UI in a window (its HAL `Panel`'s
    width): the simulated board's for `sim`, none for the others. Here, with the backend's rule, so
    `companion run` knows it before the HAL loads and opens the window at its final size."""
    return int(config.display.height * SIM_BOARD_RATIO) if backend == "sim" else 0


def loads(text: str, path: str = "<string>") -> Config:
    """Validate config text (tests and `companion config --check`)."""
    return _build(tomlfile.loads(text, path), path)


def _build(doc: tomlfile.TomlDoc, source: str) -> Config:
    """Merge `doc` over the defaults and validate every field."""
    base = DEFAULTS
    data = doc.data
    v = Checks(doc)
    v.only_keys(
        "",
        data,
        ("language", "game", "hal", "display", "sound", "leds", "buttons", "reader", "web", "camera"),
    )
    language = v.choice("language", data.get("language", base["language"]), ("auto",) + LANGUAGES)

    def section(name: str) -> dict:
        sec = v.table(name, data.get(name, {}))
        merged = dict(base[name])
        merged.update(sec)
        return merged

    g = section("game")
    v.only_keys("game", g, ("default", "deck"))
    from companion.plugins import game_ids  # the games found (without loading them), not a copy

    shipped = g["default"] == base["game"]["default"]  # one of this package's own games: not looked for
    game = GameConfig(
        default=g["default"] if shipped else v.choice("game.default", g["default"], game_ids()),
        deck=v.choice("game.deck", g["deck"], ("digital", "physical")),
    )
    h = section("hal")
    v.only_keys("hal", h, ("backend",))
    hal = v.choice("hal.backend", h["backend"], HAL_BACKENDS)

    d = section("display")
    v.only_keys("display", d, ("mode", "width", "height", "fps"))
    display = DisplayConfig(
        mode=v.choice("display.mode", d["mode"], DISPLAY_MODES),
        width=v.integer("display.width", d["width"], 320, 7680),
        height=v.integer("display.height", d["height"], 240, 4320),
        fps=v.integer("display.fps", d["fps"], 5, 120),
    )
    s = section("sound")
    v.only_keys("sound", s, ("volume", "mute", "device"))
    sound = SoundConfig(
        volume=v.number("sound.volume", s["volume"], 0.0, 1.0),
        mute=v.boolean("sound.mute", s["mute"]),
        device=_alsa_device(v, s["device"]),
    )

    led_doc = section("leds")
    v.only_keys(
        "leds",
        led_doc,
        (
            "driver",
            "order",
            "brightness",
            "gamma",
            "budget_ma",
            "ma_per_channel",
            "idle_ma_per_pixel",
            "night_floor",
            "strips",
            "lights",
        ),
    )
    strips = _strips(v, doc, led_doc["strips"])
    lights = _lights(v, doc, led_doc["lights"], {s.name: s for s in strips})
    leds = LedConfig(
        driver=v.choice("leds.driver", led_doc["driver"], LED_DRIVERS),
        order=v.choice("leds.order", str(led_doc["order"]).upper(), COLOR_ORDERS),
        brightness=v.number("leds.brightness", led_doc["brightness"], 0.0, 1.0),
        gamma=v.number("leds.gamma", led_doc["gamma"], 1.0, 4.0),
        budget_ma=v.integer("leds.budget_ma", led_doc["budget_ma"], 50, 100_000),
        ma_per_channel=v.number("leds.ma_per_channel", led_doc["ma_per_channel"], 1.0, 100.0),
        idle_ma_per_pixel=v.number("leds.idle_ma_per_pixel", led_doc["idle_ma_per_pixel"], 0.0, 10.0),
        night_floor=v.number("leds.night_floor", led_doc["night_floor"], 0.0, 0.5),
        strips=strips,
        lights=lights,
    )
    r = section("reader")
    v.only_keys("reader", r, ("type", "port", "baud", "repeat_window_s", "tag_pattern"))
    reader = ReaderConfig(
        type=v.choice("reader.type", r["type"], READERS),
        port=v.text("reader.port", r["port"]),
        baud=v.integer("reader.baud", r["baud"], 1200, 4_000_000),
        repeat_window_s=v.number("reader.repeat_window_s", r["repeat_window_s"], 0.0, 60.0),
        tag_pattern=v.pattern("reader.tag_pattern", r["tag_pattern"]),
    )
    b = section("buttons")
    v.only_keys("buttons", b, ("debounce_ms", "long_press_ms", "pins"))
    buttons = ButtonConfig(
        debounce_ms=v.integer("buttons.debounce_ms", b["debounce_ms"], 0, 500),
        long_press_ms=v.integer("buttons.long_press_ms", b["long_press_ms"], 100, 10_000),
        pins=_button_pins(
            v,
            b["pins"],
            kept_pins(data),
            pins_module.needed_pins(
                (s.pin for s in strips),
                leds.driver,
                "none" if reader.type == "camera" else reader.type,
                reader.port,
            ),
        ),
    )
    return Config(
        game,
        hal,
        display,
        sound,
        leds,
        buttons,
        reader,
        source,
        language,
        _web(v, section("web")),
        _camera(v, section("camera")),
    )


def _camera(v: Checks, c: dict) -> CameraConfig:
    """The [camera] table: a device (auto, picamera, usb, usb:N or a /dev path), a grid box."""
    v.only_keys("camera", c, ("device", "grid_box"))
    device = v.text("camera.device", c["device"], 200)
    if device not in CAMERA_DEVICES and not re.fullmatch(r"usb:\d{1,2}|/dev/[A-Za-z0-9_./:-]+", device):
        raise v.error(
            "camera.device", f"must be auto, picamera, usb, usb:N, mock or a /dev path, got {device!r}"
        )
    box = v.kind("camera.grid_box", c["grid_box"], list)
    if box:
        if len(box) != 4 or not all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in box):
            raise v.error("camera.grid_box", "needs four fractions [x0, y0, x1, y1]")
        x0, y0, x1, y1 = (float(x) for x in box)
        if not (0 <= x0 < x1 <= 1 and 0 <= y0 < y1 <= 1):
            raise v.error("camera.grid_box", "needs 0 <= x0 < x1 <= 1 and 0 <= y0 < y1 <= 1")
        box = (x0, y0, x1, y1)
    return CameraConfig(device=device, grid_box=tuple(box))


def _web(v: Checks, w: dict) -> WebConfig:
    """Validate [web]: enabled auto|true|false, listen "[HOST:]PORT", mdns."""
    v.only_keys("web", w, ("enabled", "listen", "mdns"))
    raw = {True: "true", False: "false"}[w["enabled"]] if isinstance(w["enabled"], bool) else w["enabled"]
    enabled = v.choice("web.enabled", raw, ("auto", "true", "false"))
    from companion.gamedata.address import parse_bind

    try:
        host, port = parse_bind(v.text("web.listen", w["listen"]))
    except ValueError as exc:
        raise v.error("web.listen", str(exc)) from None
    return WebConfig(enabled, host, port, v.boolean("web.mdns", w["mdns"]))


def _alsa_device(v: Checks, value) -> str:
    """Validate [sound] device: one ALSA PCM name ("default", "plughw:CARD=Device,DEV=0", "hdmi:..."). It
    reaches SDL (AUDIODEV), espeak-ng (-d) and aplay (-D) as one argument, never through a shell; the
    pattern still refuses spaces, quotes and a leading "-" so no name can read as an option."""
    text = v.text("sound.device", value)
    if not ALSA_DEVICE.fullmatch(text):
        raise v.error(
            "sound.device",
            _(
                'must be an ALSA device name such as "default" or "plughw:CARD=Device,DEV=0" '
                "(`aplay -L` lists them), got {value!r}"
            ).format(value=text),
        )
    return text


def kept_pins(data: Mapping) -> tuple[str, ...]:
    """The buttons a config's data leaves on their default pins (it does not name them in
    [buttons.pins]): `companion config --check` says which."""
    named = data.get("buttons", {})
    named = named.get("pins", {}) if isinstance(named, dict) else {}
    return tuple(
        name for name in DEFAULTS["buttons"]["pins"] if not isinstance(named, dict) or name not in named
    )


def _button_pins(v: Checks, raw, kept: tuple[str, ...], needed: Mapping[int, Text]) -> dict:
    """[buttons.pins] over the default pins (`kept`: the buttons the file leaves on them): every pin
    one a button may take (companion/gamedata/pins.py), none taken twice; "none" leaves it unwired."""
    if not isinstance(raw, dict):
        raise v.error("buttons.pins", _('must be a table of logical button = "GPIOn"'))
    v.only_keys("buttons.pins", raw, sorted(vb.value for vb in VButton))
    merged = {**DEFAULTS["buttons"]["pins"], **raw}
    seen: dict[int, str] = {}
    pins = {}
    for name, pin in merged.items():
        field = f"buttons.pins.{name}"
        default = _(" (its default pin: name it in [buttons.pins] to move it)") if name in kept else ""
        if isinstance(pin, str) and pin.strip().lower() == pins_module.UNWIRED:
            continue
        problem = pins_module.button_problem(pin, needed)
        if problem is not None:
            raise v.error(field, refusal_text(problem) + default)
        gpio = pins_module.gpio_of(pin)
        assert gpio is not None  # button_problem refuses a pin that is not a GPIO
        if gpio in seen:
            other = seen[gpio]
            why = (
                _(' ({name} keeps its default pin: move it too, or set it to "none")').format(name=other)
                if other in kept
                else default
            )
            raise v.error(field, _("{pin} is already used by {name!r}").format(pin=pin, name=other) + why)
        seen[gpio] = name
        pins[name] = pin.strip().upper()
    return pins


def _strips(v: Checks, doc: tomlfile.TomlDoc, raw) -> tuple[Strip, ...]:
    """Validate [[leds.strips]]."""
    if not isinstance(raw, list) or not raw:
        raise doc.error("leds.strips", _("needs at least one [[leds.strips]] table"))
    out, names = [], set()
    for i, s in enumerate(raw):
        key = "leds.strips"
        if not isinstance(s, dict):
            raise doc.error(key, _("strip {n} must be a table").format(n=i + 1))
        v.only_keys(key, s, ("name", "pin", "count"))
        name = v.text(f"{key}.name", s.get("name", f"strip{i}"))
        if name in names:
            raise doc.error(f"{key}.name", _("strip name {name!r} used twice").format(name=name))
        names.add(name)
        out.append(
            Strip(
                name,
                v.text(f"{key}.pin", s.get("pin", "GPIO10")),
                v.integer(f"{key}.count", s.get("count", 0), 1, 2000),
            )
        )
    return tuple(out)


def _lights(v: Checks, doc: tomlfile.TomlDoc, raw, strips: dict) -> dict:
    """Validate [leds.lights]: every logical light mapped, inside its strip, no overlaps."""
    if not isinstance(raw, dict):
        raise doc.error("leds.lights", _("must be a table of logical light = { strip, start, count }"))
    v.only_keys("leds.lights", raw, LOGICAL_LIGHTS)
    out: dict[str, LightMap] = {}
    used: dict[tuple[str, int], str] = {}
    for name, m in raw.items():
        key = f"leds.lights.{name}"
        if not isinstance(m, dict):
            raise doc.error(key, _("must be { strip = ..., start = ..., count = ... }"))
        v.only_keys(key, m, ("strip", "start", "count", "reverse"))
        strip = v.text(f"{key}.strip", m.get("strip", next(iter(strips))))
        if strip not in strips:
            raise doc.error(key, _("no strip named {strip!r} in [[leds.strips]]").format(strip=strip))
        start = v.integer(f"{key}.start", m.get("start"), 0, 1999)
        count = v.integer(f"{key}.count", m.get("count", 1), 1, 500)
        if start + count > strips[strip].count:
            raise doc.error(
                key,
                _("pixels {first}..{last} run past the end of strip {strip!r} ({n} pixels)").format(
                    first=start, last=start + count - 1, strip=strip, n=strips[strip].count
                ),
            )
        for px in range(start, start + count):
            if (strip, px) in used:
                raise doc.error(
                    key,
                    _("pixel {px} of strip {strip!r} is already used by {name!r}").format(
                        px=px, strip=strip, name=used[(strip, px)]
                    ),
                )
            used[(strip, px)] = name
        out[name] = LightMap(strip, start, count, v.boolean(f"{key}.reverse", m.get("reverse", False)))
    return out
