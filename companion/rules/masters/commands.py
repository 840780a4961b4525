"""Masters of the Night commands: one small frozen dataclass per JSON verb.

The shared parser (`companion.rules.commands`) checks shapes only (types, known keys, required
parameters) and raises CommandError; the rules themselves are checked where they live and raise
RuleViolation. Maps are stored as tuples of pairs so commands stay hashable values.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from companion.rules.commands import Command


# -- setup and day ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Setup(Command):
    """Start a game: vampires in seating order, difficulty, seed, optional layout and deck order."""

    verb: ClassVar[str] = "setup"
    vampires: tuple[str, ...]
    game: str = "masters"
    difficulty: str = "medium"
    seed: int = 0
    districts: tuple[tuple[str, str], ...] | None = None
    deck: str = "digital"
    ap: int = 2
    leading: str | None = None
    cards: tuple[str, ...] | None = None
    relics: tuple[str, ...] | None = None
    reserve_agents: int | None = None
    dice: tuple[int, ...] | None = None
    short_agents: str | None = None


@dataclass(frozen=True)
class ResolveDayEffect(Command):
    """Mark a district's active day effect resolved (the museum's relic is drawn automatically)."""

    verb: ClassVar[str] = "resolve_day_effect"
    district: str
    relic: str | None = None
    to: str | None = None
    discard: str | None = None


@dataclass(frozen=True)
class Draw(Command):
    """Reveal the event card; the canonical form carries its grid and the tracker numbers used."""

    verb: ClassVar[str] = "draw"
    card: str | None = None
    name: str | None = None
    red: tuple[str, ...] | None = None
    blue: tuple[str, ...] | None = None
    red_agents: int | None = None
    blue_agents: tuple[int, ...] | None = None
    split: tuple[tuple[str, int], ...] | None = None
    redirect: tuple[tuple[str, str], ...] | None = None
    agents_to: tuple[tuple[str, int], ...] | None = None


@dataclass(frozen=True)
class PlaceAgents(Command):
    """Place the card's agents: the blue-gray split and, when the reserve runs short, the leader's
    choice of which grid cells get the agents left (`agents_to` {cell: n})."""

    verb: ClassVar[str] = "place_agents"
    split: tuple[tuple[str, int], ...] | None = None
    redirect: tuple[tuple[str, str], ...] | None = None
    agents_to: tuple[tuple[str, int], ...] | None = None


@dataclass(frozen=True)
class AddAgents(Command):
    """Agents from the reserve into a district (an event's: the veil rules apply)."""

    verb: ClassVar[str] = "add_agents"
    district: str
    n: int = 1
    exposed: bool = False
    event: bool | None = None


@dataclass(frozen=True)
class MoveAgents(Command):
    """Agents from one district to another (hidden ones first unless `exposed` is given)."""

    verb: ClassVar[str] = "move_agents"
    from_: str
    to: str
    n: int = 1
    exposed: bool | None = None
    event: bool | None = None


@dataclass(frozen=True)
class RemoveAgents(Command):
    """Agents back to the reserve; `by` gets the kills (exposed ones first unless `exposed`)."""

    verb: ClassVar[str] = "remove_agents"
    district: str
    n: int = 1
    by: str | None = None
    exposed: bool | None = None


@dataclass(frozen=True)
class Replace(Command):
    """Swap tokens in a district: `what` = "agent" (agents become minions) or "minion"."""

    verb: ClassVar[str] = "replace"
    district: str
    what: str
    n: int = 1
    event: bool | None = None


@dataclass(frozen=True)
class AddMinions(Command):
    """Minions from the reserve into a district by an effect (no veil change)."""

    verb: ClassVar[str] = "add_minions"
    district: str
    n: int = 1


@dataclass(frozen=True)
class Expose(Command):
    """Flip the agents of a district: a night action (1 AP) or, with `free`, an effect."""

    verb: ClassVar[str] = "expose"
    district: str | None = None
    free: bool = False


@dataclass(frozen=True)
class AttachCard(Command):
    """Keep a continuing event card in play on a district (position) or a vampire."""

    verb: ClassVar[str] = "attach_card"
    card: str
    to: str


@dataclass(frozen=True)
class DiscardCard(Command):
    """An attached event card leaves play."""

    verb: ClassVar[str] = "discard_card"
    card: str


@dataclass(frozen=True)
class ResolveCard(Command):
    """The event card's text is done: apply the queued veil decreases."""

    verb: ClassVar[str] = "resolve_card"


@dataclass(frozen=True)
class AbilityCard(Command):
    """Draw an event card for an ability: it marks an area and is not resolved (Nevena)."""

    verb: ClassVar[str] = "ability_card"
    card: str | None = None


@dataclass(frozen=True)
class Veil(Command):
    """Move the veil by an effect (decreases wait for the end of an event card)."""

    verb: ClassVar[str] = "veil"
    by: int


# -- combat ----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class DayCombat(Command):
    """Agents attack a vampire by day: all agents in the district exposed, lowest dice only."""

    verb: ClassVar[str] = "day_combat"
    district: str
    vampire: str | None = None


@dataclass(frozen=True)
class Sacrifice(Command):
    """Before the first die: each minion given up removes one exposed agent."""

    verb: ClassVar[str] = "sacrifice"
    minions: int = 1


@dataclass(frozen=True)
class UseDie(Command):
    """Use one die of the reserve: `value` is the face it shows (or `index` into `dice`; `die` is the
    old name of `index`, kept so older journals replay); `shift` is an ability's change to its value."""

    verb: ClassVar[str] = "use_die"
    die: int | None = None
    shift: int = 0
    value: int | None = None
    index: int | None = None


@dataclass(frozen=True)
class Reroll(Command):
    """The reserve is empty: roll all dice (the game's RNG, or the table's `values`)."""

    verb: ClassVar[str] = "reroll"
    values: tuple[int, ...] | None = None


@dataclass(frozen=True)
class HandOver(Command):
    """The fighter is drained: another non-drained vampire in the district fights on."""

    verb: ClassVar[str] = "hand_over"
    vampire: str


@dataclass(frozen=True)
class EndCombat(Command):
    """The table says the fight is over (a correction)."""

    verb: ClassVar[str] = "end_combat"


# -- night -----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Move(Command):
    """Move the vampire to an adjacent district, taking `minions` along."""

    verb: ClassVar[str] = "move"
    to: str
    minions: int = 0


@dataclass(frozen=True)
class Fight(Command):
    """Fight the exposed agents of the vampire's district."""

    verb: ClassVar[str] = "fight"


@dataclass(frozen=True)
class Recruit(Command):
    """Take a minion from the reserve into the vampire's district; veil +1."""

    verb: ClassVar[str] = "recruit"


@dataclass(frozen=True)
class DistrictEffect(Command):
    """Activate the night effect of the vampire's district."""

    verb: ClassVar[str] = "district_effect"
    ap: int | None = None


@dataclass(frozen=True)
class BloodAbility(Command):
    """Use the vampire's own blood ability, paying blood."""

    verb: ClassVar[str] = "blood_ability"
    blood: int | None = None
    vampire: str | None = None


@dataclass(frozen=True)
class Hunt(Command):
    """Gain 1 blood from the reserve."""

    verb: ClassVar[str] = "hunt"


@dataclass(frozen=True)
class ExchangeRelics(Command):
    """Give and/or take relics with another vampire in the same district."""

    verb: ClassVar[str] = "exchange_relics"
    with_: str
    give: tuple[str, ...] = ()
    take: tuple[str, ...] = ()


@dataclass(frozen=True)
class WildHunt(Command):
    """Blood up to the maximum; veil -1."""

    verb: ClassVar[str] = "wild_hunt"


@dataclass(frozen=True)
class DarkAbility(Command):
    """Use the vampire's own dark ability, paying veil (Laszlo: also in any fight, as the fighter)."""

    verb: ClassVar[str] = "dark_ability"
    veil: int | None = None
    vampire: str | None = None


@dataclass(frozen=True)
class Sigillate(Command):
    """Seal the vampire's district with its dread sigil (a minion is used up)."""

    verb: ClassVar[str] = "sigillate"


@dataclass(frozen=True)
class Ritual(Command):
    """Initiate the Blood Moon ritual."""

    verb: ClassVar[str] = "ritual"


@dataclass(frozen=True)
class EndTurn(Command):
    """The vampire is done; the next one clockwise acts."""

    verb: ClassVar[str] = "end_turn"


@dataclass(frozen=True)
class SetAp(Command):
    """Set a vampire's action points (`each_round`: also from now on)."""

    verb: ClassVar[str] = "set_ap"
    vampire: str
    ap: int
    each_round: bool = False


# -- relics ----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class GiveRelic(Command):
    """A relic from the deck or discard pile to a vampire (`discard` when over the limit)."""

    verb: ClassVar[str] = "give_relic"
    relic: str
    vampire: str
    discard: str | None = None


@dataclass(frozen=True)
class DiscardRelic(Command):
    """An owned relic to the discard pile."""

    verb: ClassVar[str] = "discard_relic"
    relic: str


@dataclass(frozen=True)
class PlaceRelic(Command):
    """Put a placeable relic into its owner's district for good."""

    verb: ClassVar[str] = "place_relic"
    relic: str
    district: str | None = None


@dataclass(frozen=True)
class UseRelic(Command):
    """Use an owned relic's effect, paying its costs."""

    verb: ClassVar[str] = "use_relic"
    relic: str
    ap: int | None = None
    blood: int | None = None
    veil: int | None = None
    vampire: str | None = None


# -- corrections -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Adjust(Command):
    """Set counts to what is on the table; board tokens come from/go to the reserve."""

    verb: ClassVar[str] = "adjust"
    veil: int | None = None
    district: str | None = None
    agents_hidden: int | None = None
    agents_exposed: int | None = None
    minions: int | None = None
    sigil: str | None = None
    vampire: str | None = None
    blood: int | None = None
    kills: int | None = None
    ap: int | None = None
    at: str | None = None
    dice: tuple[int, ...] | None = None
    dice_used: tuple[int, ...] | None = None
    reserve: tuple[tuple[str, int], ...] | None = None


COMMANDS: tuple[type[Command], ...] = (
    Setup, ResolveDayEffect, Draw, PlaceAgents, AddAgents, MoveAgents, RemoveAgents, Replace, AddMinions,
    Expose, AttachCard, DiscardCard, ResolveCard, AbilityCard, Veil, DayCombat, Sacrifice, UseDie, Reroll,
    HandOver, EndCombat, Move, Fight, Recruit, DistrictEffect, BloodAbility, Hunt, ExchangeRelics, WildHunt,
    DarkAbility, Sigillate, Ritual, EndTurn, SetAp, GiveRelic, DiscardRelic, PlaceRelic, UseRelic, Adjust,
)

