"""Masters of the Night: the board's lights from the game view, and flourishes for its events.

District mood (from the state JSON in the game's README.md):
- the phase sets the ambient: warm by day, cool breathing moonlight by night;
- minions outnumber agents (or a dread sigil is there: it always counts as more minions): a deep
  red-purple glow, or with a sigil a slow glow in that vampire's colour;
- agents outnumber minions: cold white-blue; exposed agents add a torch-like flicker;
- each vampire in the district lights its own pixel in its colour; a drained one pulses dim grey;
- a day combat there: a red strobe over everything (a night combat: a red throb).
The veil bar lights veil.0..veil.<veil>, green-blue when safe (6) to red in danger (1), with a
heartbeat at veil 2 or less. Victory and the two defeats play a sequence, then settle.
"""

from __future__ import annotations

from collections.abc import Mapping  # (isinstance with typing.Mapping is twice as slow)
from functools import lru_cache
from typing import Any

from companion import palette
from companion.lighting.color import BLACK, RGB, WHITE, Blend, scale
from companion.lighting.compositor import Overlay
from companion.lighting.effects import (
    OFF,
    FadeParams,
    Layer,
    LayersParams,
    Look,
    SequenceParams,
    Step,
    look,
    solid,
)
from companion.lighting.scenes import (
    Plan,
    Reaction,
    count,
    district_lights,
    on_district,
    react_with,
    settle,
    veil_lights,
)

DAY_AMBIENT: RGB = (120, 75, 25)
NIGHT_AMBIENT: RGB = (30, 50, 140)
VAMPIRE_GLOW: RGB = (150, 0, 70)
AGENT_COLD: RGB = (170, 195, 255)
DRAINED_GREY: RGB = (110, 110, 110)
ALARM_RED: RGB = (255, 0, 0)
GOLD: RGB = (255, 170, 30)
DUSK: RGB = (255, 80, 10)
DAWN: RGB = (255, 200, 120)
DIE_HIT: RGB = (255, 255, 255)  # a die that removed an agent
DIE_HIT_BLOOD: RGB = (255, 150, 150)  # removed, but the fighter paid a blood point
DIE_MISS: RGB = (90, 90, 90)  # the agent stays
PHASE_FADE = 2.5  # dusk and dawn cross-fade slowly
AGENT_PULSE_S = 0.5  # one pulse per arriving agent
VEIL_STEP_S = 0.15  # delay between neighbouring veil lights in a drop or rise
MAX_PULSES = 12  # an absurd agent count must not tie a district up for minutes

# One colour per vampire, the same on screen: companion/palette.py (colour-blind safe, tested there).
VAMPIRE_COLOURS = palette.VAMPIRE_COLOURS


def plan(view: Mapping[str, Any] | None) -> Plan:
    """Every light's look for this view."""
    view = view or {}
    outcome = view.get("outcome")
    if outcome:
        return Plan(_finale(str(outcome), view), fade=0.5)
    looks: dict[str, Look] = {}
    seats = _seats(view)
    districts = view.get("districts") or {}
    combat = view.get("combat") or {}
    for name in district_lights():
        pos = name.split(".", 1)[1]
        looks[name] = district_look(pos, districts.get(pos) or {}, view, seats, combat)
    looks.update(veil_looks(view.get("veil")))
    return Plan(looks)


def react(event: Mapping[str, Any], view: Mapping[str, Any] | None, t: float) -> Reaction:
    """Overlays for one engine event, starting at t; unknown kinds show nothing."""
    return react_with(_HANDLERS, event, view, t)


# ---------------------------------------------------------------- district mood


def district_look(
    pos: str, d: Mapping[str, Any], view: Mapping[str, Any], seats: dict[str, int], combat: Mapping
) -> Look:
    """One district's look: its mood, vampire pixels and any combat alarm, stacked."""
    vampires = []
    for name, v in (view.get("vampires") or {}).items():
        if isinstance(v, Mapping) and v.get("district") == pos:
            vampires.append((seats.get(name, 0), vampire_colour(name, seats), bool(v.get("drained"))))
    sigil = d.get("sigil")
    fight = None
    if combat.get("district") == pos:
        fight = "day" if combat.get("day") else "night"
    return _district(
        pos,
        view.get("phase") == "night",
        count(d.get("agents_hidden")),
        count(d.get("agents_exposed")),
        count(d.get("minions")),
        vampire_colour(str(sigil), seats) if sigil else None,
        tuple(sorted(vampires)),
        max(4, len(seats)),
        fight,
    )


@lru_cache(maxsize=512)  # the same situation gives the same Look object: cheap to compare and render
def _district(
    pos: str,
    night: bool,
    hidden: int,
    exposed: int,
    minions: int,
    sigil: RGB | None,
    vampires: tuple[tuple[int, RGB, bool], ...],
    slots: int,
    fight: str | None,
) -> Look:
    """A district's look from the facts that shape it (all hashable)."""
    agents = hidden + exposed
    if sigil:
        mood = _mood("sigil", sigil)
    elif minions > agents:
        mood = _mood("vampires", VAMPIRE_GLOW)
    elif agents > minions:
        cold = AGENT_COLD if night else scale(AGENT_COLD, 0.7)
        mood = _flicker(cold, pos) if exposed else _mood("agents", cold)
    else:
        mood = _mood("night" if night else "day", NIGHT_AMBIENT if night else DAY_AMBIENT)
    layers = [Layer(mood)]
    if exposed and not agents > minions:  # exposed agents the minions hold in check: flicker over the glow
        layers.append(Layer(_flicker(scale(AGENT_COLD, 0.8), pos, low=0.0), Blend.MAX))
    for seat, colour, drained in vampires:
        # Each vampire's pixel sits at a place fixed by its seat, so it is recognisable anywhere.
        lk = _mood("drained", DRAINED_GREY) if drained else _mood("vampire", colour)
        layers.append(Layer(lk, Blend.REPLACE, start=(2 * seat + 1) / (2 * slots), width=0.0))
    if fight == "day":
        layers.append(Layer(look("flash", color=ALARM_RED, count=0, period=0.3, duty=0.5)))
    elif fight == "night":
        layers.append(Layer(look("breathe", color=ALARM_RED, period=1.2, low=0.1, high=0.8), Blend.ADD))
    return mood if len(layers) == 1 else Look("layers", LayersParams(tuple(layers)))


def _flicker(colour: RGB, pos: str, low: float = 0.45) -> Look:
    """Torch-like flicker of exposed agents, seeded per district so neighbours differ."""
    return look("flicker", color=colour, low=low, rate=9.0, seed=_seed(pos))


@lru_cache(maxsize=64)  # shared Look objects: districts in the same mood render once per frame
def _mood(kind: str, colour: RGB) -> Look:
    """The look for one kind of mood in `colour`."""
    if kind == "sigil":
        return look("breathe", color=colour, period=6.0, low=0.25, high=0.9)
    if kind == "vampires":
        return look("breathe", color=colour, period=5.0, low=0.35, high=1.0)
    if kind == "night":
        return look("breathe", color=colour, period=8.0, low=0.6, high=1.0)
    if kind == "drained":
        return look("pulse", color=colour, period=2.0, low=0.1, high=0.5)
    return solid(colour)


def vampire_colour(name: str, seats: Mapping[str, int]) -> RGB:
    """A vampire's colour (companion.palette): its own for the box's six, else a free one by seat."""
    return palette.colour_of(name, seats)


# ---------------------------------------------------------------- veil bar


veil_colour = palette.veil_colour  # the screen's veil bar takes its colours from the same place


def veil_looks(veil: Any) -> dict[str, Look]:
    """veil.0..veil.<veil> lit in the veil's colour, beating like a heart at 2 or less; the rest dark."""
    return dict(_veil_looks(max(0, min(6, count(veil, 6)))))


@lru_cache(maxsize=8)
def _veil_looks(v: int) -> tuple[tuple[str, Look], ...]:
    """The veil bar's looks for veil value v (one shared Look for all lit lights)."""
    colour = veil_colour(v)
    if v <= 2:
        lit = look("heartbeat", color=colour, bpm=60.0 if v == 2 else 90.0, low=0.25)
    else:
        lit = solid(scale(colour, 0.8))
    return tuple((name, lit if cell else OFF) for cell, name in zip(palette.veil_cells(v), veil_lights()))


# ---------------------------------------------------------------- endings


def _finale(outcome: str, view: Mapping[str, Any]) -> dict[str, Look]:
    """Victory and defeat sequences: a wave across the board, then a steady end state."""
    looks: dict[str, Look] = {}
    for name in district_lights():
        pos = name.split(".", 1)[1]
        delay = 0.25 * (int(pos[1]) - 1) + 0.1 * "ABC".index(pos[0])
        looks[name] = _sequence(delay, _finale_steps(outcome))
    veil = veil_lights()
    if outcome == "victory":
        for i, name in enumerate(veil):
            looks[name] = _sequence(
                VEIL_STEP_S * i,
                (
                    Step(look("flash", color=WHITE, count=2, period=0.3), 0.6),
                    Step(solid(GOLD), 0.0),
                ),
            )
    else:
        for name in veil:
            looks[name] = OFF
        looks[veil[0]] = look("heartbeat", color=ALARM_RED, bpm=40.0, low=0.05)
    return looks


def _finale_steps(outcome: str) -> tuple[Step, ...]:
    """What each district plays once the wave reaches it."""
    if outcome == "victory":
        return (
            Step(look("flash", color=GOLD, count=3, period=0.4), 1.2),
            Step(look("rainbow", period=2.0), 4.0),
            Step(look("breathe", color=GOLD, period=5.0, low=0.4, high=1.0), 0.0),
        )
    if outcome == "defeat-veil":
        return (
            Step(look("flash", color=ALARM_RED, count=3, period=0.4), 1.2),
            Step(Look("fade", FadeParams(ALARM_RED, (60, 0, 0), 2.0)), 2.0),
            Step(look("breathe", color=(90, 0, 0), period=6.0, low=0.2, high=1.0), 0.0),
        )
    return (  # defeat-deck, and any outcome we do not know yet: the city goes grey and quiet
        Step(Look("fade", FadeParams((140, 140, 150), (12, 12, 16), 3.0)), 3.0),
        Step(solid((12, 12, 16)), 0.0),
    )


def _sequence(delay: float, steps: tuple[Step, ...]) -> Look:
    """`steps` after `delay` seconds of darkness, timed from the moment the look starts."""
    return Look("sequence", SequenceParams((Step(solid(BLACK), delay),) + steps), local=True)


# ---------------------------------------------------------------- events


def _agents_arrive(event: Mapping, view: Mapping, t: float) -> Reaction:
    """One cold pulse per agent in the receiving district."""
    n = min(MAX_PULSES, count(event.get("n"), 1))
    if n <= 0:
        return Reaction()
    pulse = look("pulse", color=AGENT_COLD, period=AGENT_PULSE_S)
    return on_district(event.get("district"), pulse, t, n * AGENT_PULSE_S, Blend.ADD)


def _veil_changed(event: Mapping, view: Mapping, t: float) -> Reaction:
    """A drop flashes the lost lights red from the top down; a rise lights the new ones bottom up."""
    old = max(0, min(6, count(event.get("old"), 6)))
    new = max(0, min(6, count(event.get("new"), old)))
    veil = veil_lights()
    out = []
    if new < old:
        for k, i in enumerate(range(old, new, -1)):
            delay = k * VEIL_STEP_S
            lk = Look(
                "sequence",
                SequenceParams(
                    (
                        Step(solid(scale(veil_colour(old), 0.8)), delay),
                        Step(Look("fade", FadeParams(ALARM_RED, BLACK, 0.6)), 0.6),
                    )
                ),
            )
            out.append(Overlay(veil[i], lk, t, delay + 0.6))
    else:
        for k, i in enumerate(range(old + 1, new + 1)):
            delay = k * VEIL_STEP_S
            lk = Look(
                "sequence",
                SequenceParams(
                    (
                        Step(OFF, delay),
                        Step(Look("fade", FadeParams(WHITE, scale(veil_colour(new), 0.8), 0.5)), 0.5),
                    )
                ),
            )
            out.append(Overlay(veil[i], lk, t, delay + 0.5))
    return Reaction(tuple(out))


def _phase_changed(event: Mapping, view: Mapping, t: float) -> Reaction:
    """Dusk sweeps orange across the board west to east; dawn sweeps pale gold east to west."""
    phase = event.get("phase")
    if phase not in ("day", "night"):
        return Reaction()
    colour = DUSK if phase == "night" else DAWN
    out = []
    for name in district_lights():
        col = int(name[-1]) - 1
        delay = 0.3 * (col if phase == "night" else 2 - col)
        out.append(
            Overlay(name, look("sweep", color=colour, duration=1.2, width=0.5), t + delay, 1.2, Blend.ADD)
        )
    return Reaction(tuple(out), fade=PHASE_FADE)


def _card_drawn(event: Mapping, view: Mapping, t: float) -> Reaction:
    """A faint white sweep down the board, row by row, as a card turns over."""
    out = []
    for name in district_lights():
        delay = 0.2 * "ABC".index(name[-2])
        out.append(Overlay(name, look("sweep", color=(90, 90, 90), duration=0.8), t + delay, 0.8, Blend.ADD))
    return Reaction(tuple(out))


def _combat_started(event: Mapping, view: Mapping, t: float) -> Reaction:
    """Two white flashes where the fight breaks out (the plan then shows the alarm)."""
    return on_district(event.get("district"), look("flash", color=WHITE, count=2, period=0.2), t, 0.4)


def _combat_ended(event: Mapping, view: Mapping, t: float) -> Reaction:
    """A soft white glow fading out where the fight ended."""
    glow = Look("fade", FadeParams((120, 120, 120), BLACK, 0.8))
    return on_district(event.get("district"), glow, t, 0.8, Blend.ADD)


def _die_used(event: Mapping, view: Mapping, t: float) -> Reaction:
    """A quick flash in the fight's district: bright when the die removed an agent (tinted red if
    the fighter lost blood for it), grey when the agent stays."""
    colour = die_colour(bool(event.get("removed")), bool(event.get("blood_lost")))
    flash = look("flash", color=colour, count=1, period=0.25)
    return on_district(_fight_district(event, view), flash, t, 0.25, Blend.ADD)


def die_colour(removed: bool, blood_lost: bool) -> RGB:
    """The die flash: white for a removed agent, red-tinted if blood paid for it; grey when it stays."""
    if removed:
        return DIE_HIT_BLOOD if blood_lost else DIE_HIT
    return DIE_MISS


def _fight_district(event: Mapping, view: Mapping) -> str | None:
    """Where a die was used: the fight in the view, else the fighter's district (the last die may
    already have ended the fight)."""
    pos = event.get("district") or (view.get("combat") or {}).get("district")
    if not isinstance(pos, str):
        v = (view.get("vampires") or {}).get(event.get("fighter")) or {}
        pos = v.get("district") if isinstance(v, Mapping) else None
    return pos if isinstance(pos, str) else None


def _vampire_drained(event: Mapping, view: Mapping, t: float) -> Reaction:
    """Two slow grey flashes where the vampire fell."""
    v = (view.get("vampires") or {}).get(event.get("vampire")) or {}
    pos = v.get("district") if isinstance(v, Mapping) else None
    return on_district(pos, look("flash", color=DRAINED_GREY, count=2, period=0.6), t, 1.2)


def _sigil_placed(event: Mapping, view: Mapping, t: float) -> Reaction:
    """Three flashes in the sigil owner's colour."""
    pos = event.get("district")
    if not isinstance(pos, str):
        return Reaction()
    owner = ((view.get("districts") or {}).get(pos) or {}).get("sigil") or event.get("vampire") or ""
    colour = vampire_colour(str(owner), _seats(view))
    return on_district(pos, look("flash", color=colour, count=3, period=0.5), t, 1.5)


def _minion_recruited(event: Mapping, view: Mapping, t: float) -> Reaction:
    """One deep red swell where the minion appears."""
    return on_district(
        event.get("district"), look("pulse", color=VAMPIRE_GLOW, period=0.8), t, 0.8, Blend.ADD
    )


_HANDLERS = {
    "agents_placed": _agents_arrive,
    "agents_added": _agents_arrive,
    "veil_changed": _veil_changed,
    "phase_changed": _phase_changed,
    "card_drawn": _card_drawn,
    "combat_started": _combat_started,
    "combat_ended": _combat_ended,
    "die_used": _die_used,
    "vampire_drained": _vampire_drained,
    "sigil_placed": _sigil_placed,
    "minion_recruited": _minion_recruited,
    "game_over": settle(0.3),  # the finale itself comes from the plan: start it quickly
}


# ---------------------------------------------------------------- helpers


def _seats(view: Mapping[str, Any]) -> dict[str, int]:
    """Vampire name -> seat index (the view's `order`, else the order of `vampires`)."""
    order = view.get("order") or list((view.get("vampires") or {}).keys())
    return {name: i for i, name in enumerate(order)}


def _seed(pos: str) -> int:
    """A fixed seed per district, so neighbours do not flicker in step."""
    return (
        "ABC".index(pos[0]) * 3 + int(pos[1]) if len(pos) == 2 and pos[0] in "ABC" and pos[1] in "123" else 0
    )
