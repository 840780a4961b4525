"""Values for an action's parameters, as the contract (companion/testing/test_contract.py) tries them:
allowed ones and ones outside.

`allowed(param, rng)` draws a value the parameter allows (`companion.rules.base.Param`: its choices,
its number range, a list of `many` items, an object of `parts` honouring `total` and `counts`);
`boundaries(param)` lists the values worth trying one by one (every choice, the ends of a range);
`outside(param, universe)` gives values the parameter does not allow: a choice of the same kind that
is not listed (another district, another player), a number just past the range, a list one item too
long, an object with one part outside. `command(action, rng, ...)` puts it all into a command.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from companion.rules import POSITIONS
from companion.rules.base import Action, Param

OPEN_RANGE = 20  # how far past `low` a number without `high` is tried
JUNK = "no-such-value"


def allowed(p: Param, rng: random.Random) -> Any:
    """One value `p` allows, drawn with `rng`."""
    if p.parts:
        return _object(p, rng)
    if p.many is not None:
        fewest, most = p.many
        top = most if most is not None else fewest + 3
        if not p.repeat:
            top = min(top, len(p.choices))
        k = rng.randint(fewest, max(fewest, top))
        return [rng.choice(p.choices) for _ in range(k)] if p.repeat else rng.sample(list(p.choices), k)
    if p.choices:
        return rng.choice(p.choices)
    low, high = _range(p)
    return rng.randint(low, high)


def boundaries(p: Param) -> list[Any]:
    """Values of a one-value parameter worth trying one by one: every choice, or a range's ends and middle."""
    if p.parts or p.many is not None:
        return []
    if p.choices:
        return list(p.choices)
    low, high = _range(p)
    return sorted({low, high, (low + high) // 2})


def outside(p: Param, universe: dict[str, tuple]) -> Iterator[Any]:
    """Values `p` does not allow. `universe` gives the values a kind can take in this game (districts,
    players' names and seat numbers) so a refusal is by the rule, not just by the shape."""
    if p.parts:
        yield from _object_outside(p, universe)
        return
    if p.many is not None:
        fewest, most = p.many
        if p.choices:
            first = p.choices[0]
            if most is not None and (p.repeat or most < len(p.choices)):
                yield [first] * (most + 1) if p.repeat else list(p.choices[: most + 1])
            for bad in _not_listed(p, universe):
                yield [bad] * max(1, fewest)
        return
    if p.choices:
        if all(isinstance(c, bool) for c in p.choices):
            return  # true and false are both allowed, or the other one is refused by a rule not listed here
        yield from _not_listed(p, universe)
        return
    if p.low is not None:
        yield p.low - 1
    if p.high is not None:
        yield p.high + 1


def command(action: Action, rng: random.Random, optional: float = 0.5, **fixed: Any) -> dict[str, Any]:
    """The action's command with an allowed value for each parameter it needs, optional ones given
    with chance `optional`; `fixed` values win."""
    out = dict(action.command)
    for p in action.params:
        if p.name in fixed:
            out[p.name] = fixed[p.name]
        elif not p.optional or rng.random() < optional:
            out[p.name] = allowed(p, rng)
    return out


def _range(p: Param) -> tuple[int, int]:
    """The number range of `p` (an open end tried up to OPEN_RANGE past the other)."""
    low = p.low if p.low is not None else (p.high - OPEN_RANGE if p.high is not None else 0)
    high = p.high if p.high is not None else low + OPEN_RANGE
    return low, high


def _not_listed(p: Param, universe: dict[str, tuple]) -> list[Any]:
    """Values of `p`'s kind that are not among its choices: from the game's universe of that kind when
    it has some, else a value of the same type nobody would list."""
    same = [v for v in universe.get(p.kind, ()) if type(v) is type(p.choices[0]) and v not in p.choices]
    if same:
        return same[:2]
    first = p.choices[0]
    if isinstance(first, int):
        return [max(p.choices) + 100]
    if isinstance(first, str):
        return [JUNK]
    return []


def _object(p: Param, rng: random.Random) -> dict[str, Any]:
    """An object value: each part's value (optional parts now and then), the numbers adding up to
    `total`, no choice used more often than `counts` allows."""
    parts = [q for q in p.parts if not q.optional or rng.random() < 0.5] if p.total is None else list(p.parts)
    if p.total is not None:
        return _shares(parts, p.total, rng)
    out: dict[str, Any] = {}
    used: dict[Any, int] = {}
    most = dict(p.counts)
    for q in parts:
        value = allowed(q, rng)
        if most and value in most:
            if used.get(value, 0) >= most[value]:
                value = rng.choice([c for c in q.choices if used.get(c, 0) < most.get(c, len(p.parts))])
            used[value] = used.get(value, 0) + 1
        out[q.name] = value
    return out


def _shares(parts: list[Param], total: int, rng: random.Random) -> dict[str, int]:
    """Numbers for `parts`, each within its range, that add up to `total`."""
    out = {q.name: q.low or 0 for q in parts}
    left = total - sum(out.values())
    room = {q.name: (q.high if q.high is not None else total) - out[q.name] for q in parts}
    while left > 0:
        name = rng.choice([n for n, r in room.items() if r > 0])
        out[name] += 1
        room[name] -= 1
        left -= 1
    return out


def _object_outside(p: Param, universe: dict[str, tuple]) -> Iterator[dict[str, Any]]:
    """Objects with one part outside what it allows (the others as they are allowed)."""
    rng = random.Random(0)
    for q in p.parts:
        for bad in outside(q, universe):
            good = _object(p, rng)
            yield {**good, q.name: bad}
            break


def universe_of(game, state) -> dict[str, tuple]:
    """The values each kind can take in this game now: the nine districts, the players (names and seat
    numbers 1..n), the die faces."""
    players = game.players(state)
    return {
        "district": POSITIONS,
        "player": tuple(p.name for p in players) + tuple(range(1, len(players) + 1)),
        "die": tuple(range(1, 7)),
    }
