"""A simple legal player: `choose(game, state, rng)` returns the next command as a dict.

It plays sensibly enough to win now and then (fight exposed agents, heal when low, sigillate at kill
count 9, gather for the ritual) and every game it plays ends (the deck is finite and each of its night
actions costs AP). `explore` > 0 mixes in random enabled actions, for property and chaos tests.
"""

from __future__ import annotations

from random import Random
from typing import Any

from companion.games.masters.rules import agents, board, combat, night
from companion.games.masters.rules.data import MUSEUM, POSITIONS
from companion.games.masters.rules.limits import relic_limit
from companion.games.masters.rules.state import MastersState, Step


def choose(game: Any, state: MastersState, rng: Random, explore: float = 0.0) -> dict[str, Any]:
    """The bot's next command for `state` (a JSON command dict)."""
    if explore and rng.random() < explore:
        cmd = _random_action(game, state, rng)
        if cmd is not None:
            return cmd
    return CHOOSERS[state.step](game, state, rng)


def _day_effects(game, s: MastersState, rng: Random) -> dict[str, Any]:
    """Resolve the active day effects in grid order, then draw."""
    active = board.active_day_effects(game.data, s)
    if not active:
        return {"cmd": "draw"}
    pos = active[0]
    cmd: dict[str, Any] = {"cmd": "resolve_day_effect", "district": pos}
    if s.at(pos).key == MUSEUM and s.relic_deck:
        allowed = [v for v in s.vampires if relic_limit(v.kills) > 0]
        roomy = [v for v in allowed if len(v.relics) < relic_limit(v.kills)]
        if roomy:
            cmd["to"] = roomy[0].name
        elif allowed:
            cmd["to"], cmd["discard"] = allowed[0].name, s.relic_deck[0]
    return cmd


def _place_agents(game, s: MastersState, rng: Random) -> dict[str, Any]:
    """Put the bigger blue-gray number where nobody notices it; short of agents, fill unwatched cells first."""
    card = s.card
    cmd: dict[str, Any] = {"cmd": "place_agents"}
    split = None
    if card.needs_split:
        a, b = card.blue
        hi, lo = max(card.blue_agents), min(card.blue_agents)
        if board.watched(s, a) and not board.watched(s, b):
            a, b = b, a
        elif board.watched(s, a) == board.watched(s, b) and rng.random() < 0.5:
            a, b = b, a
        split = cmd["split"] = {a: hi, b: lo}
    short = agents.short_choice(s, split)
    if short is not None:
        needs, left = short
        given = {}
        for cell in sorted(needs, key=lambda c: board.watched(s, c)):
            given[cell] = min(needs[cell], left)
            left -= given[cell]
        cmd["agents_to"] = given
    return cmd


def _card_effect(game, s: MastersState, rng: Random) -> dict[str, Any]:
    """Keep continuing cards on the leader, then finish the card."""
    from companion.games.masters.rules.day import attached_to

    if s.card.continuing and attached_to(s, s.card.key) is None:
        return {"cmd": "attach_card", "card": s.card.key, "to": s.leading}
    return {"cmd": "resolve_card"}


def _hunt(game, s: MastersState, rng: Random) -> dict[str, Any]:
    """The first due day combat, with the bloodiest vampire there."""
    pos = board.hunts_due(s)[0]
    fighters = sorted((v for v in s.vampires_in(pos) if not v.drained), key=lambda v: -v.blood)
    return {"cmd": "day_combat", "district": pos, "vampire": fighters[0].name}


def _combat(game, s: MastersState, rng: Random) -> dict[str, Any]:
    """Hand over, sacrifice when low on blood, reroll when empty, else the default die."""
    c = s.combat
    fighter = s.vampire(c.fighter)
    if fighter.drained and not c.ability_paid:  # (a paid ability's die is used first)
        return {"cmd": "hand_over", "vampire": combat.candidates(s)[0]}
    minions = s.at(c.district).minions
    if not (c.started or c.ability_paid) and minions and fighter.blood < c.dice_left:
        return {"cmd": "sacrifice", "minions": min(minions, c.dice_left)}
    if not s.dice:
        return {"cmd": "reroll"}
    return {"cmd": "use_die"}


def _turn(game, s: MastersState, rng: Random) -> dict[str, Any]:
    """A night action by priority, or end the turn."""
    data = game.data
    v = night.actor(s)
    if v.drained or v.ap <= 0:
        return {"cmd": "end_turn"}

    def ok(verb: str) -> bool:
        return night.why_not(data, s, verb) is None and night.pointless(data, s, verb) is None

    here = s.at(v.district)
    for verb in ("ritual", "sigillate"):
        if ok(verb):
            return {"cmd": verb}
    if v.blood <= 1:
        if ok("hunt"):
            return {"cmd": "hunt"}
        if ok("wild_hunt") and s.veil >= 3:
            return {"cmd": "wild_hunt"}
    if s.veil <= 2 and v.ap >= 2 and ok("recruit"):
        return {"cmd": "recruit"}  # the veil matters more than anything else now
    hungry = [o for o in s.vampires_in(v.district) if o.kills < 9 and o.name != v.name and not o.drained]
    leave_kills = v.kills >= 9 and hungry and here.agents_exposed <= 2  # let a vampire short of 9 kills fight
    if ok("fight") and not leave_kills and (v.blood >= 2 or here.agents_exposed <= v.blood):
        return {"cmd": "fight"}
    if ok("expose") and v.ap >= 2 and v.blood >= 2:
        return {"cmd": "expose"}
    target = _target(s, v)
    if target and target != v.district:
        return _step_towards(s, v, target)
    if v.kills >= 9 and not v.sigil_placed and not here.agents and not here.minions and ok("recruit"):
        return {"cmd": "recruit"}
    if _gathering(s) and here.minions < len(s.vampires) and ok("recruit"):
        return {"cmd": "recruit"}
    if ok("recruit") and s.veil <= 5 and s.reserve.minions > 2 and not here.agents:
        return {"cmd": "recruit"}
    if ok("hunt"):
        return {"cmd": "hunt"}
    return {"cmd": "end_turn"}


def _gathering(s: MastersState) -> bool:
    """Every sigil is placed: time to meet for the ritual."""
    return all(v.sigil_placed for v in s.vampires)


def _target(s: MastersState, v) -> str | None:
    """Where the vampire wants to go: the meeting place, a spot to sigillate, or agents to kill."""
    if _gathering(s):
        return _meeting(s)
    if v.kills >= 9 and not v.sigil_placed:
        if not s.at(v.district).agents and s.at(v.district).sigil is None:
            return None
        free = [d.pos for d in s.districts if not d.agents and d.sigil is None]
        return min(free, key=lambda p: board.distance(v.district, p)) if free else None
    if v.blood < 2:
        return None
    # hunt agents next door, else stay with the leader: a huddled family is noticed in fewer districts
    busy = [d.pos for d in s.districts if d.agents]
    if busy:
        return min(busy, key=lambda p: (board.distance(v.district, p), -s.at(p).agents, p))
    return s.vampire(s.leading).district


def _meeting(s: MastersState) -> str:
    """The meeting place for the ritual: the agent-free district with most minions (the leader's if tied)."""
    free = [d for d in s.districts if not d.agents] or list(s.districts)
    lead = s.vampire(s.leading).district
    return max(free, key=lambda d: (d.minions, d.pos == lead)).pos


def _step_towards(s: MastersState, v, target: str) -> dict[str, Any]:
    """Move one district closer to `target`, bringing minions when gathering."""
    here = v.district
    step = min(board.neighbours(here), key=lambda p: (board.distance(p, target), p))
    cmd: dict[str, Any] = {"cmd": "move", "to": step}
    others_here = [o for o in s.vampires_in(here) if o.name != v.name]
    if s.at(here).minions and (_gathering(s) or not others_here):
        cmd["minions"] = s.at(here).minions  # minions stay with the family: fewer districts to be noticed in
    return cmd


def _random_action(game, s: MastersState, rng: Random) -> dict[str, Any] | None:
    """A random enabled action that needs no further choice (exploration)."""
    options = [a.command for a in game.actions(s) if a.enabled and not a.needs]
    if s.step is Step.CARD_EFFECT:
        pos = rng.choice(POSITIONS)
        options.append({"cmd": "add_agents", "district": pos, "n": rng.randint(1, 2)})
    return dict(rng.choice(options)) if options else None


CHOOSERS = {
    Step.DAY_EFFECTS: _day_effects,
    Step.PLACE_AGENTS: _place_agents,
    Step.CARD_EFFECT: _card_effect,
    Step.HUNT: _hunt,
    Step.TURN: _turn,
    Step.COMBAT: _combat,
}
