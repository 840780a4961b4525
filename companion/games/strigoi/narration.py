"""Armata Strigoi in the table's language: the event log's lines (`LINES`, one for every event).

The engine's values are keys (`master`, `ne`, `third-wound`, `bounced`); they are put into words
here, at the edge, so no Python value (`None`, `True`) and no key with an underscore reaches the
log. `companion.narration.narrate` re-exports `LINES` as `STRIGOI_LINES`, the name the game's
plugin gives.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from companion.i18n import N_, _, ngettext
from companion.narration.words import outcome_words

STRIGOI = {"master": N_("Master"), "apprentice": N_("Apprentice"), "supreme": N_("Supreme")}
ROOMS = {
    "center": N_("Hall"),
    "n": N_("North"),
    "ne": N_("North-east"),
    "se": N_("South-east"),
    "s": N_("South"),
    "sw": N_("South-west"),
    "nw": N_("North-west"),
}
DIRECTIONS = {
    "n": N_("north"),
    "ne": N_("north-east"),
    "se": N_("south-east"),
    "s": N_("south"),
    "sw": N_("south-west"),
    "nw": N_("north-west"),
}
LOSSES = {
    "crushed": N_("crushed by a platform"),
    "ladder": N_("the last ladder lost"),
    "center": N_("hit on a platform centre"),
    "other": N_("a card or effect"),
    "third-wound": N_("a Powerwolf fell"),
    "ladders-gone": N_("no ladder left"),
}
OUTCOMES = {
    "victory": N_("*** VICTORY: the Supreme Strigoi falls, the fortress is free. ***"),
    "defeat": N_("*** DEFEAT: the Inferno is full, the Strigoi keep the fortress. ***"),
}
REWARDS = {"card": N_("card"), "token": N_("token")}
LEVELS = {"heroic": N_("Heroic"), "legendary": N_("Legendary")}


def _word(table: Mapping[str, str], key: Any) -> str:
    """A key in words from `table` (an unknown key as its words: dashes and underscores become spaces)."""
    return _(table[key]) if key in table else str(key).replace("_", " ").replace("-", " ")


def strigoi_name(key: Any) -> str:
    """`master` -> `Master` in the current language."""
    return _word(STRIGOI, key)


def room_name(key: Any) -> str:
    """`ne` -> `North-east`, `center` -> `Hall`."""
    return _word(ROOMS, key)


def _ladder(room: Any, direction: Any) -> str:
    """A ladder on an outer edge: `North (north-west edge)`."""
    return _("{room} ({direction} edge)").format(room=room_name(room), direction=_word(DIRECTIONS, direction))


def _encounter(e) -> str:
    """`Roel defeats a red Monster, blood point to the Altar, draws a Reward card.`"""
    foe = _("the Strigoi") if e["colour"] == "strigoi" else _("a {colour} Monster").format(colour=e["colour"])
    did = {
        "won": _("defeats {foe}").format(foe=foe),
        "lost": _("loses to {foe}").format(foe=foe),
        "freed": _("sets a Monk free"),
    }[e["result"]]
    extra = (_(", blood point to the Altar") if e.get("blood") else "") + (
        _(", draws a Reward {reward}").format(reward=_word(REWARDS, e["reward"]))
        if e.get("reward") not in (None, "none")
        else ""
    )
    return f"{e['wolf']} {did}{extra}."


def _teleported(e) -> str:
    """Where a Strigoi's teleport took it, or why it did not move."""
    who, origin, to = strigoi_name(e["strigoi"]), room_name(e["origin"]), room_name(e["to"])
    texts = {
        "moved": _("{strigoi} teleports from {origin} to {to}."),
        "bounced": _(
            "{strigoi} finds no platform that way and teleports from {origin} to {to} on the other side."
        ),
        "ladder": _("{strigoi} smashes a ladder instead of moving (stays in {origin})."),
        "blocked": _("{strigoi} is blocked by the other Strigoi and stays in {origin}."),
        "stuck": _("{strigoi} has nowhere to go and stays in {origin}."),
        "stayed": _("{strigoi} stays in {origin} (the card shows X)."),
    }
    return texts.get(e["how"], _("{strigoi} goes from {origin} to {to}.")).format(
        strigoi=who, origin=origin, to=to
    )


def _attacked(e) -> str:
    """`Master attacks Roel: 2 wounds (1 prevented), on a platform centre.`"""
    text = ngettext(
        "{strigoi} attacks {wolf}: {n} wound", "{strigoi} attacks {wolf}: {n} wounds", e["wounds"]
    ).format(strigoi=strigoi_name(e["strigoi"]), wolf=e["wolf"], n=e["wounds"])
    if e.get("prevented"):
        text += _(" ({n} prevented)").format(n=e["prevented"])
    if e.get("center"):
        text += _(", on a platform centre")
    return text + "."


def _cursed(e) -> str:
    """The extra Strigoi turn's curse on a room, and who it hit."""
    who, room = strigoi_name(e["strigoi"]), room_name(e["room"])
    if not e.get("hit"):
        return _("{strigoi} curses {room}; nobody there is hit.").format(strigoi=who, room=room)
    return _("{strigoi} curses {room}: one wound each for {hit}.").format(
        strigoi=who, room=room, hit=", ".join(e["hit"])
    )


def _adjusted(e) -> str:
    """`Correction: Altar 3; wounds Roel 2; Master North, 1 wound; collapsed North; attack marker off`."""
    c = e.get("changes") or {}
    parts = [_("Altar") + " " + str(c["altar"])] if "altar" in c else []
    parts += [_("Inferno") + " " + str(c["inferno"])] if "inferno" in c else []
    parts += [_("wounds {wolf} {n}").format(wolf=w, n=n) for w, n in (c.get("wounds") or {}).items()]
    parts += [_("Reward cards {wolf} {n}").format(wolf=w, n=n) for w, n in (c.get("rewards") or {}).items()]
    for sid, v in (c.get("strigoi") or {}).items():
        bits = [room_name(v["room"])] if v.get("room") else []
        if v.get("wounds") is not None:
            bits.append(ngettext("{n} wound", "{n} wounds", v["wounds"]).format(n=v["wounds"]))
        parts.append(f"{strigoi_name(sid)} {', '.join(bits)}".rstrip())
    if "collapsed" in c:
        parts.append(
            _("collapsed: {rooms}").format(rooms=", ".join(map(room_name, c["collapsed"])) or _("none"))
        )
    if "ladders" in c:
        parts.append(
            _("ladders: {ladders}").format(
                ladders="; ".join(_ladder(*pair) for pair in c["ladders"]) or _("none")
            )
        )
    if "marker" in c:
        parts.append(_("attack marker on") if c["marker"] else _("attack marker off"))
    return _("Correction: ") + "; ".join(parts)


LINES: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "game_set_up": lambda e: _(
        "The pack enters the fortress: {wolves}. The Strigoi wait for round 2 ({rooms})."
    ).format(
        wolves=", ".join(e["powerwolves"]),
        rooms=", ".join(
            _("{strigoi} in {room}").format(strigoi=strigoi_name(k), room=room_name(r))
            for k, r in e["start"].items()
        ),
    ),
    "cards_revealed": lambda e: _("=== Round {round}: turn order {order} ===").format(
        round=e["round"], order=", ".join(e["order"])
    ),
    "turn_started": lambda e: _("{wolf}'s turn (card letter {letter}).").format(
        wolf=e["wolf"], letter=e["letter"]
    ),
    "strigoi_entered": lambda e: _("The Strigoi appear: {rooms}.").format(
        rooms=", ".join(
            _("{strigoi} in {room}").format(strigoi=strigoi_name(k), room=room_name(r))
            for k, r in e["rooms"].items()
        )
    ),
    "blood_gained": lambda e: (
        _("A blood point goes onto the Altar ({altar}).").format(altar=e["altar"])
        + (" " + _("Enough blood to attack a Strigoi.") if e["can_attack"] else "")
    ),
    "blood_lost": lambda e: _(
        "A blood point falls into the Inferno ({why}): Altar {altar}, Inferno {inferno}."
    ).format(why=_word(LOSSES, e["reason"]), altar=e["altar"], inferno=e["inferno"]),
    "wounded": lambda e: ngettext(
        "{wolf} takes {n} wound ({total} in all).", "{wolf} takes {n} wounds ({total} in all).", e["wounds"]
    ).format(wolf=e["wolf"], n=e["wounds"], total=e["total"]),
    "fell": lambda e: _("{wolf} falls: the wounds are gone, and the pack pays a blood point.").format(
        wolf=e["wolf"]
    ),
    "healed": lambda e: ngettext(
        "{wolf} heals {n} wound ({total} left).", "{wolf} heals {n} wounds ({total} left).", e["healed"]
    ).format(wolf=e["wolf"], n=e["healed"], total=e["total"]),
    "token_revealed": lambda e: (
        _("Strigoi token from the bag: {strigoi} moves, {bonus} extra wounds.")
        if e["source"] == "bag"
        else _("Strigoi token: {strigoi} moves, {bonus} extra wounds.")
    ).format(strigoi=strigoi_name(e["strigoi"]), bonus=e["bonus"]),
    "strigoi_teleported": _teleported,
    "ladder_destroyed": lambda e: ngettext(
        "The ladder at {ladder} is destroyed; {n} ladder left.",
        "The ladder at {ladder} is destroyed; {n} ladders left.",
        e["left"],
    ).format(ladder=_ladder(e["room"], e["direction"]), n=e["left"]),
    "strigoi_attacked": _attacked,
    "strigoi_wounded": lambda e: _("{wolf} wounds the {strigoi}: {wounds} of {existence}.").format(
        wolf=e["wolf"], strigoi=strigoi_name(e["strigoi"]), wounds=e["wounds"], existence=e["existence"]
    ),
    "strigoi_defeated": lambda e: _("*** The {strigoi} perishes! ***").format(
        strigoi=strigoi_name(e["strigoi"])
    ),
    "supreme_rose": lambda e: _(
        "*** The {strigoi} rises as the Supreme Strigoi; the fortress starts to crumble. ***"
    ).format(strigoi=strigoi_name(e["strigoi"])),
    "platform_collapsed": lambda e: (
        _("The platform {room} collapses; the Supreme falls into the Hall.")
        if e["strigoi_moved"]
        else _("The platform {room} collapses.")
    ).format(room=room_name(e["room"])),
    "platform_rotated": lambda e: _("The platform {room} turns: its letters now read {ring}.").format(
        room=room_name(e["room"]), ring=e["ring"]
    ),
    "cursed": _cursed,
    "round_ended": lambda e: (
        _("Round {round} ends after the Strigoi's extra turn.")
        if e["extra_turn"]
        else _("Round {round} ends.")
    ).format(round=e["round"]),
    "encounter_fought": _encounter,
    "reward_drawn": lambda e: _("{wolf} draws {n} Reward card(s) ({total} so far).").format(
        wolf=e["wolf"], n=e["n"], total=e["total"]
    ),
    "card_earned": lambda e: _("*** {wolf} earns {title} ({level} card): {why}. ***").format(
        wolf=e["wolf"], title=e["title"], level=_word(LEVELS, e["level"]), why=e["why"]
    ),
    "adjusted": _adjusted,
    "game_over": lambda e: (
        _(OUTCOMES[e["outcome"]])
        if e["outcome"] in OUTCOMES
        else _("*** Game over: {outcome} ***").format(outcome=outcome_words(e["outcome"]))
    ),
}
