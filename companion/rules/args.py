"""Small checks that turn a JSON command's parameters into clean values or a CommandError.

Shared by the engines that check their commands by hand (One Night, Armata Strigoi) and by every
setup; the Nosferatu and mansion verbs go through the dataclass parser in `companion.rules.parsing`.
Pure: no I/O.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping

from companion.errors import CommandError, RuleViolation


def is_int(value: Any) -> bool:
    """True for a real int (not a bool)."""
    return isinstance(value, int) and not isinstance(value, bool)


def verb_of(command: Any, verbs: tuple[str, ...], game_id: str) -> str:
    """The verb of a hand-checked command; CommandError if it is no JSON object or the verb is unknown."""
    if not isinstance(command, Mapping):
        raise CommandError("a command must be a JSON object")
    verb = command.get("cmd")
    if verb not in verbs:
        raise CommandError(f"unknown command {verb!r}; {game_id} knows {', '.join(verbs)}")
    return verb


def refuse_unknown(command: Mapping[str, Any], known: Iterable[str], verb: str) -> None:
    """CommandError naming the first parameter (alphabetically) that `verb` does not take."""
    extra = sorted(set(command) - set(known))
    if extra:
        raise CommandError(f"{verb}: unknown parameter {extra[0]!r}")


def verb_only(state: Any, command: Mapping[str, Any]) -> dict[str, Any]:
    """The canonical form of a command that takes no parameters: its verb alone.

    `state` is unused; it is there so this can stand in for a game's per-verb checker.
    """
    return {"cmd": command["cmd"]}


def integer(cmd: Mapping[str, Any], key: str, default: int | None = None,
            lo: int | None = None, hi: int | None = None) -> int:
    """`cmd[key]` as an int (bools refused), `default` when missing, bounds checked."""
    value = cmd.get(key, default)
    if value is None:
        raise CommandError(f"{cmd.get('cmd')}: `{key}` is required")
    if not is_int(value):
        raise CommandError(f"{cmd.get('cmd')}: `{key}` must be a whole number, got {value!r}")
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise CommandError(f"{cmd.get('cmd')}: `{key}` must be between {lo} and {hi}, got {value}")
    return value


def boolean(cmd: Mapping[str, Any], key: str, default: bool) -> bool:
    """`cmd[key]` as a bool, `default` when missing."""
    value = cmd.get(key, default)
    if not isinstance(value, bool):
        raise CommandError(f"{cmd.get('cmd')}: `{key}` must be true or false, got {value!r}")
    return value


def text(cmd: Mapping[str, Any], key: str) -> str:
    """`cmd[key]` as a non-empty string."""
    value = cmd.get(key)
    if not isinstance(value, str) or not value:
        raise CommandError(f"{cmd.get('cmd')}: `{key}` must be a non-empty text")
    return value


def text_list(cmd: Mapping[str, Any], key: str) -> tuple[str, ...] | None:
    """`cmd[key]` as a tuple of strings, None when missing."""
    value = cmd.get(key)
    if value is None:
        return None
    if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
        raise CommandError(f"{cmd.get('cmd')}: `{key}` must be a list of texts")
    return tuple(value)


def seat_map(cmd: Mapping[str, Any], key: str, players: int, required: bool = True) -> dict[int, Any]:
    """`cmd[key]` as {seat: value} with every seat 1..players (keys may be "1" or 1)."""
    raw = cmd.get(key)
    if raw is None and not required:
        return {}
    if not isinstance(raw, Mapping):
        raise CommandError(f"{cmd.get('cmd')}: `{key}` must map seat numbers to values")
    out: dict[int, Any] = {}
    for k, v in raw.items():
        try:
            seat = int(k)
        except (TypeError, ValueError):
            raise CommandError(f"{cmd.get('cmd')}: `{key}` has a bad seat {k!r}") from None
        if not 1 <= seat <= players:
            raise CommandError(f"{cmd.get('cmd')}: seat {seat} is not at this table (1..{players})")
        out[seat] = v
    missing = [s for s in range(1, players + 1) if s not in out]
    if missing and required:
        raise CommandError(f"{cmd.get('cmd')}: `{key}` is missing seat(s) {missing}")
    return out


def same_game(command: Mapping[str, Any], game_id: str) -> None:
    """Refuse a setup whose `game` names another game (a missing `game` means this one)."""
    game = command.get("game", game_id)
    if game != game_id:
        raise CommandError(f"setup: this is the {game_id} engine, not {game!r}")


def seat_names(command: Mapping[str, Any], low: int, high: int, title: str) -> list[str]:
    """The setup's player names: `names` as given, else P1..Pn for `players`, checked against low..high.

    `title` names the game in the refusal, e.g. "Nosferatu is for 5 to 8 players, not 3".
    """
    names = command.get("names")
    n = command.get("players", len(names) if isinstance(names, list) else None)
    if not is_int(n):
        raise CommandError("setup: players must be a whole number")
    if not low <= n <= high:
        raise RuleViolation("players", f"{title} is for {low} to {high} players, not {n}")
    names = [f"P{i}" for i in range(1, n + 1)] if names is None else names
    if (not isinstance(names, list) or len(names) != n
            or not all(isinstance(x, str) and x for x in names) or len(set(names)) != n):
        raise CommandError(f"setup: names must be {n} different names")
    return list(names)
