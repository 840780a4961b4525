"""Virtual buttons: every input (GPIO button, touch, mouse, keyboard, card reader) becomes one of these
before any logic sees it (the Tuxemon `platform/events.py` idea); and what is accepted of what people
type: tag ids, names (the rule is companion/rules/names.py) and numbers (`whole_number`).

Nothing here imports pygame or gpiozero: the HAL and the UI translate into these plain values.
"""

import re
from dataclasses import FrozenInstanceError
from enum import Enum

from companion.records import Named
from companion.rules import POSITIONS
from companion.rules.names import MAX_NAME  # noqa: F401  (the longest name typed at the table; the rule is there)

DISTRICTS = POSITIONS  # the 3x3 grid, A (top) to C, 1 (left) to 3: one list for the whole app
MAX_TAG = 64  # longest tag id (a QR/barcode payload) a reader passes on and a table can register
MAX_ID = 2**63 - 1  # SQLite's INTEGER: the largest game id, step or count a journal can hold or be asked for
_DIGITS = re.compile(r"-?[0-9]+")  # ASCII digits only (`re`'s \d would take other scripts' digits too)


def whole_number(text: str) -> int:
    """`text` as a whole number when it is written in ASCII digits (after a minus, if negative) and
    nothing else; ValueError otherwise. Python's `int()` also takes "1_0" (10), " 1", "+1" and other
    scripts' digits ("١"), so a typo could name another game than the one meant; here a number is
    what it looks like. Leading zeros are fine ("007" is 7); the caller checks the range (ids: 1 to
    `MAX_ID`, so "-5" is told the range, not that it is no number)."""
    if not isinstance(text, str) or _DIGITS.fullmatch(text) is None or len(text) > 100:
        raise ValueError(text)
    return int(text)


class VButton(str, Enum):
    """A logical button. The value is the logical name used in the config's [buttons] table."""

    NEXT = "next"
    CONFIRM = "confirm"
    UNDO = "undo"
    BACK = "back"
    VEIL_UP = "veil_up"
    VEIL_DOWN = "veil_down"
    MENU = "menu"
    DISTRICT_A1 = "district.A1"
    DISTRICT_A2 = "district.A2"
    DISTRICT_A3 = "district.A3"
    DISTRICT_B1 = "district.B1"
    DISTRICT_B2 = "district.B2"
    DISTRICT_B3 = "district.B3"
    DISTRICT_C1 = "district.C1"
    DISTRICT_C2 = "district.C2"
    DISTRICT_C3 = "district.C3"

    @property
    def district(self) -> str | None:
        """The grid position (`"B2"`) of a district button, else None."""
        return self.value.split(".", 1)[1] if self.value.startswith("district.") else None

    @classmethod
    def for_district(cls, pos: str) -> "VButton":
        """The district button for grid position `pos` (`"A1"`..`"C3"`)."""
        return cls(f"district.{pos}")


class Press(str, Enum):
    """What happened to a button: a short press (on release), a long press (held), or raw edges."""

    DOWN = "down"
    UP = "up"
    SHORT = "short"
    LONG = "long"


class _Record:
    """An immutable record that is not a tuple: equal (and hashed) by its class and `_fields`, shown
    as `Name(field=value, ...)`, as a frozen dataclass is. Written out because every start makes these
    classes and a frozen dataclass costs ~0.25 ms to generate."""

    __slots__ = ()
    _fields: tuple = ()

    def _values(self) -> tuple:
        return tuple(getattr(self, name) for name in self._fields)

    def __eq__(self, other: object) -> bool:
        return self._values() == other._values() if other.__class__ is self.__class__ else NotImplemented

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._fields)
        return f"{type(self).__qualname__}({shown})"

    def __setattr__(self, name: str, value) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")


class ButtonEvent(_Record):
    """One virtual-button event at time `t` (seconds on the app clock). Not a tuple, so it never
    equals a touch (`companion.ui.input_map.WidgetPress`, a `Named` record of the same shape)."""

    __slots__ = _fields = ("button", "kind", "t", "source")  # source: gpio | key | touch | sim

    def __init__(self, button: VButton, kind: Press, t: float, source: str = "gpio"):
        for name, value in zip(self._fields, (button, kind, t, source)):
            object.__setattr__(self, name, value)


class CardRead(Named):
    """A tag id read by a card reader (NFC UID in upper-case hex, or a QR/barcode payload of at most
    `MAX_TAG` printable characters)."""

    tag: str
    t: float
    reader: str = "reader"
    grid: tuple | None = None  # a camera's read of the card's grid: ((red cells), (blue-gray cells))
    near: str | None = None  # a camera's: the taught card's tag it looks like, but for its grid


class DeviceStatus(_Record):
    """A piece of hardware came or went: `part` is leds|buttons|reader|screen, `ok` its state. Not a
    tuple: the banners (companion/ui/table.py) read a tuple as an (ok, why) pair."""

    __slots__ = _fields = ("part", "ok", "why", "t")

    def __init__(self, part: str, ok: bool, why: str, t: float):
        for name, value in zip(self._fields, (part, ok, why, t)):
            object.__setattr__(self, name, value)
