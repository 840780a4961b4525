"""What happened, in the past tense: the lighting, the screens and the sound react to these.

Each event's `to_dict()` is `{"event": "<snake_case_name>", ...fields}` (see companion.rules.base).
"""

from __future__ import annotations

from companion.rules import base
from companion.rules.base import Event, GameOver  # noqa: F401  (GameOver: the one every game ends with)


class GameSetUp(base.GameSetUp):
    """A game began: who plays, the layout and the deck size."""

    vampires: tuple[str, ...]
    layout: tuple[tuple[str, str], ...]
    deck_size: int


class RoundBegan(Event):
    """A new round started with its day phase."""

    round: int
    leading: str


class LeaderPassed(Event):
    """The leading vampire token went clockwise."""

    leading: str


class DayEffectResolved(Event):
    """A district's day effect was resolved."""

    district: str
    key: str


class RelicDrawn(Event):
    """A relic came from the relic deck (museum or effect)."""

    relic: str
    to: str | None


class CardDrawn(Event):
    """The event card of the day was revealed."""

    card: str
    name: str
    act: str
    grid: tuple[tuple[str, str], ...]


class AbilityCardDrawn(Event):
    """An event card was drawn for an ability: it only marks an area and is not resolved."""

    card: str
    grid: tuple[tuple[str, str], ...]


class AgentsPlaced(Event):
    """Agents came out of the reserve into a district."""

    district: str
    n: int
    exposed: bool


class AgentsMissing(Event):
    """Agents should have been placed but the reserve was empty."""

    district: str
    n: int


class AgentsMoved(Event):
    """Agents went from one district to another."""

    source: str
    to: str
    n: int


class AgentsRemoved(Event):
    """Agents went back to the reserve."""

    district: str
    n: int
    by: str | None


class AgentsExposed(Event):
    """Hidden agents in a district were flipped to their exposed side."""

    district: str
    n: int


class MinionsPlaced(Event):
    """Minions came out of the reserve into a district."""

    district: str
    n: int


class MinionsRemoved(Event):
    """Minions went back to the reserve."""

    district: str
    n: int


class VeilChanged(Event):
    """The veil marker moved."""

    old: int
    new: int
    why: str


class VeilQueued(Event):
    """A veil decrease was noted, to be applied when the event card is resolved."""

    n: int
    why: str


class CardAttached(Event):
    """A continuing event card stays in play on a district or a vampire sheet."""

    card: str
    to: str


class CardDiscarded(Event):
    """An event card left play."""

    card: str


class CombatStarted(Event):
    """A fight began."""

    district: str
    day: bool
    fighter: str
    agents: int


class MinionsSacrificed(Event):
    """Minions were given up to remove as many exposed agents."""

    district: str
    n: int
    by: str


class DieUsed(Event):
    """A die was taken from the reserve and resolved."""

    value: int
    fighter: str
    removed: bool
    blood_lost: bool


class DiceRolled(Event):
    """All dice were rolled into a new reserve."""

    values: tuple[int, ...]


class FighterChanged(Event):
    """A drained fighter handed the fight to another vampire."""

    fighter: str


class CombatEnded(Event):
    """A fight is over."""

    district: str
    agents_left: int
    kills: tuple[tuple[str, int], ...]


class BloodChanged(Event):
    """A vampire's blood changed."""

    vampire: str
    old: int
    new: int


class VampireDrained(Event):
    """A vampire lost its last blood: its action points are lost."""

    vampire: str


class VampireRevived(Event):
    """A drained vampire got blood back."""

    vampire: str


class KillsChanged(Event):
    """A vampire's kill count changed."""

    vampire: str
    kills: int


class NightBegan(Event):
    """The night phase started."""

    round: int


class TurnBegan(Event):
    """A vampire's turn started."""

    vampire: str
    ap: int


class TurnEnded(Event):
    """A vampire finished its turn."""

    vampire: str


class ActionTaken(Event):
    """A night action was paid for and done."""

    vampire: str
    action: str
    ap: int
    district: str


class VampireMoved(Event):
    """A vampire (and maybe minions) moved."""

    vampire: str
    source: str
    to: str
    minions: int


class SigilPlaced(Event):
    """A dread sigil sealed a district."""

    vampire: str
    district: str


class APSet(Event):
    """A vampire's action points were changed by an effect."""

    vampire: str
    ap: int


class RelicGiven(Event):
    """A vampire got a relic."""

    relic: str
    vampire: str


class RelicDiscarded(Event):
    """A relic went to the discard pile."""

    relic: str


class RelicPlaced(Event):
    """A relic was put into a district for good."""

    relic: str
    district: str


class RelicUsed(Event):
    """A relic's effect was used."""

    relic: str
    vampire: str


class RelicsExchanged(Event):
    """Two vampires in the same district swapped relics."""

    vampire: str
    other: str
    given: tuple[str, ...]
    taken: tuple[str, ...]


class Adjusted(Event):
    """The table corrected counts: the fields changed, as (what, old, new)."""

    changes: tuple[tuple[str, str, str], ...]
