"""Teaching Masters of the Night's box: tag registrations and taught data in the user's config folder.

The printed cards' grids, the veil tracker numbers and most district names are not public, so the
table teaches them (README.md, "Game data"). Everything taught lives under `paths.config_dir()`:

    tags.toml               [tags] "<tag id>" = "<card key or relic key>"
    masters/cards.toml      [cards."I-07"]  act, name, red = ["A1"], blue = ["B1", "C2"], verified
    masters/tracker.toml    [tracker."3"]   reserve, verified; [tracker."3".I.high] red = 2, blue = [1, 0]
    masters/districts.toml  [districts.museum]  name, note, verified
    masters/relics.toml     [relics.<key>]  name, note, ...

Each entry holds only what was taught; `companion.gamedata.loader` lays it over the shipped record field by
field. Files are 0600 in 0700 folders and written atomically (temp file, fsync, rename). An export is
all of it in one TOML file (`format = "nightwatch-taught"`); an import is validated completely before
anything is written, so a broken file changes nothing. Tag ids are data: never run, never opened.

The UI's "New card" flow calls `lookup_tag`, `register_tag`, `save_card_grid`, `save_tracker` and
`save_district`; bad input raises `TeachError` (a CommandError) saying what is wrong.
"""

from __future__ import annotations

import re
from pathlib import Path

from companion import paths
from companion.errors import DataFileError
from companion.gamedata import tomlfile
from companion.gamedata.checks import Checks
from companion.gamedata.teach import TeachError, base_dir  # noqa: F401  (TeachError: re-exported)
from companion.games.masters import fields as masters_fields
from companion.games.masters.fields import BANDS, SLUG
from companion.games.masters.rules.data import (
    ACTS,
    CARD_KEY,
    TRACKER_CELL_MAX,
    TRACKER_RESERVE,
    VAMPIRE_COUNTS,
)
from companion.i18n import N_, _, ngettext
from companion.inputs import MAX_TAG

SECTIONS = ("cards", "tracker", "districts", "relics")  # one file each in masters/
EXPORT_FORMAT = "nightwatch-taught"
EXPORT_VERSION = 1
EXPORT_LIMIT = 16 << 20  # an export with the camera's card pictures is larger than a data file
_HEX_UID = re.compile(r"^[0-9A-Fa-f]{2}([:\- ]?[0-9A-Fa-f]{2}){3,9}$")


# -- where things live --------------------------------------------------------------------------------
def tags_path(base: Path | str | None = None) -> Path:
    """The tag registration file."""
    return base_dir(base) / "tags.toml"


def section_path(section: str, base: Path | str | None = None) -> Path:
    """The user's taught file for one section (`cards` -> masters/cards.toml)."""
    return base_dir(base) / "masters" / f"{section}.toml"


# -- tags -----------------------------------------------------------------------------------------------
def normalize_tag(text: str) -> str:
    """A tag id as the readers produce it: NFC UIDs upper-case hex without separators, QR payloads
    stripped; TeachError if empty, unprintable or longer than 64 characters."""
    tag = str(text).strip()
    if not tag or len(tag) > MAX_TAG or not all(0x20 <= ord(c) <= 0x7E for c in tag):
        raise TeachError(
            _("tag id {tag!r} must be 1..{n} printable ASCII characters").format(tag=text, n=MAX_TAG)
        )
    if _HEX_UID.match(tag) and len(re.sub(r"[:\- ]", "", tag)) in (8, 14, 20):
        return re.sub(r"[:\- ]", "", tag).upper()
    return tag


def key_kind(key: str) -> str:
    """ "card" for an event card key ("II-07"), "relic" for a relic key ("pristine-blood")."""
    if CARD_KEY.match(key):
        return "card"
    if SLUG.match(key):
        return "relic"
    raise TeachError(
        _("{key!r} is neither a card key (I-01 .. III-18) nor a relic key (lower-case-words)").format(key=key)
    )


def load_tags(base: Path | str | None = None, problems: list | None = None) -> dict[str, str]:
    """All registrations: tag id -> key (empty when nothing is registered yet). With `problems` (a
    list), a bad entry is left out and its DataFileError appended instead of raised (a file that
    does not read as a whole still raises)."""
    path = tags_path(base)
    if not path.exists():
        return {}
    return _validate_tags(tomlfile.load(path), problems)


def lookup_tag(tag: str, base: Path | str | None = None) -> str | None:
    """The card or relic key registered for `tag`, or None (an unknown tag starts a registration).
    One bad registration does not hide the others (`companion cards list` names it)."""
    try:
        tag = normalize_tag(tag)
    except TeachError:
        return None
    return load_tags(base, problems=[]).get(tag)


def register_tag(tag: str, key: str, base: Path | str | None = None) -> str:
    """Register `tag` for card/relic `key` (replacing an older registration); returns the tag id."""
    tag = normalize_tag(tag)
    key_kind(key)
    tags = load_tags(base)
    tags[tag] = key
    _write_section_file(tags_path(base), "tags", tags)
    return tag


def unregister_tag(tag: str, base: Path | str | None = None) -> bool:
    """Forget a tag; True if it was registered."""
    tag = normalize_tag(tag)
    tags = load_tags(base)
    if tag not in tags:
        return False
    del tags[tag]
    _write_section_file(tags_path(base), "tags", tags)
    return True


# -- taught data ----------------------------------------------------------------------------------------
def load_section(section: str, base: Path | str | None = None) -> dict:
    """The taught entries of one section (validated), empty when the file does not exist."""
    path = section_path(section, base)
    if not path.exists():
        return {}
    doc = tomlfile.load(path)
    Checks(doc).only_keys("", doc.data, (section,))
    return _section(doc, section)


def save_card_grid(
    key: str, red, blue, name: str | None = None, *, note: str | None = None, base: Path | str | None = None
) -> dict:
    """Save a card's city grid (red cells, blue-gray cells) and optionally its name; returns the entry."""
    if not CARD_KEY.match(key):
        raise TeachError(_("card key {key!r} must look like I-01 .. III-18").format(key=key))
    red, blue = _cells(red, "red"), _cells(blue, "blue")
    problem = masters_fields.grid_problem(red, blue, key)
    if problem:
        raise TeachError(problem, "blue")
    entry = {"act": key.split("-")[0], "red": red, "blue": blue, "verified": True}
    if name is not None:
        entry["name"] = _text(name, N_("card name"), 40)
    if note is not None:
        entry["note"] = _text(note, N_("note"), 200, allow_empty=True)
    return _merge_entry("cards", key, entry, base)


def save_tracker(
    vampires: int, *, reserve: int | None = None, numbers: dict | None = None, base: Path | str | None = None
) -> dict:
    """Save veil tracker numbers for a vampire count: `reserve` agents and/or
    `numbers = {("I", "high"): (red, (blue1, blue2)), ...}`; returns the whole taught entry."""
    if vampires not in VAMPIRE_COUNTS:
        raise TeachError(
            _("vampire count must be one of {counts}, got {value!r}").format(
                counts=VAMPIRE_COUNTS, value=vampires
            )
        )
    entry: dict = {"verified": True}
    if reserve is not None:
        entry["reserve"] = _count(reserve, N_("reserve"), *TRACKER_RESERVE)
    for (act, band), value in (numbers or {}).items():
        if act not in ACTS or band not in BANDS:
            raise TeachError(
                _("tracker numbers are per deck I/II/III and band high/low, got {act!r} {band!r}").format(
                    act=act, band=band
                )
            )
        red, pair = value
        pair = tuple(pair)
        if len(pair) != 2:
            raise TeachError(_("blue-gray numbers come as a pair, e.g. (1, 0)"))
        entry.setdefault(act, {})[band] = {
            "red": _count(red, N_("red"), 0, TRACKER_CELL_MAX),
            "blue": [_count(b, N_("blue"), 0, TRACKER_CELL_MAX) for b in pair],
        }
    return _merge_entry("tracker", str(vampires), entry, base)


def save_district(
    key: str, *, name: str | None = None, note: str | None = None, base: Path | str | None = None
) -> dict:
    """Save a district tile's printed name and/or our short note of its effect; returns the entry."""
    if not SLUG.match(key):
        raise TeachError(_("district key {key!r} must be lower-case words joined by '-'").format(key=key))
    entry: dict = {"verified": True}
    if name is not None:
        entry["name"] = _name(name, N_("district name"))
    if note is not None:
        entry["note"] = _text(note, N_("note"), 200, allow_empty=True)
    return _merge_entry("districts", key, entry, base)


def taught(base: Path | str | None = None) -> dict:
    """Everything taught: {"tags": {...}, "cards": {...}, "tracker": {...}, "districts": {...}, "relics": {...}}."""
    out = {"tags": load_tags(base)}
    for section in SECTIONS:
        out[section] = load_section(section, base)
    return out


# -- export / import -------------------------------------------------------------------------------------
def export_text(base: Path | str | None = None) -> str:
    """All taught data and tag registrations as one TOML document another table can import."""
    data = {"format": EXPORT_FORMAT, "version": EXPORT_VERSION}
    data.update({k: v for k, v in taught(base).items() if v})
    faces = _camera_faces(base)
    if faces:
        data["camera"] = {"faces": faces}  # the pictures the camera knows the cards by
    return tomlfile.dumps(data, "Nightwatch taught data: import with `companion cards import FILE`.")


def export_file(path: Path | str, base: Path | str | None = None) -> dict:
    """Write the export to `path` (0600, atomically); returns the counts per section."""
    text = export_text(base)
    paths.write_private(Path(path), text)
    return _counts(validate_export(tomlfile.loads(text, str(path))))


def validate_export(doc: tomlfile.TomlDoc) -> dict:
    """The clean data of an export document, or DataFileError naming file, line and key."""
    data = doc.data
    Checks(doc).only_keys("", data, ("format", "version", "tags", "camera") + SECTIONS)
    if data.get("format") != EXPORT_FORMAT:
        raise doc.error(
            "format", _('not a Nightwatch export: needs format = "{format}"').format(format=EXPORT_FORMAT)
        )
    if data.get("version") != EXPORT_VERSION:
        raise doc.error(
            "version",
            _("export version {version!r} is not supported (need {need})").format(
                version=data.get("version"), need=EXPORT_VERSION
            ),
        )
    out = {"tags": _validate_tags(doc)}
    for section in SECTIONS:
        out[section] = _section(doc, section)
    out["camera"] = _camera_section(doc)
    return out


def _camera_section(doc: tomlfile.TomlDoc) -> dict:
    """An export's card pictures (`[camera.faces."<tag>"] jpeg = "..."`): tag -> entry, checked as
    pictures when OpenCV is installed (else only their shape: they are kept for a table that has it)."""
    section = doc.data.get("camera")
    if section is None:
        return {}
    Checks(doc).table("camera", section)
    Checks(doc).only_keys("camera", section, ("faces",))
    faces = Checks(doc).table("camera.faces", section.get("faces", {}))
    for tag, entry in faces.items():
        where = f'camera.faces."{tag}"'
        normalize_tag(tag)
        if not isinstance(entry, dict) or set(entry) != {"jpeg"} or not isinstance(entry["jpeg"], str):
            raise doc.error(where, _('needs jpeg = "<base64 picture>" only'))
    try:
        from companion.vision import store
    except ImportError:
        return faces
    try:
        store.check_section({"faces": faces})
    except ValueError as exc:
        raise doc.error("camera.faces", str(exc)) from None
    return faces


def _camera_faces(base: Path | str | None = None) -> dict:
    """The camera's stored faces as they are in its file (tag -> {jpeg}); no OpenCV needed."""
    path = base_dir(base) / "camera" / "faces.toml"
    if not path.exists():
        return {}
    doc = tomlfile.loads(tomlfile.read_text(path, limit=EXPORT_LIMIT), str(path))
    return dict(doc.data.get("faces") or {})


def import_file(path: Path | str, base: Path | str | None = None) -> dict:
    """Merge an export into the user's taught data (imported entries win); returns counts.

    The whole file is validated first: a broken file raises DataFileError and writes nothing.
    """
    clean = validate_export(tomlfile.loads(tomlfile.read_text(path, limit=EXPORT_LIMIT), str(path)))
    current = taught(base)
    if clean["camera"]:
        try:
            from companion.vision import store
        except ImportError as exc:
            raise DataFileError(
                path,
                None,
                "camera",
                _(
                    "holds card pictures: the camera needs OpenCV "
                    "(pip install 'nightwatch-companion[camera]'): {why}"
                ).format(why=exc),
            ) from None
        store.import_section({"faces": clean["camera"]}, base)
    for section in ("tags",) + SECTIONS:
        if not clean[section]:
            continue
        merged = dict(current[section])
        for key, entry in clean[section].items():
            merged[key] = tomlfile.merge(merged.get(key), entry) if isinstance(entry, dict) else entry
        target = tags_path(base) if section == "tags" else section_path(section, base)
        _write_section_file(target, section, merged)
    return _counts(clean)


def check_file(path: Path | str) -> str:
    """Validate a taught/shipped data file or an export; a one-line summary, or DataFileError."""
    doc = tomlfile.loads(tomlfile.read_text(path, limit=EXPORT_LIMIT), str(path))
    if "format" in doc.data:
        return _("{file}: ok (export: {what})").format(file=path, what=summary(_counts(validate_export(doc))))
    tables = [k for k in doc.data if k in ("tags",) + SECTIONS]
    if not tables:
        raise DataFileError(
            path, None, None, _("no [tags], [cards], [tracker], [districts] or [relics] table found")
        )
    Checks(doc).only_keys("", doc.data, ("tags",) + SECTIONS)
    counts = {}
    for section in tables:
        clean = _validate_tags(doc) if section == "tags" else _section(doc, section)
        counts[section] = len(clean)
    return _("{file}: ok ({what})").format(file=path, what=summary(counts))


# -- validation --------------------------------------------------------------------------------------------
def _validate_tags(doc: tomlfile.TomlDoc, problems: list | None = None) -> dict[str, str]:
    """[tags] of a document: tag id -> key; a bad entry raises, or with `problems` is left out and
    appended to it."""
    v = Checks(doc)
    v.only_keys("", doc.data, ("tags", "format", "version", "camera") + SECTIONS)
    table = v.table("tags", doc.data.get("tags", {}))
    out = {}
    for tag, key in table.items():
        try:
            out[_checked_tag(doc, tag, key)] = key
        except DataFileError as exc:
            if problems is None:
                raise
            problems.append(exc)
    return out


def _checked_tag(doc: tomlfile.TomlDoc, tag: str, key) -> str:
    """One registration of a [tags] table: the normalised tag id, or DataFileError naming it."""
    where = f"tags.{tag}"
    if not isinstance(key, str):
        raise doc.error(where, _("must name a card or relic key, got {key!r}").format(key=key))
    try:
        key_kind(key)
        return normalize_tag(tag)
    except TeachError as exc:
        raise doc.error(where, str(exc)) from None


# "3 cards" for each section
_COUNTED = {
    "cards": lambda n: ngettext("{n} card", "{n} cards", n),
    "tracker": lambda n: ngettext("{n} tracker side", "{n} tracker sides", n),
    "districts": lambda n: ngettext("{n} district", "{n} districts", n),
    "relics": lambda n: ngettext("{n} relic", "{n} relics", n),
    "tags": lambda n: ngettext("{n} tag", "{n} tags", n),
    "camera": lambda n: ngettext("{n} card picture", "{n} card pictures", n),
}


def _section(doc: tomlfile.TomlDoc, section: str) -> dict:
    """The checked entries of one section of a document (the loader's rules: masters_fields)."""
    return masters_fields.entries(Checks(doc), section, doc.data.get(section, {}))


def _cells(cells, colour: str) -> list[str]:
    """Grid cells typed at the table, from a list or "A1,B2" text, upper-cased and checked."""
    if isinstance(cells, str):
        cells = [c for c in re.split(r"[,\s]+", cells) if c]
    if not isinstance(cells, (list, tuple)):
        raise TeachError(_("{colour} cells must be a list like A1,B2").format(colour=_(colour)), colour)
    out = [str(c).strip().upper() for c in cells]
    problem = masters_fields.cells_problem(out, colour)
    if problem:
        raise TeachError(problem, colour)
    return sorted(out)


class _Typed:
    """What the table typed on a screen, checked by the one validator: a complaint becomes a
    TeachError naming the field ("reserve: must be a whole number 1..12, got 40")."""

    @staticmethod
    def error(what: str, message: str) -> TeachError:
        return TeachError(f"{_(what)}: {message}", what)


_TYPED = Checks(_Typed())


def _count(value, what: str, lo: int, hi: int) -> int:
    """A whole number in lo..hi for taught numbers."""
    return _TYPED.integer(what, value, lo, hi)


def _text(value, what: str, limit: int, allow_empty: bool = False) -> str:
    """A short printable text (names and notes are shown on screen, never interpreted), stripped."""
    return _TYPED.text(what, value, limit, allow_empty).strip()


def _name(value, what: str) -> str:
    """A district's (or vampire's) name as typed, stripped, by the one name rule (companion/rules/names.py)."""
    return _TYPED.name(what, value.strip() if isinstance(value, str) else value)


# -- writing ---------------------------------------------------------------------------------------------
def _merge_entry(section: str, key: str, entry: dict, base) -> dict:
    """Lay `entry` over the taught entry for `key` and save the section; returns the result."""
    entries = load_section(section, base)
    entries[key] = tomlfile.merge(entries.get(key), entry)
    _write_section_file(section_path(section, base), section, entries)
    return entries[key]


def _write_section_file(path: Path, section: str, entries: dict) -> None:
    """Write one taught file: a header comment and the section's table."""
    header = f"Taught by the table with `companion cards teach` or the New card screen. [{section}]"
    paths.write_private(path, tomlfile.dumps({section: dict(sorted(entries.items()))}, header))


def _counts(clean: dict) -> dict:
    """Entries per section."""
    return {k: len(v) for k, v in clean.items() if v}


def summary(counts: dict) -> str:
    """ "3 cards, 1 tracker" style text."""
    return ", ".join(
        _COUNTED[k](n).format(n=n) if k in _COUNTED else f"{n} {k}" for k, n in counts.items()
    ) or _("empty")
