"""The One Night state: an immutable value holding the narration script and where the table is in it.

The whole script is stored in the state (not rebuilt from data), so a saved game narrates the same
after the data file changes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field
from enum import Enum
from typing import Any

from companion.errors import N_, CommandError
from companion.rules.base import Record


class Phase(str, Enum):
    """Where the night stands; lighting keys off it."""

    DUSK = "dusk"
    NIGHT = "night"
    DAY = "day"
    OVER = "over"


class Waits(str, Enum):
    """What ends a step: the `next` command (its timer ran out or a tap), or the table's entry."""

    NEXT = "next"
    VOTE = "vote"
    REVEAL = "reveal"


class Step(Record):
    """One line of the narration: who wakes, what to say, for how long (None: untimed)."""

    id: str
    phase: Phase
    wakes: tuple[str, ...]
    prompt: str
    close: str
    seconds: int | None
    waits: Waits = Waits.NEXT

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {
            "id": self.id,
            "phase": self.phase.value,
            "wakes": list(self.wakes),
            "prompt": self.prompt,
            "close": self.close,
            "seconds": self.seconds,
            "waits": self.waits.value,
        }

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Step:
        """Inverse of `to_dict`."""
        return cls(
            raw["id"],
            Phase(raw["phase"]),
            tuple(raw["wakes"]),
            raw["prompt"],
            raw["close"],
            raw["seconds"],
            Waits(raw["waits"]),
        )


class Result(Record):
    """What the reveal showed and decided. Seats are numbered from 1, clockwise."""

    cards: tuple[str, ...]
    marks: tuple[str, ...]
    killed: tuple[int, ...]
    winners: tuple[int, ...]
    teams: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        """JSON form (cards and marks keyed by seat number as text)."""
        return {
            "cards": {str(i + 1): c for i, c in enumerate(self.cards)},
            "marks": {str(i + 1): m for i, m in enumerate(self.marks)},
            "killed": list(self.killed),
            "winners": list(self.winners),
            "teams": list(self.teams),
        }

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Result:
        """Inverse of `to_dict`."""
        n = len(raw["cards"])
        return cls(
            tuple(raw["cards"][str(i + 1)] for i in range(n)),
            tuple(raw["marks"][str(i + 1)] for i in range(n)),
            tuple(raw["killed"]),
            tuple(raw["winners"]),
            tuple(raw["teams"]),
        )


class State(Record):
    """One game of One Night: the chosen roles, the script, the current step and the day's results."""

    players: int
    roles: tuple[str, ...]
    seed: int
    marks: bool
    self_vote: bool
    script: tuple[Step, ...]
    index: int = 0
    paused: bool = False
    extra: int = 0
    votes: tuple[int, ...] | None = None
    result: Result | None = None
    names: tuple[str, ...] = field(default=())

    @property
    def step(self) -> Step:
        """The step the narrator is on."""
        return self.script[self.index]

    @property
    def phase(self) -> Phase:
        """Dusk, night, day, or over once the reveal is entered."""
        return Phase.OVER if self.result is not None else self.step.phase

    @property
    def seconds(self) -> int | None:
        """The current step's duration including any extension, None if untimed."""
        return None if self.step.seconds is None else self.step.seconds + self.extra


def tally(votes: tuple[int, ...] | None) -> dict[int, int]:
    """Votes received per seat (only seats that got any), highest first."""
    counts: dict[int, int] = {}
    for target in votes or ():
        counts[target] = counts.get(target, 0) + 1
    return dict(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))


def state_to_json(state: State, board: Mapping[str, Any], outcome: str | None) -> dict[str, Any]:
    """The documented state JSON (the game's README.md)."""
    return {
        "game": "one-night",
        "phase": state.phase.value,
        "step": state.step.id,
        "players": state.players,
        "names": list(state.names),
        "roles": list(state.roles),
        "seed": state.seed,
        "marks": state.marks,
        "self_vote": state.self_vote,
        "index": state.index,
        "paused": state.paused,
        "extra": state.extra,
        "current": {**state.step.to_dict(), "seconds": state.seconds},
        "script": [s.to_dict() for s in state.script],
        "votes": None if state.votes is None else {str(i + 1): t for i, t in enumerate(state.votes)},
        "tally": {str(k): v for k, v in tally(state.votes).items()},
        "result": None if state.result is None else state.result.to_dict(),
        "outcome": outcome,
        "board": dict(board),
    }


def state_from_json(data: Mapping[str, Any]) -> State:
    """Inverse of `state_to_json` (derived keys are ignored); CommandError if it is not ours."""
    if not isinstance(data, Mapping) or data.get("game") != "one-night":
        raise CommandError(N_("not a one-night state"))
    try:
        votes = data.get("votes")
        n = data["players"]
        return State(
            players=n,
            roles=tuple(data["roles"]),
            seed=data["seed"],
            marks=data["marks"],
            self_vote=data["self_vote"],
            script=tuple(Step.from_dict(s) for s in data["script"]),
            index=data["index"],
            paused=data["paused"],
            extra=data["extra"],
            votes=None if votes is None else tuple(votes[str(i + 1)] for i in range(n)),
            result=None if data.get("result") is None else Result.from_dict(data["result"]),
            names=tuple(data.get("names", ())),
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise CommandError(N_("broken one-night state: {exc}"), exc=exc) from None
