"""One Night Ultimate Vampire: the narrator engine behind the shared Game contract.

The companion never sees the secret cards during the night: it reads the wake order for exactly
the chosen roles, times each step, runs the day's talk and vote countdown, and at the end takes
the table's votes and revealed cards/Marks to say who died and who won.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any, Mapping

from companion.errors import CommandError, RuleViolation
from companion.rules import args
from companion.rules.base import Action, Event
from companion.rules.one_night import events as ev
from companion.rules.one_night.board import board_view
from companion.rules.one_night.data import OneNightData
from companion.rules.one_night.script import build, resolved_timers, timer_keys
from companion.rules.one_night.state import (Result, State, Waits, state_from_json,
                                             state_to_json, tally)
from companion.rules.one_night.verdict import Table, deaths, outcome_of, winners

MAX_SECONDS = 3600
VERBS = ("setup", "next", "pause", "resume", "extend", "vote", "reveal", "adjust")


class OneNightGame:
    """The Game object for `one-night` (see docs/one-night.md)."""

    id = "one-night"
    title = "One Night Ultimate Vampire"

    def __init__(self, data: OneNightData):
        """Keep the role and script data."""
        self.data = data

    # ---- the contract ----------------------------------------------------------------------
    def setup(self, command: Mapping[str, Any]) -> tuple[State, list[Event]]:
        """A new game from `{"cmd": "setup", "game": "one-night", "players": N, "seed": S, ...}`."""
        c = self.canonical(None, command)
        roles = tuple(c["roles"])
        script = build(self.data, roles, c["marks"], c["timers"])
        state = State(players=c["players"], roles=roles, seed=c["seed"], marks=c["marks"],
                      self_vote=c["self_vote"], script=script, names=tuple(c.get("names", ())))
        return state, [ev.GameSetUp(state.players, roles, len(script)), _started(state)]

    def apply(self, state: State, command: Mapping[str, Any]) -> tuple[State, list[Event]]:
        """New state and events; RuleViolation/CommandError and nothing changes."""
        c = self.canonical(state, command)
        if c["cmd"] == "setup":
            raise RuleViolation("setup", "the game is already set up")
        if state.result is not None:
            raise RuleViolation("over", "the game is over; only undo can change it")
        return getattr(self, "_" + c["cmd"])(state, c)

    def canonical(self, state: State | None, command: Mapping[str, Any]) -> dict[str, Any]:
        """The command checked and with every default made explicit (what the journal stores)."""
        verb = args.verb_of(command, VERBS, self.id)
        if verb == "setup":
            return self._canonical_setup(command)
        if state is None:
            raise CommandError(f"{verb}: set the game up first")
        return getattr(self, "_canonical_" + verb, args.verb_only)(state, command)

    def actions(self, state: State) -> list[Action]:
        """What the screen and buttons may do now, disabled ones with the reason."""
        if state.result is not None:
            return []
        step = state.step
        out = [_next_action(state)]
        out.append(Action({"cmd": "resume"}, "Resume") if state.paused
                   else Action({"cmd": "pause"}, "Pause"))
        if step.id == "discussion":
            out.append(Action({"cmd": "extend", "seconds": 60}, "One more minute"))
        out.append(Action({"cmd": "vote"}, "Enter the votes", enabled=step.waits is Waits.VOTE,
                          why_not=None if step.waits is Waits.VOTE else "not time to vote yet",
                          needs=("votes",)))
        out.append(Action({"cmd": "reveal"}, "Enter the revealed cards",
                          enabled=step.waits is Waits.REVEAL,
                          why_not=None if step.waits is Waits.REVEAL else "vote first",
                          needs=("cards", "marks")))
        out.append(Action({"cmd": "adjust"}, "Go to another step", needs=("step",)))
        return out

    def to_json(self, state: State) -> dict[str, Any]:
        """The documented state JSON, with the `board` view for the lights."""
        return state_to_json(state, board_view(state), self.outcome(state))

    def from_json(self, data: Mapping[str, Any]) -> State:
        """Inverse of `to_json`."""
        return state_from_json(data)

    def outcome(self, state: State) -> str | None:
        """None until the reveal; then the winning teams joined by '+' (or 'no-winner')."""
        return None if state.result is None else outcome_of(state.result.teams)

    # ---- command checks ----------------------------------------------------------------------
    def _canonical_setup(self, command: Mapping[str, Any]) -> dict[str, Any]:
        """Check the setup and fill in roles (from the seed if not given), Marks and timers."""
        rules = self.data.rules
        args.same_game(command, self.id)
        players = args.integer(command, "players")
        if not rules.min_players <= players <= rules.max_players:
            raise RuleViolation("players", f"One Night needs {rules.min_players}..{rules.max_players}"
                                           f" players, not {players}")
        seed = args.integer(command, "seed", 0)
        roles = args.text_list(command, "roles")
        roles = self._pick_roles(players, seed) if roles is None else self._check_roles(players, roles)
        marks = args.boolean(command, "marks", any(self.data.roles[r].box == "vampire" for r in roles))
        out = {"cmd": "setup", "game": self.id, "players": players, "seed": seed,
               "roles": list(roles), "marks": marks,
               "self_vote": args.boolean(command, "self_vote", rules.self_vote),
               "timers": resolved_timers(self.data, roles, marks, self._timers(command))}
        names = args.text_list(command, "names")
        if names is not None:
            if len(names) != players:
                raise CommandError(f"setup: {players} names needed, got {len(names)}")
            out["names"] = list(names)
        return out

    def _timers(self, command: Mapping[str, Any]) -> dict[str, int]:
        """The setup's `timers` table, checked."""
        raw = command.get("timers", {})
        if not isinstance(raw, Mapping):
            raise CommandError("setup: `timers` must map step ids to seconds")
        known = timer_keys(self.data)
        for key in raw:
            if key not in known:
                raise CommandError(f"setup: no timer {key!r}; use step, discussion, vote or a step id")
        return {k: args.integer(raw, k, lo=1, hi=MAX_SECONDS) for k in raw}

    def _check_roles(self, players: int, roles: tuple[str, ...]) -> tuple[str, ...]:
        """Players + 3 known roles, no role more often than the table owns it."""
        unknown = [r for r in roles if r not in self.data.roles]
        if unknown:
            raise CommandError(f"setup: unknown role(s) {', '.join(unknown)}")
        need = players + self.data.rules.center_cards
        if len(roles) != need:
            raise RuleViolation("roles", f"{players} players need {need} role cards "
                                         f"(one each plus {self.data.rules.center_cards} in the middle), "
                                         f"got {len(roles)}")
        for rid in sorted(set(roles)):
            if roles.count(rid) > self.data.roles[rid].copies:
                raise RuleViolation("roles", f"{self.data.roles[rid].name} is in the game "
                                             f"{roles.count(rid)} times; there are "
                                             f"{self.data.roles[rid].copies} such cards")
        return roles

    def _pick_roles(self, players: int, seed: int) -> tuple[str, ...]:
        """The role picker: two vampires plus Vampire-box roles, drawn with the seed."""
        rng = random.Random(f"one-night-roles-{seed}")
        pool = [r.id for r in self.data.roles.values() if r.box in ("vampire", "any")
                for _ in range(r.copies)]
        fangs = [r for r in pool if self.data.roles[r].monster == "vampire"]
        others = [r for r in pool if self.data.roles[r].monster is None]
        need = players + self.data.rules.center_cards
        chosen = rng.sample(fangs, min(2, len(fangs))) + rng.sample(others, need - min(2, len(fangs)))
        order = list(self.data.roles)
        return tuple(sorted(chosen, key=order.index))

    def _canonical_extend(self, state: State, command: Mapping[str, Any]) -> dict[str, Any]:
        """`extend` with its seconds."""
        return {"cmd": "extend", "seconds": args.integer(command, "seconds", 60, 1, MAX_SECONDS)}

    def _canonical_vote(self, state: State, command: Mapping[str, Any]) -> dict[str, Any]:
        """`vote` with one target seat per seat."""
        votes = args.seat_map(command, "votes", state.players)
        clean = {}
        for seat, target in sorted(votes.items()):
            if not args.is_int(target) or not 1 <= target <= state.players:
                raise CommandError(f"vote: seat {seat} must point at a seat 1..{state.players}")
            clean[str(seat)] = target
        return {"cmd": "vote", "votes": clean}

    def _canonical_reveal(self, state: State, command: Mapping[str, Any]) -> dict[str, Any]:
        """`reveal` with every seat's final card and Mark (Mark of Clarity when not given)."""
        cards = args.seat_map(command, "cards", state.players)
        marks = args.seat_map(command, "marks", state.players, required=False)
        for seat, card in cards.items():
            if not isinstance(card, str) or card not in self.data.roles:
                raise CommandError(f"reveal: seat {seat} has unknown role {card!r}")
        for seat, mark in marks.items():
            if not isinstance(mark, str) or mark not in self.data.marks:
                raise CommandError(f"reveal: seat {seat} has unknown Mark {mark!r}")
        out = {"cmd": "reveal",
               "cards": {str(s): cards[s] for s in sorted(cards)},
               "marks": {str(s): marks.get(s, "clarity") for s in range(1, state.players + 1)}}
        if "killed" in command:
            killed = command["killed"]
            if not isinstance(killed, list) or not all(
                    args.is_int(k) and 1 <= k <= state.players for k in killed):
                raise CommandError("reveal: `killed` must be a list of seat numbers")
            out["killed"] = sorted(set(killed))
        return out

    def _canonical_adjust(self, state: State, command: Mapping[str, Any]) -> dict[str, Any]:
        """`adjust` moves the narrator to a step of the script."""
        step = args.text(command, "step")
        if step not in [s.id for s in state.script]:
            raise CommandError(f"adjust: no step {step!r} in this game's script")
        return {"cmd": "adjust", "step": step}

    # ---- command effects ---------------------------------------------------------------------
    def _next(self, state: State, c: dict) -> tuple[State, list[Event]]:
        """Go on to the next step (its timer ran out, or someone tapped next)."""
        why = _next_blocked(state)
        if why:
            raise RuleViolation(*why)
        return _goto(state, state.index + 1)

    def _pause(self, state: State, c: dict) -> tuple[State, list[Event]]:
        """Hold the narration."""
        if state.paused:
            raise RuleViolation("pause", "already paused")
        return replace(state, paused=True), [ev.Paused()]

    def _resume(self, state: State, c: dict) -> tuple[State, list[Event]]:
        """Go on after a pause."""
        if not state.paused:
            raise RuleViolation("resume", "not paused")
        return replace(state, paused=False), [ev.Resumed()]

    def _extend(self, state: State, c: dict) -> tuple[State, list[Event]]:
        """More talking time."""
        if state.step.id != "discussion":
            raise RuleViolation("extend", "only the day's discussion can be extended")
        new = replace(state, extra=state.extra + c["seconds"])
        return new, [ev.TimerExtended(new.step.id, c["seconds"], new.seconds)]

    def _vote(self, state: State, c: dict) -> tuple[State, list[Event]]:
        """Record who points at whom and move on to the reveal."""
        if state.step.waits is not Waits.VOTE:
            raise RuleViolation("vote", "not time to vote yet")
        votes = tuple(c["votes"][str(s)] for s in range(1, state.players + 1))
        if not state.self_vote:
            selfish = [s for s, t in enumerate(votes, start=1) if s == t]
            if selfish:
                raise RuleViolation("vote", f"seat(s) {selfish} point at themselves; "
                                            "players vote for someone else")
        counts = tally(votes)
        top = max(counts.values())
        leaders = tuple(s for s, n in counts.items() if n == top)
        new, events = _goto(replace(state, votes=votes), state.index + 1)
        return new, [ev.VotesCounted({str(k): v for k, v in counts.items()}, leaders), *events]

    def _reveal(self, state: State, c: dict) -> tuple[State, list[Event]]:
        """Cards and Marks face up: deaths and winners, and the game ends."""
        if state.step.waits is not Waits.REVEAL:
            raise RuleViolation("reveal", "vote first")
        n = state.players
        cards = tuple(c["cards"][str(s)] for s in range(1, n + 1))
        marks = tuple(c["marks"][str(s)] for s in range(1, n + 1))
        strangers = sorted({card for card in cards if card not in state.roles})
        if strangers:
            raise RuleViolation("reveal", f"role(s) {', '.join(strangers)} are not in this game")
        for mark in sorted(set(marks)):
            if marks.count(mark) > self.data.marks[mark]:
                raise RuleViolation("reveal", f"only {self.data.marks[mark]} Mark(s) of {mark} exist")
        table = Table(self.data, cards, marks, state.votes)
        killed = tuple(c["killed"]) if "killed" in c else deaths(table)
        teams, seats = winners(table, killed)
        new = replace(state, result=Result(cards, marks, killed, seats, teams))
        return new, [ev.Revealed(killed, seats, teams), ev.GameEnded(outcome_of(teams))]

    def _adjust(self, state: State, c: dict) -> tuple[State, list[Event]]:
        """Move to another step; going back before the vote forgets the votes."""
        index = [s.id for s in state.script].index(c["step"])
        if state.script[index].waits is Waits.REVEAL and state.votes is None:
            raise RuleViolation("adjust", "the reveal needs the votes; go to the vote step")
        votes = state.votes if state.script[index].waits is Waits.REVEAL else None
        new, events = _goto(replace(state, votes=votes, paused=False), index)
        return new, [ev.StepAdjusted(c["step"]), *events]


def _goto(state: State, index: int) -> tuple[State, list[Event]]:
    """Close the current step and open step `index`."""
    old = state.step
    new = replace(state, index=index, extra=0)
    return new, [ev.StepEnded(old.id, old.close), _started(new)]


def _started(state: State) -> ev.StepStarted:
    """The StepStarted event for the current step."""
    s = state.step
    return ev.StepStarted(s.id, s.phase.value, s.wakes, s.prompt, state.seconds)


def _next_blocked(state: State) -> tuple[str, str] | None:
    """Why `next` is refused now, as (rule, why), or None."""
    if state.paused:
        return ("paused", "the narrator is paused; resume first")
    if state.step.waits is Waits.VOTE:
        return ("vote", "enter the votes to go on")
    if state.step.waits is Waits.REVEAL:
        return ("reveal", "enter the revealed cards to finish")
    return None


def _next_action(state: State) -> Action:
    """The `next` action, greyed out with the reason when blocked."""
    why = _next_blocked(state)
    return Action({"cmd": "next"}, "Next", enabled=why is None, why_not=why[1] if why else None)
