"""Scenario files: a game as JSON Lines, one command a line (`companion play`, `companion run --script`,
`companion journal export`). Blank lines and lines starting with # or // are comments.

A file that cannot be a scenario is refused here, before any command is applied, with file:line,
the field where there is one, and what is wrong in our own words (exit status 2): no such file, a
folder, a device or pipe, more than 16 MiB (`tomlfile.MAX_SCENARIO`, standard input too), bytes
that are not UTF-8, a line that is not a JSON object with a "cmd", JSON that nests
deeper than `MAX_DEPTH` or holds NaN/Infinity or a whole number SQLite cannot store (beyond
64 bits), and, when the first command is the setup, an unknown game, verb or parameter, a
parameter of the wrong type (checked against the game's own command classes, which do no I/O) and
a player's or vampire's name the name rule refuses (companion/rules/names.py), in a setup or a
`rename` line alike.
A UTF-8 byte-order mark at the start, as Windows Notepad writes, is dropped. What is left to the
rules (a command not allowed now, a value out of range) is a refusal of its line (exit status 1).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable
from typing import Any

from companion.errors import CommandError, DataFileError
from companion.gamedata.tomlfile import MAX_SCENARIO, decoded, read_text, too_large
from companion.i18n import N_, _
from companion.narration.words import refusal_text

MAX_DEPTH = 32  # no command nests deeper than a few levels; json itself fails near 1000
MAX_INT = 2**63 - 1  # SQLite's INTEGER is signed 64-bit: a journal cannot keep a larger number
# json's own messages (Lib/json/decoder.py, Modules/_json.c) -> ours; anything else: "not valid JSON"
JSON_WORDS = {
    "Expecting value": N_(
        "a value is missing or is not JSON (texts need double quotes; true, false and null are lower case)"
    ),
    "Expecting property name enclosed in double quotes": N_("a key must be a text in double quotes"),
    "Expecting ':' delimiter": N_("a ':' is missing after a key"),
    "Expecting ',' delimiter": N_("a ',' is missing between two entries, or a bracket is not closed"),
    "Unterminated string starting at": N_("a text is not closed with a double quote"),
    "Invalid control character at": N_(
        "a text holds a raw control character (write a tab as \\t, a line break as \\n)"
    ),
    "Invalid \\escape": N_("a text holds an unknown \\ escape"),
    "Invalid \\uXXXX escape": N_("a text holds a broken \\u escape"),
    "Extra data": N_("more than one JSON value on the line (one command a line)"),
}


def load_scenario(path: str) -> list[tuple[int, dict]]:
    """Read, parse and check a scenario file; DataFileError (exit 2) if it cannot be read, parsed or
    is not made of its game's commands."""
    return check_commands(read_scenario(read_text(path, MAX_SCENARIO).splitlines(), str(path)), str(path))


def read_stdin(path: str = "<stdin>") -> list[tuple[int, dict]]:
    """A scenario piped in (`companion play --script -`), read as bytes so that text which is not
    UTF-8 is refused in our words like a file's."""
    data = sys.stdin.buffer.read(MAX_SCENARIO + 1)  # (a pipe from /dev/zero stops at the limit)
    if len(data) > MAX_SCENARIO:
        raise too_large(path, MAX_SCENARIO)
    return check_commands(read_scenario(decoded(data, path).splitlines(), path), path)


def read_scenario(lines: Iterable[str], path: str = "<scenario>") -> list[tuple[int, dict]]:
    """Parse JSON Lines into (line number, command) pairs; DataFileError on a bad line (what any
    JSON Lines of commands must be: the game's own checks are `check_commands`)."""
    out = []
    for no, raw in enumerate(lines, start=1):
        text = raw.strip().lstrip("\ufeff") if no == 1 else raw.strip()  # a BOM, if a caller kept it
        if not text or text.startswith("#") or text.startswith("//"):
            continue
        cmd = _json(text, path, no)
        if not isinstance(cmd, dict) or not isinstance(cmd.get("cmd"), str):
            raise DataFileError(path, no, "cmd", _('each line must be a JSON object with a "cmd" text'))
        _check_values(cmd, path, no)
        out.append((no, cmd))
    if not out:
        raise DataFileError(path, None, None, _("no commands in the scenario"))
    return out


def _json(text: str, path: str, no: int) -> Any:
    """One line's JSON value, or DataFileError saying in our words what is wrong and where."""
    try:
        return json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        words = next((w for msg, w in JSON_WORDS.items() if exc.msg.startswith(msg)), N_("not valid JSON"))
        raise DataFileError(
            path, no, None, _("{what} (column {column})").format(what=_(words), column=exc.colno)
        ) from None
    except _Constant:
        raise DataFileError(path, no, None, _("NaN and Infinity are not JSON numbers")) from None
    except RecursionError:
        raise DataFileError(path, no, None, _("nested deeper than {n} levels").format(n=MAX_DEPTH)) from None
    except ValueError:  # a number of thousands of digits (int() refuses to read it)
        raise DataFileError(path, no, None, _("a number is too long")) from None


class _Constant(ValueError):
    """NaN, Infinity or -Infinity in the JSON (Python's json takes them; JSON does not)."""


def _no_constant(name: str) -> Any:
    """json's hook for NaN/Infinity: refuse them."""
    raise _Constant(name)


def _check_values(cmd: dict, path: str, no: int) -> None:
    """Refuse nesting deeper than MAX_DEPTH and whole numbers beyond 64 bits, naming the field
    (walked without recursion, so depth itself cannot break the walk)."""
    todo: list[tuple[Any, str, int]] = [(v, str(k), 1) for k, v in cmd.items()]
    while todo:
        value, field, depth = todo.pop()
        if depth > MAX_DEPTH:
            raise DataFileError(path, no, field, _("nested deeper than {n} levels").format(n=MAX_DEPTH))
        if isinstance(value, dict):
            todo += [(v, f"{field}.{k}", depth + 1) for k, v in value.items()]
        elif isinstance(value, list):
            todo += [(v, field, depth + 1) for v in value]
        elif isinstance(value, int) and not isinstance(value, bool) and not -MAX_INT - 1 <= value <= MAX_INT:
            raise DataFileError(
                path,
                no,
                field,
                _("{value} is too large: whole numbers go up to {max}").format(
                    value=str(value)[:24] + ("..." if len(str(value)) > 24 else ""), max=MAX_INT
                ),
            )


def check_commands(lines: list[tuple[int, dict]], path: str) -> list[tuple[int, dict]]:
    """`lines` if, with a setup first, its game exists and every line is one of that game's commands
    with parameters of the right type (the engine's own parser, before any command is applied);
    else DataFileError naming the line and the parameter."""
    no, first = lines[0]
    if first.get("cmd") != "setup":
        return lines  # more commands for a game resumed from the journal: its engine checks them
    verbs = _verbs(first.get("game"), path, no)
    if verbs is None:
        return lines
    from companion.rules.commands import parse

    for no, cmd in lines:
        try:
            parse(cmd, verbs)
        except CommandError as exc:
            params = exc.params
            field = next((str(params[k]) for k in ("key", "name", "extra") if k in params), "cmd")
            raise DataFileError(path, no, field, refusal_text(exc, first.get("game"))) from None
        if cmd["cmd"] == "setup":
            _check_names(cmd, path, no)
        elif cmd["cmd"] == "rename":
            _check_renames(cmd, path, no)
    return lines


def _check_names(setup: dict, path: str, no: int) -> None:
    """The names a setup lists (players, vampires, Powerwolves), by the one name rule
    (companion/rules/names.py: each name, and no two alike): a bad one makes the file a broken one,
    naming the parameter."""
    from companion.rules.names import NAME_LISTS, names_problem

    for key in NAME_LISTS:
        names = setup.get(key)
        problem = names_problem(names) if isinstance(names, list) else None
        if problem is not None:
            raise DataFileError(path, no, key, refusal_text(problem))


def _check_renames(rename: dict, path: str, no: int) -> None:
    """The new names of a `rename` line, by the same rule as a setup's: a name that is no name (or an
    unnamed seat's code) is a broken line, exit 2 as in a setup; one that clashes with another
    player's is left to the game (a refusal of the line, exit 1: it depends on who sits there)."""
    from companion.rules.names import new_name_problem

    names = rename.get("names")
    for name in names.values() if isinstance(names, dict) else ():
        problem = new_name_problem(name)  # (beside no one: who sits there is the game's to say)
        if problem is not None:
            raise DataFileError(path, no, "names", refusal_text(problem))


def _verbs(game_id: Any, path: str, no: int) -> dict | None:
    """The verb table of the game a setup names (None for a game whose engine declares no command
    classes); DataFileError for a game that is not here."""
    from companion.plugins import info
    from companion.rules import game_of_setup
    from companion.rules.commands import verb_table

    try:
        game_id = game_of_setup({"cmd": "setup", "game": game_id})
    except CommandError as exc:
        raise DataFileError(path, no, "game", refusal_text(exc)) from None
    commands = getattr(info(game_id).engine_class(), "COMMANDS", ())
    return verb_table(commands) if commands else None
