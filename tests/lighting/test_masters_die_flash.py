"""Masters scene: the flash for the engine's real `die_used` event (removed / blood_lost)."""

import random

from companion.games.masters import scene as masters
from companion.games.masters.rules import bot
from companion.games.masters.rules.events import DieUsed
from companion.lighting.color import BLACK
from companion.lighting.compositor import apply_overlays
from companion.lighting.effects import render
from companion.rules import load_game


def _die(removed, blood_lost, fighter="Mila", value=4):
    """A die_used event dict exactly as the engine emits it."""
    return DieUsed(value, fighter, removed, blood_lost).to_dict()


def _flash(event, view, t=0.0):
    """The one overlay the scene makes for `event`."""
    (ov,) = masters.react(event, view, t).overlays
    return ov


def test_die_flash_is_bright_white_when_the_agent_is_removed(view):
    view["combat"] = {"district": "C1", "day": False, "fighter": "Mila"}
    ov = _flash(_die(True, False, value=6), view, 5.0)
    assert ov.light == "district.C1"
    assert apply_overlays((BLACK,) * 9, [ov], 5.05) == ((255, 255, 255),) * 9


def test_die_flash_is_tinted_red_when_blood_paid_for_the_removal(view):
    view["combat"] = {"district": "C1", "day": False, "fighter": "Mila"}
    colour = render(_flash(_die(True, True), view).look, 0.05, 1)[0]
    assert colour == masters.DIE_HIT_BLOOD
    assert colour[0] == 255 and colour[1] < colour[0] and colour[1] == colour[2]  # a red tint on white


def test_die_flash_is_grey_when_the_agent_stays(view):
    view["combat"] = {"district": "C1", "day": False, "fighter": "Mila"}
    for blood_lost in (True, False):
        colour = render(_flash(_die(False, blood_lost, value=1), view).look, 0.05, 1)[0]
        assert colour == masters.DIE_MISS and colour[0] == colour[1] == colour[2] < 128


def test_die_flash_ignores_the_old_result_strings(view):
    view["combat"] = {"district": "C1", "day": False, "fighter": "Mila"}
    event = {"event": "die_used", "value": 6, "fighter": "Mila", "result": "kill"}
    assert render(_flash(event, view).look, 0.05, 1)[0] == masters.DIE_MISS


def test_die_flash_is_short_and_then_the_mood_returns(view):
    view["combat"] = {"district": "B2", "day": False, "fighter": "Mila"}
    ov = _flash(_die(True, False), view, 2.0)
    base = ((10, 20, 30),) * 9
    assert apply_overlays(base, [ov], 2.0) == ((255, 255, 255),) * 9
    assert apply_overlays(base, [ov], 2.2) == base  # past the lit half of its 0.25 s
    assert apply_overlays(base, [ov], ov.end) == base


def test_die_flash_after_the_fight_ended_lands_on_the_fighters_district(view):
    view["combat"] = None  # the last die ends the fight: the view no longer has it
    view["vampires"]["Mila"]["district"] = "C3"
    assert _flash(_die(True, True), view).light == "district.C3"


def test_die_flash_without_any_district_shows_nothing(view):
    view["combat"] = None
    assert masters.react(_die(True, False, fighter="Nobody"), view, 0.0).overlays == ()


def test_die_flash_for_real_engine_dice_matches_their_outcome():
    game = load_game("masters")
    state, _ = game.setup(
        {"cmd": "setup", "game": "masters", "vampires": ["Imre", "Mila"], "difficulty": "easy", "seed": 7}
    )
    rng, seen = random.Random(1), {}
    while game.outcome(state) is None and len(seen) < 3:
        state, events = game.apply(state, bot.choose(game, state, rng))
        view = game.to_json(state)
        for e in (e.to_dict() for e in events):
            if e["event"] != "die_used":
                continue
            ov = _flash(e, view)
            assert ov.light == f"district.{view['vampires'][e['fighter']]['district']}"
            seen[(e["removed"], e["blood_lost"])] = render(ov.look, 0.05, 1)[0]
    assert seen == {
        (True, False): masters.DIE_HIT,
        (True, True): masters.DIE_HIT_BLOOD,
        (False, True): masters.DIE_MISS,
    }
