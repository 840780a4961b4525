"""The game API: the records every game speaks in (events, players, actions and their parameters),
the `Game` protocol and `seated`, the one rule of a player's colour and shape.

It is what shared code (the journal's line, the screens, the lights, the bots) may ask of any
game's state, so it never reads a game's own fields to guess (OpenSpiel's State API, kept pure):

    players(state)         the players in seating order: `Player(name, colour, seat, out, shape)`; a
                           player the setup gave no name is "P<seat number>" (a code the table
                           shows as the game's default name for the seat)
    current_player(state)  the Player whose turn it is, or None (everyone at once, nobody, game over)
    phase(state)           the phase id ("day", "night", "dusk", "over"...): words.PHASES says it
    step(state)            the step id ("turn", "give-stake"...): words.STEPS says it
    legal_actions(state)   `Action`s: the command, its label, enabled or why not, and every parameter
                           the table still chooses as a `Param` with its kind and the values allowed now
                           (`actions(state)` is the same list)
    is_over(state)         whether the game has ended; `outcome(state)` says how (None while it runs)
    view(state)            the documented state JSON (`to_json`): the ONE view the screens, the lights
                           and the journal's position read. Every game's view has "game", "phase",
                           "step", "outcome", "seats" (`players()` as JSON objects) and
                           "current_player" (a name or null), and once it is over may name its
                           "winners" (a list of names: the default `GamePlugin.result` reads it); the
                           lights' picture of the 3x3 board is
                           under "board" (districts A1..C3 with `represents`, `mood`, `intensity`,
                           the bar, the phase) in the games whose scene draws a board, and Masters'
                           scene reads its documented districts, vampires and veil.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from dataclasses import asdict, fields
from typing import Any, Protocol, runtime_checkable

from companion import palette
from companion.rules.commands import Record


class Event(Record):
    """Something that happened, in the past tense: a `Record` whose fields say what happened; `kind`
    names it."""

    @property
    def kind(self) -> str:
        """Snake-case name of the event, e.g. `agents_placed`."""
        name = type(self).__name__
        return "".join("_" + c.lower() if c.isupper() else c for c in name).lstrip("_")

    def to_dict(self) -> dict[str, Any]:
        """`{"event": kind, **fields}` with JSON-friendly values."""
        out: dict[str, Any] = {"event": self.kind}
        for f in fields(self):
            out[f.name] = _jsonable(getattr(self, f.name))
        return out


class GameSetUp(Event):
    """A game began. Each game subclasses it (keeping the name) with what its setup decided."""


class GameOver(Event):
    """The game ended, and how (the value `Game.outcome` gives from now on)."""

    outcome: str


class Player(Record):
    """One player at the table, as every game's `players(state)` gives them in seating order.

    `name` is the setup's name for the seat (a seat the setup named no one on keeps its code "P1",
    "P2"..., which the table shows as the game's default name for that seat); `colour` a colour name
    of `companion.palette` (the screens and the lights show the player in it); `seat` the index in
    seating order (0 first); `out` True once the game has put the player out of play (Masters:
    drained, One Night: killed at the vote); `shape` the seat's shape (`palette.SHAPES`), drawn with
    the colour so that colour is never the only mark.
    """

    name: str
    colour: str
    seat: int
    out: bool = False
    shape: str = "circle"

    def to_dict(self) -> dict[str, Any]:
        """The player as the state JSON's "seats" lists them."""
        return {
            "name": self.name,
            "colour": self.colour,
            "seat": self.seat,
            "out": self.out,
            "shape": self.shape,
        }


class Param(Record):
    """One parameter of an action the table still chooses, with the values allowed in this state.

    `name` is the command's key; `kind` says what the values are, so a picker knows how to ask:
    "district" (A1..C3: the district buttons answer), "player" (one of `players()`; the value is what
    the command takes, a name or One Night's seat number), "die" (a die of the reserve), "card", "room",
    "number" (`low`..`high`; no `high`: no limit), "flag" (true or false) or "choice" (any other list).
    `choices` are the allowed values, `labels` how to show them (English engine text, same order;
    none: the values themselves). `optional` ones may be left out and the engine decides (the seeded
    RNG, or a default).

    A list value has `many` = (fewest, most) items from `choices` (each once unless `repeat`; most None:
    no limit). An object value (a vote per seat, a card per Powerwolf) lists one Param per key in
    `parts` (each part's `name` is its key; `kind`, `choices` and `labels` then name the keys, e.g. seat
    "3" is "Ann"); `total` is the sum its numbers must make, and `counts` caps how often a value may
    appear among its parts, as (value, most) pairs, e.g. the Marks a box holds.
    """

    name: str
    kind: str
    choices: tuple[Any, ...] = ()
    labels: tuple[str, ...] = ()
    low: int | None = None
    high: int | None = None
    optional: bool = False
    many: tuple[int, int | None] | None = None
    repeat: bool = False
    parts: tuple[Param, ...] = ()
    total: int | None = None
    counts: tuple[tuple[Any, int], ...] = ()

    def label(self, value: Any) -> str:
        """How to show `value`: its label, else the value as text."""
        if value in self.choices and self.labels:
            return self.labels[self.choices.index(value)]
        return str(value)


class Action(Record):
    """One thing the table may do now: the command it sends, how to show it, and why it is greyed out.

    `command` is the JSON command; `params` lists what the table may still choose before it is sent
    (`needs` names the ones it must choose: without the optional ones the engine takes its default,
    so an action that needs nothing is sent as it is); `enabled` is False with `why_not` saying the
    rule, e.g. "kill count 4 needed".
    """

    command: Mapping[str, Any]
    label: str
    cost: str = ""
    enabled: bool = True
    why_not: str | None = None
    params: tuple[Param, ...] = ()

    @property
    def needs(self) -> tuple[str, ...]:
        """The names of the parameters the table must still choose, in the order a picker asks them."""
        return tuple(p.name for p in self.params if not p.optional)


@runtime_checkable
class Game(Protocol):
    """What the journal, the CLI, the UI and the lighting rely on. Implemented once per game."""

    id: str  # its title, the one the table shows, is its plugin's (companion.games.GamePlugin)
    data: Any  # the fixed rules data the game was built over (shipped + taught, or a test's own)

    @property
    def player_range(self) -> tuple[int, int]:
        """The fewest and most players (Masters: vampires) a game may be set up for, from the data."""

    def view(self, state: Any) -> dict[str, Any]:
        """The documented state JSON: what the screens, the lights and the journal's position read."""

    def players(self, state: Any) -> tuple[Player, ...]:
        """The players in seating order."""

    def current_player(self, state: Any) -> Player | None:
        """The player whose turn it is; None when everyone acts at once, nobody does, or it is over."""

    def phase(self, state: Any) -> str:
        """The phase id (the state JSON's "phase")."""

    def step(self, state: Any) -> str:
        """The step id (the state JSON's "step")."""

    def legal_actions(self, state: Any) -> list[Action]:
        """What may be done now, each parameter still to choose with its allowed values."""

    def is_over(self, state: Any) -> bool:
        """Whether the game has ended."""

    def setup(self, command: Mapping[str, Any]) -> tuple[Any, list[Event]]:
        """Initial state from a `{"cmd": "setup", ...}` command; CommandError/RuleViolation if bad."""

    def apply(self, state: Any, command: Mapping[str, Any]) -> tuple[Any, list[Event]]:
        """New state and events, or raise RuleViolation/CommandError and change nothing."""

    def canonical(self, state: Any | None, command: Mapping[str, Any]) -> dict[str, Any]:
        """The command with every data-derived or defaulted value made explicit (what the journal
        stores), so a replay gives the same game even after the user teaches new card data."""

    def actions(self, state: Any) -> list[Action]:
        """`legal_actions`: what may be done now (enabled or not, with the reason)."""

    def to_json(self, state: Any) -> dict[str, Any]:
        """The state as the documented JSON object (keys may be added, never renamed)."""

    def from_json(self, data: Mapping[str, Any]) -> Any:
        """Inverse of `to_json`: `from_json(to_json(s)) == s`."""

    def outcome(self, state: Any) -> str | None:
        """None while the game runs; otherwise how it ended (e.g. "victory", "defeat-veil")."""


def seated(names: Iterable[str], out: Iterable[str] = (), own_colours: bool = False) -> tuple[Player, ...]:
    """The players of `names` in seating order, those in `out` out of play: the one rule of every
    game's look, seat i takes colour i and shape i (`palette.PLAYER_COLOURS`, `palette.SHAPES`),
    whatever the players are called, so a rename changes no colour. `own_colours`: characters that
    have a colour of their own keep it (Masters' vampires, `palette.VAMPIRE_COLOURS`) and the others
    take the colours left, in seat order; the shape is the seat's all the same."""
    return _seated(tuple(names), frozenset(out), own_colours)


@functools.lru_cache(maxsize=64)
def _seated(names: tuple[str, ...], gone: frozenset[str], own_colours: bool) -> tuple[Player, ...]:
    """`seated`, made once per table (the journal's position asks with every command; Players are
    immutable, so every state of a game shares them)."""
    if own_colours:
        colours = palette.player_colours(names)
        rgb = [colours[n] for n in names]
    else:
        rgb = [palette.PLAYER_COLOURS[i % len(palette.PLAYER_COLOURS)] for i in range(len(names))]
    return tuple(
        Player(n, palette.COLOUR_NAMES[c], i, n in gone, palette.shape_of(i))
        for i, (n, c) in enumerate(zip(names, rgb))
    )


def _jsonable(value: Any) -> Any:
    """Convert dataclasses, tuples and mappings to plain JSON values."""
    if hasattr(value, "__dataclass_fields__"):
        return {k: _jsonable(v) for k, v in asdict(value).items()}
    if isinstance(value, Mapping):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, frozenset, set)):
        return [_jsonable(v) for v in value]
    return value
