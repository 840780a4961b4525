"""The one rule for a name the table gives: a player, a vampire, a district (`name_problem`).

Every door a name comes in by checks it here: the setup commands of every game (`names`,
`vampires`, `powerwolves`, so scenario files and `companion play` too), the data files and what
the table teaches (district and vampire names, renames on the letter-wheel keyboard). A name is
1 to `MAX_NAME` printable characters: no control character (a newline would break the log and the
journal's one-line listings) and none of Unicode's text-direction controls, which reverse or
isolate the text after them, so a name could show on screen as another one ("Trojan Source").

Pure: the engines use it, so it reads nothing and speaks English through `N_()` templates.
"""

from __future__ import annotations

import re
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
# The code of a seat the setup named no one on: "P1", "P2"... (`commands.unnamed`). Scenario files
# and journals written before the table asked for names use them, so the engines keep taking them;
# the table shows such a seat by the game's default name for it, and a new name given at the table
# (the wizard, `rename`) may not look like one.
SEAT_CODE = re.compile(r"P([1-9][0-9]?)")


def name_problem(name: Any) -> Text | None:
    """What is wrong with `name` as a player's, vampire's or district's name, or None if it is fine.

    The answer is an English `Text` (a template and its values) the edge shows in the table's
    language; a name that is too long is quoted cut short, an odd character by its code point."""
    if not isinstance(name, str) or not name.strip():
        return Text(N_("a name is a text of 1 to {n} characters, not {name!r}"), n=MAX_NAME, name=name)
    odd = next((c for c in name if c in TEXT_DIRECTION or not c.isprintable()), None)
    if odd is not None:
        return Text(N_("name {name!r} holds a control or text-direction character ({char}); "
                       "only printable characters"), name=name[:MAX_NAME], char=f"U+{ord(odd):04X}")
    if len(name) > MAX_NAME:
        return Text(N_("name {name!r} has {count} characters; at most {n}"),
                    name=name[:MAX_NAME] + "...", count=len(name), n=MAX_NAME)
    return None


def seat_code(name: Any) -> int | None:
    """The seat number (1..) when `name` is an unnamed seat's code ("P3" -> 3), else None."""
    found = SEAT_CODE.fullmatch(name) if isinstance(name, str) else None
    return int(found.group(1)) if found else None


def new_name_problem(name: Any, taken: Any = ()) -> Text | None:
    """What is wrong with `name` as a name the table gives a player now (the wizard, `rename`): the
    one name rule, not a seat's code, and none of `taken` (the other players' names, compared as
    people read them: case and spaces aside)."""
    problem = name_problem(name)
    if problem is not None:
        return problem
    if seat_code(name.strip()) is not None:
        return Text(N_("{name!r} is how a seat without a name is written; give a name"), name=name)
    if same_name(name) in {same_name(t) for t in taken}:
        return Text(N_("{name!r} is already at this table"), name=name.strip())
    return None


def same_name(name: str) -> str:
    """`name` as people tell names apart: "anna " and "Anna" are the same player."""
    return " ".join(str(name).split()).casefold()
