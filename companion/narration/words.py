"""The engines' own words in the table's language: how a game ended, where it stands, what rule refused.

The rules engines stay pure and English: their state JSON names the ending with an id
(`evil-bites`, `all-vampires`, One Night's winning teams joined by `+`, `villager+tanner`), and
where a game stands with phase and step ids (`dusk`, `give-stake`), and the rule a refusal names
with a key (`end_turn`, `game over`). The screens, the story chart and `companion play` show them
through `outcome_words`, `phase_text`, `step_text`, `where_text` and `rule_text`, which look each id up
in the game's own words (the module its plugin names as `words`: `STEPS`, `PHASES`, `NEEDS`,
`BOARD` (id -> N_() words), `OUTCOMES`, `RULES` (id -> NP_() words: with a context), `step_text(step)`)
and then in the words every game shares, here. Without a
game they look in every game's words. The English words are the id's own, so English reads as before
(a rule key's `_` and `-` read as spaces); an id nobody listed comes back as its words, so a newer
engine still shows.
"""

from __future__ import annotations

import functools
from functools import lru_cache
from types import ModuleType
from typing import Any

from companion.i18n import (
    N_,
    NP_,
    _,
    catalog,
    current_language,
    data_name,
    pgettext,
    rule_words,
    speaking,
    speaking_game,
)


def _in_game(index: int):
    """Run the function with its `game` argument (at `index`, or by name) speaking: its words come
    from that game's own catalog first (companion/i18n.py, "one language per game")."""

    def wrap(fn):
        @functools.wraps(fn)
        def run(*args, **kwargs):
            game = kwargs.get("game", args[index] if len(args) > index else None)
            if game is None or game == speaking_game():
                return fn(*args, **kwargs)
            with speaking(str(game)):
                return fn(*args, **kwargs)

        return run

    return wrap


@lru_cache(maxsize=64)
def _modules(plugins: tuple[Any, ...]) -> tuple[ModuleType, ...]:
    """The words modules of these games, in this order (a game without any left out)."""
    return tuple(m for m in (p.words() for p in plugins) if m is not None)


def _own(game: str | None) -> tuple[ModuleType, ...]:
    """The words modules of `game` (every game's, in the games' order, when None). Only that game is
    looked up: the others are not imported for it."""
    from companion.plugins import games, get

    if game is None:
        return _modules(tuple(games().values()))
    plugin = get(str(game))
    return _modules((plugin,) if plugin is not None else ())


@lru_cache(maxsize=64)
def _table(kind: str, one_game: bool, tr, modules: tuple[ModuleType, ...]) -> dict[str, str]:
    """Outcome or rule words (`kind`: "OUTCOMES" | "RULES") in catalog `tr`: every game's shared
    words, under the game's own (`one_game`), or under every game's `modules` (the first winning)."""
    out: dict[str, str] = {}
    for module in reversed(modules):
        out.update(_said(getattr(module, kind, None) or {}))
    shared = _said(_SHARED[kind])
    return {**shared, **out} if one_game else {**out, **shared}


def _said(table) -> dict[str, str]:
    """An NP_() marked table (id -> (context, words)) in the current language."""
    return {key: pgettext(*marked) for key, marked in table.items()}


def _words_of(kind: str, game: str | None) -> dict[str, str]:
    """The table of `kind` for `game` in the catalog in use (made once per catalog and game)."""
    return _table(kind, game is not None, catalog(), _own(game))


def _marked(name: str, game: str | None, key: str | None) -> str | None:
    """`key` in the N_() table `name` (STEPS, PHASES, NEEDS) of the game (or every game), translated;
    None when nobody lists it."""
    for module in _own(game):
        table = getattr(module, name, None) or {}
        if key in table:
            return _(table[key])
    return None


# the endings any game may have (a game's own are in its words' OUTCOMES)
OUTCOMES = {"victory": NP_("outcome", "victory"), "defeat": NP_("outcome", "defeat")}
# the rules every game has (the shared core's and the verbs most games take), by the key's words (`end_turn` and
# `end turn` are one rule), context "rule" (`draw` here is the rule, not a menu's button). A game's own are in its
# words' RULES (tests/ui/test_rule_words.py finds every key an engine can name and checks that each has its words).
RULES = rule_words(
    NP_("rule", "setup"),
    NP_("rule", "players"),
    NP_("rule", "adjust"),
    NP_("rule", "game over"),
    NP_("rule", "end turn"),
    NP_("rule", "turn"),
    NP_("rule", "reveal"),
    NP_("rule", "reroll"),
    NP_("rule", "ritual"),
    NP_("rule", "rename"),
)


# the phases of the state JSON (every game: `phase`): the words the games share (a game may list its own PHASES)
PHASES = {
    "day": N_("day"),
    "night": N_("night"),
    "dusk": N_("dusk"),
    "dawn": N_("dawn"),
    "setup": N_("setup"),
    "vote": N_("vote"),
    "play": N_("play"),
    "over": N_("game over"),
}


# what an action's parameters are (`Action.params`), for a picker question no screen words itself: the
# words of needs any game may have (a game's own are in its words' NEEDS)
NEEDS = {
    "n": N_("Number"),
    "player": N_("Player"),
    "target": N_("Target"),
    "dice": N_("Dice"),
    "cards": N_("Cards"),
    "values": N_("Dice values"),
    "step": N_("Step"),
    "result": N_("Result"),
    "steps": N_("Steps"),
    "first_vampire": N_("First vampire"),
    "die": N_("Die"),
    "split": N_("Split"),
    "with": N_("With whom"),
}


@_in_game(1)
def need_question(need: str, game: str | None = None) -> str:
    """A picker's question for need `need`: `wounds` -> `Wounds?`, `nights|bites` (one of them) ->
    `Nights / Bites?` (the game's own NEEDS first; an unknown need as its words)."""
    what = " / ".join(_need(n, game) for n in need.split("|"))
    return _("{what}?").format(what=what)


@_in_game(1)
def need_word(need: str, game: str | None = None) -> str | None:
    """A need's word in lower case for a sentence ("number"), from the game's NEEDS or the shared ones;
    None when nobody words it."""
    own = _marked("NEEDS", game, need) if game is not None else None
    found = own if own is not None else _(NEEDS[need]) if need in NEEDS else _marked("NEEDS", None, need)
    return None if found is None else (found[:1].lower() + found[1:] if current_language() == "en" else found)


def _need(need: str, game: str | None) -> str:
    """One need in words."""
    own = _marked("NEEDS", game, need)
    if own is not None:
        return own
    return _(NEEDS[need]) if need in NEEDS else (_marked("NEEDS", None, need) or need.replace("_", " "))


@_in_game(1)
def phase_text(phase: str | None, game: str | None = None) -> str:
    """`dusk` -> `dusk` (`Abenddämmerung`): the game's own PHASES, then the shared ones (without a
    game: every game's); an unknown phase as its words."""
    own = _marked("PHASES", game, phase) if game is not None else None
    if own is not None:
        return own
    if phase in PHASES:
        return _(PHASES[phase])
    return (_marked("PHASES", None, phase) if game is None else None) or str(phase or "").replace("-", " ")


@_in_game(0)
def step_text(game: str | None, step: str | None) -> str:
    """A step id of `game` in words: `give-stake` -> `pass the stake` (its words' STEPS), or what its
    words' `step_text(step)` makes of it (One Night's role steps: `seer` -> `Seer`); an unknown step
    as its words."""
    if game is not None:
        own = _marked("STEPS", game, step)
        if own is not None:
            return own
        for module in _own(game):
            maker = getattr(module, "step_text", None)
            made = maker(step) if maker is not None and step else None
            if made:
                return made
    if step in PHASES:  # a step no game words that the shared phases do ("over": "game over")
        return _(PHASES[step])
    return str(step or "").replace("-", " ")


@_in_game(0)
def where_text(game: str | None, where: str) -> str:
    """Where a refusal says the game stands (`Game.where()`, the engine's English: `step turn`, or
    Masters' `night / turn`) in words: `a Powerwolf's turn`, `night / turns`; anything else as it is."""
    if where.startswith("step "):
        return step_text(game, where[len("step ") :])
    phase, sep, step = where.partition(" / ")
    return f"{phase_text(phase, game)} / {step_text(game, step)}" if sep else where


@_in_game(1)
def rule_text(rule: str | None, game: str | None = None) -> str:
    """The rule a refusal names (`RuleViolation.rule`, a key: it stays one in JSON and logs) in the
    table's words: `end_turn` -> `end turn` (`Zug beenden`): the game's own rules' words, then the
    shared ones (without a game: every game's); a key nobody listed as its words."""
    name = str(rule or "").replace("_", " ").replace("-", " ")
    return _words_of("RULES", game).get(name, name)


@_in_game(1)
def outcome_text(outcome: str | None, game: str | None = None) -> str:
    """`evil-bites` -> `evil bites`, `villager+tanner` -> `villager and tanner` (in the current
    language, the game's own words first; an unknown id as its words)."""
    known = _words_of("OUTCOMES", game)
    parts = [known.get(p, p.replace("-", " ")) for p in str(outcome or "").split("+")]
    text = parts[0]
    for part in parts[1:]:
        text = _("{first} and {second}").format(first=text, second=part)
    return text


def outcome_words(outcome: str | None, game: str | None = None) -> str:
    """The same with a capital first letter, for a title: `Evil bites`."""
    text = outcome_text(outcome, game)
    return text[:1].upper() + text[1:]


_SHARED = {"OUTCOMES": OUTCOMES, "RULES": RULES}  # the words every game shares


@_in_game(0)
def board_word(game: str | None, key: str) -> str:
    """A key of a game's `board` dict in words, for the generic screen: its words' BOARD entry, else
    the key's words (`dawn_cards` -> `dawn cards`)."""
    own = _marked("BOARD", game, key) if game is not None else None
    return own if own is not None else key.replace("_", " ").replace("-", " ")


def known_rules(game: str | None = None) -> set[str]:
    """The rule keys' words listed for `game` (shared and its own; None: every game's)."""
    return set(_words_of("RULES", game))


def own_rules(game: str) -> set[str]:
    """The rule keys' words `game`'s own words list (not the shared ones)."""
    return set().union(*(getattr(m, "RULES", {}) for m in _own(game)))


def known_needs(game: str | None = None) -> set[str]:
    """The needs a picker has a question for: the shared ones and `game`'s (None: every game's)."""
    return set(NEEDS).union(*(getattr(m, "NEEDS", {}) for m in _own(game)))


@_in_game(1)
def refusal_text(exc: BaseException | str, game: str | None = None) -> str:
    """A refusal's message in the current language (or an engine's `errors.Text`: an action's label,
    cost, why_not): the engine's English template looked up in the catalog, then filled with its
    values (an untranslated message stays English). `game` (the refusing game's id) tells its step
    ids apart (`turn` is `a Powerwolf's turn` in Armata Strigoi)."""
    template = getattr(exc, "template", None) or getattr(exc, "message", None) or str(exc)
    params = {k: _value(template, k, v, game) for k, v in (getattr(exc, "params", None) or {}).items()}
    text = _(template)
    if text == template and not params:
        text = data_name(template)
    try:
        return text.format(**params) if params else text
    except (KeyError, IndexError, ValueError):  # a broken translation must not hide the refusal
        return getattr(exc, "message", str(exc))


@_in_game(1)
def said(text: Any, game: str | None = None) -> str:
    """What a game's plugin answered (`result`'s sentence, `headline`, `board_lines`: an
    `errors.Text` or words already said) in the current language, in the game's words."""
    return refusal_text(text, game) if getattr(text, "template", None) else str(text)


RULE_FIELDS = ("verb", "cmd", "rule")  # template fields that hold a command's verb or a rule key


def _value(template: str, key: str, value, game: str | None):
    """Value `key` of a refusal's template, shown in the current language: an engine text (errors.Text)
    through `refusal_text`; an ending's id (`{outcome}`: `defeat-veil`) and an engine's own words - a
    verb or rule key (`{verb}: missing parameter`), a phase or step id (`{phase}`, `{step}`, or a field
    after the word "step": `(step {value})`), where the game stands (`{where}`) - in the words
    this module gives them; a shipped data name (a district, a relic) in the data's own
    translation. A field quoted with `!r` is what the player typed (`unknown command {verb!r}`): as typed."""
    if getattr(value, "template", None):
        return refusal_text(value, game)
    if key == "outcome":
        return outcome_text(value, game)
    if isinstance(value, str) and f"{{{key}!r}}" not in template:
        if key in RULE_FIELDS:
            return rule_text(value, game)
        if key == "phase":
            return phase_text(value, game)
        if key == "step" or f"step {{{key}}}" in template:
            return step_text(game, value)
        if key == "where":
            return where_text(game, value)
    return data_name(value)
