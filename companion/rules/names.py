"""The one rule for a name the table gives: a player, a vampire, a district (`name_problem`).

Every door a name comes in by checks it here: the setup commands of every game (`names`,
`vampires`, `powerwolves`, so scenario files and `companion play` too), the data files and what
the table teaches (district and vampire names, renames on the letter-wheel keyboard and the host
phone). A name is 1 to `MAX_NAME` printable characters: no control character (a newline would
break the log and the journal's one-line listings) and none of Unicode's text-direction controls,
which reverse or isolate the text after them, so a name could show on screen as another one
("Trojan Source").

A name is also one people can see and tell apart. Unicode writes "Zoë" two ways (ë as one
character, or e and a combining diaeresis): names are compared and stored in one form, NFC (the
command parser, companion/rules/commands.py, writes every text of a command so, and an old
journal's decomposed "Zoë" replays as the same player). A name that looks blank is refused: only
spaces and invisible characters (the Hangul fillers, the Braille blank, the other
default-ignorable ones), one that holds such a filler, or one that starts with a combining mark (a
mark with no letter to sit on: 24 of them show as a smudge). And two players may not have names
that look alike: "Аnna" with a Cyrillic А, or a fullwidth "Ａnna", beside "Anna". That is UTS #39's
skeleton (each character mapped to the one it looks like, companion/rules/confusables.py, Unicode's
own table) of the name's compatibility fold (NFKC), compared case aside; the table is read at the
first comparison only.

Pure: the engines use it, so it reads nothing and speaks English through `N_()` templates.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from typing import Any

from companion.errors import N_, Text

MAX_NAME = 24  # fits a button label and a line of the log at 800x480
# The setup parameters that list names, in every game (Masters `vampires`, Armata Strigoi
# `powerwolves`, the others' `names`); a scenario file's setup is checked by them before it is played.
NAME_LISTS = ("names", "vampires", "powerwolves")
# The bidirectional overrides and embeddings (U+202A-E), isolates (U+2066-9) and marks (LRM, RLM,
# the Arabic letter mark). All are format characters, which `str.isprintable` refuses anyway; they
# are named here because they are what the rule is for.
TEXT_DIRECTION = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c")
# Printable characters that show as nothing or as a blank: the Hangul fillers (U+115F, U+1160,
# U+3164, U+FFA0), the Braille blank (U+2800), the combining grapheme joiner (U+034F), the Khmer
# inherent vowels (U+17B4-5) and the Mongolian variation selectors (U+180B-D, U+180F): the
# default-ignorable characters `str.isprintable` lets through, but the emoji variation selectors,
# which a phone's keyboard puts after a heart. None belongs in a name.
INVISIBLE = frozenset("\u115f\u1160\u3164\uffa0\u2800\u034f\u17b4\u17b5\u180b\u180c\u180d\u180f")
# The code of a seat the setup named no one on: "P1", "P2"... (`commands.unnamed`). Scenario files
# and journals written before the table asked for names use them, so the engines keep taking them;
# the table shows such a seat by the game's default name for it, and a new name given at the table
# (the wizard, `rename`) may not look like one.
SEAT_CODE = re.compile(r"P([1-9][0-9]?)")
_SKELETON: dict[int, str] | None = None  # code point -> what it looks like, read at the first use


def nfc(text: str) -> str:
    """`text` in Unicode's composed form (NFC), the one form names are compared and stored in."""
    return text if text.isascii() else unicodedata.normalize("NFC", text)


def name_problem(name: Any) -> Text | None:
    """What is wrong with `name` as a player's, vampire's or district's name, or None if it is fine.

    The answer is an English `Text` (a template and its values) the edge shows in the table's
    language; a name that is too long is quoted cut short, an odd character by its code point."""
    return kept_name_problem(name) or blank_problem(name)


def kept_name_problem(name: Any) -> Text | None:
    """The part of the name rule a journaled command was always held to (printable, no control or
    text-direction character, at most `MAX_NAME`): what a replay checks, so a game saved before the
    rule grew (blank-looking names, look-alikes: checked when a command is new, `Engine.canonical`)
    still replays."""
    if not isinstance(name, str) or not name.strip():
        return Text(N_("a name is a text of 1 to {n} characters, not {name!r}"), n=MAX_NAME, name=name)
    odd = next((c for c in name if c in TEXT_DIRECTION or not c.isprintable()), None)
    if odd is not None:
        return Text(
            N_(
                "name {name!r} holds a control or text-direction character ({char}); "
                "only printable characters"
            ),
            name=name[:MAX_NAME],
            char=f"U+{ord(odd):04X}",
        )
    composed = nfc(name)
    if len(composed) > MAX_NAME:
        return Text(
            N_("name {name!r} has {count} characters; at most {n}"),
            name=composed[:MAX_NAME] + "...",
            count=len(composed),
            n=MAX_NAME,
        )
    return None


def blank_problem(name: str) -> Text | None:
    """What makes `name` (printable, not empty) look blank or empty on screen, or None: only
    invisible characters, one of them in it, or a combining mark with no letter before it."""
    shown = name.strip()
    if all(c in INVISIBLE or c.isspace() for c in shown):
        return Text(N_("name {name!r} looks blank: it has no letter, digit or sign one can see"), name=name)
    odd = next((c for c in shown if c in INVISIBLE), None)
    if odd is not None:
        return Text(
            N_("name {name!r} holds an invisible character ({char}); only characters one can see"),
            name=name,
            char=f"U+{ord(odd):04X}",
        )
    if unicodedata.combining(shown[0]) or unicodedata.category(shown[0]) in ("Mn", "Mc", "Me"):
        return Text(
            N_("name {name!r} starts with a combining mark ({char}), which needs a letter before it"),
            name=name,
            char=f"U+{ord(shown[0]):04X}",
        )
    return None


def names_problem(names: Iterable[Any]) -> Text | None:
    """What is wrong with `names`, the names a setup seats together: the first one the name rule
    refuses, or two that are the same or look alike, or None."""
    names = list(names)
    for name in names:
        problem = name_problem(name)
        if problem is not None:
            return problem
    for i, name in enumerate(names):
        problem = clash(name, names[:i])
        if problem is not None:
            return problem
    return None


def seat_code(name: Any) -> int | None:
    """The seat number (1..) when `name` is an unnamed seat's code ("P3" -> 3), else None."""
    found = SEAT_CODE.fullmatch(name) if isinstance(name, str) else None
    return int(found.group(1)) if found else None


def new_name_problem(name: Any, taken: Any = (), *, kept: bool = False) -> Text | None:
    """What is wrong with `name` as a name the table gives a player now (the wizard, `rename`, the
    host phone): the one name rule, not a seat's code, and none of `taken` (the other players'
    names), neither as people read them (case and spaces aside) nor by looks. `kept`: only what a
    journaled `rename` was always held to (a replay: the rule, the seat's code, the same name)."""
    problem = kept_name_problem(name) if kept else name_problem(name)
    if problem is not None:
        return problem
    if seat_code(name.strip()) is not None:
        return Text(N_("{name!r} is how a seat without a name is written; give a name"), name=name)
    if kept:
        same = same_name(name)
        other = any(same == same_name(t) for t in taken if isinstance(t, str))
        return (
            Text(N_("{name!r} is already at this table"), name=" ".join(nfc(name).split())) if other else None
        )
    return clash(name, taken)


def renames_problem(current: tuple[str, ...], asked: Any, *, kept: bool = False) -> Text | None:
    """What is wrong with the new names `asked` ({name now: new name}) for the players `current`
    (seating order), each beside the others' names after the rename; None if nothing. A name not
    among `current` is the game's to refuse. `kept`: as `new_name_problem`'s."""
    after = [asked.get(n, n) for n in current]
    for old, new in asked.items():
        if old in current:
            problem = new_name_problem(new, [n for n, was in zip(after, current) if was != old], kept=kept)
            if problem is not None:
                return problem
    return None


def clash(name: str, taken: Iterable[Any]) -> Text | None:
    """Why `name` cannot sit beside `taken`: one of them is the same name, or looks like it; or None."""
    taken = [t for t in taken if isinstance(t, str)]
    same = same_name(name)
    if same in {same_name(t) for t in taken}:
        return Text(N_("{name!r} is already at this table"), name=" ".join(nfc(name).split()))
    looks = look(name)
    other = next((t for t in taken if look(t) == looks), None)
    if other is not None:
        return Text(
            N_("{name!r} looks like {other!r}, already at this table"),
            name=" ".join(nfc(name).split()),
            other=" ".join(nfc(other).split()),
        )
    return None


def alike(name: str, other: str) -> bool:
    """Whether people could take `name` for `other`: the same name (`same_name`) or one that looks
    like it (`look`)."""
    return same_name(name) == same_name(other) or look(name) == look(other)


def same_name(name: str) -> str:
    """`name` as people tell names apart: "anna " and "Anna" are the same player, and so are the
    two ways Unicode writes "Zoë"."""
    return " ".join(nfc(str(name)).split()).casefold()


def look(name: str) -> str:
    """How `name` looks, case and spaces aside: its UTS #39 skeleton, casefolded, so "Аnna"
    (Cyrillic А), "Ａｎｎａ" (fullwidth) and "anna" all look like "Anna". The compatibility forms
    (fullwidth letters, ligatures) are folded first (NFKC): Unicode's table leaves most of them to
    that fold."""
    return skeleton(unicodedata.normalize("NFKC", " ".join(str(name).split()))).casefold()


def skeleton(text: str) -> str:
    """UTS #39's skeleton of `text`: decomposed (NFD), each character replaced by the prototype it
    looks like (Unicode's confusables), decomposed again."""
    table = _SKELETON if _SKELETON is not None else _read_table()
    mapped = "".join(table.get(ord(c), c) for c in unicodedata.normalize("NFD", text))
    return unicodedata.normalize("NFD", mapped)


def _read_table() -> dict[int, str]:
    """companion/rules/confusables.py's table as {code point: prototype}, read once."""
    global _SKELETON
    from companion.rules.confusables import TABLE

    table: dict[int, str] = {}
    code = 0
    for entry in TABLE.split(","):
        step, _, target = entry.partition(":")
        code += int(step, 16)
        table[code] = "".join(chr(int(t, 16)) for t in target.split("."))
    _SKELETON = table
    return table
