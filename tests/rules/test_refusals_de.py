"""The engine's refusals in German: each game's rules raise English `N_()` templates with named
values (the engine stays gettext-free), and the edge - `companion play` and the app's refusal
line - shows them in the table's language with the same values."""

from __future__ import annotations

import ast
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
    """Game id -> its rules' folder (the package its engine lives in), for every game of the catalog."""
    import importlib

    from companion.plugins import games

    return {
        gid: Path(importlib.import_module(g.engine_class().__module__.rpartition(".")[0]).__file__).parent
        for gid, g in games().items()
    }


TRANSLATED = list(rules_folders())  # the games whose every refusal is an N_() template: all of them

# game -> (script lines, the German refusal expected, its English original)
CASES = {
    "masters": (
        [
            {
                "cmd": "setup",
                "game": "masters",
                "vampires": ["Imre", "Mila"],
                "difficulty": "easy",
                "seed": 7,
            },
            {"cmd": "adjust", "veil": 99},
        ],
        "Regel korrigieren: der Schleier reicht von 0 bis 6",
        "by rule adjust: the veil goes from 0 to 6",
    ),
    "one-night": (
        [{"cmd": "setup", "game": "one-night", "players": 4, "seed": 3}, {"cmd": "extend"}],
        "Regel verlängern: nur die Diskussion am Tag kann verlängert werden",
        "by rule extend: only the day's discussion can be extended",
    ),
    "strigoi": (
        [{"cmd": "setup", "game": "strigoi", "players": 2, "seed": 1}, {"cmd": "end_turn"}],
        "Regel Zug beenden: nicht jetzt: das Spiel steht bei „Aktionskarten aufdecken“",
        "by rule end turn: not now: the game is at reveal the Action cards",
    ),
    "nosferatu": (
        [{"cmd": "setup", "game": "nosferatu", "players": 5, "seed": 1, "renfield": "Zed"}],
        "Aufbau: Renfield 'Zed' ist keiner der Namen",
        "setup: renfield 'Zed' is not one of the names",
    ),
    "mansion": (
        [{"cmd": "setup", "game": "mansion", "players": 3, "seed": 5}, {"cmd": "adjust", "tick": 99}],
        "korrigieren: tick ist 1..12",
        "adjust: tick is 1..12",
    ),
}


def _play(tmp_path, monkeypatch, capsys, lang, lines, status=1):
    script = tmp_path / "refused.jsonl"
    script.write_text("".join(json.dumps(line) + "\n" for line in lines))
    monkeypatch.setenv("COMPANION_LANG", lang)
    assert cli.main(["play", "--script", str(script)]) == status
    return capsys.readouterr().err


@pytest.mark.parametrize("game", sorted(CASES))
def test_play_prints_the_games_refusal_in_german(game, tmp_path, monkeypatch, capsys):
    lines, german, english = CASES[game]
    err = _play(tmp_path, monkeypatch, capsys, "de", lines)
    assert german in err, err
    i18n.set_language("en")
    err = _play(tmp_path, monkeypatch, capsys, "en", lines)
    assert english in err, err  # English stays the same words (a rule key's `_` as a space)


def test_the_screen_shows_the_refusal_in_german(tmp_path):
    class UI:
        def __init__(self):
            self.notes = []

        def notify(self, text):
            self.notes.append(text)

    ui = UI()
    app = make_app(tmp_path, ui=ui)
    i18n.set_language("de")
    exc = RuleViolation("relic", "{name} needs kill count 2 to hold a relic", name="Mila")
    app.refuse({"cmd": "give_relic"}, exc)
    assert ui.notes == ["Relikt: Mila braucht 2 Tötungen, um ein Relikt zu halten"]
    assert exc.message == "Mila needs kill count 2 to hold a relic"


def test_a_malformed_command_is_refused_in_german(tmp_path, monkeypatch, capsys):
    """A parameter the command does not take makes the file a broken one (exit 2, line and field),
    still in the table's language."""
    lines = [CASES["masters"][0][0], {"cmd": "adjust", "veil": 2, "colour": "red"}]
    err = _play(tmp_path, monkeypatch, capsys, "de", lines, status=2)
    assert ":2: [colour] korrigieren: unbekannter Parameter 'colour'" in err, err


def test_a_command_error_carries_its_template_and_values():
    exc = CommandError("unknown relic {relic!r}", relic="cup")
    assert str(exc) == exc.message == "unknown relic 'cup'"
    i18n.set_language("de")
    assert words.refusal_text(exc) == "unbekanntes Relikt 'cup'"
    assert words.refusal_text(CommandError("plain words")) == "plain words"


def _refusals(path: Path):
    """(line, message argument) of every RuleViolation/CommandError raised in a module."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            index = {"RuleViolation": 1, "CommandError": 0}.get(node.func.id)
            if index is not None and len(node.args) > index:
                yield node.lineno, node.args[index]


@pytest.mark.parametrize("game", TRANSLATED)
def test_every_refusal_of_a_translated_game_is_a_template(game):
    """A literal or f-string message would reach the catalog never (or unfillable): N_() it."""
    paths = sorted(rules_folders()[game].rglob("*.py"))
    assert any(True for path in paths for _ in _refusals(path))  # its rules really are read
    bad = [
        f"{path.name}:{line}"
        for path in paths
        for line, arg in _refusals(path)
        if isinstance(arg, (ast.JoinedStr, ast.Constant))
    ]
    assert bad == []


def test_the_engine_never_translates():
    """The rules speak English templates only: no gettext, no companion.i18n in the shared core or any
    game's rules."""
    found = []
    paths = sorted({p for folder in (RULES, *rules_folders().values()) for p in folder.rglob("*.py")})
    assert any("masters" in str(p) for p in paths)
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            found += [
                f"{path}: {n}"
                for n in names
                if n.split(".")[0] in ("gettext", "locale", "babel") or n == "companion.i18n"
            ]
    assert found == []


def test_a_checks_reason_reaches_the_refusal_and_the_menu_as_a_template():
    """Masters' night gates give a Text: the same English words, and German at the edge."""
    from tests.rules import masters_game, masters_start, to_night

    game = masters_game()
    s = to_night(game, masters_start(game))
    reason = {a.command["cmd"]: a.why_not for a in game.actions(s)}["hunt"]
    assert reason == "kill count 1 needed"
    with pytest.raises(RuleViolation) as refused:
        game.apply(s, {"cmd": "hunt"})
    assert refused.value.message == "kill count 1 needed"
    i18n.set_language("de")
    assert words.refusal_text(refused.value) == "Tötungszahl 1 nötig"
    assert words.refusal_text(reason) == "Tötungszahl 1 nötig"


def test_action_labels_costs_and_reasons_are_templates_the_screen_can_translate():
    """The engine's menu stays English strs; each is an errors.Text the edge shows in German."""
    from companion.rules import load_game
    from tests.rules import masters_game, masters_start, to_night

    game = masters_game()
    s = to_night(game, masters_start(game))
    menu = {a.command.get("to", a.command["cmd"]): a for a in game.actions(s)}
    assert (menu["hunt"].label, menu["A2"].label, menu["A2"].cost) == (
        "Hunt",
        "Move to " + game.to_json(s)["districts"]["A2"]["name"],
        "1 AP",
    )  # by name
    night = load_game("one-night")
    state, _ = night.setup({"cmd": "setup", "game": "one-night", "players": 4, "seed": 3})
    vote = next(a for a in night.actions(state) if a.command["cmd"] == "vote")
    i18n.set_language("de")
    shown = [
        words.refusal_text(t)
        for t in (
            menu["hunt"].label,
            menu["A2"].label,
            menu["hunt"].why_not,
            menu["recruit"].cost,
            vote.label,
            vote.why_not,
        )
    ]
    assert shown == [
        "Jagen",
        "Ziehen: " + words.data_name(game.to_json(s)["districts"]["A2"]["name"]),
        "Tötungszahl 1 nötig",
        "2 AP, Schleier +1",
        "Stimmen eingeben",
        "noch nicht Zeit zum Abstimmen",
    ]


@pytest.mark.parametrize(
    "game_id, setup, label, german",
    [
        ("strigoi", {"players": 2, "seed": 1}, "Reveal the cards", "Karten aufdecken"),
        ("nosferatu", {"players": 5, "seed": 1}, "P1: stake to P2", "P1: Pflock an P2"),
        ("mansion", {"players": 3, "seed": 5}, "Set the turn order", "Zugreihenfolge festlegen"),
    ],
)
def test_every_menu_text_of_the_other_games_is_a_template(game_id, setup, label, german):
    """Strigoi, Nosferatu, Mansion: each label, cost and why_not of the first menu carries its
    template (the screen can show it in German); one label checked word for word."""
    from companion.rules import load_game

    game = load_game(game_id)
    state, _ = game.setup({"cmd": "setup", "game": game_id, **setup})
    menu = game.actions(state)
    texts = [t for a in menu for t in (a.label, a.cost, a.why_not) if t]
    assert texts and all(getattr(t, "template", None) for t in texts)
    i18n.set_language("de")
    assert [words.refusal_text(a.label) for a in menu if a.label == label] == [german]
