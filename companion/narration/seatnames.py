"""Seats the setup named no one on, as the table shows them: by the game's default names, never "P1".

The table's wizard always asks for names, but a scenario file may seat a table by its size alone, and
games journaled before the table asked for names did: the engines name such a seat by its code, "P1",
"P2"... (`companion.rules.names.SEAT_CODE`), and the journal's commands name the players so. Those
codes stay in the engine, the journal and the state JSON (the contract); what people read shows
each such seat by the game's default name for it instead: its words module's `SEAT_NAMES` (Nosferatu
names them after the 1922 film's Wisborg), in the table's language, else `FALLBACK` below.

`for_table(game, seats)` gives the codes' shown names ({} when every seat has a name, so a named game
costs one look at its seats); `shown(value, names)` puts them into anything made of texts, lists,
mappings and records (a state JSON, an event, an engine's actions and their texts), and
`engine_side(value, names)` takes them back out of a command the table sends. The loop shows the table
its game through these (companion/app.py), and the journal's line, the story chart and `companion
play --narrate` name the seats with them too.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import fields, is_dataclass, replace
from typing import Any

from companion.errors import Text
from companion.i18n import N_, _
from companion.rules.names import same_name, seat_code

# Default names of a game whose words give none (a plugin's): first names of no one in particular.
FALLBACK = (
    N_("Alex"),
    N_("Billie"),
    N_("Charlie"),
    N_("Dana"),
    N_("Eli"),
    N_("Frankie"),
    N_("Gabi"),
    N_("Jo"),
    N_("Kim"),
    N_("Robin"),
)


def default_names(game: str | None) -> tuple[str, ...]:
    """The game's default names for its seats, in seat order, in the table's language."""
    from companion.plugins import get

    found = get(str(game)) if game else None
    words = found.words() if found is not None else None
    return tuple(_(n) for n in (getattr(words, "SEAT_NAMES", None) or FALLBACK))


def for_table(game: str | None, seats: Iterable[Any]) -> dict[str, str]:
    """{code: shown name} for the seats (the state JSON's "seats", or the names in seat order) that
    carry an unnamed seat's code: seat k gets the game's k-th default name, one no other player at
    the table is called (the next one then; past the list's end a number follows)."""
    names = [s.get("name") if isinstance(s, Mapping) else s for s in seats]
    codes = [n for n in names if seat_code(n) is not None]
    if not codes:
        return {}
    taken = {same_name(n) for n in names if isinstance(n, str) and seat_code(n) is None}
    pool = list(default_names(game))
    out: dict[str, str] = {}
    for i, name in enumerate(names):
        if not isinstance(name, str) or name not in codes:
            continue
        wanted = [pool[(i + k) % len(pool)] for k in range(len(pool))]
        pick = next((w for w in wanted if same_name(w) not in taken), None)
        if pick is None:  # a table larger than the list: the seat's default with its number
            pick = f"{pool[i % len(pool)]} {i + 1}"
        taken.add(same_name(pick))
        out[name] = pick
    return out


def shown(value: Any, names: Mapping[str, str]) -> Any:
    """`value` with every code in `names` replaced by its shown name: a text that is a code, the
    values of an engine `Text` (its words are made again from its template), the items of tuples and
    lists, the keys and values of mappings, the fields of records. Nothing else changes."""
    return _swap(value, names) if names else value


def engine_side(result: Mapping[str, Any], names: Mapping[str, str]) -> Any:
    """A command the table's screens (or the host's phone) send, with the shown names of `for_table`
    back as the codes the engine knows (the inverse of `shown`); an intent, or a setup (a new game,
    whose names are its own), as it is."""
    if not names or result.get("cmd") in (None, "setup"):
        return result
    back = {v: k for k, v in names.items()}
    if result.get("cmd") == "rename" and isinstance(result.get("names"), Mapping):  # the new names are new
        return {**result, "names": {back.get(k, k): v for k, v in result["names"].items()}}
    return _swap(result, back)


def _swap(value: Any, names: Mapping[str, str]) -> Any:
    """`shown`'s walk over one value."""
    if isinstance(value, Text):
        if not value.params:
            return value
        return Text(value.template, **{k: _swap(v, names) for k, v in value.params.items()})
    if isinstance(value, str):
        return names.get(value, value)
    if (
        isinstance(value, tuple) and hasattr(value, "_replace") and hasattr(value, "_asdict")
    ):  # a Named record
        return value._replace(**{k: _swap(v, names) for k, v in value._asdict().items()})
    if isinstance(value, tuple):
        return tuple(_swap(v, names) for v in value)
    if isinstance(value, list):
        return [_swap(v, names) for v in value]
    if isinstance(value, Mapping):
        return {_swap(k, names): _swap(v, names) for k, v in value.items()}
    if is_dataclass(value) and not isinstance(value, type):
        return replace(
            value, **{f.name: _swap(getattr(value, f.name), names) for f in fields(value) if f.init}
        )
    return value


class TableNames:
    """The names the table shows for the game in hand, in one place: the unnamed seats' shown names
    (`for_table`), worked out once for each change of its seats, and the conversion both ways:
    `shown` for what people read (a view, events, a refusal), `engine_side` for what they send."""

    def __init__(self) -> None:
        """No game yet: every name is its own."""
        self.codes: dict[str, str] = {}  # an unnamed seat's code -> the name the table shows
        self._for: tuple = ()  # the game and seat names `codes` was worked out for

    def follow(self, game: str | None, seats: Iterable[Any]) -> dict[str, str]:
        """The shown names of the seats now (the state JSON's "seats"), kept as the table's; worked
        out again only when the game or its seats' names changed."""
        key = (game, *(s.get("name") if isinstance(s, Mapping) else s for s in seats))
        if key != self._for:
            self.codes, self._for = for_table(game, key[1:]), key
        return self.codes

    def shown(self, value: Any, also: Mapping[str, str] | None = None) -> Any:
        """`value` as the table shows it (`shown`); `also`: names known besides the current ones (the
        seats' names before a command that renamed them, which its events still carry)."""
        return shown(value, {**also, **self.codes} if also else self.codes)

    def engine_side(self, result: Mapping[str, Any]) -> Any:
        """A command the table sent, the shown names back as the engine's codes (`engine_side`)."""
        return engine_side(result, self.codes)
