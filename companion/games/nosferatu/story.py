"""Nosferatu's story (companion/ui/story.py, its end card companion/ui/endcard.py): the chart of
each player's Bites per round against the bites that win and the Clock's Nights left per round, the
evening's key moments, and the card's picture."""

from __future__ import annotations

from companion.i18n import _, data_name, ngettext
from companion.ui.story import NEUTRAL, Moment, Panel, Series, by_round, in_round, num, people


def chart(states) -> tuple[Panel, ...]:
    """Bites per player per round (against the bites that win); Nights left on the Clock per round."""
    labels, picked = by_round(states, lambda s: s.get("round"))
    last = states[-1]
    names = [n for n in last.get("players") or [] if n != last.get("renfield")]
    left = tuple(num((s.get("clock") or {}).get("nights_left")) for s in picked)
    clock = Series(_("Nights left"), left, NEUTRAL, "diamond")
    bites = people(names, picked, lambda s, n: (s.get("bites") or {}).get(n))
    goal = num(last.get("bites_to_win")) or 5
    top_clock = max([1.0] + [v for v in clock.values if v is not None])
    return (
        Panel(_("Bites"), _("round"), labels, bites, goal, y_lines=((goal, _("goal")),)),
        Panel(_("Nights left"), _("round"), labels, (clock,), top_clock),
    )


def art(state) -> tuple[str, str]:
    """The end card's picture: the village by night when the Vampire wins, at dawn when the hunters do."""
    return ("village", "dawn" if str(state.get("outcome", "")).startswith("hunters") else "night")


def backdrop(state) -> tuple[str, str]:
    """The picture behind the title bar while playing: the village at dusk while the stake changes
    hands, by night while the Clock holds, by day after Dawn (the board's phase)."""
    if state.get("outcome") is not None:
        return art(state)
    phase = (state.get("board") or {}).get("phase")
    return ("village", phase if phase in ("day", "dusk", "night", "dawn") else "night")


def moments(steps) -> list[Moment]:
    """The evening's key moments: the stake, the rituals, the bite that won (or the heaviest bites)."""
    from companion.games.nosferatu.narration import character_text

    out: list[Moment] = []
    last_bite = None
    for i, step in enumerate(steps):
        s = step.state
        for e in step.events:
            kind = e.get("event")
            if kind == "stake_used":
                out.append(
                    Moment(
                        9,
                        in_round(
                            s.get("round"),
                            _("{holder} uses the stake on {target}: {character}!").format(
                                holder=e["holder"],
                                target=e["target"],
                                character=character_text(e["character"]),
                            ),
                        ),
                        i,
                    )
                )
            elif kind == "ritual_cast":
                said = (
                    _("the ritual {name} shows {target} is {character}.")
                    if e.get("target") and e.get("character")
                    else _("the hunters cast the ritual {name}.")
                )
                out.append(
                    Moment(
                        7,
                        in_round(
                            s.get("round"),
                            said.format(
                                name=data_name(e["name"]),
                                target=e.get("target"),
                                character=character_text(e.get("character")),
                            ),
                        ),
                        i,
                    )
                )
            elif kind == "stake_given":
                out.append(
                    Moment(
                        1,
                        in_round(s.get("round"), _("{to} takes the stake and starts.").format(to=e["to"])),
                        i,
                        "stake",
                    )
                )
            elif kind == "clock_revealed" and e.get("card") == "dawn":
                out.append(Moment(1.5, in_round(s.get("round"), _("Renfield turns over Dawn.")), i, "dawn"))
            elif kind == "stake_spared":
                out.append(
                    Moment(
                        4,
                        in_round(
                            s.get("round"), _("{holder} keeps the stake unused.").format(holder=e["holder"])
                        ),
                        i,
                    )
                )
            elif kind == "bitten":
                last_bite = (i, s, e)
                out.append(
                    Moment(
                        3 + e["bites"] / 10,
                        in_round(
                            s.get("round"),
                            ngettext(
                                "{player} is bitten: {n} Bite.", "{player} is bitten: {n} Bites.", e["bites"]
                            ).format(player=e["player"], n=e["bites"]),
                        ),
                        i,
                        "bite",
                    )
                )
    if last_bite is not None and steps and steps[-1].state.get("outcome") == "evil-bites":
        i, s, e = last_bite
        out = [m for m in out if m.at != i]
        out.append(
            Moment(
                10,
                in_round(
                    s.get("round"),
                    _("{player}'s bite makes {total}: the Vampire has enough.").format(
                        player=e["player"], total=e["total"]
                    ),
                ),
                i,
            )
        )
    return out
