"""What Counter Race's data file (data/rules.toml) may hold, checked with the companion's one checker:
a wrong value names the file, its line and the field."""

from __future__ import annotations

from companion.gamedata.checks import Checks, whole
from companion.i18n import _
from counter_race.rules.engine import Rules

FIELDS = {"min_players": whole(2, 8), "max_players": whole(2, 8), "goal": whole(2, 99), "most": whole(1, 9)}


def parse(doc) -> Rules:
    """The engine's `Rules` from the read data file (`TomlDoc`); DataFileError if a value is bad."""
    v = Checks(doc)
    top = v.record("", doc.data, FIELDS)
    rules = Rules(**{key: top.get(key) for key in FIELDS})
    if rules.max_players < rules.min_players:
        raise v.error("max_players", _("fewer than min_players ({n})").format(n=rules.min_players))
    return rules
