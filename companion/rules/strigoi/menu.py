"""`actions(game, state)`: what the Armata Strigoi screen and buttons may do now, with reasons."""

from __future__ import annotations

from companion.errors import N_, Text
from companion.rules.base import Action
from companion.rules.strigoi import encounter
from companion.rules.strigoi.state import State, Step


def actions(game, state: State) -> list[Action]:
    """The actions for the current step; disabled ones say the rule that blocks them."""
    if state.outcome:
        return []
    if state.step is Step.INITIATIVE:
        return [Action({"cmd": "initiative"}, Text(N_("Reveal the cards")), needs=("cards",)), _adjust()]
    if state.step is Step.CURSE:
        return [Action({"cmd": "curse"}, Text(N_("Curse of the {moved}: who was hit?"), moved=state.moved), needs=("hit",)),
                _adjust()]
    out = [_encounter(state), _blood(game, state), _attack(state), *_strigoi(state)]
    out += [Action({"cmd": "reward"}, Text(N_("Reward card drawn")), needs=("wolf",)),
            Action({"cmd": "wound"}, Text(N_("Wound a Powerwolf")), needs=("wolf", "n")),
            Action({"cmd": "heal"}, Text(N_("Heal")), needs=("wolf", "n")),
            Action({"cmd": "lose_blood"}, Text(N_("Lose a blood point")), needs=("reason",)),
            Action({"cmd": "rotate"}, Text(N_("Rotate a platform")), needs=("room", "steps")), _adjust()]
    return out


def _encounter(state: State) -> Action:
    """Fight the turn's one encounter (a red or grey token)."""
    why = encounter.why_not(state)
    return Action({"cmd": "encounter"}, Text(N_("Encounter token fought")), enabled=why is None, why_not=why,
                  needs=("colour", "result", "blood", "reward"))


def _blood(game, state: State) -> Action:
    """Gain a blood point, unless the turn's encounter is over, the Altar is full or no counter is
    left in the supply (the engine's own checks, so the button is never offered for a move it
    refuses)."""
    why = encounter.why_not(state)
    if why is not None:
        pass
    elif state.altar >= game.data.altar_max:
        why = Text(N_("the Altar holds at most {altar_max}"), altar_max=game.data.altar_max)
    elif state.altar + state.inferno >= game.data.blood_counters:
        why = Text(N_("no blood point counter left in the supply"))
    return Action({"cmd": "blood"}, Text(N_("Blood point to the Altar")), enabled=why is None, why_not=why)


def _attack(state: State) -> Action:
    """Attack a Strigoi: needs the Altar threshold and a Strigoi in the fortress."""
    why = None
    if state.altar < state.attack_need:
        why = Text(N_("{attack_need} blood points on the Altar needed ({altar} now)"), attack_need=state.attack_need, altar=state.altar)
    elif not state.in_play:
        why = Text(N_("no Strigoi in the fortress yet"))
    elif state.step is Step.STRIGOI and state.attacked is None:
        why = Text(N_("only an attacked Powerwolf may counterattack"))
    elif state.step is Step.STRIGOI and state.countered:
        why = Text(N_("the attacked Powerwolf has already struck back"))
    elif state.step is Step.TURN and encounter.why_not(state):
        why = encounter.why_not(state)
    label = Text(N_("Counterattack")) if state.step is Step.STRIGOI else Text(N_("Wound a Strigoi"))
    return Action({"cmd": "attack_strigoi"}, label, enabled=why is None, why_not=why,
                  needs=("strigoi",))


def _strigoi(state: State) -> list[Action]:
    """Move the Strigoi, let it attack, end the turn: in that order."""
    must_move = state.step is Step.TURN and bool(state.in_play)
    can_hit = state.step is Step.STRIGOI and state.moved is not None and state.attacked is None
    return [
        Action({"cmd": "strigoi_move"}, Text(N_("Move the Strigoi")), enabled=must_move,
               why_not=None if must_move else (Text(N_("not yet in the fortress")) if not state.in_play
                                               else Text(N_("already moved this turn")))),
        Action({"cmd": "strigoi_attack"}, Text(N_("The Strigoi attacks")), enabled=can_hit,
               why_not=None if can_hit else Text(N_("only a Strigoi that just moved attacks, once")),
               needs=("wolf", "prevented")),
        Action({"cmd": "end_turn"}, Text(N_("End turn")), enabled=not must_move,
               why_not=Text(N_("move the Strigoi first")) if must_move else None),
    ]


def _adjust() -> Action:
    """Correct the counts."""
    return Action({"cmd": "adjust"}, Text(N_("Correct the board")), needs=("altar", "inferno", "wounds"))
