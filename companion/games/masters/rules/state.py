"""The game state: small frozen dataclasses with tuples, changed only through `evolve` (a fast replace).

A state is a value: the engine returns new ones, so undo, replay and previews cost nothing. The JSON
form is the documented contract (the game's README.md); `to_json`/`from_json` are in snapshot.py.
"""

from __future__ import annotations

from enum import Enum

from companion.games.masters.rules.data import POSITIONS, grid_of
from companion.rules.base import Record


class Phase(str, Enum):
    """The half of the round being played, or the end of the game."""

    DAY = "day"
    NIGHT = "night"
    OVER = "over"


class Step(str, Enum):
    """Where inside a phase the game waits for the table."""

    DAY_EFFECTS = "day-effects"
    PLACE_AGENTS = "place-agents"
    CARD_EFFECT = "card-effect"
    HUNT = "hunt"
    TURN = "turn"
    COMBAT = "combat"
    OVER = "over"


class Outcome(str, Enum):
    """How a game ended."""

    VICTORY = "victory"
    DEFEAT_VEIL = "defeat-veil"
    DEFEAT_DECK = "defeat-deck"


class DeckMode(str, Enum):
    """Who shuffles the event deck: the companion (digital) or the table (physical, cards named)."""

    DIGITAL = "digital"
    PHYSICAL = "physical"


VEIL_MAX = 6
BLOOD_MAX = 4
# who decides which grid cells go short when the agent reserve cannot cover an event card
SHORT_LEADER = "leader"  # the leading vampire chooses (the rule)
SHORT_GRID = "grid"  # red cells first, then blue-gray, in the card's order (journals from before the rule)
# The engine's rules version. A game keeps the version it began with, so a journal replays as it was
# played. 1: games journaled before versions were written down (an ability's blood cost that drains
# the fighter ends his part in the fight at once). 2: the ability fully resolves first (the die he
# picked counts), and a short agent reserve is the leader's choice unless the setup says otherwise.
RULES_VERSION = 2


def evolve(obj, **changes):
    """A copy of a frozen state dataclass with some fields changed (a fast `dataclasses.replace`).

    `dataclasses.replace` re-runs `__init__` over every field, which dominated the engine's time; our
    state classes have no `__post_init__`, so copying the instance dict is equivalent and ~10x faster.
    """
    new = object.__new__(type(obj))
    new.__dict__.update(obj.__dict__)
    new.__dict__.update(changes)
    return new


class District(Record):
    """One grid position: the tile lying there and the tokens on it."""

    pos: str
    key: str
    agents_hidden: int = 0
    agents_exposed: int = 0
    minions: int = 0
    sigil: str | None = None
    relics: tuple[str, ...] = ()
    cards: tuple[str, ...] = ()

    @property
    def agents(self) -> int:
        """All agents here, hidden and exposed."""
        return self.agents_hidden + self.agents_exposed


class Vampire(Record):
    """One vampire: where it is, its sheet (blood, kills, relics) and its action points."""

    name: str
    district: str
    blood: int = 4
    kills: int = 0
    ap: int = 0
    base_ap: int = 2
    relics: tuple[str, ...] = ()
    sigil_placed: bool = False
    cards: tuple[str, ...] = ()

    @property
    def drained(self) -> bool:
        """A vampire with no blood left is drained."""
        return self.blood == 0


class Reserve(Record):
    """The token reserve next to the board: the only supply of agents, minions and blood."""

    agents: int = 0
    minions: int = 0
    blood: int = 0


class Card(Record):
    """The event card being resolved: its grid, the tracker numbers used and where agents went."""

    key: str
    name: str
    act: str
    red: tuple[str, ...]
    blue: tuple[str, ...]
    red_agents: int
    blue_agents: tuple[int, int]
    continuing: bool = False
    placements: tuple[tuple[str, int], ...] = ()
    placed: bool = False

    def grid(self) -> dict[str, str]:
        """Grid position -> "red"/"blue"."""
        return grid_of(self.red, self.blue)

    @property
    def needs_split(self) -> bool:
        """True when the blue-gray numbers differ and the players choose which cell gets which."""
        return len(self.blue) == 2 and self.blue_agents[0] != self.blue_agents[1]


class Combat(Record):
    """A fight in progress. `dice_left` counts the dice still to use; `kills` is this fight's tally."""

    district: str
    day: bool
    fighter: str
    first_fighter: str
    dice_left: int
    back: Step
    kills: tuple[tuple[str, int], ...] = ()
    started: bool = False  # a die has been used: no more minion sacrifices
    # the fighter paid an ability for the die he picked: that die is used before a drain by the
    # cost takes effect (rules version 2)
    ability_paid: bool = False


class MastersState(Record):
    """Everything that changes during a game of Masters of the Night."""

    round: int
    phase: Phase
    step: Step
    veil: int
    leading: str
    order: tuple[str, ...]
    districts: tuple[District, ...]  # in POSITIONS order
    vampires: tuple[Vampire, ...]  # in seating (clockwise) order
    reserve: Reserve
    dice: tuple[int, ...]
    dice_used: tuple[int, ...] = ()
    turn: str | None = None
    outcome: Outcome | None = None
    deck_mode: DeckMode = DeckMode.DIGITAL
    deck: tuple[str, ...] = ()  # digital: card keys, top first; physical: empty
    deck_acts: tuple[str, ...] = ()  # the act of every remaining card, top first
    drawn: tuple[str, ...] = ()
    card: Card | None = None
    day_resolved: tuple[str, ...] = ()
    hunted: tuple[str, ...] = ()
    combat: Combat | None = None
    veil_districts: tuple[str, ...] = ()
    veil_missing: int = 0
    veil_text: int = 0
    relic_deck: tuple[str, ...] = ()
    relics_discarded: tuple[str, ...] = ()
    relics_used: tuple[str, ...] = ()
    seed: int = 0
    draws: int = 0
    short_agents: str = SHORT_LEADER
    rules_version: int = RULES_VERSION

    # -- lookups (cheap: 9 districts, at most 5 vampires) ------------------------------------------
    def at(self, pos: str) -> District:
        """The district at grid position `pos`."""
        return self.districts[POSITIONS.index(pos)]

    def vampire(self, name: str) -> Vampire:
        """The vampire called `name`."""
        return self.vampires[self.order.index(name)]

    def vampires_in(self, pos: str) -> tuple[Vampire, ...]:
        """Vampires standing in `pos`, in seating order."""
        return tuple(v for v in self.vampires if v.district == pos)

    @property
    def veil_pending(self) -> int:
        """Veil decreases waiting for the end of the event card."""
        return len(self.veil_districts) + self.veil_missing + self.veil_text

    # -- updates ------------------------------------------------------------------------------------
    def with_district(self, d: District) -> MastersState:
        """This state with one district replaced."""
        i = POSITIONS.index(d.pos)
        return evolve(self, districts=self.districts[:i] + (d,) + self.districts[i + 1 :])

    def with_vampire(self, v: Vampire) -> MastersState:
        """This state with one vampire replaced."""
        i = self.order.index(v.name)
        return evolve(self, vampires=self.vampires[:i] + (v,) + self.vampires[i + 1 :])
