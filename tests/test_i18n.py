"""Choosing the language, and German where the catalog reaches: CLI, play, games, doctor, config,
game data names and the narrator's voice."""

import subprocess
import sys
from pathlib import Path

import pytest

from companion import cli, i18n
from companion.errors import DataFileError, RuleViolation
from companion.gamedata import config
from companion.gamedata import loader as gamedata
from companion.narration import words
from companion.narration.speech import Speaker

SCENARIO_SETUP = (
    '{"cmd": "setup", "game": "masters", "vampires": ["Imre", "Mila"], "difficulty": "easy", "seed": 7}\n'
)


@pytest.mark.parametrize(
    "env, expected",
    [
        ({"LANG": "de_DE.UTF-8"}, "de"),
        ({"LC_ALL": "de_AT.UTF-8", "LANG": "en_GB.UTF-8"}, "de"),
        ({"LANGUAGE": "fr:de", "LANG": "fr_FR.UTF-8"}, "de"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LC_ALL": "C", "LANG": "de_DE.UTF-8"}, "en"),  # LC_ALL decides, as gettext does
        ({"LC_MESSAGES": "de_CH"}, "de"),
        ({}, "en"),
    ],
)
def test_the_default_language_comes_from_the_system_locale(env, expected):
    assert i18n.system_language(env) == expected


def test_companion_lang_wins_over_the_config_and_the_config_over_the_locale():
    assert i18n.choose("en", {"COMPANION_LANG": "de", "LANG": "en_US.UTF-8"}) == "de"
    assert i18n.choose("de", {"LANG": "en_US.UTF-8"}) == "de"
    assert i18n.choose("auto", {"LANG": "de_DE.UTF-8"}) == "de"
    assert i18n.choose("en", {"LANG": "de_DE.UTF-8"}) == "en"
    assert i18n.choose("auto", {"COMPANION_LANG": "xx", "LANG": "de_DE.UTF-8"}) == "de"  # unknown: ignored


def test_set_language_switches_the_lookups():
    i18n.set_language("de")
    assert i18n.current_language() == "de"
    assert i18n._("Legal moves:") == "Erlaubte Züge:"
    i18n.set_language("en")
    assert i18n._("Legal moves:") == "Legal moves:"
    i18n.set_language("tlh")  # no catalog: English, never an error
    assert i18n.current_language() == "en"


def test_plurals_follow_the_count():
    i18n.set_language("de")
    one = i18n.ngettext("{edges} raw edges -> {n} press", "{edges} raw edges -> {n} presses", 1)
    two = i18n.ngettext("{edges} raw edges -> {n} press", "{edges} raw edges -> {n} presses", 2)
    assert one.format(edges=3, n=1) == "3 rohe Flanken -> 1 Druck"
    assert two.format(edges=5, n=2) == "5 rohe Flanken -> 2 Drücke"


def test_importing_i18n_reads_no_catalog():
    code = (
        "import companion.i18n as i, sys; "
        "print(i._catalog is None, i._current is None, 'babel' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["True", "True", "False"]


def test_config_language_is_validated_with_file_line_and_field(tmp_path, capsys):
    assert config.loads('language = "de"\n').language == "de"
    assert config.loads("").language == "auto"
    with pytest.raises(DataFileError) as exc:
        config.loads('# mine\nlanguage = "fr"\n', "c.toml")
    assert (exc.value.path, exc.value.line, exc.value.field) == ("c.toml", 2, "language")
    bad = tmp_path / "c.toml"
    bad.write_text('language = "klingon"\n')
    assert cli.main(["config", "--check", str(bad)]) == 2
    assert f"{bad}:1: [language]" in capsys.readouterr().err


def test_the_config_language_reaches_the_cli(tmp_path, monkeypatch, capsys):
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "config.toml").write_text('language = "de"\n')
    monkeypatch.setenv("COMPANION_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.delenv("COMPANION_LANG")
    assert cli.main(["games"]) == 0
    assert "Vampire gegen die Jäger der Stadt" in capsys.readouterr().out


def test_games_are_listed_in_german(monkeypatch, capsys):
    monkeypatch.setenv("COMPANION_LANG", "de")
    assert cli.main(["games"]) == 0
    out = capsys.readouterr().out
    assert "Vampire gegen die Jäger der Stadt" in out and "das Powerwolf-Rudel gegen die Strigoi" in out
    assert "hunters" not in out and "the companion" not in out
    from companion.plugins import games

    assert len(out.splitlines()) == len(games())


def test_play_refuses_in_german(tmp_path, monkeypatch, capsys):
    script = tmp_path / "bad.jsonl"
    script.write_text(SCENARIO_SETUP + '{"cmd": "recruit"}\n')
    monkeypatch.setenv("COMPANION_LANG", "de")
    assert cli.main(["play", "--script", str(script)]) == 1
    err = capsys.readouterr().err
    assert f"{script}:2: 'recruit' abgelehnt, Regel anwerben: nicht jetzt: das Spiel steht bei " in err
    assert "refused" not in err and "not now" not in err


def test_play_refuses_in_german_in_a_child_process(tmp_path):
    script = tmp_path / "bad.jsonl"
    script.write_text(SCENARIO_SETUP + '{"cmd": "recruit"}\n')
    env = {"COMPANION_LANG": "de", "PATH": "/usr/bin:/bin", "COMPANION_CONFIG_DIR": str(tmp_path)}
    res = subprocess.run(
        [sys.executable, "-m", "companion", "play", "--script", str(script)],
        capture_output=True,
        text=True,
        env=env,
    )
    assert res.returncode == 1
    assert "abgelehnt, Regel anwerben: nicht jetzt" in res.stderr


def test_a_refusal_template_is_translated_at_the_edge_with_its_values():
    exc = RuleViolation("game over", "the game is over ({outcome}); only undo can go back", outcome="victory")
    assert exc.message == "the game is over (victory); only undo can go back"
    i18n.set_language("de")
    assert (
        words.refusal_text(exc) == "das Spiel ist vorbei (Sieg); nur Rückgängig führt zurück"
    )  # the ending's words
    plain = RuleViolation("recruit", "no minion left in the reserve")  # not in the catalog: stays English
    assert words.refusal_text(plain) == "no minion left in the reserve"


def test_doctor_reports_in_german(monkeypatch, capsys):
    from companion.cli import doctor

    i18n.set_language("de")
    text = doctor.report_text([doctor.Check("groups", doctor.Status.WARN, "x", "y")])
    assert "Abhilfe: y" in text and "doctor: 0 FAIL, 1 WARN, 0 OK" in text


def test_game_data_carries_german_names():
    from companion.games.masters.loader import SHIPPED, load_masters

    data = load_masters()
    doc = gamedata.tomlfile.load(SHIPPED / "districts.toml")
    station = doc.data["districts"]["railway-station"]
    i18n.set_language("de")
    assert i18n.localized(station) == "Bahnhof"
    i18n.set_language("en")
    assert i18n.localized(station) == "Railway Station"
    assert any(d.name == "Railway Station" for d in data.districts)  # the state JSON stays English


def test_names_from_the_state_json_are_shown_in_german():
    i18n.set_language("de")
    assert i18n.data_name("Railway Station") == "Bahnhof"
    assert i18n.data_name("Supreme Strigoi") == "Oberster Meister-Strigoi"
    assert i18n.data_name("Mila") == "Mila"  # not a shipped name (a vampire, a taught district): as it is
    i18n.set_language("en")
    assert i18n.data_name("Railway Station") == "Railway Station"


def _untranslated(node, where: str) -> list[str]:
    """Places in a data file's tree where a player-facing text (i18n.TRANSLATED_FIELDS) has no German twin."""
    out = []
    if isinstance(node, dict):
        for field in i18n.TRANSLATED_FIELDS:
            text = node.get(field)
            if isinstance(text, str) and text and not node.get(f"{field}_de"):
                out.append(f"{where}.{field}")
        for key, value in node.items():
            out += _untranslated(value, f"{where}.{key}")
    elif isinstance(node, list):
        for i, item in enumerate(node):
            out += _untranslated(item, f"{where}[{i}]")
    return out


def test_every_shipped_text_has_a_german_one():
    """Names, notes, summaries, abilities, spoken steps: each has its `_de` twin in the data file."""
    import tomllib

    from companion.plugins import games

    missing = []
    paths = [p for g in games().values() for p in sorted(Path(g.folder(), "data").glob("*.toml"))]
    assert len({p.parent for p in paths}) == len(games())  # every game's data folder is read
    for path in paths:
        missing += _untranslated(tomllib.loads(path.read_text(encoding="utf-8")), path.name)
    assert missing == []
    assert _untranslated({"relics": {"x": {"name": "X", "name_de": "X", "note": "Gain 1 AP."}}}, "t") == [
        "t.relics.x.note"
    ]


def test_data_texts_reach_the_screen_in_german():
    """A note, an ability in an action's cost, a Mansion room's action (a plain label): German from the data."""
    from companion.errors import N_, Text

    cost = Text(N_("{blood_cost} blood ({blood_ability})"), blood_cost=1, blood_ability="Lure")
    i18n.set_language("de")
    assert i18n.data_name("Once per round: gain 1 AP.") == "Einmal pro Runde: 1 AP dazu."
    assert words.refusal_text(cost) == "1 Blut (Locken)"
    assert words.refusal_text("Take two Modify tokens.") == "Nimm zwei Ändern-Marker."
    i18n.set_language("en")
    assert words.refusal_text(cost) == "1 blood (Lure)"


def test_strigoi_uses_the_german_rulebook_terms():
    doc = gamedata.read_doc("strigoi")
    names = {key: rec["name_de"] for key, rec in doc.data["strigoi"].items()}
    assert names == {
        "master": "Meister-Strigoi",
        "apprentice": "Lehrling",
        "supreme": "Oberster Meister-Strigoi",
    }


def test_espeak_speaks_with_the_languages_voice():
    class Runner:
        def __init__(self):
            self.argv = []

        def __call__(self, argv):
            self.argv.append(argv)
            return type("P", (), {"poll": lambda self: 0, "terminate": lambda self: None})()

    runner = Runner()
    sp = Speaker(command="/usr/bin/espeak-ng", runner=runner, which=lambda name: name)
    i18n.set_language("de")
    assert sp.argv("Hallo")[1:3] == ["-v", "de"]
    i18n.set_language("en")
    assert sp.argv("Hello")[1:3] == ["-v", "en"]
    fixed = Speaker(command="/usr/bin/espeak-ng", runner=runner, which=lambda name: name, voice="en-gb")
    i18n.set_language("de")
    assert fixed.argv("x")[1:3] == ["-v", "en-gb"]  # a chosen voice stays


def test_settings_screen_language_button_steps_to_the_next_language():
    from companion.ui.screens.base import UIContext
    from companion.ui.screens.menus import SettingsScreen
    from companion.ui.screens.stack import ScreenStack

    ctx = UIContext(renderer=None, settings={}, stack=ScreenStack())
    screen = SettingsScreen(ctx)
    labels = {b.id: b.label for b in screen.body().buttons}
    assert labels["language"] == "English"
    screen.activate("language", None)
    assert ctx.results[-1]["intent"] == "settings"
    assert (ctx.results[-1]["key"], ctx.results[-1]["value"]) == ("language", "de")


def test_the_loop_switches_the_language_when_the_settings_screen_asks():
    from companion.controllers.settings import Settings

    host = type("Loop", (), {"lights": None, "sounds": None})()
    Settings(host).apply({"intent": "settings", "key": "language", "value": "de"})
    assert i18n.current_language() == "de"


def test_run_takes_the_language_from_its_config(tmp_path, monkeypatch, capsys):
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "config.toml").write_text('language = "de"\n')
    monkeypatch.setenv("COMPANION_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.delenv("COMPANION_LANG")
    assert cli.main(["run", "--demo", "--frames", "2", "--pace", "0"]) == 0
    assert (
        "companion run: ohne Bildschirm (--demo was asked for), der Bot spielt die Demo"
        in capsys.readouterr().err
    )


def test_hw_test_counts_presses_in_german(monkeypatch, capsys):
    from companion.cli import hwtest

    monkeypatch.setenv("COMPANION_LANG", "de")
    assert cli.main(["hw-test", "--auto", "--buttons-only", "--backend", "mock"]) == 0
    out = capsys.readouterr().out
    assert "rohe Flanken -> 1 Druck" in out and "Knopf next" in out and "hw-test: PASS" in out
    assert hwtest.BUSY_HELP.startswith("the button lines are busy")  # the English source stays


# -- each game's own catalog, chained behind the shared one ------------------------------------------------


def test_a_games_words_come_from_its_own_catalog_behind_the_shared_one():
    import gettext

    shared = gettext.translation(i18n.DOMAIN, str(i18n.LOCALE_DIR), languages=["de"])
    assert shared.gettext("pass the stake") == "pass the stake"  # Nosferatu's step: not in the shared catalog
    i18n.set_language("de")
    assert i18n._("pass the stake") == "Pflock weitergeben"  # from nightwatch-nosferatu, through the chain
    assert i18n.pgettext("rule", "give stake") != "give stake" and i18n._("Settings") == "Einstellungen"
    i18n.set_language("en")
    assert i18n._("pass the stake") == "pass the stake"


def test_the_games_catalogs_are_read_at_the_first_text_the_shared_one_lacks():
    i18n.set_language("en")
    i18n.set_language("de")
    games = i18n._catalog._fallback
    assert games._loaded is False
    i18n._("Settings")  # the shared catalog has it: no game catalog read
    assert games._loaded is False
    i18n._("pass the stake")
    assert games._loaded is True


def test_a_plugins_catalog_is_chained_like_a_shipped_games(tmp_path, monkeypatch):
    site = _plugins_translating_one_msgid(tmp_path, {"dice-duel": "Würfle"})
    monkeypatch.syspath_prepend(str(site))
    try:
        i18n.set_language("en")
        i18n.set_language("de")
        assert i18n._("Roll the die") == "Würfle" and i18n._("Settings") == "Einstellungen"
    finally:
        sys.modules.pop("dice_duel", None)
        i18n.set_language("en")


def _plugins_translating_one_msgid(tmp_path, games: dict[str, str]):
    """A site folder with one tiny plugin game per id, each translating "Roll the die" its own way."""
    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo

    site = tmp_path / "site"
    lines = ["[nightwatch.games]"]
    for order, (gid, german) in enumerate(games.items()):
        package = gid.replace("-", "_")
        folder = site / package / "locale" / "de" / "LC_MESSAGES"
        folder.mkdir(parents=True)
        (site / package / "__init__.py").write_text(
            "from companion.games import GamePlugin\n\n\nclass Game(GamePlugin):\n"
            f"    id = {gid!r}\n    title = {gid!r}\n    order = {70 + order}\n\n"
            "    def engine_class(self):\n        raise ImportError('no engine here')\n"
        )
        catalog = Catalog(locale="de")
        catalog.add("Roll the die", german)
        with (folder / f"nightwatch-{gid}.mo").open("wb") as f:
            write_mo(f, catalog)
        lines.append(f"{gid} = {package}:Game")
    (site / "two_games-1.0.dist-info").mkdir()
    (site / "two_games-1.0.dist-info" / "entry_points.txt").write_text("\n".join(lines) + "\n")
    return site


def test_two_plugin_games_with_one_msgid_each_say_it_their_own_way(tmp_path, monkeypatch):
    """One language per game: the same English msgid, translated differently in two games' catalogs,
    is each game's own while that game speaks (its screens, its words, its refusals), and the shared
    catalog still answers behind each."""
    from companion.errors import Text
    from companion.narration.words import refusal_text

    site = _plugins_translating_one_msgid(tmp_path, {"dice-duel": "Würfle", "coin-flip": "Wirf den Würfel"})
    monkeypatch.syspath_prepend(str(site))
    try:
        i18n.set_language("de")
        with i18n.speaking("dice-duel"):
            assert i18n._("Roll the die") == "Würfle" and i18n._("Settings") == "Einstellungen"
        with i18n.speaking("coin-flip"):
            assert i18n._("Roll the die") == "Wirf den Würfel" and i18n._("Settings") == "Einstellungen"
        assert refusal_text(Text("Roll the die"), "dice-duel") == "Würfle"
        assert refusal_text(Text("Roll the die"), "coin-flip") == "Wirf den Würfel"
        assert (
            i18n.translations("de", "coin-flip").gettext("Roll the die") == "Wirf den Würfel"
        )  # the language passed
        assert i18n.translations("en", "coin-flip").gettext("Roll the die") == "Roll the die"
        with i18n.in_language("en"):  # a phone's language for a moment; the table's stays German
            assert i18n._("Settings") == "Settings" and i18n.current_language() == "en"
        assert i18n.current_language() == "de" and i18n._("Settings") == "Einstellungen"
    finally:
        for name in ("dice_duel", "coin_flip"):
            sys.modules.pop(name, None)
        i18n.set_language("en")
