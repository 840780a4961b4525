"""Armata Strigoi: the blood-point keeper and Strigoi mover behind the shared Game contract.

The companion tracks what the rules define generically (Altar and Inferno, wounds and the third
wound, the Strigoi tokens and teleports, the attack marker and the extra turn, the Supreme Strigoi
and the crumbling platforms). What only the board shows (who a Strigoi can see, monster fights)
is entered by the table as commands.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Mapping

from companion.errors import N_, CommandError, RuleViolation
from companion.rules import commands as args
from companion.rules.base import Action, Engine, Event, checked
from companion.rules.commands import parse, verb_table
from companion.rules.strigoi import adjust, awards, encounter, events as ev, menu, rules
from companion.rules.strigoi import commands as C
from companion.rules.strigoi.board import board_view
from companion.rules.strigoi.data import StrigoiData
from companion.rules.strigoi.fortress import STAY, rotate
from companion.rules.strigoi.setup import canonical_setup
from companion.rules.strigoi.state import (Card, Stat, State, Step, Vampire, Wolf, state_from_json,
                                           state_to_json)

VERBS = verb_table(C.COMMANDS)
LOSS_REASONS = ("crushed", "ladder", "center", "other")
IN_TURN = (Step.TURN, Step.STRIGOI)


class StrigoiGame(Engine):
    """The Game object for `strigoi` (see docs/strigoi.md)."""

    id = "strigoi"
    title = "Armata Strigoi"
    DATA = StrigoiData
    COMMANDS = C.COMMANDS

    # ---- the contract ----------------------------------------------------------------------
    def start(self, setup: C.Setup) -> tuple[State, list[Event]]:
        """A new game from `{"cmd": "setup", "game": "strigoi", "players": N, "seed": S, ...}`."""
        c = canonical_setup(self.data, setup.to_dict())
        n = c["players"]
        state = State(
            seed=c["seed"], wolves=tuple(Wolf(name) for name in c["powerwolves"]),
            strigoi=(Vampire("master"), Vampire("apprentice")),
            stats=tuple((k, Stat(**v)) for k, v in c["stats"].items()),
            attack_need=self.data.attack_needs[n], defeat_need=self.data.defeat_needs[n],
            start=tuple(c["start"].items()), rings=tuple(c["rings"].items()),
            ladders=tuple(tuple(e) for e in c["ladders"]),
            tokens=tuple((t["strigoi"], t["bonus"], t["count"]) for t in c["tokens"]),
            examples=tuple(c["examples"]), one_encounter=c["one_encounter"])
        state = replace(state, bag=rules.shuffled_bag(state.tokens, c["seed"], 0))
        return state, [ev.GameSetUp(tuple(c["powerwolves"]), c["start"], state.ladders)]

    def canonical_setup(self, setup: C.Setup) -> dict[str, Any]:
        """The setup with the pack, Strigoi starts, ladders, rings and card values written out."""
        return canonical_setup(self.data, setup.to_dict())

    def setup_again(self) -> Exception:
        """A running game is never set up again."""
        return RuleViolation("setup", N_("the game is already set up"))

    def actions(self, state: State) -> list[Action]:
        """What may be done now, disabled ones with the reason."""
        return menu.actions(self, state)

    def to_json(self, state: State) -> dict[str, Any]:
        """The documented state JSON with the `board` view for the lights."""
        return state_to_json(state, self.view(state))

    def from_json(self, data: Mapping[str, Any]) -> State:
        """Inverse of `to_json`."""
        return state_from_json(data)

    def view(self, state: State) -> dict[str, Any]:
        """The board view for the lights (rooms, Altar, Inferno, the bar)."""
        return board_view(self.data, state)


# ---- the checks and defaults of each command (dict in, canonical dict out) -------------------------
def _canon_initiative(data: StrigoiData, state: State, command: Mapping[str, Any]) -> dict[str, Any]:
    """Every Powerwolf's card: initiative number and direction letter (or X)."""
    raw = command.get("cards")
    names = [w.name for w in state.wolves]
    if not isinstance(raw, Mapping) or set(raw) != set(names):
        raise CommandError(N_("initiative: `cards` must give a card for each of {names}"), names=', '.join(names))
    cards = {}
    for name in names:
        card = raw[name]
        if not isinstance(card, Mapping):
            raise CommandError(N_("initiative: card of {name} must be {{initiative, letter}}"), name=name)
        letter = card.get("letter")
        if letter not in tuple(data.letters) + (STAY,):
            raise CommandError(N_("initiative: {name}'s letter must be one of {letters} or X"), name=name, letters=data.letters)
        cards[name] = {"initiative": args.integer(card, "initiative", lo=0, hi=999), "letter": letter}
    return {"cmd": "initiative", "cards": cards}


def _canon_encounter(data: StrigoiData, state: State, command: Mapping[str, Any]) -> dict[str, Any]:
    """`encounter`: colour, result, blood icon, reward (see encounter.py)."""
    return encounter.canonical_encounter(state, command)


def _canon_blood(data: StrigoiData, state: State, command: Mapping[str, Any]) -> dict[str, Any]:
    """`blood`, with the encounter's colour if given."""
    return encounter.canonical_blood(state, command)


def _canon_reward(data: StrigoiData, state: State, command: Mapping[str, Any]) -> dict[str, Any]:
    """`reward`: Reward cards drawn outside an encounter."""
    return encounter.canonical_reward(state, command)


def _canon_lose_blood(data: StrigoiData, state: State, command: Mapping[str, Any]) -> dict[str, Any]:
    """`lose_blood` with its reason."""
    reason = command.get("reason", "other")
    if reason not in LOSS_REASONS:
        raise CommandError(N_("lose_blood: reason must be one of {LOSS_REASONS}"), LOSS_REASONS=', '.join(LOSS_REASONS))
    return {"cmd": "lose_blood", "reason": reason}


def _canon_wound(data: StrigoiData, state: State, command: Mapping[str, Any]) -> dict[str, Any]:
    """`wound` a Powerwolf by n (a Double Wound is n=2)."""
    return {"cmd": "wound", "wolf": _wolf(state, command),
            "n": args.integer(command, "n", 1, 1, 9)}


def _canon_heal(data: StrigoiData, state: State, command: Mapping[str, Any]) -> dict[str, Any]:
    """`heal` a Powerwolf by n."""
    return {"cmd": "heal", "wolf": _wolf(state, command),
            "n": args.integer(command, "n", 1, 1, 9)}


def _canon_attack_strigoi(data: StrigoiData, state: State, command: Mapping[str, Any]) -> dict[str, Any]:
    """`attack_strigoi`: which Strigoi, by whom (default: active or counterattacking), wounds."""
    _in_turn(state, "attack_strigoi")
    wolf = command.get("wolf", state.attacked if state.step is Step.STRIGOI else state.active)
    if wolf is None:
        raise RuleViolation("counterattack", N_("only a Powerwolf the Strigoi attacked may counterattack now"))
    sid = command.get("strigoi")
    if sid is None and len(state.in_play) == 1:
        sid = state.in_play[0]
    if sid not in ("master", "apprentice"):
        raise CommandError(N_("attack_strigoi: name the `strigoi` (master or apprentice)"))
    return {"cmd": "attack_strigoi", "strigoi": sid, "wolf": _wolf(state, {"wolf": wolf}),
            "wounds": args.integer(command, "wounds", 1, 1, 9),
            "won": args.boolean(command, "won", True)}


def _canon_strigoi_move(data: StrigoiData, state: State, command: Mapping[str, Any]) -> dict[str, Any]:
    """`strigoi_move` with the table's token, or a draw from the seeded bag."""
    out = {"cmd": "strigoi_move"}
    if "token" in command:
        if command["token"] not in ("master", "apprentice"):
            raise CommandError(N_("strigoi_move: token must be master or apprentice"))
        out["token"] = command["token"]
        out["bonus"] = args.integer(command, "bonus", 0, 0, 9)
    return out


def _canon_strigoi_attack(data: StrigoiData, state: State, command: Mapping[str, Any]) -> dict[str, Any]:
    """`strigoi_attack`: whom the Strigoi hits, wounds prevented, on a platform's centre?"""
    return {"cmd": "strigoi_attack", "wolf": _wolf(state, command),
            "prevented": args.integer(command, "prevented", 0, 0, 9),
            "center": args.boolean(command, "center", False)}


def _canon_curse(data: StrigoiData, state: State, command: Mapping[str, Any]) -> dict[str, Any]:
    """`curse`: the Powerwolves in the cursed room that did not protect themselves."""
    hit = args.text_list(command, "hit") or ()
    for name in hit:
        _wolf(state, {"wolf": name})
    return {"cmd": "curse", "hit": sorted(set(hit))}


def _canon_rotate(data: StrigoiData, state: State, command: Mapping[str, Any]) -> dict[str, Any]:
    """`rotate` a platform clockwise by steps (negative: anticlockwise)."""
    room = args.text(command, "room")
    if room not in data.fortress.rooms:
        raise CommandError(N_("rotate: no room {room!r}"), room=room)
    return {"cmd": "rotate", "room": room, "steps": args.integer(command, "steps", 1, -5, 5)}


def _canon_adjust(data: StrigoiData, state: State, command: Mapping[str, Any]) -> dict[str, Any]:
    """`adjust`: set counts to what is on the table (see docs/strigoi.md)."""
    return adjust.canonical_adjust(data, state, command)


def _wolf(state: State, command: Mapping[str, Any]) -> str:
    """A Powerwolf named in the command."""
    name = command.get("wolf")
    if name is None:
        raise CommandError(N_("{verb}: which Powerwolf? (the `wolf` parameter is missing)"),
                           verb=command.get('cmd', 'command'))
    if name not in [w.name for w in state.wolves]:
        raise CommandError(N_("{verb}: no Powerwolf {name!r} in this game"), verb=command.get('cmd', 'command'), name=name)
    return name


# ---- handlers, one per command (each gets its command checked and completed by its fill) ---------------------------------------------------------------------
def _initiative(data: StrigoiData, state: State, c: C.Initiative, out: list[Event]) -> State:
    """Cards face up: turn order by lowest initiative (ties: seating order)."""
    if state.step is not Step.INITIATIVE:
        raise RuleViolation("initiative", N_("the cards are already revealed this round"))
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
    _in_turn(state, "attack_strigoi")
    if state.altar < state.attack_need:
        raise RuleViolation("altar", N_("{attack_need} blood points on the Altar are needed to attack a Strigoi; there are {altar}"), attack_need=state.attack_need, altar=state.altar)
    if c.strigoi not in state.in_play:
        raise RuleViolation("strigoi", N_("the {strigoi} is not in the fortress"), strigoi=c.strigoi)
    if state.step is Step.TURN and c.wolf != state.active:
        raise RuleViolation("turn", N_("it is {active}'s turn"), active=state.active)
    if state.step is Step.STRIGOI and c.wolf != state.attacked:
        raise RuleViolation("counterattack", N_("only the Powerwolf the Strigoi attacked may counterattack now"))
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
    if state.step is not Step.TURN:
        raise RuleViolation("strigoi_move", N_("the Strigoi move once, after the Powerwolf's fight"))
    if not state.in_play:
        raise RuleViolation("strigoi_move", N_("the Strigoi enter the fortress in round 2"))
    events: list[Event] = []
    if state.supreme:
        if c.token is not None:
            raise RuleViolation("token", N_("the Supreme Strigoi moves without a token"))
        sid, bonus = state.supreme, 0
    elif c.token is not None:
        sid, bonus = c.token, c.bonus
        events.append(ev.TokenRevealed(sid, bonus, "table"))
    else:
        state, (sid, bonus) = rules.draw_token(data, state)
        events.append(ev.TokenRevealed(sid, bonus, "bag"))
    letter = state.wolf(state.active).card.letter
    state, move, more = rules.move_strigoi(data, state, sid, letter)
    if state.outcome:
        return _add(out, (state, events + more))
    state = replace(state, step=Step.STRIGOI, moved=sid if move.moved else None, bonus=bonus)
    return _add(out, (state, events + more))


def _strigoi_attack(data: StrigoiData, state: State, c: C.StrigoiAttack, out: list[Event]) -> State:
    """The teleported Strigoi hits the nearest Powerwolf it sees (the table says who)."""
    if state.step is not Step.STRIGOI or state.moved is None:
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
            state, more = awards.give(state, "evil_made_me", active,
                                      f"their card let the {sid} give {c.wolf} a third wound")
            events += more
    return _add(out, (state, events))


def _end_turn(data: StrigoiData, state: State, c: C.EndTurn, out: list[Event]) -> State:
    """The next Powerwolf's turn, or the end of the round (and perhaps the extra Strigoi turn)."""
    if state.step is Step.TURN and state.in_play:
        raise RuleViolation("strigoi_move", N_("the Strigoi must move before the turn ends"))
    if state.step not in IN_TURN:
        raise RuleViolation("end_turn", N_("no Powerwolf turn to end (step {value})"), value=state.step.value)
    if state.turn + 1 < len(state.order):
        return _add(out, rules.start_turn(state, state.turn + 1))
    return _add(out, rules.end_round(data, state))


def _curse(data: StrigoiData, state: State, c: C.Curse, out: list[Event]) -> State:
    """The extra turn's curse: one wound to each Powerwolf in the room that did not protect."""
    if state.step is not Step.CURSE:
        raise RuleViolation("curse", N_("only in the extra Strigoi turn"))
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

def _in_turn(state: State, verb: str) -> None:
    """Refuse outside a Powerwolf's turn."""
    if state.step not in IN_TURN:
        raise RuleViolation(verb, N_("only during a Powerwolf's turn"))


def _fill(canon):
    """The fill of a command from its dict-checking canonical function: checked, back as its class."""
    def fill(data: StrigoiData, state: State, c: Any) -> Any:
        return parse(canon(data, state, c.to_dict()), VERBS)
    return fill


_FILLS = {
    C.Initiative: _fill(_canon_initiative), C.Encounter: _fill(_canon_encounter), C.Blood: _fill(_canon_blood),
    C.Reward: _fill(_canon_reward), C.LoseBlood: _fill(_canon_lose_blood), C.Wound: _fill(_canon_wound),
    C.Heal: _fill(_canon_heal), C.AttackStrigoi: _fill(_canon_attack_strigoi),
    C.StrigoiMove: _fill(_canon_strigoi_move), C.StrigoiAttack: _fill(_canon_strigoi_attack),
    C.Curse: _fill(_canon_curse), C.Rotate: _fill(_canon_rotate), C.Adjust: _fill(_canon_adjust),
}
_HANDLERS = {
    C.Initiative: _initiative, C.Encounter: _encounter, C.Blood: _blood, C.Reward: _reward,
    C.LoseBlood: _lose_blood, C.Wound: _wound, C.Heal: _heal, C.AttackStrigoi: _attack_strigoi,
    C.StrigoiMove: _strigoi_move, C.StrigoiAttack: _strigoi_attack, C.EndTurn: _end_turn, C.Curse: _curse,
    C.Rotate: _rotate, C.Adjust: _adjust,
}
StrigoiGame.FILLS = _FILLS
StrigoiGame.HANDLERS = {cls: checked(_FILLS[cls], h) if cls in _FILLS else h for cls, h in _HANDLERS.items()}
