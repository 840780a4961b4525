"""`adjust`: set Armata Strigoi counts to what is really on the table (journaled as corrections)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from companion.errors import N_, CommandError, RuleViolation
from companion.games.strigoi.rules import events as ev
from companion.games.strigoi.rules import rules
from companion.games.strigoi.rules.commands import Adjust
from companion.games.strigoi.rules.state import State
from companion.rules import commands as args
from companion.rules.base import Event

KEYS = ("altar", "inferno", "wounds", "strigoi", "collapsed", "ladders", "marker", "rewards")


def fill_adjust(data, state: State, c: Adjust) -> Adjust:
    """An adjust command checked: at least one count, each in its range (the form the journal keeps)."""
    if all(getattr(c, key) is None for key in KEYS):
        raise CommandError(N_("adjust: give one or more of {KEYS}"), KEYS=", ".join(KEYS))
    changes: dict[str, Any] = {}
    for key in ("altar", "inferno"):
        if getattr(c, key) is not None:
            changes[key] = args.in_range("adjust", key, getattr(c, key), 0, data.blood_counters)
    if c.wounds is not None:
        changes["wounds"] = _wounds(data, state, c.wounds)
    if c.rewards is not None:
        changes["rewards"] = _rewards(state, c.rewards)
    if c.strigoi is not None:
        changes["strigoi"] = _strigoi(data, c.strigoi)
    if c.collapsed is not None:
        bad = [r for r in c.collapsed if r not in data.fortress.rooms or not data.fortress.rooms[r].platform]
        if bad:
            raise CommandError(N_("adjust: {bad} are not platform rooms"), bad=bad)
        changes["collapsed"] = tuple(sorted(set(c.collapsed)))
    if c.ladders is not None:
        changes["ladders"] = _ladders(data, c.ladders)
    return replace(c, **changes)


def apply_adjust(data, state: State, c: Adjust) -> tuple[State, list[Event]]:
    """Apply a clean adjust command; RuleViolation if the counts cannot be on a real table."""
    d = data
    altar = state.altar if c.altar is None else c.altar
    inferno = state.inferno if c.inferno is None else c.inferno
    if altar > d.altar_max:
        raise RuleViolation(
            "altar", N_("the Altar holds at most {altar_max} blood points"), altar_max=d.altar_max
        )
    if altar + inferno > d.blood_counters:
        raise RuleViolation(
            "blood", N_("only {blood_counters} blood point counters exist"), blood_counters=d.blood_counters
        )
    state = replace(
        state, altar=altar, inferno=inferno, marker=state.marker if c.marker is None else c.marker
    )
    wounds = c.wounds or {}
    rewards = c.rewards or {}
    state = replace(
        state,
        wolves=tuple(
            replace(w, wounds=wounds.get(w.name, w.wounds), rewards=rewards.get(w.name, w.rewards))
            for w in state.wolves
        ),
    )
    state = _set_strigoi(data, state, c.strigoi or {})
    if c.collapsed is not None:
        state = replace(state, collapsed=tuple(c.collapsed))
    if c.ladders is not None:
        state = replace(state, ladders=tuple(tuple(e) for e in c.ladders))
    events: list[Event] = [ev.Adjusted({k: v for k, v in c.to_dict().items() if k != "cmd"})]
    if state.inferno >= state.defeat_need:
        state, more = rules.end(state, "defeat")
        events += more
    return state, events


def _wounds(data, state: State, raw: Mapping[str, int]) -> dict[str, int]:
    """{wolf: wounds} with wounds below the falling number."""
    names = [w.name for w in state.wolves]
    if not set(raw) <= set(names):
        raise CommandError(
            N_("adjust: `wounds` must map Powerwolves ({names}) to numbers"), names=", ".join(names)
        )
    top = data.wounds_to_fall - 1
    return {k: args.integer(raw, k, lo=0, hi=top) for k in raw}


def _rewards(state: State, raw: Mapping[str, int]) -> dict[str, int]:
    """{wolf: Reward cards held} (a card destroyed by Wild Strength or traded; a correction hands
    out no Advanced Action card)."""
    names = [w.name for w in state.wolves]
    if not set(raw) <= set(names):
        raise CommandError(
            N_("adjust: `rewards` must map Powerwolves ({names}) to numbers"), names=", ".join(names)
        )
    return {k: args.integer(raw, k, lo=0, hi=30) for k in raw}


def _strigoi(data, raw: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """{master|apprentice: {room?, wounds?}}."""
    if not set(raw) <= {"master", "apprentice"}:
        raise CommandError(N_("adjust: `strigoi` must map master/apprentice to {room, wounds}"))
    out = {}
    for sid, values in raw.items():
        if not isinstance(values, Mapping) or not values or not set(values) <= {"room", "wounds"}:
            raise CommandError(N_("adjust: strigoi {sid} takes room and/or wounds"), sid=sid)
        clean: dict[str, Any] = {}
        if "room" in values:
            if values["room"] not in data.fortress.rooms:
                raise CommandError(N_("adjust: no room {values!r}"), values=values["room"])
            clean["room"] = values["room"]
        if "wounds" in values:
            clean["wounds"] = args.integer(values, "wounds", lo=0, hi=99)
        out[sid] = clean
    return out


def _ladders(data, raw: Any) -> list[list[str]]:
    """The ladders still on the table, as outer edges [room, direction]."""
    f = data.fortress
    if not isinstance(raw, list):
        raise CommandError(N_("adjust: `ladders` must list [room, direction] edges"))
    for edge in raw:
        if not f.outer_edge(edge):
            raise CommandError(N_("adjust: ladder {edge!r} is not an outer edge"), edge=edge)
    return [list(e) for e in raw]


def _set_strigoi(data, state: State, changes: Mapping[str, Mapping[str, Any]]) -> State:
    """Move or re-wound Strigoi; a wound count that would destroy one is refused."""
    for sid, values in changes.items():
        me = state.vampire(sid)
        if me.defeated:
            raise RuleViolation("strigoi", N_("the {sid} has already perished"), sid=sid)
        wounds = values.get("wounds", me.wounds)
        if wounds >= state.stat(sid).existence:
            raise RuleViolation(
                "strigoi", N_("that many wounds destroy it: enter the hit with attack_strigoi")
            )
        room = values.get("room", me.room)
        if (
            room is not None
            and room != me.room
            and room != data.fortress.hall
            and not (data.fortress.rooms[room].platform and room not in state.collapsed)
        ):
            raise RuleViolation("strigoi", N_("no platform stands in {room}"), room=room)
        state = rules.set_vampire(state, replace(me, room=room, wounds=wounds))
    return state
