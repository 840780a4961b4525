"""Load game data: the shipped TOML files, then the user's taught overlay, all validated.

Masters of the Night: `load_masters(user_dir=None)` reads `companion/data/masters/*.toml`, then the
same file names in `paths.config_dir() / "masters"` (or `user_dir`). A user record is merged over the
shipped one field by field (user wins) and gets `source = "taught"`; a record only the user has must be
complete. A problem in a shipped file raises `DataFileError(file, line, key, message)`.

What the table taught never stops a game: a taught record that fails its checks (a broken grid, an
unknown key, a bad type) is skipped, the shipped record (if any) used as it is, and a taught file
that does not read as a whole (not TOML) is skipped entirely. Each is a `Skipped` (its
DataFileError, and whether the whole file went): collected in `problems` when the caller passes a
list, else logged as a warning (stderr; journald under systemd). `strict=True` raises instead
(`companion doctor`). `taught_problems(game_id)` answers what is skipped now, `banner_line` says it
in one line for the table's banner; `companion cards list` and `companion config --check` name them.

The files are tracker, districts, vampires, cards and relics (`.toml`); what each record may hold, and
the rules its fields obey, stand once in `companion.gamedata.masters_fields` (teaching checks taught
files with the same rules). A district's `name_de` is its German name (`name_<lang>`: companion.i18n).

The other games have one shipped file each (`data_file(game_id)`): `load_data(game_id, source)` takes
`source` = None (the shipped file), a path, an already-read `TomlDoc` or a plain dict, reads it here,
and hands the document to the pure parser its descriptor names (`GameInfo.parse`); a game whose data
is more than that file has a `load` of its own (the box values the table taught laid over its file).
"""

from __future__ import annotations

import logging
from pathlib import Path
from os import PathLike
from typing import Any, Callable, Mapping

from companion import paths
from companion.data import shipped_dir
from companion.errors import DataFileError
from companion.gamedata import masters_fields, tomlfile
from companion.gamedata.checks import Checks, Record
from companion.gamedata.masters_fields import BANDS
from companion.i18n import _, ngettext
from companion.records import Named
from companion.rules.masters.data import (
    ACTS, POSITIONS, STATION, VAMPIRE_COUNTS, CardInfo, DistrictInfo, Effect, MastersData, RelicInfo, Tracker,
    VampireInfo,
)


FILES = ("tracker", "districts", "vampires", "cards", "relics")
MIN_CARDS_PER_ACT = 6  # the easy difficulty draws 6 from each act
TAUGHT_PART = "taught data"  # the table's banner for skipped taught data (companion/controllers/games.py)
_log = logging.getLogger(__name__)


class Skipped(Named):
    """Taught data left out: `error` names file, line, field and why; `whole` when the whole file was."""

    error: DataFileError
    whole: bool = False


Skip = Callable[[DataFileError, bool], None]


def load_masters(user_dir: str | Path | None = None, problems: list | None = None,
                 strict: bool = False) -> MastersData:
    """The Masters data: shipped files overlaid with the user's taught files (what does not pass its
    checks skipped: see the module's docstring for `problems` and `strict`)."""
    user = Path(user_dir) if user_dir is not None else paths.config_dir() / "masters"
    skip = skipper(problems, strict)
    built: dict[str, list] = {}
    for name in FILES:
        built[name] = _load_kind(name, shipped_dir("masters") / f"{name}.toml", user / f"{name}.toml", skip)
    data = MastersData(
        trackers=tuple(built["tracker"]), districts=tuple(built["districts"]), vampires=tuple(built["vampires"]),
        cards=tuple(built["cards"]), relics=tuple(built["relics"]),
    )
    _check_whole(data, shipped_dir("masters"))
    return data


def check_masters() -> str:
    """`companion doctor`'s check of the Masters data: the shipped files and every taught record
    (strict: what the table would skip fails it); DataFileError names the first problem."""
    load_masters(strict=True)
    return _("Masters of the Night data loads")


def skipper(problems: list | None, strict: bool) -> Skip:
    """What to do with a piece of taught data that is skipped: raise, collect or log it."""
    def skip(error: DataFileError, whole: bool) -> None:
        if strict:
            raise error
        if problems is not None:
            problems.append(Skipped(error, whole))
        else:
            _log.warning(_("skipped: {problem}").format(problem=error))
    return skip


def _load_kind(name: str, shipped: Path, user: Path, skip: Skip) -> list:
    """Records of one file: shipped ones, user fields merged over them, each checked by the rules of
    `companion.gamedata.masters_fields` (which teaching checks with too). A taught record that fails
    is skipped (the shipped one stays), a taught file that does not read is skipped whole."""
    base = tomlfile.load(shipped)
    shipped_records = {str(k): v for k, v in _table(base, name).items()}
    build = BUILDERS[name]
    out = {key: build(key, masters_fields.record(Checks(base), name, key, rec), "shipped")
           for key, rec in shipped_records.items()}
    taught = _taught_file(name, user, skip)
    if taught is None:
        return list(out.values())
    doc, table = taught
    for key, fields_ in table.items():
        key = str(key)
        try:
            Checks(doc).table(f"{name}.{key}", fields_)
            rec = tomlfile.merge(shipped_records.get(key), fields_)
            out[key] = build(key, masters_fields.record(Checks(doc), name, key, rec), "taught")
        except DataFileError as exc:
            skip(exc, False)
    return list(out.values())


def _taught_file(name: str, user: Path, skip: Skip) -> tuple[tomlfile.TomlDoc, dict] | None:
    """(document, its top table) of a taught file, or None when there is none or it does not read
    as a whole (then skipped: not TOML, not UTF-8, an unknown top-level key, a top table that is no table)."""
    try:
        if not user.is_file():
            return None
        doc = tomlfile.load(user)
        return doc, _table(doc, name, entries=False)
    except DataFileError as exc:
        skip(exc, True)
    except OSError as exc:  # the folder cannot be looked into
        skip(DataFileError(user, None, None, _("cannot read this file: {why}").format(why=(exc.strerror or "").lower())), True)
    return None


def _table(doc: tomlfile.TomlDoc, name: str, entries: bool = True) -> dict:
    """The top table `name` of a file (empty if absent); with `entries`, every entry a table."""
    v = Checks(doc)
    v.only_keys("", doc.data, (name,))
    table = v.table(name, doc.data.get(name, {}))
    for key, value in table.items() if entries else ():
        v.table(f"{name}.{key}", value)
    return table


def taught_problems(game_id: str | None = None) -> list[Skipped]:
    """What of the table's taught data for `game_id` is skipped now (none for a game with nothing
    taught): what its descriptor's `taught` finds; None: every game's, and all of it (a game's parts
    no single game reads, such as its tag registrations, included)."""
    from companion.games import games, resolve

    problems: list[Skipped] = []
    for gid, game in games().items():
        if game.taught and game_id in (gid, None):
            resolve(game.taught)(problems, game_id is None)
    return problems


def masters_taught(problems: list, everything: bool) -> None:
    """The Masters records the table taught that are skipped now; with `everything`, the tag
    registrations (`tags.toml`) too."""
    load_masters(problems=problems)
    if everything:
        from companion.gamedata import teach

        bad: list[DataFileError] = []
        try:
            teach.load_tags(problems=bad)
        except DataFileError as exc:
            problems.append(Skipped(exc, True))
        problems += [Skipped(exc) for exc in bad]


def banner_line(problems: list[Skipped]) -> str:
    """The first skipped piece of taught data in one line for the table's banner (file name, line,
    why), and how many more there are."""
    first = problems[0].error
    where = Path(first.path).name + (f":{first.line}" if first.line else "")
    text = _("taught data skipped: {where} {why}").format(where=where, why=first.message)
    more = len(problems) - 1
    return text + (ngettext(" (and {n} more)", " (and {n} more)", more).format(n=more) if more else "")


def _tracker(key: str, r: Record, source: str) -> Tracker:
    """One tracker side: every deck with both bands."""
    numbers = []
    for act in ACTS:
        deck = r.get(act)
        for band in BANDS:
            if band not in deck:
                raise r.error(act, _("needs {band} = {{ red = n, blue = [a, b] }}").format(band=band))
            numbers.append((act, band, deck[band]))
    return Tracker(int(key), r.get("reserve"), tuple(numbers), r.get("verified", False), source)


def _district(key: str, r: Record, source: str) -> DistrictInfo:
    """One district tile."""
    return DistrictInfo(key, r.get("name"), Effect(r.get("effect")), r.get("night_ap", 1), r.get("note", ""),
                        r.get("verified", False), source)


def _vampire(key: str, r: Record, source: str) -> VampireInfo:
    """One vampire sheet."""
    return VampireInfo(
        key, r.get("blood_ability"), r.get("blood_note", ""), r.get("blood_cost", 1), r.get("dark_ability", ""),
        r.get("dark_note", ""), r.get("dark_veil", 1), r.get("combat_ability", False), r.get("verified", False), source,
    )


def _card(key: str, r: Record, source: str) -> CardInfo:
    """One event card slot."""
    return CardInfo(
        key, r.get("act", key.split("-")[0]), r.get("name"), tuple(r.get("red", [])), tuple(r.get("blue", [])),
        r.get("continuing", False), r.get("note", ""), r.get("verified", False), source,
    )


def _relic(key: str, r: Record, source: str) -> RelicInfo:
    """One relic card."""
    return RelicInfo(
        key, r.get("name"), r.get("note", ""), r.get("max_blood", 0), r.get("once_per_round", False),
        r.get("placeable", False), r.get("redirects_agents", False), r.get("ap", 0), r.get("blood", 0),
        r.get("veil", 0), r.get("verified", False), source,
    )


BUILDERS = {"tracker": _tracker, "districts": _district, "vampires": _vampire, "cards": _card, "relics": _relic}


def _check_whole(data: MastersData, folder: Path) -> None:
    """Checks across records: all tracker sides, the station and museum, enough districts and cards."""
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
    from companion.games import data_path, info

    path = data_path(info(game_id))
    if path is None:
        raise KeyError(f"{game_id} has no data file of its own")
    return Path(path)


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
    from companion.games import info, resolve

    return resolve(info(game_id).parse)(read_doc(game_id, source))
