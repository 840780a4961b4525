"""The Armata Strigoi data file (`companion/games/strigoi/data/fortress.toml`) as frozen values.

`companion.gamedata.loader` reads the file and `companion.games.strigoi.fields.parse` checks it
and builds these; every bad value raises `DataFileError(path, line, field, message)`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from companion.games.strigoi.rules.fortress import Fortress
from companion.rules.base import Record

STRIGOI = ("master", "apprentice", "supreme")
PARTS = STRIGOI + ("tokens",)  # what the box teaches: three card sides and the token mix
STAT_KEYS = ("existence", "damage", "strength")
STAT_RANGE = {"existence": (1, 20), "damage": (0, 9), "strength": (1, 30)}
MAX_TOKENS = 20  # tokens of one kind in the bag


class Stats(Record):
    """One Strigoi card side: wounds to destroy it, wounds it deals, strength to beat."""

    name: str
    existence: int
    damage: int
    strength: int


class Token(Record):
    """A kind of Strigoi Action token: which Strigoi moves, extra wounds, how many in the bag."""

    strigoi: str
    bonus: int
    count: int


class StrigoiData(Record):
    """Everything the engine knows about the box."""

    min_players: int
    max_players: int
    altar_max: int
    blood_counters: int
    wounds_to_fall: int
    powerwolves: tuple[str, ...]
    marked: tuple[str, ...]
    letters: str
    attack_needs: Mapping[int, int]
    defeat_needs: Mapping[int, int]
    stats: Mapping[str, Stats]
    tokens: tuple[Token, ...]
    fortress: Fortress
    ladders: tuple[tuple[str, str], ...]
    verified: bool
    example_tokens: tuple[Token, ...] = ()  # the shipped mix (old journals replay with it)
    examples: tuple[str, ...] = ()  # parts of PARTS still at unverified example values

    @property
    def examples_all(self) -> tuple[str, ...]:
        """Every part a table may teach."""
        return PARTS


def with_taught(data: StrigoiData, taught: Mapping) -> StrigoiData:
    """`data` with the table's own box values laid over it (strigoi/box.toml in the config folder):

        [strigoi.master]  existence, damage, strength    (also apprentice, supreme)
        [tokens.master]   "<bonus>" = count               (also apprentice; both or neither)

    `taught` is that file checked (`companion.games.strigoi.fields.check_taught`). Taught parts win
    and are no longer examples."""
    stats = dict(data.stats)
    for sid, values in taught.get("strigoi", {}).items():
        stats[sid] = Stats(data.stats[sid].name, *(values[k] for k in STAT_KEYS))
    tokens = data.tokens
    if "tokens" in taught:
        tokens = tuple(
            Token(sid, int(bonus), count)
            for sid in ("master", "apprentice")
            for bonus, count in sorted(taught["tokens"][sid].items(), key=lambda kv: int(kv[0]))
            if count
        )
    done = set(taught.get("strigoi", {})) | ({"tokens"} if "tokens" in taught else set())
    return replace(
        data, stats=stats, tokens=tokens, examples=tuple(p for p in data.examples if p not in done)
    )
