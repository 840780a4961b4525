"""The first game with your own box, driven by the mock buttons alone: the wizard offers your
physical deck first, walks the veil tracker once before the first draw, and each card's grid is
asked the first time it is drawn (then used for its placement), never again."""

import pygame

from companion.games.masters import teach
from companion.games.masters.loader import load_masters
from companion.inputs import VButton
from companion.ui.table import TableUI
from tests.app.helpers import choose, make_app, tap, type_on_keyboard


def _table(tmp_path, settings=None):
    """The app with a screen on the mock HAL, on the title screen."""
    app = make_app(
        tmp_path, ui=TableUI((800, 480), "masters", settings or {}), surface=pygame.Surface((800, 480))
    )
    app.start()
    app.tick()
    return app


def _vm(app):
    """What the screen shows now."""
    return app.ui.view_model()


def _wizard_options(app):
    """Title -> Masters -> Imre, Mila: the Start buttons can be pressed."""
    assert choose(app, "game:masters")
    for widget in ("v:Imre", "v:Mila"):
        assert choose(app, widget)
    assert _vm(app)["title"] == "New game" and _vm(app)["focused"].startswith("start:")


def _deck_buttons(app):
    """(id, primary) of the Start buttons, one per deck, in the order offered."""
    return [(b["id"], b["primary"]) for b in _vm(app)["buttons"] if b["id"].startswith("start:")]


def _walk_tracker(app, bump_reserve=0):
    """Confirm every number of the tracker walk (the reserve raised by `bump_reserve`), saving at the end."""
    assert _vm(app)["screen"] == "tracker-walk"
    for _ in range(bump_reserve):
        tap(app, VButton.VEIL_UP)
    for _ in range(40):
        if _vm(app)["screen"] != "tracker-walk":
            return
        assert choose(app, "next")
    raise AssertionError("the tracker walk never ended")


def _start_physical(app, bump_reserve=0):
    """The wizard with your physical deck, through the tracker walk when it comes."""
    _wizard_options(app)
    assert choose(app, "difficulty") and choose(app, "difficulty") and choose(app, "start:physical")  # Easy
    if _vm(app)["screen"] == "tracker-walk":
        _walk_tracker(app, bump_reserve)
    app.tick()
    assert app.session is not None and app.session.view()["deck"]["mode"] == "physical"


def _to_draw(app):
    """Resolve the active day effects, then press the draw button: the draw screen opens."""
    for pos in app.session.view()["day_effects"]["active"]:
        assert app.submit({"cmd": "resolve_day_effect", "district": pos})
    app.tick()
    draw = next(b["id"] for b in _vm(app)["buttons"] if b["label"] == "Draw the event card")
    assert choose(app, draw)
    assert _vm(app)["screen"] == "draw-card"


def test_wizard_offers_your_physical_deck_first_while_nothing_is_taught(tmp_path):
    app = _table(tmp_path)
    _wizard_options(app)
    assert _deck_buttons(app) == [("start:physical", True), ("start:digital", False)]
    assert _vm(app)["focused"] == "start:physical"
    labels = [b["label"] for b in _vm(app)["buttons"] if b["id"].startswith("start:")]
    assert labels == ["Start with your physical deck", "Start with the example deck"]


def test_wizard_offers_your_physical_deck_first_on_a_pi_even_when_cards_are_taught(tmp_path):
    teach.save_card_grid("I-01", ["B2"], [])
    pc = _table(tmp_path / "pc")
    _wizard_options(pc)
    assert _deck_buttons(pc) == [
        ("start:digital", True),
        ("start:physical", False),
    ]  # taught data: a real digital deck
    pi = _table(tmp_path / "pi", {"pi": True})
    _wizard_options(pi)
    assert _deck_buttons(pi) == [("start:physical", True), ("start:digital", False)]
    configured = _table(tmp_path / "cfg", {"deck": "physical"})
    _wizard_options(configured)
    assert _deck_buttons(configured)[0] == ("start:physical", True)


def test_tracker_is_walked_once_before_the_first_draw_and_used_by_the_game(tmp_path):
    shipped = next(t for t in load_masters().trackers if t.vampires == 2)
    app = _table(tmp_path)
    _wizard_options(app)
    assert choose(app, "start:physical")
    vm = _vm(app)
    assert vm["screen"] == "tracker-walk" and app.session is None  # before the game, so before any draw
    assert vm["lines"][0] == f"Agents in the reserve at setup: {shipped.reserve}"
    tap(app, VButton.VEIL_DOWN)
    tap(app, VButton.VEIL_DOWN)
    assert choose(app, "next")
    red = dict(((a, b), n) for a, b, n in shipped.numbers)[("I", "high")].red
    assert _vm(app)["lines"][0] == f"Deck I, veil 4-6: agents on each red cell: {red}"
    tap(app, VButton.VEIL_UP)
    _walk_tracker(app)
    app.tick()
    # saved as taught data, and the game started with it (its reserve, and the numbers of its draws)
    taught = next(t for t in load_masters().trackers if t.vampires == 2)
    assert taught.source == "taught" and taught.reserve == shipped.reserve - 2
    assert dict(((a, b), n) for a, b, n in taught.numbers)[("I", "high")].red == red + 1
    setup = app.journal.commands(app.session.game_id)[0]
    assert setup["deck"] == "physical" and setup["reserve_agents"] == shipped.reserve - 2
    assert app.session.view()["reserve"]["agents"] == shipped.reserve - 2
    # once: the next new game goes straight in
    app.dispatch({"intent": "new_game"})
    app.tick()
    _wizard_options(app)
    assert choose(app, "start:physical")
    app.tick()
    assert app.session is not None and _vm(app)["screen"] != "tracker-walk"
    assert app.session.view()["deck"]["mode"] == "physical"


def test_first_draw_of_a_new_card_asks_its_grid_and_places_agents_there_then_never_again(tmp_path):
    app = _table(tmp_path)
    _start_physical(app)
    _to_draw(app)
    vm = _vm(app)
    assert vm["title"] == "New card of deck I"  # nothing taught: straight to the grid
    assert "Cards taught: 0 of 54" in vm["lines"]
    tap(app, VButton.DISTRICT_B3)  # red
    tap(app, VButton.DISTRICT_C1)
    tap(app, VButton.DISTRICT_C1)  # pressed again: blue-gray
    tap(app, VButton.DISTRICT_C3)
    tap(app, VButton.DISTRICT_C3)
    names = {pos: d["name"] for pos, d in app.session.view()["districts"].items()}
    cells = {c["pos"]: c for c in _vm(app)["grid"]}  # each cell by its district's name, never "B3"
    assert [(cells[p]["title"], cells[p]["mark"]) for p in ("B3", "C1", "C3")] == [
        (names["B3"], "red"),
        (names["C1"], "blue"),
        (names["C3"], "blue"),
    ]
    assert _vm(app)["focused"] == "save"  # the grid is complete: one Confirm saves it
    tap(app, VButton.CONFIRM)
    app.tick()
    view = app.session.view()
    card = view["card"]
    assert card["key"] == "I-01" and card["name"] == "Card I-01"  # not the slot's made-up example name
    assert card["grid"] == {"B3": "red", "C1": "blue", "C3": "blue"}
    numbers = dict(
        ((a, b), n) for a, b, n in next(t for t in load_masters().trackers if t.vampires == 2).numbers
    )
    assert view["districts"]["B3"]["agents_hidden"] == numbers[("I", "high")].red  # placed where we tapped
    draw = app.journal.commands(app.session.game_id)[-1]
    assert draw["cmd"] == "draw" and draw["red"] == ["B3"] and draw["blue"] == ["C1", "C3"]
    assert draw["red_agents"] == numbers[("I", "high")].red  # canonical: a replay uses what this draw used
    taught = load_masters().card("I-01")
    assert taught.source == "taught" and taught.red == ("B3",) and taught.blue == ("C1", "C3")
    # the next game: that card is in the list with its grid; picking it asks nothing more
    app.dispatch({"intent": "new_game"})
    app.tick()
    _start_physical(app)
    assert "Cards taught: 1 of 54" in _vm(app)["lines"]  # the day screen before the draw
    _to_draw(app)
    vm = _vm(app)
    assert vm["title"] == "Draw from deck I" and "Cards taught: 1 of 54" in vm["lines"]
    names = {pos: d["name"] for pos, d in app.session.view()["districts"].items()}  # this game's layout
    assert any(
        b["id"] == "card:I-01"
        and b["label"] == f"Red: {names['B3']}; blue-gray: {names['C1']}, {names['C3']}"  # never "Card I-01"
        for b in vm["buttons"]
    )
    assert choose(app, "card:I-01")
    app.tick()
    assert app.session.view()["card"]["grid"] == {"B3": "red", "C1": "blue", "C3": "blue"}
    assert _vm(app)["screen"] == "event"


def test_a_new_card_can_be_named_and_the_menu_counts_the_taught_cards(tmp_path):
    app = _table(tmp_path)
    _start_physical(app)
    assert choose(app, "menu")
    assert "Cards taught: 0 of 54" in _vm(app)["lines"]
    tap(app, VButton.BACK)
    _to_draw(app)
    tap(app, VButton.DISTRICT_A2)
    assert choose(app, "name")
    type_on_keyboard(app, "ME")
    assert choose(app, "done")
    assert _vm(app)["screen"] == "draw-card" and _vm(app)["focused"] == "save"
    assert choose(app, "save")
    app.tick()
    assert app.session.view()["card"]["name"] == "Me"
    assert load_masters().card("I-01").name == "Me"
    assert choose(app, "menu")
    assert "Cards taught: 1 of 54" in _vm(app)["lines"]


def test_the_example_deck_still_draws_by_itself_for_the_pc_demo(tmp_path):
    app = _table(tmp_path)
    _wizard_options(app)
    assert choose(app, "start:digital")
    app.tick()
    assert app.session.view()["deck"]["mode"] == "digital"  # no tracker walk for the demo deck
    for pos in app.session.view()["day_effects"]["active"]:
        assert app.submit({"cmd": "resolve_day_effect", "district": pos})
    app.tick()
    draw = next(b["id"] for b in _vm(app)["buttons"] if b["label"] == "Draw the event card")
    assert choose(app, draw)
    app.tick()
    view = app.session.view()
    assert view["card"] is not None and view["card"]["key"] == view["drawn"][0]  # the companion drew it
    assert not teach.load_section("cards")  # nothing asked, nothing taught


def test_the_table_app_on_the_pi_backend_tells_the_wizard_it_runs_on_a_pi(tmp_path):
    """`companion run` hands the hardware backend to the screens: on `pi` your deck comes first."""
    import argparse

    from companion.cli import run as launch
    from companion.gamedata import config
    from companion.games.masters.wizard import MastersWizard
    from companion.hal import open_hardware

    teach.save_card_grid("I-01", ["B2"], [])  # something taught: only the Pi puts the physical deck first
    args = argparse.Namespace(new=True, ack=False, script=None, seed=1)
    offered = {}
    for backend in ("mock", "pi"):
        cfg = config.default()
        with open_hardware(cfg, backend="mock") as hw:
            hw.backend = backend  # the pi backend's parts are missing on this PC; only its name matters
            app = launch._build_app(args, cfg, hw, None, "headless", False, None, 0.0, None, {}, None, None)
            offered[backend] = MastersWizard(app.ui.ctx).decks[0]
    assert offered == {"mock": "digital", "pi": "physical"}


def test_a_tracker_number_stops_where_the_card_data_allows_so_saving_never_breaks_the_data(tmp_path):
    app = _table(tmp_path)
    _wizard_options(app)
    assert choose(app, "start:physical")
    assert choose(app, "next")  # the reserve, then deck I's red number
    for _ in range(12):
        tap(app, VButton.VEIL_UP)
    assert _vm(app)["lines"][0] == "Deck I, veil 4-6: agents on each red cell: 6"
    _walk_tracker(app)
    app.tick()
    numbers = dict(
        ((a, b), n) for a, b, n in next(t for t in load_masters().trackers if t.vampires == 2).numbers
    )
    assert numbers[("I", "high")].red == 6 and app.session is not None
