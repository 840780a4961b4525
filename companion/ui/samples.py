"""Sample game views that put the table app on each of its screens (screenshots, benchmarks, tests).

Each game's screens come from its package (its plugin's `samples` module: `screens()`, and
optionally `main()`, the mid-game view the table's own screens are shown over, and `log_events()`):
hand-written states or real engine states its seeded bot reaches (`engine_view`). A game without
samples gets its game screen (the generic one if it has none) right after a default setup, named by
its id. The helpers here (`engine_view`, `on`, `lazy`, `press`, `over`) are what a game's samples use.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

from companion.errors import N_, Text
from companion.gameline import describe, played_at
from companion.inputs import ButtonEvent, Press, VButton
from companion.rules.base import Action
from companion.ui.model import GameView


def generic_view() -> GameView:
    """A state with a `board` dict, of a game this companion has no screens for, for the generic screen."""
    state = {
        "game": "homebrew",
        "round": 2,
        "phase": "night",
        "step": "reveal",
        "outcome": None,
        "board": {"clock": 5, "dawn_cards": 1, "bites": {"Anna": 1, "Ben": 0}, "rituals": ["Stake"]},
    }
    actions = (
        Action({"cmd": "reveal"}, Text(N_("Reveal a clock card"))),
        Action({"cmd": "add_night"}, Text(N_("Add a night card"))),
        Action({"cmd": "end_round"}, Text(N_("End round")), enabled=False, why_not=Text(N_("reveal first"))),
    )
    return GameView("homebrew", state, actions)


def engine_view(
    game_id: str,
    players: int | None,
    seed: int,
    until: Callable[[dict], bool],
    limit: int = 600,
    info: dict | None = None,
) -> GameView:
    """Play `game_id` with its own bot from its example setup for `players` (None: the fewest) and
    `seed` (`Engine.example_setup`) until `until(state_json)` holds; the view's `info["history"]` holds
    every state since setup and `info["commands"]` every command (the end card), and a game that
    ended has `info["ended"]`, a Saturday evening."""
    import random

    from companion.plugins import bot as bot_of
    from companion.rules import load_game

    game = load_game(game_id)
    bot = bot_of(game_id)
    commands = [game.canonical(None, named(game, game.example_setup(players, seed)))]
    state, events = game.setup(commands[0])
    history = [game.to_json(state)]
    recent = deque(_dicts(events), maxlen=RECENT)
    rng = random.Random(seed)
    for _ in range(limit):
        if until(history[-1]) or game.outcome(state) is not None:
            break
        commands.append(game.canonical(state, bot.choose(game, state, rng)))
        state, events = game.apply(state, commands[-1])
        history.append(game.to_json(state))
        recent.extend(_dicts(events))
    ending = {"ended": saturday()} if game.outcome(state) is not None else {}
    return GameView(
        game_id,
        history[-1],
        tuple(game.actions(state)),
        {**(info or {}), "history": history, "commands": tuple(commands), "events": tuple(recent), **ending},
    )


def _dicts(events) -> list[dict]:
    """Engine events as the dicts the log's narration reads."""
    return [e.to_dict() if hasattr(e, "to_dict") else dict(e) for e in events]


def saturday() -> float:
    """When the sample games ended: Saturday 14 March 2026, 22:41 (local time)."""
    import datetime as dt

    return dt.datetime(2026, 3, 14, 22, 41).timestamp()


def named(game, setup: dict) -> dict:
    """`setup` as the new-game wizard makes it: a game that seats its players by name gets the game's
    default names for its seats (companion/narration/seatnames.py), the table's names for a sample."""
    if not game.takes_names() or setup.get("names") or not isinstance(setup.get("players"), int):
        return setup
    from companion.narration.seatnames import default_names

    pool = default_names(game.id)
    return {
        **setup,
        "names": [
            pool[i % len(pool)] + (f" {i + 1}" if i >= len(pool) else "") for i in range(setup["players"])
        ],
    }


def over(s: dict) -> bool:
    """The game has ended."""
    return s.get("outcome") is not None


def press(ui, button: VButton) -> None:
    """A short press of a virtual button."""
    ui.handle(ButtonEvent(button, Press.SHORT, 0.0, "sim"))


def on(view: GameView | None, *steps: Callable) -> Callable:
    """A recipe: show `view`, then run `steps` (each takes the ui)."""

    def recipe(ui) -> None:
        ui.update(view, (), 0.0, {})
        told(ui, view)
        for step in steps:
            step(ui)

    return recipe


RECENT = 8  # the events a sample keeps for the game's log: what a wide screen shows beside the board


def told(ui, view: GameView | None) -> None:
    """The log lines of the events that led to `view` (its `info["events"]`, an engine view's last
    ones), told in the table's language as the loop tells them: what a wide screen shows beside the
    board (companion/ui/wide.py). Nothing else changes: the events are not played again."""
    events = view.info.get("events") if view is not None else None
    if events:
        from companion.narration.narrate import lines

        ui.ctx.log.extend(lines(events, view.game))


def screens() -> dict[str, Callable]:
    """Screen name -> recipe that puts a fresh TableUI on it: the table's own screens (title, resume,
    wizard, settings, the menu and what it opens, the picker, undo), shown over the first game's main
    sample (`main_view`), then every game's own (`game_screens`)."""
    main = main_view()
    logged = getattr(_samples_of(main.game), "log_events", lambda: [])()

    table = {
        "title": on(None),
        "resume": on(
            None,
            lambda ui: ui.offer_resume(
                {
                    "id": 4,
                    "game": main.game,
                    "when": _tuesday(),
                    "summary": describe(main.state),
                    "moves": 23,
                    "started": _tuesday(20, 5),
                }
            ),
        ),
        "wizard": on(None, lambda ui: press(ui, VButton.CONFIRM)),
        "settings": on(None, lambda ui: ui.screen.activate("settings", Press.SHORT)),
        "picker": on(main, lambda ui: ui.screen.activate("act:0", Press.SHORT)),
        "menu": on(main, lambda ui: press(ui, VButton.MENU)),
        "more": on(main, open_more),
        "board": on(
            main, lambda ui: press(ui, VButton.MENU), lambda ui: ui.screen.activate("board", Press.SHORT)
        ),
        "log": on(
            main,
            lambda ui: ui.update(main, logged, 0.0),
            lambda ui: press(ui, VButton.MENU),
            lambda ui: ui.screen.activate("log", Press.SHORT),
        ),
        "undo": on(main, lambda ui: press(ui, VButton.UNDO)),
        "names": _names_page,
        "keyboard": lambda ui: (
            _names_page(ui),
            ui.screen.activate("type", Press.SHORT),
            [ui.screen.activate(b, Press.SHORT) for b in ("g:0", "k:A", "g:4", "k:N", "g:4", "k:N")],
        ),
        "rename": lambda ui: (
            on(_named_view())(ui) or (press(ui, VButton.MENU), ui.screen.activate("rename", Press.SHORT))
        ),
        "phones": on(
            main,
            phones_on,
            lambda ui: press(ui, VButton.MENU),
            lambda ui: ui.screen.activate("phones", Press.SHORT),
        ),
        "phones-host": on(None, phones_on, *_host_phones),
        "phones-renew": on(
            None, phones_on, *_host_phones, lambda ui: ui.screen.activate("renew", Press.SHORT)
        ),
    }
    for name, recipe in game_screens().items():  # the table's own screens keep their names
        table.setdefault(name, recipe)
    return table


def phones_on(ui, guessing: bool = False) -> None:
    """The phone view on, as the loop tells the screens: its address and the two codes (the players'
    one the README shows, a host's one of wide letters), `guessing`: wrong codes paused pairing."""
    from companion.ui.screens.phones import PhonesInfo

    ui.ctx.settings["phones"] = PhonesInfo(
        "http://192.168.1.23:8080",
        "http://192.168.1.23:8080/pair/p",
        "K7P Q4X",
        "http://192.168.1.23:8080/pair/h",
        "W4M H7W",
        lambda: None,
        mdns="nightwatch.local:8080",
        guessing=guessing,
    )


_host_phones = (
    lambda ui: ui.screen.activate("settings", Press.SHORT),
    lambda ui: ui.screen.activate("phones", Press.SHORT),
)


def _named_game() -> str | None:
    """The first game whose setup takes its players' names (the names page's and rename's samples)."""
    from companion.plugins import games
    from companion.rules import load_game

    return next((gid for gid in games() if load_game(gid).takes_names()), None)


def _names_page(ui) -> None:
    """The wizard's names page of that game, two seats named from the names the table used last."""
    gid = _named_game()
    if gid is None:
        return
    ui.ctx.settings.setdefault("recent_names", ["Anna", "Ben", "Cleo", "Dmitri"])
    ui.update(None, (), 0.0, {})
    ui.screen.activate(f"game:{gid}", Press.SHORT)
    for button in ("start", "n:0", "n:0"):
        ui.screen.activate(button, Press.SHORT)


def _named_view() -> GameView | None:
    """A mid-game view of that game, its seats named as the wizard names them."""
    gid = _named_game()
    return engine_view(gid, None, 1, lambda s: s.get("round", 1) > 1) if gid else None


def open_more(ui) -> None:
    """Open the More sheet of the screen on show (its buttons that did not fit), as a tap on "More" does."""
    from companion.ui.input_map import WidgetPress
    from companion.ui.model import MORE

    ui.handle(WidgetPress(MORE, Press.SHORT, 0.0))


def main_view() -> GameView:
    """The view the table's own screens are shown over: the first game's whose samples have a
    `main()` (a mid-game view), else the first game's right after a default setup."""
    from companion.plugins import games

    for gid in games():
        made = getattr(_samples_of(gid), "main", None)
        if made is not None:
            return made()
    return engine_view(next(iter(games())), None, 1, lambda s: True)


def _samples_of(game_id: str):
    """The samples module a game's plugin gives, or None."""
    from companion.plugins import get

    game = get(game_id)
    return game.samples() if game is not None else None


def game_screens() -> dict[str, Callable]:
    """Every game's sample screens: those its plugin's `samples()` module makes (`screens()`), or,
    for a game without, its game screen (the generic one if it has none) right after a default setup,
    named by its id."""
    from companion.plugins import games

    out: dict[str, Callable] = {}
    for gid, game in games().items():
        samples = game.samples()
        if samples is not None:
            out.update(samples.screens())
        else:
            out[gid] = lazy(lambda gid=gid: engine_view(gid, None, 1, lambda s: True))
    return out


def live_screens() -> dict[str, Callable]:
    """Screens reached by playing real games through the engine, as players see them (the check's
    live states): for every game the busiest state a seeded bot game passes (the most actions to
    choose from) with its More sheet open, and what a game's samples add (`live()`: Masters' first
    night with 2 AP). Named "live-<id>", "live-<id>-more"."""
    from companion.plugins import games

    out: dict[str, Callable] = {}
    for gid in games():
        out[f"live-{gid}"] = lazy(lambda gid=gid: busiest_view(gid))
        out[f"live-{gid}-more"] = lambda ui, gid=gid: (lazy(lambda: busiest_view(gid))(ui), open_more(ui))
        out.update(getattr(_samples_of(gid), "live", dict)())
    return out


def busiest_view(game_id: str, seed: int = 1, limit: int = 400) -> GameView:
    """The view of the state with the most actions to choose from (the enabled ones first, then all)
    that game `game_id`'s own bot passes through from its example setup with `seed`, within `limit`
    commands (cached: every size and language draws the same state)."""
    key = (game_id, seed, limit)
    if key not in _BUSIEST:
        from companion.rules import load_game

        view = engine_view(game_id, None, seed, lambda _state: False, limit)
        game = load_game(game_id)
        most, best, state = [0, -1], None, None
        recent: deque = deque(maxlen=RECENT)
        for i, command in enumerate(view.info["commands"]):  # the bot's game again, state by state
            state, events = game.setup(command) if i == 0 else game.apply(state, command)
            recent.extend(_dicts(events))
            actions = tuple(game.actions(state))
            score = [sum(1 for a in actions if a.enabled), len(actions)]
            if score > most and game.outcome(state) is None:
                most, best = score, (game.to_json(state), actions, tuple(recent))
        _BUSIEST[key] = GameView(game_id, best[0], best[1], {"events": best[2]}) if best else view
    return _BUSIEST[key]


_BUSIEST: dict[tuple, GameView] = {}


def _tuesday(hour: int = 21, minute: int = 40) -> str:
    """When the resume sample's game was played (or begun), as the offer says it: "Tuesday 21:40"."""
    import datetime as dt

    tuesday = dt.datetime(2026, 11, 24, hour, minute).timestamp()
    return played_at(tuesday, now=tuesday + 3 * 86400)


def lazy(make: Callable[[], GameView]) -> Callable:
    """A recipe that builds its engine view only when run."""
    return lambda ui: on(make())(ui)
