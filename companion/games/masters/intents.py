"""What Masters of the Night's teaching screens ask of the loop (its plugin's `intents`): each a
function (teaching, result), where `teaching` is the table's teaching controller
(companion/controllers/teach.py: `taught` saves and lets the running game reload, `view_teaching`
gives the running game's view when it teaches that kind, `host` is the loop, `tags` the card tags)."""

from __future__ import annotations

from companion.errors import CompanionError


def teach_card(teaching, result: dict) -> None:
    """Save a taught card grid and its tag, reload the game's data, then use the read."""
    from companion.games.masters import teach  # the data modules load when first taught, not at start-up

    saved = teaching.taught(
        lambda: teach.save_card_grid(
            result["card"], result.get("red", ()), result.get("blue", ()), name=result.get("name")
        ),
        f"card {result['card']} taught",
        "masters",
    )
    if saved and result.get("tag"):
        teaching.tags.register(result)


def edit_tracker(teaching, _result=None) -> None:
    """Open the veil-tracker screen with the numbers in use now (shipped or taught)."""
    from companion.games.masters.loader import load_masters

    try:
        data = load_masters()
    except CompanionError as exc:
        teaching.host.refuse({"cmd": "edit_tracker"}, exc)
        return
    trackers = {
        t.vampires: {
            "reserve": t.reserve,
            "numbers": {f"{act}.{band}": [n.red, *n.blue] for act, band, n in t.numbers},
        }
        for t in data.trackers
    }
    view = teaching.view_teaching("tracker")
    vampires = len(view.get("order", ())) if view is not None else 2
    teaching.host.ui.teach_tracker(trackers, vampires)


def teach_tracker(teaching, result: dict) -> None:
    """Save the tracker numbers the table copied from its own tracker."""
    from companion.games.masters import teach

    numbers = {tuple(k.split(".")): (v[0], (v[1], v[2])) for k, v in result["numbers"].items()}
    teaching.taught(
        lambda: teach.save_tracker(result["vampires"], reserve=result["reserve"], numbers=numbers),
        f"veil tracker for {result['vampires']} vampires saved",
        "masters",
    )


def edit_districts(teaching, _result=None) -> None:
    """Open the district-names screen for the current layout."""
    view = teaching.view_teaching("districts")
    if view is None:
        teaching.host.say("district names belong to a Masters of the Night game: start or resume one first")
        return
    teaching.host.ui.teach_districts(
        {pos: {"key": d["key"], "name": d["name"]} for pos, d in view["districts"].items()}
    )


def teach_district(teaching, result: dict) -> None:
    """Save a district's name as printed on the table's tile."""
    from companion.games.masters import teach

    teaching.taught(
        lambda: teach.save_district(result["key"], name=result["name"]),
        f"district {result['key']} is now called {result['name']}",
        "masters",
    )
