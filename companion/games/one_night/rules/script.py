"""Build the narration script for exactly the chosen roles, in the rulebook's wake order."""

from __future__ import annotations

from collections.abc import Mapping

from companion.games.one_night.rules.data import OneNightData, StepSpec
from companion.games.one_night.rules.state import Phase, Step, Waits

# The day is the same for every table: talk, count down, point, turn the cards.
DAY_STEPS = (
    (
        "discussion",
        "Day breaks. Talk it over: who among you has fangs? The vote comes when time is up.",
        Waits.NEXT,
    ),
    ("vote-countdown", "Ready to point: three... two... one... everyone point at a player now!", Waits.NEXT),
    ("vote", "Keep pointing. Enter on the screen whom each player points at.", Waits.VOTE),
    ("reveal", "Turn your cards and Marks face up and enter them to see who wins.", Waits.REVEAL),
)


def timer_keys(data: OneNightData) -> tuple[str, ...]:
    """Every key a setup `timers` table may use: `step`, `discussion`, `vote` or a step id."""
    return ("step", "discussion", "vote") + tuple(s.id for s in data.steps)


def resolved_timers(
    data: OneNightData, roles: tuple[str, ...], marks: bool, timers: Mapping[str, int]
) -> dict[str, int]:
    """Seconds for every step the chosen roles need, data defaults overridden by `timers`."""
    default = timers.get("step", data.rules.step_seconds)
    out = {}
    for spec in _chosen(data, roles, marks):
        out[spec.id] = timers.get(spec.id, spec.seconds if spec.seconds is not None else default)
    out["discussion"] = timers.get("discussion", data.rules.discussion_seconds)
    out["vote"] = timers.get("vote", data.rules.vote_seconds)
    return out


def build(
    data: OneNightData, roles: tuple[str, ...], marks: bool, seconds: Mapping[str, int]
) -> tuple[Step, ...]:
    """The whole script: Dusk and Night steps for these roles, then the day's four steps."""
    steps = []
    for spec in _chosen(data, roles, marks):
        close = "" if any(r in roles for r in spec.keep_open) else spec.close
        wakes = tuple(r for r in spec.when if r in roles) if "*" not in spec.when else ("everyone",)
        steps.append(Step(spec.id, Phase(spec.phase), wakes, spec.prompt, close, seconds[spec.id]))
    for sid, prompt, waits in DAY_STEPS:
        secs = {"discussion": seconds["discussion"], "vote-countdown": seconds["vote"]}.get(sid)
        steps.append(Step(sid, Phase.DAY, ("everyone",), prompt, "", secs, waits))
    return tuple(steps)


def _chosen(data: OneNightData, roles: tuple[str, ...], marks: bool) -> list[StepSpec]:
    """The shipped steps that apply to this set of roles."""
    present = set(roles)
    out = []
    for spec in data.steps:
        if spec.marks and not marks:
            continue
        if "*" not in spec.when and not present & set(spec.when):
            continue
        if not set(spec.needs) <= present:
            continue
        out.append(spec)
    return out
