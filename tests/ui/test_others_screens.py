"""The four other games' screens on real engine states (reached with each game's bot): what they show,
which buttons they offer, and what the physical buttons send."""

import random

import pytest

from companion.games.strigoi.story import INFERNO
from companion.inputs import ButtonEvent, Press, VButton
from companion.rules import load_game
from companion.ui.model import MORE, GameView
from companion.ui.samples import engine_view
from companion.ui.table import TableUI, route
from tests.ui.helpers import button, every, press

GAMES_PLAYERS = [
    ("nosferatu", 5),
    ("nosferatu", 8),
    ("mansion", 2),
    ("mansion", 8),
    ("one-night", 3),
    ("one-night", 10),
    ("strigoi", 2),
    ("strigoi", 5),
]


def choose(ui, widget):
    """Next until `widget` has the focus, then confirm (physical buttons only); a widget behind
    "More" is reached through its sheet."""
    vm = ui.view_model()
    while widget != MORE and widget in [b["id"] for b in vm.get("more", [])]:
        choose(ui, MORE)
        vm = ui.view_model()
    for _ in range(60):
        if ui.view_model()["focused"] == widget:
            press(ui, VButton.CONFIRM)
            return
        press(ui, VButton.NEXT)
    raise AssertionError(f"no {widget!r} on {ui.view_model()['screen']}")


def shown(view):
    ui = TableUI((800, 480))
    ui.update(view, (), 0.0)
    return ui


def bot_views(game_id, players, seed, limit=500):
    game = load_game(game_id)
    bot = __import__("companion.plugins", fromlist=["bot"]).bot(game_id)
    state, _ = game.setup({"cmd": "setup", "game": game_id, "players": players, "seed": seed})
    rng = random.Random(seed)
    for _ in range(limit):
        yield GameView(game_id, game.to_json(state), tuple(game.actions(state)))
        if game.outcome(state) is not None:
            return
        state, _ = game.apply(state, bot.choose(game, state, rng))


# -- every state of bot-played games ---------------------------------------------------------------
@pytest.mark.parametrize("game_id, players", GAMES_PLAYERS)
def test_others_every_bot_state_gets_its_screen_and_every_action_a_button(game_id, players):
    ui = TableUI((800, 480))
    seen = set()
    for view in bot_views(game_id, players, players, limit=3000):
        ui.update(view, (), 0.1)
        vm = ui.view_model()
        assert vm["screen"] == route(view)
        seen.add(vm["screen"])
        if vm["screen"].endswith("-over") and any(
            a.enabled and a.command["cmd"] != "adjust" for a in view.actions
        ):
            assert (
                vm["buttons"][0]["id"] == "results" and vm["card"] is not None
            )  # the card, the actions behind Results
            choose(ui, "results")
            vm = ui.view_model()
            assert vm["card"] is None
        labels = {b["label"] for b in every(vm)}
        ids = {b["id"] for b in every(vm)}
        for i, a in enumerate(view.actions):
            if a.command["cmd"] == "adjust" and game_id != "one-night":
                assert "correct" in ids or vm["screen"].endswith("-over")
            elif (
                vm["screen"] == "mansion"
                and view.state["step"] == "roll"
                and a.command.get("player") not in (None, ui.screen.current_player(view.state))
            ):
                continue  # another player's dice: shown after "Player: next"
            elif (
                not vm["screen"].endswith("-over") or a.enabled
            ):  # (one of a group: behind its group's button)
                assert f"act:{i}" in ids or a.label in labels or f"group:{a.command['cmd']}" in ids, (
                    a.label,
                    vm["screen"],
                )
        greyed = [b for b in vm["buttons"] if not b["enabled"]]
        assert all(b["why_not"] for b in greyed)
    assert seen == {game_id, f"{game_id}-over"}  # played to the end


@pytest.mark.parametrize("game_id, players", GAMES_PLAYERS)
@pytest.mark.parametrize("size", [(800, 480), (1920, 1080)])
def test_others_engine_screens_render_without_cut_text(game_id, players, size):
    import pygame

    ui = TableUI(size)
    surface = pygame.Surface(size)
    done = set()
    for view in bot_views(game_id, players, players + 1):
        ui.update(view, (), 0.1)
        key = (ui.screen.name, view.state.get("step"), len(view.actions))
        if key in done:
            continue
        done.add(key)
        ui.draw(surface)
        cut = [b.text for b in ui.ctx.renderer.text_boxes if b.fit.cut or b.fit.width > b.rect.width]
        assert not cut, (key, cut)


# -- Nosferatu ---------------------------------------------------------------------------------------
def test_others_nosferatu_shows_clock_turn_holder_bites_and_rituals():
    view = engine_view(
        "nosferatu", 5, 4, lambda s: s["step"] == "resolve" and s["rituals"]["used"], limit=800
    )
    s = view.state
    vm = shown(view).view_model()
    left = s["clock"]["nights_left"] + (1 if s["clock"]["dawn_left"] else 0)
    assert vm["lines"][0].startswith(f"Clock: {left} cards left")
    assert f"{s['holder']} holds the stake." in vm["lines"][1]
    assert vm["lines"][2].startswith(f"{s['bites_total']} of 4 bites: ")  # five players: 4 bites win
    assert vm["lines"][3].startswith(f"Rituals {len(s['rituals']['used'])} of 5")
    seats = {c["pos"]: c["title"] for c in vm["grid"]}
    assert [seats[p] for p in ("A1", "A2", "A3", "B3", "C3")] == s["players"]  # clockwise round the edge
    assert seats["B2"] == "Clock"


def test_others_nosferatu_seat_button_focuses_the_stake_for_that_player():
    view = engine_view("nosferatu", 5, 1, lambda s: s["step"] == "give-stake")
    ui = shown(view)
    press(ui, VButton.DISTRICT_B3)  # seat 4 (the sample's names are the game's default names: Ruth)
    vm = ui.view_model()
    assert button(vm, "Hutter: stake to Ruth")["focused"]
    press(ui, VButton.CONFIRM)
    assert ui.take_results() == [{"cmd": "give_stake", "to": "Ruth"}]


def test_others_nosferatu_bite_picks_the_player_on_a_seat_button():
    view = engine_view("nosferatu", 5, 3, lambda s: s["step"] == "resolve")
    ui = shown(view)
    choose(ui, next(b["id"] for b in every(ui.view_model()) if b["label"] == "Lay a Bite"))
    vm = ui.view_model()
    assert vm["screen"] == "pick" and "Which player?" in vm["lines"][0]
    assert "Hutter" not in [b["label"] for b in vm["buttons"]]  # Renfield (seat 1) is never bitten
    press(ui, VButton.DISTRICT_A3)
    press(ui, VButton.CONFIRM)
    assert ui.take_results() == [{"cmd": "bite", "player": "Harding"}]


def test_others_nosferatu_correct_counts_sends_one_adjust():
    view = engine_view("nosferatu", 5, 1, lambda s: s["step"] == "turn")
    ui = shown(view)
    choose(ui, "correct")
    choose(ui, "f:2")  # bites of seat 2 (Ellen)
    press(ui, VButton.VEIL_UP)
    press(ui, VButton.VEIL_UP)
    choose(ui, "f:0")  # nights in the Clock
    press(ui, VButton.VEIL_DOWN)
    choose(ui, "apply")
    nights = view.state["clock"]["nights"]
    assert ui.take_results() == [{"cmd": "adjust", "bites": {"Ellen": 2}, "nights": nights - 1}]


# -- One Night -----------------------------------------------------------------------------------------
def test_others_one_night_narrator_shows_prompt_who_wakes_and_the_loops_timer():
    view = engine_view(
        "one-night", 5, 3, lambda s: s["step"] == "vampires", info={"timer": {"left": 2.5, "total": 10}}
    )
    vm = shown(view).view_model()
    assert vm["title"] == "Dusk: Vampire wake"
    assert vm["lines"] == [view.state["current"]["prompt"]]
    assert vm["ring"] == [0.25, "3"]  # the countdown ring: a quarter of the time left, 3 s (2.5 rounded up)
    assert vm["focused"] == "act:0" and vm["buttons"][0]["label"] == "Next"


def test_others_one_night_counts_down_itself_without_the_loops_timer_and_stops_when_paused():
    view = engine_view("one-night", 5, 3, lambda s: s["step"] == "dusk-begins")
    ui = shown(view)
    ui.update(view, (), 4.0)
    assert ui.view_model()["ring"][1] == "2"  # 6 s step, 4 s counted
    paused = GameView("one-night", {**view.state, "paused": True}, view.actions)
    ui.update(paused, (), 1.0)
    vm = ui.view_model()
    assert vm["lines"][-1] == "Paused: press Resume to go on" and vm["ring"] is None


def test_others_one_night_vote_is_entered_with_district_buttons():
    view = engine_view("one-night", 4, 3, lambda s: s["step"] == "vote")
    ui = shown(view)
    assert ui.view_model()["buttons"][0]["label"] == "Enter the votes"
    press(ui, VButton.CONFIRM)
    for target in (VButton.DISTRICT_A2, VButton.DISTRICT_A1, VButton.DISTRICT_A1, VButton.DISTRICT_A2):
        vm = ui.view_model()
        assert vm["screen"] == "pick"
        press(ui, target)
        press(ui, VButton.CONFIRM)
    assert ui.take_results() == [{"cmd": "vote", "votes": {"1": 2, "2": 1, "3": 1, "4": 2}}]


def test_others_one_night_own_seat_is_not_a_vote_choice():
    view = engine_view("one-night", 4, 3, lambda s: s["step"] == "vote")
    ui = shown(view)
    press(ui, VButton.CONFIRM)
    vm = ui.view_model()
    first = view.state["seats"][0]["name"]  # (the sample seats its table by name, as the wizard does)
    assert first not in [b["label"] for b in vm["buttons"]]
    seats = [t["name"] for t in vm["table"]]  # the seats round the table, by name
    assert "A1" not in seats and first in seats and [t["name"] for t in vm["table"] if t["own"]] == [first]
    assert not ui.handle(
        ButtonEvent(VButton.DISTRICT_A1, Press.SHORT, 0.0, "gpio")
    )  # seat 1 cannot pick itself


def test_others_one_night_reveal_asks_cards_then_marks_and_back_goes_back():
    view = engine_view("one-night", 3, 2, lambda s: s["step"] == "reveal")
    ui = shown(view)
    press(ui, VButton.CONFIRM)
    roles = sorted(set(view.state["roles"]), key=view.state["roles"].index)
    for seat in range(3):
        choose(ui, f"o:{seat}")
        choose(ui, "ok")
    vm = ui.view_model()
    names = [p["name"] for p in view.state["seats"]]
    assert vm["lines"][0].startswith(f"Mark of {names[0]}") and "Chosen: Clarity." in vm["lines"]
    choose(ui, "prev")
    assert ui.view_model()["lines"][0].startswith(f"Card of {names[2]}")
    choose(ui, "ok")
    for _ in range(3):
        choose(ui, "ok")  # Mark of Clarity for everyone
    assert ui.take_results() == [
        {
            "cmd": "reveal",
            "cards": {"1": roles[0], "2": roles[1], "3": roles[2]},
            "marks": {"1": "clarity", "2": "clarity", "3": "clarity"},
        }
    ]


def test_others_one_night_end_screen_names_the_dead_and_the_winners():
    view = engine_view("one-night", 5, 3, lambda s: s["outcome"] is not None)
    ui = shown(view)
    assert ui.view_model()["card"]["outcome"].startswith("The ")  # the end card first
    choose(ui, "results")
    vm = ui.view_model()
    r = view.state["result"]
    assert vm["screen"] == "one-night-over"
    names = [p["name"] for p in view.state["seats"]]
    assert vm["lines"][0] == "Died: " + (", ".join(names[k - 1] for k in r["killed"]) or "nobody")
    dead = [c["pos"] for c in vm["grid"] if c["mark"] == "combat"]
    assert dead == [("A1", "A2", "A3", "B1", "B2")[k - 1] for k in r["killed"]]


# -- Armata Strigoi --------------------------------------------------------------------------------------
@pytest.mark.parametrize("players, attack, defeat", [(2, 2, 3), (3, 3, 3), (4, 3, 4), (5, 4, 5)])
def test_others_strigoi_thresholds_follow_the_player_count(players, attack, defeat):
    view = engine_view("strigoi", players, 1, lambda s: True)
    vm = shown(view).view_model()
    cells = {c["pos"]: c for c in vm["grid"]}
    assert cells["B1"]["lines"] == [f"attack {attack}"] and cells["B1"]["counts"][0]["value"] == "0/5"
    assert cells["B3"]["counts"][0] == {
        "icon": "blood_point",
        "value": f"0/{defeat}",
        "colour": list(INFERNO),
        "shape": "",
    }
    assert (
        cells["B1"]["title"] == "Altar"
        and cells["B3"]["title"] == "Inferno"
        and cells["B2"]["title"] == "Hall"
    )
    assert cells["A2"]["title"] == "North" and cells["C2"]["title"] == "South"


def test_others_strigoi_initiative_cards_entered_with_buttons():
    view = engine_view("strigoi", 2, 1, lambda s: True)
    ui = shown(view)
    press(ui, VButton.CONFIRM)  # Reveal the cards
    for ups, letter in ((12, "o:2"), (3, "o:6")):
        for _ in range(ups):
            press(ui, VButton.VEIL_UP)
        choose(ui, "ok")
        choose(ui, letter)
        choose(ui, "ok")
    assert ui.take_results() == [
        {
            "cmd": "initiative",
            "cards": {
                "Attila": {"initiative": 13, "letter": "C"},
                "Falk Maria": {"initiative": 4, "letter": "X"},
            },
        }
    ]


def test_others_strigoi_rotate_picks_the_room_on_its_district():
    view = engine_view("strigoi", 2, 1, lambda s: s["step"] == "turn")
    ui = shown(view)
    choose(ui, next(b["id"] for b in every(ui.view_model()) if b["label"] == "Rotate a platform"))
    press(ui, VButton.DISTRICT_A3)  # north-east
    assert "Chosen: North-east." in ui.view_model()["lines"]
    press(ui, VButton.CONFIRM)
    press(ui, VButton.VEIL_DOWN)
    press(ui, VButton.VEIL_DOWN)
    choose(ui, "ok")
    assert ui.take_results() == [{"cmd": "rotate", "room": "ne", "steps": -1}]


def test_others_strigoi_lines_show_order_strigoi_and_marker():
    view = engine_view("strigoi", 3, 3, lambda s: s["step"] == "strigoi" and s["round"] >= 2)
    s = view.state
    vm = shown(view).view_model()
    assert vm["title"] == f"Round {s['round']}: {s['turn']}: the Strigoi strikes"
    first = s["powerwolves"][s["order"][0]]
    assert vm["lines"][0].startswith(f"Wounds (of 3), in turn order: {s['order'][0]} {first['wounds']}, ")
    rooms = {"n": "A2", "sw": "C1", "s": "C2", "ne": "A3", "se": "C3", "nw": "A1", "center": "B2"}
    marked = {c["pos"] for c in vm["grid"] if c["mark"] == "combat"}
    assert marked == {rooms[v["room"]] for v in s["strigoi"].values() if v["room"] and not v["defeated"]}
    assert vm["lines"][1].startswith("Attack marker off")


# -- the mansion ---------------------------------------------------------------------------------------------
def test_others_mansion_roll_step_shows_one_player_at_a_time():
    view = engine_view(
        "mansion", 3, 1, lambda s: s["players"]["Ada"]["priority"] is not None
    )  # (default names)
    ui = shown(view)
    vm = ui.view_model()
    assert button(vm, "Player: Basil (next)")
    assert all(not b["label"].startswith(("Ada", "Clara")) for b in vm["buttons"])
    assert "Ada: " in vm["lines"][1] and vm["lines"][1].startswith("Rooms wanted (priority): ")
    choose(ui, "who")
    assert button(ui.view_model(), "Player: Clara (next)")
    assert any(b["label"] == "Clara rolls" for b in ui.view_model()["buttons"])


def test_others_mansion_rolloff_lets_the_companion_roll_or_takes_the_dice():
    view = engine_view("mansion", 4, 3, lambda s: s["step"] == "rolloff")
    ui = shown(view)
    vm = ui.view_model()
    assert vm["buttons"][0]["label"] == "Companion rolls"
    line = next(ln for ln in vm["lines"] if ln.startswith("Tie: "))
    group = line[5:].split(" roll ")[0].split(", ")
    assert set(group) <= set(view.state["seating"])
    choose(ui, "auto:0")
    choose(ui, next(b["id"] for b in every(ui.view_model()) if b["label"] == "Enter roll-off dice"))
    for k, _ in enumerate(group):
        for _ in range(k + 1):
            press(ui, VButton.VEIL_UP)
        choose(ui, "ok")
    rolled = ui.take_results()
    assert rolled[0] == {"cmd": "rolloff"}
    assert rolled[1] == {"cmd": "rolloff", "values": {n: k + 2 for k, n in enumerate(group)}}
    game = load_game("mansion")
    state = game.from_json(view.state)
    game.apply(state, rolled[1])  # the group the screen names is the one the engine wants


def test_others_mansion_rooms_show_occupancy_and_clock_reveals():
    view = engine_view(
        "mansion",
        4,
        3,
        lambda s: s["step"] == "turn" and s["tick"] >= 3 and s["players"][s["turn"]]["room"] is not None,
    )
    s = view.state
    vm = shown(view).view_model()
    cells = {c["pos"]: c for c in vm["grid"]}
    for pos, d in s["board"]["districts"].items():
        if (
            d["represents"] == "room"
        ):  # its die face, its cards, a chip for each player in it: pictures, not "0/2"
            counts = cells[pos]["counts"]
            assert counts[0]["icon"] == f"die{d['room']}" and cells[pos]["lines"] == []
            assert [c["value"] for c in counts if not c["icon"]] == [p[:1] for p in d["occupants"]]
    assert (
        vm["title"].startswith(f"Tick {s['tick']} of 12")
        and vm["lines"][0] == "Roles shown at tick 6 (then 9)"
    )
    assert (
        cells["C1"]["lines"] == [f"{s['tick']} of 12"] and cells["C1"]["counts"][0]["icon"] == "token.clock"
    )


def test_others_mansion_store_adds_score_cards():
    game = load_game("mansion")
    state, _ = game.setup({"cmd": "setup", "game": "mansion", "players": 2, "seed": 1})
    for c in (
        {"cmd": "roll", "player": "P1", "values": [1, 1]},
        {"cmd": "assign", "player": "P1", "priority": 1},
        {"cmd": "roll", "player": "P2", "values": [2, 2]},
        {"cmd": "assign", "player": "P2", "priority": 2},
        {"cmd": "lock"},
        {"cmd": "enter"},
    ):
        state, _ = game.apply(state, c)
    ui = shown(GameView("mansion", game.to_json(state), tuple(game.actions(state))))
    choose(ui, next(b["id"] for b in every(ui.view_model()) if b["label"] == "Store score cards"))
    choose(ui, "o:2")
    choose(ui, "o:0")
    choose(ui, "o:0")
    choose(ui, "drop")
    choose(ui, "ok")
    assert ui.take_results() == [{"cmd": "store", "cards": [5, 1]}]


def test_others_mansion_end_screen_ranks_the_players():
    view = engine_view("mansion", 4, 3, lambda s: s["outcome"] is not None)
    vm = shown(view).view_model()
    assert vm["screen"] == "mansion-over"
    first = view.state["ranking"][0]
    assert f"1. {first['player']}" in vm["lines"][1]
    assert button(vm, "New game")
    choose(ui := shown(view), "new")
    assert ui.view_model()["screen"] == "title"


def test_lazy_screen_table_names_the_classes_it_imports():
    from companion.ui.screens import others

    for name in others.SCREENS:
        assert others.screen_class(name).name == name
    for playing, over in others.GAME_SCREENS.values():
        assert playing in others.SCREENS and over in others.SCREENS


def test_others_one_night_counts_like_the_loops_step_timer_when_time_is_added():
    """The screen's own count is the loop's StepTimer: time added to a running step extends it, it
    does not start the step's count again (the loop sends `next` at the same moment the ring ends)."""
    from companion.narration.narrator import StepTimer

    view = engine_view("one-night", 5, 3, lambda s: s["step"] == "dusk-begins")
    ui = shown(view)
    loop = StepTimer()
    ui.update(view, (), 4.0)
    loop.update(view.state, 4.0)
    longer = GameView("one-night", {**view.state, "extra": 10}, view.actions)
    ui.update(longer, (), 1.0)
    loop.update(longer.state, 1.0)
    assert ui.view_model()["ring"][1] == str(round(loop.info()["left"])) == "11"  # 6 + 10 s, 5 s counted
