"""The Advanced Action cards: who earns the Heroic and Legendary cards, and when.

The rulebook ("The Advanced Action cards") names a trigger for each card; the engine watches for
them and announces the card with a `CardEarned` event. A Powerwolf never holds two copies of one
card, and each Legendary card goes to one Powerwolf per game. The table hands the physical card
over (it joins the hand at the end of that turn).

    fire_and_forgive   Heroic: the first red Monster a Powerwolf defeats
    fist_by_fist       Heroic: the first grey Monster a Powerwolf defeats
    nighttime_rebel    the fewest Reward cards when another Powerwolf gets a third one
                       (tie: the lowest initiative this round, then seating order)
    evil_made_me       the player whose card let a Strigoi give a comrade the third wound
    vampires_dont_die  the Powerwolf who defeats the first Strigoi
    incense_and_iron   the first Powerwolf to fall (a third wound)
    all_you_can_bleed  the first Powerwolf a Strigoi wounds
"""

from __future__ import annotations

from dataclasses import replace

from companion.games.strigoi.rules import events as ev
from companion.games.strigoi.rules.state import State
from companion.rules.base import Event

# card id -> (title as printed, kind)
CARDS = {
    "fire_and_forgive": ("Fire & Forgive", "heroic"),
    "fist_by_fist": ("Fist by Fist", "heroic"),
    "nighttime_rebel": ("Nighttime Rebel", "legendary"),
    "evil_made_me": ("The Evil Made Me Do It", "legendary"),
    "vampires_dont_die": ("Vampires Don't Die", "legendary"),
    "incense_and_iron": ("Incense & Iron", "legendary"),
    "all_you_can_bleed": ("All You Can Bleed", "legendary"),
}
HEROIC = {"red": "fire_and_forgive", "grey": "fist_by_fist"}
REBEL_AT = 3  # the third Reward card of one Powerwolf hands Nighttime Rebel to another


def title(card: str) -> str:
    """The printed title of card `card`."""
    return CARDS[card][0]


def holders(state: State, card: str) -> tuple[str, ...]:
    """The Powerwolves holding `card`."""
    return tuple(who for c, who in state.awards if c == card)


def give(state: State, card: str, wolf: str, why: str) -> tuple[State, list[Event]]:
    """Hand `card` to `wolf` unless the rules forbid it: a second copy for the same Powerwolf, or a
    Legendary card already given."""
    taken = holders(state, card)
    if wolf in taken or (CARDS[card][1] == "legendary" and taken):
        return state, []
    state = replace(state, awards=state.awards + ((card, wolf),))
    return state, [ev.CardEarned(card, title(card), CARDS[card][1], wolf, why)]


def monster_defeated(state: State, wolf: str, colour: str) -> tuple[State, list[Event]]:
    """Fire & Forgive for the first red Monster, Fist by Fist for the first grey one."""
    card = HEROIC.get(colour)
    if card is None:
        return state, []
    return give(state, card, wolf, f"first {colour} Monster defeated")


def rewards_counted(state: State, gainer: str, before: int) -> tuple[State, list[Event]]:
    """Nighttime Rebel: `gainer` went from `before` to their third Reward card (or more); the card
    goes to the Powerwolf with the fewest, ties to the lowest initiative of the round."""
    if before >= REBEL_AT or state.wolf(gainer).rewards < REBEL_AT or holders(state, "nighttime_rebel"):
        return state, []
    others = [w for w in state.wolves if w.name != gainer]
    if not others:
        return state, []
    seats = [w.name for w in state.wolves]
    fewest = min(w.rewards for w in others)

    def initiative(w) -> tuple[int, int]:
        """Lowest initiative this round first (no card: last), then seating order."""
        return (w.card.initiative if w.card is not None else 10**6, seats.index(w.name))

    tied = sorted((w for w in others if w.rewards == fewest), key=initiative)
    why = f"fewest Reward cards when {gainer} got a third"
    if len(tied) > 1:
        why += " (tie: lowest initiative)"
    return give(state, "nighttime_rebel", tied[0].name, why)


def first_in_order(state: State, names) -> str:
    """Of `names` hit at the same moment, the one with the lowest initiative this round."""
    order = list(state.order) + [w.name for w in state.wolves if w.name not in state.order]
    return min(names, key=order.index)
