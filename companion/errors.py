"""The one error hierarchy of the companion: every error says what went wrong and why.

Each class also inherits the fitting builtin, so callers that only know the builtin still catch it
(the gpiozero `exc.py` pattern).
"""

from __future__ import annotations


def N_(message: str) -> str:
    """Mark an English message template for the translation catalog, unchanged (the engine uses it
    and stays free of gettext: the edge translates, see RuleViolation)."""
    return message


class Text(str):
    """An English engine text the edge can still translate: the filled text (it is a `str`, equal to
    the English words) that keeps its `N_()` template and values, e.g. a reason why an action is not
    possible, `Text(N_("{cost} blood needed"), cost=2)`. A RuleViolation made from it carries them
    on; `companion.narration.words.refusal_text(text)` gives it in the current language."""

    template: str
    params: dict

    def __new__(cls, template: str, **params):
        self = super().__new__(cls, template.format(**params) if params else template)
        self.template = template
        self.params = params
        return self


class CompanionError(Exception):
    """Base of every error the companion raises on purpose."""


class DataFileError(CompanionError, ValueError):
    """A config, card or data file is broken: names the file, the line and the field.

    The CLI prints `str(err)` as one line and exits with status 2.
    """

    def __init__(self, path, line: int | None, field: str | None, message: str):
        self.path = str(path)
        self.line = line
        self.field = field
        self.message = message
        where = self.path if line is None else f"{self.path}:{line}"
        what = f" [{field}]" if field else ""
        super().__init__(f"{where}:{what} {message}")


class RuleViolation(CompanionError, ValueError):
    """A command the rules forbid. `rule` names the rule; nothing has changed.

    Example: RuleViolation("recruit", "no minion left in the reserve").

    The engine stays pure and speaks English: a message may be a template with named fields and
    their values as keyword arguments, `RuleViolation("roll", N_("{player} has rolled already"),
    player="Mila")`. `message` is the filled English text; `template` and `params` let the edge
    (the CLI, the screens) look the template up in the catalog and fill in the same values
    (`companion.narration.words.refusal_text`). A plain message is looked up as it is.
    """

    def __init__(self, rule: str, message: str, **params):
        self.rule = rule
        if isinstance(message, Text) and not params:  # a reason from a check: keep its template
            params = message.params
            message = message.template
        self.template = message
        self.params = params
        self.message = message.format(**params) if params else message
        super().__init__(f"{rule}: {self.message}")


class CommandError(CompanionError, ValueError):
    """A command that is malformed (unknown verb, missing or wrong parameter).

    Like RuleViolation, the message may be an `N_()` template with its values as keyword arguments,
    `CommandError(N_("unknown relic {relic!r}"), relic="x")`: `message` is the filled English text,
    `template` and `params` let the edge translate it (`companion.narration.words.refusal_text`).
    """

    def __init__(self, message: str = "", **params):
        self.template = message
        self.params = params
        self.message = message.format(**params) if params else message
        super().__init__(self.message)


class HardwareUnavailable(CompanionError, RuntimeError):
    """A piece of hardware (LED strip, buttons, reader, screen) is not there: says which and why."""

    def __init__(self, part: str, why: str):
        self.part = part
        self.why = why
        super().__init__(f"{part} not available: {why}")


def describe(exc: BaseException) -> str:
    """One line about `exc` in plain words, never a Python class name: its message (first line), or,
    when it has none, its class name spelled as words ("FileNotFoundError" -> "file not found")."""
    text = str(exc).strip().splitlines()
    if text and text[0]:
        return text[0]
    name = type(exc).__name__.removesuffix("Error").removesuffix("Exception")
    words = "".join(f" {c.lower()}" if c.isupper() else c for c in name).strip()
    return words or "failed"
