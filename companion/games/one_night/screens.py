"""One Night Ultimate Vampire: the role picker at setup, the narrator, the vote and reveal entry.

The narrator shows the step's prompt large, who wakes, and a countdown bar for the step's seconds.
The loop sends `next` when a step's time runs out and passes `info["timer"] = {"left", "total"}`;
without it the screen counts the frames' time itself (display only). Seats 1..9 are the districts
A1..C3 row by row (the game's README.md), so a district button names a seat in the vote and reveal.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.games.one_night.narration import role_name, step_words
from companion.i18n import N_, _, data_name, ngettext
from companion.inputs import DISTRICTS, Press
from companion.narration.narrator import StepTimer
from companion.narration.words import outcome_words, step_text
from companion.rules.base import Action
from companion.ui.model import ButtonVM, CellVM, ViewModel, player_chip
from companion.ui.screens.base import Screen, UIContext
from companion.ui.screens.others.asked import Param, choice
from companion.ui.screens.others.common import OthersOverScreen, OthersScreen, wrap

FIRST = ("vote", "reveal", "next", "resume")  # the button the table wants most, first (and focused)
ROLES_PER_PAGE = 9  # one page of the role picker = the nine district buttons
MARKS = ("clarity", "vampire", "fear", "bat", "disease", "love", "traitor", "assassin")
MARK_NAMES = {
    "clarity": N_("Clarity"),
    "vampire": N_("Vampire"),
    "fear": N_("Fear"),
    "bat": N_("Bat"),
    "disease": N_("Disease"),
    "love": N_("Love"),
    "traitor": N_("Traitor"),
    "assassin": N_("Assassin"),
}
PHASES = {
    "dusk": N_("Dusk"),
    "night": N_("Night"),
    "dawn": N_("Dawn"),
    "day": N_("Day"),
    "setup": N_("Setup"),
    "vote": N_("Vote"),
}


class NarratorScreen(OthersScreen):
    """Dusk, night and day: prompt, who wakes, time left; Next, Pause, votes and cards."""

    name = "one-night"
    game_id = "one-night"
    adjust_is_action = True
    short_labels = {"reveal": N_("Enter the cards"), "adjust": N_("Go to a step")}

    def __init__(self, ctx: UIContext) -> None:
        """No time counted yet in the current step."""
        super().__init__(ctx)
        self._count = StepTimer()  # the loop's own step timer, silent: used when the loop sends no time

    def update(self, view, dt: float) -> None:
        """Count the step's time while it runs (restarts when the step changes; stops when paused)."""
        self._count.update(view.state if view else None, dt)

    def timer(self) -> tuple[float, float] | None:
        """(seconds left, total) of the running step, from the loop's info or counted here."""
        info = self.ctx.view.info if self.ctx.view else {}
        t = info.get("timer") if isinstance(info, Mapping) else None
        if isinstance(t, Mapping) and t.get("total"):
            return max(0.0, float(t.get("left", 0))), float(t["total"])
        counted = self._count.info()
        return (counted["left"], counted["total"]) if counted else None

    def summary(self, s: dict[str, Any]):
        """Who wakes as the title; the prompt; the countdown; the votes by day."""
        cur = s.get("current") or {}
        raw = str(cur.get("phase") or s.get("phase", ""))
        phase = _(PHASES[raw]) if raw in PHASES else raw.capitalize()
        woken = cur.get("wakes") or []
        wakes = ", ".join(role_name(w) for w in woken) or "-"
        title = (_("{phase}: {roles}") if woken == ["everyone"] else _("{phase}: {roles} wake")).format(
            phase=phase, roles=wakes
        )
        lines = [
            step_words(cur.get("id"), cur.get("prompt", ""))
        ]  # the data's prompt_de, the day's from the catalog
        if self.timer_line(s):
            lines.append(self.timer_line(s))
        grid = seat_cells(s) if s.get("phase") == "day" else ()
        return title, lines, grid

    def pictures(self, s: dict[str, Any]) -> dict[str, Any]:
        """The step's countdown as a ring: the time left as an arc, the seconds inside; the picture of
        the role that wakes (its card's icon) big under it."""
        woken = (s.get("current") or {}).get("wakes") or []
        out: dict[str, Any] = (
            {"picture": role_icon(woken[0])} if len(woken) == 1 and role_icon(woken[0]) else {}
        )
        t = None if s.get("paused") else self.timer()
        if t is None:
            return out
        from companion.ui.motion import ring_fraction  # in whole degrees: the ring empties smoothly

        left, total = t
        return {**out, "ring": (ring_fraction(left, total), str(int(left + 0.999)))}

    def timer_line(self, s: dict[str, Any]) -> str:
        """What the step waits for when no countdown runs ("" while the ring counts down)."""
        if s.get("paused"):
            return _("Paused: press Resume to go on")
        if self.timer() is None:
            waits = (s.get("current") or {}).get("waits")
            return {"vote": _("Waiting for the votes"), "reveal": _("Waiting for the cards")}.get(
                waits, _("Waiting for the table")
            )
        return ""

    def ordered(self) -> list[tuple[int, Action]]:
        """Vote/reveal/next/resume first, then the other enabled ones, then the greyed ones."""
        pairs = super().ordered()
        rank = {v: i for i, v in enumerate(FIRST)}
        return sorted(pairs, key=lambda p: (not p[1].enabled, rank.get(p[1].command.get("cmd"), len(FIRST))))

    def params(self, action: Action) -> list[Param]:
        """Votes: a seat per seat; reveal: a card per seat then a Mark per seat; adjust: the step."""
        s = self.state()
        seats = list(range(1, int(s.get("players", 0)) + 1))
        verb = action.command.get("cmd")
        if verb == "vote":
            return [self._vote_param(s, n, seats) for n in seats]
        if verb == "reveal":
            roles = sorted(set(s.get("roles") or []), key=(s.get("roles") or []).index)
            cards = [
                choice(
                    ("cards", str(n)),
                    _("Card of {seat}").format(seat=seat_label(s, n)),
                    roles,
                    [role_name(r) for r in roles],
                )
                for n in seats
            ]
            marks = (
                [
                    choice(
                        ("marks", str(n)),
                        _("Mark of {seat}").format(seat=seat_label(s, n)),
                        MARKS,
                        [_(MARK_NAMES[m]) for m in MARKS],
                        default="clarity",
                    )
                    for n in seats
                ]
                if s.get("marks")
                else []
            )
            return cards + marks
        if verb == "adjust":
            steps = [st.get("id") for st in s.get("script") or []]
            return [choice(("step",), _("Go to which step?"), steps, [step_name(st) for st in steps])]
        return super().params(action)

    @staticmethod
    def _vote_param(s: dict[str, Any], seat: int, seats: list[int]) -> Param:
        """Whom `seat` points at: any other seat (itself too if the table allows it)."""
        targets = [n for n in seats if n != seat or s.get("self_vote")]
        on_board = {pos: n for pos, n in zip(DISTRICTS, seats) if n in targets}
        others = tuple((pos, seat_label(s, n)) for pos, n in zip(DISTRICTS, seats) if n not in targets)
        # as the players sit; a tenth seat has no district button (it is picked with its button)
        around = tuple((DISTRICTS[n - 1] if n <= len(DISTRICTS) else "", seat_label(s, n), n) for n in seats)
        return choice(
            ("votes", str(seat)),
            _("{seat} points at").format(seat=seat_label(s, seat)),
            targets,
            [seat_label(s, n) for n in targets],
            seats=on_board,
            board=others,
            around=around,
            own=seat,
        )


class OneNightOverScreen(OthersOverScreen):
    """Who died, who won, every seat's final card."""

    name = "one-night-over"
    over_grid = True
    game_id = "one-night"

    def summary(self, s: dict[str, Any]):
        """Winners as the title; the dead, the teams and the cards."""
        r = s.get("result") or {}
        killed = ", ".join(seat_label(s, k) for k in r.get("killed", [])) or _("nobody")
        winners = ", ".join(seat_label(s, k) for k in r.get("winners", [])) or _("nobody")
        cards = ", ".join(f"{k}: {role_name(v)}" for k, v in (r.get("cards") or {}).items())
        teams = ", ".join(outcome_words(t) for t in r.get("teams", [])) or _("none")
        lines = [
            _("Died: {seats}").format(seats=killed),
            _("Winners: {seats}").format(seats=winners),
            _("Teams: {teams}").format(teams=teams),
            _("Cards: {cards}").format(cards=cards),
        ]
        title = (
            _("{team} win").format(team=outcome_words(s.get("outcome")))
            if s.get("outcome") != "no-winner"
            else _("Nobody wins")
        )
        return title, lines, seat_cells(s)


class RolePicker(Screen):
    """New One Night game, page 2: the roles in play (players + 3 cards).

    The nine roles of a page are on the district buttons (A1 = first) and on buttons: each press
    adds a copy (wrapping to none after the last copy); veil up/down change the focused role's
    count. Start with no roles chosen lets the seed pick them.
    """

    name = "roles"
    transient = True

    def __init__(
        self,
        ctx: UIContext,
        players: int,
        seed: int,
        roles: list[tuple[str, str, int]],
        names: list[str] | None = None,
    ) -> None:
        """`roles`: (id, name, copies) in the data file's order; `names`: the players' (the page before)."""
        super().__init__(ctx)
        self.players = players
        self.names = list(names or [])
        self.seed = seed
        self.roles = roles
        self.counts: dict[str, int] = {}
        self.page = 0

    @property
    def need(self) -> int:
        """Cards in play: one per player plus three in the middle."""
        return self.players + 3

    def chosen(self) -> list[str]:
        """The chosen role ids, copies repeated, in data order."""
        return [rid for rid, name, copies in self.roles for k in range(self.counts.get(rid, 0))]

    def page_roles(self) -> list[tuple[str, str, int]]:
        """The roles on the current page."""
        return self.roles[self.page * ROLES_PER_PAGE : (self.page + 1) * ROLES_PER_PAGE]

    def body(self) -> ViewModel:
        """The page's roles with counts, More roles, Start, Back."""
        n = len(self.chosen())
        buttons = [
            ButtonVM(
                f"r:{rid}",
                f"{data_name(name)} x{self.counts[rid]}" if self.counts.get(rid) else data_name(name),
                selected=bool(self.counts.get(rid)),
                icon=role_icon(rid),
            )
            for rid, name, copies in self.page_roles()
        ]
        pages = (len(self.roles) + ROLES_PER_PAGE - 1) // ROLES_PER_PAGE
        ready = n in (0, self.need)
        buttons += [
            ButtonVM("page", _("More roles ({page}/{pages})").format(page=self.page + 1, pages=pages)),
            ButtonVM(
                "start",
                _("Start") if n else _("Start (seed picks)"),
                enabled=ready,
                primary=True,
                why_not=None if ready else _("choose {need} roles ({n} now)").format(need=self.need, n=n),
            ),
            ButtonVM("back", _("Back")),
        ]
        names = {rid: data_name(name) for rid, name, copies in self.roles}
        picked = ", ".join(
            f"{names[r]} x{c}" if c > 1 else names[r] for r, c in self.counts.items() if c
        ) or _("none yet")
        lines = (
            _("{players} players: choose {need} roles, {n} chosen.").format(
                players=self.players, need=self.need, n=n
            ),
            *wrap(_("In play: {roles}").format(roles=picked), 60)[:2],
        )
        return ViewModel(self.name, _("New game: roles"), lines, tuple(buttons))

    def activate(self, button_id: str, kind: Press) -> bool:
        """Role buttons add a copy; page, start, back."""
        if button_id.startswith("r:"):
            self._bump(button_id[2:])
        elif button_id == "page":
            pages = (len(self.roles) + ROLES_PER_PAGE - 1) // ROLES_PER_PAGE
            self.page = (self.page + 1) % pages
        elif button_id == "start":
            cmd = {"cmd": "setup", "game": "one-night", "players": self.players, "seed": self.seed}
            if len(self.names) == self.players:
                cmd["names"] = self.names
            if self.chosen():
                cmd["roles"] = self.chosen()
            self.ctx.emit(cmd)
        elif button_id == "back":
            self.ctx.stack.pop()
        return True

    def _bump(self, rid: str, delta: int = 1, wrap_round: bool = True) -> None:
        """Add `delta` copies of `rid` (wrapping 0..copies, or clamped when not `wrap_round`)."""
        copies = next(c for r, name, c in self.roles if r == rid)
        now = self.counts.get(rid, 0) + delta
        self.counts[rid] = now % (copies + 1) if wrap_round else max(0, min(copies, now))

    def on_district(self, pos: str) -> bool:
        """District k picks the k-th role of the page (and focuses it)."""
        i = DISTRICTS.index(pos)
        page = self.page_roles()
        if i >= len(page):
            return False
        self._bump(page[i][0])
        self.focus_on(f"r:{page[i][0]}")
        return True

    def on_veil(self, delta: int) -> bool:
        """Up/down change the focused role's count."""
        vm = self.model()
        bid = vm.buttons[self.focus % len(vm.buttons)].id
        if bid.startswith("r:"):
            self._bump(bid[2:], delta, wrap_round=False)
        return True


def pick_roles(ctx: UIContext, wizard) -> bool:
    """The new-game wizard's Next: the role page, which sends the setup (always takes over)."""
    ctx.stack.push(
        RolePicker(ctx, wizard.players, wizard.seed, roles_catalogue(), getattr(wizard, "names", None))
    )
    return True


def step_name(step_id: str) -> str:
    """A script step's name: `seer` -> `Seer`, `doppelganger-seer` -> `Doppelganger as Seer`,
    `dusk-begins` -> `Night falls` (in the current language)."""
    return step_text("one-night", step_id)


def seat_label(s: Mapping[str, Any], seat: int | str) -> str:
    """The name of the player on seat `seat` (1 first), as the game API's seats give it (an unnamed
    seat as the table shows it: companion/narration/seatnames.py)."""
    from companion.narration.seatnames import default_names

    seats = [p.get("name") for p in s.get("seats") or () if isinstance(p, Mapping)] or list(
        s.get("names") or ()
    )
    i = int(seat) - 1
    if 0 <= i < len(seats) and seats[i]:
        return str(seats[i])
    names = default_names("one-night")
    return names[i % len(names)]


def seat_cells(s: Mapping[str, Any]) -> tuple[CellVM, ...]:
    """Seats 1..9 on the districts with votes received, deaths and winners."""
    tally = s.get("tally") or {}
    votes = s.get("votes") or {}
    r = s.get("result") or {}
    cells = []
    for i, pos in enumerate(DISTRICTS):
        seat = i + 1
        if seat > int(s.get("players", 0)):
            cells.append(CellVM(pos, ""))
            continue
        lines = []
        if str(seat) in votes:
            lines.append(_("at {seat}").format(seat=seat_label(s, votes[str(seat)])))
        if tally.get(str(seat)):
            lines.append(ngettext("{n} vote", "{n} votes", tally[str(seat)]).format(n=tally[str(seat)]))
        if (r.get("cards") or {}).get(str(seat)):
            lines.append(role_name(r["cards"][str(seat)]))
        dead, won = seat in r.get("killed", []), seat in r.get("winners", [])
        mark = "combat" if dead else "done" if won else "red" if tally.get(str(seat)) else ""
        cells.append(
            CellVM(pos, seat_label(s, seat), tuple(lines), mark, chip=player_chip(s, seat_label(s, seat)))
        )
    return tuple(cells)


def roles_catalogue() -> list[tuple[str, str, int]]:
    """(id, name, copies) of every role in the shipped data file, in its order."""
    from companion.rules import load_game

    roles = load_game("one-night").data.roles
    return [(rid, r.name, r.copies) for rid, r in roles.items()]


def role_icon(role: str) -> str:
    """The icon of a role's card ("role.seer"), "" for a role without one."""
    from companion.ui import assets

    return f"role.{role}" if assets.has_icon(f"role.{role}") else ""
