"""The pages' own words, looked up in the web thread without touching the table's language.

The loop's thread owns `companion.i18n`'s current language (the table's). The web thread words its
pages through catalogs of its own, one `gettext` object per language, read-only once loaded, so a
German phone and an English table never switch each other's words. The texts are marked with `N_`
here, so `make catalog` finds them and the German catalog translates them like every other.
"""

from __future__ import annotations

import gettext
from functools import lru_cache

from companion.errors import N_
from companion.i18n import DOMAIN, LANGUAGES, LOCALE_DIR

WORDS = {
    "title": N_("Nightwatch: the table"),
    "pair_title": N_("Pair this phone"),
    "pair_how": N_("Scan the QR code on the table's screen (Menu, Phones), or type the code shown there."),
    "code": N_("Code"),
    "pair": N_("Pair"),
    "wrong": N_("That code is wrong. Look at the table's screen and try again."),
    "paused": N_(
        "Someone is guessing codes, so typed codes wait a minute. Scan the QR code on the table's screen: "
        "it still works."
    ),
    "old": N_("This link is old or wrong: the table draws new codes for each new game. Scan the new code."),
    "loading": N_("Waiting for the table..."),
    "noscript": N_("This page needs JavaScript."),
}


@lru_cache(maxsize=len(LANGUAGES))
def catalog(lang: str) -> gettext.NullTranslations:
    """The catalog of `lang` (English: the source words), loaded once."""
    if lang not in LANGUAGES or lang == "en":
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, str(LOCALE_DIR), languages=[lang], fallback=True)


def page_word(lang: str, key: str) -> str:
    """The words of `key` (WORDS) in `lang`; an unknown key is shown as nothing."""
    text = WORDS.get(key)
    return catalog(lang).gettext(text) if text else ""
