"""Masters of the Night scene: the view -> looks mapping and the event reactions."""

import copy

from companion.games.masters import scene as masters
from companion.lighting.color import BLACK
from companion.lighting.compositor import apply_overlays
from companion.lighting.effects import render
from companion.lighting.scenes import scene_for


def _px(view, light, t=0.0, n=9):
    """Pixels of `light` in the plan for `view` at time t."""
    return render(masters.plan(view).looks[light], t, n)


def _district(view, pos, **facts):
    """Edit one district of `view`."""
    view["districts"][pos].update(facts)
    return view


def test_plan_is_pure_and_leaves_the_view_alone(view):
    before = copy.deepcopy(view)
    assert masters.plan(view) == masters.plan(copy.deepcopy(view))
    assert view == before


def test_scene_registry_picks_masters_and_falls_back():
    assert scene_for({"game": "masters"}) is masters
    assert scene_for({"game": "nosferatu"}).__name__ == "companion.games.nosferatu.scene"  # its package's
    assert scene_for({"game": "chess"}).__name__.endswith("basic")
    assert scene_for(None).__name__.endswith("basic")


def test_day_is_warm_and_night_is_cool(view):
    night = _px(view, "district.B2")[0]
    day = _px(dict(view, phase="day"), "district.B2")[0]
    assert day[0] > day[2]  # warm: more red than blue
    assert night[2] > night[0]  # moonlight: more blue than red


def test_minions_outnumbering_agents_glow_deep_red(view):
    _district(view, "B2", minions=2, agents_hidden=1)
    lk = masters.plan(view).looks["district.B2"]
    assert lk.effect == "breathe" and lk.params.color == masters.VAMPIRE_GLOW


def test_agents_outnumbering_minions_are_cold_white(view):
    _district(view, "B2", minions=1, agents_hidden=2)
    assert _px(view, "district.B2") == (masters.AGENT_COLD,) * 9


def test_exposed_agents_flicker(view):
    _district(view, "B2", agents_exposed=2)
    frames = {_px(view, "district.B2", t / 9) for t in range(20)}
    assert len(frames) > 5


def test_exposed_agents_under_vampire_control_flicker_over_the_glow(view):
    _district(view, "B2", agents_exposed=1, minions=3)
    lk = masters.plan(view).looks["district.B2"]
    assert lk.effect == "layers" and [layer.look.effect for layer in lk.params.layers] == [
        "breathe",
        "flicker",
    ]


def test_tie_shows_the_ambient(view, quiet_view):
    _district(view, "B2", agents_hidden=1, minions=1)
    assert masters.plan(view).looks["district.B2"] == masters.plan(quiet_view).looks["district.B2"]


def test_sigil_glows_in_its_vampires_colour_even_against_more_agents(view):
    _district(view, "B2", sigil="Mila", agents_hidden=3, minions=0)
    lk = masters.plan(view).looks["district.B2"]
    assert lk.effect == "breathe" and lk.params.color == masters.VAMPIRE_COLOURS["mila"]


def test_each_vampire_lights_its_own_pixel(view):
    px = _px(view, "district.A1")
    assert px[1] == masters.VAMPIRE_COLOURS["mila"]  # seat 0 -> pixel 1 of 9
    assert px[3] == masters.VAMPIRE_COLOURS["imre"]  # seat 1 -> pixel 3 of 9
    assert px[0] == px[2] == px[4]  # the rest is the mood
    assert _px(view, "district.A2") == (_px(view, "district.A2")[0],) * 9  # nobody there


def test_drained_vampire_pulses_dim_grey(view):
    view["vampires"]["Imre"]["drained"] = True
    grey = [_px(view, "district.A1", t)[3] for t in (0.0, 1.0)]
    assert grey[0] != grey[1]
    assert all(c[0] == c[1] == c[2] and c[0] <= 60 for c in grey)


def test_day_combat_strobes_red(view):
    view.update(phase="day", combat={"district": "C1", "day": True, "fighter": "Mila"})
    assert _px(view, "district.C1", 0.05) == ((255, 0, 0),) * 9
    assert _px(view, "district.C1", 0.2) == (BLACK,) * 9
    assert _px(view, "district.C2", 0.2) != (BLACK,) * 9


def test_veil_bar_lights_up_to_the_veil(view):
    view["veil"] = 4
    looks = masters.plan(view).looks
    lit = [render(looks[f"veil.{i}"], 0.0, 1) != (BLACK,) for i in range(7)]
    assert lit == [True] * 5 + [False] * 2


def test_veil_colour_runs_from_safe_to_danger():
    safe, danger = masters.veil_colour(6), masters.veil_colour(1)
    assert danger == (255, 0, 0)
    assert safe[1] > safe[0] and safe[2] > safe[0]  # green-blue
    assert masters.veil_colour(0) == danger


def test_veil_heartbeat_at_two_or_less(view):
    for v, effect in ((3, "solid"), (2, "heartbeat"), (1, "heartbeat")):
        view["veil"] = v
        assert masters.plan(view).looks["veil.0"].effect == effect


def test_veil_drop_animates_top_down_then_restores(view):
    r = masters.react({"event": "veil_changed", "old": 5, "new": 2}, view, 10.0)
    assert [o.light for o in r.overlays] == ["veil.5", "veil.4", "veil.3"]
    ends = [o.end for o in r.overlays]
    assert ends == sorted(ends) and ends[0] < ends[-1]  # the top goes first
    top = r.overlays[0]
    assert apply_overlays((BLACK,), [top], 10.0) == ((255, 0, 0),)  # flashes red as it goes
    assert apply_overlays((BLACK,), [top], 10.15) == ((191, 0, 0),)  # and fades (a quarter of 0.6 s)
    assert apply_overlays((BLACK,), [top], top.end) == (BLACK,)  # then the bar's own look again


def test_veil_rise_lights_new_steps_bottom_up(view):
    r = masters.react({"event": "veil_changed", "old": 2, "new": 4}, view, 0.0)
    assert [o.light for o in r.overlays] == ["veil.3", "veil.4"]
    assert r.overlays[0].end < r.overlays[1].end


def test_phase_change_sweeps_and_fades_slowly(view):
    r = masters.react({"event": "phase_changed", "phase": "night"}, view, 3.0)
    assert r.fade == masters.PHASE_FADE
    starts = {o.light: o.start for o in r.overlays}
    assert starts["district.A1"] < starts["district.A2"] < starts["district.A3"]  # dusk moves west to east
    dawn = {
        o.light: o.start
        for o in masters.react({"event": "phase_changed", "phase": "day"}, view, 3.0).overlays
    }
    assert dawn["district.A3"] < dawn["district.A1"]


def test_events_land_in_their_district(view):
    _district(view, "B2", sigil="Mila", minions=1)
    for event, light in (
        ({"event": "agents_added", "district": "B3", "n": 2}, "district.B3"),
        ({"event": "combat_started", "district": "C1", "day": True}, "district.C1"),
        ({"event": "combat_ended", "district": "C1"}, "district.C1"),
        ({"event": "vampire_drained", "vampire": "Imre"}, "district.A1"),
        ({"event": "sigil_placed", "district": "B2"}, "district.B2"),
        ({"event": "minion_recruited", "district": "C2"}, "district.C2"),
        ({"event": "die_used", "value": 6, "result": "kill", "district": "C1"}, "district.C1"),
    ):
        lights = {o.light for o in masters.react(event, view, 0.0).overlays}
        assert lights == {light}, event


def test_sigil_flash_uses_the_owners_colour(view):
    _district(view, "B2", sigil="Mila", minions=1)
    ov = masters.react({"event": "sigil_placed", "district": "B2"}, view, 0.0).overlays[0]
    assert render(ov.look, 0.1, 1) == (masters.VAMPIRE_COLOURS["mila"],)


def test_card_drawn_sweeps_row_by_row(view):
    starts = {
        o.light: o.start for o in masters.react({"event": "card_drawn", "card": "I-01"}, view, 0.0).overlays
    }
    assert starts["district.A2"] < starts["district.B2"] < starts["district.C2"]


def test_unknown_events_show_nothing(view):
    r = masters.react({"event": "relic_polished"}, view, 0.0)
    assert r.overlays == () and r.fade is None


def test_victory_plays_a_sequence_then_settles(view):
    view.update(outcome="victory", phase="over")
    looks = masters.plan(view).looks
    lk = looks["district.B2"]
    assert lk.local and lk.effect == "sequence"
    assert render(lk, 0.0, 9) == (BLACK,) * 9  # the wave has not reached B2 yet
    late = [render(lk, t, 1)[0] for t in (60.0, 62.5)]
    assert late[0] != late[1] and all(c[0] > c[2] for c in late)  # a warm golden breath
    assert render(looks["veil.6"], 30.0, 1) == (masters.GOLD,)


def test_defeats_differ_and_go_dark_red_or_grey(view):
    veil = masters.plan(dict(view, outcome="defeat-veil")).looks
    deck = masters.plan(dict(view, outcome="defeat-deck")).looks
    red = render(veil["district.A1"], 60.0, 1)[0]
    grey = render(deck["district.A1"], 60.0, 1)[0]
    assert red[0] > 0 and red[1] == red[2] == 0
    assert grey == (12, 12, 16)
    assert render(veil["veil.0"], 0.0, 1)[0][0] > 0 and render(veil["veil.3"], 0.0, 1) == (BLACK,)


def test_plan_survives_a_sparse_view():
    looks = masters.plan({"game": "masters"}).looks
    assert set(looks) >= {f"district.{r}{c}" for r in "ABC" for c in "123"} | {f"veil.{i}" for i in range(7)}
    assert masters.plan(None).looks.keys() == looks.keys()
