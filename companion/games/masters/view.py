"""Pure helpers that turn a Masters of the Night state JSON into screen text (no pygame here).

Everything reads the documented state JSON (the game's README.md) defensively: a key the engine has not
filled yet shows as nothing rather than crashing the table's screen.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion import palette
from companion.i18n import N_, _, data_name, ngettext
from companion.inputs import DISTRICTS
from companion.ui.model import CellVM, Count, player_chip

VAMPIRES = ("Agnieszka", "Imre", "Ishtvan", "Laszlo", "Mila", "Nevena")
# each vampire's portrait: a picture of companion/ui/assets (the wizard's buttons, the acting vampire's strip)
PORTRAITS = {
    "Agnieszka": "role.strigoi-apprentice",
    "Imre": "role.vampire",
    "Ishtvan": "role.master",
    "Laszlo": "role.strigoi-master",
    "Mila": "action.recruit",
    "Nevena": "role.count",
}
DIFFICULTIES = ("easy", "medium", "hard")
DIFFICULTY_NAMES = {"easy": N_("Easy"), "medium": N_("Medium"), "hard": N_("Hard")}
DECK_MODES = ("digital", "physical")
DAY_STEPS = (  # (step, what it is, short name for the "then" line)
    ("lead", N_("Pass the lead"), N_("lead")),
    ("day-effects", N_("Day district effects"), N_("effects")),
    ("place-agents", N_("Event card: agents"), N_("card")),
    ("card-effect", N_("Event card: its text"), N_("card text")),
    ("hunt", N_("Agents hunt"), N_("hunt")),
)
OUTCOMES = {
    "victory": N_("Victory: the Blood Moon rises"),
    "defeat-veil": N_("Defeat: the veil has fallen"),
    "defeat-deck": N_("Defeat: the event deck ran out"),
}


def vampires_in(state: Mapping[str, Any], pos: str) -> list[str]:
    """Names of the vampires standing in district `pos`, in seating order."""
    vamps = state.get("vampires", {})
    order = state.get("order") or list(vamps)
    return [n for n in order if vamps.get(n, {}).get("district") == pos]


def district_lines(state: Mapping[str, Any], pos: str) -> tuple[str, ...]:
    """Short lines for one grid cell: agents, minions, vampires (drained marked), sigil, cards."""
    d = state.get("districts", {}).get(pos, {})
    out = []
    hidden, exposed = d.get("agents_hidden", 0), d.get("agents_exposed", 0)
    if hidden:
        out.append(_("Hidden {n}").format(n=hidden))
    if exposed:
        out.append(_("Exposed {n}").format(n=exposed))
    if d.get("minions"):
        out.append(_("Minions {n}").format(n=d["minions"]))
    vamps = state.get("vampires", {})
    names = [
        _("{name} (drained)").format(name=n) if vamps[n].get("drained") else n
        for n in vampires_in(state, pos)
    ]
    if names:
        out.append(", ".join(names))
    if d.get("sigil"):
        out.append(_("Sigil {n}").format(n=d["sigil"]))
    extras = len(d.get("cards", [])) + len(d.get("relics", []))
    if extras:
        out.append(ngettext("+{n} card", "+{n} cards", extras).format(n=extras))
    return tuple(out)


def district_counts(state: Mapping[str, Any], pos: str) -> tuple[Count, ...]:
    """One grid cell as pictures: hidden and exposed agents, minions, relics with their numerals,
    a chip in each vampire's colour (dimmed when drained), the sigil in its owner's colour."""
    d = state.get("districts", {}).get(pos, {})
    out = []
    for key, name in (
        ("agents_hidden", "agent_hidden"),
        ("agents_exposed", "agent_exposed"),
        ("minions", "minion"),
    ):
        if d.get(key):
            out.append(Count(name, str(d[key])))
    if d.get("relics"):
        out.append(Count("relic", str(len(d["relics"]))))
    vamps = state.get("vampires", {})
    for n in vampires_in(state, pos):
        out.append(player_chip(state, n, dim=bool(vamps[n].get("drained"))))
    if d.get("sigil"):  # the sigil in its owner's colour, their shape beside it
        out.append(player_chip(state, str(d["sigil"]), icon="sigil"))
    return tuple(out)


def vampire_counts(state: Mapping[str, Any], name: str, ap: bool = False) -> tuple[Count, ...]:
    """One vampire as pictures: their portrait and chip, blood of max, kills (and AP left, relics when `ap`)."""
    v = state.get("vampires", {}).get(name, {})
    chip = player_chip(state, name)
    out = [
        *([Count(PORTRAITS[name], "", chip.colour)] if name in PORTRAITS else []),
        chip,
        Count("blood", f"{v.get('blood', 0)}/{v.get('max_blood', 4)}"),
        Count("kill", str(v.get("kills", 0))),
    ]
    if ap:
        out += [Count("ap", str(v.get("ap", 0))), Count("relic", str(len(v.get("relics", []))))]
    return tuple(out)


def colour(state: Mapping[str, Any], name: str) -> tuple[int, int, int]:
    """The vampire's colour at this table (the same on the LEDs)."""
    return palette.colour_of(name, list(state.get("order") or state.get("vampires", {})))


def district_title(state: Mapping[str, Any], pos: str) -> str:
    """The district's name (or just its position when unnamed)."""
    return data_name(str(state.get("districts", {}).get(pos, {}).get("name", "")))


def grid(
    state: Mapping[str, Any],
    marks: Mapping[str, str] | None = None,
    selected: str | None = None,
    extra: Mapping[str, str] | None = None,
) -> tuple[CellVM, ...]:
    """The 3x3 grid: each cell's counts as pictures, its mark, the selected one; `extra` puts a line
    on top (e.g. "+2" agents an event card brings); cards lying in a district are a line too."""
    marks = marks or {}
    extra = extra or {}
    cells = []
    for pos in DISTRICTS:
        cards = len(state.get("districts", {}).get(pos, {}).get("cards", []))
        lines = ((extra[pos],) if pos in extra else ()) + (
            (ngettext("+{n} card", "+{n} cards", cards).format(n=cards),) if cards else ()
        )
        cells.append(
            CellVM(
                pos,
                district_title(state, pos),
                lines,
                marks.get(pos, ""),
                pos == selected,
                district_counts(state, pos),
            )
        )
    return tuple(cells)


def day_step_lines(state: Mapping[str, Any]) -> tuple[str, ...]:
    """Two lines for the day stepper: the step now (n of m) and what follows."""
    steps = [
        (k, label, short) for k, label, short in DAY_STEPS if not (k == "lead" and state.get("round", 1) == 1)
    ]
    keys = [k for k, label, short in steps]
    step = state.get("step")
    if step not in keys:
        return (_("Step: {step}").format(step=step),)
    i = keys.index(step)
    now = _("Step {n}/{total}: {step}").format(n=i + 1, total=len(steps), step=_(steps[i][1]))
    rest = ", ".join(_(short) for k, label, short in steps[i + 1 :])
    return (now, _("Then: {steps}").format(steps=rest) if rest else _("Then: night falls"))


def active_day_effects(state: Mapping[str, Any]) -> list[str]:
    """Districts whose day effect is active and not yet resolved this day."""
    eff = state.get("day_effects") or {}
    done = set(eff.get("resolved", []))
    return [p for p in eff.get("active", []) if p not in done]


def card_placements(state: Mapping[str, Any]) -> dict[str, int]:
    """Agents each district gets from the event card: where they went once placed, else the red
    cells' number (and the blue-gray one when both blue-gray numbers are equal)."""
    card = state.get("card") or {}
    if card.get("placed"):
        return {p: int(n) for p, n in (card.get("placements") or {}).items() if p in DISTRICTS}
    grid_ = card.get("grid") or {}
    out = {p: int(card.get("red_agents", 0)) for p in DISTRICTS if grid_.get(p) == "red"}
    blue = card.get("blue_agents") or []
    if len(blue) == 2 and blue[0] == blue[1]:
        out.update({p: int(blue[0]) for p in DISTRICTS if grid_.get(p) == "blue"})
    return {p: n for p, n in out.items() if n > 0}


def blue_cells(state: Mapping[str, Any]) -> list[str]:
    """The event card's blue-gray grid cells, in grid order."""
    grid_ = (state.get("card") or {}).get("grid") or {}
    return [p for p in DISTRICTS if grid_.get(p) == "blue"]


def blue_numbers(state: Mapping[str, Any]) -> tuple[int, int] | None:
    """The two blue-gray numbers (high, low) when they differ and the table must split them."""
    card = state.get("card") or {}
    nums = card.get("blue_agents")
    if card.get("placed") or not isinstance(nums, (list, tuple)) or len(nums) != 2 or nums[0] == nums[1]:
        return None
    hi, lo = sorted((int(nums[0]), int(nums[1])), reverse=True)
    return hi, lo


def veil_preview(state: Mapping[str, Any], adds: Mapping[str, int]) -> int:
    """The veil after placing `adds` agents: -1 per district with a minion or awake vampire, -1 per missing agent."""
    veil = int(state.get("veil", 0))
    vamps = state.get("vampires", {})
    hit = 0
    for pos, n in adds.items():
        if n <= 0:
            continue
        d = state.get("districts", {}).get(pos, {})
        awake = any(not vamps[v].get("drained") for v in vampires_in(state, pos))
        if d.get("minions", 0) > 0 or awake:
            hit += 1
    missing = max(0, sum(n for n in adds.values() if n > 0) - int(state.get("reserve", {}).get("agents", 0)))
    return max(0, veil - hit - missing)


def short_choice(state: Mapping[str, Any], adds: Mapping[str, int]) -> tuple[dict[str, int], int] | None:
    """(agents each cell asks for, agents left) when the reserve cannot cover the card and the leading
    vampire must choose who goes short; None when there is no choice (the engine's `short_choice`)."""
    if state.get("short_agents", "leader") != "leader":
        return None
    needs = {p: int(n) for p, n in adds.items() if n > 0}
    left = int((state.get("reserve") or {}).get("agents", 0))
    if left <= 0 or sum(needs.values()) <= left or len(needs) < 2:
        return None
    return needs, left


def suggest_short(state: Mapping[str, Any], needs: Mapping[str, int], left: int) -> dict[str, int]:
    """A first proposal for the leader: the agents left go where nobody notices them first (no veil
    lost), then in grid order. The leader changes it on the district buttons and confirms."""
    vamps = state.get("vampires", {})

    def noticed(pos: str) -> bool:
        d = state.get("districts", {}).get(pos, {})
        return d.get("minions", 0) > 0 or any(not vamps[v].get("drained") for v in vampires_in(state, pos))

    out = {}
    for pos in sorted(needs, key=lambda p: (noticed(p), DISTRICTS.index(p))):
        out[pos] = min(needs[pos], left)
        left -= out[pos]
    return out


def pointless(state: Mapping[str, Any], verb: str) -> str | None:
    """Why a legal night action would do nothing now, so the screen asks first (mirrors the engine's
    `night.pointless`; a test keeps the two in step), or None."""
    who = state.get("turn")
    v = (state.get("vampires") or {}).get(who) if who else None
    if not v:
        return None
    d = (state.get("districts") or {}).get(v.get("district"), {})
    if verb == "expose" and not d.get("agents_hidden"):
        return _("no hidden agents here")
    if verb == "fight" and not d.get("agents_exposed"):
        return _("no agents exposed here")
    if verb in ("hunt", "wild_hunt") and v.get("blood", 0) >= v.get("max_blood", 4):
        return _("blood already at the maximum")
    if verb in ("hunt", "wild_hunt") and not (state.get("reserve") or {}).get("blood"):
        return _("no blood in the reserve")
    return None


def die_effect(value: int) -> str:
    """What a die does in combat: 1-2 the agent stays, 3-4 kill for a blood, 5-6 clean kill."""
    if value <= 2:
        return _("agent stays, -1 blood")
    if value <= 4:
        return _("kill, -1 blood")
    return _("kill")


def vampire_line(state: Mapping[str, Any], name: str) -> str:
    """One vampire: blood, kills, AP, drained."""
    v = state.get("vampires", {}).get(name, {})
    text = _("{name}: blood {blood}/{max}, kills {kills}").format(
        name=name, blood=v.get("blood", 0), max=v.get("max_blood", 4), kills=v.get("kills", 0)
    )
    if v.get("drained"):
        text = _("{vampire}, drained").format(vampire=text)
    return text


def outcome_title(outcome: str | None) -> str:
    """Headline for how the game ended."""
    return _(OUTCOMES[outcome]) if outcome in OUTCOMES else _("Game over: {outcome}").format(outcome=outcome)
