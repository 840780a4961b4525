"""The rule a refusal names, in the table's language: every rule key the engines can raise (found in
companion/rules with `ast`) has words in the German catalog, and `companion play`, the screen's
refusal line and its log show them; the key itself stays English in the engine and its JSON."""

from __future__ import annotations

import ast
import gettext
import json
from pathlib import Path

import pytest

import companion.rules
from companion import cli, i18n
from companion.errors import CommandError, RuleViolation
from companion.narration import words
from tests.app.helpers import make_app

RULES = Path(companion.rules.__file__).resolve().parent  # the shared core


def rules_folders() -> dict[str, Path]:
    """Game id -> the folder of its rules (the package its engine lives in)."""
    import importlib

    from companion.plugins import games

    return {
        gid: Path(importlib.import_module(g.engine_class().__module__.rpartition(".")[0]).__file__).parent
        for gid, g in games().items()
    }


def core_keys() -> set[str]:
    """The rule keys the shared core raises (its own modules, not the games')."""
    import shutil
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        for p in RULES.glob("*.py"):
            shutil.copy(p, Path(tmp) / p.name)
        return rule_keys(Path(tmp))[0]


def all_keys() -> set[str]:
    """Every rule key of the core and every game."""
    return core_keys().union(*(rule_keys(folder)[0] for folder in rules_folders().values()))


MISSING = "\0untranslated"


def _calls(trees, name):
    """Every call of a function or method called `name`."""
    for tree in trees.values():
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and name in (
                getattr(node.func, "id", None),
                getattr(node.func, "attr", None),
            ):
                yield node


def _violations(node, func=None):
    """(enclosing function, call) of every `RuleViolation(...)` under `node`."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.Call) and getattr(child.func, "id", None) == "RuleViolation":
            yield func, child
        yield from _violations(child, child if isinstance(child, ast.FunctionDef) else func)


def _passed(trees, func, param):
    """What every call of helper `func` passes for its parameter `param` (None: not a literal)."""
    index = [a.arg for a in func.args.args].index(param)
    for call in _calls(trees, func.name):
        given = (
            call.args[index]
            if len(call.args) > index
            else next((k.value for k in call.keywords if k.arg == param), None)
        )
        yield given.value if isinstance(given, ast.Constant) else None


def _returned(funcs, func, name):
    """`RuleViolation(*why)` after `why = helper(...)`: the first items of the tuples the helper returns."""
    made = [
        n.value
        for n in ast.walk(func)
        if isinstance(n, ast.Assign)
        and isinstance(n.value, ast.Call)
        and any(getattr(t, "id", None) == name for t in n.targets)
    ]
    helpers = [funcs.get(getattr(call.func, "id", None)) for call in made]
    if not helpers or None in helpers:
        yield None
        return
    for ret in (n.value for helper in helpers for n in ast.walk(helper) if isinstance(n, ast.Return)):
        if isinstance(ret, ast.Tuple) and isinstance(ret.elts[0], ast.Constant):
            yield ret.elts[0].value
        elif not (isinstance(ret, ast.Constant) and ret.value is None):
            yield None


def rule_keys(root: Path) -> tuple[set[str], list[str]]:
    """Every rule key the engines under `root` can refuse with (each command's verb too: a step's
    refusal names the verb), and where the scan could not tell a key (file:line)."""
    trees = {p: ast.parse(p.read_text(encoding="utf-8")) for p in sorted(root.rglob("*.py"))}
    funcs = {n.name: n for t in trees.values() for n in ast.walk(t) if isinstance(n, ast.FunctionDef)}
    verbs = {
        kw.value.value
        for t in trees.values()
        for n in ast.walk(t)
        if isinstance(n, ast.ClassDef)
        for kw in n.keywords
        if kw.arg == "verb" and isinstance(kw.value, ast.Constant)
    }
    keys, unknown = set(verbs), []
    for path, tree in trees.items():
        for func, call in _violations(tree):
            arg = call.args[0] if call.args else None
            params = [a.arg for a in func.args.args] if func else []
            if isinstance(arg, ast.Constant):
                found = [arg.value]
            elif isinstance(arg, ast.Attribute) and arg.attr == "verb":  # RuleViolation(cmd.verb, ...)
                found = sorted(verbs)
            elif (
                isinstance(arg, ast.Name) and arg.id in params
            ):  # a helper's `rule`/`verb`: what its callers pass
                found = list(_passed(trees, func, arg.id))
            elif isinstance(arg, ast.Starred) and isinstance(arg.value, ast.Name) and func:
                found = list(_returned(funcs, func, arg.value.id))
            else:
                found = [None]
            keys.update(k for k in found if k is not None)
            unknown += [f"{path.relative_to(root)}:{call.lineno}"] * (None in found or not found)
    return keys, unknown


@pytest.fixture
def german_catalog(monkeypatch):
    """German, where a lookup the catalog lacks comes back as MISSING instead of the English words."""

    class Missing(gettext.NullTranslations):
        def pgettext(self, context, message):
            return MISSING

    catalog = gettext.translation(i18n.DOMAIN, str(i18n.LOCALE_DIR), languages=["de"])
    games = i18n._GameCatalogs("de")
    games._load()
    games.add_fallback(Missing())  # after every game's catalog
    catalog.add_fallback(games)
    monkeypatch.setattr(i18n, "_catalog", catalog)
    monkeypatch.setattr(i18n, "_current", "de")


def _spoken(keys) -> set[str]:
    """Rule keys as their words (`end_turn` and `end turn` are one rule)."""
    return {k.replace("_", " ").replace("-", " ") for k in keys}


def test_the_scan_finds_every_kind_of_rule_key():
    """Literals, helpers' parameters (`_split(..., "remove agents")`), `(rule, why)` tuples and verbs."""
    for folder in [RULES, *rules_folders().values()]:
        assert rule_keys(folder)[1] == [], (
            folder
        )  # a RuleViolation whose key the scan cannot tell: teach the scan its shape
    keys = all_keys()
    assert {
        "game over",
        "dice reserve",
        "one-encounter",
        "remove agents",
        "paused",
        "sigillate",
        "end_turn",
        "give_stake",
    } <= keys
    assert len(keys) >= 110


@pytest.mark.parametrize("gid", list(rules_folders()))
def test_every_rule_key_of_a_game_has_words_in_its_words_or_the_shared_ones(gid):
    """A new rule (or verb) in an engine needs its words (the game's words module, or the shared
    companion/narration/words.py for one every game has); a stale one goes."""
    keys = rule_keys(rules_folders()[gid])[0]
    assert sorted(_spoken(keys | core_keys()) - words.known_rules(gid)) == []
    assert sorted(words.own_rules(gid) - _spoken(keys)) == []


def test_the_shared_rule_words_are_rules_of_the_core_or_of_a_game():
    listed = words.known_rules(None) - set().union(*(words.own_rules(g) for g in rules_folders()))
    assert listed and sorted(listed - _spoken(all_keys())) == []


def test_every_rule_key_has_german_words(german_catalog):
    keys = all_keys()
    assert sorted(k for k in keys if words.rule_text(k) == MISSING) == []
    assert words.rule_text("game over") == "Spielende" and words.rule_text("end_turn") == "Zug beenden"


def test_english_reads_the_keys_words():
    i18n.set_language("en")
    assert [words.rule_text(k) for k in ("game over", "end_turn", "one-encounter", "set_ap", "rolloff")] == [
        "game over",
        "end turn",
        "one encounter",
        "set AP",
        "roll-off",
    ]
    assert words.rule_text("a_new-rule") == "a new rule"  # one nobody listed: its words


def test_play_names_the_rule_in_german(tmp_path, monkeypatch, capsys):
    script = tmp_path / "over.jsonl"
    lines = [{"cmd": "setup", "game": "strigoi", "players": 2, "seed": 1}, {"cmd": "end_turn"}]
    script.write_text("".join(json.dumps(line) + "\n" for line in lines))
    monkeypatch.setenv("COMPANION_LANG", "de")
    assert cli.main(["play", "--script", str(script)]) == 1
    err = capsys.readouterr().err
    assert (
        "abgelehnt, Regel Zug beenden: nicht jetzt: das Spiel steht bei „Aktionskarten aufdecken“" in err
    ), err
    assert "end_turn:" not in err and "end turn" not in err


def test_the_screen_and_its_log_name_the_rule_in_german(tmp_path):
    from companion.ui.table import TableUI

    ui = TableUI((800, 480))
    app = make_app(tmp_path, ui=ui)
    i18n.set_language("de")
    app.refuse({"cmd": "recruit"}, RuleViolation("recruit", "no minion left in the reserve"))
    assert ui.ctx.log[-1].startswith("abgelehnt: anwerben: "), ui.ctx.log
    app.refuse(
        {"cmd": "draw"},
        RuleViolation(
            "game over", "the game is over ({outcome}); only undo can go back", outcome="defeat-veil"
        ),
    )
    assert ui.ctx.log[-1].startswith("abgelehnt: Spielende: das Spiel ist vorbei"), ui.ctx.log
    app.refuse({"cmd": "x"}, CommandError("unknown command {verb!r}; known: {verbs}", verb="x", verbs="draw"))
    assert ui.ctx.log[-1] == "abgelehnt: unbekannter Befehl 'x'; bekannt: draw", (
        ui.ctx.log
    )  # no rule: "refused" once
    assert not any("game over" in line or "recruit" in line for line in ui.ctx.log)
