"""Turn engine events into short readable log lines (the headless demo, the screen's event log).

Pure: event dicts in (`{"event": kind, ...}`), strings out. Unknown kinds fall back to a generic
line, so a new event never breaks the log. A game's descriptor may name its own table of lines
(`narration`, e.g. `MASTERS_LINES`), looked up first for its events; the shared table (`_LINES`, every
game's lines together) comes next.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping


def _grid(ev) -> str:
    """A card grid as `A1 red, B2 blue`."""
    grid = ev.get("grid") or []
    items = grid.items() if isinstance(grid, Mapping) else grid
    return ", ".join(f"{pos} {colour}" for pos, colour in items)


def _kills(ev) -> str:
    """Kill credits as `Ishtvan +2, Mila +1`."""
    kills = ev.get("kills") or []
    items = kills.items() if isinstance(kills, Mapping) else kills
    return ", ".join(f"{name} +{n}" for name, n in items) or "no kills"


MASTERS_LINES: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "game_set_up": lambda e: f"The family wakes at the railway station: {', '.join(e['vampires'])}; {e['deck_size']} event cards in the deck.",
    "round_began": lambda e: f"=== Round {e['round']}: day, {e['leading']} leads ===",
    "leader_passed": lambda e: f"{e['leading']} takes the leading token.",
    "day_effect_resolved": lambda e: f"Day effect of {e['district']} ({e['key']}) resolved.",
    "relic_drawn": lambda e: f"Relic {e['relic']} found" + (f", given to {e['to']}." if e.get("to") else ", nobody may hold it."),
    "card_drawn": lambda e: f"Event card {e['card']} \u201c{e['name']}\u201d (act {e['act']}): {_grid(e)}.",
    "ability_card_drawn": lambda e: f"Card {e['card']} drawn for an ability only (not resolved): {_grid(e)}.",
    "agents_placed": lambda e: f"{e['n']} agent{'s' if e['n'] != 1 else ''} arrive{'s' if e['n'] == 1 else ''} in {e['district']}" + (" (exposed)." if e.get("exposed") else "."),
    "agents_missing": lambda e: f"The reserve is out of agents: {e['n']} could not be placed in {e['district']} (veil will drop).",
    "agents_moved": lambda e: f"{e['n']} agent(s) move from {e['source']} to {e['to']}.",
    "agents_removed": lambda e: f"{e['n']} agent(s) removed from {e['district']}" + (f" by {e['by']}." if e.get("by") else "."),
    "agents_exposed": lambda e: f"{e['n']} agent(s) exposed in {e['district']}.",
    "minions_placed": lambda e: f"{e['n']} minion(s) placed in {e['district']}.",
    "minions_removed": lambda e: f"{e['n']} minion(s) leave {e['district']}.",
    "veil_changed": lambda e: f"Veil {e['old']} -> {e['new']} ({e['why']}).",
    "veil_queued": lambda e: f"Veil will drop by {e['n']} after the card ({e['why']}).",
    "card_attached": lambda e: f"Card {e['card']} stays in play on {e['to']}.",
    "card_discarded": lambda e: f"Card {e['card']} discarded.",
    "combat_started": lambda e: f"{'Day' if e['day'] else 'Night'} combat in {e['district']}: {e['fighter']} against {e['agents']} agent(s).",
    "minions_sacrificed": lambda e: f"{e['n']} minion(s) sacrificed in {e['district']} for {e['by']}.",
    "die_used": lambda e: f"  {e['fighter']} uses a {e['value']}: " + ("agent removed" if e["removed"] else "agent stays") + (", loses 1 blood." if e["blood_lost"] else "."),
    "dice_rolled": lambda e: f"  Dice rolled: {' '.join(str(v) for v in e['values'])}.",
    "fighter_changed": lambda e: f"  {e['fighter']} takes over the fight.",
    "combat_ended": lambda e: f"Combat in {e['district']} over: {e['agents_left']} agent(s) left; {_kills(e)}.",
    "blood_changed": lambda e: f"{e['vampire']} blood {e['old']} -> {e['new']}.",
    "vampire_drained": lambda e: f"{e['vampire']} is drained!",
    "vampire_revived": lambda e: f"{e['vampire']} stirs again.",
    "kills_changed": lambda e: f"{e['vampire']} kill count {e['kills']}.",
    "night_began": lambda e: f"--- Night falls (round {e['round']}) ---",
    "turn_began": lambda e: f"{e['vampire']}'s turn ({e['ap']} AP).",
    "turn_ended": lambda e: f"{e['vampire']} ends the turn.",
    "action_taken": lambda e: f"  {e['vampire']}: {e['action'].replace('_', ' ')} in {e['district']} ({e['ap']} AP).",
    "vampire_moved": lambda e: f"  {e['vampire']} moves {e['source']} -> {e['to']}" + (f" with {e['minions']} minion(s)." if e.get("minions") else "."),
    "sigil_placed": lambda e: f"{e['vampire']} places a dread sigil in {e['district']}!",
    "a_p_set": lambda e: f"{e['vampire']} now has {e['ap']} AP.",
    "relic_given": lambda e: f"{e['vampire']} takes relic {e['relic']}.",
    "relic_discarded": lambda e: f"Relic {e['relic']} discarded.",
    "relic_placed": lambda e: f"Relic {e['relic']} placed in {e['district']}.",
    "relic_used": lambda e: f"{e['vampire']} uses relic {e['relic']}.",
    "relics_exchanged": lambda e: f"{e['vampire']} and {e['other']} exchange relics.",
    "adjusted": lambda e: "Correction: " + "; ".join(f"{w} {k} {v}" for w, k, v in (e.get("changes") or [])),
    "game_over": lambda e: {"victory": "*** VICTORY: the Blood Moon rises over the city. ***",
                            "defeat-veil": "*** DEFEAT: the veil is torn, the family is hunted down. ***",
                            "defeat-deck": "*** DEFEAT: the event deck is exhausted; the Inquisition holds the city. ***"}.get(e["outcome"], f"*** Game over: {e['outcome']} ***"),
}

# Armata Strigoi: the turn's encounter, Reward cards and the Advanced Action cards earned.
def _encounter(e) -> str:
    """`Roel defeats a red Monster, blood point to the Altar, draws a Reward card.`"""
    foe = "the Strigoi" if e["colour"] == "strigoi" else f"a {e['colour']} Monster"
    did = {"won": f"defeats {foe}", "lost": f"loses to {foe}", "freed": "sets a Monk free"}[e["result"]]
    extra = (", blood point to the Altar" if e.get("blood") else "") + \
        (f", draws a Reward {e['reward']}" if e.get("reward") not in (None, "none") else "")
    return f"{e['wolf']} {did}{extra}."


STRIGOI_LINES: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "encounter_fought": _encounter,
    "reward_drawn": lambda e: f"{e['wolf']} draws {e['n']} Reward card(s) ({e['total']} so far).",
    "card_earned": lambda e: f"*** {e['wolf']} earns {e['title']} ({e['level']} card): {e['why']}. ***",
}
_LINES = {**MASTERS_LINES, **STRIGOI_LINES}


def line(event: Mapping[str, Any], game: str | None = None) -> str:
    """One readable line for an event dict of `game` (generic for unknown kinds or missing fields)."""
    kind = str(event.get("event", "?"))
    for table in (_own_lines(game), _LINES):
        fmt = table.get(kind)
        if fmt is not None:
            try:
                return fmt(event)
            except (KeyError, TypeError, AttributeError):
                pass  # an event of an older/newer shape: fall back to the generic line
    details = ", ".join(f"{k} {v}" for k, v in event.items() if k != "event")
    return f"{kind.replace('_', ' ')}: {details}" if details else kind.replace("_", " ")


def lines(events, game: str | None = None) -> list[str]:
    """Lines for a sequence of events (Event objects or dicts) of `game`."""
    return [line(e.to_dict() if hasattr(e, "to_dict") else e, game) for e in events]


def _own_lines(game: str | None) -> Mapping[str, Callable[[Mapping[str, Any]], str]]:
    """The table of lines `game`'s descriptor names (empty: none, or no game given)."""
    if game is None:
        return {}
    from companion.rules.catalog import games, resolve

    found = games().get(game)
    return resolve(found.narration) if found is not None and found.narration else {}


# -- `companion play --narrate`: what each command did, where the game stands, what may follow --------
def command_text(command: Mapping[str, Any]) -> str:
    """A command as the line a learner would type: `draw card=II-01 split={'A1': 1}`."""
    params = " ".join(f"{k}={v}" for k, v in command.items() if k != "cmd")
    return f"{command.get('cmd')} {params}".rstrip()


def where(state: Mapping[str, Any]) -> str:
    """Where a game stands, for any game: `round 2, night / turn, Mila's turn`."""
    parts = []
    if state.get("round") is not None:
        parts.append(f"round {state['round']}")
    steps = [str(p) for p in dict.fromkeys((state.get("phase"), state.get("step"))) if p]
    if steps:
        parts.append(" / ".join(steps))
    if state.get("turn"):
        parts.append(f"{state['turn']}'s turn")
    if state.get("veil") is not None:
        parts.append(f"veil {state['veil']}")
    return ", ".join(parts)


def legal_moves(actions) -> list[str]:
    """The moves open now: enabled ones with their command (and what they still need), greyed ones with why."""
    out = []
    for a in actions:
        cost = f" [{a.cost}]" if a.cost else ""
        needs = f" + {', '.join(a.needs)}" if a.needs else ""
        if a.enabled:
            out.append(f"  {a.label}{cost}: {command_text(a.command)}{needs}")
        else:
            out.append(f"  ({a.label}: {a.why_not or 'not now'})")
    return out
