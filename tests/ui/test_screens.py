"""Screens: view models from game views, and presses -> commands and intents."""

import pytest

from companion.games.masters import samples as masters_samples
from companion.inputs import CardRead, Press, VButton
from companion.ui import samples
from companion.ui.model import GameView
from tests.ui.helpers import button, name_players, press, tap


def night_ui(make_ui):
    ui = make_ui()
    ui.update(
        GameView(
            "masters", masters_samples.masters_state(), masters_samples.night_actions(), {"last": "recruit"}
        ),
        (),
        0.0,
    )
    return ui


def test_title_lists_every_game_in_its_order_and_focuses_the_default(make_ui):
    from companion.plugins import games

    vm = make_ui(game_id="strigoi").view_model()
    assert vm["screen"] == "title"
    assert [b["id"] for b in vm["buttons"][: len(games())]] == [f"game:{gid}" for gid in games()]
    assert [b["label"] for b in vm["buttons"][: len(games())]] == [g.title for g in games().values()]
    assert vm["focused"] == "game:strigoi"


def test_night_shows_every_action_with_cost_and_reason(make_ui):
    vm = night_ui(make_ui).view_model()
    assert vm["screen"] == "night" and vm["title"] == "Night 3: Mila, 2 AP"
    assert (
        button(vm, "Recruit a minion")["chips"] == [["ap", "2"]]
        and button(vm, "Recruit a minion")["cost"] == ""
    )  # a picture
    sig = button(vm, "Sigillate")
    assert not sig["enabled"] and sig["why_not"] == "kill count 9 needed"
    assert "B2" in vm["highlighted"] and vm["veil"] == 4


def test_night_next_and_confirm_send_the_focused_command(make_ui):
    ui = night_ui(make_ui)
    assert ui.view_model()["focused"] == "act:0"
    press(ui, VButton.NEXT)
    press(ui, VButton.CONFIRM)
    assert ui.take_results() == [{"cmd": "expose"}]
    assert ui.take_results() == []


def test_greyed_action_sends_nothing_and_shows_why(make_ui):
    ui = night_ui(make_ui)
    tap(ui, "act:7")
    assert ui.take_results() == []
    assert ui.view_model()["error"] == "kill count 9 needed"


def test_action_needing_a_district_opens_picker_and_district_button_fills_it(make_ui):
    ui = night_ui(make_ui)
    tap(ui, "act:0")
    vm = ui.view_model()
    assert vm["screen"] == "picker" and not button(vm, "OK")["enabled"]
    press(ui, VButton.DISTRICT_B3)
    assert "B3" in ui.view_model()["highlighted"]
    assert ui.view_model()["focused"] == "ok"
    press(ui, VButton.CONFIRM)
    assert ui.take_results() == [{"cmd": "move", "to": "B3"}]
    assert ui.view_model()["screen"] == "night"


def test_selected_district_prefills_the_picker(make_ui):
    ui = night_ui(make_ui)
    press(ui, VButton.DISTRICT_A2)
    tap(ui, "act:0")
    tap(ui, "ok")
    assert ui.take_results() == [{"cmd": "move", "to": "A2"}]


def test_undo_once_asks_twice_undoes(make_ui):
    ui = night_ui(make_ui)
    press(ui, VButton.UNDO)
    vm = ui.view_model()
    assert vm["screen"] == "undo" and "Undo the last step, recruit?" in vm["lines"]
    assert ui.take_results() == []
    press(ui, VButton.UNDO)
    assert ui.take_results() == [{"intent": "undo"}]
    assert ui.view_model()["screen"] == "night"


def test_undo_back_keeps_and_long_press_undoes_at_once(make_ui):
    ui = night_ui(make_ui)
    press(ui, VButton.UNDO)
    press(ui, VButton.BACK)
    assert ui.take_results() == [] and ui.view_model()["screen"] == "night"
    press(ui, VButton.UNDO, Press.LONG)
    assert ui.take_results() == [{"intent": "undo"}]


def test_veil_button_opens_adjust_with_the_change_ready(make_ui):
    ui = night_ui(make_ui)
    press(ui, VButton.VEIL_DOWN)
    vm = ui.view_model()
    assert vm["screen"] == "adjust" and [b["label"] for b in vm["buttons"][:2]] == ["Apply", "veil: 4, now 3"]
    tap(ui, "apply")
    assert ui.take_results() == [{"cmd": "adjust", "veil": 3}]


def test_adjust_apply_waits_for_a_change(make_ui):
    ui = night_ui(make_ui)
    press(ui, VButton.MENU)
    tap(ui, "adjust")
    assert not button(ui.view_model(), "Apply")["enabled"]


@pytest.mark.parametrize(
    "steps, command",
    [
        # a district's minions, picked with the district button and stepped with the veil buttons
        (
            [VButton.MENU, "adjust", VButton.DISTRICT_B2, "f:2", VButton.VEIL_UP, VButton.VEIL_UP],
            {"cmd": "adjust", "district": "B2", "minions": 3},
        ),
        # a vampire's blood, with Adjust opened by the veil button
        ([VButton.VEIL_UP, "t:vampire:Imre", "minus"], {"cmd": "adjust", "vampire": "Imre", "blood": 1}),
    ],
)
def test_adjust_sends_what_was_set(make_ui, steps, command):
    ui = night_ui(make_ui)
    for step in steps:
        if isinstance(step, VButton):
            press(ui, step)
        else:
            tap(ui, step)
    tap(ui, "apply")
    assert ui.take_results() == [command]


def test_menu_opens_board_with_district_details(make_ui):
    ui = night_ui(make_ui)
    press(ui, VButton.MENU)
    tap(ui, "board")
    press(ui, VButton.DISTRICT_A2)
    vm = ui.view_model()
    assert vm["screen"] == "board" and vm["lines"][0] == "Museum"
    assert any("Sigil: Mila" in line for line in vm["lines"])
    press(ui, VButton.BACK)
    assert ui.view_model()["screen"] == "night"


def test_day_stepper_shows_step_lead_and_active_effects(make_ui):
    ui = make_ui()
    ui.update(GameView("masters", masters_samples.day_state(), masters_samples.day_actions()), (), 0.0)
    vm = ui.view_model()
    assert vm["screen"] == "day"
    assert "Round 3, leading: Mila" in vm["lines"]
    assert "Step 2/5: Day district effects" in vm["lines"]
    marks = {c["pos"]: c["mark"] for c in vm["grid"]}
    assert marks["B2"] == "active" and marks["A2"] == ""  # A2 already resolved
    assert vm["focused"] == "act:0"
    assert not button(vm, "Draw event card")["enabled"]


def test_the_grid_follows_each_new_game_view_and_keeps_the_selection(make_ui):
    # The grid's texts are worked out once per game view; a new view (a command landed) must show.
    ui = make_ui()
    state = masters_samples.day_state()
    ui.update(GameView("masters", state, masters_samples.day_actions()), (), 0.0)
    cells = {c["pos"]: c for c in ui.view_model()["grid"]}
    minions = {
        "icon": "minion",
        "value": "2",
        "colour": None,
        "shape": "",
    }  # drawn as the minion token and a 2
    assert minions not in cells["C3"]["counts"]
    press(ui, VButton.DISTRICT_C3)
    later = {**state, "districts": {**state["districts"], "C3": {**state["districts"]["C3"], "minions": 2}}}
    ui.update(GameView("masters", later, masters_samples.day_actions()), (), 0.0)
    cells = {c["pos"]: c for c in ui.view_model()["grid"]}
    assert minions in cells["C3"]["counts"] and cells["C3"]["selected"]
    ui.update(GameView("masters", state, masters_samples.day_actions()), (), 0.0)
    assert minions not in {c["pos"]: c for c in ui.view_model()["grid"]}["C3"]["counts"]


def test_event_card_split_picker_and_veil_preview(make_ui):
    ui = make_ui()
    ui.update(GameView("masters", masters_samples.event_state(), masters_samples.event_actions()), (), 0.0)
    vm = ui.view_model()
    assert vm["screen"] == "event" and vm["title"] == "Event: Night Patrol"
    marks = {c["pos"]: c["mark"] for c in vm["grid"]}
    assert marks["A3"] == "red" and marks["B1"] == "blue" and marks["C3"] == "blue"
    assert not button(vm, "Place agents")["enabled"]
    press(ui, VButton.DISTRICT_B1)
    vm = ui.view_model()
    cells = {c["pos"]: c["lines"] for c in vm["grid"]}
    assert cells["B1"][0] == "+1 agent" and cells["A3"][0] == "+2 agents"
    assert vm["veil_preview"] is None  # neither A3 nor B1 holds a minion or a vampire
    tap(ui, "swap")
    tap(ui, "place:0")
    assert ui.take_results() == [{"cmd": "place_agents", "split": {"C3": 1, "B1": 0}}]


def test_event_card_veil_preview_counts_minions_and_vampires(make_ui):
    state = masters_samples.event_state()
    state["card"]["grid"] = {"B2": "red", "A2": "red"}
    state["card"]["blue_agents"] = [0, 0]
    ui = make_ui()
    ui.update(GameView("masters", state, ()), (), 0.0)
    vm = ui.view_model()
    assert vm["veil_preview"] == 2
    assert "The veil goes from 4 to 2 once these agents are placed." in vm["lines"]


def test_combat_dice_buttons_follow_day_rule(make_ui):
    ui = make_ui()
    ui.update(GameView("masters", masters_samples.combat_state(), masters_samples.combat_actions()), (), 0.0)
    vm = ui.view_model()
    assert vm["screen"] == "combat" and vm["title"] == "Combat in Hospital"  # C1, by its name
    dice = {b["id"]: b for b in vm["buttons"] if b["id"].startswith("die:")}
    assert dice["die:4"]["enabled"] and dice["die:4"]["label"] == "Die 1: agent stays, -1 blood"
    assert dice["die:0"]["why_not"] == "day: lowest (1) only" and dice["die:0"]["label"] == "Die 6: kill"
    assert "Day: lowest dice only, set aside 4" in vm["lines"]
    assert vm["focused"] == "die:4"
    press(ui, VButton.CONFIRM)
    assert ui.take_results() == [{"cmd": "use_die", "value": 1}]  # the die by its face


def test_state_change_closes_pickers_and_refocuses(make_ui):
    ui = night_ui(make_ui)
    tap(ui, "act:0")
    assert ui.view_model()["screen"] == "picker"
    ui.update(
        GameView("masters", masters_samples.masters_state(veil=3), masters_samples.night_actions()), (), 0.0
    )
    assert ui.view_model()["screen"] == "night"


def test_game_over_screen(make_ui):
    ui = make_ui()
    ui.update(
        GameView("masters", masters_samples.masters_state(phase="over", outcome="victory"), ()), (), 0.0
    )
    vm = ui.view_model()
    assert vm["screen"] == "over" and vm["title"] == "Victory"  # 40 px beside the veil gauge; the why below
    assert vm["lines"][0].startswith("The Blood Moon rises. Round 3")
    tap(ui, "new")
    assert ui.view_model()["screen"] == "title"


def test_wizard_builds_the_setup_command_with_buttons_only(make_ui):
    ui = make_ui(settings={"seed": 41})
    press(ui, VButton.CONFIRM)  # Masters of the Night (focused)
    assert ui.view_model()["screen"] == "wizard"
    for name in ("Mila", "Imre"):
        tap(ui, f"v:{name}")
    assert "Seating: Mila, Imre" in ui.view_model()["lines"]
    tap(ui, "difficulty")  # Medium -> Hard
    assert not any(
        b["id"].startswith("seed") for b in ui.view_model()["buttons"]
    )  # the seed is the settings'
    tap(ui, "start:physical")
    assert ui.view_model()["screen"] == "tracker-walk"  # your own deck: the tracker's numbers first
    tap(ui, "examples")
    assert ui.take_results() == [
        {
            "cmd": "setup",
            "game": "masters",
            "vampires": ["Mila", "Imre"],
            "difficulty": "hard",
            "deck": "physical",
            "seed": 41,
        }
    ]


def test_wizard_needs_two_vampires(make_ui):
    ui = make_ui()
    press(ui, VButton.CONFIRM)
    tap(ui, "v:Mila")
    vm = ui.view_model()
    for label in ("Start with your physical deck", "Start with the example deck"):
        assert not button(vm, label)["enabled"] and button(vm, label)["why_not"] == "choose 2 to 5 vampires"
    tap(ui, "start:digital")  # refused in words, nothing started
    assert ui.take_results() == [] and ui.view_model()["screen"] == "wizard"


def test_generic_wizard_stops_at_the_games_player_floor(make_ui):
    ui = make_ui()
    tap(ui, "game:nosferatu")
    press(ui, VButton.VEIL_DOWN)  # already at Nosferatu's floor of 5 players: stays there
    tap(ui, "start")
    names = name_players(ui)
    assert len(names) == 5
    assert ui.take_results() == [
        {"cmd": "setup", "game": "nosferatu", "players": 5, "seed": 1, "names": names}
    ]


def test_generic_screen_serves_a_game_without_its_own_screen(make_ui):
    ui = make_ui()
    view = samples.generic_view()
    ui.update(view._replace(game="homebrew", state=dict(view.state, game="homebrew")), (), 0.0)
    vm = ui.view_model()
    assert vm["screen"] == "generic"
    assert "bites: Anna 1, Ben 0" in vm["lines"]
    assert button(vm, "End round")["why_not"] == "reveal first"


def test_resume_offer(make_ui):
    ui = make_ui()
    ui.offer_resume({"id": 7, "game": "masters", "summary": "Round 2, day"})
    vm = ui.view_model()
    assert vm["screen"] == "resume" and "Round 2, day" in vm["lines"]
    press(ui, VButton.CONFIRM)
    assert ui.take_results() == [{"intent": "resume", "id": 7, "game": "masters"}]


def test_resume_new_game_goes_to_title(make_ui):
    ui = make_ui()
    ui.offer_resume({"id": 7, "game": "masters", "summary": ""})
    tap(ui, "new")
    assert ui.take_results() == [] and ui.view_model()["screen"] == "title"


def test_settings_send_intents(make_ui):
    ui = make_ui(settings={"brightness": 0.6, "volume": 0.7, "mute": False})
    tap(ui, "settings")
    press(ui, VButton.VEIL_UP)
    tap(ui, "f:volume")
    tap(ui, "minus")
    tap(ui, "mute")
    assert ui.take_results() == [
        {"intent": "settings", "key": "brightness", "value": 0.7, "brightness": 0.7},
        {"intent": "settings", "key": "volume", "value": 0.6, "volume": 0.6},
        {"intent": "settings", "key": "mute", "value": True, "mute": True},
    ]
    assert button(ui.view_model(), "Sound off")["selected"]


def test_card_read_goes_to_the_loop_and_teach_registers_tag(make_ui):
    ui = night_ui(make_ui)
    ui.handle(CardRead("04AA", 1.0))
    assert ui.take_results() == [{"intent": "card_read", "tag": "04AA"}]
    ui.start_teach(
        "04AA",
        [{"key": "II-05", "name": "Purge", "act": "II"}, {"key": "I-01", "name": "Curfew", "act": "I"}],
    )
    assert [b["label"] for b in ui.view_model()["buttons"]][3] == "Curfew"
    tap(ui, "act:II")
    tap(ui, "card:II-05")
    assert ui.take_results() == [{"intent": "register_tag", "tag": "04AA", "card": "II-05"}]


def test_teach_new_card_grid_with_district_buttons(make_ui):
    ui = night_ui(make_ui)
    ui.start_teach("04BB", [])
    tap(ui, "grid")
    for b in (
        VButton.DISTRICT_A1,
        VButton.DISTRICT_B2,
        VButton.DISTRICT_B2,
        VButton.DISTRICT_C3,
        VButton.DISTRICT_C3,
    ):
        press(ui, b)
    press(ui, VButton.DISTRICT_A3)
    press(ui, VButton.DISTRICT_A3)
    press(ui, VButton.DISTRICT_A3)  # back to empty
    tap(ui, "act:III")
    tap(ui, "save")
    assert ui.take_results() == [
        {
            "intent": "teach_card",
            "tag": "04BB",
            "card": "III-01",  # the act's first place nothing was taught into (the players never see it)
            "act": "III",
            "grid": {"A1": "red", "B2": "blue", "C3": "blue"},
            "red": ["A1"],
            "blue": ["B2", "C3"],
        }
    ]


def test_a_new_card_goes_to_its_acts_first_free_place_and_is_never_shown_by_it(make_ui):
    ui = night_ui(make_ui)
    taught = [{"key": f"II-0{n}", "name": f"Card II-0{n}", "act": "II", "taught": True} for n in (1, 2)]
    ui.start_teach("04CC", taught + [{"key": "II-03", "name": "Purge", "act": "II", "taught": False}])
    tap(ui, "act:II")
    tap(ui, "grid")
    press(ui, VButton.DISTRICT_A1)
    vm = ui.view_model()
    shown = [
        vm["title"],
        *vm["lines"],
        *(b["label"] for b in vm["buttons"]),
        *(c["title"] for c in vm["grid"]),
    ]
    assert not [t for t in shown if "II-0" in t or "04CC" in t], shown
    assert vm["grid"][0]["title"] == ui.ctx.state["districts"]["A1"]["name"]  # the district, not "A1"
    tap(ui, "save")
    assert ui.take_results()[0]["card"] == "II-03"


def test_a_camera_read_card_read_carries_its_grid_and_look_alike(make_ui):
    ui = night_ui(make_ui)
    ui.handle(CardRead("SIGHT-1a2b3c4d", 1.0, "camera", (("C3",), ("A1", "B2")), "SIGHT-I-01"))
    assert ui.take_results() == [
        {
            "intent": "card_read",
            "tag": "SIGHT-1a2b3c4d",
            "grid": {"red": ["C3"], "blue": ["A1", "B2"]},
            "near": "SIGHT-I-01",
        }
    ]


def test_a_grid_no_known_card_has_is_marked_for_teaching_the_old_way(make_ui):
    ui = night_ui(make_ui)
    ui.start_teach(
        "SIGHT-1a2b3c4d",
        [{"key": "I-01", "name": "Curfew", "act": "I", "red": ["B2"], "blue": []}],
        {"grid": {"red": ["C3"], "blue": ["A1", "B2"]}},
    )
    assert ui.screen.mode == "pick"  # no card to confirm: the list, as before
    tap(ui, "grid")
    tap(ui, "save")
    grid = {"A1": "blue", "B2": "blue", "C3": "red"}
    assert ui.take_results() == [
        {
            "intent": "teach_card",
            "tag": "SIGHT-1a2b3c4d",
            "card": "I-01",
            "act": "I",
            "grid": grid,
            "red": ["C3"],
            "blue": ["A1", "B2"],
        }
    ]


def test_event_log_and_banner(make_ui):
    ui = night_ui(make_ui)
    ui.update(
        ui.ctx.view,
        [{"event": "veil_changed", "old": 4, "new": 3, "why": "wild hunt"}],
        0.1,
        {"leds": "no LED strip: SPI is off", "reader": {"ok": False, "why": "disconnected"}, "buttons": None},
    )
    vm = ui.view_model()
    # the banners say it in words to act on, the reader first; the parts' own words are the Details
    assert vm["banner"] == [
        "Card reader unplugged: plug it back in.",
        "No LED strip: the game goes on unlit.",
    ]
    assert ui.ctx.status == {"leds": "no LED strip: SPI is off", "reader": "reader: disconnected"}
    ui.update(
        ui.ctx.view,
        (),
        0.0,
        {
            "leds": (True, ""),
            "buttons": (False, "buttons not available: no GPIO"),
            "reader": (False, "port /dev/serial0 gone"),
        },
    )
    assert ui.view_model()["banner"] == [
        "Card reader not answering: check it.",
        "Buttons not answering: use the screen.",
    ]
    ui.notify("recruit: no minion left in the reserve")
    press(ui, VButton.MENU)
    tap(ui, "log")
    lines = ui.view_model()["lines"]
    assert lines == [
        "The veil goes from 4 to 3 (wild hunt).",
        "refused: recruit: no minion left in the reserve",
    ]


def test_error_fades_after_a_few_seconds(make_ui):
    ui = night_ui(make_ui)
    ui.notify("nope")
    assert ui.view_model()["error"] == "nope"
    ui.update(ui.ctx.view, (), 6.0)
    assert ui.view_model()["error"] == ""


def test_an_unchanged_screen_is_not_drawn_again(make_ui):
    import pygame

    ui = make_ui()
    surface = pygame.Surface(ui.size)
    assert ui.draw(surface) is True
    assert ui.draw(surface) is False  # nothing changed: the loop skips the flip
    press(ui, VButton.NEXT)  # the focus moved
    assert ui.draw(surface) is True
    assert ui.draw(pygame.Surface(ui.size)) is True  # another surface always gets a full frame


def test_with_focus_focuses_exactly_one_button_and_wraps():
    from companion.ui.model import ButtonVM, with_focus

    buttons = (ButtonVM("a", "A", focused=True), ButtonVM("b", "B"), ButtonVM("c", "C"))
    assert [b.focused for b in with_focus(buttons, 1)] == [False, True, False]
    assert [b.focused for b in with_focus(buttons, 5)] == [False, False, True]
    assert with_focus(buttons, 0) == buttons


def test_title_as_an_overlay_adds_back_and_back_closes_it(make_ui):
    from companion.ui.screens.menus import TitleScreen

    ui = night_ui(make_ui)
    ui.stack.push(TitleScreen(ui.ctx))
    ids = [b["id"] for b in ui.view_model()["buttons"]]
    assert ids[-2:] == ["settings", "back"] and ids[0] == "game:masters"
    assert tap(ui, "back") and ui.view_model()["screen"] == "night"
    assert [b["id"] for b in make_ui().view_model()["buttons"]][-1] == "settings"
