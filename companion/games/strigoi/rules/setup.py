"""Armata Strigoi setup: the pack, where the Strigoi start, the ladders, the rings of book letters,
the Strigoi card values and the token mix, each from the setup command or its default.

`filled_setup` writes every one of them out, so a journaled game replays the same even after
the box data is taught. Pure: the random defaults come from the seed.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from companion.errors import N_, CommandError, RuleViolation
from companion.games.strigoi.rules.commands import Setup
from companion.games.strigoi.rules.data import StrigoiData
from companion.rules import commands as args

TOKEN_KEYS = ("strigoi", "bonus", "count")


def filled_setup(data: StrigoiData, c: Setup) -> Setup:
    """Check the setup; fill in the pack, Strigoi starts, ladders, rings, card values and token mix."""
    d = data
    if c.players is None:
        raise CommandError(N_("setup: players must be a whole number"))
    n = c.players
    if not d.min_players <= n <= d.max_players:
        raise RuleViolation(
            "players",
            N_("Armata Strigoi is for {min_players}..{max_players} players, not {n}"),
            min_players=d.min_players,
            max_players=d.max_players,
            n=n,
        )
    seed = c.seed if c.seed is not None else 0
    wolves = args.checked_names("setup", "powerwolves", c.powerwolves or d.powerwolves[:n])
    if len(wolves) != n or len(set(wolves)) != n:
        raise CommandError(N_("setup: `powerwolves` must be {n} different names"), n=n)
    before_tokens = _journaled_before_tokens(c)
    # a game journaled before one encounter per turn was enforced replays as recorded
    one = c.one_encounter if c.one_encounter is not None else not before_tokens
    return replace(
        c,
        game="strigoi",
        players=n,
        seed=seed,
        powerwolves=tuple(wolves),
        start=_start(data, c, seed),
        ladders=_ladders(data, c, n),
        rings=_rings(data, c),
        stats=_stats(data, c),
        tokens=_tokens(data, c),
        examples=tuple(_examples(data, c)),
        one_encounter=one,
    )


def _start(data: StrigoiData, c: Setup, seed: int) -> dict[str, str]:
    """Which marked platform each Strigoi starts on (random from the seed unless given)."""
    raw = c.start
    if raw is None:
        rooms = list(data.marked)
        random.Random(f"strigoi-start-{seed}").shuffle(rooms)
        return {"master": rooms[0], "apprentice": rooms[1]}
    if set(raw) != {"master", "apprentice"}:
        raise CommandError(N_("setup: `start` must give a room for master and apprentice"))
    platforms = [r.id for r in data.fortress.rooms.values() if r.platform]
    if any(room not in platforms for room in raw.values()) or raw["master"] == raw["apprentice"]:
        raise CommandError(
            N_("setup: `start` needs two different platform rooms of {platforms}"), platforms=platforms
        )
    return {"master": raw["master"], "apprentice": raw["apprentice"]}


def _ladders(data: StrigoiData, c: Setup, n: int) -> list[list[str]]:
    """One ladder per player on an outer edge, away from the Strigoi's starting rooms."""
    raw = c.ladders
    f = data.fortress
    if raw is None:
        free = [e for e in data.ladders if e[0] not in data.marked]
        return [list(e) for e in free[:n]]
    if not isinstance(raw, list) or len(raw) != n:
        raise CommandError(N_("setup: `ladders` must list {n} [room, direction] edges"), n=n)
    seen = set()
    for edge in raw:
        if not f.outer_edge(edge) or tuple(edge) in seen:
            raise CommandError(
                N_("setup: ladder {edge!r} is not a free outer edge [room, direction]"), edge=edge
            )
        seen.add(tuple(edge))
    return [list(e) for e in raw]


def _rings(data: StrigoiData, c: Setup) -> dict[str, str]:
    """Each room's book letters clockwise from north (data defaults, setup overrides)."""
    rings = {rid: r.ring for rid, r in data.fortress.rooms.items()}
    for rid, ring in (c.rings or {}).items():
        if rid not in rings or not isinstance(ring, str) or sorted(ring) != sorted(data.letters):
            raise CommandError(
                N_("setup: ring of {rid!r} must be the letters {letters} in some order"),
                rid=rid,
                letters=data.letters,
            )
        rings[rid] = ring
    return rings


def _stats(data: StrigoiData, c: Setup) -> dict[str, dict[str, int]]:
    """The Strigoi card values (data defaults; setup `stats` overrides single numbers)."""
    out = {
        k: {"existence": s.existence, "damage": s.damage, "strength": s.strength}
        for k, s in data.stats.items()
    }
    for sid, values in (c.stats or {}).items():
        if sid not in out or not isinstance(values, Mapping) or not set(values) <= set(out[sid]):
            raise CommandError(N_("setup: bad stats for {sid!r}"), sid=sid)
        for key in values:
            out[sid][key] = args.integer(values, key, lo=0 if key == "damage" else 1, hi=99)
    return out


def _tokens(data: StrigoiData, c: Setup) -> list[dict[str, Any]]:
    """The Strigoi Action token mix: the setup's, else the box's (taught, or the example mix).

    A setup journaled before the mix was recorded (it has `stats`, `rings` and `ladders` but no
    `tokens`) used the shipped example mix: it keeps it, so old games replay unchanged."""
    raw = c.tokens
    if raw is None:
        mix = data.example_tokens if _journaled_before_tokens(c) else data.tokens
        return [{"strigoi": t.strigoi, "bonus": t.bonus, "count": t.count} for t in mix]
    if not isinstance(raw, list) or not raw:
        raise CommandError(N_("setup: `tokens` must list {strigoi, bonus, count}"))
    out = []
    for t in raw:
        if (
            not isinstance(t, Mapping)
            or set(t) != set(TOKEN_KEYS)
            or t["strigoi"] not in ("master", "apprentice")
        ):
            raise CommandError(N_("setup: each token is {strigoi: master|apprentice, bonus, count}"))
        out.append(
            {
                "strigoi": t["strigoi"],
                "bonus": args.integer(t, "bonus", lo=0, hi=9),
                "count": args.integer(t, "count", lo=1, hi=20),
            }
        )
    if {t["strigoi"] for t in out} != {"master", "apprentice"}:
        raise CommandError(N_("setup: both the master and the apprentice need tokens"))
    return out


def _examples(data: StrigoiData, c: Setup) -> list[str]:
    """Which values of this game are still the shipped examples (shown as a banner): the parts
    the box data leaves unverified and the setup does not give."""
    raw = c.examples
    if raw is not None:
        if not set(raw) <= set(data.examples_all):
            raise CommandError(
                N_("setup: `examples` lists parts of {examples_all}"), examples_all=data.examples_all
            )
        return [p for p in data.examples_all if p in raw]
    given = {sid for sid, v in (c.stats or {}).items() if len(v) == 3}
    given |= {"tokens"} if c.tokens is not None else set()  # a part counts once fully given
    out = [p for p in data.examples if p not in given]
    if _journaled_before_tokens(c) and not data.verified and "tokens" not in out:
        out.append("tokens")  # such a game plays with the shipped example mix
    return out


def _journaled_before_tokens(c: Setup) -> bool:
    """A canonical setup written before the token mix was journaled: stats, rings, ladders, no tokens."""
    return c.tokens is None and None not in (c.stats, c.rings, c.ladders)
