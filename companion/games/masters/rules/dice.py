"""The shared dice reserve and the game's own randomness.

Randomness is pure: each random outcome uses a fresh `Random` seeded from the game seed and a draw
counter kept in the state, so a state alone replays exactly and nothing global is touched.
"""

from __future__ import annotations

from random import Random

from companion.errors import N_, RuleViolation
from companion.games.masters.rules import events as E
from companion.games.masters.rules.state import MastersState, evolve

DICE_PER_VAMPIRE = 2


def clamp(value: int) -> int:
    """A die shows 1..6 whatever an effect says."""
    return 1 if value < 1 else 6 if value > 6 else value


def rng(s: MastersState) -> tuple[Random, MastersState]:
    """A generator for the next random outcome and the state with the draw counted."""
    return Random(f"masters:{s.seed}:{s.draws}"), evolve(s, draws=s.draws + 1)


def roll_values(s: MastersState) -> tuple[tuple[int, ...], MastersState]:
    """Values for rolling all the game's dice, from the game's RNG."""
    r, s = rng(s)
    return tuple(r.randint(1, 6) for _ in range(DICE_PER_VAMPIRE * len(s.vampires))), s


def reroll(s: MastersState, values: tuple[int, ...] | None, ev: list) -> MastersState:
    """Roll all dice into a new reserve; only allowed once the reserve is empty."""
    if s.dice:
        raise RuleViolation("dice", N_("{n} dice are still in the reserve; use them first"), n=len(s.dice))
    # the draw is counted even when the table gives the values, so a canonical replay (values
    # always given) reaches exactly the same state as the original game
    rolled, s = roll_values(s)
    if values is None:
        values = rolled
    elif len(values) != len(rolled):
        raise RuleViolation(
            "dice reserve",
            N_("the reserve is two dice per vampire: roll all {n} dice and give {n} values, not {n2}"),
            n=len(rolled),
            n2=len(values),
        )
    values = tuple(clamp(v) for v in values)
    ev.append(E.DiceRolled(values))
    return evolve(s, dice=values, dice_used=())


def index_of(s: MastersState, value: int | None, index: int | None) -> int | None:
    """The index of the die to use from its face `value` and/or its `index` (None: the default)."""
    if value is None or not s.dice:
        return index  # `pick` says the reserve is empty
    if index is not None:
        if 0 <= index < len(s.dice) and s.dice[index] != value:
            raise RuleViolation(
                "dice",
                N_("die {index} shows {dice}, not {value}"),
                index=index,
                dice=s.dice[index],
                value=value,
            )
        return index
    if value not in s.dice:
        shown = " ".join(map(str, s.dice)) or "none"
        raise RuleViolation(
            "dice", N_("no die showing {value} in the reserve (dice: {shown})"), value=value, shown=shown
        )
    return s.dice.index(value)


def pick(s: MastersState, index: int | None, lowest_only: bool) -> int:
    """Index of the die to use: given (checked) or the default (lowest by day, highest by night)."""
    if not s.dice:
        raise RuleViolation("dice", N_("the dice reserve is empty: reroll first"))
    low = min(s.dice)
    if index is None:
        return s.dice.index(low if lowest_only else max(s.dice))
    if not 0 <= index < len(s.dice):
        raise RuleViolation(
            "dice", N_("no die {index} in the reserve (0..{n})"), index=index, n=len(s.dice) - 1
        )
    if lowest_only and s.dice[index] != low:
        raise RuleViolation("day combat", N_("by day only a lowest die ({low}) may be used"), low=low)
    return index


def take(s: MastersState, index: int) -> tuple[int, MastersState]:
    """Set the die at `index` aside; its value and the new state."""
    value = s.dice[index]
    return value, evolve(s, dice=s.dice[:index] + s.dice[index + 1 :], dice_used=s.dice_used + (value,))
