"""One encounter per turn (phase 2b, "Fight Enemies"), and what an encounter gives.

In phase 2b a Powerwolf fights one encounter: a red or grey Encounter token (a Monster, or a Monk to
set free or to fight as a grey Monster) or, with enough blood on the Altar, a Strigoi. That fight
ends phase 2b; the Strigoi move next (phase 2c). So a second encounter in the same turn is refused,
and so is any encounter once the Strigoi has moved. A counterattack after a Strigoi's attack is not
an encounter: the attacked Powerwolf strikes back once. A new Powerwolf's turn starts afresh.

Commands:
    encounter {colour red|grey, result won|lost|freed, blood?, reward? none|card|token}
    blood {colour?}   shorthand: a won fight whose token shows a blood icon
    reward {wolf?, n?} Reward cards drawn outside an encounter (they count for Nighttime Rebel)
"""

from __future__ import annotations

from dataclasses import replace

from companion.errors import N_, CommandError, RuleViolation, Text
from companion.games.strigoi.rules import awards, rules
from companion.games.strigoi.rules import events as ev
from companion.games.strigoi.rules.commands import Blood, Encounter, Reward
from companion.games.strigoi.rules.state import State, Step
from companion.rules import commands as args
from companion.rules.base import Event

COLOURS = ("red", "grey")
RESULTS = ("won", "lost", "freed")
REWARDS = ("none", "card", "token")
WORDS = {"red": "a red encounter", "grey": "a grey encounter", "monster": "a Monster", "strigoi": "a Strigoi"}


def why_not(state: State) -> str | None:
    """Why the active Powerwolf may not start an encounter now (None: they may)."""
    if not state.one_encounter:  # journaled before the rule was enforced: replays as recorded
        return None if state.step in (Step.TURN, Step.STRIGOI) else Text(N_("only during a Powerwolf's turn"))
    if state.step is Step.STRIGOI:
        return Text(N_("encounters are fought in phase 2b, before the Strigoi moves"))
    if state.step is not Step.TURN:
        return Text(N_("only during a Powerwolf's turn"))
    if state.encounter is not None:
        return Text(
            N_("one encounter per turn: {active} already fought {encounter} this turn, which ended phase 2b"),
            active=state.active,
            encounter=WORDS[state.encounter],
        )
    return None


def check(state: State) -> None:
    """Refuse a second encounter in a turn (or one after the Strigoi moved), naming the rule."""
    why = why_not(state)
    if why is not None:
        raise RuleViolation("one-encounter", why)


def fill_encounter(state: State, c: Encounter) -> Encounter:
    """`encounter` checked: a red or grey token; a result; a blood point or a Reward only for a win."""
    if c.colour not in COLOURS:
        raise CommandError(N_("encounter: `colour` must be red or grey (a Monk fought as a Monster: grey)"))
    if c.result not in RESULTS:
        raise CommandError(N_("encounter: `result` must be one of {RESULTS}"), RESULTS=", ".join(RESULTS))
    if c.reward not in REWARDS:
        raise CommandError(N_("encounter: `reward` must be one of {REWARDS}"), REWARDS=", ".join(REWARDS))
    if c.result != "won" and (c.blood or c.reward != "none"):
        raise CommandError(N_("encounter: only a won fight gives a blood point or a Reward"))
    if c.result == "freed" and c.colour != "red":
        raise CommandError(N_("encounter: Monks are red encounter tokens"))
    return c


def fill_blood(state: State, c: Blood) -> Blood:
    """`blood`, with the encounter's colour when the table gives it."""
    if c.colour is not None and c.colour not in COLOURS:
        raise CommandError(N_("blood: `colour` must be red or grey"))
    return c


def fill_reward(state: State, c: Reward) -> Reward:
    """`reward`: who drew Reward cards (default: the Powerwolf on turn) and how many."""
    names = [w.name for w in state.wolves]
    wolf = c.wolf if c.wolf is not None else state.active
    if wolf not in names:
        raise CommandError(N_("reward: `wolf` must be one of {names}"), names=", ".join(names))
    return replace(c, wolf=wolf, n=args.in_range("reward", "n", c.n, 1, 9))


def encounter(data, state: State, c: Encounter) -> tuple[State, list[Event]]:
    """The turn's encounter: its blood point (if the Altar has room), Reward and Heroic card."""
    check(state)
    wolf = state.active
    blood = c.blood and _altar_has_room(data, state)
    state = replace(state, encounter=c.colour)
    events: list[Event] = [ev.EncounterFought(wolf, c.colour, c.result, blood, c.reward)]
    if blood:
        state, more = rules.gain_blood(data, state)
        events += more
    if c.reward == "card":
        state, more = draw_rewards(state, wolf, 1)
        events += more
    if c.result == "won":
        state, more = awards.monster_defeated(state, wolf, c.colour)
        events += more
    return state, events


def blood(data, state: State, c: Blood) -> tuple[State, list[Event]]:
    """A won fight whose token shows a blood icon: one blood point onto the Altar."""
    check(state)
    if state.altar >= data.altar_max:
        raise RuleViolation(
            "altar", N_("the Altar holds at most {altar_max} blood points"), altar_max=data.altar_max
        )
    if state.altar + state.inferno >= data.blood_counters:
        raise RuleViolation("altar", N_("no blood point counter left in the supply"))
    state, events = rules.gain_blood(data, replace(state, encounter=c.colour or "monster"))
    if c.colour is not None:
        state, more = awards.monster_defeated(state, state.active, c.colour)
        events += more
    return state, events


def reward(state: State, c: Reward) -> tuple[State, list[Event]]:
    """Reward cards drawn outside an encounter (they count towards Nighttime Rebel)."""
    return draw_rewards(state, c.wolf, c.n)


def draw_rewards(state: State, wolf: str, n: int) -> tuple[State, list[Event]]:
    """Count `n` more Reward cards for `wolf`; a third one may hand out Nighttime Rebel."""
    me = state.wolf(wolf)
    state = rules.set_wolf(state, replace(me, rewards=me.rewards + n))
    events: list[Event] = [ev.RewardDrawn(wolf, n, me.rewards + n)]
    state, more = awards.rewards_counted(state, wolf, me.rewards)
    return state, events + more


def _altar_has_room(data, state: State) -> bool:
    """The Altar holds fewer than its maximum and a counter is left in the supply."""
    return state.altar < data.altar_max and state.altar + state.inferno < data.blood_counters
