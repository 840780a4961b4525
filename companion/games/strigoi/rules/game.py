"""Armata Strigoi: the blood-point keeper and Strigoi mover behind the shared Game contract.

The companion tracks what the rules define generically (Altar and Inferno, wounds and the third
wound, the Strigoi tokens and teleports, the attack marker and the extra turn, the Supreme Strigoi
and the crumbling platforms). What only the board shows (who a Strigoi can see, monster fights)
is entered by the table as commands.

The step table: the cards are revealed at initiative; a Powerwolf's turn takes its encounter, blood,
Rewards, an attack on a Strigoi, the Strigoi's move and the end of the turn; after the move the
Strigoi's attack and a counterattack; the extra Strigoi turn takes its curse. Wounds, healing, a
lost blood point, a platform turned and corrections are entered whenever the game runs.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from companion.errors import N_, CommandError, RuleViolation
from companion.games.strigoi.rules import adjust, awards, encounter, menu, rules
from companion.games.strigoi.rules import commands as C
from companion.games.strigoi.rules import events as ev
from companion.games.strigoi.rules.board import board_view
from companion.games.strigoi.rules.data import StrigoiData
from companion.games.strigoi.rules.fortress import STAY, rotate
from companion.games.strigoi.rules.setup import filled_setup
from companion.games.strigoi.rules.state import (
    Card,
    Stat,
    State,
    Step,
    Vampire,
    Wolf,
    state_from_json,
    state_to_json,
)
from companion.rules import commands as args
from companion.rules.base import Action, Engine, Event, Player, checked, seated

LOSS_REASONS = ("crushed", "ladder", "center", "other")
STRIGOI = ("master", "apprentice")
TURN = frozenset({C.Encounter, C.Blood, C.Reward, C.AttackStrigoi, C.EndTurn})
STEPS = {
    Step.INITIATIVE: frozenset({C.Initiative}),
    Step.TURN: TURN | {C.StrigoiMove},
    Step.STRIGOI: TURN
    | {C.StrigoiAttack},  # (an encounter here is refused by its own rule, see encounter.py)
    Step.CURSE: frozenset({C.Curse}),
    Step.OVER: frozenset(),
}
ANYTIME = frozenset({C.LoseBlood, C.Wound, C.Heal, C.Rotate, C.Adjust})


class StrigoiGame(Engine):
    """The Game object for `strigoi` (see the game's README.md)."""

    id = "strigoi"
    DATA = StrigoiData
    COMMANDS = C.COMMANDS
    STEPS = STEPS
    ANYTIME = ANYTIME

    # ---- the contract ----------------------------------------------------------------------
    def filled(self, setup: C.Setup) -> C.Setup:
        """The setup with the pack, Strigoi starts, ladders, rings, card values and tokens written out."""
        return filled_setup(self.data, setup)

    def start(self, c: C.Setup) -> tuple[State, list[Event]]:
        """A new game from a filled setup (`filled`)."""
        n = c.players
        state = State(
            seed=c.seed,
            wolves=tuple(Wolf(name) for name in c.powerwolves),
            strigoi=(Vampire("master"), Vampire("apprentice")),
            stats=tuple((k, Stat(**v)) for k, v in c.stats.items()),
            attack_need=self.data.attack_needs[n],
            defeat_need=self.data.defeat_needs[n],
            start=tuple(c.start.items()),
            rings=tuple(c.rings.items()),
            ladders=tuple(tuple(e) for e in c.ladders),
            tokens=tuple((t["strigoi"], t["bonus"], t["count"]) for t in c.tokens),
            examples=tuple(c.examples),
            one_encounter=c.one_encounter,
        )
        state = replace(state, bag=rules.shuffled_bag(state.tokens, c.seed, 0))
        return state, [ev.GameSetUp(tuple(c.powerwolves), dict(c.start), state.ladders)]

    def legal_actions(self, state: State) -> list[Action]:
        """What may be done now, disabled ones with the reason."""
        return menu.actions(self, state)

    def state_json(self, state: State) -> dict[str, Any]:
        """The documented state JSON with the lights' picture of the board under `board`."""
        return state_to_json(state, board_view(self.data, state))

    def from_json(self, data: Mapping[str, Any]) -> State:
        """Inverse of `to_json`."""
        return state_from_json(data)

    # ---- the game API ----------------------------------------------------------------------
    def players(self, state: State) -> tuple[Player, ...]:
        """The Powerwolves in seating order (a fallen one gets up again: nobody is out)."""
        return seated(w.name for w in state.wolves)

    def whose_turn(self, state: State) -> str | None:
        """The Powerwolf whose turn it is (also while the Strigoi strikes back at it)."""
        return state.active

    def phase(self, state: State) -> str:
        """night while it runs, over at the end."""
        return "over" if state.outcome else "night"


# ---- the checks and defaults of each command (typed command in, typed command out) ---------------
def _fill_initiative(data: StrigoiData, state: State, c: C.Initiative) -> C.Initiative:
    """Every Powerwolf's card: initiative number and direction letter (or X)."""
    names = [w.name for w in state.wolves]
    if set(c.cards) != set(names):
        raise CommandError(
            N_("initiative: `cards` must give a card for each of {names}"), names=", ".join(names)
        )
    cards = {}
    for name in names:
        card = c.cards[name]
        if not isinstance(card, Mapping):
            raise CommandError(N_("initiative: card of {name} must be {{initiative, letter}}"), name=name)
        letter = card.get("letter")
        if letter not in tuple(data.letters) + (STAY,):
            raise CommandError(
                N_("initiative: {name}'s letter must be one of {letters} or X"),
                name=name,
                letters=data.letters,
            )
        cards[name] = {"initiative": args.integer(card, "initiative", lo=0, hi=999), "letter": letter}
    return replace(c, cards=cards)


def _fill_encounter(data: StrigoiData, state: State, c: C.Encounter) -> C.Encounter:
    """`encounter`: colour, result, blood icon, reward (see encounter.py)."""
    return encounter.fill_encounter(state, c)


def _fill_blood(data: StrigoiData, state: State, c: C.Blood) -> C.Blood:
    """`blood`, with the encounter's colour if given."""
    return encounter.fill_blood(state, c)


def _fill_reward(data: StrigoiData, state: State, c: C.Reward) -> C.Reward:
    """`reward`: Reward cards drawn outside an encounter."""
    return encounter.fill_reward(state, c)


def _fill_lose_blood(data: StrigoiData, state: State, c: C.LoseBlood) -> C.LoseBlood:
    """`lose_blood` with its reason."""
    if c.reason not in LOSS_REASONS:
        raise CommandError(
            N_("lose_blood: reason must be one of {LOSS_REASONS}"), LOSS_REASONS=", ".join(LOSS_REASONS)
        )
    return c


def _fill_wounds(data: StrigoiData, state: State, c: C.Wound | C.Heal) -> C.Wound | C.Heal:
    """`wound` or `heal` a Powerwolf of this game by n (a Double Wound is n=2)."""
    _wolf(state, c.wolf, c.verb)
    return replace(c, n=args.in_range(c.verb, "n", c.n, 1, 9))


def _fill_attack_strigoi(data: StrigoiData, state: State, c: C.AttackStrigoi) -> C.AttackStrigoi:
    """`attack_strigoi`: which Strigoi (the one in play, if only one), by whom (the Powerwolf on turn,
    or the one counterattacking), how many wounds."""
    wolf = c.wolf if c.wolf is not None else (state.attacked if state.step is Step.STRIGOI else state.active)
    if wolf is None:
        raise RuleViolation(
            "counterattack", N_("only a Powerwolf the Strigoi attacked may counterattack now")
        )
    sid = c.strigoi
    if sid is None and len(state.in_play) == 1:
        sid = state.in_play[0]
    if sid not in STRIGOI:
        raise CommandError(N_("attack_strigoi: name the `strigoi` (master or apprentice)"))
    _wolf(state, wolf, c.verb)
    return replace(c, strigoi=sid, wolf=wolf, wounds=args.in_range(c.verb, "wounds", c.wounds, 1, 9))


def _fill_strigoi_move(data: StrigoiData, state: State, c: C.StrigoiMove) -> C.StrigoiMove:
    """`strigoi_move` with the table's token (and its bonus), or a draw from the seeded bag."""
    bonus = args.in_range(c.verb, "bonus", c.bonus or 0, 0, 9)
    if c.token is None:
        return replace(c, bonus=None)  # (a bonus counts only with the table's token: the bag's has its own)
    if c.token not in STRIGOI:
        raise CommandError(N_("strigoi_move: token must be master or apprentice"))
    return replace(c, bonus=bonus)


def _fill_strigoi_attack(data: StrigoiData, state: State, c: C.StrigoiAttack) -> C.StrigoiAttack:
    """`strigoi_attack`: whom the Strigoi hits, wounds prevented, on a platform's centre?"""
    _wolf(state, c.wolf, c.verb)
    return replace(c, prevented=args.in_range(c.verb, "prevented", c.prevented, 0, 9))


def _fill_curse(data: StrigoiData, state: State, c: C.Curse) -> C.Curse:
    """`curse`: the Powerwolves in the cursed room that did not protect themselves."""
    for name in c.hit:
        _wolf(state, name, c.verb)
    return replace(c, hit=tuple(sorted(set(c.hit))))


def _fill_rotate(data: StrigoiData, state: State, c: C.Rotate) -> C.Rotate:
    """`rotate` a platform clockwise by steps (negative: anticlockwise)."""
    if c.room not in data.fortress.rooms:
        raise CommandError(N_("rotate: no room {room!r}"), room=c.room)
    return replace(c, steps=args.in_range(c.verb, "steps", c.steps, -5, 5))


def _fill_adjust(data: StrigoiData, state: State, c: C.Adjust) -> C.Adjust:
    """`adjust`: set counts to what is on the table (see the game's README.md)."""
    return adjust.fill_adjust(data, state, c)


def _wolf(state: State, name: str | None, verb: str) -> str:
    """`name` if it is a Powerwolf of this game, else CommandError."""
    if name not in [w.name for w in state.wolves]:
        raise CommandError(N_("{verb}: no Powerwolf {name!r} in this game"), verb=verb, name=name)
    return name


# ---- handlers, one per command (each gets its command checked and completed by its fill)
# ---------------------------------------------------------------------
def _initiative(data: StrigoiData, state: State, c: C.Initiative, out: list[Event]) -> State:
    """Cards face up: turn order by lowest initiative (ties: seating order)."""
    seats = [w.name for w in state.wolves]
    wolves = tuple(replace(w, card=Card(**c.cards[w.name])) for w in state.wolves)
    order = tuple(sorted(seats, key=lambda n: (c.cards[n]["initiative"], seats.index(n))))
    state = replace(state, wolves=wolves, order=order)
    state, events = rules.start_turn(state, 0)
    return _add(out, (state, [ev.CardsRevealed(state.round, order), *events]))


def _encounter(data: StrigoiData, state: State, c: C.Encounter, out: list[Event]) -> State:
    """The turn's one encounter: a red or grey token fought, lost, or a Monk set free."""
    return _add(out, encounter.encounter(data, state, c))


def _blood(data: StrigoiData, state: State, c: C.Blood, out: list[Event]) -> State:
    """A monster's blood icon: the turn's encounter, one more blood point on the Altar."""
    return _add(out, encounter.blood(data, state, c))


def _reward(data: StrigoiData, state: State, c: C.Reward, out: list[Event]) -> State:
    """Reward cards drawn outside an encounter."""
    return _add(out, encounter.reward(state, c))


def _lose_blood(data: StrigoiData, state: State, c: C.LoseBlood, out: list[Event]) -> State:
    """The pack loses a blood point (crushed on a platform, ladder, platform centre...)."""
    return _add(out, rules.lose_blood(data, state, c.reason))


def _wound(data: StrigoiData, state: State, c: C.Wound, out: list[Event]) -> State:
    """Wounds from a monster or a reckless weapon."""
    return _add(out, rules.wound_wolf(data, state, c.wolf, c.n))


def _heal(data: StrigoiData, state: State, c: C.Heal, out: list[Event]) -> State:
    """Heal wounds (not below zero)."""
    wolf = state.wolf(c.wolf)
    if wolf.wounds == 0:
        raise RuleViolation("heal", N_("{name} has no wounds"), name=wolf.name)
    healed = min(c.n, wolf.wounds)
    new = replace(wolf, wounds=wolf.wounds - healed)
    return _add(out, (rules.set_wolf(state, new), [ev.Healed(new.name, healed, new.wounds)]))


def _attack_strigoi(data: StrigoiData, state: State, c: C.AttackStrigoi, out: list[Event]) -> State:
    """A Powerwolf's winning fight against a Strigoi (attack or counterattack)."""
    if state.altar < state.attack_need:
        raise RuleViolation(
            "altar",
            N_("{attack_need} blood points on the Altar are needed to attack a Strigoi; there are {altar}"),
            attack_need=state.attack_need,
            altar=state.altar,
        )
    if c.strigoi not in state.in_play:
        raise RuleViolation("strigoi", N_("the {strigoi} is not in the fortress"), strigoi=c.strigoi)
    if state.step is Step.TURN and c.wolf != state.active:
        raise RuleViolation("turn", N_("it is {active}'s turn"), active=state.active)
    if state.step is Step.STRIGOI and c.wolf != state.attacked:
        raise RuleViolation(
            "counterattack", N_("only the Powerwolf the Strigoi attacked may counterattack now")
        )
    if state.step is Step.STRIGOI and state.countered and state.one_encounter:
        raise RuleViolation("counterattack", N_("{wolf} has already struck back at this attack"), wolf=c.wolf)
    if state.step is Step.TURN:
        encounter.check(state)  # phase 2b: the Strigoi instead of a Monster, one encounter
        state = replace(state, encounter="strigoi")
    else:
        state = replace(state, countered=True)
    if not c.won:
        return _add(out, (state, [ev.EncounterFought(c.wolf, "strigoi", "lost", False, "none")]))
    return _add(out, rules.wound_strigoi(data, state, c.strigoi, c.wolf, c.wounds))


def _strigoi_move(data: StrigoiData, state: State, c: C.StrigoiMove, out: list[Event]) -> State:
    """Flip a Strigoi Action token (or take the table's) and teleport that Strigoi."""
    if not state.in_play:
        raise RuleViolation("strigoi_move", N_("the Strigoi enter the fortress in round 2"))
    events: list[Event] = []
    if state.supreme:
        if c.token is not None:
            raise RuleViolation("token", N_("the Supreme Strigoi moves without a token"))
        sid, bonus = state.supreme, 0
    elif c.token is not None:
        if c.token not in state.in_play:  # (a correction put only the other one in the fortress)
            raise RuleViolation("token", N_("that Strigoi is not in the fortress: its token moves nobody"))
        sid, bonus = c.token, c.bonus
        events.append(ev.TokenRevealed(sid, bonus, "table"))
    else:
        state, (sid, bonus) = rules.draw_token(data, state)
        events.append(ev.TokenRevealed(sid, bonus, "bag"))
        if sid not in state.in_play:  # the bag's token of a Strigoi not in the fortress: nobody moves
            return _add(out, (replace(state, step=Step.STRIGOI, moved=None, bonus=bonus), events))
    letter = state.wolf(state.active).card.letter
    state, move, more = rules.move_strigoi(data, state, sid, letter)
    if state.outcome:
        return _add(out, (state, events + more))
    state = replace(state, step=Step.STRIGOI, moved=sid if move.moved else None, bonus=bonus)
    return _add(out, (state, events + more))


def _strigoi_attack(data: StrigoiData, state: State, c: C.StrigoiAttack, out: list[Event]) -> State:
    """The teleported Strigoi hits the nearest Powerwolf it sees (the table says who)."""
    if state.moved is None:
        raise RuleViolation("strigoi_attack", N_("only a Strigoi that just moved can attack"))
    if state.attacked is not None:
        raise RuleViolation("strigoi_attack", N_("the Strigoi attacks only one Powerwolf"))
    sid = state.moved
    full = state.stat(sid).damage + state.bonus
    taken = full if c.center else max(0, full - c.prevented)
    state = replace(state, marker=True, attacked=c.wolf)
    events: list[Event] = [ev.StrigoiAttacked(sid, c.wolf, taken, full - taken, c.center)]
    if c.center:
        state, more = rules.lose_blood(data, state, "center")
        events += more
    if taken and not state.outcome:
        active = state.active  # (a third wound's blood point may end the game: then nobody is active)
        state, more = awards.give(state, "all_you_can_bleed", c.wolf, "first wounded by a Strigoi")
        events += more
        state, more = rules.wound_wolf(data, state, c.wolf, taken)
        events += more
        if c.wolf != active and any(isinstance(e, ev.Fell) for e in more):
            state, more = awards.give(
                state, "evil_made_me", active, f"their card let the {sid} give {c.wolf} a third wound"
            )
            events += more
    return _add(out, (state, events))


def _end_turn(data: StrigoiData, state: State, c: C.EndTurn, out: list[Event]) -> State:
    """The next Powerwolf's turn, or the end of the round (and perhaps the extra Strigoi turn)."""
    if state.step is Step.TURN and state.in_play:
        raise RuleViolation("strigoi_move", N_("the Strigoi must move before the turn ends"))
    if state.turn + 1 < len(state.order):
        return _add(out, rules.start_turn(state, state.turn + 1))
    return _add(out, rules.end_round(data, state))


def _curse(data: StrigoiData, state: State, c: C.Curse, out: list[Event]) -> State:
    """The extra turn's curse: one wound to each Powerwolf in the room that did not protect."""
    sid = state.moved
    events: list[Event] = [ev.Cursed(sid, state.vampire(sid).room, tuple(c.hit))]
    if c.hit:  # struck at once: the lowest initiative counts as the first
        first = awards.first_in_order(state, c.hit)
        state, more = awards.give(state, "all_you_can_bleed", first, "first wounded by a Strigoi")
        events += more
    for name in c.hit:
        state, more = rules.wound_wolf(data, state, name, 1)
        events += more
        if state.outcome:
            return _add(out, (state, events))
    state, more = rules.new_round(data, state, extra=True)
    return _add(out, (state, events + more))


def _rotate(data: StrigoiData, state: State, c: C.Rotate, out: list[Event]) -> State:
    """Mechanics: turn a standing platform."""
    room = data.fortress.rooms[c.room]
    if not room.platform or room.id in state.collapsed:
        raise RuleViolation("rotate", N_("no platform stands in {name}"), name=room.name)
    rings = dict(state.rings)
    rings[room.id] = rotate(rings[room.id], c.steps)
    state = replace(state, rings=tuple(rings.items()))
    return _add(out, (state, [ev.PlatformRotated(room.id, rings[room.id])]))


def _adjust(data: StrigoiData, state: State, c: C.Adjust, out: list[Event]) -> State:
    """Tables are always right: set the counts."""
    return _add(out, adjust.apply_adjust(data, state, c))


def _add(out: list[Event], result: tuple[State, list[Event]]) -> State:
    """The state of a (state, events) pair, its events added to `out`."""
    state, events = result
    out.extend(events)
    return state


_FILLS = {
    C.Initiative: _fill_initiative,
    C.Encounter: _fill_encounter,
    C.Blood: _fill_blood,
    C.Reward: _fill_reward,
    C.LoseBlood: _fill_lose_blood,
    C.Wound: _fill_wounds,
    C.Heal: _fill_wounds,
    C.AttackStrigoi: _fill_attack_strigoi,
    C.StrigoiMove: _fill_strigoi_move,
    C.StrigoiAttack: _fill_strigoi_attack,
    C.Curse: _fill_curse,
    C.Rotate: _fill_rotate,
    C.Adjust: _fill_adjust,
}
_HANDLERS = {
    C.Initiative: _initiative,
    C.Encounter: _encounter,
    C.Blood: _blood,
    C.Reward: _reward,
    C.LoseBlood: _lose_blood,
    C.Wound: _wound,
    C.Heal: _heal,
    C.AttackStrigoi: _attack_strigoi,
    C.StrigoiMove: _strigoi_move,
    C.StrigoiAttack: _strigoi_attack,
    C.EndTurn: _end_turn,
    C.Curse: _curse,
    C.Rotate: _rotate,
    C.Adjust: _adjust,
}
StrigoiGame.FILLS = _FILLS
# each handler gets its command checked and completed by its fill first
StrigoiGame.HANDLERS = {cls: checked(_FILLS[cls], h) if cls in _FILLS else h for cls, h in _HANDLERS.items()}
