"""The vampire mansion rules engine: `MansionGame`, built on the shared `companion.rules.base.Engine`.

Pure: no I/O, no clock. Dice come from the table (`values`) or from
`random.Random(f"{seed}:{draws}")`; `draws` advances on every throw either way, so a journal of
canonical commands (with the values filled in) replays to the same state.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from companion.errors import N_, CommandError, RuleViolation
from companion.games.mansion.rules import commands as C
from companion.games.mansion.rules import events as E
from companion.games.mansion.rules.board import board_phase, board_view
from companion.games.mansion.rules.dice import (
    assign,
    fill_reroll,
    fill_roll,
    fill_rolloff,
    lock,
    modify,
    reroll,
    roll,
    rolloff,
    seat_of,
)
from companion.games.mansion.rules.moves import actions_for
from companion.games.mansion.rules.placement import destinations, ranking
from companion.games.mansion.rules.state import (
    HALL,
    Outcome,
    Role,
    Rules,
    Seat,
    State,
    Step,
    from_json,
    to_json,
)
from companion.rules.base import Action, Engine, Event, StateJson
from companion.rules.commands import seat_names
from companion.rules.seats import renaming

LIVE = frozenset({C.Claim, C.Adjust, C.Rename})
# The phase transition table: which commands each step accepts.
STEPS: dict[Step, frozenset[type]] = {
    Step.ROLL: frozenset({C.Roll, C.Reroll, C.Assign, C.Modify, C.Lock}) | LIVE,
    Step.ROLLOFF: frozenset({C.Rolloff}) | LIVE,
    Step.TURN: frozenset({C.Reroll, C.Modify, C.Enter, C.Take, C.RoomAction, C.Store, C.EndTurn}) | LIVE,
    Step.REVEAL: frozenset({C.RevealRoles}) | LIVE,
    Step.OVER: frozenset({C.Rank}),
}
# The rulebook's role deck is for 4 players: 1 vampire, 3 humans (state.RULEBOOK_DECK). Other decks
# are our extension: one card per player, `vampires` of them vampires (1 unless the setup says
# otherwise, as before the parameter existed), at least one human.
ROLE_DECK_VAMPIRES = 1


class MansionGame(Engine):
    """The mansion companion: dice, turn order, rooms, round clock, role reveals, end and ranking."""

    id = "mansion"
    DATA = Rules
    COMMANDS = C.COMMANDS
    STEPS = STEPS
    JSON = StateJson(to_json, from_json, board_view)

    @property
    def rooms(self) -> int:
        """How many numbered rooms there are (6 with the shipped data)."""
        return len(self.data.rooms)

    def room_options(self, s: State, seat: Seat) -> tuple[int, ...]:
        """Rooms the player may enter now by the capacity and nearest-free-room rules."""
        return room_options(self.data, s, seat)

    # -- the Game protocol -------------------------------------------------------------------

    def start(self, c: C.Setup) -> tuple[State, list[Event]]:
        """Seats with their starting tokens, one card on every room, clock at tick 1."""
        seats = tuple(Seat(name, tokens=c.start_tokens) for name in c.names)
        state = State(
            seed=c.seed,
            draws=0,
            seats=seats,
            clock_length=c.clock_length,
            target=c.target,
            vault_limit=c.vault_limit,
            room_cards=(1,) * self.rooms,
            role_vampires=c.vampires,
        )
        return state, [E.GameSetUp(tuple(c.names), c.clock_length), E.RoundStarted(1)]

    def legal_actions(self, state: State) -> list[Action]:
        """What may be done now, for the screen and the buttons (disabled ones say why)."""
        return actions_for(self, state)

    # -- the game API ----------------------------------------------------------------------------
    def whose_turn(self, state: State) -> str | None:
        """The player on turn in the turn step; while dice are rolled everyone acts at once."""
        return state.current

    def phase(self, state: State) -> str:
        """dusk while dice are rolled, night while players roam, day at a reveal, over at the end."""
        return board_phase(state)

    # -- setup and defaults ----------------------------------------------------------------------

    def filled(self, c: C.Setup) -> C.Setup:
        """The setup checked, with every default filled in."""
        rules = self.data
        names = seat_names(c.players, c.names, rules.min_players, rules.max_players, "the mansion")
        n = len(names)
        out = replace(
            c,
            players=n,
            names=tuple(names),
            clock_length=rules.clock_length if c.clock_length is None else c.clock_length,
            target=rules.target_points if c.target is None else c.target,
            start_tokens=rules.start_tokens if c.start_tokens is None else c.start_tokens,
            vampires=ROLE_DECK_VAMPIRES if c.vampires is None else c.vampires,
        )
        for key in ("seed", "clock_length", "target", "start_tokens", "vault_limit", "vampires"):
            if getattr(out, key) < (1 if key in ("clock_length", "target") else 0):
                raise CommandError(N_("setup: {key} must be a whole number"), key=key)
        _check_role_deck(n, out.vampires)
        return out


# -- canonical forms: the values apply would choose, written out ----------------------------------


def _fill_enter(rules: Rules, s: State, c: C.Enter) -> C.Enter:
    """The room entered when there is only one choice (the hall when every room is full)."""
    if c.room is not None or s.step is not Step.TURN:
        return c
    options = room_options(rules, s, s.seat(s.current))
    return replace(c, room=options[0] if len(options) == 1 else HALL if not options else None)


def _fill_take(rules: Rules, s: State, c: C.Take) -> C.Take:
    """All the cards lying in the room."""
    if c.n is not None or s.step is not Step.TURN:
        return c
    room = s.seat(s.current).room
    return replace(c, n=s.room_cards[room - 1] if room else 0)


# -- a player's turn -------------------------------------------------------------------------


def _enter(rules: Rules, s: State, c: C.Enter, events: list[Event]) -> State:
    """Enter the die's room, or the nearest free one (room capacity 2; the hall if all full)."""
    seat = s.seat(s.current)
    if seat.room is not None:
        raise RuleViolation("enter", N_("{current} is already in a room"), current=s.current)
    options = room_options(rules, s, seat)
    room = c.room
    if room is None:
        if len(options) > 1:
            raise RuleViolation("enter", N_("choose room {options}"), options=" or ".join(map(str, options)))
        room = options[0] if options else HALL
    elif room not in (options or (HALL,)):
        allowed = " or ".join(map(str, options)) if options else "the main hall (0)"
        raise RuleViolation(
            "enter", N_("{current} must go to room {allowed}"), current=s.current, allowed=allowed
        )
    mates = [p for p in s.occupants(room) if room != HALL]
    wanted = seat.wanted_room(len(rules.rooms))
    new = s.with_seat(s.current, room=room)
    events.append(E.RoomEntered(s.current, room, wanted, room != wanted, mates[0] if mates else None))
    return new


def _take(rules: Rules, s: State, c: C.Take, events: list[Event]) -> State:
    """Take cards lying in the room (all, or as many as the hand holds)."""
    room = _in_room(s, "take")
    lying = s.room_cards[room - 1]
    n = lying if c.n is None else c.n
    if not 0 <= n <= lying:
        raise RuleViolation("take", N_("room {room} holds {lying} cards"), room=room, lying=lying)
    cards = list(s.room_cards)
    cards[room - 1] -= n
    seat = s.seat(s.current)
    new = replace(s, room_cards=tuple(cards)).with_seat(s.current, took=seat.took + n)
    events.append(E.CardsTaken(s.current, room, n, cards[room - 1]))
    return new


def _room_action(rules: Rules, s: State, c: C.RoomAction, events: list[Event]) -> State:
    """The room's special action once per turn (tokens counted here, the rest at the table)."""
    room = rules.rooms[_in_room(s, "room_action") - 1]
    seat = s.seat(s.current)
    if seat.acted:
        raise RuleViolation("room_action", N_("{name}'s action was already taken"), name=room.name)
    if room.effect == "store":
        raise RuleViolation("room_action", N_("in the Vault, store score cards with `store`"))
    new = s.with_seat(s.current, acted=True, tokens=seat.tokens + room.tokens)
    events.append(E.RoomActed(s.current, room.key, room.effect, room.tokens))
    return new


def _store(rules: Rules, s: State, c: C.Store, events: list[Event]) -> State:
    """Vault: move score cards into the safe (optionally one card per turn: vault_limit)."""
    room = rules.rooms[_in_room(s, "store") - 1]
    if room.effect != "store":
        raise RuleViolation("store", N_("score cards are stored only in the Vault"))
    bad = [v for v in c.cards if v not in rules.score_cards]
    if bad or not c.cards:
        raise RuleViolation(
            "store",
            N_("score cards are worth {score_cards}, got {values}"),
            score_cards=rules.score_cards,
            values=list(c.cards),
        )
    seat = s.seat(s.current)
    if s.vault_limit and seat.stored_now + len(c.cards) > s.vault_limit:
        raise RuleViolation(
            "store", N_("only {vault_limit} score card(s) per turn"), vault_limit=s.vault_limit
        )
    new = s.with_seat(
        s.current, stored=seat.stored + sum(c.cards), acted=True, stored_now=seat.stored_now + len(c.cards)
    )
    events.append(E.PointsStored(s.current, sum(c.cards), new.seat(s.current).stored))
    return new


def _end_turn(rules: Rules, s: State, c: C.EndTurn, events: list[Event]) -> State:
    """Next player; after the last one, a role reveal (ticks 6 and 9) or the clock moves."""
    player = s.current
    if s.seat(player).room is None:
        raise RuleViolation("end_turn", N_("{player} has not entered a room yet"), player=player)
    events.append(E.TurnEnded(player))
    if s.turn + 1 < len(s.order):
        return replace(s, turn=s.turn + 1)
    if s.tick in rules.reveal_ticks:
        return replace(s, step=Step.REVEAL)
    return _advance(rules, s, events)


# -- clock, reveals, end -----------------------------------------------------------------


def _reveal_roles(rules: Rules, s: State, c: C.RevealRoles, events: list[Event]) -> State:
    """The shuffled role cards show how many vampires there are; no humans ends the game."""
    n = len(s.seats)
    if not s.role_vampires <= c.vampires <= n:
        raise RuleViolation(
            "reveal",
            N_(
                "between {role_vampires} and {n} vampires: the role deck dealt {role_vampires} "
                "and a bitten player never turns back"
            ),
            role_vampires=s.role_vampires,
            n=n,
        )
    new = replace(s, vampires=c.vampires)
    events.append(E.RolesRevealed(s.tick, c.vampires, n - c.vampires))
    if c.vampires == n:
        return _over(new, Outcome.ALL_VAMPIRES, events)
    return _advance(rules, new, events)


def _claim(rules: Rules, s: State, c: C.Claim, events: list[Event]) -> State:
    """A human shows hand points that with the safe reach the target: the game ends."""
    seat = seat_of(s, c.player)
    if c.hand_points < 0:
        raise CommandError(N_("claim: hand_points cannot be negative"))
    total = seat.stored + c.hand_points
    if total < s.target:
        raise RuleViolation(
            "points",
            N_("{player} has {total} points, {target} needed"),
            player=c.player,
            total=total,
            target=s.target,
        )
    new = replace(s, claimant=c.player)
    events.append(E.PointsClaimed(c.player, total))
    return _over(new, Outcome.POINTS, events)


def _rank(rules: Rules, s: State, c: C.Rank, events: list[Event]) -> State:
    """Final ranking from the roles shown, the first vampire and the hands' points."""
    roles = None
    if c.roles is not None:
        if set(c.roles) != set(s.players):
            raise CommandError(N_("rank: roles must name every player"))
        roles = {p: _role(r) for p, r in c.roles.items()}
    if c.first_vampire is not None:
        seat_of(s, c.first_vampire)
        if roles is not None and roles[c.first_vampire] is not Role.VAMPIRE:
            raise RuleViolation("rank", N_("{first_vampire} is not a vampire"), first_vampire=c.first_vampire)
    hand = c.hand_points or {}
    for p in hand:
        seat_of(s, p)
    places = ranking(s.outcome, s.seats, s.claimant, roles, c.first_vampire, hand)
    events.append(E.Ranked(places))
    return replace(s, ranking=places)


def _adjust(rules: Rules, s: State, c: C.Adjust, events: list[Event]) -> State:
    """Set tokens, stored points, room cards, vampires or the clock tick to the table's."""
    changes: dict[str, Any] = {}
    new = s
    if c.tokens is not None or c.stored is not None:
        if c.player is None:
            raise CommandError(N_("adjust: tokens and stored need a player"))
        seat_of(s, c.player)
        for key in ("tokens", "stored"):
            value = getattr(c, key)
            if value is not None:
                if value < 0:
                    raise CommandError(N_("adjust: {key} cannot be negative"), key=key)
                new = new.with_seat(c.player, **{key: value})
                changes[key] = {c.player: value}
    if c.room_cards is not None:
        new = replace(new, room_cards=_room_cards(rules, new, c.room_cards))
        changes["room_cards"] = dict(c.room_cards)
    if c.tick is not None:
        if not 1 <= c.tick <= s.clock_length:
            raise CommandError(N_("adjust: tick is 1..{clock_length}"), clock_length=s.clock_length)
        new, changes["tick"] = replace(new, tick=c.tick), c.tick
    if c.vampires is not None:
        if not 1 <= c.vampires <= len(s.seats):
            raise CommandError(N_("adjust: vampires is 1..{n}"), n=len(s.seats))
        new, changes["vampires"] = replace(new, vampires=c.vampires), c.vampires
    if not changes:
        raise CommandError(N_("adjust: say what to set (player+tokens/stored, room_cards, tick, vampires)"))
    events.append(E.Adjusted(changes))
    if new.vampires == len(s.seats):
        return _over(new, Outcome.ALL_VAMPIRES, events)
    return new


def _advance(rules: Rules, s: State, events: list[Event]) -> State:
    """Move the round clock: a new round with a card on every room, or the end of the game."""
    if s.tick >= s.clock_length:
        return _over(s, Outcome.CLOCK, events)
    seats = tuple(Seat(p.name, tokens=p.tokens, stored=p.stored) for p in s.seats)
    new = replace(
        s,
        tick=s.tick + 1,
        step=Step.ROLL,
        seats=seats,
        order=(),
        turn=0,
        room_cards=tuple(n + 1 for n in s.room_cards),
    )
    events.append(E.RoundStarted(new.tick))
    return new


def _over(s: State, outcome: Outcome, events: list[Event]) -> State:
    """End the game with a first ranking from what is public (refined by `rank`)."""
    places = ranking(outcome, s.seats, s.claimant, None, None, {})
    new = replace(s, step=Step.OVER, outcome=outcome, ranking=places)
    events.append(E.GameOver(outcome.value, places))
    return new


# -- helpers ---------------------------------------------------------------------------------


def room_options(rules: Rules, s: State, seat: Seat) -> tuple[int, ...]:
    """Rooms the player may enter now by the capacity and nearest-free-room rules."""
    counts = {r: len(s.occupants(r)) for r in range(1, len(rules.rooms) + 1)}
    return destinations(seat.wanted_room(len(rules.rooms)), counts, rules.room_capacity, len(rules.rooms))


def _in_room(s: State, rule: str) -> int:
    """The room number the player on turn stands in; refuse before entering or in the hall."""
    room = s.seat(s.current).room
    if room is None:
        raise RuleViolation(rule, N_("{current} has not entered a room yet"), current=s.current)
    if room == HALL:
        raise RuleViolation(rule, N_("the main hall has no cards and no action"))
    return room


def _room_cards(rules: Rules, s: State, counts: Mapping[str, int]) -> tuple[int, ...]:
    """Room card counts with `counts` ({"3": 2}) applied, checked."""
    cards = list(s.room_cards)
    for key, n in counts.items():
        if not key.isdigit() or not 1 <= int(key) <= len(rules.rooms) or n < 0:
            raise CommandError(
                N_("adjust: room_cards needs room numbers 1..{n} and counts >= 0"), n=len(rules.rooms)
            )
        cards[int(key) - 1] = n
    return tuple(cards)


def _role(value: str) -> Role:
    """A role from its JSON name."""
    try:
        return Role(value)
    except ValueError:
        raise CommandError(N_("rank: a role is human or vampire, got {value!r}"), value=value) from None


def _check_role_deck(players: int, vampires: int) -> None:
    """A role deck has one card per player, at least one vampire and at least one human."""
    if not 1 <= vampires <= players - 1:
        raise RuleViolation(
            "role-deck",
            N_(
                "a role deck for {players} players holds 1 to {n} vampire cards (at least one human), not {vampires}"
            ),
            players=players,
            n=players - 1,
            vampires=vampires,
        )


MansionGame.HANDLERS = {
    C.Roll: roll,
    C.Reroll: reroll,
    C.Assign: assign,
    C.Modify: modify,
    C.Lock: lock,
    C.Rolloff: rolloff,
    C.Enter: _enter,
    C.Take: _take,
    C.RoomAction: _room_action,
    C.Store: _store,
    C.EndTurn: _end_turn,
    C.RevealRoles: _reveal_roles,
    C.Claim: _claim,
    C.Rank: _rank,
    C.Adjust: _adjust,
    C.Rename: renaming(("seats", "order", "claimant", "ranking")),
}
MansionGame.FILLS = {
    C.Roll: fill_roll,
    C.Reroll: fill_reroll,
    C.Rolloff: fill_rolloff,
    C.Enter: _fill_enter,
    C.Take: _fill_take,
}
