"""The fixed game data the engine reads: veil trackers, districts, vampires, event cards, relics.

Plain frozen dataclasses with no I/O: `companion.gamedata.loader` builds them from the TOML files (shipped
plus the user's taught overlay); tests build small ones by hand. Every record keeps `verified`
(the number or grid was checked against the printed component) and `source` ("shipped"/"taught").
"""

from __future__ import annotations

import re
from dataclasses import field
from enum import Enum
from typing import ClassVar

from companion.rules.base import POSITIONS, Record

STATION_POS = "A1"
STATION = "railway-station"
MUSEUM = "museum"
ACTS = ("I", "II", "III")
CARD_KEY = re.compile(r"^(I|II|III)-(0[1-9]|1[0-8])$")  # a card's key: its act and number, 18 cards per act
VAMPIRE_COUNTS = (2, 3, 4, 5)
# What a veil tracker can print: agents per grid cell, and the agent reserve (the box has 12 agents).
TRACKER_CELL_MAX = 6
TRACKER_RESERVE = (1, 12)


class Effect(str, Enum):
    """When a district's own effect works: at the start of the day, by night activation, or both."""

    DAY = "day"
    NIGHT = "night"
    BOTH = "both"

    @property
    def by_day(self) -> bool:
        """True when the effect triggers during the day phase."""
        return self in (Effect.DAY, Effect.BOTH)

    @property
    def by_night(self) -> bool:
        """True when a vampire can activate it at night."""
        return self in (Effect.NIGHT, Effect.BOTH)


class Band(str, Enum):
    """Which column of the veil tracker applies: veil 4-6 ("high") or veil 1-3 ("low")."""

    HIGH = "high"
    LOW = "low"

    @classmethod
    def of(cls, veil: int) -> Band:
        """The band for a veil value."""
        return cls.HIGH if veil >= 4 else cls.LOW


def grid_of(red: tuple[str, ...], blue: tuple[str, ...]) -> dict[str, str]:
    """An event card's city grid: position -> "red" or "blue", in grid order."""
    cells = {p: "red" for p in red} | {p: "blue" for p in blue}
    return {p: cells[p] for p in POSITIONS if p in cells}


class AgentNumbers(Record):
    """Agents per red cell and the blue-gray pair of numbers, for one deck and one veil band."""

    red: int
    blue: tuple[int, int]


class Tracker(Record):
    """The veil tracker side for one vampire count: the agent reserve and the numbers per deck/band."""

    vampires: int
    reserve: int
    numbers: tuple[tuple[str, str, AgentNumbers], ...]  # (act, band, numbers)
    verified: bool = False
    source: str = "shipped"

    def agents(self, act: str, band: Band) -> AgentNumbers:
        """The numbers printed for deck `act` at veil band `band`."""
        for a, b, nums in self.numbers:
            if a == act and b == band.value:
                return nums
        raise KeyError(f"tracker for {self.vampires} vampires has no numbers for deck {act} {band.value}")


class DistrictInfo(Record):
    """One district tile: its effect timing, night AP cost and our short note of what it does."""

    key: str
    name: str
    effect: Effect
    night_ap: int = 1
    note: str = ""
    verified: bool = False
    source: str = "shipped"


class VampireInfo(Record):
    """One vampire sheet: ability names, default costs and short notes."""

    name: str
    blood_ability: str
    blood_note: str = ""
    blood_cost: int = 1
    dark_ability: str = ""
    dark_note: str = ""
    dark_veil: int = 1
    combat_ability: bool = False  # Laszlo: his abilities work in any fight, day or night
    verified: bool = False
    source: str = "shipped"


class CardInfo(Record):
    """One event card slot: act, key ("II-07"), name, city grid (red and blue-gray cells)."""

    key: str
    act: str
    name: str
    red: tuple[str, ...] = ()
    blue: tuple[str, ...] = ()
    continuing: bool = False
    note: str = ""
    verified: bool = False
    source: str = "shipped"

    def grid(self) -> dict[str, str]:
        """Grid position -> "red" or "blue", in grid order."""
        return grid_of(self.red, self.blue)


class RelicInfo(Record):
    """One relic card: what it changes (as flags the engine understands) and its default costs."""

    key: str
    name: str
    note: str = ""
    max_blood: int = 0  # 0: no change; Pristine Blood raises the blood maximum to 6
    once_per_round: bool = False
    placeable: bool = False
    redirects_agents: bool = False  # Funerary Urn: new agents may appear in its district instead
    ap: int = 0
    blood: int = 0
    veil: int = 0
    verified: bool = False
    source: str = "shipped"


class MastersData(Record):
    """Everything the engine needs to know about the physical components."""

    trackers: tuple[Tracker, ...]
    districts: tuple[DistrictInfo, ...]
    vampires: tuple[VampireInfo, ...]
    cards: tuple[CardInfo, ...]
    relics: tuple[RelicInfo, ...]
    _index: dict = field(default_factory=dict, compare=False, repr=False, hash=False)
    # the fewest and most vampires at the table (the engine's player_range reads them, as in every game's
    # data): a rule of the game, the trackers' counts, not a number of the data files
    min_players: ClassVar[int] = VAMPIRE_COUNTS[0]
    max_players: ClassVar[int] = VAMPIRE_COUNTS[-1]

    def __post_init__(self) -> None:
        """Index the records by key once (the dict is private and never changes afterwards)."""
        idx = self._index
        idx["tracker"] = {t.vampires: t for t in self.trackers}
        idx["district"] = {d.key: d for d in self.districts}
        idx["vampire"] = {v.name: v for v in self.vampires}
        idx["card"] = {c.key: c for c in self.cards}
        idx["relic"] = {r.key: r for r in self.relics}

    def tracker(self, vampires: int) -> Tracker:
        """The tracker side for this many vampires."""
        return self._index["tracker"][vampires]

    def district(self, key: str) -> DistrictInfo:
        """A district tile by key."""
        return self._index["district"][key]

    def vampire(self, name: str) -> VampireInfo:
        """A vampire sheet by name."""
        return self._index["vampire"][name]

    def card(self, key: str) -> CardInfo | None:
        """An event card by key, or None if unknown."""
        return self._index["card"].get(key)

    def relic(self, key: str) -> RelicInfo | None:
        """A relic by key, or None if unknown."""
        return self._index["relic"].get(key)

    def has_vampire(self, name: str) -> bool:
        """True if `name` is one of the vampires."""
        return name in self._index["vampire"]

    def has_district(self, key: str) -> bool:
        """True if `key` is a district tile."""
        return key in self._index["district"]

    def cards_of(self, act: str) -> tuple[str, ...]:
        """Keys of the cards of one act, sorted."""
        return tuple(sorted(c.key for c in self.cards if c.act == act))
