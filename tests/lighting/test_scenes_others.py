"""Scenes of the four other games, on real engine states reached with each game's bot."""

import copy
import random

import pytest

from companion.games.mansion import scene as mansion
from companion.games.nosferatu import scene as nosferatu
from companion.games.one_night import scene as one_night
from companion.games.strigoi import scene as strigoi
from companion.lighting.color import BLACK, mix, scale
from companion.lighting.compositor import apply_overlays
from companion.lighting.controller import LightingController
from companion.lighting.effects import render
from companion.lighting.scenes import district_lights, scene_for
from companion.plugins import bot
from companion.rules import load_game


class Table:
    """One game played by its bot: the current state's view and the events of the last command."""

    def __init__(self, game_id, seed=4, rng_seed=3, **setup):
        """Set the game up (seeded) and remember the setup events."""
        self.game = load_game(game_id)
        self.bot = bot(game_id)
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

    def step(self):
        """Let the bot play one command."""
        self.do(self.bot.choose(self.game, self.state, self.rng))
        return self


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


@pytest.mark.parametrize(
    "game_id, setup",
    [
        ("nosferatu", {"players": 6}),
        ("mansion", {"players": 3}),
        ("one-night", {"players": 5}),
        ("strigoi", {"players": 2}),
    ],
)
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
    used = nosferatu.react(
        {"event": "stake_used", "holder": "P4", "target": "P2", "character": "vampire"}, table.view, 0.0
    ).overlays
    assert [o.light for o in used] == [_seat(table.view, "P2")]


def test_nosferatu_endings_are_gold_or_red():
    view = _nosferatu().view
    hunters = dict(view, outcome="hunters-stake", board=dict(view["board"], phase="over"))
    evil = dict(view, outcome="evil-bites", board=dict(view["board"], phase="over"))
    gold = _px(nosferatu, hunters, "district.A2")[0]
    red = _px(nosferatu, evil, "district.A2")[0]
    assert gold[0] > gold[1] > gold[2] and red[0] > 0 and red[1] == 0


# ---------------------------------------------------------------- One Night


def _one_night():
    """Five players (four districts dark), the first Dusk step."""
    return Table("one-night", players=5)


def test_one_night_dusk_and_night_are_near_black_with_a_faint_floor():
    table = _one_night()
    view = table.view
    assert view["board"]["phase"] == "dusk"
    assert _px(one_night, view, "district.A1") == (scale(one_night.DUSK_VIOLET, 0.15),) * 9
    assert _px(one_night, view, "district.B3") == (BLACK,) * 9  # no sixth seat
    table.until(lambda v, e: v["phase"] == "night")
    dark = _px(one_night, table.view, "district.B2")[0]
    assert dark == scale(one_night.NIGHT_BLUE, 0.05) and 0 < max(dark) < 16
    assert all(
        render(lk, 0.0, 1) == (BLACK,)
        for n, lk in one_night.plan(table.view).looks.items()
        if n.startswith("veil.")
    )


def test_one_night_a_seat_the_board_marks_as_woken_glows_softly():
    view = Table("one-night", players=5).until(lambda v, e: v["phase"] == "night").view
    view["board"]["districts"]["A2"]["mood"] = "active"
    glow = {_px(one_night, view, "district.A2", t)[0] for t in (0.0, 1.5)}
    assert len(glow) == 2 and all(0 < max(c) <= 120 for c in glow)
    assert _px(one_night, view, "district.A1") == (scale(one_night.NIGHT_BLUE, 0.05),) * 9


def test_one_night_day_is_warm_and_the_lights_come_up_slowly():
    table = _one_night().until(lambda v, e: v["step"] == "discussion")
    r, g, b = _px(one_night, table.view, "district.A1")[0]
    assert r > g > b and r > 200
    started = next(e for e in table.events if e["event"] == "step_started")
    assert one_night.react(started, table.view, 0.0).fade == one_night.LIGHTS_UP_S


def test_one_night_discussion_timer_frames_through_the_controller(counts):
    table = _one_night().until(lambda v, e: v["step"] == "dawn")
    lights = _controller(counts, table.view, 0.0)
    table.do({"cmd": "next"})
    seconds = table.view["board"]["timer"]["seconds"]
    assert seconds == 300 and table.view["board"]["bar"] == 6
    t0 = 100.0
    lights.update(table.view, table.events, t0)
    bar = lambda t: [lights.compose(t)[f"veil.{i}"][0] for i in range(7)]  # noqa: E731
    amber, red = one_night.TALK_AMBER, one_night.HURRY_RED
    assert bar(t0 + 5.0) == [amber] * 7  # faded in, counting
    assert bar(t0 + seconds / 7 + 0.1) == [amber] * 6 + [BLACK]  # the top light goes first
    assert bar(t0 + 4 * seconds / 7 + 0.1) == [amber] * 3 + [BLACK] * 4
    assert bar(t0 + 289.9) == [amber] + [BLACK] * 6  # the last light, still steady
    assert bar(t0 + 295.1) == [red] + [BLACK] * 6  # the last 10 s flash red ...
    assert bar(t0 + 295.3) == [BLACK] * 7  # ... on and off
    assert bar(t0 + 299.9) == [BLACK] * 7
    assert bar(t0 + 299.1) == [red] + [BLACK] * 6
    assert bar(t0 + 300.5) == [BLACK] * 7  # time is up


def test_one_night_vote_countdown_flashes_red_at_once(counts):
    table = _one_night().until(lambda v, e: v["step"] == "discussion")
    lights = _controller(counts, table.view, 0.0)
    table.do({"cmd": "next"})
    assert table.view["step"] == "vote-countdown" and table.view["board"]["timer"]["seconds"] == 5
    lights.update(table.view, table.events, 50.0)
    frame = lights.compose(51.1)  # cross-fade over; 5 s is all inside the last 10 s
    assert [frame[f"veil.{i}"][0] for i in range(7)] == [one_night.HURRY_RED] * 6 + [BLACK]
    assert [lights.compose(51.3)[f"veil.{i}"][0] for i in range(7)] == [BLACK] * 7
    seats = {lights.compose(50.0 + t)["district.A1"][0] for t in (1.0, 1.5)}
    assert len(seats) == 2 and all(c[0] > 0 and c[1] < c[0] / 4 and c[2] == 0 for c in seats)  # pulsing red


def test_one_night_timer_starts_lower_when_time_has_already_passed():
    view = _one_night().until(lambda v, e: v["step"] == "discussion").view
    view["board"]["timer"]["elapsed"] = 150.0
    bar = [render(one_night.plan(view).looks[f"veil.{i}"], 0.1, 1)[0] for i in range(7)]
    assert bar == [one_night.TALK_AMBER] * 4 + [BLACK] * 3  # half the time left: 3.5 of 7 lights


def test_one_night_paused_bar_breathes_amber():
    table = _one_night().until(lambda v, e: v["step"] == "discussion")
    table.do({"cmd": "pause"})
    looks = one_night.plan(table.view).looks
    assert {looks[f"veil.{i}"].effect for i in range(7)} == {"breathe"}
    assert looks["veil.0"].params.color == one_night.PAUSED_AMBER


def test_one_night_vote_result_and_reveal_light_the_right_seats():
    table = _one_night().until(lambda v, e: v["step"] == "vote")
    events = table.do({"cmd": "vote", "votes": {"1": 3, "2": 3, "3": 1, "4": 3, "5": 1}})
    counted = next(e for e in events if e["event"] == "votes_counted")
    assert [o.light for o in one_night.react(counted, table.view, 0.0).overlays] == ["district.A3"]
    assert one_night.plan(table.view).looks["district.A3"].effect == "pulse"  # the most-voted throbs
    assert one_night.plan(table.view).looks["district.A1"].effect == "solid"
    cards = {"1": "vampire", "2": "villager", "3": "villager", "4": "villager", "5": "villager"}
    events = table.do({"cmd": "reveal", "cards": cards})
    view = table.view
    result = view["result"]
    revealed = next(e for e in events if e["event"] == "revealed")
    for seat in result["winners"]:
        lk = one_night.plan(view).looks[district_lights()[seat - 1]]
        assert lk.effect == "breathe" and lk.params.color == one_night.WINNER_GOLD
    for seat in result["killed"]:
        assert _px(one_night, view, district_lights()[seat - 1])[0] == one_night.DEAD_RED
    lights = {o.light for o in one_night.react(revealed, view, 0.0).overlays}
    assert lights == {district_lights()[s - 1] for s in result["winners"] + result["killed"]}


# ---------------------------------------------------------------- the mansion


def _room_moods(view):
    """The board's mood per room district."""
    return {p: d["mood"] for p, d in view["board"]["districts"].items() if d["represents"] == "room"}


def test_mansion_rooms_are_lit_by_occupancy():
    table = Table("mansion", players=4, rng_seed=4).until(
        lambda v, e: {"full", "active", "occupied"} <= set(_room_moods(v).values())
    )
    view = table.view
    rooms = {p: d for p, d in view["board"]["districts"].items() if d["represents"] == "room"}
    full = next(p for p, d in rooms.items() if d["mood"] == "full")
    dim = next(p for p, d in rooms.items() if d["mood"] == "occupied")
    active = next(p for p, d in rooms.items() if d["mood"] == "active")
    assert _px(mansion, view, f"district.{full}") == (mansion.CANDLE_BRIGHT,) * 9
    assert _px(mansion, view, f"district.{dim}") == (scale(mansion.CANDLE, 0.6),) * 9
    pulse = [_px(mansion, view, f"district.{active}", t)[0] for t in (0.0, 0.75)]
    assert pulse[0] != pulse[1] and pulse[1] == mansion.CANDLE_BRIGHT
    for pos, d in rooms.items():
        if d["mood"] == "off":
            assert _px(mansion, view, f"district.{pos}")[0] == (mansion.EMBER if d["cards"] else BLACK)


def test_mansion_bar_is_the_round_clock():
    table = Table("mansion", players=3)
    looks = mansion.plan(table.view).looks
    assert all(render(looks[f"veil.{i}"], 0.0, 1) != (BLACK,) for i in range(7))  # tick 1: all rounds left
    for _ in range(3):
        table.step().until(_event("round_started"))  # tick 4 of 12: 9 rounds left -> bar 4/6 -> 5 of 7 lights
    assert table.view["tick"] == 4 and table.view["board"]["bar"] == 4
    looks = mansion.plan(table.view).looks
    assert [render(looks[f"veil.{i}"], 0.0, 1) != (BLACK,) for i in range(7)] == [True] * 5 + [False] * 2
    assert mansion.clock_bar(1, 6)["veil.0"].effect == "heartbeat"
    assert [n for n, lk in mansion.clock_bar(1, 6).items() if lk.effect == "heartbeat"] == ["veil.0"]


def test_mansion_role_reveal_flashes_the_board_then_counts_vampires():
    table = Table("mansion", players=3).until(lambda v, e: v["step"] == "reveal")
    assert table.view["tick"] == 6
    deck = f"district.{next(p for p, d in table.view['board']['districts'].items() if d['represents'] == 'roles')}"
    assert mansion.plan(table.view).looks[deck].effect == "heartbeat"  # a reveal is due
    events = table.do({"cmd": "reveal_roles", "vampires": 2})
    overlays = mansion.react(events[0], table.view, 10.0).overlays
    assert {o.light for o in overlays} == set(d for d in _all_districts())
    flash = [o for o in overlays if o.light == "district.A2"]
    assert apply_overlays((BLACK,) * 9, flash, 10.05) == ((255, 255, 255),) * 9
    reds = [o for o in overlays if o.light == deck and o.start > 10.0][0]
    lit = [
        apply_overlays((BLACK,), [reds], reds.start + k * mansion.VAMPIRE_FLASH_S + 0.1)[0] for k in range(3)
    ]
    assert lit == [mansion.ROLE_RED, mansion.ROLE_RED, BLACK]  # two vampires, two red flashes


def _all_districts():
    """The nine district light names."""
    return [f"district.{r}{c}" for r in "ABC" for c in "123"]


def test_mansion_room_entered_swells_in_that_room():
    table = Table("mansion", players=3).until(_event("room_entered"))
    event = next(e for e in table.events if e["event"] == "room_entered")
    (ov,) = mansion.react(event, table.view, 0.0).overlays
    d = table.view["board"]["districts"][ov.light.split(".")[1]]
    assert (d["represents"], d.get("room")) in (("room", event["room"]), ("hall", None))


# ---------------------------------------------------------------- Armata Strigoi


def _strigoi():
    """Two Powerwolves, round 2: both Strigoi on the board."""
    return Table("strigoi", players=2).until(_event("strigoi_entered"))


def test_strigoi_rooms_follow_the_engines_board():
    view = _strigoi().view
    where = {v["room"]: k for k, v in view["strigoi"].items()}
    for pos, d in view["board"]["districts"].items():
        lk = strigoi.plan(view).looks[f"district.{pos}"]
        room = d["represents"].removeprefix("room ")
        if room in where:
            colour = strigoi.MASTER_RED if where[room] == "master" else strigoi.APPRENTICE_MAGENTA
            assert lk.effect == "breathe" and lk.params.color == colour
        elif room == "center":
            assert render(lk, 0.0, 9) == (scale(strigoi.STONE, 0.2),) * 9
        elif d["represents"].startswith("room"):
            assert render(lk, 0.0, 9) == (scale(strigoi.STONE, 0.3),) * 9
    assert view["board"]["districts"]["B1"]["represents"] == "altar"


def test_strigoi_altar_and_inferno_grow_with_their_blood():
    table = _strigoi()
    view = table.view
    altar = view["altar"]
    assert _px(strigoi, view, "district.B1")[0] == (
        scale(strigoi.ALTAR_BLOOD, altar / 5) if altar else strigoi.ALTAR_FLOOR
    )
    table.do({"cmd": "lose_blood", "reason": "other"})
    embers = {_px(strigoi, view, "district.B3", t / 10)[0] for t in range(10)}
    fire = {_px(strigoi, table.view, "district.B3", t / 10)[0] for t in range(10)}
    assert max(max(c) for c in fire) > max(max(c) for c in embers)
    adj = table.do({"cmd": "adjust", "altar": 4})
    assert adj and table.view["can_attack"]
    lk = strigoi.plan(table.view).looks["district.B1"]
    assert lk.effect == "breathe" and lk.params.color == scale(strigoi.ALTAR_READY, 0.8)


def test_strigoi_bar_shows_altar_points_and_the_threshold():
    table = _strigoi()
    table.do({"cmd": "adjust", "altar": 1})
    need = table.view["attack_need"]
    looks = strigoi.plan(table.view).looks
    bar = [render(looks[f"veil.{i}"], 0.0, 1)[0] for i in range(7)]
    assert bar[0] == strigoi.ALTAR_BLOOD
    assert bar[need - 1] == strigoi.THRESHOLD_GOLD and need > 1
    assert [c for i, c in enumerate(bar) if i not in (0, need - 1)] == [BLACK] * 5


def test_strigoi_attack_pulses_danger_on_the_attackers_room():
    table = _strigoi().until(_event("strigoi_attacked"))
    event = next(e for e in table.events if e["event"] == "strigoi_attacked")
    (ov,) = strigoi.react(event, table.view, 4.0).overlays
    room = table.view["strigoi"][event["strigoi"]]["room"]
    assert table.view["board"]["districts"][ov.light.split(".")[1]]["represents"] == f"room {room}"
    peaks = [apply_overlays((BLACK,), [ov], 4.0 + (k + 0.5) * strigoi.ATTACK_PULSE_S)[0] for k in range(3)]
    assert peaks == [strigoi.DANGER_RED] * 3 and ov.end == pytest.approx(4.0 + 3 * strigoi.ATTACK_PULSE_S)


def test_strigoi_platform_collapse_falls_dark(counts):
    table = _strigoi()
    lights = _controller(counts, table.view, 0.0)
    table.until(_event("platform_collapsed"))
    event = next(e for e in table.events if e["event"] == "platform_collapsed")
    pos = next(
        p for p, d in table.view["board"]["districts"].items() if d["represents"] == f"room {event['room']}"
    )
    lights.update(table.view, table.events, 20.0)
    light = f"district.{pos}"
    assert lights.compose(20.05)[light] == ((255, 255, 255),) * 9  # the crack
    half = 20.0 + strigoi.COLLAPSE_FLASH_S + strigoi.COLLAPSE_FALL_S / 2
    assert lights.compose(half)[light] == (mix(strigoi.DUST, BLACK, 0.5),) * 9  # falling away
    assert lights.compose(22.0)[light] == (BLACK,) * 9  # gone for good


def test_strigoi_supreme_burns_and_the_stone_turns_to_ember():
    table = _strigoi().until(_event("supreme_rose"))
    view = table.view
    assert view["board"]["phase"] == "dusk"
    supreme = next(k for k, v in view["strigoi"].items() if v["supreme"])
    pos = next(p for p, d in view["board"]["districts"].items() if d.get("strigoi") == supreme)
    assert strigoi.plan(view).looks[f"district.{pos}"].params.color == strigoi.SUPREME_FIRE
    stone = [p for p, d in view["board"]["districts"].items() if d["mood"] == "night"]
    assert stone and all(
        _px(strigoi, view, f"district.{p}")[0][0] > _px(strigoi, view, f"district.{p}")[0][2] for p in stone
    )
