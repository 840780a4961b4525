"""The Vampire Mansion's story (companion/ui/story.py, its end card companion/ui/endcard.py): the chart
of each player's stored points per round against the target and the rounds left on the round clock,
the evening's key moments, and the card's picture."""

from __future__ import annotations

from companion.i18n import _
from companion.ui.story import NEUTRAL, Moment, Panel, Series, by_round, num, people, rounds_left, seat_names


def chart(states) -> tuple[Panel, ...]:
    """Stored points per player per round (against the target); rounds left on the round clock."""
    labels, picked = by_round(states, lambda s: s.get("round"))
    last = states[-1]
    names = seat_names(last)
    length = num(last.get("clock_length")) or 12
    left = Series(
        _("rounds left"), tuple(rounds_left(length, s.get("tick")) for s in picked), NEUTRAL, "diamond"
    )
    stored = people(names, picked, lambda s, n: ((s.get("players") or {}).get(n) or {}).get("stored"))
    target = num(last.get("target")) or 20
    return (
        Panel(_("Stored points"), _("round"), labels, stored, target, y_lines=((target, _("target")),)),
        Panel(_("Rounds left"), _("round"), labels, (left,), length),
    )


def art(state) -> tuple[str, str]:
    """The end card's picture: the mansion by night."""
    return ("mansion", "night")


def backdrop(state) -> tuple[str, str]:
    """The picture behind the title bar while playing: the mansion at dusk while the dice are rolled,
    by night while the players roam, by day at a reveal (the board's phase)."""
    if state.get("outcome") is not None:
        return art(state)
    phase = (state.get("board") or {}).get("phase")
    return ("mansion", phase if phase in ("day", "dusk", "night", "dawn") else "night")


def moments(steps) -> list[Moment]:
    """The evening's key moments: the clock's reveal, the winning claim, the biggest haul put in a safe."""
    from companion.games.mansion.narration import room_name

    out: list[Moment] = []
    for i, step in enumerate(steps):
        tick = step.state.get("tick", "?")
        for e in step.events:
            kind = e.get("event")
            if kind == "roles_revealed":
                out.append(
                    Moment(
                        10,
                        _("Tick {tick}: the roles are shown: vampires {vampires}, humans {humans}.").format(
                            tick=e["tick"], vampires=e["vampires"], humans=e["humans"]
                        ),
                        i,
                    )
                )
            elif kind == "points_claimed":
                out.append(
                    Moment(
                        9,
                        _("Tick {tick}: {player} shows {total} points.").format(
                            tick=tick, player=e["player"], total=e["total"]
                        ),
                        i,
                    )
                )
            elif kind == "ranked":
                firsts = [str(p) for p, place in e.get("ranking") or () if place == 1]
                if firsts:
                    out.append(
                        Moment(
                            8,
                            _("The final ranking puts {players} first.").format(players=", ".join(firsts)),
                            i,
                        )
                    )
            elif kind == "cards_taken" and e["n"] >= 3:
                out.append(
                    Moment(
                        3 + e["n"] / 100,
                        _("Tick {tick}: {player} takes {n} cards from {room}.").format(
                            tick=tick, player=e["player"], n=e["n"], room=room_name(e["room"])
                        ),
                        i,
                        "take",
                    )
                )
            elif kind == "points_stored" and e["points"] > 0:
                out.append(
                    Moment(
                        4 + e["points"] / 100,
                        _("Tick {tick}: {player} puts {points} points in the safe.").format(
                            tick=tick, player=e["player"], points=e["points"]
                        ),
                        i,
                        "store",
                    )
                )
    return out
