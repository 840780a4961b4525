"""What happened in Armata Strigoi, in the past tense (shown, spoken and lit by the app)."""

from __future__ import annotations

from companion.rules import base
from companion.rules.base import Event, GameOver  # noqa: F401  (GameOver: the one every game ends with)


class GameSetUp(base.GameSetUp):
    """The pack is chosen; the Strigoi will enter at round 2 on these rooms."""

    powerwolves: tuple[str, ...]
    start: dict
    ladders: tuple


class CardsRevealed(Event):
    """Everyone's card is face up; turns go in this order (lowest initiative first)."""

    round: int
    order: tuple[str, ...]


class TurnStarted(Event):
    """It is this Powerwolf's turn."""

    wolf: str
    letter: str


class StrigoiEntered(Event):
    """Round 2 begins: both Strigoi appear on their marked platforms."""

    rooms: dict


class BloodGained(Event):
    """A blood point went onto the Altar."""

    altar: int
    can_attack: bool


class BloodLost(Event):
    """The pack lost a blood point: Altar (or supply) to Inferno."""

    reason: str
    altar: int
    inferno: int


class Wounded(Event):
    """A Powerwolf took wounds."""

    wolf: str
    wounds: int
    total: int


class Fell(Event):
    """A third wound: the pack pays a blood point and the Powerwolf is back to full health."""

    wolf: str


class Healed(Event):
    """Wounds healed."""

    wolf: str
    healed: int
    total: int


class TokenRevealed(Event):
    """The Strigoi Action token shows which Strigoi moves and its extra wounds."""

    strigoi: str
    bonus: int
    source: str


class StrigoiTeleported(Event):
    """A Strigoi's teleport: moved, bounced, stayed, blocked, stuck, or broke a ladder."""

    strigoi: str
    how: str
    origin: str
    to: str
    direction: str | None


class LadderDestroyed(Event):
    """A Strigoi smashed a ladder."""

    room: str
    direction: str
    left: int


class StrigoiAttacked(Event):
    """A Strigoi hit a Powerwolf; the attack marker is on the Master's card."""

    strigoi: str
    wolf: str
    wounds: int
    prevented: int
    center: bool


class StrigoiWounded(Event):
    """A Powerwolf wounded a Strigoi."""

    strigoi: str
    wolf: str
    wounds: int
    existence: int


class StrigoiDefeated(Event):
    """A Strigoi perished."""

    strigoi: str


class SupremeRose(Event):
    """The other Strigoi turned Supreme; the fortress starts to crumble."""

    strigoi: str


class PlatformCollapsed(Event):
    """A platform fell; `strigoi_moved` if the Supreme was on it (now in the hall)."""

    room: str
    direction: str
    strigoi_moved: bool


class PlatformRotated(Event):
    """A platform turned (Mechanics): its letters now read clockwise from north as `ring`."""

    room: str
    ring: str


class Cursed(Event):
    """The extra Strigoi turn: a curse on the room, one wound to each Powerwolf hit."""

    strigoi: str
    room: str
    hit: tuple[str, ...]


class RoundEnded(Event):
    """The round is over; `extra_turn` says whether the Strigoi took phase 3."""

    round: int
    extra_turn: bool


class EncounterFought(Event):
    """This turn's encounter (phase 2b): a red or grey token, won, lost or a Monk set free; the
    blood point it put on the Altar and the Reward it gave."""

    wolf: str
    colour: str
    result: str
    blood: bool
    reward: str


class RewardDrawn(Event):
    """A Powerwolf drew Reward cards; `total` is how many they have drawn (less any corrected)."""

    wolf: str
    n: int
    total: int


class CardEarned(Event):
    """A Powerwolf earned an Advanced Action card (Heroic or Legendary); `why` is the trigger."""

    card: str
    title: str
    level: str
    wolf: str
    why: str


class Adjusted(Event):
    """The table corrected counts to what is really on the board."""

    changes: dict
