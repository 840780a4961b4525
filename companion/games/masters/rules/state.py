"""The game state: small frozen dataclasses with tuples, changed only through `evolve` (a fast replace).

A state is a value: the engine returns new ones, so undo, replay and previews cost nothing. The JSON
form is the documented contract (the game's README.md); `to_json`/`from_json` live here too.
"""

from __future__ import annotations

from enum import Enum
from typing import Any, Mapping

from companion.rules.base import Record
from companion.games.masters.rules.data import POSITIONS, MastersData, grid_of


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
    def with_district(self, d: District) -> "MastersState":
        """This state with one district replaced."""
        i = POSITIONS.index(d.pos)
        return evolve(self, districts=self.districts[:i] + (d,) + self.districts[i + 1 :])

    def with_vampire(self, v: Vampire) -> "MastersState":
        """This state with one vampire replaced."""
        i = self.order.index(v.name)
        return evolve(self, vampires=self.vampires[:i] + (v,) + self.vampires[i + 1 :])


def to_json(data: MastersData, s: MastersState) -> dict[str, Any]:
    """The state as the documented JSON object (derived keys included for the screens)."""
    from companion.games.masters.rules import board, limits  # local: both import this module

    out = {
        "game": "masters",
        "round": s.round,
        "phase": s.phase.value,
        "step": s.step.value,
        "veil": s.veil,
        "outcome": s.outcome.value if s.outcome else None,
        "leading": s.leading,
        "order": list(s.order),
        "turn": s.turn,
        "districts": {d.pos: _district_json(data, d) for d in s.districts},
        "vampires": {v.name: _vampire_json(data, v, limits.max_blood(data, v)) for v in s.vampires},
        "reserve": {"agents": s.reserve.agents, "minions": s.reserve.minions, "blood": s.reserve.blood},
        "dice": list(s.dice),
        "dice_used": list(s.dice_used),
        "deck": {
            "remaining": len(s.deck_acts),
            "act": s.deck_acts[0] if s.deck_acts else None,
            "mode": s.deck_mode.value,
            "cards": list(s.deck),
            "acts": list(s.deck_acts),
        },
        "drawn": list(s.drawn),
        "card": _card_json(s.card),
        "day_effects": {"active": list(board.active_day_effects(data, s)), "resolved": list(s.day_resolved)},
        "hunt": {"due": list(board.hunts_due(s)), "done": list(s.hunted)},
        "combat": _combat_json(s.combat),
        "veil_pending": s.veil_pending,
        "veil_queue": {"districts": list(s.veil_districts), "missing": s.veil_missing, "text": s.veil_text},
        "relics": {"deck": list(s.relic_deck), "discarded": list(s.relics_discarded), "used": list(s.relics_used)},
        "rng": {"seed": s.seed, "draws": s.draws},
        "short_agents": s.short_agents,
    }
    if s.rules_version != 1:  # a game from before rules versions keeps its JSON as it was
        out["rules_version"] = s.rules_version
    return out


def from_json(data: Mapping[str, Any]) -> MastersState:
    """Inverse of `to_json` (derived keys are ignored)."""
    order = tuple(data["order"])
    return MastersState(
        round=int(data["round"]),
        phase=Phase(data["phase"]),
        step=Step(data["step"]),
        veil=int(data["veil"]),
        leading=data["leading"],
        order=order,
        turn=data.get("turn"),
        outcome=Outcome(data["outcome"]) if data.get("outcome") else None,
        districts=tuple(_district_from(pos, data["districts"][pos]) for pos in POSITIONS),
        vampires=tuple(_vampire_from(name, data["vampires"][name]) for name in order),
        reserve=Reserve(**{k: int(data["reserve"][k]) for k in ("agents", "minions", "blood")}),
        dice=tuple(data["dice"]),
        dice_used=tuple(data.get("dice_used", ())),
        deck_mode=DeckMode(data["deck"].get("mode", "digital")),
        deck=tuple(data["deck"].get("cards", ())),
        deck_acts=tuple(data["deck"].get("acts", ())),
        drawn=tuple(data.get("drawn", ())),
        card=_card_from(data.get("card")),
        day_resolved=tuple(data["day_effects"]["resolved"]),
        hunted=tuple(data.get("hunt", {}).get("done", ())),
        combat=_combat_from(data.get("combat")),
        veil_districts=tuple(data["veil_queue"]["districts"]),
        veil_missing=int(data["veil_queue"]["missing"]),
        veil_text=int(data["veil_queue"].get("text", 0)),
        relic_deck=tuple(data["relics"]["deck"]),
        relics_discarded=tuple(data["relics"]["discarded"]),
        relics_used=tuple(data["relics"]["used"]),
        seed=int(data["rng"]["seed"]),
        draws=int(data["rng"]["draws"]),
        short_agents=str(data.get("short_agents", SHORT_LEADER)),
        rules_version=int(data.get("rules_version", 1)),
    )


def _district_json(data: MastersData, d: District) -> dict[str, Any]:
    """One district as JSON, with the tile's name for the screens."""
    return {
        "name": data.district(d.key).name,
        "key": d.key,
        "agents_hidden": d.agents_hidden,
        "agents_exposed": d.agents_exposed,
        "minions": d.minions,
        "sigil": d.sigil,
        "relics": list(d.relics),
        "cards": list(d.cards),
    }


def _district_from(pos: str, d: Mapping[str, Any]) -> District:
    """A district from its JSON."""
    return District(
        pos, d["key"], int(d["agents_hidden"]), int(d["agents_exposed"]), int(d["minions"]),
        d.get("sigil"), tuple(d.get("relics", ())), tuple(d.get("cards", ())),
    )


def _vampire_json(data: MastersData, v: Vampire, max_blood: int) -> dict[str, Any]:
    """One vampire as JSON (drained and max_blood are derived)."""
    return {
        "district": v.district,
        "blood": v.blood,
        "max_blood": max_blood,
        "kills": v.kills,
        "drained": v.drained,
        "ap": v.ap,
        "base_ap": v.base_ap,
        "relics": list(v.relics),
        "sigil_placed": v.sigil_placed,
        "cards": list(v.cards),
    }


def _vampire_from(name: str, v: Mapping[str, Any]) -> Vampire:
    """A vampire from its JSON."""
    return Vampire(
        name, v["district"], int(v["blood"]), int(v["kills"]), int(v["ap"]), int(v.get("base_ap", 2)),
        tuple(v.get("relics", ())), bool(v.get("sigil_placed", False)), tuple(v.get("cards", ())),
    )


def _card_json(c: Card | None) -> dict[str, Any] | None:
    """The card in play as JSON."""
    if c is None:
        return None
    return {
        "key": c.key, "name": c.name, "act": c.act, "grid": c.grid(),
        "red_agents": c.red_agents, "blue_agents": list(c.blue_agents), "continuing": c.continuing,
        "placements": dict(c.placements), "placed": c.placed,
    }


def _card_from(c: Mapping[str, Any] | None) -> Card | None:
    """The card in play from its JSON."""
    if c is None:
        return None
    grid = c["grid"]
    return Card(
        c["key"], c["name"], c["act"],
        tuple(p for p in POSITIONS if grid.get(p) == "red"),
        tuple(p for p in POSITIONS if grid.get(p) == "blue"),
        int(c["red_agents"]), (int(c["blue_agents"][0]), int(c["blue_agents"][1])),
        bool(c.get("continuing", False)),
        tuple((p, int(n)) for p, n in c.get("placements", {}).items()), bool(c.get("placed", False)),
    )


def _combat_json(c: Combat | None) -> dict[str, Any] | None:
    """The fight in progress as JSON."""
    if c is None:
        return None
    return {
        "district": c.district, "day": c.day, "fighter": c.fighter, "first_fighter": c.first_fighter,
        "dice_left": c.dice_left, "agents": c.dice_left, "back": c.back.value,
        "kills": dict(c.kills), "started": c.started, "ability_paid": c.ability_paid,
    }


def _combat_from(c: Mapping[str, Any] | None) -> Combat | None:
    """The fight in progress from its JSON."""
    if c is None:
        return None
    return Combat(
        c["district"], bool(c["day"]), c["fighter"], c["first_fighter"], int(c["dice_left"]), Step(c["back"]),
        tuple((k, int(n)) for k, n in c.get("kills", {}).items()), bool(c.get("started", False)),
        bool(c.get("ability_paid", False)),
    )
