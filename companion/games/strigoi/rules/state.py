"""The Armata Strigoi state: an immutable value with blood points, wounds, Strigoi and the fortress."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict
from enum import Enum
from typing import Any

from companion.errors import N_, CommandError
from companion.rules.base import Record


class Step(str, Enum):
    """Where the round stands."""

    INITIATIVE = "initiative"  # everyone picks a card; `initiative` reveals them
    TURN = "turn"  # the active Powerwolf moves and fights
    STRIGOI = "strigoi"  # the Strigoi has teleported: its attack, a counterattack, end_turn
    CURSE = "curse"  # phase 3: the Master (or Supreme) cursed a room
    OVER = "over"


class Card(Record):
    """The Action card a Powerwolf played this round: its initiative and its direction letter."""

    initiative: int
    letter: str


class Wolf(Record):
    """One Powerwolf: name, wounds now, card this round, Reward cards drawn (for Nighttime Rebel)."""

    name: str
    wounds: int = 0
    card: Card | None = None
    rewards: int = 0


class Vampire(Record):
    """One Strigoi: id (master/apprentice), room (None before round 2), wounds, fallen or not."""

    id: str
    room: str | None = None
    wounds: int = 0
    defeated: bool = False


class Stat(Record):
    """A Strigoi card side fixed at setup: existence, damage, strength."""

    existence: int
    damage: int
    strength: int


class State(Record):
    """One game of Armata Strigoi."""

    seed: int
    wolves: tuple[Wolf, ...]
    strigoi: tuple[Vampire, Vampire]
    stats: tuple[tuple[str, Stat], ...]
    attack_need: int
    defeat_need: int
    start: tuple[tuple[str, str], ...]
    rings: tuple[tuple[str, str], ...]
    ladders: tuple[tuple[str, str], ...]
    round: int = 1
    step: Step = Step.INITIATIVE
    order: tuple[str, ...] = ()
    turn: int = 0
    altar: int = 0
    inferno: int = 0
    collapsed: tuple[str, ...] = ()
    supreme: str | None = None
    marker: bool = False
    moved: str | None = None
    bonus: int = 0
    attacked: str | None = None
    bag: tuple[int, ...] = ()
    shuffles: int = 0
    outcome: str | None = None
    encounter: str | None = None  # this turn's encounter: red, grey, monster, strigoi
    countered: bool = False  # the attacked Powerwolf has struck back
    awards: tuple[tuple[str, str], ...] = ()  # (Advanced Action card, Powerwolf) in the order earned
    tokens: tuple[tuple[str, int, int], ...] = ()  # the token mix: (strigoi, bonus, count)
    examples: tuple[str, ...] = ()  # parts still at the shipped example values
    one_encounter: bool = True  # False: journaled before the rule was enforced, replays as recorded

    def wolf(self, name: str) -> Wolf:
        """The Powerwolf called `name`."""
        return next(w for w in self.wolves if w.name == name)

    def vampire(self, sid: str) -> Vampire:
        """The Strigoi `sid`."""
        return next(v for v in self.strigoi if v.id == sid)

    def stat(self, sid: str) -> Stat:
        """The card values that count for Strigoi `sid` now (the Supreme side once flipped)."""
        table = dict(self.stats)
        return table["supreme"] if self.supreme == sid else table[sid]

    @property
    def active(self) -> str | None:
        """The Powerwolf whose turn it is."""
        return self.order[self.turn] if self.step in (Step.TURN, Step.STRIGOI) else None

    @property
    def in_play(self) -> tuple[str, ...]:
        """Strigoi standing in the fortress and not fallen."""
        return tuple(v.id for v in self.strigoi if v.room is not None and not v.defeated)


def state_to_json(state: State, board: Mapping[str, Any]) -> dict[str, Any]:
    """The documented state JSON (the game's README.md)."""
    return {
        "game": "strigoi",
        "round": state.round,
        "phase": "over" if state.outcome else "night",
        "step": state.step.value,
        "outcome": state.outcome,
        "seed": state.seed,
        "players": len(state.wolves),
        "order": list(state.order),
        "turn": state.active,
        "turn_index": state.turn,
        "altar": state.altar,
        "inferno": state.inferno,
        "attack_need": state.attack_need,
        "defeat_need": state.defeat_need,
        "can_attack": state.altar >= state.attack_need,
        "powerwolves": {
            w.name: {
                "wounds": w.wounds,
                "rewards": w.rewards,
                "card": None if w.card is None else asdict(w.card),
                "cards": [card for card, who in state.awards if who == w.name],
            }
            for w in state.wolves
        },
        "strigoi": {
            v.id: {
                "room": v.room,
                "wounds": v.wounds,
                "defeated": v.defeated,
                "supreme": state.supreme == v.id,
                **asdict(state.stat(v.id)),
            }
            for v in state.strigoi
        },
        "stats": {k: asdict(s) for k, s in state.stats},
        "start": dict(state.start),
        "rings": dict(state.rings),
        "ladders": [list(e) for e in state.ladders],
        "collapsed": list(state.collapsed),
        "supreme": state.supreme,
        "attack_marker": state.marker,
        "moved": state.moved,
        "token_bonus": state.bonus,
        "attacked": state.attacked,
        "bag": list(state.bag),
        "shuffles": state.shuffles,
        "encounter": state.encounter,
        "counterattacked": state.countered,
        "awards": [{"card": card, "wolf": who} for card, who in state.awards],
        "tokens": [{"strigoi": s, "bonus": b, "count": n} for s, b, n in state.tokens],
        "example_values": list(state.examples),
        "one_encounter": state.one_encounter,
        "board": dict(board),
    }


def state_from_json(data: Mapping[str, Any]) -> State:
    """Inverse of `state_to_json` (derived keys are ignored); CommandError if it is not ours."""
    if not isinstance(data, Mapping) or data.get("game") != "strigoi":
        raise CommandError(N_("not a strigoi state"))
    try:
        wolves = tuple(
            Wolf(name, w["wounds"], None if w["card"] is None else Card(**w["card"]), w.get("rewards", 0))
            for name, w in data["powerwolves"].items()
        )
        strigoi = tuple(
            Vampire(sid, v["room"], v["wounds"], v["defeated"]) for sid, v in data["strigoi"].items()
        )
        return State(
            seed=data["seed"],
            wolves=wolves,
            strigoi=strigoi,
            stats=tuple((k, Stat(**s)) for k, s in data["stats"].items()),
            attack_need=data["attack_need"],
            defeat_need=data["defeat_need"],
            start=tuple(data["start"].items()),
            rings=tuple(data["rings"].items()),
            ladders=tuple(tuple(e) for e in data["ladders"]),
            round=data["round"],
            step=Step(data["step"]),
            order=tuple(data["order"]),
            turn=data["turn_index"],
            altar=data["altar"],
            inferno=data["inferno"],
            collapsed=tuple(data["collapsed"]),
            supreme=data["supreme"],
            marker=data["attack_marker"],
            moved=data["moved"],
            bonus=data["token_bonus"],
            attacked=data["attacked"],
            bag=tuple(data["bag"]),
            shuffles=data["shuffles"],
            outcome=data["outcome"],
            encounter=data.get("encounter"),
            countered=data.get("counterattacked", False),
            awards=tuple((a["card"], a["wolf"]) for a in data.get("awards", ())),
            tokens=tuple((t["strigoi"], t["bonus"], t["count"]) for t in data.get("tokens", ())),
            examples=tuple(data.get("example_values", ())),
            one_encounter=data.get("one_encounter", True),
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise CommandError(N_("broken strigoi state: {exc}"), exc=exc) from None
