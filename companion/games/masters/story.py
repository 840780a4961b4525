"""Masters of the Night's story (companion/ui/story.py, its end card companion/ui/endcard.py): the
chart of the veil at the end of each round and each vampire's kill count per round, the evening's key
moments, and the card's picture."""

from __future__ import annotations

from companion.i18n import _, data_name, ngettext
from companion.ui.story import NEUTRAL, Moment, Panel, Series, by_round, in_round, num, people, seat_names


def chart(states) -> tuple[Panel, ...]:
    """Veil per round; kills per round, per vampire."""
    labels, picked = by_round(states, lambda s: s.get("round"))
    names = seat_names(states[-1])
    veil = Series(_("veil"), tuple(num(s.get("veil")) for s in picked), NEUTRAL, "diamond")
    kills = people(names, picked, lambda s, n: ((s.get("vampires") or {}).get(n) or {}).get("kills"))
    top = max([6.0] + [v for k in kills for v in k.values if v is not None])
    return (
        Panel(_("Veil"), _("round"), labels, (veil,), 6),
        Panel(_("Kills"), _("round"), labels, kills, top),
    )


def art(state) -> tuple[str, str]:
    """The end card's picture: the city under the Blood Moon when the vampires win, at dawn when they lose."""
    return ("skyline", "night" if state.get("outcome") == "victory" else "dawn")


def backdrop(state) -> tuple[str, str]:
    """The picture behind the title bar while playing: the city by day in the day phase, by night in the
    night phase (the end card's picture once the game is over)."""
    if state.get("outcome") is not None:
        return art(state)
    return ("skyline", "day" if state.get("phase") == "day" else "night")


def moments(steps) -> list[Moment]:
    """The evening's key moments: the veil's biggest fall in one round, the first vampire drained,
    the last card drawn, a dread sigil, the bloodiest combat."""
    out: list[Moment] = []
    falls: dict[int, list] = {}  # round -> [index, veil before its first fall, veil after its last]
    drained = False
    last_card = None
    for i, step in enumerate(steps):
        s = step.state
        for e in step.events:
            kind = e.get("event")
            if kind == "veil_changed" and num(e.get("new")) is not None and e["new"] < e["old"]:
                fall = falls.setdefault(s.get("round", 0), [i, e["old"], e["new"]])
                fall[2] = e["new"]
            elif kind == "vampire_drained" and not drained:
                drained = True
                out.append(
                    Moment(
                        9,
                        in_round(s.get("round"), _("{vampire} is drained.").format(vampire=e["vampire"])),
                        i,
                    )
                )
            elif kind == "card_drawn":
                last_card = (i, s, e)
            elif kind == "sigil_placed":
                where = data_name(
                    ((s.get("districts") or {}).get(e["district"]) or {}).get("name") or e["district"]
                )
                out.append(
                    Moment(
                        6,
                        in_round(
                            s.get("round"),
                            _("{vampire} places a dread sigil in {district}.").format(
                                vampire=e["vampire"], district=where
                            ),
                        ),
                        i,
                        "sigil",
                    )
                )
            elif kind == "combat_ended":
                kills = dict(e.get("kills") or {})
                if sum(kills.values()) >= 2:
                    best = max(kills, key=kills.get)
                    out.append(
                        Moment(
                            4 + kills[best] / 10,
                            in_round(
                                s.get("round"),
                                ngettext(
                                    "{vampire} kills {n} agent in one fight.",
                                    "{vampire} kills {n} agents in one fight.",
                                    kills[best],
                                ).format(vampire=best, n=kills[best]),
                            ),
                            i,
                            "combat",
                        )
                    )
    if falls:
        rnd, (i, old, new) = max(falls.items(), key=lambda kv: (kv[1][1] - kv[1][2], -kv[0]))
        out.append(
            Moment(10, _("Round {n}: the veil falls from {old} to {new}.").format(n=rnd, old=old, new=new), i)
        )
    if (
        last_card is not None and steps[-1].state.get("outcome") is not None
    ):  # the last: once the game is over
        i, s, e = last_card
        named = (
            e.get("name") and e["name"] != f"Card {e['card']}"
        )  # a card taught by its grid alone has no name
        out.append(
            Moment(
                8,
                in_round(
                    s.get("round"),
                    _("the last card, “{name}”.").format(name=data_name(e["name"]))
                    if named
                    else _("the last card."),
                ),
                i,
            )
        )
    return out
