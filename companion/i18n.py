"""Translations: the standard `gettext` module over our catalogs in companion/locale.

English is the source language: every user-facing text is written in English inside `_()` (or
`ngettext()` for counts, `pgettext()` where one English word needs two translations), and
`companion/locale/<code>/LC_MESSAGES/companion.po` holds the translations of the shared code. Each
game ships its own catalog in its package (`<package>/locale/<code>/LC_MESSAGES/nightwatch-<id>.po`,
`GamePlugin.domain`). One language per game: while a game speaks (`speaking(game_id)`: the
table's screens of that game, its narration, its words in companion/narration/words.py, the phone
view of it), `_()` looks in that game's catalog first, then the shared one
(`GamePlugin.translations(lang)`), so two games may translate one English msgid each their own way.
Text said outside any game looks in the shared catalog, then in every game's (read at the first
text the shared one lacks, not at start-up). The build compiles each `.po` to the `.mo` that gettext reads
(`make mo`, or the wheel's
build step in setup.py), so the running companion needs no Babel.

Which language: `set_language(code)` when something decides (the settings screen, `language` in the
config); until then the first lookup picks `COMPANION_LANG`, else the system locale (LANGUAGE,
LC_ALL, LC_MESSAGES, LANG, as gettext reads them), else English. `in_language(code)` speaks another
language for a moment (a phone's) in the current context only (a context variable: the table's
language, the module's, is not flipped); `translations(lang, game)` hands a catalog to code that
is passed the language. Importing this module does no
file work: the catalog is read on the first lookup, once per language.

Placeholders are named format fields, filled after the lookup: `_("{n} agents left").format(n=3)`,
so a translation may put them in any order.
"""

from __future__ import annotations

import gettext as _gettext
import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path

from companion.errors import N_  # noqa: F401  (marks text for the catalog; translated where shown)

DOMAIN = "companion"
LANGUAGES = ("en", "de")  # the ones with a catalog (English is the source, it needs none)
LANGUAGE_NAMES = {"en": "English", "de": "Deutsch"}  # each in its own language, for the chooser
LOCALE_DIR = Path(__file__).with_name("locale")

_current: str | None = None
_catalog: _gettext.NullTranslations | None = None
_shared: dict[str, _gettext.NullTranslations] = {}  # language -> the shared catalog alone
_chains: dict[str, _gettext.NullTranslations] = {}  # language -> the shared catalog, every game's behind it
_override: ContextVar[str | None] = ContextVar("nightwatch_language", default=None)  # `in_language`
_game: ContextVar[str | None] = ContextVar("nightwatch_game", default=None)  # `speaking`
# the data files' player-facing text fields: each has a `<field>_<lang>` twin (name_de, note_de, ...)
TRANSLATED_FIELDS = (
    "name",
    "prompt",
    "close",
    "note",
    "summary",
    "blood_ability",
    "blood_note",
    "dark_ability",
    "dark_note",
)
_data_names: dict[str, dict[str, str]] | None = None  # language -> shipped English name -> its name there


def system_language(env: Mapping[str, str] | None = None) -> str:
    """The language the system locale asks for ("de" from LANG=de_DE.UTF-8), or "en"."""
    env = os.environ if env is None else env
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        for item in (env.get(var) or "").split(":"):
            code = normalise(item)
            if code in LANGUAGES:
                return code
            if item and var != "LANGUAGE":  # a set LC_ALL/LANG decides even when it is C or unknown
                return "en"
    return "en"


def normalise(value: str | None) -> str | None:
    """ "de_DE.UTF-8" -> "de", "C" -> "en"; None for an empty value."""
    if not value:
        return None
    code = value.split(".")[0].split("@")[0].split("_")[0].split("-")[0].lower()
    return "en" if code in ("c", "posix") else code


def choose(configured: str | None = "auto", env: Mapping[str, str] | None = None) -> str:
    """The language to use: COMPANION_LANG, then the config's `language` (unless "auto"), then the
    system locale. An unknown COMPANION_LANG is ignored (the config check names a bad config value)."""
    env = os.environ if env is None else env
    wanted = normalise(env.get("COMPANION_LANG"))
    if wanted in LANGUAGES:
        return wanted
    if configured and configured != "auto" and configured in LANGUAGES:
        return configured
    return system_language(env)


def set_language(code: str) -> None:
    """Speak `code` ("en", "de") from now on; an unknown code falls back to English."""
    global _current, _catalog
    code = code if code in LANGUAGES else "en"
    if code == _current and _catalog is not None:
        return
    _current = code
    # English is the source: no catalog to look for (the search loads the `locale` module, ~0.5 ms a start)
    _chains.clear()  # read again: another language, or games found since
    _catalog = _chained(code)


def _chained(code: str) -> _gettext.NullTranslations:
    """The shared catalog of `code` with every game's behind it (for text said outside a game)."""
    if code not in _chains:
        if code == "en":
            _chains[code] = _gettext.NullTranslations()
        else:
            _chains[code] = _gettext.translation(DOMAIN, str(LOCALE_DIR), languages=[code], fallback=True)
            _chains[code].add_fallback(_GameCatalogs(code))
    return _chains[code]


def shared_translations(code: str) -> _gettext.NullTranslations:
    """The shared catalog of `code` alone (a game's own catalog sits in front of it)."""
    if code not in _shared:
        _shared[code] = (
            _gettext.NullTranslations()
            if code == "en"
            else _gettext.translation(DOMAIN, str(LOCALE_DIR), languages=[code], fallback=True)
        )
    return _shared[code]


def translations(code: str, game: str | None = None) -> _gettext.NullTranslations:
    """The catalog for `code` as `game` speaks it: its own catalog, then the shared one (no game,
    or an unknown one: the shared catalog, then every game's)."""
    from companion.plugins import get

    plugin = get(game)
    if plugin is not None:
        return plugin.translations(code)
    return _catalog if code == _current and _catalog is not None else _chained(code)


@contextmanager
def speaking(game: str | None) -> Iterator[None]:
    """Look up words as `game` says them (its own catalog first) in this context, for a moment."""
    token = _game.set(game if isinstance(game, str) else None)
    try:
        yield
    finally:
        _game.reset(token)


def speaking_game() -> str | None:
    """The game whose words `_()` says now (None: no game's in particular)."""
    return _game.get()


class _GameCatalogs(_gettext.NullTranslations):
    """Every game's own catalog in one language, behind the main one: read at the first lookup the
    main catalog cannot answer (gettext asks its fallback only then), in the games' order."""

    def __init__(self, code: str) -> None:
        """Nothing read yet."""
        super().__init__()
        self.code = code
        self._loaded = False

    def _load(self) -> None:
        """Chain the catalog of every game found that has one for this language."""
        self._loaded = True
        from companion.plugins import games

        for game in games().values():
            folder = game.folder()
            if folder is not None:
                found = _gettext.translation(
                    game.domain, os.path.join(folder, "locale"), languages=[self.code], fallback=True
                )
                if type(found) is not _gettext.NullTranslations:
                    _gettext.NullTranslations.add_fallback(self, found)

    def gettext(self, message):
        """`message` from the first game catalog that has it."""
        if not self._loaded:
            self._load()
        return super().gettext(message)

    def ngettext(self, msgid1, msgid2, n):
        """The form for `n` from the first game catalog that has it."""
        if not self._loaded:
            self._load()
        return super().ngettext(msgid1, msgid2, n)

    def pgettext(self, context, message):
        """`message` in `context` from the first game catalog that has it."""
        if not self._loaded:
            self._load()
        return super().pgettext(context, message)

    def npgettext(self, context, msgid1, msgid2, n):
        """The form for `n` in `context` from the first game catalog that has it."""
        if not self._loaded:
            self._load()
        return super().npgettext(context, msgid1, msgid2, n)


def current_language() -> str:
    """The language in use here: `in_language`'s for the moment, else the table's (decided on first
    use if nobody set one)."""
    wanted = _override.get()
    if wanted is not None:
        return wanted
    if _current is None:
        set_language(choose())
    return _current  # type: ignore[return-value]


def next_language(code: str) -> str:
    """The language after `code` in LANGUAGES (the settings screen's button steps through them)."""
    return LANGUAGES[(LANGUAGES.index(code) + 1) % len(LANGUAGES)] if code in LANGUAGES else LANGUAGES[0]


@contextmanager
def in_language(code: str) -> Iterator[None]:
    """Speak `code` for a moment in this context (a phone's language, on the loop's thread), then the
    language in use before again; the table's language is not changed meanwhile."""
    token = _override.set(code if code in LANGUAGES else "en")
    try:
        yield
    finally:
        _override.reset(token)


def _tr() -> _gettext.NullTranslations:
    """The catalog to look in now: the speaking game's (its own, then the shared one), else the
    table's language with every game's behind it (loading it on first use)."""
    game, wanted = _game.get(), _override.get()
    if game is not None or wanted is not None:
        return translations(current_language(), game)
    if _catalog is None:
        current_language()
    return _catalog  # type: ignore[return-value]


def catalog() -> _gettext.NullTranslations:
    """The catalog in use. A language switch or another game speaking gives another one, so a table
    of translated words built once per catalog (an `lru_cache` keyed on it) follows the switch."""
    return _tr()


def NP_(context: str, message: str) -> tuple[str, str]:
    """Mark `message` for the catalog under `context` (pgettext's N_), unchanged: a table of words
    keeps the pair and says it where shown (`pgettext(*pair)`). `make catalog` extracts it
    (Babel keyword `NP_:1c,2`)."""
    return context, message


def rule_words(*pairs: tuple[str, str], **others: tuple[str, str]) -> dict[str, tuple[str, str]]:
    """A table of the rule words an engine names in its refusals, each `NP_("rule", words)` keyed by its
    own words in lower case (the engine writes "set ap" for "set AP"); `others`: a key that differs."""
    return {message.lower(): (context, message) for context, message in pairs} | others


def _(message: str) -> str:
    """`message` in the current language."""
    return _tr().gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form for count `n`, in the current language (fill `{n}` afterwards)."""
    return _tr().ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """`message` in the current language, told apart from the same English word by `context`."""
    return _tr().pgettext(context, message)


def localized(record: Mapping, field: str = "name") -> str:
    """A data record's field in the current language: `name_de` when speaking German and the record
    has one, else `name` (game data carries its own translations, not the catalog)."""
    lang = current_language()
    if lang != "en":
        value = record.get(f"{field}_{lang}")
        if isinstance(value, str) and value:
            return value
    return record.get(field, "")


def data_name(name: str) -> str:
    """A shipped game-data name from the state JSON ("Railway Station") in the current language
    ("Bahnhof"), from the data files' `name_<lang>` fields; any other name (a vampire, a district
    taught at the table) comes back as it is. The files are read on the first call."""
    lang = current_language()
    if lang == "en" or not isinstance(name, str):
        return name
    global _data_names
    if _data_names is None:
        _data_names = _read_data_names()
    return _data_names.get(lang, {}).get(name, name)


def _read_data_names() -> dict[str, dict[str, str]]:
    """Every `<field>` / `<field>_<lang>` pair (TRANSLATED_FIELDS) of the shipped data files, per language."""
    import tomllib

    out: dict[str, dict[str, str]] = {}

    def walk(node) -> None:
        if isinstance(node, dict):
            for field in TRANSLATED_FIELDS:
                text = node.get(field)
                for key, value in node.items():
                    if isinstance(text, str) and key.startswith(f"{field}_") and isinstance(value, str):
                        out.setdefault(key[len(field) + 1 :], {}).setdefault(text, value)
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    for path in _data_files():
        with path.open("rb") as f:
            walk(tomllib.load(f))
    return out


def _data_files() -> list[Path]:
    """The shipped data files of every game: the TOML files in its package's `data` folder (and,
    for a game whose `data` file lies elsewhere, that one)."""
    from companion.plugins import games

    found: list[Path] = []
    for game in games().values():
        folder = game.folder()
        found += sorted(Path(folder, "data").glob("*.toml")) if folder else []
        named = game.data_path()
        found += [Path(named)] if named and Path(named).is_file() else []
    return list(dict.fromkeys(p.resolve() for p in found))
