"""Masters of the Night's data at the I/O edge: the shipped files, then the user's taught overlay, all
validated.

`load_masters(user_dir=None)` reads the game's `data/*.toml`, then the same file names in
`paths.config_dir() / "masters"` (or `user_dir`). A user record is merged over the shipped one field by
field (user wins) and gets `source = "taught"`; a record only the user has must be complete. A problem
in a shipped file raises `DataFileError(file, line, key, message)`.

What the table taught never stops a game: a taught record that fails its checks (a broken grid, an
unknown key, a bad type) is skipped, the shipped record (if any) used as it is, and a taught file
that does not read as a whole (not TOML) is skipped entirely (`companion.gamedata.loader.skipper`:
collected in `problems`, logged, or with `strict=True` raised). `taught` (the plugin's) says what
is skipped now, the tag registrations included when asked for everything; `check` is doctor's.

The files are tracker, districts, vampires, cards and relics (`.toml`); what each record may hold, and
the rules its fields obey, stand once in `companion.games.masters.fields` (teaching checks taught
files with the same rules). A district's `name_de` is its German name (`name_<lang>`: companion.i18n).
"""

from __future__ import annotations

from pathlib import Path

from companion import paths
from companion.errors import DataFileError
from companion.gamedata import tomlfile
from companion.gamedata.checks import Checks, Record
from companion.gamedata.loader import Skip, Skipped, skipper
from companion.games.masters import fields as masters_fields
from companion.games.masters.fields import BANDS
from companion.games.masters.rules.data import (
    ACTS,
    POSITIONS,
    STATION,
    VAMPIRE_COUNTS,
    CardInfo,
    DistrictInfo,
    Effect,
    MastersData,
    RelicInfo,
    Tracker,
    VampireInfo,
)
from companion.i18n import _

FILES = ("tracker", "districts", "vampires", "cards", "relics")
MIN_CARDS_PER_ACT = 6  # the easy difficulty draws 6 from each act
SHIPPED = Path(__file__).resolve().parent / "data"  # the game's own data folder


def load_masters(
    user_dir: str | Path | None = None, problems: list | None = None, strict: bool = False
) -> MastersData:
    """The Masters data: shipped files overlaid with the user's taught files (what does not pass its
    checks skipped: see the module's docstring for `problems` and `strict`)."""
    user = Path(user_dir) if user_dir is not None else paths.config_dir() / "masters"
    skip = skipper(problems, strict)
    built: dict[str, list] = {}
    for name in FILES:
        built[name] = _load_kind(name, SHIPPED / f"{name}.toml", user / f"{name}.toml", skip)
    data = MastersData(
        trackers=tuple(built["tracker"]),
        districts=tuple(built["districts"]),
        vampires=tuple(built["vampires"]),
        cards=tuple(built["cards"]),
        relics=tuple(built["relics"]),
    )
    _check_whole(data, SHIPPED)
    return data


def check() -> str:
    """`companion doctor`'s check of the Masters data: the shipped files and every taught record
    (strict: what the table would skip fails it); DataFileError names the first problem."""
    load_masters(strict=True)
    return _("Masters of the Night data loads")


def _load_kind(name: str, shipped: Path, user: Path, skip: Skip) -> list:
    """Records of one file: shipped ones, user fields merged over them, each checked by the rules of
    `companion.games.masters.fields` (which teaching checks with too). A taught record that fails
    is skipped (the shipped one stays), a taught file that does not read is skipped whole."""
    base = tomlfile.load(shipped)
    shipped_records = {str(k): v for k, v in _table(base, name).items()}
    build = BUILDERS[name]
    out = {
        key: build(key, masters_fields.record(Checks(base), name, key, rec), "shipped")
        for key, rec in shipped_records.items()
    }
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
        skip(
            DataFileError(
                user, None, None, _("cannot read this file: {why}").format(why=(exc.strerror or "").lower())
            ),
            True,
        )
    return None


def _table(doc: tomlfile.TomlDoc, name: str, entries: bool = True) -> dict:
    """The top table `name` of a file (empty if absent); with `entries`, every entry a table."""
    v = Checks(doc)
    v.only_keys("", doc.data, (name,))
    table = v.table(name, doc.data.get(name, {}))
    for key, value in table.items() if entries else ():
        v.table(f"{name}.{key}", value)
    return table


def taught(problems: list, everything: bool) -> None:
    """The Masters records the table taught that are skipped now; with `everything`, the tag
    registrations (`tags.toml`) too."""
    load_masters(problems=problems)
    if everything:
        from companion.games.masters import teach

        bad: list[DataFileError] = []
        try:
            teach.load_tags(problems=bad)
        except DataFileError as exc:
            problems.append(Skipped(exc, True))
        problems += [Skipped(exc) for exc in bad]


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
    return DistrictInfo(
        key,
        r.get("name"),
        Effect(r.get("effect")),
        r.get("night_ap", 1),
        r.get("note", ""),
        r.get("verified", False),
        source,
    )


def _vampire(key: str, r: Record, source: str) -> VampireInfo:
    """One vampire sheet."""
    return VampireInfo(
        key,
        r.get("blood_ability"),
        r.get("blood_note", ""),
        r.get("blood_cost", 1),
        r.get("dark_ability", ""),
        r.get("dark_note", ""),
        r.get("dark_veil", 1),
        r.get("combat_ability", False),
        r.get("verified", False),
        source,
    )


def _card(key: str, r: Record, source: str) -> CardInfo:
    """One event card slot."""
    return CardInfo(
        key,
        r.get("act", key.split("-")[0]),
        r.get("name"),
        tuple(r.get("red", [])),
        tuple(r.get("blue", [])),
        r.get("continuing", False),
        r.get("note", ""),
        r.get("verified", False),
        source,
    )


def _relic(key: str, r: Record, source: str) -> RelicInfo:
    """One relic card."""
    return RelicInfo(
        key,
        r.get("name"),
        r.get("note", ""),
        r.get("max_blood", 0),
        r.get("once_per_round", False),
        r.get("placeable", False),
        r.get("redirects_agents", False),
        r.get("ap", 0),
        r.get("blood", 0),
        r.get("veil", 0),
        r.get("verified", False),
        source,
    )


BUILDERS = {
    "tracker": _tracker,
    "districts": _district,
    "vampires": _vampire,
    "cards": _card,
    "relics": _relic,
}


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
        raise DataFileError(
            folder / "districts.toml", None, "districts", _("{n} districts needed").format(n=len(POSITIONS))
        )
    if len(data.vampires) < 2:
        raise DataFileError(folder / "vampires.toml", None, "vampires", _("at least two vampires needed"))
    for act in ACTS:
        if len(data.cards_of(act)) < MIN_CARDS_PER_ACT:
            raise DataFileError(
                folder / "cards.toml",
                None,
                "cards",
                _("act {act} needs {n} cards").format(act=act, n=MIN_CARDS_PER_ACT),
            )
