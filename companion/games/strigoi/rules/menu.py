"""`actions(game, state)`: what the Armata Strigoi screen and buttons may do now, with reasons.

Every value the table still chooses is a `Param` with the values the engine accepts now: the
Powerwolves of this game, the Strigoi in the fortress, the platforms still standing, counts in their
ranges. An encounter is one action per way it ended (only a won fight gives a blood point or a
Reward); each correction is an action of its own.
"""

from __future__ import annotations

from companion.errors import N_, Text
from companion.games.strigoi.rules import encounter
from companion.games.strigoi.rules.fortress import STAY
from companion.games.strigoi.rules.state import State, Step
from companion.rules.base import Action, Param

REASONS = ("crushed", "ladder", "center", "other")
STRIGOI = ("master", "apprentice")


def actions(game, state: State) -> list[Action]:
    """The actions for the current step; disabled ones say the rule that blocks them."""
    if state.outcome:
        return []
    if state.step is Step.INITIATIVE:  # (wounds and the like wait for the turns; the engine would take them)
        return [_initiative(game, state), *_adjust(game, state)]
    if state.step is Step.CURSE:
        hit = Param("hit", "player", _wolves(state), optional=True, many=(0, len(state.wolves)))
        return [
            Action(
                {"cmd": "curse"},
                Text(N_("Curse of the {moved}: who was hit?"), moved=state.moved),
                params=(hit,),
            ),
            *_adjust(game, state),
        ]
    out = [*_encounters(state), _blood(game, state), _attack(state), *_strigoi(state)]
    out.append(
        Action(
            {"cmd": "reward"},
            Text(N_("Reward card drawn")),
            params=(_wolf(state, optional=True), _count("n", 1, 9)),
        )
    )
    return out + _anytime(game, state)


def _wolves(state: State) -> tuple[str, ...]:
    """The Powerwolves of this game, in seating order."""
    return tuple(w.name for w in state.wolves)


def _wolf(state: State, names: tuple[str, ...] | None = None, optional: bool = False) -> Param:
    """Which Powerwolf (of `names`, by default all of them)."""
    return Param("wolf", "player", _wolves(state) if names is None else names, optional=optional)


def _count(name: str, low: int, high: int) -> Param:
    """An optional number `low`..`high` (left out: the engine's default)."""
    return Param(name, "number", low=low, high=high, optional=True)


def _initiative(game, state: State) -> Action:
    """Everyone's Action card face up: its initiative number and its direction letter (X: stay)."""
    letters = tuple(game.data.letters) + (STAY,)
    card = (Param("initiative", "number", low=0, high=999), Param("letter", "choice", letters))
    cards = Param("cards", "player", parts=tuple(Param(w, "card", parts=card) for w in _wolves(state)))
    return Action({"cmd": "initiative"}, Text(N_("Reveal the cards")), params=(cards,))


def _encounters(state: State) -> list[Action]:
    """Fight the turn's one encounter (a red or grey token): won, lost, or a Monk set free."""
    why = encounter.why_not(state)
    colour = Param("colour", "choice", encounter.COLOURS)
    won = (
        colour,
        Param("blood", "flag", (False, True), optional=True),
        Param("reward", "choice", encounter.REWARDS, optional=True),
    )
    return [
        Action(
            {"cmd": "encounter", "result": "won"},
            Text(N_("Encounter token fought")),
            enabled=why is None,
            why_not=why,
            params=won,
        ),
        Action(
            {"cmd": "encounter", "result": "lost"},
            Text(N_("Encounter lost")),
            enabled=why is None,
            why_not=why,
            params=(colour,),
        ),
        Action(
            {"cmd": "encounter", "colour": "red", "result": "freed"},
            Text(N_("A Monk set free")),
            enabled=why is None,
            why_not=why,
        ),
    ]


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
    colour = Param("colour", "choice", encounter.COLOURS, optional=True)
    return Action(
        {"cmd": "blood"},
        Text(N_("Blood point to the Altar")),
        enabled=why is None,
        why_not=why,
        params=(colour,),
    )


def _attack(state: State) -> Action:
    """Attack a Strigoi: needs the Altar threshold and a Strigoi in the fortress."""
    why = None
    if state.altar < state.attack_need:
        why = Text(
            N_("{attack_need} blood points on the Altar needed ({altar} now)"),
            attack_need=state.attack_need,
            altar=state.altar,
        )
    elif not state.in_play:
        why = Text(N_("no Strigoi in the fortress yet"))
    elif state.step is Step.STRIGOI and state.attacked is None:
        why = Text(N_("only an attacked Powerwolf may counterattack"))
    elif state.step is Step.STRIGOI and state.countered and state.one_encounter:
        why = Text(N_("the attacked Powerwolf has already struck back"))
    elif state.step is Step.TURN and encounter.why_not(state):
        why = encounter.why_not(state)
    label = Text(N_("Counterattack")) if state.step is Step.STRIGOI else Text(N_("Wound a Strigoi"))
    params = (
        Param("strigoi", "choice", state.in_play),
        _count("wounds", 1, 9),
        Param("won", "flag", (True, False), optional=True),
    )
    return Action({"cmd": "attack_strigoi"}, label, enabled=why is None, why_not=why, params=params)


def _strigoi(state: State) -> list[Action]:
    """Move the Strigoi, let it attack, end the turn: in that order."""
    must_move = state.step is Step.TURN and bool(state.in_play)
    can_hit = state.step is Step.STRIGOI and state.moved is not None and state.attacked is None
    present = tuple(sid for sid in STRIGOI if sid in state.in_play)  # (a correction may have placed only one)
    token = () if state.supreme else (Param("token", "choice", present, optional=True), _count("bonus", 0, 9))
    hit = (_wolf(state), _count("prevented", 0, 9), Param("center", "flag", (False, True), optional=True))
    return [
        Action(
            {"cmd": "strigoi_move"},
            Text(N_("Move the Strigoi")),
            enabled=must_move,
            why_not=None
            if must_move
            else (
                Text(N_("not yet in the fortress"))
                if not state.in_play
                else Text(N_("already moved this turn"))
            ),
            params=token,
        ),
        Action(
            {"cmd": "strigoi_attack"},
            Text(N_("The Strigoi attacks")),
            enabled=can_hit,
            why_not=None if can_hit else Text(N_("only a Strigoi that just moved attacks, once")),
            params=hit,
        ),
        Action(
            {"cmd": "end_turn"},
            Text(N_("End turn")),
            enabled=not must_move,
            why_not=Text(N_("move the Strigoi first")) if must_move else None,
        ),
    ]


def _anytime(game, state: State) -> list[Action]:
    """What the table enters whenever the game runs: wounds, healing, a lost blood point, a platform
    turned, and the corrections."""
    d = game.data
    wounded = tuple(w.name for w in state.wolves if w.wounds)
    platforms = tuple(r.id for r in d.fortress.rooms.values() if r.platform and r.id not in state.collapsed)
    heal_why = None if wounded else Text(N_("no Powerwolf is wounded"))
    return [
        Action({"cmd": "wound"}, Text(N_("Wound a Powerwolf")), params=(_wolf(state), _count("n", 1, 9))),
        Action(
            {"cmd": "heal"},
            Text(N_("Heal")),
            enabled=heal_why is None,
            why_not=heal_why,
            params=(_wolf(state, wounded), _count("n", 1, 9)),
        ),
        Action(
            {"cmd": "lose_blood"},
            Text(N_("Lose a blood point")),
            params=(Param("reason", "choice", REASONS, optional=True),),
        ),
        Action(
            {"cmd": "rotate"},
            Text(N_("Rotate a platform")),
            params=(Param("room", "room", platforms), _count("steps", -5, 5)),
        ),
        *_adjust(game, state),
    ]


def _adjust(game, state: State) -> list[Action]:
    """Tables are always right: the Altar, the Inferno, wounds, Reward cards, the attack marker."""
    d = game.data
    most_wounds = d.wounds_to_fall - 1
    return [
        Action(
            {"cmd": "adjust"},
            Text(N_("Correct the Altar")),
            params=(
                Param("altar", "number", low=0, high=min(d.altar_max, d.blood_counters - state.inferno)),
            ),
        ),
        Action(
            {"cmd": "adjust"},
            Text(N_("Correct the Inferno")),
            params=(Param("inferno", "number", low=0, high=d.blood_counters - state.altar),),
        ),
        Action(
            {"cmd": "adjust"},
            Text(N_("Correct the wounds")),
            params=(
                Param(
                    "wounds",
                    "player",
                    parts=tuple(
                        Param(w, "number", low=0, high=most_wounds, optional=True) for w in _wolves(state)
                    ),
                ),
            ),
        ),
        Action(
            {"cmd": "adjust"},
            Text(N_("Correct the Reward cards")),
            params=(
                Param(
                    "rewards",
                    "player",
                    parts=tuple(Param(w, "number", low=0, high=30, optional=True) for w in _wolves(state)),
                ),
            ),
        ),
        Action(
            {"cmd": "adjust"},
            Text(N_("Correct the attack marker")),
            params=(Param("marker", "flag", (False, True)),),
        ),
    ]
