"""A refusal's engine words in the table's language: a malformed command names its command in the
rule's words (`Relikt nutzen: ...`, not `use_relic: ...`), a refusal that says where the game stands
names the step and phase in words (`Aktionskarten aufdecken`, not `initiative`), a malformed command
is "refused" once on screen, and the screen check reports in German too (issue 18)."""

from __future__ import annotations

import re

import pytest

from companion import i18n
from companion.errors import CommandError, RuleViolation
from companion.narration import words
from companion.rules import GAMES, load_game
from companion.ui.screencheck import ScreenReport, summary
from tests.app.helpers import make_app
from tests.ui.helpers import english_fallbacks

ENGINE_IDS = ("verb", "cmd", "rule", "step", "phase", "where", "value", "outcome")  # values shown in words


def refusals(game_id: str):
    """(verb, state JSON, refusal) for every verb of a game sent bare and with an unknown parameter,
    just after setup: each verb's malformed-command refusal, and the step-bound ones (`not now: ...`)."""
    game = load_game(game_id)
    state, _ = game.setup(game.example_setup(None, 7))  # the fewest players the game takes
    for cls in game.COMMANDS:
        for command in ({"cmd": cls.verb}, {"cmd": cls.verb, "zz": 1}):
            try:
                game.apply(state, command)
            except (CommandError, RuleViolation) as refused:
                yield cls.verb, game.to_json(state), refused


def in_both(text_of):
    """(English, German) of `text_of()`."""
    i18n.set_language("en")
    english = text_of()
    i18n.set_language("de")
    return english, text_of()


def unquoted(word: str, text: str) -> bool:
    """`word` in `text` as a word of its own, not quoted (a quoted value is what the player typed)."""
    return re.search(rf"(?<![\w'`]){re.escape(word)}(?![\w'`])", text) is not None


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_games_malformed_and_step_bound_refusals_have_no_engine_word_in_german(game_id):
    seen = 0
    for verb, state, exc in refusals(game_id):
        english, german = in_both(lambda exc=exc: words.refusal_text(exc, game_id))
        rule_en, rule_de = in_both(lambda verb=verb: words.rule_text(verb))
        # what the player typed ('zz'), a command's JSON keys (`votes`, or a list of them) and a value left
        # out (the engine's `no Powerwolf None`, its repr) are the same in both languages
        typed = re.compile(
            "|".join(
                [r"'[^']*'", r"`[^`]*`", r"\bNone\b"]
                + [
                    re.escape(str(v))
                    for k, v in exc.params.items()
                    if k not in ENGINE_IDS and isinstance(v, str)
                ]
            )
        )
        assert english_fallbacks([typed.sub("", german)], [typed.sub("", english)]) == [], (english, german)
        # the command's words: `use_relic: ...` reads `Relikt nutzen: ...`
        if english.startswith((f"{verb}: ", f"{rule_en}: ")):
            assert german.startswith(f"{rule_de}: "), (english, german)
        ids = {verb: rule_de, verb.replace("_", " "): rule_de}
        ids[state["step"]] = in_both(lambda state=state: words.step_text(game_id, state["step"]))[1]
        ids[state["phase"]] = in_both(lambda state=state: words.phase_text(state["phase"]))[1]
        leaked = [i for i, de in ids.items() if i != de and unquoted(i, german)]
        assert leaked == [], (english, german)
        seen += 1
    assert seen > len(load_game(game_id).COMMANDS)  # most verbs twice (some bare ones are legal)


def test_a_step_bound_refusal_names_the_step_in_words():
    """Armata Strigoi's `end_turn` at its first step, and a Masters verb at the wrong step."""
    (exc,) = [e for v, _, e in refusals("strigoi") if v == "end_turn" and isinstance(e, RuleViolation)]
    assert in_both(
        lambda: words.refusal_text(exc, "strigoi")
    ) == (  # the one core's refusal, as in every game
        "not now: the game is at reveal the Action cards",
        "nicht jetzt: das Spiel steht bei „Aktionskarten aufdecken“",
    )
    (exc,) = [e for v, _, e in refusals("masters") if v == "hunt" and isinstance(e, RuleViolation)]
    assert in_both(lambda: words.refusal_text(exc, "masters")) == (
        "not now: the game is at day / day district effects",
        "nicht jetzt: das Spiel steht bei „Tag / Tageseffekte der Bezirke“",
    )


def test_where_a_refusal_says_the_game_stands_in_words():
    i18n.set_language("de")
    assert words.where_text("strigoi", "step turn") == "Spielzug eines Powerwolfs"
    assert words.where_text("mansion", "step turn") == "Spielzüge"
    assert words.where_text("masters", "night / turn") == "Nacht / Spielzüge"
    assert words.where_text("masters", "somewhere") == "somewhere"


def test_a_value_the_player_typed_stays_as_typed():
    """`{verb!r}` quotes what came in (an unknown command), `{verb}` names a known one."""
    unknown = CommandError(
        "unknown command {verb!r}; known: {verbs}", verb="end_turn", verbs="end_turn, draw"
    )
    no_step = CommandError("adjust: no step {step!r} in this game's script", step="dawn")
    i18n.set_language("de")
    assert words.refusal_text(unknown) == "unbekannter Befehl 'end_turn'; bekannt: end_turn, draw"
    assert (
        words.refusal_text(no_step, "one-night") == "korrigieren: kein Schritt 'dawn' im Ablauf dieses Spiels"
    )
    named = CommandError("{verb}: unknown parameter {extra!r}", verb="end_turn", extra="zz")
    assert words.refusal_text(named) == "Zug beenden: unbekannter Parameter 'zz'"


def test_every_command_prefix_in_the_catalog_is_the_rules_words():
    """An engine template that starts with its command (`set_ap: ...`) starts with the rule's German
    words (`AP setzen: ...`), the same as a `{verb}: ...` one is filled in."""
    from babel.messages.pofile import read_po

    from tests.games.test_catalog import CATALOGS

    messages = []
    for po in CATALOGS:
        with po.open("rb") as f:
            messages += list(read_po(f))
    i18n.set_language("de")
    known = words.known_rules()
    checked, wrong = 0, []
    for m in messages:
        head, sep, _ = str(m.id).partition(": ")
        if not sep or head.replace("_", " ") not in known or not any("/rules/" in p for p, _ in m.locations):
            continue
        checked += 1
        if not m.string.startswith(f"{words.rule_text(head)}: "):
            wrong.append((m.id, m.string))
    assert (
        checked >= 75 and wrong == []
    )  # (fewer since the one parser words a missing parameter for every game)


@pytest.mark.parametrize("lang, refused", [("en", "refused"), ("de", "abgelehnt")])
def test_a_malformed_command_is_refused_once_on_screen(tmp_path, lang, refused):
    """A CommandError has no rule: the log's "refused: " says it, the bottom row shows the message."""
    from companion.ui.table import TableUI

    ui = TableUI((800, 480))
    app = make_app(tmp_path, ui=ui)
    i18n.set_language(lang)
    app.refuse(
        {"cmd": "use_relic"},
        CommandError("{verb}: unknown parameter {extra!r}", verb="use_relic", extra="zz"),
    )
    shown = words.refusal_text(
        CommandError("{verb}: unknown parameter {extra!r}", verb="use_relic", extra="zz")
    )
    assert list(ui.ctx.log)[-1] == f"{refused}: {shown}" and ui.ctx.current_error() == shown
    app.refuse({"cmd": "recruit"}, RuleViolation("recruit", "no minion left in the reserve"))
    assert list(ui.ctx.log)[-1].count(refused) == 1 and ui.ctx.current_error().startswith(
        words.rule_text("recruit")
    )


def _report(**problems) -> ScreenReport:
    base = dict(
        name="night",
        size=(800, 480),
        language="de",
        limit=17,
        main_limit=28,
        smallest=14,
        smallest_text="2 AP left",
        main=24,
        main_text="Mila",
        small=((14, "2 AP left"), (16, "P1")),
        clipped=("A long line",),
        broken=("Abenddämmerung",),
        overlapping=(("Altar", "Inferno"),),
        unmeasured=("Veil",),
    )
    return ScreenReport(**{**base, **problems})


def test_the_screen_checks_report_speaks_german():
    reports = [
        _report(),
        _report(
            name="icons",
            smallest=None,
            main=None,
            small=(),
            clipped=(),
            broken=(),
            overlapping=(),
            unmeasured=(),
        ),
    ]
    english, german = in_both(lambda: [ln for r in reports for ln in r.lines()] + [summary(reports)])
    assert german == [
        "night 800x480 de: FEHLER, kleinste Großbuchstaben 14 px ('2 AP left'), Haupttext 24 px ('Mila')",
        "  Großbuchstaben unter 17 px: 14 px '2 AP left'",
        "  Großbuchstaben unter 17 px: 16 px 'P1'",
        "  Haupttext mit Großbuchstaben unter 28 px: 24 px 'Mila'",
        "  abgeschnitten: 'A long line'",
        "  Wort über zwei Zeilen getrennt: 'Abenddämmerung'",
        "  übereinander gezeichnet: 'Altar' und 'Inferno'",
        "  gesetzt, aber nie gezeichnet gesehen: 'Veil'",
        "icons 800x480 de: ok, kein Text",
        "kleinste Großbuchstaben: 14 px",
    ]
    assert (
        english[0]
        == "night 800x480 de: FAIL, smallest capitals 14 px ('2 AP left'), main text 24 px ('Mila')"
    )
    assert english[2:] == [
        "  capitals under 17 px: 16 px 'P1'",
        "  main text under 28 px capitals: 24 px 'Mila'",
        "  clipped: 'A long line'",
        "  word split across lines: 'Abenddämmerung'",
        "  drawn over each other: 'Altar' and 'Inferno'",
        "  laid out but never seen drawn: 'Veil'",
        "icons 800x480 de: ok, no text",
        "smallest capitals: 14 px",
    ]
    assert reports[0].to_json()["failures"][0] == {
        "kind": "small",
        "text": "2 AP left",
        "capitals": 14,
        "limit": 17,
    }
