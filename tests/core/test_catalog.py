"""The translation catalogs: complete, placeholders intact, and in step with the source.

Both read the catalogs with Babel (a dev dependency): the running companion needs only the .mo.
"""

import re
import string
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "companion" / "locale"
POT = LOCALE / "companion.pot"
CATALOGS = sorted(LOCALE.glob("*/LC_MESSAGES/companion.po"))
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


def source_msgids() -> set:
    """The msgids `pybabel extract -F babel.cfg` finds in the source now."""
    with open(ROOT / "babel.cfg", encoding="utf-8") as f:
        method_map, options_map = parse_mapping_cfg(f)
    return {msg if isinstance(msg, str) else tuple(msg)
            for _file, _line, msg, _comments, _context in extract_from_dir(
                str(ROOT), method_map, options_map, strip_comment_tags=True)}


def msgids(catalog) -> set:
    """The msgids of a catalog (plural ones as (singular, plural))."""
    return {m.id if isinstance(m.id, str) else tuple(m.id) for m in catalog if m.id}


def test_there_is_a_german_catalog():
    assert [p.parent.parent.name for p in CATALOGS] == ["de"]


@pytest.mark.parametrize("po", CATALOGS, ids=lambda p: p.parent.parent.name)
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


@pytest.mark.parametrize("po", CATALOGS, ids=lambda p: p.parent.parent.name)
def test_catalog_has_every_message_of_the_template(po):
    with POT.open("rb") as f:
        template = read_po(f)
    with po.open("rb") as f:
        catalog = read_po(f)
    assert msgids(template) - msgids(catalog) == set(), "run `make catalog`, then translate the new messages"
    assert msgids(catalog) - msgids(template) == set(), "stale messages: run `make catalog`"


def test_template_is_up_to_date_with_the_source():
    with POT.open("rb") as f:
        template = msgids(read_po(f))
    now = source_msgids()
    assert now - template == set(), "wrapped text missing from the catalog: run `make catalog` and translate it"
    assert template - now == set(), "the catalog holds text the source no longer has: run `make catalog`"


def test_compiled_catalog_is_not_older_than_its_source():
    for po in CATALOGS:
        mo = po.with_suffix(".mo")
        assert mo.exists(), f"{mo} missing: run `make mo`"
        assert mo.stat().st_mtime >= po.stat().st_mtime, f"{mo} is older than {po.name}: run `make mo`"


def test_no_literal_lookup_hides_inside_an_f_string():
    # Babel's extractor (on Python 3.11) sees an f-string as one token: `f"{_('part')}"` would be
    # translated at run time yet never reach the catalog, and the template check could not tell.
    hidden = re.compile(r"""\{\s*(?:_|ngettext|pgettext)\(\s*['"]""")
    found = [f"{path.relative_to(ROOT)}:{no}" for path in sorted((ROOT / "companion").rglob("*.py"))
             for no, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if hidden.search(line)]
    assert found == []
