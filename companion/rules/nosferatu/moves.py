"""What the table may do now in Nosferatu: `actions_for(rules, state)` drives screen and buttons."""

from __future__ import annotations

from companion.errors import N_, Text
from companion.rules.base import Action
from companion.rules.nosferatu.state import Character, Ritual, Rules, State, Step


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
    adjust = Action({"cmd": "adjust"}, Text(N_("Correct the counts")), needs=("nights|bites|rituals|holder",))
    return step_actions + [adjust]


def _give_stake(rules: Rules, state: State) -> list[Action]:
    """One action per player who may receive the stake."""
    out = []
    for name in state.players:
        why = None
        if name == state.renfield:
            why = Text(N_("Renfield never carries the stake"))
        elif name == state.holder:
            why = Text(N_("the stake goes to another player"))
        out.append(Action({"cmd": "give_stake", "to": name}, Text(N_("{chooser}: stake to {name}"), chooser=state.chooser, name=name),
                          enabled=why is None, why_not=why))
    return out


def _turn(rules: Rules, state: State) -> list[Action]:
    """The player on turn passes a card to Renfield."""
    return [Action({"cmd": "play", "player": state.current}, Text(N_("{current} gave a card"), current=state.current))]


def _clock(rules: Rules, state: State) -> list[Action]:
    """Reveal by the companion's shuffle, or enter the physical card."""
    no_night = "no Night card left in the Clock" if state.nights_left == 0 else None
    return [
        Action({"cmd": "reveal"}, Text(N_("Reveal the next Clock card"))),
        Action({"cmd": "reveal", "card": "night"}, Text(N_("The table revealed Night")),
               enabled=no_night is None, why_not=no_night),
        Action({"cmd": "reveal", "card": "dawn"}, Text(N_("The table revealed Dawn"))),
    ]


def _resolve(rules: Rules, state: State) -> list[Action]:
    """Bites, Nights, one Ritual, then done."""
    card_why = ("a Ritual was cast this round" if state.round_ritual
                else None if state.cards_unused > 0 else f"all {state.played} cards given are used")
    night_why = card_why
    if night_why is None and state.nights_outside == 0:
        night_why = Text(N_("all {total} Night cards are in the Clock"), total=state.night_cards)
    out = [
        Action({"cmd": "bite"}, Text(N_("Lay a Bite")), enabled=card_why is None, why_not=card_why,
               needs=("player",)),
        Action({"cmd": "add_night"}, Text(N_("Night card to the Clock")), enabled=night_why is None,
               why_not=night_why),
    ]
    for ritual in rules.rituals:
        why = (Text(N_("already cast")) if ritual.key in state.rituals_used
               else Text(N_("not every card was an Incantation")) if state.any_card_used
               else _no_night_to_discard(ritual, state))
        needs = {"reveal": ("target", "character"), "target": ("target",)}.get(ritual.effect, ())
        out.append(Action({"cmd": "cast", "ritual": ritual.key}, Text(N_("Cast {name}"), name=ritual.name),
                          enabled=why is None, why_not=why, needs=needs))
    out.append(Action({"cmd": "resolved"}, Text(N_("All cards applied"))))
    return out


def _no_night_to_discard(ritual: Ritual, state: State) -> str | None:
    """Why a Ritual that discards a Night card from the Clock cannot be cast now (the Clock has none)."""
    if ritual.effect == "remove-night" and state.night_cards is not None and state.nights == 0:
        return Text(N_("no Night card in the Clock"))
    return None


def _stake(rules: Rules, state: State) -> list[Action]:
    """Kill a suspect with the stake, or spare."""
    vampire_holds = state.known_of(state.holder) is Character.VAMPIRE
    out = []
    for name in state.players:
        why = None
        if vampire_holds:
            why = Text(N_("the Vampire may not use the stake"))
        elif name in (state.renfield, state.holder):
            why = Text(N_("not Renfield, not the holder"))
        needs = () if state.known_of(name) else ("character",)
        out.append(Action({"cmd": "stake", "target": name}, Text(N_("{holder} stakes {name}"), holder=state.holder, name=name),
                          enabled=why is None, why_not=why, needs=needs))
    out.append(Action({"cmd": "spare"}, Text(N_("{holder} spares everyone"), holder=state.holder)))
    return out
