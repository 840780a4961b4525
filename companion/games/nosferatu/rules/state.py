"""Nosferatu data and state: the fixed rules (`Rules`) and the immutable game state (`State`).

The companion never knows hidden cards. It tracks what is public at the table: seating, who holds
the Ancestral Stake, the Clock pile (Night cards + Dawn), how many of the box's Night cards are not in
the Clock, Bites in front of players, Rituals cast, and characters that were turned face up.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from enum import Enum
from typing import Any

from companion.rules.base import Record

EFFECTS = ("reveal", "remove-night", "target", "table")


class Step(str, Enum):
    """Where the round is: the transition table in `engine.STEPS` lists the commands of each."""

    GIVE_STAKE = "give-stake"
    TURN = "turn"
    CLOCK = "clock"
    RESOLVE = "resolve"
    STAKE = "stake"
    OVER = "over"


class Card(str, Enum):
    """A Clock card."""

    NIGHT = "night"
    DAWN = "dawn"


class Character(str, Enum):
    """A secret character card (Renfield's is always face up and is not one of these)."""

    VAMPIRE = "vampire"
    HUNTER = "hunter"


class Outcome(str, Enum):
    """How a game of Nosferatu ends."""

    HUNTERS_STAKE = "hunters-stake"
    HUNTERS_RITUALS = "hunters-rituals"
    EVIL_BITES = "evil-bites"
    EVIL_STAKE = "evil-stake"


class Ritual(Record):
    """One Ritual card: key, printed name, what the engine tracks, our one-line summary."""

    key: str
    name: str
    effect: str
    summary: str


class Rules(Record):
    """The fixed numbers and the five Ritual cards, as the data file gives them
    (`companion.games.nosferatu.fields` checks the file and builds this)."""

    min_players: int
    max_players: int
    bites_to_win: int
    small_game_players: int
    small_game_bites: int
    rituals_to_win: int
    night_cards: int  # Night cards in the box: the Clock's and the rest, which go into the Library
    rituals: tuple[Ritual, ...]

    def ritual(self, key: str) -> Ritual | None:
        """The ritual called `key`, or None."""
        return next((r for r in self.rituals if r.key == key), None)

    def bites_needed(self, players: int) -> int:
        """Bites the Evil team needs with this many players."""
        return self.small_game_bites if players == self.small_game_players else self.bites_to_win


class State(Record):
    """Everything that changes during a game. Per-player tuples follow `players` (seating order)."""

    seed: int
    draws: int
    players: tuple[str, ...]
    renfield: str
    bites_to_win: int
    round: int = 1
    step: Step = Step.GIVE_STAKE
    holder: str | None = None
    chooser: str = ""
    order: tuple[str, ...] = ()
    played: int = 0
    nights: int = 0
    revealed: tuple[Card, ...] = ()
    ended_by: Card | None = None
    round_bites: int = 0
    round_nights: int = 0
    round_ritual: str | None = None
    bites: tuple[int, ...] = ()
    known: tuple[Character | None, ...] = ()
    rituals_used: tuple[str, ...] = ()
    outcome: Outcome | None = None
    # Night cards in the game (the box's); None for a game journaled before they were counted
    night_cards: int | None = None

    @property
    def current(self) -> str | None:
        """Whose turn it is (step turn/clock), else None."""
        if self.step is Step.TURN:
            return self.order[self.played]
        if self.step is Step.CLOCK:
            return self.order[self.played - 1]
        return None

    @property
    def nights_left(self) -> int:
        """Night cards still face down in the Clock pile this round."""
        return max(0, self.nights - self.revealed.count(Card.NIGHT))

    @property
    def nights_outside(self) -> int | None:
        """Night cards not in the Clock: in the Library, in hands, on the discard pile or among the cards
        given to Renfield this round (the companion cannot tell these places apart; only the Clock is
        public). None when the game does not count them (journaled before they were counted)."""
        return None if self.night_cards is None else self.night_cards - self.nights

    @property
    def cards_unused(self) -> int:
        """Cards given to Renfield this round not yet laid as Bites or added to the Clock as Nights."""
        return self.played - self.round_bites - self.round_nights

    @property
    def any_card_used(self) -> bool:
        """True once a card given this round was used (a Bite, a Night or a Ritual): no Ritual after that."""
        return bool(self.round_ritual or self.round_bites or self.round_nights)

    @property
    def dawn_left(self) -> bool:
        """True while the Dawn card is still face down."""
        return Card.DAWN not in self.revealed

    def index(self, name: str) -> int:
        """Seat index of a player (caller checked the name)."""
        return self.players.index(name)

    def bites_of(self, name: str) -> int:
        """Bite cards in front of `name`."""
        return self.bites[self.index(name)]

    def known_of(self, name: str) -> Character | None:
        """`name`'s character if it has been turned face up."""
        return self.known[self.index(name)]

    def with_seat(self, name: str, **changes: Any) -> State:
        """A copy with one player's bites/known replaced."""
        i = self.index(name)
        out = {}
        for key, value in changes.items():
            seq = list(getattr(self, key))
            seq[i] = value
            out[key] = tuple(seq)
        return replace(self, **out)


def to_json(state: State, rules: Rules, board: dict) -> dict[str, Any]:
    """The documented state JSON (the game's README.md)."""
    clock = {
        "nights": state.nights,
        "nights_left": state.nights_left,
        "dawn_left": state.dawn_left,
        "revealed": [c.value for c in state.revealed],
        "ended_by": state.ended_by.value if state.ended_by else None,
    }
    if state.night_cards is not None:  # a game journaled before Night cards were counted keeps its JSON
        clock.update(night_cards=state.night_cards, nights_outside=state.nights_outside)
    return {
        "game": "nosferatu",
        "round": state.round,
        "phase": board["phase"],
        "step": state.step.value,
        "outcome": state.outcome.value if state.outcome else None,
        "seed": state.seed,
        "draws": state.draws,
        "players": list(state.players),
        "renfield": state.renfield,
        "holder": state.holder,
        "chooser": state.chooser,
        "order": list(state.order),
        "played": state.played,
        "turn": state.current,
        "clock": clock,
        "round_cards": {
            "given": state.played,
            "bites": state.round_bites,
            "nights": state.round_nights,
            "ritual": state.round_ritual,
        },
        "bites": {p: state.bites[i] for i, p in enumerate(state.players)},
        "bites_total": sum(state.bites),
        "bites_to_win": state.bites_to_win,
        "known": {p: k.value for p, k in zip(state.players, state.known) if k},
        "rituals": {
            "used": list(state.rituals_used),
            "left": [r.key for r in rules.rituals if r.key not in state.rituals_used],
            "to_win": rules.rituals_to_win,
        },
        "board": board,
    }


def from_json(data: Mapping[str, Any]) -> State:
    """Inverse of `to_json` (derived keys are ignored)."""
    players = tuple(data["players"])
    clock = data["clock"]
    cards = data["round_cards"]
    known = data.get("known", {})
    return State(
        seed=data["seed"],
        draws=data["draws"],
        players=players,
        renfield=data["renfield"],
        bites_to_win=data["bites_to_win"],
        round=data["round"],
        step=Step(data["step"]),
        holder=data["holder"],
        chooser=data["chooser"],
        order=tuple(data["order"]),
        played=data["played"],
        nights=clock["nights"],
        revealed=tuple(Card(c) for c in clock["revealed"]),
        ended_by=Card(clock["ended_by"]) if clock["ended_by"] else None,
        round_bites=cards["bites"],
        round_nights=cards["nights"],
        round_ritual=cards["ritual"],
        bites=tuple(data["bites"][p] for p in players),
        known=tuple(Character(known[p]) if p in known else None for p in players),
        rituals_used=tuple(data["rituals"]["used"]),
        outcome=Outcome(data["outcome"]) if data["outcome"] else None,
        night_cards=clock.get("night_cards"),
    )
