"""Masters of the Night commands: one small frozen dataclass per JSON verb.

The shared parser (`companion.rules.commands`) checks shapes only (types, known keys, required
parameters) and raises CommandError; the rules themselves are checked where they live and raise
RuleViolation. Maps are stored as tuples of pairs so commands stay hashable values.
"""

from __future__ import annotations

from companion.rules.commands import Command


# -- setup and day ---------------------------------------------------------------------------------
class Setup(Command, verb="setup"):
    """Start a game: vampires in seating order, difficulty, seed, optional layout and deck order."""

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
    rules_version: int | None = None  # the engine's rules the game began with (state.RULES_VERSION)


class ResolveDayEffect(Command, verb="resolve_day_effect"):
    """Mark a district's active day effect resolved (the museum's relic is drawn automatically)."""

    district: str
    relic: str | None = None
    to: str | None = None
    discard: str | None = None


class Draw(Command, verb="draw"):
    """Reveal the event card; the canonical form carries its grid and the tracker numbers used."""

    card: str | None = None
    name: str | None = None
    red: tuple[str, ...] | None = None
    blue: tuple[str, ...] | None = None
    red_agents: int | None = None
    blue_agents: tuple[int, ...] | None = None
    split: tuple[tuple[str, int], ...] | None = None
    redirect: tuple[tuple[str, str], ...] | None = None
    agents_to: tuple[tuple[str, int], ...] | None = None


class PlaceAgents(Command, verb="place_agents"):
    """Place the card's agents: the blue-gray split and, when the reserve runs short, the leader's
    choice of which grid cells get the agents left (`agents_to` {cell: n})."""

    split: tuple[tuple[str, int], ...] | None = None
    redirect: tuple[tuple[str, str], ...] | None = None
    agents_to: tuple[tuple[str, int], ...] | None = None


class DistrictTokens(Command):
    """What adding and removing tokens share: the district and how many."""

    district: str
    n: int = 1


class AddAgents(DistrictTokens, verb="add_agents"):
    """Agents from the reserve into a district (an event's: the veil rules apply)."""

    exposed: bool = False
    event: bool | None = None


class MoveAgents(Command, verb="move_agents"):
    """Agents from one district to another (hidden ones first unless `exposed` is given)."""

    from_: str
    to: str
    n: int = 1
    exposed: bool | None = None
    event: bool | None = None


class RemoveAgents(DistrictTokens, verb="remove_agents"):
    """Agents back to the reserve; `by` gets the kills (exposed ones first unless `exposed`)."""

    by: str | None = None
    exposed: bool | None = None


class Replace(Command, verb="replace"):
    """Swap tokens in a district: `what` = "agent" (agents become minions) or "minion"."""

    district: str
    what: str
    n: int = 1
    event: bool | None = None


class AddMinions(DistrictTokens, verb="add_minions"):
    """Minions from the reserve into a district by an effect (no veil change)."""


class Expose(Command, verb="expose"):
    """Flip the agents of a district: a night action (1 AP) or, with `free`, an effect."""

    district: str | None = None
    free: bool = False


class AttachCard(Command, verb="attach_card"):
    """Keep a continuing event card in play on a district (position) or a vampire."""

    card: str
    to: str


class DiscardCard(Command, verb="discard_card"):
    """An attached event card leaves play."""

    card: str


class ResolveCard(Command, verb="resolve_card"):
    """The event card's text is done: apply the queued veil decreases."""


class AbilityCard(Command, verb="ability_card"):
    """Draw an event card for an ability: it marks an area and is not resolved (Nevena)."""

    card: str | None = None


class Veil(Command, verb="veil"):
    """Move the veil by an effect (decreases wait for the end of an event card)."""

    by: int


# -- combat ----------------------------------------------------------------------------------------
class DayCombat(Command, verb="day_combat"):
    """Agents attack a vampire by day: all agents in the district exposed, lowest dice only."""

    district: str
    vampire: str | None = None


class Sacrifice(Command, verb="sacrifice"):
    """Before the first die: each minion given up removes one exposed agent."""

    minions: int = 1


class UseDie(Command, verb="use_die"):
    """Use one die of the reserve: `value` is the face it shows (or `index` into `dice`; `die` is the
    old name of `index`, kept so older journals replay); `shift` is an ability's change to its value."""

    die: int | None = None
    shift: int = 0
    value: int | None = None
    index: int | None = None


class Reroll(Command, verb="reroll"):
    """The reserve is empty: roll all dice (the game's RNG, or the table's `values`)."""

    values: tuple[int, ...] | None = None


class HandOver(Command, verb="hand_over"):
    """The fighter is drained: another non-drained vampire in the district fights on."""

    vampire: str


class EndCombat(Command, verb="end_combat"):
    """The table says the fight is over (a correction)."""


# -- night -----------------------------------------------------------------------------------------
class Move(Command, verb="move"):
    """Move the vampire to an adjacent district, taking `minions` along."""

    to: str
    minions: int = 0


class Fight(Command, verb="fight"):
    """Fight the exposed agents of the vampire's district."""


class Recruit(Command, verb="recruit"):
    """Take a minion from the reserve into the vampire's district; veil +1."""


class DistrictEffect(Command, verb="district_effect"):
    """Activate the night effect of the vampire's district."""

    ap: int | None = None


class BloodAbility(Command, verb="blood_ability"):
    """Use the vampire's own blood ability, paying blood."""

    blood: int | None = None
    vampire: str | None = None


class Hunt(Command, verb="hunt"):
    """Gain 1 blood from the reserve."""


class ExchangeRelics(Command, verb="exchange_relics"):
    """Give and/or take relics with another vampire in the same district."""

    with_: str
    give: tuple[str, ...] = ()
    take: tuple[str, ...] = ()


class WildHunt(Command, verb="wild_hunt"):
    """Blood up to the maximum; veil -1."""


class DarkAbility(Command, verb="dark_ability"):
    """Use the vampire's own dark ability, paying veil (Laszlo: also in any fight, as the fighter)."""

    veil: int | None = None
    vampire: str | None = None


class Sigillate(Command, verb="sigillate"):
    """Seal the vampire's district with its dread sigil (a minion is used up)."""


class Ritual(Command, verb="ritual"):
    """Initiate the Blood Moon ritual."""


class EndTurn(Command, verb="end_turn"):
    """The vampire is done; the next one clockwise acts."""


class SetAp(Command, verb="set_ap"):
    """Set a vampire's action points (`each_round`: also from now on)."""

    vampire: str
    ap: int
    each_round: bool = False


# -- relics ----------------------------------------------------------------------------------------
class GiveRelic(Command, verb="give_relic"):
    """A relic from the deck or discard pile to a vampire (`discard` when over the limit)."""

    relic: str
    vampire: str
    discard: str | None = None


class DiscardRelic(Command, verb="discard_relic"):
    """An owned relic to the discard pile."""

    relic: str


class PlaceRelic(Command, verb="place_relic"):
    """Put a placeable relic into its owner's district for good."""

    relic: str
    district: str | None = None


class UseRelic(Command, verb="use_relic"):
    """Use an owned relic's effect, paying its costs."""

    relic: str
    ap: int | None = None
    blood: int | None = None
    veil: int | None = None
    vampire: str | None = None


# -- corrections -----------------------------------------------------------------------------------
class Adjust(Command, verb="adjust"):
    """Set counts to what is on the table; board tokens come from/go to the reserve."""

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
    Setup,
    ResolveDayEffect,
    Draw,
    PlaceAgents,
    AddAgents,
    MoveAgents,
    RemoveAgents,
    Replace,
    AddMinions,
    Expose,
    AttachCard,
    DiscardCard,
    ResolveCard,
    AbilityCard,
    Veil,
    DayCombat,
    Sacrifice,
    UseDie,
    Reroll,
    HandOver,
    EndCombat,
    Move,
    Fight,
    Recruit,
    DistrictEffect,
    BloodAbility,
    Hunt,
    ExchangeRelics,
    WildHunt,
    DarkAbility,
    Sigillate,
    Ritual,
    EndTurn,
    SetAp,
    GiveRelic,
    DiscardRelic,
    PlaceRelic,
    UseRelic,
    Adjust,
)
