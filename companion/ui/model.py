"""View models: what one screen shows, as plain frozen data (no pygame here).

Screens build a `ViewModel` from the game view; the renderer draws it and the tests read it
(`ViewModel.to_dict()`). Frozen tuples make two models comparable, so an unchanged screen is not
re-laid out or re-rendered. The models are `Named` records (companion/records.py: a frozen dataclass costs
the start ~0.3 ms each): they are only ever compared with models of their own kind, a change is `m._replace(...)`.
The loop's `GameView` is one too (its `info` defaults to an empty read-only mapping).
"""

import re
from collections.abc import Mapping
from dataclasses import asdict, is_dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from companion.records import Named

if TYPE_CHECKING:  # only named in annotations: the rules load with the first game, not at start-up
    from companion.rules.base import Action

MORE = "__more__"  # id of the "More" button a screen shows when its buttons do not all fit: it opens a sheet
TROUBLES = "__troubles__"  # id of the banner strip (a tap opens what is wrong) and of the menu's entry for it


class ButtonVM(Named):
    """One on-screen button: `id` is what a press reports back to its screen.

    `enabled` False greys it out with `why_not` shown under the label; `selected` marks a chosen
    toggle (wizard choices); `focused` is where the physical Next/Confirm buttons are. `primary`
    marks the screen's one obvious next step (drawn big and filled); `icon` names a picture of
    companion/ui/assets ("action.draw") drawn beside the words, "" for none. `chips` is what the
    action costs or gives as pictures with numbers at the button's right end: (icon, numeral) pairs,
    ("ap", "2"), ("token.veil", "+1"), `cost_chips`; `cost` is what of it has no picture, in words.
    `art` (illustration, time of day): on a wide screen the button is a tile with that picture (the
    title's games); 800x480 draws it as a plain button.
    """

    id: str
    label: str
    cost: str = ""
    enabled: bool = True
    why_not: str | None = None
    selected: bool = False
    focused: bool = False
    primary: bool = False
    icon: str = ""
    chips: tuple[tuple[str, str], ...] = ()
    art: tuple[str, str] | None = None


class Count(Named):
    """A count drawn as a picture: token icon `icon` (a companion/ui/icons.py name, or a shipped
    asset's "kind.key", "token.room-card") beside the numeral
    `value`. With `icon` "" it is a chip: the player's seat shape (`shape`, companion/palette.py
    SHAPES; a disc without one) in `colour` with `value` (a name's initial) beside it, e.g. a vampire
    standing in a district. An icon with a `shape` is followed by that player's shape instead of a
    numeral (the sigil's owner). `colour` None: the icon's default colour."""

    icon: str
    value: str
    colour: tuple[int, int, int] | None = None
    shape: str = ""


class CellVM(Named):
    """One district of the 3x3 grid: grid position, title, lines, and how it is highlighted.

    `mark` is "" | active (day effect to resolve) | red | blue (event-card cells) | combat |
    vampire (the acting vampire's district) | done; `selected` is the district the table picked.
    `counts` are drawn as token icons with numerals under the lines (the board's main picture);
    `chip` (a player's Count) puts that player's shape, in their colour, before the title (a seat).
    """

    pos: str
    title: str
    lines: tuple[str, ...] = ()
    mark: str = ""
    selected: bool = False
    counts: tuple[Count, ...] = ()
    chip: Count | None = None


class SeatVM(Named):
    """One seat around the table (a vote's picker lays them out as people sit): the district button
    `pos` that answers for it ("" for none: a tenth seat), the player's `name`, whether it is the `chosen`
    answer, whether it is
    the `own` seat of whoever is asked (marked by words and a double frame), and whether it may be
    chosen (`enabled`)."""

    pos: str
    name: str
    chosen: bool = False
    own: bool = False
    enabled: bool = True


class ViewModel(Named):
    """Everything one screen shows. `grid` is empty for screens without the board.

    Pictures: `stats` a row of icon counts over the lines (e.g. the acting vampire's blood, kills and
    AP), `ring` a countdown ring (fraction of the time left, the numeral inside), `dice` die faces
    (value, used), `accent` the colour of whose turn it is (a bar beside the title). With a `card`
    (companion.ui.endcard.Card: a game-over
    screen, the story screen) the screen is the end-of-game card over its buttons: no title bar,
    lines or grid (the card says it all). `more`: the buttons that did not
    fit, one press away behind the "More" button (a sheet lists them all). `table`: the seats in
    seating order, drawn round a table instead of the grid (companion/ui/seats.py). `main`: lines at
    the title's size above the others, for what the screen is there to show (the pairing codes read
    from a chair), wrapped but never shrunk. `backdrop`: (picture, time of day) drawn dimmed behind the
    title bar while a game is played (companion/ui/scenery.py; the game's plugin picks it). `picture`: an
    icon ("role.seer") drawn big under the countdown ring, or in its place: what the screen is about.
    `scene`: (picture, time of day) over the whole screen, the elements over it (the title screen).
    `recent`: the latest lines of the game's log, oldest first, shown beside the board where the
    screen is wider than 5:3 (companion/ui/wide.py; 800x480 has no room for them).
    """

    screen: str
    title: str
    lines: tuple[str, ...] = ()
    buttons: tuple[ButtonVM, ...] = ()
    grid: tuple[CellVM, ...] = ()
    veil: int | None = None
    veil_preview: int | None = None
    banner: tuple[str, ...] = ()
    hint: str = ""
    error: str = ""
    stats: tuple[Count, ...] = ()
    ring: tuple[float, str] | None = None
    dice: tuple[tuple[int, bool], ...] = ()
    accent: tuple[int, int, int] | None = None
    card: Any = None
    more: tuple[ButtonVM, ...] = ()
    table: tuple[SeatVM, ...] = ()
    main: tuple[str, ...] = ()
    backdrop: tuple[str, str] | None = None
    picture: str = ""
    scene: tuple[str, str] | None = None
    recent: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """Plain data for tests and logs, plus `highlighted` (districts with a mark or selected)."""
        out = _plain(self)
        out["highlighted"] = [c.pos for c in self.grid if c.mark or c.selected]
        out["focused"] = next((b.id for b in self.buttons if b.focused), None)
        return out


class GameView(Named):
    """What the loop hands the UI each frame: the game's state JSON and its `actions()`.

    `info` carries loop facts that are not game state, e.g. `{"last": "recruit"}` for the undo
    prompt or `{"game_id": 12}` of the journal.
    """

    game: str
    state: Mapping[str, Any]
    actions: tuple[Any, ...] = ()  # the rules' Actions (unnamed here: a quoted name is a ForwardRef)
    info: Mapping[str, Any] = MappingProxyType({})


def player_chip(state: Mapping[str, Any], name: str, dim: bool = False, icon: str = "") -> Count:
    """The chip of the player called `name` in a state JSON: their seat's colour and shape (the game
    API's "seats"), their initial; `dim` for one out of play; with `icon`, that token marked as theirs
    (its colour and their shape, no initial)."""
    from companion import palette

    seat = next(
        (p for p in state.get("seats") or () if isinstance(p, Mapping) and p.get("name") == name), None
    )
    names = [p.get("name") for p in state.get("seats") or () if isinstance(p, Mapping)] or [name]
    colour = palette.COLOURS.get(seat.get("colour")) if seat else None
    colour = colour or palette.colour_of(name, names)
    shape = (
        seat.get("shape")
        if seat and seat.get("shape") in palette.SHAPES
        else palette.shape_of(names.index(name) if name in names else 0)
    )
    if dim:
        colour = tuple(c // 3 for c in colour)
    return Count(icon, "" if icon else name[:1], colour, shape)


def with_focus(buttons: tuple[ButtonVM, ...], index: int) -> tuple[ButtonVM, ...]:
    """`buttons` (not empty) with button `index` (wrapped) focused and the others not."""
    i = index % len(buttons)
    # Only the buttons whose flag changes are copied: every frame, usually just the focused one.
    return tuple(b if b.focused == (k == i) else b._replace(focused=(k == i)) for k, b in enumerate(buttons))


def action_button(i: int, action: "Action", prefix: str = "act") -> ButtonVM:
    """The button of the `i`-th action: its label, cost, and why it is greyed out."""
    from companion.i18n import _  # the engine's texts, shown in the table's language
    from companion.narration.words import refusal_text

    verb = action.command.get("cmd", "") if isinstance(action.command, dict) else ""
    label, cost = refusal_text(action.label), refusal_text(action.cost) if action.cost else action.cost
    chips, named = cost_chips(str(action.cost)) if action.cost else ((), False)
    if chips:  # the pictures say the cost; a name in brackets after it ("(Unmask)") joins the label
        name = re.search(r"\(([^()]*)\)\s*$", cost) if named else None
        label, cost = (f"{label}: {name.group(1)}" if name else label), ""
    return ButtonVM(
        id=f"{prefix}:{i}",
        label=label,
        cost=cost,
        enabled=action.enabled,
        why_not=None
        if action.enabled
        else (refusal_text(action.why_not) if action.why_not else _("not now")),
        icon=f"action.{verb}" if verb else "",
        chips=chips,
    )


# A cost's parts as the engines word them in English ("2 AP, veil +1", "0 AP, 1 blood (Unmask)",
# "1 AP, +1 blood", "1 AP, 1 minion"): a number and a token, either way round, the token one with a
# picture on the screens (COST_ICONS); a part may end in a name in brackets.
COST_ICONS = {"AP": "ap", "veil": "token.veil", "blood": "blood", "minion": "minion", "minions": "minion"}
_COST_PART = r"(?:([+-]?\d+) (\w+)|(\w+) ([+-]\d+))(?: \(([^()]*)\))?"


def cost_chips(english: str) -> tuple[tuple[tuple[str, str], ...], bool]:
    """The pictures of cost `english` (an engine's English cost text): ((icon, numeral), ...) and
    whether a name in brackets follows; ((), False) when any part has no picture (then the cost
    stays words)."""
    chips, named = [], False
    for part in english.split(", "):
        m = re.fullmatch(_COST_PART, part.strip())
        token = m and (m.group(2) or m.group(3))
        if not m or token not in COST_ICONS:
            return (), False
        chips.append((COST_ICONS[token], m.group(1) or m.group(4)))
        named = named or bool(m.group(5))
    if len(chips) > 1:  # "0 AP, veil -1": the veil is the cost; a 0 beside it is noise
        chips = [c for c in chips if c[1] not in ("0", "+0", "-0")] or chips
    return tuple(chips), named


def _plain(value: Any) -> Any:
    """Models and dataclasses (the end card's chart) to dicts, tuples to lists, recursively (JSON-shaped
    data for tests and logs)."""
    if hasattr(value, "_asdict"):
        return _plain(value._asdict())
    if is_dataclass(value) and not isinstance(value, type):
        return _plain(asdict(value))
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value
