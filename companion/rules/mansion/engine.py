"""The vampire mansion rules engine: `MansionGame` implements `companion.rules.base.Game`.

Pure: no I/O, no clock. Dice come from the table (`values`) or from
`random.Random(f"{seed}:{draws}")`; `draws` advances on every throw either way, so a journal of
canonical commands (with the values filled in) replays to the same state.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any, Callable, Mapping

from companion.errors import CommandError, RuleViolation
from companion.rules import args
from companion.rules.base import Action, Event
from companion.rules.mansion import commands as cmd
from companion.rules.mansion import events as ev
from companion.rules.mansion.board import board_view
from companion.rules.mansion.moves import actions_for
from companion.rules.mansion.placement import destinations, first_tie, ranking, turn_order
from companion.rules.mansion.state import (
    HALL, Outcome, Role, Rules, Seat, State, Step, from_json, to_json,
)
from companion.rules.parsing import to_command

LIVE = frozenset({"claim", "adjust"})
# The phase transition table: which verbs each step accepts.
TRANSITIONS: dict[Step, frozenset[str]] = {
    Step.ROLL: frozenset({"roll", "reroll", "assign", "modify", "lock"}) | LIVE,
    Step.ROLLOFF: frozenset({"rolloff"}) | LIVE,
    Step.TURN: frozenset({"reroll", "modify", "enter", "take", "room_action", "store",
                          "end_turn"}) | LIVE,
    Step.REVEAL: frozenset({"reveal_roles"}) | LIVE,
    Step.OVER: frozenset({"rank"}),
}
DIE = range(1, 7)
# The rulebook's role deck is for 4 players: 1 vampire, 3 humans (state.RULEBOOK_DECK). Other decks
# are our extension: one card per player, `vampires` of them vampires (1 unless the setup says
# otherwise, as before the parameter existed), at least one human.
ROLE_DECK_VAMPIRES = 1


class MansionGame:
    """The mansion companion: dice, turn order, rooms, round clock, role reveals, end and ranking."""

    id = "mansion"
    title = "The Vampire Mansion"

    def __init__(self, rules: Rules):
        """Keep the fixed rules (rooms and numbers)."""
        self.rules = rules

    @property
    def rooms(self) -> int:
        """How many numbered rooms there are (6 with the shipped data)."""
        return len(self.rules.rooms)

    # -- the Game protocol -------------------------------------------------------------------

    def setup(self, command: Mapping[str, Any]) -> tuple[State, list[Event]]:
        """Seats with their starting tokens, one card on every room, clock at tick 1."""
        c = self._setup_fields(command)
        seats = tuple(Seat(name, tokens=c["start_tokens"]) for name in c["names"])
        state = State(seed=c["seed"], draws=0, seats=seats, clock_length=c["clock_length"],
                      target=c["target"], vault_limit=c["vault_limit"],
                      room_cards=(1,) * self.rooms, role_vampires=c["vampires"])
        return state, [ev.GameStarted(tuple(c["names"]), c["clock_length"]), ev.RoundStarted(1)]

    def apply(self, state: State, command: Mapping[str, Any]) -> tuple[State, list[Event]]:
        """New state and events, or RuleViolation/CommandError with nothing changed."""
        parsed = cmd.parse(command)
        verb = command["cmd"]
        if verb not in TRANSITIONS[state.step]:
            if state.step is Step.OVER:
                raise RuleViolation("game-over", f"the game is over ({state.outcome.value})")
            raise RuleViolation("round-flow", f"{verb} is not possible during step {state.step.value}")
        handler: Callable = getattr(self, f"_do_{verb}")
        return handler(state, parsed)

    def canonical(self, state: State | None, command: Mapping[str, Any]) -> dict[str, Any]:
        """The command with every default made explicit (dice values, room, cards taken)."""
        if command.get("cmd") == "setup" or state is None:
            return {"cmd": "setup", "game": self.id, **self._setup_fields(command)}
        parsed = cmd.parse(command)
        return to_command(command["cmd"], self._fill(state, parsed))

    def actions(self, state: State) -> list[Action]:
        """What may be done now, for the screen and the buttons (disabled ones say why)."""
        return actions_for(self, state)

    def to_json(self, state: State) -> dict[str, Any]:
        """The documented state JSON, with the `board` lighting view."""
        return to_json(state, self.rules, board_view(self.rules, state))

    def from_json(self, data: Mapping[str, Any]) -> State:
        """Inverse of `to_json`."""
        return from_json(data)

    def outcome(self, state: State) -> str | None:
        """None while the game runs, else clock / points / all-vampires."""
        return state.outcome.value if state.outcome else None

    # -- setup and defaults ----------------------------------------------------------------------

    def _setup_fields(self, command: Mapping[str, Any]) -> dict[str, Any]:
        """Validated setup parameters with every default filled in."""
        args.refuse_unknown(command, ("cmd", "game", "players", "seed", "names", "clock_length", "target",
                                      "start_tokens", "vault_limit", "vampires"), "setup")
        args.same_game(command, self.id)
        names = args.seat_names(command, self.rules.min_players, self.rules.max_players, "the mansion")
        n = len(names)
        out = {"players": n, "seed": command.get("seed", 0), "names": list(names),
               "clock_length": command.get("clock_length", self.rules.clock_length),
               "target": command.get("target", self.rules.target_points),
               "start_tokens": command.get("start_tokens", self.rules.start_tokens),
               "vault_limit": command.get("vault_limit", 0),
               "vampires": command.get("vampires", ROLE_DECK_VAMPIRES)}
        for key in ("seed", "clock_length", "target", "start_tokens", "vault_limit", "vampires"):
            if not args.is_int(out[key]) or out[key] < (1 if key in ("clock_length", "target") else 0):
                raise CommandError(f"setup: {key} must be a whole number")
        _check_role_deck(n, out["vampires"])
        return out

    def _fill(self, s: State, c: Any) -> Any:
        """`c` with its defaulted values made explicit (as `apply` would choose them)."""
        if isinstance(c, cmd.Roll) and c.values is None:
            return replace(c, values=_dice(s, 2))
        if isinstance(c, cmd.Reroll) and c.player in s.players:
            dice = c.dice if c.dice is not None else self._reroll_default(s, s.seat(c.player))
            return replace(c, dice=dice, values=c.values or _dice(s, len(dice)))
        if isinstance(c, cmd.Rolloff) and c.values is None and s.step is Step.ROLLOFF:
            tied = first_tie(s.seats, self.rooms)
            return replace(c, values=dict(zip(tied, _dice(s, len(tied)))))
        if isinstance(c, cmd.Enter) and c.room is None and s.step is Step.TURN:
            options = self.room_options(s, s.seat(s.current))
            return replace(c, room=options[0] if len(options) == 1 else HALL if not options else None)
        if isinstance(c, cmd.Take) and c.n is None and s.step is Step.TURN:
            room = s.seat(s.current).room
            return replace(c, n=s.room_cards[room - 1] if room else 0)
        return c

    # -- rolling and ordering ------------------------------------------------------------------

    def _do_roll(self, s: State, c: cmd.Roll) -> tuple[State, list[Event]]:
        """Two dice for a player who has not rolled this round."""
        seat = self._seat(s, c.player)
        if seat.dice:
            raise RuleViolation("roll", f"{c.player} has rolled already (a Reroll card rerolls)")
        values = _checked_dice(c.values, 2) if c.values is not None else _dice(s, 2)
        new = replace(s, draws=s.draws + 1).with_seat(c.player, dice=values)
        return new, [ev.DiceRolled(c.player, values, (0, 1))]

    def _do_reroll(self, s: State, c: cmd.Reroll) -> tuple[State, list[Event]]:
        """A Reroll card: before the order is set any die; on one's turn only the room die."""
        seat = self._seat(s, c.player)
        if not seat.dice:
            raise RuleViolation("reroll", f"{c.player} has not rolled yet")
        if s.step is Step.TURN and (c.player != s.current or seat.room is not None):
            raise RuleViolation("reroll", "on a turn only the player on turn, before entering a room")
        allowed = self._reroll_default(s, seat)
        dice = c.dice if c.dice is not None else allowed
        if not dice or len(set(dice)) != len(dice) or not set(dice) <= set(allowed):
            raise RuleViolation("reroll", f"only dice {list(allowed)} can be rerolled now")
        values = _checked_dice(c.values, len(dice)) if c.values is not None else _dice(s, len(dice))
        new_dice = list(seat.dice)
        for i, v in zip(dice, values):
            new_dice[i] = v
        new = replace(s, draws=s.draws + 1).with_seat(c.player, dice=tuple(new_dice))
        return new, [ev.DiceRolled(c.player, tuple(new_dice), tuple(dice))]

    def _do_assign(self, s: State, c: cmd.Assign) -> tuple[State, list[Event]]:
        """Choose which die is the priority; the other one names the room."""
        seat = self._seat(s, c.player)
        if c.priority not in seat.dice:
            raise RuleViolation("assign", f"{c.player}'s dice are {list(seat.dice)}, not {c.priority}")
        if seat.prio_mod or seat.room_mod:
            raise RuleViolation("assign", "Modify tokens were already spent on these dice")
        new = s.with_seat(c.player, split=seat.dice.index(c.priority))
        placed = new.seat(c.player)
        return new, [ev.DiceAssigned(c.player, placed.priority, placed.wanted_room(self.rooms))]

    def _do_modify(self, s: State, c: cmd.Modify) -> tuple[State, list[Event]]:
        """Spend one Modify token for +1/-1 on priority (before the order) or room (before entering)."""
        seat = self._seat(s, c.player)
        if c.delta not in (1, -1) or c.what not in ("priority", "room"):
            raise CommandError("modify: what is priority or room, delta is 1 or -1")
        if seat.tokens < 1:
            raise RuleViolation("modify", f"{c.player} has no Modify token")
        if seat.split is None:
            raise RuleViolation("modify", f"{c.player} has not assigned the dice yet")
        if c.what == "priority":
            if s.step is not Step.ROLL:
                raise RuleViolation("modify", "priority can change only before the order is set")
            if seat.priority + c.delta not in DIE:
                raise RuleViolation("modify", "priority stays between 1 and 6")
            changes = {"prio_mod": seat.prio_mod + c.delta}
        else:
            if s.step is Step.TURN and (c.player != s.current or seat.room is not None):
                raise RuleViolation("modify", "the room changes only before its player enters")
            changes = {"room_mod": seat.room_mod + c.delta}
        new = s.with_seat(c.player, tokens=seat.tokens - 1, **changes)
        after = new.seat(c.player)
        value = after.priority if c.what == "priority" else after.wanted_room(self.rooms)
        return new, [ev.TokenSpent(c.player, c.what, value, after.tokens)]

    def _do_lock(self, s: State, c: cmd.Lock) -> tuple[State, list[Event]]:
        """All dice assigned: order by priority, then room number, else a roll-off."""
        waiting = [p.name for p in s.seats if p.split is None]
        if waiting:
            raise RuleViolation("order", f"still to roll and assign: {', '.join(waiting)}")
        return self._order_or_rolloff(s, [])

    def _do_rolloff(self, s: State, c: cmd.Rolloff) -> tuple[State, list[Event]]:
        """The first tied group rolls one die each; highest goes first; repeat while tied."""
        tied = first_tie(s.seats, self.rooms)
        values = c.values if c.values is not None else dict(zip(tied, _dice(s, len(tied))))
        if set(values) != set(tied):
            raise RuleViolation("rolloff", f"the roll-off is between {', '.join(tied)}")
        _checked_dice(tuple(values.values()), len(tied))
        new = replace(s, draws=s.draws + 1)
        for name in tied:
            new = new.with_seat(name, tiebreak=new.seat(name).tiebreak + (values[name],))
        return self._order_or_rolloff(new, [ev.RolledOff(dict(values))])

    def _order_or_rolloff(self, s: State, events: list[Event]) -> tuple[State, list[Event]]:
        """Turn order if no tie is left, else the roll-off step for the first tie."""
        tied = first_tie(s.seats, self.rooms)
        if tied:
            return replace(s, step=Step.ROLLOFF), events + [ev.TieFound(tied)]
        order = turn_order(s.seats, self.rooms)
        return replace(s, step=Step.TURN, order=order, turn=0), events + [ev.OrderSet(order)]

    # -- a player's turn -------------------------------------------------------------------------

    def _do_enter(self, s: State, c: cmd.Enter) -> tuple[State, list[Event]]:
        """Enter the die's room, or the nearest free one (room capacity 2; the hall if all full)."""
        seat = s.seat(s.current)
        if seat.room is not None:
            raise RuleViolation("enter", f"{s.current} is already in a room")
        options = self.room_options(s, seat)
        room = c.room
        if room is None:
            if len(options) > 1:
                raise RuleViolation("enter", f"choose room {' or '.join(map(str, options))}")
            room = options[0] if options else HALL
        elif room not in (options or (HALL,)):
            allowed = " or ".join(map(str, options)) if options else "the main hall (0)"
            raise RuleViolation("enter", f"{s.current} must go to room {allowed}")
        mates = [p for p in s.occupants(room) if room != HALL]
        wanted = seat.wanted_room(self.rooms)
        new = s.with_seat(s.current, room=room)
        return new, [ev.RoomEntered(s.current, room, wanted, room != wanted, mates[0] if mates else None)]

    def _do_take(self, s: State, c: cmd.Take) -> tuple[State, list[Event]]:
        """Take cards lying in the room (all, or as many as the hand holds)."""
        room = self._in_room(s, "take")
        lying = s.room_cards[room - 1]
        n = lying if c.n is None else c.n
        if not 0 <= n <= lying:
            raise RuleViolation("take", f"room {room} holds {lying} cards")
        cards = list(s.room_cards)
        cards[room - 1] -= n
        seat = s.seat(s.current)
        new = replace(s, room_cards=tuple(cards)).with_seat(s.current, took=seat.took + n)
        return new, [ev.CardsTaken(s.current, room, n, cards[room - 1])]

    def _do_room_action(self, s: State, c: cmd.RoomAction) -> tuple[State, list[Event]]:
        """The room's special action once per turn (tokens counted here, the rest at the table)."""
        room = self.rules.rooms[self._in_room(s, "room_action") - 1]
        seat = s.seat(s.current)
        if seat.acted:
            raise RuleViolation("room_action", f"{room.name}'s action was already taken")
        if room.effect == "store":
            raise RuleViolation("room_action", "in the Vault, store score cards with `store`")
        new = s.with_seat(s.current, acted=True, tokens=seat.tokens + room.tokens)
        return new, [ev.RoomActed(s.current, room.key, room.effect, room.tokens)]

    def _do_store(self, s: State, c: cmd.Store) -> tuple[State, list[Event]]:
        """Vault: move score cards into the safe (optionally one card per turn: vault_limit)."""
        room = self.rules.rooms[self._in_room(s, "store") - 1]
        if room.effect != "store":
            raise RuleViolation("store", "score cards are stored only in the Vault")
        bad = [v for v in c.cards if v not in self.rules.score_cards]
        if bad or not c.cards:
            raise RuleViolation("store", f"score cards are worth {self.rules.score_cards}, got {list(c.cards)}")
        seat = s.seat(s.current)
        if s.vault_limit and seat.stored_now + len(c.cards) > s.vault_limit:
            raise RuleViolation("store", f"only {s.vault_limit} score card(s) per turn")
        new = s.with_seat(s.current, stored=seat.stored + sum(c.cards), acted=True,
                          stored_now=seat.stored_now + len(c.cards))
        return new, [ev.PointsStored(s.current, sum(c.cards), new.seat(s.current).stored)]

    def _do_end_turn(self, s: State, c: cmd.EndTurn) -> tuple[State, list[Event]]:
        """Next player; after the last one, a role reveal (ticks 6 and 9) or the clock moves."""
        player = s.current
        if s.seat(player).room is None:
            raise RuleViolation("end_turn", f"{player} has not entered a room yet")
        events: list[Event] = [ev.TurnEnded(player)]
        if s.turn + 1 < len(s.order):
            return replace(s, turn=s.turn + 1), events
        if s.tick in self.rules.reveal_ticks:
            return replace(s, step=Step.REVEAL), events
        return self._advance(s, events)

    # -- clock, reveals, end -----------------------------------------------------------------

    def _do_reveal_roles(self, s: State, c: cmd.RevealRoles) -> tuple[State, list[Event]]:
        """The shuffled role cards show how many vampires there are; no humans ends the game."""
        n = len(s.seats)
        if not s.role_vampires <= c.vampires <= n:
            raise RuleViolation("reveal", f"between {s.role_vampires} and {n} vampires: the role deck "
                                          f"dealt {s.role_vampires} and a bitten player never turns back")
        new = replace(s, vampires=c.vampires)
        events: list[Event] = [ev.RolesRevealed(s.tick, c.vampires, n - c.vampires)]
        if c.vampires == n:
            return self._over(new, Outcome.ALL_VAMPIRES, events)
        return self._advance(new, events)

    def _do_claim(self, s: State, c: cmd.Claim) -> tuple[State, list[Event]]:
        """A human shows hand points that with the safe reach the target: the game ends."""
        seat = self._seat(s, c.player)
        if c.hand_points < 0:
            raise CommandError("claim: hand_points cannot be negative")
        total = seat.stored + c.hand_points
        if total < s.target:
            raise RuleViolation("points", f"{c.player} has {total} points, {s.target} needed")
        new = replace(s, claimant=c.player)
        return self._over(new, Outcome.POINTS, [ev.PointsClaimed(c.player, total)])

    def _do_rank(self, s: State, c: cmd.Rank) -> tuple[State, list[Event]]:
        """Final ranking from the roles shown, the first vampire and the hands' points."""
        roles = None
        if c.roles is not None:
            if set(c.roles) != set(s.players):
                raise CommandError("rank: roles must name every player")
            roles = {p: _role(r) for p, r in c.roles.items()}
        if c.first_vampire is not None:
            self._seat(s, c.first_vampire)
            if roles is not None and roles[c.first_vampire] is not Role.VAMPIRE:
                raise RuleViolation("rank", f"{c.first_vampire} is not a vampire")
        hand = c.hand_points or {}
        for p in hand:
            self._seat(s, p)
        places = ranking(s.outcome, s.seats, s.claimant, roles, c.first_vampire, hand)
        return replace(s, ranking=places), [ev.Ranked(places)]

    def _do_adjust(self, s: State, c: cmd.Adjust) -> tuple[State, list[Event]]:
        """Set tokens, stored points, room cards, vampires or the clock tick to the table's."""
        changes: dict[str, Any] = {}
        new = s
        if c.tokens is not None or c.stored is not None:
            if c.player is None:
                raise CommandError("adjust: tokens and stored need a player")
            self._seat(s, c.player)
            for key in ("tokens", "stored"):
                value = getattr(c, key)
                if value is not None:
                    if value < 0:
                        raise CommandError(f"adjust: {key} cannot be negative")
                    new = new.with_seat(c.player, **{key: value})
                    changes[key] = {c.player: value}
        if c.room_cards is not None:
            new = replace(new, room_cards=self._room_cards(new, c.room_cards))
            changes["room_cards"] = dict(c.room_cards)
        if c.tick is not None:
            if not 1 <= c.tick <= s.clock_length:
                raise CommandError(f"adjust: tick is 1..{s.clock_length}")
            new, changes["tick"] = replace(new, tick=c.tick), c.tick
        if c.vampires is not None:
            if not 1 <= c.vampires <= len(s.seats):
                raise CommandError(f"adjust: vampires is 1..{len(s.seats)}")
            new, changes["vampires"] = replace(new, vampires=c.vampires), c.vampires
        if not changes:
            raise CommandError("adjust: say what to set (player+tokens/stored, room_cards, tick, vampires)")
        events: list[Event] = [ev.Adjusted(changes)]
        if new.vampires == len(s.seats):
            return self._over(new, Outcome.ALL_VAMPIRES, events)
        return new, events

    def _advance(self, s: State, events: list[Event]) -> tuple[State, list[Event]]:
        """Move the round clock: a new round with a card on every room, or the end of the game."""
        if s.tick >= s.clock_length:
            return self._over(s, Outcome.CLOCK, events)
        seats = tuple(Seat(p.name, tokens=p.tokens, stored=p.stored) for p in s.seats)
        new = replace(s, tick=s.tick + 1, step=Step.ROLL, seats=seats, order=(), turn=0,
                      room_cards=tuple(n + 1 for n in s.room_cards))
        return new, events + [ev.RoundStarted(new.tick)]

    def _over(self, s: State, outcome: Outcome, events: list[Event]) -> tuple[State, list[Event]]:
        """End the game with a first ranking from what is public (refined by `rank`)."""
        places = ranking(outcome, s.seats, s.claimant, None, None, {})
        new = replace(s, step=Step.OVER, outcome=outcome, ranking=places)
        return new, events + [ev.GameOver(outcome.value, places)]

    # -- helpers ---------------------------------------------------------------------------------

    def _seat(self, s: State, name: str) -> Seat:
        """The seat of `name`, or CommandError."""
        if name not in s.players:
            raise CommandError(f"no player called {name!r}")
        return s.seat(name)

    def room_options(self, s: State, seat: Seat) -> tuple[int, ...]:
        """Rooms the player may enter now by the capacity and nearest-free-room rules."""
        counts = {r: len(s.occupants(r)) for r in range(1, self.rooms + 1)}
        return destinations(seat.wanted_room(self.rooms), counts, self.rules.room_capacity, self.rooms)

    def _in_room(self, s: State, rule: str) -> int:
        """The room number the player on turn stands in; refuse before entering or in the hall."""
        room = s.seat(s.current).room
        if room is None:
            raise RuleViolation(rule, f"{s.current} has not entered a room yet")
        if room == HALL:
            raise RuleViolation(rule, "the main hall has no cards and no action")
        return room

    def _reroll_default(self, s: State, seat: Seat) -> tuple[int, ...]:
        """Dice that may be rerolled now: both before the order, the room die on one's turn."""
        if s.step is Step.TURN and seat.split is not None:
            return (1 - seat.split,)
        return tuple(range(len(seat.dice)))

    def _room_cards(self, s: State, counts: Mapping[str, int]) -> tuple[int, ...]:
        """Room card counts with `counts` ({"3": 2}) applied, checked."""
        cards = list(s.room_cards)
        for key, n in counts.items():
            if not key.isdigit() or not 1 <= int(key) <= self.rooms or n < 0:
                raise CommandError(f"adjust: room_cards needs room numbers 1..{self.rooms} and counts >= 0")
            cards[int(key) - 1] = n
        return tuple(cards)


def _dice(s: State, n: int) -> tuple[int, ...]:
    """`n` dice from the seeded RNG at the state's draw counter."""
    rng = random.Random(f"{s.seed}:{s.draws}")
    return tuple(rng.randint(1, 6) for _ in range(n))


def _checked_dice(values: tuple[int, ...], n: int) -> tuple[int, ...]:
    """Table-supplied dice: exactly `n` values 1..6."""
    if len(values) != n or not all(v in DIE for v in values):
        raise CommandError(f"dice: give {n} value(s) from 1 to 6, got {list(values)}")
    return tuple(values)


def _role(value: str) -> Role:
    """A role from its JSON name."""
    try:
        return Role(value)
    except ValueError:
        raise CommandError(f"rank: a role is human or vampire, got {value!r}") from None


def _check_role_deck(players: int, vampires: int) -> None:
    """A role deck has one card per player, at least one vampire and at least one human."""
    if not 1 <= vampires <= players - 1:
        raise RuleViolation("role-deck", f"a role deck for {players} players holds 1 to {players - 1} "
                                         f"vampire cards (at least one human), not {vampires}")
