"""The state as the documented JSON object (the game's README.md) and back.

Apart from state.py because the JSON carries derived keys (the day effects in force, the hunts due, a
vampire's blood limit) that board.py and limits.py compute from the state: they import state.py, this
imports them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.games.masters.rules import board, limits
from companion.games.masters.rules.data import POSITIONS, MastersData
from companion.games.masters.rules.state import (
    SHORT_LEADER,
    Card,
    Combat,
    DeckMode,
    District,
    MastersState,
    Outcome,
    Phase,
    Reserve,
    Step,
    Vampire,
)


def to_json(data: MastersData, s: MastersState) -> dict[str, Any]:
    """The state as the documented JSON object (derived keys included for the screens)."""
    out = {
        "game": "masters",
        "round": s.round,
        "phase": s.phase.value,
        "step": s.step.value,
        "veil": s.veil,
        "outcome": s.outcome.value if s.outcome else None,
        "leading": s.leading,
        "order": list(s.order),
        "turn": s.turn,
        "districts": {d.pos: _district_json(data, d) for d in s.districts},
        "vampires": {v.name: _vampire_json(data, v, limits.max_blood(data, v)) for v in s.vampires},
        "reserve": {"agents": s.reserve.agents, "minions": s.reserve.minions, "blood": s.reserve.blood},
        "dice": list(s.dice),
        "dice_used": list(s.dice_used),
        "deck": {
            "remaining": len(s.deck_acts),
            "act": s.deck_acts[0] if s.deck_acts else None,
            "mode": s.deck_mode.value,
            "cards": list(s.deck),
            "acts": list(s.deck_acts),
        },
        "drawn": list(s.drawn),
        "card": _card_json(s.card),
        "day_effects": {"active": list(board.active_day_effects(data, s)), "resolved": list(s.day_resolved)},
        "hunt": {"due": list(board.hunts_due(s)), "done": list(s.hunted)},
        "combat": _combat_json(s.combat),
        "veil_pending": s.veil_pending,
        "veil_queue": {"districts": list(s.veil_districts), "missing": s.veil_missing, "text": s.veil_text},
        "relics": {
            "deck": list(s.relic_deck),
            "discarded": list(s.relics_discarded),
            "used": list(s.relics_used),
        },
        "rng": {"seed": s.seed, "draws": s.draws},
        "short_agents": s.short_agents,
    }
    if s.rules_version != 1:  # a game from before rules versions keeps its JSON as it was
        out["rules_version"] = s.rules_version
    return out


def from_json(data: Mapping[str, Any]) -> MastersState:
    """Inverse of `to_json` (derived keys are ignored)."""
    order = tuple(data["order"])
    return MastersState(
        round=int(data["round"]),
        phase=Phase(data["phase"]),
        step=Step(data["step"]),
        veil=int(data["veil"]),
        leading=data["leading"],
        order=order,
        turn=data.get("turn"),
        outcome=Outcome(data["outcome"]) if data.get("outcome") else None,
        districts=tuple(_district_from(pos, data["districts"][pos]) for pos in POSITIONS),
        vampires=tuple(_vampire_from(name, data["vampires"][name]) for name in order),
        reserve=Reserve(**{k: int(data["reserve"][k]) for k in ("agents", "minions", "blood")}),
        dice=tuple(data["dice"]),
        dice_used=tuple(data.get("dice_used", ())),
        deck_mode=DeckMode(data["deck"].get("mode", "digital")),
        deck=tuple(data["deck"].get("cards", ())),
        deck_acts=tuple(data["deck"].get("acts", ())),
        drawn=tuple(data.get("drawn", ())),
        card=_card_from(data.get("card")),
        day_resolved=tuple(data["day_effects"]["resolved"]),
        hunted=tuple(data.get("hunt", {}).get("done", ())),
        combat=_combat_from(data.get("combat")),
        veil_districts=tuple(data["veil_queue"]["districts"]),
        veil_missing=int(data["veil_queue"]["missing"]),
        veil_text=int(data["veil_queue"].get("text", 0)),
        relic_deck=tuple(data["relics"]["deck"]),
        relics_discarded=tuple(data["relics"]["discarded"]),
        relics_used=tuple(data["relics"]["used"]),
        seed=int(data["rng"]["seed"]),
        draws=int(data["rng"]["draws"]),
        short_agents=str(data.get("short_agents", SHORT_LEADER)),
        rules_version=int(data.get("rules_version", 1)),
    )


def _district_json(data: MastersData, d: District) -> dict[str, Any]:
    """One district as JSON, with the tile's name for the screens."""
    return {
        "name": data.district(d.key).name,
        "key": d.key,
        "agents_hidden": d.agents_hidden,
        "agents_exposed": d.agents_exposed,
        "minions": d.minions,
        "sigil": d.sigil,
        "relics": list(d.relics),
        "cards": list(d.cards),
    }


def _district_from(pos: str, d: Mapping[str, Any]) -> District:
    """A district from its JSON."""
    return District(
        pos,
        d["key"],
        int(d["agents_hidden"]),
        int(d["agents_exposed"]),
        int(d["minions"]),
        d.get("sigil"),
        tuple(d.get("relics", ())),
        tuple(d.get("cards", ())),
    )


def _vampire_json(data: MastersData, v: Vampire, max_blood: int) -> dict[str, Any]:
    """One vampire as JSON (drained and max_blood are derived)."""
    return {
        "district": v.district,
        "blood": v.blood,
        "max_blood": max_blood,
        "kills": v.kills,
        "drained": v.drained,
        "ap": v.ap,
        "base_ap": v.base_ap,
        "relics": list(v.relics),
        "sigil_placed": v.sigil_placed,
        "cards": list(v.cards),
    }


def _vampire_from(name: str, v: Mapping[str, Any]) -> Vampire:
    """A vampire from its JSON."""
    return Vampire(
        name,
        v["district"],
        int(v["blood"]),
        int(v["kills"]),
        int(v["ap"]),
        int(v.get("base_ap", 2)),
        tuple(v.get("relics", ())),
        bool(v.get("sigil_placed", False)),
        tuple(v.get("cards", ())),
    )


def _card_json(c: Card | None) -> dict[str, Any] | None:
    """The card in play as JSON."""
    if c is None:
        return None
    return {
        "key": c.key,
        "name": c.name,
        "act": c.act,
        "grid": c.grid(),
        "red_agents": c.red_agents,
        "blue_agents": list(c.blue_agents),
        "continuing": c.continuing,
        "placements": dict(c.placements),
        "placed": c.placed,
    }


def _card_from(c: Mapping[str, Any] | None) -> Card | None:
    """The card in play from its JSON."""
    if c is None:
        return None
    grid = c["grid"]
    return Card(
        c["key"],
        c["name"],
        c["act"],
        tuple(p for p in POSITIONS if grid.get(p) == "red"),
        tuple(p for p in POSITIONS if grid.get(p) == "blue"),
        int(c["red_agents"]),
        (int(c["blue_agents"][0]), int(c["blue_agents"][1])),
        bool(c.get("continuing", False)),
        tuple((p, int(n)) for p, n in c.get("placements", {}).items()),
        bool(c.get("placed", False)),
    )


def _combat_json(c: Combat | None) -> dict[str, Any] | None:
    """The fight in progress as JSON."""
    if c is None:
        return None
    return {
        "district": c.district,
        "day": c.day,
        "fighter": c.fighter,
        "first_fighter": c.first_fighter,
        "dice_left": c.dice_left,
        "agents": c.dice_left,
        "back": c.back.value,
        "kills": dict(c.kills),
        "started": c.started,
        "ability_paid": c.ability_paid,
    }


def _combat_from(c: Mapping[str, Any] | None) -> Combat | None:
    """The fight in progress from its JSON."""
    if c is None:
        return None
    return Combat(
        c["district"],
        bool(c["day"]),
        c["fighter"],
        c["first_fighter"],
        int(c["dice_left"]),
        Step(c["back"]),
        tuple((k, int(n)) for k, n in c.get("kills", {}).items()),
        bool(c.get("started", False)),
        bool(c.get("ability_paid", False)),
    )
