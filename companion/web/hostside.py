"""What the host's phone may ask of the table, answered on the loop's thread (companion/web/hub.py).

Every change goes the way a press on the table's screen goes: a teach through the `teach_card`
intent (companion/controllers/teach.py: saved, the running game reloads its data), a setting through
the `settings` intent (companion/controllers/settings.py) and then shown on the table's settings
screen. A refusal comes back in the table's words. The downloads are read here too, from the game in
hand (the journal's export of it) and the taught data, so the web thread never opens the journal.

Each handler returns (HTTP status, body): a dict for JSON, `str` or `bytes` for a download. The
table keeps its own language while it acts (its screen shows a refusal in its words); only the
answer to the phone is worded in the phone's language (`lang`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.i18n import LANGUAGES, N_, _, in_language
from companion.inputs import DISTRICTS
from companion.narration.words import refusal_text
from companion.rules.names import nfc


def handle(app, kind: str, data: Mapping[str, Any], lang: str) -> tuple[int, Any]:
    """Answer one host request of `kind` ("settings", "teach", "cards", "journal", "taught", "story")."""
    handler = HANDLERS.get(kind)
    if handler is None:
        return 404, error(lang, N_("Nothing to do here."))
    return handler(app, data, lang)


def error(lang: str, template: str, **values) -> dict:
    """{"error": text} in the phone's language."""
    with in_language(lang):
        return {"error": _(template).format(**values) if values else _(template)}


def settings(app, data: Mapping[str, Any], lang: str) -> tuple[int, Any]:
    """{"key": brightness|volume|mute|language, "value": ...}: the settings intent, then the table's
    settings screen shows the new value."""
    key, value = data.get("key"), data.get("value")
    if key in ("brightness", "volume"):
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0.0 <= value <= 1.0:
            return 400, error(lang, N_("brightness and volume are between 0 and 100 %"))
        value = round(float(value), 2)
    elif key == "mute":
        if not isinstance(value, bool):
            return 400, error(lang, N_("sound must be on or off"))
    elif key == "language":
        if value not in LANGUAGES:
            return 400, error(lang, N_("unknown language"))
    else:
        return 400, error(lang, N_("unknown setting"))
    intent = {"intent": "settings", "key": key, "value": value, key: value}
    refused = _dispatch(app, intent, lang)
    if refused:
        return 409, refused
    if app.ui is not None:
        app.ui.set_setting(key, value)  # the table's settings screen shows what the phone set
    return 200, {"ok": True}


def teach(app, data: Mapping[str, Any], lang: str) -> tuple[int, Any]:
    """{"card": "I-04", "red": [...], "blue": [...], "name"?}: the teach_card intent, as the table's
    teach screen sends it (its checks refuse a bad grid in the table's words)."""
    card = data.get("card")
    red, blue = data.get("red"), data.get("blue")
    name = data.get("name")
    if not isinstance(card, str) or len(card) > 8:
        return 400, error(lang, N_("pick a card"))
    for cells in (red, blue):
        if not isinstance(cells, list) or len(cells) > 9 or any(c not in DISTRICTS for c in cells):
            return 400, error(lang, N_("a grid is a list of districts A1 to C3"))
    if name is not None and (not isinstance(name, str) or not name.strip()):
        name = None
    refused = _dispatch(
        app,
        {
            "intent": "teach_card",
            "card": card,
            "red": list(red),
            "blue": list(blue),
            **({"name": name.strip()} if name else {}),
        },
        lang,
    )
    if refused:
        return 409, refused
    return 200, {"ok": True}


def cards(app, data: Mapping[str, Any], lang: str) -> tuple[int, Any]:
    """Every card slot with its grid (shipped or taught) of the game whose cards the table teaches, for
    the teach view."""
    from companion.errors import CompanionError
    from companion.i18n import data_name

    teacher = _card_teacher()
    if teacher is None:
        return 404, error(lang, N_("No game here teaches cards."))
    try:
        found = teacher.grids()
    except CompanionError as exc:
        return 409, _refusal(exc, lang)
    with in_language(lang):
        return 200, {
            "cards": [
                {
                    "key": c["key"],
                    "act": c["act"],
                    "name": data_name(c["name"]),
                    "red": c["red"],
                    "blue": c["blue"],
                    "taught": c["taught"],
                }
                for c in found
            ]
        }


def journal(app, data: Mapping[str, Any], lang: str) -> tuple[int, Any]:
    """The game in hand as a scenario file (what `companion journal export ID` writes)."""
    session = app.session
    if session is None:
        return 404, error(lang, N_("No game is running at the table."))
    if session.journal is not None and session.game_id is not None and session.saved:
        try:
            return 200, session.journal.export(session.game_id)
        except Exception:  # noqa: BLE001 - a journal that cannot be read now: the commands in hand say the same
            pass
    import json

    return 200, "".join(json.dumps(c, separators=(", ", ": ")) + "\n" for c in session.commands)


def taught(app, data: Mapping[str, Any], lang: str) -> tuple[int, Any]:
    """Everything taught at this table, as one file another table imports (`companion cards export`)."""
    from companion.errors import CompanionError

    teacher = _card_teacher()
    if teacher is None:
        return 404, error(lang, N_("No game here teaches cards."))
    try:
        return 200, teacher.export_text()
    except CompanionError as exc:
        return 409, _refusal(exc, lang)


def story(app, data: Mapping[str, Any], lang: str) -> tuple[int, Any]:
    """The commands of the game in hand: the web side draws the end-of-game card from them in a
    child process (companion/web/exports.py), so drawing it never costs the loop a frame."""
    if app.session is None:
        return 404, error(lang, N_("No game is running at the table."))
    return 200, [dict(c) for c in app.session.commands]


def _card_teacher():
    """The `cards` module of the game whose cards the table teaches (its plugin's `teaching`), or None."""
    from companion.plugins import card_module

    return card_module()


def _dispatch(app, intent: dict, lang: str) -> dict | None:
    """Send an intent as a screen would; the refusal for the phone, or None when it went through."""
    app.refusal = None
    app.dispatch(intent)
    if app.refusal is None:
        return None
    return _refusal(app.refusal[1], lang, app.session.game.id if app.session is not None else None)


def _refusal(exc: BaseException, lang: str, game: str | None = None) -> dict:
    """{"error": why} in the phone's language."""
    with in_language(lang):
        return {"error": refusal_text(exc, game)}


def rename(app, data: Mapping[str, Any], lang: str) -> tuple[int, Any]:
    """{"names": {"0": "Anna", ...}}: new names by seat (0 first), as the table's Rename players sends
    them: one `rename` command with the players as the table shows them (an unnamed seat's code
    through the loop's `TableNames`, companion/narration/seatnames.py), journaled like a press; refused in
    the table's words."""
    from companion.plugins import info

    asked = data.get("names")
    if app.session is None:
        return 404, error(lang, N_("No game is running at the table."))
    if not info(app.session.game.id).renames():
        return 409, error(lang, N_("This game's players are its characters: they keep their names."))
    view = app.view()
    seats = [
        str(p.get("name"))
        for p in (view.state.get("seats") if view is not None else None) or ()
        if isinstance(p, Mapping)
    ]
    if not isinstance(asked, Mapping) or not asked or len(asked) > len(seats):
        return 400, error(lang, N_("give the new names by seat"))
    names: dict[str, str] = {}
    for seat, new in asked.items():
        at = _seat_number(seat)
        if at is None or not 0 <= at < len(seats) or not isinstance(new, str) or len(new) > 200:
            return 400, error(lang, N_("give the new names by seat"))
        if new.strip() and nfc(" ".join(new.split())) != nfc(seats[at]):  # "Zoë" either way is her name
            names[seats[at]] = new.strip()
    if not names:
        return 200, {"ok": True}  # nothing changed
    refused = _dispatch(app, app.names.engine_side({"cmd": "rename", "names": names}), lang)
    if refused:
        return 409, refused
    return 200, {"ok": True}


def _seat_number(seat: Any) -> int | None:
    """A seat's number as the page sends it ("0", "1", ...), or None: plain ASCII digits only ("²" and
    "١" are digits to `str.isdigit` but no seat)."""
    from companion.inputs import whole_number

    try:
        return whole_number(str(seat))
    except ValueError:
        return None


HANDLERS = {
    "settings": settings,
    "teach": teach,
    "cards": cards,
    "journal": journal,
    "taught": taught,
    "story": story,
    "rename": rename,
}
