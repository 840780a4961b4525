"""`adjust`: set Armata Strigoi counts to what is really on the table (journaled as corrections)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Mapping

from companion.errors import N_, CommandError, RuleViolation
from companion.rules import commands as args
from companion.rules.base import Event
from companion.rules.strigoi import events as ev, rules
from companion.rules.strigoi.commands import Adjust
from companion.rules.strigoi.state import State

KEYS = ("altar", "inferno", "wounds", "strigoi", "collapsed", "ladders", "marker", "rewards")


def canonical_adjust(data, state: State, command: Mapping[str, Any]) -> dict[str, Any]:
    """Check the shape of an adjust command and return it clean."""
    given = [k for k in KEYS if k in command]
    extra = set(command) - set(KEYS) - {"cmd"}
    if not given or extra:
        raise CommandError(N_("adjust: give one or more of {KEYS}"), KEYS=', '.join(KEYS))
    out: dict[str, Any] = {"cmd": "adjust"}
    for key in ("altar", "inferno"):
        if key in command:
            out[key] = args.integer(command, key, lo=0, hi=data.blood_counters)
    if "wounds" in command:
        out["wounds"] = _wounds(data, state, command["wounds"])
    if "rewards" in command:
        out["rewards"] = _rewards(state, command["rewards"])
    if "strigoi" in command:
        out["strigoi"] = _strigoi(data, command["strigoi"])
    if "collapsed" in command:
        rooms = args.text_list(command, "collapsed") or ()
        bad = [r for r in rooms if r not in data.fortress.rooms or not data.fortress.rooms[r].platform]
        if bad:
            raise CommandError(N_("adjust: {bad} are not platform rooms"), bad=bad)
        out["collapsed"] = sorted(set(rooms))
    if "ladders" in command:
        out["ladders"] = _ladders(data, command["ladders"])
    if "marker" in command:
        out["marker"] = args.boolean(command, "marker", False)
    return out


def apply_adjust(data, state: State, c: Adjust) -> tuple[State, list[Event]]:
    """Apply a clean adjust command; RuleViolation if the counts cannot be on a real table."""
    d = data
    altar = state.altar if c.altar is None else c.altar
    inferno = state.inferno if c.inferno is None else c.inferno
    if altar > d.altar_max:
        raise RuleViolation("altar", N_("the Altar holds at most {altar_max} blood points"), altar_max=d.altar_max)
    if altar + inferno > d.blood_counters:
        raise RuleViolation("blood", N_("only {blood_counters} blood point counters exist"), blood_counters=d.blood_counters)
    state = replace(state, altar=altar, inferno=inferno, marker=state.marker if c.marker is None else c.marker)
    wounds = c.wounds or {}
    rewards = c.rewards or {}
    state = replace(state, wolves=tuple(replace(w, wounds=wounds.get(w.name, w.wounds),
                                                rewards=rewards.get(w.name, w.rewards))
                                        for w in state.wolves))
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


def _wounds(data, state: State, raw: Any) -> dict[str, int]:
    """{wolf: wounds} with wounds below the falling number."""
    names = [w.name for w in state.wolves]
    if not isinstance(raw, Mapping) or not set(raw) <= set(names):
        raise CommandError(N_("adjust: `wounds` must map Powerwolves ({names}) to numbers"), names=', '.join(names))
    top = data.wounds_to_fall - 1
    return {k: args.integer(raw, k, lo=0, hi=top) for k in raw}


def _rewards(state: State, raw: Any) -> dict[str, int]:
    """{wolf: Reward cards held} (a card destroyed by Wild Strength or traded; a correction hands
    out no Advanced Action card)."""
    names = [w.name for w in state.wolves]
    if not isinstance(raw, Mapping) or not set(raw) <= set(names):
        raise CommandError(N_("adjust: `rewards` must map Powerwolves ({names}) to numbers"), names=', '.join(names))
    return {k: args.integer(raw, k, lo=0, hi=30) for k in raw}


def _strigoi(data, raw: Any) -> dict[str, dict[str, Any]]:
    """{master|apprentice: {room?, wounds?}}."""
    if not isinstance(raw, Mapping) or not set(raw) <= {"master", "apprentice"}:
        raise CommandError(N_("adjust: `strigoi` must map master/apprentice to {room, wounds}"))
    out = {}
    for sid, values in raw.items():
        if not isinstance(values, Mapping) or not values or not set(values) <= {"room", "wounds"}:
            raise CommandError(N_("adjust: strigoi {sid} takes room and/or wounds"), sid=sid)
        clean: dict[str, Any] = {}
        if "room" in values:
            if values["room"] not in data.fortress.rooms:
                raise CommandError(N_("adjust: no room {values!r}"), values=values['room'])
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
            raise RuleViolation("strigoi", N_("that many wounds destroy it: enter the hit with attack_strigoi"))
        room = values.get("room", me.room)
        if room is not None and room != me.room and room != data.fortress.hall and not (
                data.fortress.rooms[room].platform and room not in state.collapsed):
            raise RuleViolation("strigoi", N_("no platform stands in {room}"), room=room)
        state = rules.set_vampire(state, replace(me, room=room, wounds=wounds))
    return state
