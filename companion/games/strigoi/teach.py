"""Teaching the companion your Armata Strigoi box: the Strigoi card values and the token mix.

Our copy of the rulebook lost the printed Existence, Damage and Strength of the Master, the
Apprentice and the Supreme Strigoi, and how many Strigoi Action tokens of each kind the bag holds,
so the shipped numbers are examples (`verified = false`). A new game asks for them once (the
"Your box: Strigoi" screen after the setup wizard); they are saved here and win over the examples:

    <config>/strigoi/box.toml   [strigoi.master] existence, damage, strength  (apprentice, supreme)
                                [tokens.master] "<bonus>" = count             (apprentice)

Like the Masters tracker (companion/gamedata/teach.py): 0600 in a 0700 folder, written atomically, checked
by the same validator the loader uses (`companion.games.strigoi.fields.check_taught`) before writing,
so a bad value raises TeachError and writes nothing. Each game journals the values it used, so a
later change never alters an old game.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from companion import paths
from companion.errors import DataFileError
from companion.gamedata import tomlfile
from companion.gamedata.teach import TeachError, base_dir
from companion.i18n import _


def box_path(base: Path | str | None = None) -> Path:
    """The taught box file."""
    return base_dir(base) / "strigoi" / "box.toml"


def save_box(
    stats: Mapping[str, Mapping[str, int]],
    tokens: Mapping[str, Mapping[Any, int]],
    base: Path | str | None = None,
) -> dict:
    """Save the table's Strigoi values: `stats` {master|apprentice|supreme: {existence, damage,
    strength}} and `tokens` {master|apprentice: {bonus: count}}; returns what was written."""
    from companion.games.strigoi.fields import check_taught

    data = {
        "strigoi": {sid: {k: v for k, v in values.items()} for sid, values in stats.items()},
        "tokens": {
            sid: {str(bonus): count for bonus, count in counts.items()} for sid, counts in tokens.items()
        },
    }
    try:
        check_taught(tomlfile.TomlDoc(str(box_path(base)), "", data))
    except DataFileError as exc:
        raise TeachError(
            _("Strigoi values not saved: {field}: {message}").format(field=exc.field, message=exc.message)
        ) from None
    paths.write_private(box_path(base), tomlfile.dumps(data, "Your Armata Strigoi box, taught at the table."))
    return data


def values_in_use() -> dict[str, Any]:
    """The Strigoi values a new game takes now (taught or shipped) and which are still examples:
    {"stats": {...}, "tokens": {sid: {bonus: count}}, "examples": [...]}."""
    from companion.rules import load_game

    data = load_game("strigoi").data
    tokens: dict[str, dict[int, int]] = {"master": {}, "apprentice": {}}
    for t in data.tokens:
        tokens[t.strigoi][t.bonus] = tokens[t.strigoi].get(t.bonus, 0) + t.count
    return {
        "stats": {
            sid: {"existence": s.existence, "damage": s.damage, "strength": s.strength}
            for sid, s in data.stats.items()
        },
        "tokens": tokens,
        "examples": list(data.examples),
    }
