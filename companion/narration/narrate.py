"""Turn engine events into short readable log lines (the headless demo, the screen's event log).

Pure: event dicts in (`{"event": kind, ...}`), strings out, in the current language (`companion.i18n`).
Unknown kinds fall back to a generic
line (in words: no Python values), so a new event never breaks the log. A game's plugin names
its own table of lines (`narration`, in its package): a named game's events are told by that table
only; a caller that names no game gets the generic line.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from companion.i18n import _, speaking, speaking_game
from companion.narration.words import phase_text, refusal_text, step_text


def line(event: Mapping[str, Any], game: str | None = None, state: Mapping[str, Any] | None = None) -> str:
    """One readable line for an event dict of `game` (generic for unknown kinds or missing fields);
    with the game's `state` what the engine names by code (a district's grid position) is said in
    that table's words (the game's plugin's `in_words`).

    A named game's events are told by its own table only: two games may share an event kind
    (`game_over`), and a Strigoi victory must never read as the Masters' Blood Moon."""
    if game is not None and game != speaking_game():
        with speaking(game):  # in the game's own words
            return _line(event, game, state)
    return _line(event, game, state)


def _line(event: Mapping[str, Any], game: str | None, state: Mapping[str, Any] | None = None) -> str:
    """`line` in the language already spoken."""
    if state is not None and game is not None:
        from companion.plugins import get

        plugin = get(game)
        event = plugin.in_words(event, state) if plugin is not None else event
    kind = str(event.get("event", "?"))
    fmt = _own_lines(game).get(kind) or SHARED.get(kind)
    if fmt is not None:
        try:
            return fmt(event)
        except (KeyError, TypeError, AttributeError):
            pass  # an event of an older/newer shape: fall back to the generic line
    details = ", ".join(
        f"{plain(k)} {plain(v)}".rstrip() for k, v in event.items() if k != "event" and v is not None
    )
    return f"{plain(kind)}: {details}" if details else plain(kind)


def _renamed(event: Mapping[str, Any]) -> str:
    """`Ben is now called Benedikt.` for each player a `rename` gave a new name."""
    return " ".join(
        _("{old} is now called {new}.").format(old=old, new=new) for old, new in event["names"].items()
    )


# the lines of events every game may have (companion/rules/seats.py), where a game's table has none
SHARED: dict[str, Callable[[Mapping[str, Any]], str]] = {"renamed": _renamed}


def plain(value: Any) -> str:
    """A value for a log line in words (the generic line, a correction's counts), never as Python shows
    it: no `None`, `True`, braces or brackets, and keys with spaces for underscores."""
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if value is None:
        return ""
    if isinstance(value, Mapping):
        return ", ".join(f"{plain(k)} {plain(v)}".rstrip() for k, v in value.items())
    if isinstance(value, (list, tuple, set, frozenset)):
        return ", ".join(plain(v) for v in value)
    return str(value).replace("_", " ") if isinstance(value, str) else str(value)


def lines(events, game: str | None = None, state: Mapping[str, Any] | None = None) -> list[str]:
    """Lines for a sequence of events (Event objects or dicts) of `game`, in the words of the table in
    `state` (the state after them) when it is given."""
    return [line(e.to_dict() if hasattr(e, "to_dict") else e, game, state) for e in events]


def _own_lines(game: str | None) -> Mapping[str, Callable[[Mapping[str, Any]], str]]:
    """The table of lines `game`'s plugin gives (empty: none, or no game given)."""
    from companion.plugins import get

    found = get(game)
    return found.narration() if found is not None else {}


# -- `companion play --narrate`: what each command did, where the game stands, what may follow --------
def command_text(command: Mapping[str, Any]) -> str:
    """A command as the line a learner would type: `draw card=II-01 split={'A1': 1}`."""
    params = " ".join(f"{k}={v}" for k, v in command.items() if k != "cmd")
    return f"{command.get('cmd')} {params}".rstrip()


def where(state: Mapping[str, Any]) -> str:
    """Where a game stands, for any game, in the table's words: `round 2, night / turns, Mila's turn,
    Veil: 5` (how far, from the game's plugin's `stage`; the phase and step ids of the state JSON
    through companion/narration/words.py; whose turn; the plugin's `board_lines`)."""
    from companion.narration.words import said
    from companion.plugins import get

    game = get(state.get("game"))
    parts = []
    stage = game.stage(state) if game is not None else None
    if stage is not None:
        parts.append(said(stage, game.id))
    phase, step = state.get("phase"), state.get("step")
    steps = list(
        dict.fromkeys(
            w
            for w in (
                phase and phase_text(phase, state.get("game")),
                step and step_text(state.get("game"), step),
            )
            if w
        )
    )
    if steps:
        parts.append(" / ".join(steps))
    turn = state.get("current_player")  # (the game API's)
    if turn:
        parts.append(_("{turn}'s turn").format(turn=turn))
    if game is not None:
        parts += [said(line, game.id) for line in game.board_lines(state)]
    return ", ".join(parts)


def legal_moves(actions) -> list[str]:
    """The moves open now: enabled ones with their command (and what they still need), greyed ones with why."""
    out = []
    for a in actions:
        cost = f" [{refusal_text(a.cost)}]" if a.cost else ""
        needs = f" + {', '.join(a.needs)}" if a.needs else ""
        if a.enabled:
            out.append(f"  {refusal_text(a.label)}{cost}: {command_text(a.command)}{needs}")
        else:
            out.append(
                f"  ({refusal_text(a.label)}: {refusal_text(a.why_not) if a.why_not else _('not now')})"
            )
    return out
