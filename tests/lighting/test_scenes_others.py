"""Scenes of the four other games, on real engine states reached with each game's bot."""

import copy
import importlib
import random

import pytest

from companion.lighting.color import BLACK, mix, scale
from companion.lighting.compositor import apply_overlays
from companion.lighting.controller import LightingController
from companion.lighting.effects import render
from companion.lighting.scenes import mansion, nosferatu, one_night, scene_for, strigoi
from companion.rules import load_game

BOTS = {"nosferatu": "nosferatu", "mansion": "mansion", "one-night": "one_night", "strigoi": "strigoi"}


class Table:
    """One game played by its bot: the current state's view and the events of the last command."""

    def __init__(self, game_id, seed=4, rng_seed=3, **setup):
        """Set the game up (seeded) and remember the setup events."""
        self.game = load_game(game_id)
        self.bot = importlib.import_module(f"companion.rules.{BOTS[game_id]}.bot")
        self.state, events = self.game.setup({"cmd": "setup", "game": game_id, "seed": seed, **setup})
        self.events = [e.to_dict() for e in events]
        self.rng = random.Random(rng_seed)

    @property
    def view(self):
        """The state JSON, as the app hands it to the lights."""
        return self.game.to_json(self.state)

    def do(self, command):
        """Apply one command; keep its events."""
        self.state, events = self.game.apply(self.state, command)
        self.events = [e.to_dict() for e in events]
        return self.events

    def until(self, done, limit=2000):
        """Let the bot play until `done(view, events)` holds (fails the test if it never does)."""
        for _ in range(limit):
            if done(self.view, self.events):
                return self
            assert self.game.outcome(self.state) is None, "the game ended first"
            self.do(self.bot.choose(self.game, self.state, self.rng))
        raise AssertionError("never reached")


def _event(kind):
    """A `done` test: the last command emitted an event of this kind."""
    return lambda view, events: any(e["event"] == kind for e in events)


def _px(scene, view, light, t=0.0, n=9):
    """Pixels of `light` in the scene's plan for `view` at time t."""
    return render(scene.plan(view).looks[light], t, n)


def _controller(counts, view, t=0.0):
    """A controller already showing `view` (its first looks cut in at t)."""
    lights = LightingController(counts)
    lights.update(view, [], t)
    return lights


def _seat(view, name):
    """The light of `name`'s seat on the board."""
    return next(f"district.{p}" for p, d in view["board"]["districts"].items() if d.get("name") == name)


def _same_everywhere(px):
    """True if every pixel of the segment has one colour."""
    return len(set(px)) == 1


# ---------------------------------------------------------------- registry


def test_scene_registry_names_the_four_games():
    assert scene_for({"game": "nosferatu"}) is nosferatu
    assert scene_for({"game": "mansion"}) is mansion
    assert scene_for({"game": "one-night"}) is one_night
    assert scene_for({"game": "strigoi"}) is strigoi
    assert scene_for({"game": "chess"}).__name__.endswith("basic")


@pytest.mark.parametrize("scene", [nosferatu, mansion, one_night, strigoi])
def test_plans_survive_empty_and_sparse_views(scene):
    for view in (None, {}, {"board": None}, {"board": {"districts": {"A1": "odd", "Z9": {}}, "bar": "x"}}):
        looks = scene.plan(view).looks
        assert all(name.startswith(("district.", "veil.")) for name in looks)
    assert scene.react({"event": "nothing_known"}, None, 0.0).overlays == ()


@pytest.mark.parametrize("game_id, setup", [
    ("nosferatu", {"players": 6}), ("mansion", {"players": 3}), ("one-night", {"players": 5}),
    ("strigoi", {"players": 2}),
])
def test_whole_bot_games_light_every_state_and_event(game_id, setup, counts):
    table = Table(game_id, **setup)
    lights = LightingController(counts)
    before = copy.deepcopy(table.view)
    scene_for(table.view).plan(table.view)
    assert table.view == before  # planning leaves the view alone
    t = 0.0
    for _ in range(3000):
        lights.update(table.view, table.events, t)
        frame = lights.compose(t + 0.3)
        assert set(frame) == set(counts) and all(len(px) == counts[k] for k, px in frame.items())
        if table.game.outcome(table.state) is not None:
            break
        table.do(table.bot.choose(table.game, table.state, table.rng))
        t += 1.0
    assert table.game.outcome(table.state) is not None


# ---------------------------------------------------------------- Nosferatu


def _nosferatu():
    """Six players, the stake given: the first player's turn under the full Clock."""
    return Table("nosferatu", players=6).until(lambda v, e: v["step"] == "turn")


def test_nosferatu_night_is_blue_while_the_clock_holds():
    view = _nosferatu().view
    assert view["board"]["phase"] == "night"
    for name in ("district.A2", "district.B3", "district.C1"):  # a seat, a seat, no seat
        r, g, b = _px(nosferatu, view, name)[0]
        assert b > 2 * r and b > g > 0


def test_nosferatu_clock_gauge_loses_pixels_with_each_night_card():
    table = _nosferatu()
    lit = []
    while table.view["step"] == "turn":
        lit.append(sum(1 for c in _px(nosferatu, table.view, "district.B2") if c != nosferatu.CLOCK_BACK))
        table.do({"cmd": "play"})
        table.do({"cmd": "reveal", "card": "night"})
    assert table.view["board"]["districts"]["B2"]["mood"] == "night"
    assert lit[0] == 9  # the full pile (6 Nights + Dawn) fills the district
    assert len(lit) == 5 and all(a > b for a, b in zip(lit, lit[1:]))
    assert all(a - b <= 2 for a, b in zip(lit, lit[1:]))  # about a pixel a card (7 cards on 9 pixels)


def test_nosferatu_active_seat_breathes_moonlight_and_renfield_is_dim_violet():
    view = _nosferatu().view
    active = next(p for p, d in view["board"]["districts"].items() if d["mood"] == "active")
    frames = {_px(nosferatu, view, f"district.{active}", t)[0] for t in (0.0, 1.5)}
    assert len(frames) == 2
    renfield = _px(nosferatu, view, _seat(view, view["renfield"]))
    assert renfield == (scale(nosferatu.RENFIELD_VIOLET, 0.3),) * 9


def test_nosferatu_stake_holder_has_a_silver_middle_pixel():
    view = _nosferatu().view
    px = _px(nosferatu, view, _seat(view, view["holder"]))
    assert px[4] == nosferatu.STAKE_SILVER and px[0] != nosferatu.STAKE_SILVER
    others = [n for n in view["players"] if n != view["holder"]]
    assert all(nosferatu.STAKE_SILVER not in _px(nosferatu, view, _seat(view, n)) for n in others)


def test_nosferatu_bites_fill_the_bar_and_bitten_seats_turn_red():
    table = _nosferatu()
    table.do({"cmd": "play"})
    table.do({"cmd": "reveal", "card": "dawn"})  # one card given, the round ends: resolve
    victim = next(p for p in table.view["players"] if p != table.view["renfield"])
    events = table.do({"cmd": "bite", "player": victim})
    view = table.view
    looks = nosferatu.plan(view).looks
    bar = [render(looks[f"veil.{i}"], 0.0, 1)[0] for i in range(7)]
    goal = view["bites_to_win"]
    assert bar[0] == nosferatu.BLOOD and bar[1:goal] == [nosferatu.EMPTY_SLOT] * (goal - 1)
    assert bar[goal:] == [BLACK] * (7 - goal)
    seat = _seat(view, victim)
    r, g, b = _px(nosferatu, view, seat, 2.5)[0]
    assert r > 3 * (g + b)
    overlays = nosferatu.react(events[0], view, 1.0).overlays
    assert {o.light for o in overlays} == {seat, "veil.0"}


def test_nosferatu_bar_beats_one_bite_before_the_goal():
    assert nosferatu.bite_looks(3, 5)["veil.0"].effect == "solid"
    assert nosferatu.bite_looks(4, 5)["veil.0"].effect == "heartbeat"
    assert nosferatu.bite_looks(4, 5)["veil.4"].params.color == nosferatu.EMPTY_SLOT


def test_nosferatu_sunrise_frames_through_the_controller(counts):
    table = _nosferatu()
    table.do({"cmd": "play"})
    lights = _controller(counts, table.view, 0.0)
    table.do({"cmd": "reveal", "card": "dawn"})
    assert table.view["board"]["phase"] == "day"
    lights.update(table.view, table.events, 10.0)
    step, fade = nosferatu.SUNRISE_STEP_S, nosferatu.SUNRISE_FADE_S
    dark, orange, warm = nosferatu.SUNRISE_DARK, nosferatu.SUNRISE_ORANGE, nosferatu.DAY_WARM
    at = lights.compose
    assert at(10.0)["district.A1"] == (dark,) * 9  # all dark blue as it starts
    assert at(10.0)["district.C3"] == (dark,) * 9
    assert at(10.0 + fade / 2)["district.B1"] == (mix(dark, orange, 0.5),) * 9  # the left column warms first
    assert at(10.0 + fade / 2)["district.B2"] == (dark,) * 9  # the middle waits its turn
    assert at(10.0 + step + fade)["district.A2"] == (orange,) * 9
    assert at(10.0 + 2 * step + fade)["district.C3"] == (orange,) * 9
    assert at(10.0 + fade * 1.5)["district.A1"] == (mix(orange, warm, 0.5),) * 9
    assert at(10.0 + 2 * fade + 0.1)["district.A1"] == (warm,) * 9
    end = 10.0 + 2 * step + 2 * fade + nosferatu.SUNRISE_HOLD_S
    assert at(end - 0.01)["district.C3"] == (warm,) * 9
    settled = at(end + nosferatu.DAY_FADE)
    assert settled["district.B2"] == _px(nosferatu, table.view, "district.B2", end + nosferatu.DAY_FADE)
    r, g, b = settled["district.C1"][0]
    assert r > g > b  # the day stays warm


def test_nosferatu_night_card_blinks_only_the_clock():
    table = _nosferatu().until(lambda v, e: _event("clock_revealed")(v, e) and e[0]["card"] == "night")
    overlays = nosferatu.react(table.events[0], table.view, 2.0).overlays
    assert [o.light for o in overlays] == ["district.B2"]
    assert apply_overlays((BLACK,) * 9, overlays, 2.1) == (nosferatu.MOONLIGHT,) * 9


def test_nosferatu_stake_events_land_on_the_right_seats():
    table = Table("nosferatu", players=6)
    events = table.do({"cmd": "give_stake", "to": "P4"})
    (ov,) = nosferatu.react(events[0], table.view, 0.0).overlays
    assert ov.light == _seat(table.view, "P4")
    used = nosferatu.react({"event": "stake_used", "holder": "P4", "target": "P2", "character": "vampire"},
                           table.view, 0.0).overlays
    assert [o.light for o in used] == [_seat(table.view, "P2")]


def test_nosferatu_endings_are_gold_or_red():
    view = _nosferatu().view
    hunters = dict(view, outcome="hunters-stake", board=dict(view["board"], phase="over"))
    evil = dict(view, outcome="evil-bites", board=dict(view["board"], phase="over"))
    gold = _px(nosferatu, hunters, "district.A2")[0]
    red = _px(nosferatu, evil, "district.A2")[0]
    assert gold[0] > gold[1] > gold[2] and red[0] > 0 and red[1] == 0
