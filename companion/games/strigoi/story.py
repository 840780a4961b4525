"""Armata Strigoi's story (companion/ui/story.py, its end card companion/ui/endcard.py): the chart of the
Altar's and the Inferno's blood points per round against their marks and each Powerwolf's wounds per
round, the evening's key moments, and the card's picture."""

from __future__ import annotations

from companion import palette
from companion.i18n import _
from companion.ui.story import Moment, Panel, Series, by_round, in_round, num, people, seat_names

ALTAR = (200, 20, 30)  # the Altar's blood, on the chart and the screens
INFERNO = palette.ORANGE


def chart(states) -> tuple[Panel, ...]:
    """Altar and Inferno blood points per round; each Powerwolf's wounds per round."""
    labels, picked = by_round(states, lambda s: s.get("round"))
    last = states[-1]
    blood = (
        Series(_("Altar"), tuple(num(s.get("altar")) for s in picked), ALTAR, "circle"),
        Series(_("Inferno"), tuple(num(s.get("inferno")) for s in picked), INFERNO, "triangle"),
    )
    names = seat_names(last)
    wounds = people(names, picked, lambda s, n: ((s.get("powerwolves") or {}).get(n) or {}).get("wounds"))
    needs = (
        (num(last.get("attack_need")), _("attack"), ALTAR),
        (num(last.get("defeat_need")), _("defeat"), INFERNO),
    )
    marks = tuple(m for m in needs if m[0])
    top = max([5.0] + [v for b in blood for v in b.values if v is not None])
    return (
        Panel(_("Blood"), _("round"), labels, blood, top, y_lines=marks),
        Panel(_("Wounds"), _("round"), labels, wounds, 3),
    )


def art(state) -> tuple[str, str]:
    """The end card's picture: the fortress at dawn when the pack frees it, by night when the Strigoi keep it."""
    return ("fortress", "dawn" if state.get("outcome") == "victory" else "night")


def backdrop(state) -> tuple[str, str]:
    """The picture behind the title bar while playing: the fortress by night (the hunt is one long
    night), the end card's picture once it is over."""
    if state.get("outcome") is not None:
        return art(state)
    return ("fortress", "night")


def moments(steps) -> list[Moment]:
    """The evening's key moments: a Strigoi fallen, the Supreme risen, the Altar's last blood point (or the
    Inferno's), a Powerwolf fallen, a wound dealt to a Strigoi."""
    from companion.games.strigoi.narration import strigoi_name

    out: list[Moment] = []
    last_altar = last_inferno = None
    for i, step in enumerate(steps):
        s = step.state
        for e in step.events:
            kind = e.get("event")
            if kind == "strigoi_defeated":
                out.append(
                    Moment(
                        10,
                        in_round(
                            s.get("round"),
                            _("the {strigoi} perishes.").format(strigoi=strigoi_name(e["strigoi"])),
                        ),
                        i,
                    )
                )
            elif kind == "supreme_rose":
                out.append(
                    Moment(
                        8,
                        in_round(
                            s.get("round"),
                            _("the {strigoi} rises as the Supreme Strigoi.").format(
                                strigoi=strigoi_name(e["strigoi"])
                            ),
                        ),
                        i,
                    )
                )
            elif kind == "blood_gained":
                last_altar = (i, s, e)
            elif kind == "blood_lost":
                last_inferno = (i, s, e)
            elif kind == "fell":
                out.append(
                    Moment(6, in_round(s.get("round"), _("{wolf} falls.").format(wolf=e["wolf"])), i, "fell")
                )
            elif kind == "strigoi_wounded":
                out.append(
                    Moment(
                        5,
                        in_round(
                            s.get("round"),
                            _("{wolf} wounds the {strigoi}.").format(
                                wolf=e["wolf"], strigoi=strigoi_name(e["strigoi"])
                            ),
                        ),
                        i,
                        "wound",
                    )
                )
    if last_altar is not None:
        i, s, e = last_altar
        out.append(
            Moment(
                7,
                in_round(
                    s.get("round"), _("the Altar's last blood point ({altar}).").format(altar=e["altar"])
                ),
                i,
            )
        )
    if last_inferno is not None and steps[-1].state.get("outcome") == "defeat":
        i, s, e = last_inferno
        out.append(Moment(9, in_round(s.get("round"), _("the Inferno fills up.")), i))
    return out
