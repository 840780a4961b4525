"""What the table may do now in Nosferatu: `actions_for(rules, state)` drives screen and buttons.

Every value the table still chooses is a `Param` with the values the engine accepts now: players
(never Renfield, who is never bitten, staked or given the stake), a character card as it may still be,
Night cards within the round's cards. A Ritual that reveals a card is one action per player, since
what the card may be depends on whose it is; each correction is an action of its own.
"""

from __future__ import annotations

from companion.errors import N_, Text
from companion.games.nosferatu.rules.state import Character, Ritual, Rules, State, Step
from companion.rules.base import Action, Param

CHARACTERS = (Character.VAMPIRE.value, Character.HUNTER.value)


def actions_for(rules: Rules, state: State) -> list[Action]:
    """Every action of the current step (disabled ones carry the reason), then adjust."""
    if state.step is Step.OVER:
        return []
    step_actions = {
        Step.GIVE_STAKE: _give_stake,
        Step.TURN: _turn,
        Step.CLOCK: _clock,
        Step.RESOLVE: _resolve,
        Step.STAKE: _stake,
    }[state.step](rules, state)
    return step_actions + _adjust(rules, state)


def _adjust(rules: Rules, state: State) -> list[Action]:
    """Tables are always right: set the Night cards in the Clock, the bites, the Rituals cast or the holder."""
    most = state.night_cards  # None: a game journaled before Night cards were counted has no limit
    suspects = _suspects(state)
    return [
        Action(
            {"cmd": "adjust"},
            Text(N_("Correct the Night cards in the Clock")),
            params=(Param("nights", "number", low=0, high=most),),
        ),
        Action(
            {"cmd": "adjust"},
            Text(N_("Correct the bites")),
            params=(Param("bites", "player", parts=tuple(Param(p, "number", low=0) for p in suspects)),),
        ),
        Action(
            {"cmd": "adjust"},
            Text(N_("Correct the Rituals cast")),
            params=(Param("rituals", "choice", *_rituals(rules), many=(0, len(rules.rituals))),),
        ),
        Action(
            {"cmd": "adjust"}, Text(N_("Correct who holds the stake")), params=(_person("holder", suspects),)
        ),
    ]


def _suspects(state: State) -> tuple[str, ...]:
    """Everyone but Renfield (who is never bitten, never staked and never holds the stake)."""
    return tuple(p for p in state.players if p != state.renfield)


def _person(name: str, players: tuple[str, ...], optional: bool = False) -> Param:
    """A parameter naming one of `players`."""
    return Param(name, "player", players, optional=optional)


def _rituals(rules: Rules) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(keys, names) of the Ritual cards."""
    return tuple(r.key for r in rules.rituals), tuple(r.name for r in rules.rituals)


def _characters(state: State, name: str) -> tuple[str, ...]:
    """What `name`'s face-down card may still be: a Vampire unless another is known, a Hunter unless
    every other suspect is one (the engine's `_seen_character` refuses the rest)."""
    others = [p for p, k in zip(state.players, state.known) if k is Character.VAMPIRE and p != name]
    suspects = [
        p
        for p, k in zip(state.players, state.known)
        if p not in (state.renfield, name) and k is not Character.HUNTER
    ]
    return tuple(c for c, ok in zip(CHARACTERS, (not others, bool(suspects))) if ok)


def _character(state: State, name: str) -> tuple[Param, ...]:
    """The character parameter for `name`'s card: none when it is known already."""
    if state.known_of(name) is not None:
        return ()
    return (Param("character", "choice", _characters(state, name)),)


def _give_stake(rules: Rules, state: State) -> list[Action]:
    """One action per player who may receive the stake."""
    out = []
    for name in state.players:
        why = None
        if name == state.renfield:
            why = Text(N_("Renfield never carries the stake"))
        elif name == state.holder:
            why = Text(N_("the stake goes to another player"))
        out.append(
            Action(
                {"cmd": "give_stake", "to": name},
                Text(N_("{chooser}: stake to {name}"), chooser=state.chooser, name=name),
                enabled=why is None,
                why_not=why,
            )
        )
    return out


def _turn(rules: Rules, state: State) -> list[Action]:
    """The player on turn passes a card to Renfield."""
    return [
        Action(
            {"cmd": "play", "player": state.current}, Text(N_("{current} gave a card"), current=state.current)
        )
    ]


def _clock(rules: Rules, state: State) -> list[Action]:
    """Reveal by the companion's shuffle, or enter the physical card."""
    no_night = "no Night card left in the Clock" if state.nights_left == 0 else None
    return [
        Action({"cmd": "reveal"}, Text(N_("Reveal the next Clock card"))),
        Action(
            {"cmd": "reveal", "card": "night"},
            Text(N_("The table revealed Night")),
            enabled=no_night is None,
            why_not=no_night,
        ),
        Action({"cmd": "reveal", "card": "dawn"}, Text(N_("The table revealed Dawn"))),
    ]


def _resolve(rules: Rules, state: State) -> list[Action]:
    """Bites, Nights, one Ritual, then done."""
    card_why = (
        Text(N_("a Ritual was cast this round"))
        if state.round_ritual
        else None
        if state.cards_unused > 0
        else Text(N_("all {played} cards given are used"), played=state.played)
    )
    night_why = card_why
    if night_why is None and state.nights_outside == 0:
        night_why = Text(N_("all {total} Night cards are in the Clock"), total=state.night_cards)
    most = (
        state.cards_unused if state.nights_outside is None else min(state.cards_unused, state.nights_outside)
    )
    out = [
        Action(
            {"cmd": "bite"},
            Text(N_("Lay a Bite")),
            enabled=card_why is None,
            why_not=card_why,
            params=(_person("player", _suspects(state)),),
        ),
        Action(
            {"cmd": "add_night"},
            Text(N_("Night card to the Clock")),
            enabled=night_why is None,
            why_not=night_why,
            params=(Param("n", "number", low=1, high=max(1, most), optional=True),),
        ),
    ]
    for ritual in rules.rituals:
        why = (
            Text(N_("already cast"))
            if ritual.key in state.rituals_used
            else Text(N_("not every card was an Incantation"))
            if state.any_card_used
            else _no_night_to_discard(ritual, state)
        )
        out += _cast(ritual, state, why)
    out.append(Action({"cmd": "resolved"}, Text(N_("All cards applied"))))
    return out


def _cast(ritual: Ritual, state: State, why: str | None) -> list[Action]:
    """Casting one Ritual: a card revealed is one action per player (what it may be depends on whose);
    a target chosen, or (a Ritual for the whole table) optionally named."""
    command = {"cmd": "cast", "ritual": ritual.key}
    label = Text(N_("Cast {name}"), name=ritual.name)
    if ritual.effect == "reveal" and why is None:
        return [
            Action(
                {**command, "target": p},
                Text(N_("Cast {name} on {player}"), name=ritual.name, player=p),
                params=_character(state, p),
            )
            for p in _suspects(state)
        ]
    params: tuple[Param, ...] = ()
    if ritual.effect == "reveal":
        params = (_person("target", _suspects(state)), Param("character", "choice", CHARACTERS))
    elif ritual.effect in ("target", "table"):
        params = (_person("target", _suspects(state), optional=ritual.effect == "table"),)
    return [Action(command, label, enabled=why is None, why_not=why, params=params)]


def _no_night_to_discard(ritual: Ritual, state: State) -> str | None:
    """Why a Ritual that discards a Night card from the Clock cannot be cast now (the Clock has none)."""
    if ritual.effect == "remove-night" and state.night_cards is not None and state.nights == 0:
        return Text(N_("no Night card in the Clock"))
    return None


def _stake(rules: Rules, state: State) -> list[Action]:
    """Kill a suspect with the stake (naming the card turned over if it was unknown), or spare."""
    vampire_holds = state.known_of(state.holder) is Character.VAMPIRE
    out = []
    for name in state.players:
        why = None
        if vampire_holds:
            why = Text(N_("the Vampire may not use the stake"))
        elif name in (state.renfield, state.holder):
            why = Text(N_("not Renfield, not the holder"))
        params = _character(state, name) if name != state.renfield else ()
        out.append(
            Action(
                {"cmd": "stake", "target": name},
                Text(N_("{holder} stakes {name}"), holder=state.holder, name=name),
                enabled=why is None,
                why_not=why,
                params=params,
            )
        )
    out.append(Action({"cmd": "spare"}, Text(N_("{holder} spares everyone"), holder=state.holder)))
    return out
