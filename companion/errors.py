"""The one error hierarchy of the companion: every error says what went wrong and why.

Each class also inherits the fitting builtin, so callers that only know the builtin still catch it
(the gpiozero `exc.py` pattern).
"""

from __future__ import annotations


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
    """

    def __init__(self, rule: str, message: str):
        self.rule = rule
        self.message = message
        super().__init__(f"{rule}: {message}")


class CommandError(CompanionError, ValueError):
    """A command that is malformed (unknown verb, missing or wrong parameter)."""


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
