"""The translation catalogs: complete, placeholders intact, and in step with the source.

There is the shared catalog (companion/locale, domain "companion": the code outside the games'
packages) and one per game, in its package (`<package>/locale`, domain `GamePlugin.domain`), found
through the games' catalog, a game plugin's included. Every one is checked alike. The catalogs are
read with Babel (a dev dependency): the running companion needs only the .mo.
"""

import re
import string
from pathlib import Path

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

from companion.plugins import games
from tests import ROOT

LOCALE = ROOT / "companion" / "locale"
POT = LOCALE / "companion.pot"


class Domain:
    """One catalog family: its template, its translations, the source folder its template is made from."""

    def __init__(self, name: str, pot: Path, catalogs: list[Path], source: Path):
        self.name, self.pot, self.catalogs, self.source = name, pot, catalogs, source

    def __repr__(self) -> str:
        return self.name


def domains() -> list[Domain]:
    """The shared catalog, then each game's (in the games' order)."""
    out = [Domain("companion", POT, sorted(LOCALE.glob("*/LC_MESSAGES/companion.po")), ROOT / "companion")]
    for game in games().values():
        folder = Path(game.folder())
        out.append(
            Domain(
                game.domain,
                folder / "locale" / f"{game.domain}.pot",
                sorted(folder.glob(f"locale/*/LC_MESSAGES/{game.domain}.po")),
                folder,
            )
        )
    return out


DOMAINS = domains()
CATALOGS = [po for d in DOMAINS for po in d.catalogs]
# the templates `make catalog` makes here: the shared one and those of the games' packages in companion/games
IN_REPO = [DOMAINS[0], *(d for d in DOMAINS[1:] if d.source.is_relative_to(ROOT / "companion" / "games"))]
PERCENT = re.compile(r"%(?:\([^)]*\))?[-#0 +]*\d*(?:\.\d+)?[diouxXeEfFgGcrsa%]")


def placeholders(text: str) -> list[str]:
    """The fields a message fills: `{name}`/`{name!r}`/`{n:g}` format fields and `%d`/`%(x)s` ones, sorted."""
    found = []
    try:
        for _literal, field, spec, conv in string.Formatter().parse(text):
            if field is not None:
                found.append("{" + field + ("!" + conv if conv else "") + (":" + spec if spec else "") + "}")
    except ValueError:  # a lone brace: compare it as text, the check below then differs
        found.append("<unbalanced braces>")
    found += [m for m in PERCENT.findall(text) if m != "%%"]
    return sorted(found)


def problems(catalog) -> list[str]:
    """Every untranslated, fuzzy or placeholder-changing message of a catalog, one line each."""
    out = []
    for msg in catalog:
        if not msg.id:
            continue
        ids = msg.id if isinstance(msg.id, (list, tuple)) else (msg.id,)
        strs = msg.string if isinstance(msg.string, (list, tuple)) else (msg.string,)
        name = ids[0][:60]
        if msg.fuzzy:
            out.append(f"fuzzy: {name!r}")
        if not all(strs):
            out.append(f"untranslated: {name!r}")
            continue
        wanted = placeholders(ids[-1])
        for text in strs:
            have = placeholders(text)
            # a singular form may leave the count out ("one start" for "{n} starts")
            if have != wanted and not (len(strs) > 1 and set(have) <= set(wanted)):
                out.append(f"placeholders {have} != {wanted}: {name!r}")
    return out


KEYWORDS = {**DEFAULT_KEYWORDS, "NP_": ((1, "c"), 2)}  # the Makefile's `-k NP_:1c,2`: companion.i18n.NP_


def source_msgids(folder: Path = ROOT / "companion") -> set:
    """The msgids `pybabel extract -F babel.cfg FOLDER` finds in the source now (the shared catalog's
    folder leaves the games' packages out: babel.cfg)."""
    with open(ROOT / "babel.cfg", encoding="utf-8") as f:
        method_map, options_map = parse_mapping_cfg(f)
    return {
        msg if isinstance(msg, str) else tuple(msg)
        for _file, _line, msg, _comments, _context in extract_from_dir(
            str(folder), method_map, options_map, keywords=KEYWORDS, strip_comment_tags=True
        )
    }


def msgids(catalog) -> set:
    """The msgids of a catalog (plural ones as (singular, plural))."""
    return {m.id if isinstance(m.id, str) else tuple(m.id) for m in catalog if m.id}


def test_there_is_a_german_catalog_for_the_shared_code_and_every_game_with_words():
    assert [p.parent.parent.name for p in DOMAINS[0].catalogs] == ["de"]
    for d in IN_REPO[1:]:
        with d.pot.open("rb") as f:
            has_words = bool(msgids(read_po(f)))
        assert [p.parent.parent.name for p in d.catalogs] == (["de"] if has_words else []), d


def _id(po: Path) -> str:
    """A catalog's test id: its domain and language."""
    return f"{po.stem}-{po.parent.parent.name}"


@pytest.mark.parametrize("po", CATALOGS, ids=_id)
def test_catalog_is_complete_and_keeps_every_placeholder(po):
    with po.open("rb") as f:
        catalog = read_po(f)
    assert not catalog.fuzzy, f"{po}: the header is marked fuzzy (pybabel compile would skip the file)"
    assert problems(catalog) == []


def test_the_check_catches_untranslated_fuzzy_and_changed_placeholders():
    from babel.messages.catalog import Catalog

    bad = Catalog(locale="de")
    bad.add("{n} agents left", "{m} Agenten übrig")
    bad.add("reader on %(port)s", "Leser an %s")
    bad.add("%d seats", "Plätze")
    bad.add("not now", "")
    bad.add("vote", "Abstimmung", flags=["fuzzy"])
    bad.add(("one agent", "{n} agents"), ("ein Agent", "{n} Agenten"))  # fine: the singular may drop {n}
    bad.add("light {light!r}", "Licht {light}")
    found = problems(bad)
    assert len(found) == 6, found
    assert any("untranslated" in p and "not now" in p for p in found)
    assert any("fuzzy" in p for p in found)
    assert sum("placeholders" in p for p in found) == 4


@pytest.mark.parametrize("domain", [d for d in DOMAINS if d.catalogs and d.pot.exists()], ids=repr)
def test_catalog_has_every_message_of_the_template(domain):
    with domain.pot.open("rb") as f:
        template = read_po(f)
    for po in domain.catalogs:
        with po.open("rb") as f:
            catalog = read_po(f)
        assert msgids(template) - msgids(catalog) == set(), (
            f"{po}: run `make catalog`, then translate the new messages"
        )
        assert msgids(catalog) - msgids(template) == set(), f"{po}: stale messages: run `make catalog`"


@pytest.mark.parametrize("domain", IN_REPO, ids=repr)
def test_template_is_up_to_date_with_the_source(domain):
    with domain.pot.open("rb") as f:
        template = msgids(read_po(f))
    now = source_msgids(domain.source)
    assert now - template == set(), (
        "wrapped text missing from the catalog: run `make catalog` and translate it"
    )
    assert template - now == set(), "the catalog holds text the source no longer has: run `make catalog`"


def test_compiled_catalog_is_not_older_than_its_source():
    """This tree's .mo files are rebuilt after their .po changed; an installed plugin's (its own build
    compiled it, its files' times are the install's) says what its .po says."""
    from babel.messages.mofile import read_mo

    for po in CATALOGS:
        mo = po.with_suffix(".mo")
        assert mo.exists(), f"{mo} missing: run `make mo`"
        if po.is_relative_to(ROOT / "companion"):
            assert mo.stat().st_mtime >= po.stat().st_mtime, f"{mo} is older than {po.name}: run `make mo`"
            continue
        with po.open("rb") as f, mo.open("rb") as g:
            source, built = read_po(f), read_mo(g)
        assert {(m.context, str(m.id)): m.string for m in source if m.id and m.string} == {
            (m.context, str(m.id)): m.string for m in built if m.id
        }, f"{mo} is not what {po} compiles to"


def test_no_literal_lookup_hides_inside_an_f_string():
    # Babel's extractor (on Python 3.11) sees an f-string as one token: `f"{_('part')}"` would be
    # translated at run time yet never reach the catalog, and the template check could not tell.
    hidden = re.compile(r"""\{\s*(?:_|ngettext|pgettext)\(\s*['"]""")
    found = [
        f"{path.relative_to(ROOT)}:{no}"
        for path in sorted((ROOT / "companion").rglob("*.py"))
        for no, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if hidden.search(line)
    ]
    assert found == []
