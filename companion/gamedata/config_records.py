"""The user's config as records: one per section of config.toml (`Config` holds them all), with the
defaults a missing file means (companion/gamedata/config.py reads and checks a file into them).

The records are `Named` records (companion/records.py; `cfg._replace(...)` gives a changed copy):
every start imports this module before its first frame, and nine frozen dataclasses took ~7 ms of it.
"""

from collections.abc import Mapping
from types import MappingProxyType

from companion.records import Named

# What scanners print for our tags: one word of letters and digits with inner - _ . : (NFC UIDs in
# hex, also 04:A1:B2:..; QR/barcode labels such as II-04). Never matches a MicroPython prompt, banner
# or traceback line (they hold spaces, quotes, ">>>" or a trailing colon). Kept in DEFAULT_TOML too.
DEFAULT_TAG_PATTERN = "[A-Za-z0-9]([A-Za-z0-9_.:-]*[A-Za-z0-9])?"


class Strip(Named):
    """One physical LED chain on one data pin."""

    name: str
    pin: str
    count: int  # type: ignore[assignment]  # a record is a tuple: this field hides tuple.count


class LightMap(Named):
    """Where one logical light lives: `count` pixels from `start` on strip `strip`."""

    strip: str
    start: int
    count: int  # type: ignore[assignment]  # a record is a tuple: this field hides tuple.count
    reverse: bool = False


class LedConfig(Named):
    """LED driver, colour order and the output stage's limits."""

    driver: str = "auto"
    order: str = "GRB"
    brightness: float = 0.6
    gamma: float = 2.6
    budget_ma: int = 2500
    ma_per_channel: float = 20.0
    idle_ma_per_pixel: float = 1.0
    night_floor: float = 0.03
    strips: tuple[Strip, ...] = ()
    lights: Mapping[str, LightMap] = MappingProxyType({})  # logical name -> LightMap


class ButtonConfig(Named):
    """Debounce and long-press timing, and logical button -> GPIO pin name."""

    debounce_ms: int = 30
    long_press_ms: int = 800
    pins: Mapping[str, str] = MappingProxyType({})  # logical name -> "GPIO17"


class ReaderConfig(Named):
    """Card reader type and serial port (a pyserial URL); `tag_pattern` is what a line reader
    takes as a scanner's tag (the whole line must match it)."""

    type: str = "none"
    port: str = "/dev/serial0"
    baud: int = 115200
    repeat_window_s: float = 2.0
    tag_pattern: str = DEFAULT_TAG_PATTERN


class CameraConfig(Named):
    """The camera card reader (`reader.type = "camera"`): which camera, and where the grid is on the
    upright card (x0, y0, x1, y1 as fractions of its face; empty: not set, no grid read)."""

    device: str = "auto"
    grid_box: tuple = ()


class DisplayConfig(Named):
    """How the screen is opened."""

    mode: str = "auto"
    width: int = 800
    height: int = 480
    fps: int = 30


class SoundConfig(Named):
    """Cue volume, mute, and the ALSA device (a PCM name) cues and narration play to."""

    volume: float = 0.7
    mute: bool = False
    device: str = "default"


class GameConfig(Named):
    """Which game is offered first and how event cards come in."""

    default: str = "masters"
    deck: str = "digital"


class WebConfig(Named):
    """The phone view: on ("auto": with the Pi backend), where it listens (host, port), mDNS."""

    enabled: str = "auto"
    host: str = "0.0.0.0"
    port: int = 8080
    mdns: bool = True


class Config(Named):
    """The whole validated config. `source` is the file it came from (or "<defaults>")."""

    game: GameConfig
    hal: str
    display: DisplayConfig
    sound: SoundConfig
    leds: LedConfig
    buttons: ButtonConfig
    reader: ReaderConfig
    source: str = "<defaults>"
    language: str = "auto"  # "auto" (system locale) or a code from companion.i18n.LANGUAGES
    web: WebConfig = WebConfig()
    camera: CameraConfig = CameraConfig()
