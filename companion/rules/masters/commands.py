"""Commands: the JSON dicts `{"cmd": "<verb>", ...}` parsed into small frozen dataclasses.

Parsing checks shapes only (types, known keys, required parameters) and raises CommandError; the
rules themselves are checked where they live and raise RuleViolation. Field names are the JSON keys;
a trailing underscore (`from_`, `with_`) stands for a Python keyword. Maps are stored as tuples of
pairs so commands stay hashable values. `to_dict()` gives the canonical JSON back.
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, fields
from typing import Any, ClassVar, Mapping

from companion.errors import CommandError
from companion.rules.args import is_int


@dataclass(frozen=True)
class Command:
    """Base of every command; `verb` is the JSON `cmd`."""

    verb: ClassVar[str] = ""

    def to_dict(self) -> dict[str, Any]:
        """The command as its canonical JSON dict (maps back to dicts, tuples to lists)."""
        out: dict[str, Any] = {"cmd": self.verb}
        for f in fields(self):
            value = getattr(self, f.name)
            if value is None:
                continue
            out[f.name.rstrip("_")] = _to_json(f.type, value)
        return out


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


def verbs() -> dict[str, type[Command]]:
    """Verb -> command class."""
    return {c.verb: c for c in COMMANDS}


def parse(raw: Mapping[str, Any], by_verb: Mapping[str, type[Command]]) -> Command:
    """A command dict checked and converted; CommandError says what is wrong."""
    if not isinstance(raw, Mapping):
        raise CommandError(f"a command is a JSON object, not {type(raw).__name__}")
    verb = raw.get("cmd")
    cls = by_verb.get(verb) if isinstance(verb, str) else None
    if cls is None:
        raise CommandError(f"unknown command {verb!r}")
    kwargs: dict[str, Any] = {}
    known = {"cmd"}
    for f in fields(cls):
        key = f.name.rstrip("_")
        known.add(key)
        if key in raw and raw[key] is not None:
            kwargs[f.name] = _convert(verb, key, f.type, raw[key])
    extra = set(raw) - known
    if extra:
        raise CommandError(f"{verb}: unknown parameter(s) {', '.join(sorted(extra))}")
    try:
        return cls(**kwargs)
    except TypeError:
        missing = [f.name.rstrip("_") for f in fields(cls) if f.name not in kwargs and _required(f)]
        raise CommandError(f"{verb}: missing parameter(s) {', '.join(missing)}") from None


def _required(f) -> bool:
    """True if a dataclass field has no default."""
    return f.default is MISSING and f.default_factory is MISSING


def _convert(verb: str, key: str, kind: str, value: Any) -> Any:
    """One parameter converted to its field type (given as the annotation string)."""
    base = kind.replace(" | None", "")
    if base == "int":
        if not is_int(value):
            raise CommandError(f"{verb}: {key} must be a whole number, not {value!r}")
        return value
    if base == "bool":
        if not isinstance(value, bool):
            raise CommandError(f"{verb}: {key} must be true or false, not {value!r}")
        return value
    if base == "str":
        if not isinstance(value, str):
            raise CommandError(f"{verb}: {key} must be a string, not {value!r}")
        return value
    if base in ("tuple[str, ...]", "tuple[int, ...]"):
        item = base[6:9]
        if not isinstance(value, (list, tuple)):
            raise CommandError(f"{verb}: {key} must be a list")
        return tuple(_convert(verb, key, item, v) for v in value)
    if base.startswith("tuple[tuple[str, "):
        item = base[len("tuple[tuple[str, ") : base.index("]")]
        if not isinstance(value, Mapping):
            raise CommandError(f"{verb}: {key} must be an object")
        return tuple((str(k), _convert(verb, f"{key}.{k}", item, v)) for k, v in value.items())
    raise CommandError(f"{verb}: cannot read {key}")  # pragma: no cover - a field type we forgot


def _to_json(kind: str, value: Any) -> Any:
    """A field value back to JSON."""
    if kind.replace(" | None", "").startswith("tuple[tuple[str, "):
        return {k: v for k, v in value}
    if isinstance(value, tuple):
        return list(value)
    return value
