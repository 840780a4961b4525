"""The phone view: one small JSON object per language, built on the table's side from the game API.

The table's loop (through `companion/web/hub.py`) builds it after a frame that changed the game;
the web side only sends the text on. It holds what a phone shows (companion/web/static/phone.js
draws it, one template for every game): the game's title, phase and step in words, the players with
their colours and whose turn it is, the 3x3 board (the lights' picture under `board` for four of the
games, the districts for Masters), the last event card with its grid, the log in sentences and One
Night's countdown. Everything is read from the state JSON's documented keys (`seats`,
`current_player`, `phase`, `step`, `outcome`, the lights' `board` picture) or asked of the game's
plugin (`result`: the ending naming the winners, `board_lines`: what its board says in lines,
`phone_cells`: a board of its own), never from a game's other fields, so a sixth game shows without
a change here. A later stage gives each
game its own look: it adds keys under `extra`, drawn by the game's own part of the template.
The numbers a game's plugin gives as counts (`phone_counts`, a cell's `counts`) come with the name of
the table's token picture for each (served by companion/web/tokens.py) and its words for screen readers.

Words come from the table's catalogs (companion/narration/words.py, companion/narration/narrate.py) in the
language the caller has set (`i18n.set_language`): the hub builds one view per language a phone asked for.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from companion import palette
from companion.i18n import N_, _, data_name, speaking
from companion.inputs import DISTRICTS

LOG_LINES = 40  # the newest log lines a phone gets
# What a district's mood looks like on the phone (the LEDs' look in one colour each).
MOOD_COLOURS = {
    "off": "#1c1c22",
    "night": "#2b3a8c",
    "day": "#c9a227",
    "dawn": "#d9822b",
    "danger": "#b3202c",
    "occupied": "#5b6b7a",
    "attract": "#6a3d9a",
}
# ... and the mood a colour stands for, so the phone marks it by pattern and word too (never colour alone)
MOODS = {code: mood for mood, code in MOOD_COLOURS.items()}
COLOUR_CODES = {name: "#{:02x}{:02x}{:02x}".format(*rgb) for rgb, name in palette.COLOUR_NAMES.items()}
# the page's own words, in the phone's language (the template fills them in)
LABELS = {
    "turn": N_("Whose turn"),
    "nobody": N_("Everyone"),
    "board": N_("Board"),
    "card": N_("Last event card"),
    "log": N_("Log"),
    "players": N_("Players"),
    "me": N_("Tap your name to highlight your seat."),
    "time": N_("Time left"),
    "paused": N_("paused"),
    "veil": N_("Veil"),
    "over": N_("Game over"),
    "nogame": N_("No game is running at the table."),
    "offline": N_("Lost the table: trying again..."),
    "host": N_("Host"),
    "teach": N_("Teach a card"),
    "settings": N_("Settings"),
    "downloads": N_("Downloads"),
    "act": N_("Act"),
    "number": N_("Card"),  # (the select's id stays: the cards of the act, by name, and a new one)
    "newcard": N_("A new card"),
    "save": N_("Save card"),
    "tapgrid": N_("Tap a cell: red, again blue-gray, again empty."),
    "brightness": N_("Brightness"),
    "volume": N_("Volume"),
    "mute": N_("Sound off"),
    "language": N_("Table language"),
    "story": N_("End-of-game card (PNG)"),
    "journal": N_("This game's journal (JSONL)"),
    "taught": N_("Your box's taught data (TOML)"),
    "done": N_("Done."),
    "red": N_("red"),
    "blue": N_("blue-gray"),
    "name": N_("Card name (optional)"),
    "out": N_("out"),
    "rename": N_("Rename players"),
    "names": N_("Save the names"),
    # a district's mood in a word (beside its colour and pattern)
    "mood-night": N_("night"),
    "mood-day": N_("day"),
    "mood-dawn": N_("dawn"),
    "mood-danger": N_("danger"),
    "mood-occupied": N_("occupied"),
}


def build(
    game_id: str | None,
    state: Mapping[str, Any] | None,
    events: Iterable[Mapping[str, Any]] = (),
    log: Iterable[str] = (),
    timer: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """The phone view of one moment, in the current language and the game's own words (`_build`)."""
    with speaking(game_id):
        return _build(game_id, state, events, log, timer)


def _build(
    game_id: str | None,
    state: Mapping[str, Any] | None,
    events: Iterable[Mapping[str, Any]] = (),
    log: Iterable[str] = (),
    timer: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """The phone view of one moment, in the current language.

    game_id/state: the game in hand and its state JSON (None: no game); events: the newest engine
    events (dicts, oldest first; the last one with a `grid` is the event card shown); log: the log
    lines (oldest first); timer: the step timer's `{"left", "total"}` or None."""
    view: dict[str, Any] = {"labels": {k: _(v) for k, v in LABELS.items()}, "game": game_id}
    if state is None or game_id is None:
        return view
    from companion.narration.words import phase_text, said, step_text
    from companion.plugins import get  # the catalog is loaded once a game runs

    game = get(game_id)
    done = game.result(state) if game is not None else None
    seats = [s for s in state.get("seats") or () if isinstance(s, Mapping)]
    turn = state.get("current_player")
    counts = game.phone_counts(state) if game is not None else {}  # pictures with numbers, as the table
    mine = counts.get("players") or {}
    view.update(
        title=_(game.title) if game is not None else game_id,
        phase=phase_text(state.get("phase")) if state.get("phase") else "",
        step=step_text(game_id, state.get("step")) if state.get("step") else "",
        outcome=said(done.sentence, game_id) if done is not None else None,
        winners=list(done.winners) if done is not None else [],
        turn=turn if isinstance(turn, str) else None,
        players=[dict(_player(s, turn), counts=list(mine.get(str(s.get("name")), ()))) for s in seats],
        board=board(state, seats),
        lines=[said(line, game_id) for line in game.board_lines(state)] if game is not None else [],
        counts=list(counts.get("game") or ()),
        card=last_card(events),
        log=list(log)[-LOG_LINES:],
        timer=_timer(timer, state),
        renames=game is not None
        and game.renames(),  # the host may rename the players (the games named by their table)
    )
    return view


def shape_points(shape: Any) -> str:
    """A seat's shape (companion/palette.py) as an SVG polygon's points in a 20 x 20 box: the phone
    draws it in the player's colour, so colour is never the only mark there either."""
    return " ".join(
        f"{10 + x * 9:.1f},{10 + y * 9:.1f}" for x, y in palette.shape_points(str(shape or "circle"))
    )


def marks(seats: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Players as a cell's marks: {name, colour code, shape points} each (the game API's seats)."""
    return [
        {
            "name": str(s.get("name", "")),
            "colour": COLOUR_CODES.get(str(s.get("colour")), "#ffffff"),
            "shape": shape_points(s.get("shape")),
        }
        for s in seats
    ]


def board(state: Mapping[str, Any], seats: list) -> list[dict[str, Any]]:
    """The 3x3 board, A1 first: each cell {pos, label, lines, colour, mood (what the colour stands for:
    "night", "danger" ...; "" for none), level, marks (the players there: name, colour, shape)}."""
    from companion.plugins import get

    game = get(state.get("game"))
    own = game.phone_cells(state) if game is not None else None
    out = own if own is not None else cells(state, seats)
    for (
        cell
    ) in out:  # the mood its colour shows, for the pattern and the word (a game's own cells give the colour)
        cell.setdefault("mood", MOODS.get(str(cell.get("colour")), ""))
    return out


def cells(state: Mapping[str, Any], seats: list) -> list[dict[str, Any]]:
    """The generic 3x3 board from the lights' picture under `board` (a game's `phone_cells` may
    start from it and add its own lines)."""
    picture = state.get("board")
    cells = picture.get("districts") if isinstance(picture, Mapping) else None
    if not isinstance(cells, Mapping):
        return []
    names = [str(s.get("name", "")) for s in seats]
    by_name = {str(s.get("name")): s for s in seats}
    return [_cell(pos, cells.get(pos) or {}, names, by_name) for pos in DISTRICTS]


def _cell(pos: str, cell: Mapping[str, Any], names: list[str], colours: Mapping[str, Any]) -> dict[str, Any]:
    """One cell of a game's light picture: what it stands for, its mood's colour, its players
    (`colours`: name -> seat)."""
    represents = str(cell.get("represents") or "")
    label = str(cell.get("name") or "")
    who: list[str] = []
    if represents.startswith("seat "):  # "seat 3": the third seat's player
        number = represents[5:]
        if number.isdigit() and 0 < int(number) <= len(names):
            label = label or names[int(number) - 1]
    if label in colours:
        who.append(label)
    for key in ("occupants", "players"):
        if isinstance(cell.get(key), list):
            who.extend(str(p) for p in cell[key] if str(p) in colours)
    lines: list[str] = []
    level = cell.get("intensity")
    return {
        "pos": pos,
        "label": data_name(_(label)) if label and label not in colours else label,
        "lines": lines,
        "colour": MOOD_COLOURS.get(str(cell.get("mood")), MOOD_COLOURS["off"]),
        "level": round(float(level), 2) if isinstance(level, (int, float)) else 0.0,
        "marks": marks(colours[n] for n in dict.fromkeys(who)),
    }


def last_card(events: Iterable[Mapping[str, Any]]) -> dict[str, Any] | None:
    """The newest event card with a grid (Masters' `card_drawn`): {key, name, grid: pos -> red|blue}."""
    found = None
    for ev in events:
        if isinstance(ev, Mapping) and ev.get("grid"):
            found = ev
    if found is None:
        return None
    grid = found["grid"]
    items = grid.items() if isinstance(grid, Mapping) else grid
    key, name = str(found.get("card") or ""), str(found.get("name") or "")
    return {
        "key": key,
        # by its name; a card the table knows by its grid alone (taught without a name, kept as "Card
        # I-01") is the new card, never its code
        "name": data_name(name) if name and name != f"Card {key}" else _("New card"),
        "grid": {str(pos): str(colour) for pos, colour in items},
    }


def _player(seat: Mapping[str, Any], turn) -> dict[str, Any]:
    """A seat for the phone: name, colour code, shape (SVG points), seat index, out, whether it is
    their turn."""
    name = str(seat.get("name", ""))
    return {
        "name": name,
        "colour": COLOUR_CODES.get(str(seat.get("colour")), "#ffffff"),
        "shape": shape_points(seat.get("shape")),
        "seat": seat.get("seat"),
        "out": bool(seat.get("out")),
        "turn": name == turn,
    }


def _timer(timer: Mapping[str, Any] | None, state: Mapping[str, Any]) -> dict[str, Any] | None:
    """The step timer: seconds left (whole), the step's total, and whether the table paused it."""
    if not timer:
        return None
    picture = state.get("board") if isinstance(state.get("board"), Mapping) else {}
    paused = bool(picture.get("paused"))  # the lights' picture says when the table paused the clock
    return {
        "left": round(float(timer.get("left", 0.0))),
        "total": round(float(timer.get("total", 0.0))),
        "paused": paused,
    }
