"""Game setup: the city layout, vampires at the station, reserves, the event deck, relics and dice.

Random parts (layout, deck, relic order, first dice) each use a fixed RNG draw (0..3), so a setup
whose random parts are all given (the canonical form the journal stores) gives the same state.
"""

from __future__ import annotations

from random import Random

from companion.errors import N_, CommandError, RuleViolation
from companion.games.masters.rules import events as E
from companion.games.masters.rules.commands import Setup
from companion.games.masters.rules.data import ACTS, POSITIONS, STATION, STATION_POS, MastersData
from companion.games.masters.rules.dice import DICE_PER_VAMPIRE, clamp
from companion.games.masters.rules.state import (
    RULES_VERSION,
    SHORT_GRID,
    SHORT_LEADER,
    VEIL_MAX,
    DeckMode,
    District,
    MastersState,
    Phase,
    Reserve,
    Step,
    Vampire,
)
from companion.rules.commands import checked_names

CARDS_PER_ACT = {"easy": 6, "medium": 5, "hard": 4}
START_MINIONS = {2: 2, 3: 1, 4: 0, 5: 0}
MINION_TOKENS = 9
START_BLOOD = 4
RESERVE_BLOOD = 2
SETUP_DRAWS = 4  # layout, deck, relics, dice


def setup(data: MastersData, cmd: Setup) -> tuple[MastersState, list]:
    """The state at the start of round 1's day, and the setup event."""
    names = _vampires(data, cmd)
    if cmd.difficulty not in CARDS_PER_ACT:
        raise CommandError(
            N_("difficulty must be easy, medium or hard, not {difficulty!r}"), difficulty=cmd.difficulty
        )
    if cmd.deck not in ("digital", "physical"):
        raise CommandError(N_("deck must be digital or physical, not {deck!r}"), deck=cmd.deck)
    leading = cmd.leading or names[0]
    if leading not in names:
        raise CommandError(N_("leading vampire {leading!r} is not playing"), leading=leading)
    if not 0 <= cmd.ap <= 9:
        raise CommandError(N_("ap must be 0..9"))
    layout = _layout(data, cmd)
    mode = DeckMode(cmd.deck)
    deck, acts = _deck(data, cmd, mode)
    n = len(names)
    start_minions = START_MINIONS[n]
    reserve_agents = cmd.reserve_agents if cmd.reserve_agents is not None else data.tracker(n).reserve
    if reserve_agents < 0:
        raise CommandError(N_("reserve_agents must not be negative"))
    version = rules_version(cmd)
    districts = tuple(
        District(p, layout[p], minions=start_minions if p == STATION_POS else 0) for p in POSITIONS
    )
    state = MastersState(
        round=1,
        phase=Phase.DAY,
        step=Step.DAY_EFFECTS,
        veil=VEIL_MAX,
        leading=leading,
        order=names,
        districts=districts,
        vampires=tuple(Vampire(name, STATION_POS, START_BLOOD, base_ap=cmd.ap) for name in names),
        reserve=Reserve(reserve_agents, MINION_TOKENS - start_minions, RESERVE_BLOOD),
        dice=_dice(cmd, n),
        deck_mode=mode,
        deck=deck,
        deck_acts=acts,
        relic_deck=_relics(data, cmd),
        seed=cmd.seed,
        draws=SETUP_DRAWS,
        short_agents=_short_agents(cmd, version),
        rules_version=version,
    )
    ev = [E.GameSetUp(names, tuple(layout.items()), len(acts)), E.RoundBegan(1, leading)]
    return state, ev


def _vampires(data: MastersData, cmd: Setup) -> tuple[str, ...]:
    """The playing vampires, checked: 2-5 different known names."""
    names = checked_names("setup", "vampires", cmd.vampires)
    if not 2 <= len(names) <= 5:
        raise CommandError(N_("play with 2 to 5 vampires, not {n}"), n=len(names))
    if len(set(names)) != len(names):
        raise CommandError(N_("each vampire can be played once"))
    for name in names:
        if not data.has_vampire(name):
            known = ", ".join(v.name for v in data.vampires)
            raise CommandError(N_("unknown vampire {name!r} (known: {known})"), name=name, known=known)
    return names


def rules_version(cmd: Setup) -> int:
    """The rules version the game follows (`state.RULES_VERSION`): the setup's `rules_version`; else 1
    for a setup as the journal stored it before versions were written down (layout, leader, relics,
    agent reserve and dice all written out); else, a new game, the engine's own. The canonical
    setup of a new game writes its version out, so its replay never looks like an old journal's.
    """
    if cmd.rules_version is not None:
        if not 1 <= cmd.rules_version <= RULES_VERSION:
            raise CommandError(
                N_("rules_version must be 1 to {latest}, not {value}"),
                latest=RULES_VERSION,
                value=cmd.rules_version,
            )
        return cmd.rules_version
    journaled = None not in (cmd.districts, cmd.leading, cmd.relics, cmd.reserve_agents, cmd.dice)
    return 1 if journaled else RULES_VERSION


def _short_agents(cmd: Setup, version: int) -> str:
    """Who decides where a short agent reserve's agents go: the leader, or the old fixed grid order.

    The rule is the leader's choice, in every new game. A game journaled before rules versions (1)
    with `reserve_agents` and no `short_agents` was played with the grid order and replays with it;
    the canonical setup always writes the choice out.
    """
    if cmd.short_agents is None:
        return SHORT_GRID if version == 1 and cmd.reserve_agents is not None else SHORT_LEADER
    if cmd.short_agents not in (SHORT_LEADER, SHORT_GRID):
        raise CommandError(
            N_("short_agents must be {SHORT_LEADER} or {SHORT_GRID}, not {short_agents!r}"),
            SHORT_LEADER=SHORT_LEADER,
            SHORT_GRID=SHORT_GRID,
            short_agents=cmd.short_agents,
        )
    return cmd.short_agents


def _rng(cmd: Setup, draw: int) -> Random:
    """The setup's generator for one of its fixed draws."""
    return Random(f"masters:{cmd.seed}:{draw}")


def _layout(data: MastersData, cmd: Setup) -> dict[str, str]:
    """Position -> district key: the railway station at A1, the rest given or shuffled by seed."""
    others = [d.key for d in data.districts if d.key != STATION]
    if cmd.districts is None:
        _rng(cmd, 0).shuffle(others)
        return dict(zip(POSITIONS, [STATION] + others[: len(POSITIONS) - 1]))
    given = dict(cmd.districts)
    if STATION_POS in given and given[STATION_POS] != STATION:
        raise RuleViolation("setup", N_("the railway station always lies at A1"))
    given[STATION_POS] = STATION
    if set(given) != set(POSITIONS):
        raise CommandError(
            N_("districts must name a district for each of {POSITIONS}"), POSITIONS=", ".join(POSITIONS[1:])
        )
    keys = list(given.values())
    unknown = [k for k in keys if not data.has_district(k)]
    if unknown:
        raise CommandError(N_("unknown district(s) {unknown}"), unknown=", ".join(unknown))
    if len(set(keys)) != len(keys):
        raise CommandError(N_("each district tile can lie only once"))
    return {p: given[p] for p in POSITIONS}


def _deck(data: MastersData, cmd: Setup, mode: DeckMode) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The event deck (keys, top first) and the act of each card: act I on top, III at the bottom."""
    per_act = CARDS_PER_ACT[cmd.difficulty]
    if cmd.cards is not None:
        acts = tuple(_act_of(data, k) for k in cmd.cards)
        return (tuple(cmd.cards) if mode is DeckMode.DIGITAL else ()), acts
    acts = tuple(a for a in ACTS for _ in range(per_act))
    if mode is DeckMode.PHYSICAL:
        return (), acts
    r = _rng(cmd, 1)
    deck: list[str] = []
    for act in ACTS:
        pool = list(data.cards_of(act))
        if len(pool) < per_act:
            raise RuleViolation(
                "setup",
                N_("deck {act} has {n} cards, {per_act} needed"),
                act=act,
                n=len(pool),
                per_act=per_act,
            )
        r.shuffle(pool)
        deck.extend(pool[:per_act])
    return tuple(deck), acts


def _act_of(data: MastersData, key: str) -> str:
    """The act of a card key (from the data, else from its "II-07" prefix)."""
    info = data.card(key)
    act = info.act if info else key.split("-", 1)[0]
    if act not in ACTS:
        raise CommandError(N_("card {key!r}: unknown act"), key=key)
    return act


def _relics(data: MastersData, cmd: Setup) -> tuple[str, ...]:
    """The relic deck, top first: given or shuffled by seed."""
    if cmd.relics is not None:
        for key in cmd.relics:
            if data.relic(key) is None:
                raise CommandError(N_("unknown relic {key!r}"), key=key)
        return tuple(cmd.relics)
    keys = [r.key for r in data.relics]
    _rng(cmd, 2).shuffle(keys)
    return tuple(keys)


def _dice(cmd: Setup, n: int) -> tuple[int, ...]:
    """The first dice reserve: given (clamped) or rolled by seed, two dice per vampire."""
    if cmd.dice is not None:
        if not 1 <= len(cmd.dice) <= 10:
            raise CommandError(N_("dice: 1 to 10 values"))
        return tuple(clamp(v) for v in cmd.dice)
    r = _rng(cmd, 3)
    return tuple(r.randint(1, 6) for _ in range(DICE_PER_VAMPIRE * n))
