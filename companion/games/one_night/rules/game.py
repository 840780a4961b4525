"""One Night Ultimate Vampire: the narrator engine behind the shared Game contract.

The companion never sees the secret cards during the night: it reads the wake order for exactly
the chosen roles, times each step, runs the day's talk and vote countdown, and at the end takes
the table's votes and revealed cards/Marks to say who died and who won.

Its step table is keyed by what the narration step waits for (`Waits`): `next` (and `extend` in the
discussion) while a step runs, `vote` at the vote, `reveal` at the reveal; pause, resume and going
to another step work whenever the game runs. Everyone acts at once: nobody has the turn.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from companion.errors import N_, CommandError, RuleViolation, Text
from companion.games.one_night.rules import commands as C
from companion.games.one_night.rules import events as E
from companion.games.one_night.rules.board import board_view
from companion.games.one_night.rules.data import OneNightData
from companion.games.one_night.rules.script import build, resolved_timers, timer_keys
from companion.games.one_night.rules.state import Result, State, Waits, state_from_json, state_to_json, tally
from companion.games.one_night.rules.verdict import Table, deaths, outcome_of, winners
from companion.rules.base import Action, Engine, Event, GameOver, Param, Player, checked, seated
from companion.rules.commands import checked_names, in_range, is_int, seat_map, unnamed
from companion.rules.seats import Renamed, new_names

MAX_SECONDS = 3600
# What each kind of narration step takes (the step table); the rest works whenever the game runs.
STEPS = {
    Waits.NEXT: frozenset({C.Next, C.Extend}),
    Waits.VOTE: frozenset({C.Vote}),
    Waits.REVEAL: frozenset({C.Reveal}),
}
ANYTIME = frozenset({C.Pause, C.Resume, C.Adjust, C.Rename})


class OneNightGame(Engine):
    """The Game object for `one-night` (see the game's README.md)."""

    id = "one-night"
    DATA = OneNightData
    COMMANDS = C.COMMANDS
    STEPS = STEPS
    ANYTIME = ANYTIME

    @property
    def player_range(self) -> tuple[int, int]:
        """The table sizes of the roles file."""
        return self.data.rules.min_players, self.data.rules.max_players

    # ---- the contract ----------------------------------------------------------------------
    def start(self, c: C.Setup) -> tuple[State, list[Event]]:
        """A new game from `{"cmd": "setup", "game": "one-night", "players": N, "seed": S, ...}`."""
        script = build(self.data, c.roles, c.marks, c.timers)
        state = State(
            players=c.players,
            roles=c.roles,
            seed=c.seed,
            marks=c.marks,
            self_vote=c.self_vote,
            script=script,
            names=c.names or (),
        )
        return state, [E.GameSetUp(state.players, c.roles, len(script)), _started(state)]

    def legal_actions(self, state: State) -> list[Action]:
        """What the screen and buttons may do now, disabled ones with the reason."""
        if state.result is not None:
            return []
        step = state.step
        out = [_next_action(state)]
        out.append(
            Action({"cmd": "resume"}, Text(N_("Resume")))
            if state.paused
            else Action({"cmd": "pause"}, Text(N_("Pause")))
        )
        if step.id == "discussion":
            out.append(Action({"cmd": "extend", "seconds": 60}, Text(N_("One more minute"))))
        voting, revealing = step.waits is Waits.VOTE, step.waits is Waits.REVEAL
        out.append(
            Action(
                {"cmd": "vote"},
                Text(N_("Enter the votes")),
                enabled=voting,
                why_not=None if voting else Text(N_("not time to vote yet")),
                params=(self._votes(state),),
            )
        )
        out.append(
            Action(
                {"cmd": "reveal"},
                Text(N_("Enter the revealed cards")),
                enabled=revealing,
                why_not=None if revealing else Text(N_("vote first")),
                params=self._revealed(state),
            )
        )
        steps = tuple(s.id for s in state.script if s.waits is not Waits.REVEAL or state.votes is not None)
        out.append(
            Action({"cmd": "adjust"}, Text(N_("Go to another step")), params=(Param("step", "step", steps),))
        )
        return out

    def _votes(self, state: State) -> Param:
        """Whom each seat points at: another seat (itself too where the table allows it)."""
        seats, names = self._seats(state)
        return Param(
            "votes",
            "player",
            seats,
            names,
            parts=tuple(
                Param(
                    s,
                    "player",
                    *zip(
                        *[
                            (t, names[t - 1])
                            for t in range(1, state.players + 1)
                            if str(t) != s or state.self_vote
                        ]
                    ),
                )
                for s in seats
            ),
        )

    def _revealed(self, state: State) -> tuple[Param, ...]:
        """Each seat's final card (a role of this game), its Mark (no more of one than the box holds),
        and who died if the table says so itself."""
        seats, names = self._seats(state)
        roles = tuple(dict.fromkeys(state.roles))
        role_names = tuple(self.data.roles[r].name for r in roles)
        marks = tuple(self.data.marks)
        return (
            Param(
                "cards",
                "player",
                seats,
                names,
                parts=tuple(Param(s, "choice", roles, role_names) for s in seats),
            ),
            Param(
                "marks",
                "player",
                seats,
                names,
                optional=True,
                counts=tuple(self.data.marks.items()),
                parts=tuple(Param(s, "choice", marks) for s in seats),
            ),
            Param(
                "killed",
                "player",
                tuple(range(1, state.players + 1)),
                names,
                optional=True,
                many=(0, state.players),
            ),
        )

    def _seats(self, state: State) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The seat numbers as a command's keys ("1".."n") and the players' names."""
        return tuple(str(s) for s in range(1, state.players + 1)), tuple(p.name for p in self.players(state))

    def state_json(self, state: State) -> dict[str, Any]:
        """The documented state JSON, with the lights' picture of the board under `board`."""
        return state_to_json(state, board_view(self.data, state), self.outcome(state))

    def from_json(self, data: Mapping[str, Any]) -> State:
        """Inverse of `to_json`."""
        return state_from_json(data)

    # -- the game API ----------------------------------------------------------------------------
    def players(self, state: State) -> tuple[Player, ...]:
        """The seats 1..n, by the setup's names or P1..Pn; the seats killed at the vote are out."""
        names = state.names or unnamed(state.players)
        killed = state.result.killed if state.result is not None else ()
        return seated(names, (names[k - 1] for k in killed))

    def phase(self, state: State) -> str:
        """dusk, night, day, or over once the reveal is entered."""
        return state.phase.value

    def step(self, state: State) -> str:
        """The narration step's id (a role's, or discussion, vote-countdown, vote, reveal)."""
        return state.step.id

    def step_of(self, state: State) -> Waits | str:
        """The key of the step table: what the narration step waits for ("over" once revealed)."""
        return "over" if state.result is not None else state.step.waits

    def where(self, state: State) -> str:
        """The narration step, for a refusal: "step discussion"."""
        return f"step {state.step.id}"

    def outcome(self, state: State) -> str | None:
        """None until the reveal; then the winning teams joined by '+' (or 'no-winner')."""
        return None if state.result is None else outcome_of(state.result.teams)

    # ---- setup checks ------------------------------------------------------------------------
    def filled(self, c: C.Setup) -> C.Setup:
        """Check the setup and fill in roles (from the seed if not given), Marks and timers."""
        rules = self.data.rules
        if c.players is None:
            raise CommandError(N_("setup: `players` is required"))
        players = c.players
        if not rules.min_players <= players <= rules.max_players:
            raise RuleViolation(
                "players",
                N_("One Night needs {min_players}..{max_players} players, not {players}"),
                min_players=rules.min_players,
                max_players=rules.max_players,
                players=players,
            )
        roles = self._pick_roles(players, c.seed) if c.roles is None else self._check_roles(players, c.roles)
        marks = c.marks if c.marks is not None else any(self.data.roles[r].box == "vampire" for r in roles)
        timers = resolved_timers(self.data, roles, marks, self._timers(c.timers or {}))
        if c.names is not None and len(checked_names("setup", "names", c.names)) != players:
            raise CommandError(N_("setup: {players} names needed, got {n}"), players=players, n=len(c.names))
        return replace(
            c,
            roles=roles,
            marks=marks,
            timers=timers,
            self_vote=rules.self_vote if c.self_vote is None else c.self_vote,
        )

    def _timers(self, raw: dict[str, int]) -> dict[str, int]:
        """The setup's `timers` table, checked."""
        known = timer_keys(self.data)
        for key in raw:
            if key not in known:
                raise CommandError(
                    N_("setup: no timer {key!r}; use step, discussion, vote or a step id"), key=key
                )
        return {k: in_range("setup", k, v, 1, MAX_SECONDS) for k, v in raw.items()}

    def _check_roles(self, players: int, roles: tuple[str, ...]) -> tuple[str, ...]:
        """Players + 3 known roles, no role more often than the table owns it."""
        unknown = [r for r in roles if r not in self.data.roles]
        if unknown:
            raise CommandError(N_("setup: unknown role(s) {unknown}"), unknown=", ".join(unknown))
        need = players + self.data.rules.center_cards
        if len(roles) != need:
            raise RuleViolation(
                "roles",
                N_(
                    "{players} players need {need} role cards (one each plus {center_cards} in the middle), got {n}"
                ),
                players=players,
                need=need,
                center_cards=self.data.rules.center_cards,
                n=len(roles),
            )
        for rid in sorted(set(roles)):
            if roles.count(rid) > self.data.roles[rid].copies:
                raise RuleViolation(
                    "roles",
                    N_("{name} is in the game {count} times; there are {copies} such cards"),
                    name=self.data.roles[rid].name,
                    count=roles.count(rid),
                    copies=self.data.roles[rid].copies,
                )
        return roles

    def _pick_roles(self, players: int, seed: int) -> tuple[str, ...]:
        """The role picker: two vampires plus Vampire-box roles, drawn with the seed."""
        rng = random.Random(f"one-night-roles-{seed}")
        pool = [
            r.id for r in self.data.roles.values() if r.box in ("vampire", "any") for _ in range(r.copies)
        ]
        fangs = [r for r in pool if self.data.roles[r].monster == "vampire"]
        others = [r for r in pool if self.data.roles[r].monster is None]
        need = players + self.data.rules.center_cards
        chosen = rng.sample(fangs, min(2, len(fangs))) + rng.sample(others, need - min(2, len(fangs)))
        order = list(self.data.roles)
        return tuple(sorted(chosen, key=order.index))


# ---- the checks that need the table: canonical forms, run before the handlers too -----------------
def _fill_extend(data: OneNightData, state: State, c: C.Extend) -> C.Extend:
    """`extend` with its seconds, checked."""
    return replace(c, seconds=in_range("extend", "seconds", c.seconds, 1, MAX_SECONDS))


def _fill_vote(data: OneNightData, state: State, c: C.Vote) -> C.Vote:
    """`vote` with one target seat per seat, in seat order."""
    votes = seat_map("vote", "votes", c.votes, state.players)
    for seat, target in sorted(votes.items()):
        if not is_int(target) or not 1 <= target <= state.players:
            raise CommandError(
                N_("vote: seat {seat} must point at a seat 1..{players}"), seat=seat, players=state.players
            )
    return replace(c, votes={str(seat): votes[seat] for seat in sorted(votes)})


def _fill_reveal(data: OneNightData, state: State, c: C.Reveal) -> C.Reveal:
    """`reveal` with every seat's final card and Mark (Mark of Clarity when not given)."""
    cards = seat_map("reveal", "cards", c.cards, state.players)
    marks = seat_map("reveal", "marks", c.marks, state.players, required=False)
    for seat, card in cards.items():
        if card not in data.roles:
            raise CommandError(N_("reveal: seat {seat} has unknown role {card!r}"), seat=seat, card=card)
    for seat, mark in marks.items():
        if mark not in data.marks:
            raise CommandError(N_("reveal: seat {seat} has unknown Mark {mark!r}"), seat=seat, mark=mark)
    killed = c.killed
    if killed is not None:
        if not all(1 <= k <= state.players for k in killed):
            raise CommandError(N_("reveal: `killed` must be a list of seat numbers"))
        killed = tuple(sorted(set(killed)))
    return C.Reveal(
        cards={str(s): cards[s] for s in sorted(cards)},
        marks={str(s): marks.get(s, "clarity") for s in range(1, state.players + 1)},
        killed=killed,
    )


def _fill_adjust(data: OneNightData, state: State, c: C.Adjust) -> C.Adjust:
    """`adjust` names a step of this game's script."""
    if c.step not in [s.id for s in state.script]:
        raise CommandError(N_("adjust: no step {step!r} in this game's script"), step=c.step)
    return c


# ---- handlers, one per command -----------------------------------------------------------------
def _next(data: OneNightData, state: State, c: C.Next, events: list[Event]) -> State:
    """Go on to the next step (its timer ran out, or someone tapped next)."""
    why = _next_blocked(state)
    if why:
        raise RuleViolation(*why)
    return _goto(state, state.index + 1, events)


def _pause(data: OneNightData, state: State, c: C.Pause, events: list[Event]) -> State:
    """Hold the narration."""
    if state.paused:
        raise RuleViolation("pause", N_("already paused"))
    events.append(E.Paused())
    return replace(state, paused=True)


def _resume(data: OneNightData, state: State, c: C.Resume, events: list[Event]) -> State:
    """Go on after a pause."""
    if not state.paused:
        raise RuleViolation("resume", N_("not paused"))
    events.append(E.Resumed())
    return replace(state, paused=False)


def _extend(data: OneNightData, state: State, c: C.Extend, events: list[Event]) -> State:
    """More talking time."""
    if state.step.id != "discussion":
        raise RuleViolation("extend", N_("only the day's discussion can be extended"))
    new = replace(state, extra=state.extra + c.seconds)
    events.append(E.TimerExtended(new.step.id, c.seconds, new.seconds))
    return new


def _vote(data: OneNightData, state: State, c: C.Vote, events: list[Event]) -> State:
    """Record who points at whom and move on to the reveal."""
    votes = tuple(c.votes[str(s)] for s in range(1, state.players + 1))
    if not state.self_vote:
        selfish = [s for s, t in enumerate(votes, start=1) if s == t]
        if selfish:
            raise RuleViolation(
                "vote",
                N_("seat(s) {selfish} point at themselves; players vote for someone else"),
                selfish=selfish,
            )
    counts = tally(votes)
    top = max(counts.values())
    leaders = tuple(s for s, n in counts.items() if n == top)
    events.append(
        E.VotesCounted({str(k): v for k, v in counts.items()}, leaders, state.names or unnamed(state.players))
    )
    return _goto(replace(state, votes=votes), state.index + 1, events)


def _reveal(data: OneNightData, state: State, c: C.Reveal, events: list[Event]) -> State:
    """Cards and Marks face up: deaths and winners, and the game ends."""
    n = state.players
    cards = tuple(c.cards[str(s)] for s in range(1, n + 1))
    marks = tuple(c.marks[str(s)] for s in range(1, n + 1))
    strangers = sorted({card for card in cards if card not in state.roles})
    if strangers:
        raise RuleViolation(
            "reveal", N_("role(s) {strangers} are not in this game"), strangers=", ".join(strangers)
        )
    for mark in sorted(set(marks)):
        if marks.count(mark) > data.marks[mark]:
            raise RuleViolation(
                "reveal", N_("only {marks} Mark(s) of {mark} exist"), marks=data.marks[mark], mark=mark
            )
    table = Table(data, cards, marks, state.votes)
    killed = c.killed if c.killed is not None else deaths(table)
    teams, seats = winners(table, killed)
    events += [
        E.Revealed(killed, seats, teams, state.names or unnamed(state.players)),
        GameOver(outcome_of(teams)),
    ]
    return replace(state, result=Result(cards, marks, killed, seats, teams))


def _adjust(data: OneNightData, state: State, c: C.Adjust, events: list[Event]) -> State:
    """Move to another step; going back before the vote forgets the votes."""
    index = [s.id for s in state.script].index(c.step)
    if state.script[index].waits is Waits.REVEAL and state.votes is None:
        raise RuleViolation("adjust", N_("the reveal needs the votes; go to the vote step"))
    votes = state.votes if state.script[index].waits is Waits.REVEAL else None
    events.append(E.StepAdjusted(c.step))
    return _goto(replace(state, votes=votes, paused=False), index, events)


def _goto(state: State, index: int, events: list[Event]) -> State:
    """Close the current step and open step `index`."""
    old = state.step
    new = replace(state, index=index, extra=0)
    events += [E.StepEnded(old.id, old.close), _started(new)]
    return new


def _started(state: State) -> E.StepStarted:
    """The StepStarted event for the current step."""
    s = state.step
    return E.StepStarted(s.id, s.phase.value, s.wakes, s.prompt, state.seconds)


def _next_blocked(state: State) -> tuple[str, str] | None:
    """Why `next` is refused now, as (rule, why), or None."""
    if state.paused:
        return ("paused", Text(N_("the narrator is paused; resume first")))
    if state.step.waits is Waits.VOTE:
        return ("vote", Text(N_("enter the votes to go on")))
    if state.step.waits is Waits.REVEAL:
        return ("reveal", Text(N_("enter the revealed cards to finish")))
    return None


def _next_action(state: State) -> Action:
    """The `next` action, greyed out with the reason when blocked."""
    why = _next_blocked(state)
    return Action({"cmd": "next"}, Text(N_("Next")), enabled=why is None, why_not=why[1] if why else None)


def _rename(data: OneNightData, s: State, c: C.Rename, events: list[Event]) -> State:
    """New names for seats (an unnamed seat by its code, "P3"); the JSON's `names` then lists every seat."""
    current = s.names or unnamed(s.players)
    changed = new_names(current, c.names)
    events.append(Renamed(changed))
    return replace(s, names=tuple(changed.get(n, n) for n in current))


OneNightGame.FILLS = {
    C.Extend: _fill_extend,
    C.Vote: _fill_vote,
    C.Reveal: _fill_reveal,
    C.Adjust: _fill_adjust,
}
# each handler gets its command checked and completed by its fill first (seats, roles, steps)
OneNightGame.HANDLERS = {
    C.Next: _next,
    C.Pause: _pause,
    C.Resume: _resume,
    C.Extend: checked(_fill_extend, _extend),
    C.Vote: checked(_fill_vote, _vote),
    C.Reveal: checked(_fill_reveal, _reveal),
    C.Adjust: checked(_fill_adjust, _adjust),
    C.Rename: _rename,
}
