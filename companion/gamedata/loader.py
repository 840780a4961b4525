"""Load game data: the shipped TOML files, then the user's taught overlay, all validated.

Masters of the Night: `load_masters(user_dir=None)` reads `companion/data/masters/*.toml`, then the
same file names in `paths.config_dir() / "masters"` (or `user_dir`). A user record is merged over the
shipped one field by field (user wins) and gets `source = "taught"`; a record only the user has must be
complete. Every problem raises `DataFileError(file, line, key, message)`.

Files and table shapes (user files use the same):
  tracker.toml    [tracker.<2..5>] reserve, verified, I/II/III = {high = {red, blue = [a, b]}, low = {...}}
  districts.toml  [districts.<key>] name, effect = day|night|both, night_ap = 1|2, note, verified
  vampires.toml   [vampires.<Name>] blood_ability, blood_note, blood_cost, dark_ability, dark_note, dark_veil,
                  combat_ability, verified
  cards.toml      [cards."<I|II|III>-NN"] act, name, red = [cells], blue = [two cells or none], continuing, note, verified
  relics.toml     [relics.<key>] name, note, max_blood, once_per_round, placeable, redirects_agents, ap, blood, veil, verified
Each text a player reads (name, note and the abilities' names and notes) has its German twin, `name_de`,
`note_de`, `blood_ability_de`, ... (companion.i18n.TRANSLATED_FIELDS; the screens pick them by language).

The other games have one shipped file each (`data_file(game_id)`): `load_data(game_id, source)` takes
`source` = None (the shipped file), a path, an already-read `TomlDoc` or a plain dict, reads it here,
and hands the document to the pure parser its descriptor names (`GameInfo.parse`); `load_strigoi`
lays the box values the table taught over Armata Strigoi's.
"""

from __future__ import annotations

from pathlib import Path
from os import PathLike
from typing import TYPE_CHECKING, Any, Callable, Mapping

from companion import paths
from companion.gamedata import tomlfile
from companion.data import shipped_dir
from companion.i18n import N_, _
from companion.rules.commands import is_int
from companion.rules.masters.data import (
    CARD_KEY,
    ACTS, POSITIONS, STATION, TRACKER_CELL_MAX, TRACKER_RESERVE, VAMPIRE_COUNTS, AgentNumbers, CardInfo, DistrictInfo, Effect, MastersData,
    RelicInfo, Tracker, VampireInfo,
)

if TYPE_CHECKING:
    from companion.rules.strigoi.data import StrigoiData

FILES = ("tracker", "districts", "vampires", "cards", "relics")
KIND_WORDS = {str: N_("text"), int: N_("a whole number"), bool: N_("true or false"), list: N_("a list"),
              dict: N_("a table")}  # what a field must be, in words (never a Python type name)
MIN_CARDS_PER_ACT = 6  # the easy difficulty draws 6 from each act


def load_masters(user_dir: str | Path | None = None) -> MastersData:
    """The Masters data: shipped files overlaid with the user's taught files."""
    user = Path(user_dir) if user_dir is not None else paths.config_dir() / "masters"
    built: dict[str, list] = {}
    for name in FILES:
        built[name] = _load_kind(name, shipped_dir("masters") / f"{name}.toml", user / f"{name}.toml")
    data = MastersData(
        trackers=tuple(built["tracker"]), districts=tuple(built["districts"]), vampires=tuple(built["vampires"]),
        cards=tuple(built["cards"]), relics=tuple(built["relics"]),
    )
    _check_whole(data, shipped_dir("masters"))
    return data


def _load_kind(name: str, shipped: Path, user: Path) -> list:
    """Records of one file: shipped ones, user fields merged over them, each validated."""
    base = tomlfile.load(shipped)
    records: dict[str, tuple[dict, tomlfile.TomlDoc, str]] = {
        str(k): (v, base, "shipped") for k, v in _table(base, name).items()
    }
    if user.is_file():
        doc = tomlfile.load(user)
        for key, fields_ in _table(doc, name).items():
            key = str(key)
            old = records.get(key, ({}, doc, "taught"))[0]
            records[key] = (tomlfile.merge(old, fields_), doc, "taught")
    build = BUILDERS[name]
    return [build(key, rec, doc, f"{name}.{key}", source) for key, (rec, doc, source) in records.items()]


def _table(doc: tomlfile.TomlDoc, name: str) -> dict:
    """The top table `name` of a file (empty if absent), every entry a table."""
    extra = set(doc.data) - {name}
    if extra:
        raise doc.error(sorted(extra)[0], _("unknown table (expected [{name}.<key>])").format(name=name))
    table = doc.data.get(name, {})
    for key, value in table.items():
        if not isinstance(value, dict):
            raise doc.error(f"{name}.{key}", _("[{table}] must be a table").format(table=f"{name}.{key}"))
    return table


class _Fields:
    """Typed access to one record's fields, raising DataFileError with the line of the bad key."""

    def __init__(self, rec: dict, doc: tomlfile.TomlDoc, where: str, allowed: tuple[str, ...]):
        """Check for unknown keys up front."""
        self.rec, self.doc, self.where = rec, doc, where
        tomlfile.Checks(doc).only_keys(where, rec, allowed)

    def get(self, key: str, kind: type, default: Any = ..., check: Callable[[Any], str | None] | None = None) -> Any:
        """A field of type `kind` (default if absent; required if no default)."""
        if key not in self.rec:
            if default is ...:
                raise self.doc.error(self.where, _("missing key {key!r}").format(key=key))
            return default
        value = self.rec[key]
        ok = isinstance(value, kind) and not (kind is int and isinstance(value, bool))
        if not ok:
            raise self.doc.error(f"{self.where}.{key}", _("must be {kind}, not {value!r}").format(
                kind=_(KIND_WORDS.get(kind, "a value")), value=value))
        problem = check(value) if check else None
        if problem:
            raise self.doc.error(f"{self.where}.{key}", problem)
        return value

    def error(self, key: str, message: str):
        """A DataFileError for one of this record's keys."""
        return self.doc.error(f"{self.where}.{key}" if key else self.where, message)


def _between(lo: int, hi: int) -> Callable[[int], str | None]:
    """A check for an integer range."""
    return lambda v: None if lo <= v <= hi else _("must be {lo}..{hi}, not {value}").format(lo=lo, hi=hi, value=v)


def _cells(value: list) -> str | None:
    """A list of grid positions, no repeats."""
    bad = [c for c in value if c not in POSITIONS]
    if bad:
        return _("{cell!r} is not a grid position A1..C3").format(cell=bad[0])
    return _("a cell is listed twice") if len(set(value)) != len(value) else None


def _tracker(key: str, rec: dict, doc: tomlfile.TomlDoc, where: str, source: str) -> Tracker:
    """One tracker side."""
    f = _Fields(rec, doc, where, ("reserve", "verified") + ACTS)
    if not key.isdigit() or int(key) not in VAMPIRE_COUNTS:
        raise f.error("", _("tracker keys are the vampire counts 2, 3, 4, 5"))
    numbers = []
    for act in ACTS:
        deck = f.get(act, dict)
        for band in ("high", "low"):
            if not isinstance(deck.get(band), dict):
                raise f.error(act, _("needs {band} = {{ red = n, blue = [a, b] }}").format(band=band))
            red, blue = deck[band].get("red"), deck[band].get("blue")
            if not (is_int(red) and 0 <= red <= TRACKER_CELL_MAX):
                raise f.error(act, _("{band}.red must be 0..6").format(band=band))
            if not (isinstance(blue, list) and len(blue) == 2 and all(is_int(b) and 0 <= b <= TRACKER_CELL_MAX for b in blue)):
                raise f.error(act, _("{band}.blue must be two numbers 0..6").format(band=band))
            numbers.append((act, band, AgentNumbers(red, (blue[0], blue[1]))))
    return Tracker(int(key), f.get("reserve", int, check=_between(*TRACKER_RESERVE)), tuple(numbers), f.get("verified", bool, False), source)


def _district(key: str, rec: dict, doc: tomlfile.TomlDoc, where: str, source: str) -> DistrictInfo:
    """One district tile."""
    f = _Fields(rec, doc, where, ("name", "name_de", "effect", "night_ap", "note", "note_de", "verified"))
    effect = f.get("effect", str, check=lambda v: None if v in ("day", "night", "both") else "must be day, night or both")
    return DistrictInfo(
        key, f.get("name", str), Effect(effect), f.get("night_ap", int, 1, _between(1, 2)), f.get("note", str, ""),
        f.get("verified", bool, False), source,
    )


def _vampire(key: str, rec: dict, doc: tomlfile.TomlDoc, where: str, source: str) -> VampireInfo:
    """One vampire sheet."""
    f = _Fields(rec, doc, where, (
        "blood_ability", "blood_ability_de", "blood_note", "blood_note_de", "blood_cost", "dark_ability", "dark_ability_de",
        "dark_note", "dark_note_de", "dark_veil", "combat_ability", "verified",
    ))
    return VampireInfo(
        key, f.get("blood_ability", str), f.get("blood_note", str, ""), f.get("blood_cost", int, 1, _between(1, 6)),
        f.get("dark_ability", str, ""), f.get("dark_note", str, ""), f.get("dark_veil", int, 1, _between(0, 6)),
        f.get("combat_ability", bool, False), f.get("verified", bool, False), source,
    )


def _card(key: str, rec: dict, doc: tomlfile.TomlDoc, where: str, source: str) -> CardInfo:
    """One event card slot."""
    f = _Fields(rec, doc, where, ("act", "name", "name_de", "red", "blue", "continuing", "note", "note_de", "verified"))
    if not CARD_KEY.match(key):
        raise f.error("", _('card keys look like "I-01", "II-18", "III-07"'))
    act = f.get("act", str, key.split("-")[0])
    if act != key.split("-")[0]:
        raise f.error("act", _("card {card} belongs to act {act}").format(card=key, act=key.split("-")[0]))
    red = f.get("red", list, [], _cells)
    blue = f.get("blue", list, [], _cells)
    if set(red) & set(blue):
        raise f.error("blue", _("a cell cannot be both red and blue-gray"))
    if len(blue) not in (0, 2):
        raise f.error("blue", _("a card has two blue-gray cells or none"))
    return CardInfo(
        key, act, f.get("name", str), tuple(red), tuple(blue), f.get("continuing", bool, False),
        f.get("note", str, ""), f.get("verified", bool, False), source,
    )


def _relic(key: str, rec: dict, doc: tomlfile.TomlDoc, where: str, source: str) -> RelicInfo:
    """One relic card."""
    f = _Fields(rec, doc, where, (
        "name", "name_de", "note", "note_de", "max_blood", "once_per_round", "placeable", "redirects_agents", "ap", "blood", "veil", "verified",
    ))
    return RelicInfo(
        key, f.get("name", str), f.get("note", str, ""), f.get("max_blood", int, 0, _between(0, 9)),
        f.get("once_per_round", bool, False), f.get("placeable", bool, False), f.get("redirects_agents", bool, False),
        f.get("ap", int, 0, _between(0, 9)), f.get("blood", int, 0, _between(0, 6)), f.get("veil", int, 0, _between(0, 6)),
        f.get("verified", bool, False), source,
    )


BUILDERS = {"tracker": _tracker, "districts": _district, "vampires": _vampire, "cards": _card, "relics": _relic}


def _check_whole(data: MastersData, folder: Path) -> None:
    """Checks across records: all tracker sides, the station and museum, enough districts and cards."""
    from companion.errors import DataFileError

    have = {t.vampires for t in data.trackers}
    for n in VAMPIRE_COUNTS:
        if n not in have:
            raise DataFileError(folder / "tracker.toml", None, f"tracker.{n}", _("missing tracker side"))
    keys = {d.key for d in data.districts}
    for needed in (STATION, "museum"):
        if needed not in keys:
            raise DataFileError(folder / "districts.toml", None, f"districts.{needed}", _("missing district"))
    if len(keys) < len(POSITIONS):
        raise DataFileError(folder / "districts.toml", None, "districts", _("{n} districts needed").format(n=len(POSITIONS)))
    if len(data.vampires) < 2:
        raise DataFileError(folder / "vampires.toml", None, "vampires", _("at least two vampires needed"))
    for act in ACTS:
        if len(data.cards_of(act)) < MIN_CARDS_PER_ACT:
            raise DataFileError(folder / "cards.toml", None, "cards", _("act {act} needs {n} cards").format(act=act, n=MIN_CARDS_PER_ACT))


# -- the games with one data file ------------------------------------------------------------------


def data_file(game_id: str) -> Path:
    """The shipped data file of a one-file game ("nosferatu", "mansion", "one-night", "strigoi"), as
    its descriptor names it."""
    from companion.rules.catalog import info

    data = info(game_id).data
    if data is None:
        raise KeyError(f"{game_id} has no data file of its own")
    path = Path(data)
    return path if path.is_absolute() else shipped_dir(path.parent.as_posix()) / path.name


def read_doc(game_id: str, source: Any = None) -> tomlfile.TomlDoc:
    """A game's data as a TomlDoc: the shipped file (None), a file path, a TomlDoc as is, or a dict.

    A dict has no text, so its errors name the key but no line.
    """
    if source is None:
        return tomlfile.load(data_file(game_id))
    if isinstance(source, tomlfile.TomlDoc):
        return source
    if isinstance(source, Mapping):
        return tomlfile.TomlDoc("<data>", "", dict(source))
    if isinstance(source, (str, PathLike)):
        return tomlfile.load(source)
    raise TypeError(f"{game_id} data must be a path, a dict or a TomlDoc, not {type(source).__name__}")


def load_data(game_id: str, source: Any = None) -> Any:
    """A one-file game's data from `source` (see `read_doc`), parsed by its descriptor's pure `parse`."""
    from companion.rules.catalog import info, resolve

    return resolve(info(game_id).parse)(read_doc(game_id, source))


def load_strigoi(source: Any = None) -> StrigoiData:
    """Armata Strigoi's fortress, Strigoi and tokens from `source` (see `read_doc`); with the shipped
    file, the table's taught box values (`strigoi/box.toml` in the config folder) win over it."""
    from companion.rules.strigoi.data import with_taught

    data = load_data("strigoi", source)
    taught = paths.config_dir() / "strigoi" / "box.toml"
    return with_taught(data, tomlfile.load(taught)) if source is None and taught.exists() else data
