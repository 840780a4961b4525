"""Masters choices made on the table's buttons through the whole loop: the leader picks who goes short
when the agent reserve runs out, and a legal but pointless night action asks "are you sure?" first."""

import pygame

from companion.inputs import VButton
from companion.ui.table import TableUI
from tests.app.helpers import choose, make_app, replayed_view, tap
from tests.rules import EMPTY_CARD, LAYOUT
from tests.ui.helpers import every

SETUP = {
    "cmd": "setup",
    "game": "masters",
    "vampires": ["Imre", "Mila", "Ishtvan"],
    "difficulty": "easy",
    "seed": 1,
    "districts": dict(LAYOUT),
    "deck": "physical",
}


def _app(tmp_path, *commands):
    """The app with a screen, a new game and `commands` accepted."""
    app = make_app(tmp_path, ui=TableUI((800, 480), "masters", {}), surface=pygame.Surface((800, 480)))
    app.start(setup=dict(SETUP))
    for cmd in commands:
        assert app.submit(cmd), cmd
    app.tick()
    return app


def _button(app, label: str) -> str:
    """The id of the button whose label starts with `label`."""
    return next(b["id"] for b in every(app.ui.view_model()) if b["label"].startswith(label))


def test_leader_picks_who_goes_short_with_the_district_buttons(tmp_path):
    """Last Crusade with 2 agents left for 3: the screen proposes, the leader changes it on the district
    buttons and confirms; the journal keeps the choice and replays it."""
    app = _app(
        tmp_path,
        {"cmd": "adjust", "veil": 4},
        {"cmd": "adjust", "district": "A1", "minions": 0},
        {"cmd": "adjust", "reserve": {"agents": 2}},
        {"cmd": "draw", "card": "II-01"},
    )
    tap(app, VButton.for_district("A1"))  # blue-gray first: A1 gets the 1, B1 the 0
    vm = app.ui.view_model()
    assert vm["screen"] == "event" and app.session.view()["step"] == "place-agents"
    assert any("Only 2 agents left for 3" in line for line in vm["lines"])
    cells = {c["pos"]: c["lines"][0] for c in vm["grid"] if c["pos"] in ("A1", "C1")}
    assert cells == {"C1": "+2 of 2", "A1": "+0 of 1"}  # proposal: where nobody notices them
    for pos in ("C1", "A1", "C1"):  # C1 at its limit: none; A1 one; C1 one
        tap(app, VButton.for_district(pos))
    cells = {c["pos"]: c["lines"][0] for c in app.ui.view_model()["grid"] if c["pos"] in ("A1", "C1")}
    assert cells == {"C1": "+1 of 2", "A1": "+1 of 1"}
    assert choose(app, _button(app, "Place agents"))
    view = app.session.view()
    assert view["step"] == "card-effect" and view["districts"]["A1"]["agents_hidden"] == 1
    assert view["districts"]["C1"]["agents_hidden"] == 1 and view["reserve"]["agents"] == 0
    last = app.journal.commands(app.session.game_id)[-1]
    assert last["cmd"] == "place_agents" and last["agents_to"] == {"A1": 1, "C1": 1}
    assert replayed_view(app.session.commands) == view


def test_place_button_waits_until_every_agent_left_is_given(tmp_path):
    """Taking agents back leaves the place button greyed with the reason; nothing is sent."""
    app = _app(
        tmp_path,
        {"cmd": "adjust", "district": "A1", "minions": 0},
        {"cmd": "adjust", "reserve": {"agents": 2}},
        {"cmd": "draw", "card": "II-01"},
    )
    tap(app, VButton.for_district("A1"))
    tap(app, VButton.for_district("C1"))  # the proposal's 2 taken back
    place = next(b for b in every(app.ui.view_model()) if b["label"] == "Place agents")
    assert not place["enabled"] and place["why_not"] == "give out all 2 agents left first"
    before = len(app.session.commands)
    assert choose(app, place["id"])
    assert len(app.session.commands) == before and app.session.view()["step"] == "place-agents"


def test_pointless_night_action_asks_first(tmp_path):
    """Expose with nothing hidden: the screen asks; Keep sends nothing, Do it anyway spends the AP."""
    app = _app(tmp_path, {"cmd": "draw", "card": "I-03", **EMPTY_CARD}, {"cmd": "resolve_card"})
    assert app.session.view()["turn"] == "Imre"
    assert choose(app, _button(app, "Expose agents"))
    vm = app.ui.view_model()
    assert vm["screen"] == "confirm" and "no hidden agents here" in vm["lines"][0]
    assert choose(app, "no")
    assert app.ui.view_model()["screen"] == "night" and app.session.view()["vampires"]["Imre"]["ap"] == 2
    assert choose(app, _button(app, "Expose agents"))
    assert choose(app, "yes")
    assert app.session.view()["vampires"]["Imre"]["ap"] == 1 and app.session.commands[-1] == {
        "cmd": "expose",
        "free": False,
    }
