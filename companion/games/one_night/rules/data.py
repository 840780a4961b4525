"""The One Night data file (`companion/games/one_night/data/roles.toml`) as frozen values.

`companion.gamedata.loader` reads the file and `companion.games.one_night.fields.parse` checks it
and builds these; every bad value raises `DataFileError(path, line, field, message)`.
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.rules.base import Record

PHASES = ("dusk", "night")
TEAMS = ("villager", "vampire", "werewolf", "tanner", "assassin", "apprentice-assassin")
MONSTERS = ("vampire", "werewolf")


class Role(Record):
    """One role card: its id, shown name, base team, how many copies a table may use."""

    id: str
    name: str
    team: str
    copies: int = 1
    box: str = "vampire"
    monster: str | None = None


class StepSpec(Record):
    """One line of the wake order as shipped: read when any `when` role (and all `needs`) is in."""

    id: str
    phase: str
    when: tuple[str, ...]
    needs: tuple[str, ...]
    keep_open: tuple[str, ...]
    marks: bool
    prompt: str
    close: str
    seconds: int | None


class Rules(Record):
    """Player counts, default timers and the house choices of this table."""

    min_players: int
    max_players: int
    center_cards: int
    step_seconds: int
    discussion_seconds: int
    vote_seconds: int
    self_vote: bool


class OneNightData(Record):
    """Everything the engine knows about roles, Marks and the narration order."""

    rules: Rules
    roles: Mapping[str, Role]
    marks: Mapping[str, int]
    steps: tuple[StepSpec, ...]
