"""Controller: frame-rate independence, cross-fades on view changes, overlays from events, status."""

import copy

from companion.gamedata.config import LedConfig
from companion.games.masters import scene as masters
from companion.lighting.color import BLACK, mix_pixels
from companion.lighting.compositor import Entry, Overlay
from companion.lighting.controller import FIRST_STEP, LightingController
from companion.lighting.output import OutputStage
from companion.lighting.patterns import Health, status_look
from companion.lighting.scenes import DEFAULT_FADE


def _busy(view):
    """Edit `view` into a lively board and return it."""
    view["districts"]["B2"].update(minions=2, sigil="Mila")
    view["districts"]["C1"].update(agents_hidden=1, agents_exposed=2)
    view["veil"] = 2
    return view


def test_render_at_t_is_independent_of_earlier_frames(counts, view):
    events = [
        {"event": "agents_placed", "district": "C1", "n": 3},
        {"event": "veil_changed", "old": 4, "new": 2},
    ]
    a, b = LightingController(counts), LightingController(counts)
    for ctl in (a, b):
        ctl.update(view, [], 0.0)
        ctl.update(_busy(copy.deepcopy(view)), events, 1.0)
    for k in range(1, 90):  # a 30 fps run
        a.render(1.0 + k / 30)
    for t in (1.01, 1.5, 2.4):  # a few slow, uneven frames
        b.render(t)
    assert a.render(2.7) == b.render(2.7)
    assert a.render(1.25) == b.render(1.25)  # even going back


def test_repeated_updates_with_the_same_view_change_nothing(counts, view):
    a, b = LightingController(counts), LightingController(counts)
    a.update(view, [], 0.0)
    b.update(view, [], 0.0)
    for k in range(1, 60):
        a.update(copy.deepcopy(view), [], k / 30)
    assert a.render(3.3) == b.render(3.3)
    assert all(len(h) == 1 for h in a.histories.values())


def test_view_change_cross_fades_over_the_plan_fade(counts, view):
    ctl = LightingController(counts)
    ctl.update(view, [], 0.0)
    changed = copy.deepcopy(view)
    changed["districts"]["A2"]["minions"] = 2  # the vampires now hold A2
    ctl.update(changed, [], 10.0)
    old, new = masters.plan(view).looks["district.A2"], masters.plan(changed).looks["district.A2"]
    assert old != new

    def px(lk, t):
        """The look's nine pixels at t."""
        return lk.fn(lk.params, t, 9)

    # the first frame already shows the first step of the change (the press is answered at once)
    assert ctl.compose(9.99)["district.A2"] == px(old, 9.99)
    assert ctl.compose(10.0)["district.A2"] == mix_pixels(px(old, 10.0), px(new, 10.0), FIRST_STEP)
    assert ctl.compose(10.0)["district.A2"] != px(old, 10.0)
    half = 10.0 + DEFAULT_FADE / 2
    share = FIRST_STEP + (1 - FIRST_STEP) * 0.5
    assert ctl.compose(half)["district.A2"] == mix_pixels(px(old, half), px(new, half), share)
    end = 10.0 + DEFAULT_FADE
    assert ctl.compose(end)["district.A2"] == px(new, end)  # progress 1
    assert len(ctl.histories["district.B3"]) == 1  # unchanged lights do not fade


def test_agents_arriving_pulse_once_per_agent_then_restore(counts, view):
    ctl = LightingController(counts)
    ctl.update(view, [], 0.0)
    ctl.update(view, [{"event": "agents_placed", "district": "C1", "n": 3}], 5.0)
    ov = [o for o in ctl.overlays if o.light == "district.C1"]
    assert len(ov) == 1 and ov[0].duration == 3 * masters.AGENT_PULSE_S
    quiet = LightingController(counts)
    quiet.update(view, [], 0.0)
    peaks = [5.0 + (k + 0.5) * masters.AGENT_PULSE_S for k in range(3)]
    for t in peaks:
        assert ctl.compose(t)["district.C1"] != quiet.compose(t)["district.C1"]
    assert ctl.compose(6.5)["district.C1"] == quiet.compose(6.5)["district.C1"]
    ctl.update(view, [], 6.5)
    assert ctl.overlays == []  # finished overlays are forgotten


def test_unknown_and_malformed_events_are_ignored(counts, view):
    ctl = LightingController(counts)
    ctl.update(view, [], 0.0)
    ctl.update(
        view,
        [
            {"event": "teleported"},
            "junk",
            {"no": "kind"},
            {"event": "agents_added", "district": "Z9", "n": 2},
            {"event": "agents_added", "district": 5},
        ],
        1.0,
    )
    assert ctl.overlays == []


def test_memory_is_plain_data(counts, view):
    ctl = LightingController(counts)
    ctl.update(view, [{"event": "card_drawn", "card": "I-03", "act": "I"}], 0.0)
    assert set(ctl.histories) == set(counts)
    assert all(isinstance(e, Entry) for h in ctl.histories.values() for e in h)
    assert all(isinstance(o, Overlay) for o in ctl.overlays)
    assert ctl.view is view and ctl.health is Health.OK


def test_status_light_shows_health(counts, view):
    ctl = LightingController(counts)
    ctl.update(view, [], 0.0)
    assert ctl.histories["status"][-1].look == status_look(Health.OK)
    ctl.set_health(Health.DEGRADED, 2.0)
    assert ctl.histories["status"][-1].look == status_look(Health.DEGRADED)
    ctl.update(view, [], 3.0)  # a later update keeps the health
    assert ctl.histories["status"][-1].look == status_look(Health.DEGRADED)
    ctl.set_health(Health.ERROR, 4.0)
    assert ctl.compose(5.1)["status"] == ((255, 0, 0),)
    assert ctl.compose(5.6)["status"] == (BLACK,)


def test_no_view_runs_the_attract_loop_then_a_game_takes_over(counts, view):
    ctl = LightingController(counts)
    ctl.update(None, [], 0.0)
    frames = {ctl.compose(k / 4)["district.A1"] for k in range(16)}
    assert len(frames) > 4  # it moves
    ctl.update(view, [], 10.0)
    assert ctl.histories["district.A1"][-1].look == masters.plan(view).looks["district.A1"]


def test_render_applies_the_output_stage(counts, view):
    stage = OutputStage.from_config(LedConfig(budget_ma=300))
    ctl = LightingController(counts, output=stage)
    ctl.update(_busy(view), [], 0.0)
    assert ctl.render(1.3) == stage(ctl.compose(1.3))
    assert ctl.render(1.3) != ctl.compose(1.3)
