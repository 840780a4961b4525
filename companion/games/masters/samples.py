"""Masters of the Night's sample screens (`companion screenshots`, the UI tests, the benchmarks).

The states are hand-written to the game's README so every screen can be shown without playing a game
up to it; the tests also drive the real engine. Their actions carry English texts with their templates
(`errors.Text`), as the engine's do, so the screens translate them the way they translate a real
game's. `main()` is the night turn the table's own screens (menu, log, picker, undo...) are shown over.
"""

from __future__ import annotations

from collections.abc import Callable

from companion.errors import N_, Text
from companion.inputs import DISTRICTS, Press, VButton
from companion.rules.base import Action, Param, seated
from companion.ui.model import GameView
from companion.ui.samples import engine_view, lazy, on, open_more, over, press

NAMES = (
    "Railway Station",
    "Museum",
    "Asylum",
    "Docks",
    "Cathedral",
    "Police Station",
    "Hospital",
    "Nightclub",
    "Newspaper Office",
)  # shipped districts (companion/games/masters/data/districts.toml), so German shows their German names


def masters_state(**over):
    """A mid-game state; keyword arguments replace top-level keys."""
    districts = {
        p: {
            "name": n,
            "key": n.lower().replace(" ", "-"),
            "agents_hidden": 0,
            "agents_exposed": 0,
            "minions": 0,
            "sigil": None,
            "relics": [],
            "cards": [],
        }
        for p, n in zip(DISTRICTS, NAMES)
    }
    districts["B2"].update(agents_hidden=2, agents_exposed=1, minions=1)
    districts["C1"].update(agents_exposed=3)
    districts["A2"].update(minions=2, sigil="Mila")
    state = {
        "game": "masters",
        "round": 3,
        "phase": "night",
        "step": "turn",
        "veil": 4,
        "outcome": None,
        "leading": "Mila",
        "order": ["Imre", "Mila"],
        "turn": "Mila",
        "districts": districts,
        "vampires": {
            "Imre": {
                "district": "C1",
                "blood": 2,
                "max_blood": 4,
                "kills": 1,
                "drained": False,
                "ap": 0,
                "relics": [],
                "sigil_placed": False,
            },
            "Mila": {
                "district": "B2",
                "blood": 3,
                "max_blood": 4,
                "kills": 4,
                "drained": False,
                "ap": 2,
                "relics": ["Pristine Blood"],
                "sigil_placed": True,
            },
        },
        "reserve": {"agents": 7, "minions": 4, "blood": 2},
        "dice": [6, 2, 3, 3, 1, 5],
        "dice_used": [4],
        "deck": {"remaining": 9, "act": "II", "mode": "digital"},
        "card": None,
        "day_effects": {"active": [], "resolved": []},
        "combat": None,
        "veil_pending": 0,
    }
    state.update(over)
    state.setdefault(
        "seats", [p.to_dict() for p in seated(state["order"], own_colours=True)]
    )  # as the game API writes them
    state.setdefault("current_player", state["turn"] if state["step"] == "turn" else None)
    return state


def night_actions():
    """A night turn's actions, some greyed with their reason."""
    return (
        Action(
            {"cmd": "move"},
            Text(N_("Move")),
            Text(N_("1 AP")),
            params=(Param("to", "district", ("A2", "B1", "B3", "C2")),),
        ),
        Action({"cmd": "expose"}, Text(N_("Expose agents")), Text(N_("1 AP"))),
        Action({"cmd": "fight"}, Text(N_("Fight")), Text(N_("1 AP"))),
        Action({"cmd": "recruit"}, Text(N_("Recruit a minion")), Text(N_("2 AP"))),
        Action({"cmd": "hunt"}, Text(N_("Hunt")), Text(N_("1 AP"))),
        Action({"cmd": "wild_hunt"}, Text(N_("Wild hunt")), Text(N_("1 AP"))),
        Action(
            {"cmd": "dark_ability"},
            Text(N_("Dark ability")),
            Text(N_("veil")),
            False,
            Text(N_("kill count {need} needed"), need=6),
        ),
        Action(
            {"cmd": "sigillate"},
            Text(N_("Sigillate")),
            Text(N_("1 AP")),
            False,
            Text(N_("kill count {need} needed"), need=9),
        ),
        Action(
            {"cmd": "ritual"},
            Text(N_("Blood Moon ritual")),
            Text(N_("1 AP")),
            False,
            Text(N_("kill count {need} needed"), need=9),
        ),
        Action({"cmd": "end_turn"}, Text(N_("End turn"))),
    )


def day_state():
    """Day, day effects step with B2 active."""
    return masters_state(
        phase="day", step="day-effects", turn=None, day_effects={"active": ["A2", "B2"], "resolved": ["A2"]}
    )


def day_actions():
    """Resolve the one open day effect; drawing waits for it."""
    return (
        Action({"cmd": "resolve_day_effect", "district": "B2"}, Text(N_("Resolve Cathedral"))),
        Action(
            {"cmd": "draw"},
            Text(N_("Draw event card")),
            enabled=False,
            why_not=Text(N_("resolve day effects first")),
        ),
    )


def event_state():
    """Place-agents step: red A3 +2, blue-gray B1/C3 with 1 and 0."""
    card = {
        "key": "I-03",
        "name": "Night Patrol",
        "act": "I",
        "grid": {"A3": "red", "B1": "blue", "C3": "blue"},
        "red_agents": 2,
        "blue_agents": [1, 0],
        "continuing": False,
        "placements": {},
        "placed": False,
    }
    return masters_state(phase="day", step="place-agents", turn=None, card=card)


def event_actions():
    """Only the split is left to choose."""
    return tuple(
        Action({"cmd": "place_agents", "split": split}, Text(N_("Place agents")))
        for split in ({"B1": 1, "C3": 0}, {"C3": 1, "B1": 0})
    )


def combat_state():
    """Day combat in C1 with Imre."""
    combat = {
        "district": "C1",
        "day": True,
        "fighter": "Imre",
        "first_fighter": "Imre",
        "agents": 3,
        "dice_left": 3,
        "kills": {"Imre": 0},
    }
    return masters_state(phase="day", step="combat", turn=None, combat=combat)


def combat_actions():
    """Combat choices."""
    return (
        Action(
            {"cmd": "use_die"}, Text(N_("Use a die")), params=(Param("value", "die", (1,)),)
        ),  # by day: the lowest
        Action(
            {"cmd": "sacrifice", "minions": 1},
            Text(N_("Sacrifice minions")),
            enabled=False,
            why_not=Text(N_("no minions here")),
        ),
        Action(
            {"cmd": "reroll"},
            Text(N_("Reroll dice")),
            enabled=False,
            why_not=Text(N_("dice left in the reserve")),
        ),
    )


def main() -> GameView:
    """The night turn: the view the table's own screens are shown over."""
    return GameView("masters", masters_state(), night_actions(), {"last": "recruit"})


def log_events() -> list[dict]:
    """An event for the log's sample: the veil dropped."""
    return [{"event": "veil_changed", "old": 5, "new": 4, "why": "a wild hunt"}]


def night_events() -> list[dict]:
    """The events that led to the night sample (a wide screen shows them beside the board)."""
    return [
        {"event": "night_began", "round": 3},
        {"event": "turn_began", "vampire": "Imre", "ap": 3},
        {"event": "blood_changed", "vampire": "Imre", "old": 2, "new": 3},
        {"event": "turn_ended", "vampire": "Imre"},
        *log_events(),
        {"event": "turn_began", "vampire": "Mila", "ap": 2},
    ]


def screens() -> dict[str, Callable]:
    """Screen name -> recipe (ui) that puts a fresh TableUI on it."""
    night = main()
    return {
        "day": on(GameView("masters", day_state(), day_actions())),
        "event": on(GameView("masters", event_state(), event_actions())),
        "combat": on(GameView("masters", combat_state(), combat_actions())),
        "night": on(night._replace(info={**night.info, "events": night_events()})),
        "adjust": on(night, lambda ui: press(ui, VButton.VEIL_DOWN)),
        "teach": on(
            night,
            lambda ui: ui.start_teach(
                "04A1B2C3D4E5F6",
                [
                    {"key": "I-01", "name": "Blessed Innocence", "act": "I"},
                    {"key": "I-02", "name": "Curse of our Clan", "act": "I"},
                ],
            ),
        ),
        "teach-seen": on(
            night,
            lambda ui: ui.start_teach(  # a camera read the grid; it looks like a taught card
                "SIGHT-3fa2c1d0",
                [
                    {
                        "key": "I-01",
                        "name": "Blessed Innocence",
                        "act": "I",
                        "red": ["B2"],
                        "blue": ["A3", "C1"],
                    },
                    {"key": "I-02", "name": "Curse of our Clan", "act": "I", "red": ["C3"], "blue": []},
                ],
                {"grid": {"red": ["C3"], "blue": []}, "near": "I-01"},
            ),
        ),
        "over": lazy(lambda: engine_view("masters", 3, 5, over, limit=2000)),
        "tracker": on(night, lambda ui: ui.teach_tracker(_trackers(), 3)),
        "districts": on(
            night, lambda ui: ui.teach_districts(_district_names()), lambda ui: press(ui, VButton.DISTRICT_B2)
        ),
        "keyboard": on(
            night,
            lambda ui: ui.teach_districts(_district_names()),
            lambda ui: press(ui, VButton.DISTRICT_B2),
            lambda ui: ui.screen.activate("rename", Press.SHORT),
        ),
        **_own_box_screens(),
    }


def live() -> dict[str, Callable]:
    """The live states `companion screenshots --check` also draws: the first night of a real game
    (the engine's own actions and words) for two vampires, the one on turn with 2 AP, and its More
    sheet open (its longest labels: "Initiate the Blood Moon ritual", the costs with the veil)."""

    def night1(s: dict) -> bool:
        return s["phase"] == "night" and s.get("step") == "turn" and s["vampires"][s["turn"]]["ap"] == 2

    view = lambda: engine_view("masters", 2, 1, night1)  # noqa: E731 - made when drawn
    return {
        "live-masters-night1": lazy(view),
        "live-masters-night1-more": lambda ui: (lazy(view)(ui), open_more(ui)),
    }


def _own_box_screens() -> dict[str, Callable]:
    """Your own box's first evening: the tracker walk and a new card's grid at its first draw."""
    from companion.games.masters.ownbox_screens import DrawCardScreen, TrackerWalk

    setup = {"cmd": "setup", "game": "masters", "vampires": ["Imre", "Mila"], "deck": "physical", "seed": 1}
    physical = GameView(
        "masters",
        dict(
            day_state(),
            deck={"remaining": 12, "act": "I", "mode": "physical"},
            day_effects={"active": [], "resolved": []},
            drawn=[],
        ),
        (),
    )
    cards = [
        {
            "key": f"I-{n:02d}",
            "act": "I",
            "name": "Night Patrol"
            if n == 2
            else f"Card I-{n:02d}",  # taught with its name, or by its grid alone
            "red": ["B2"] if n % 2 else ["C3"],
            "blue": ["A3", "C1"] if n < 3 else [],
            "taught": n <= 3,
        }
        for n in range(1, 19)
    ]
    return {
        "tracker-walk": on(None, lambda ui: ui.stack.push(TrackerWalk(ui.ctx, _trackers(), 2, setup))),
        # the deck picker: the cards taught so far, by name or by grid, each in the districts' names
        "draw-card-pick": on(
            physical, lambda ui: ui.stack.push(DrawCardScreen(ui.ctx, {"cmd": "draw"}, cards))
        ),
        "draw-card": on(
            physical,
            lambda ui: ui.stack.push(DrawCardScreen(ui.ctx, {"cmd": "draw"}, cards)),
            lambda ui: ui.screen.activate("grid", Press.SHORT),
            *[lambda ui, p=p: press(ui, VButton.for_district(p)) for p in ("B3", "C1", "C1")],
        ),
    }


def _trackers() -> dict[int, dict]:
    """Veil-tracker numbers as the loop hands them to the tracker screen."""
    numbers = {f"{act}.{band}": [2, 1, 0] for act in ("I", "II", "III") for band in ("high", "low")}
    return {n: {"reserve": 12, "numbers": numbers} for n in (2, 3, 4, 5)}


def _district_names() -> dict[str, dict]:
    """The current layout's district keys and names, as the loop hands them over."""
    return {
        pos: {"key": d.get("key", pos.lower()), "name": d["name"]}
        for pos, d in masters_state()["districts"].items()
    }
