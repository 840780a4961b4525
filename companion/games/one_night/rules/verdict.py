"""Who dies after the vote and who wins, from the revealed cards and Marks (pure functions).

Seats are 1-based; `cards[i]`, `marks[i]` and `votes[i]` belong to seat i+1. `cards` are each
player's *final* role (a Copycat or Doppelganger enters the role they became).
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.games.one_night.rules.data import TEAMS, OneNightData
from companion.games.one_night.rules.state import tally
from companion.rules.base import Record


class Table(Record):
    """The revealed table: final cards, final Marks and who pointed at whom."""

    data: OneNightData
    cards: tuple[str, ...]
    marks: tuple[str, ...]
    votes: tuple[int, ...]

    @property
    def seats(self) -> range:
        """All seat numbers."""
        return range(1, len(self.cards) + 1)

    def card(self, seat: int) -> str:
        """Final role at `seat`."""
        return self.cards[seat - 1]

    def mark(self, seat: int) -> str:
        """Final Mark at `seat`."""
        return self.marks[seat - 1]

    def is_vampire(self, seat: int) -> bool:
        """A Vampire, the Master, the Count, or whoever holds the Mark of the Vampire."""
        return self.mark(seat) == "vampire" or self.data.roles[self.card(seat)].monster == "vampire"

    def is_wolf(self, seat: int) -> bool:
        """A werewolf card not overridden by the Mark of the Vampire."""
        return self.mark(seat) != "vampire" and self.data.roles[self.card(seat)].monster == "werewolf"

    def team(self, seat: int) -> str:
        """The team the seat plays for at the end of the night."""
        if self.mark(seat) == "vampire":
            return "vampire"
        card = self.card(seat)
        team = self.data.roles[card].team
        if card == "renfield":
            return "vampire" if any(self.is_vampire(s) for s in self.seats) else "villager"
        if team == "assassin" and "assassin" not in self.marks:
            return "villager"
        if team == "apprentice-assassin" and "assassin" not in self.marks and "assassin" not in self.cards:
            return "villager"
        return team

    def epic(self) -> bool:
        """Vampires, werewolves and villagers all in front of players: two groups die."""
        return (
            any(self.is_vampire(s) for s in self.seats)
            and any(self.is_wolf(s) for s in self.seats)
            and any(self.team(s) == "villager" for s in self.seats)
        )


def deaths(table: Table) -> tuple[int, ...]:
    """The seats killed by the vote, then by Hunters and broken hearts, sorted."""
    protected = _protected(table)
    counts = {s: n for s, n in tally(table.votes).items() if s not in protected}
    killed = set(_most_voted(counts, table.epic()))
    grew = True
    while grew:  # a Hunter's shot or a lover's death can chain
        grew = False
        for seat in sorted(killed):
            for extra in _takes_along(table, seat):
                if extra not in killed and table.card(extra) != "prince":
                    killed.add(extra)
                    grew = True
    return tuple(sorted(killed))


def winners(table: Table, killed: Sequence[int]) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """(winning teams in TEAMS order, winning seats) for this table and these deaths."""
    dead = set(killed)
    present = {table.team(s) for s in table.seats}
    teams = tuple(t for t in TEAMS if t in present and _team_wins(table, t, dead))
    diseased = {s for s in table.seats if table.mark(s) == "disease" or table.card(s) == "diseased"}
    seats = []
    for s in table.seats:
        if table.votes[s - 1] in diseased:
            continue  # pointing at the sick costs the win
        if _traitor_applies(table, s):
            if any(o in dead for o in _teammates(table, s)):
                seats.append(s)
        elif table.team(s) in teams:
            seats.append(s)
    return teams, tuple(seats)


def outcome_of(teams: Sequence[str]) -> str:
    """The outcome string: winning teams joined by '+', or 'no-winner'."""
    return "+".join(teams) if teams else "no-winner"


def _protected(table: Table) -> set[int]:
    """Seats the vote cannot kill: the Prince, the Bodyguard's pick, a Master a vampire points at."""
    safe = set()
    for s in table.seats:
        card = table.card(s)
        if card == "prince":
            safe.add(s)
        elif card == "bodyguard":
            safe.add(table.votes[s - 1])
        if card == "master" and any(
            table.votes[v - 1] == s and v != s and table.is_vampire(v) for v in table.seats
        ):
            safe.add(s)
    return safe


def _most_voted(counts: dict[int, int], epic: bool) -> list[int]:
    """Most votes (at least 2) die; in an epic battle the runners-up die too (1 vote is enough)."""
    if not counts:
        return []
    levels = sorted(set(counts.values()), reverse=True)
    first = [s for s, n in counts.items() if n == levels[0]]
    if not epic:
        return first if levels[0] >= 2 else []
    if len(first) > 1 or len(levels) < 2:
        return first
    return first + [s for s, n in counts.items() if n == levels[1]]


def _takes_along(table: Table, seat: int) -> list[int]:
    """Who else dies with `seat`: the Hunter's target, the other lover."""
    out = []
    if table.card(seat) == "hunter":
        out.append(table.votes[seat - 1])
    lovers = [s for s in table.seats if table.mark(s) == "love"]
    if len(lovers) == 2 and seat in lovers:
        out.extend(s for s in lovers if s != seat)
    return out


def _team_wins(table: Table, team: str, dead: set[int]) -> bool:
    """Does `team` meet its goal with these deaths?"""
    vamps = {s for s in table.seats if table.is_vampire(s)}
    wolves = {s for s in table.seats if table.is_wolf(s)}
    tanner_died = any(table.team(s) == "tanner" for s in dead)
    if team == "tanner":
        return tanner_died
    if team == "assassin":
        return any(table.mark(s) == "assassin" for s in dead)
    if team == "apprentice-assassin":
        assassins = {s for s in table.seats if table.card(s) == "assassin"}
        marked = {s for s in table.seats if table.mark(s) == "assassin"}
        return bool((assassins or marked) & dead)
    if table.epic():
        return {
            "vampire": bool(wolves & dead) and not vamps & dead,
            "werewolf": bool(vamps & dead) and not wolves & dead,
            "villager": bool(vamps & dead) and bool(wolves & dead),
        }[team]
    if team == "vampire":
        return bool(vamps) and not vamps & dead and not tanner_died
    if team == "werewolf":
        if wolves:
            return not wolves & dead and not tanner_died
        return any(table.team(s) != "werewolf" for s in dead)
    monsters = vamps | wolves
    return bool(monsters & dead) if monsters else not dead


def _teammates(table: Table, seat: int) -> list[int]:
    """The other seats on `seat`'s team."""
    return [s for s in table.seats if s != seat and table.team(s) == table.team(seat)]


def _traitor_applies(table: Table, seat: int) -> bool:
    """The Mark of the Traitor only matters when its holder is not alone on the team."""
    return table.mark(seat) == "traitor" and bool(_teammates(table, seat))
