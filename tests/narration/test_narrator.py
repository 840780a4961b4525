"""Step timers: One Night's narration moves on by itself when a step's time is up."""

from companion.narration.narrator import StepTimer
from companion.rules import load_game


def _state(game, cmds):
    state, _ = game.setup(game.canonical(None, cmds[0]))
    for c in cmds[1:]:
        state, _ = game.apply(state, game.canonical(state, c))
    return state


def test_step_timer_sends_next_once_when_the_step_time_is_up():
    game = load_game("one-night")
    state = _state(game, [{"cmd": "setup", "game": "one-night", "players": 5, "seed": 3}])
    view = game.to_json(state)
    said = []
    timer = StepTimer(speak=said.append)
    seconds = view["current"]["seconds"]
    assert timer.update(view, 0.0) is None
    assert said == [view["current"]["prompt"]]
    assert timer.update(view, seconds - 0.5) is None
    assert timer.info()["left"] == 0.5
    assert timer.update(view, 0.5) == {"cmd": "next"}
    assert timer.update(view, 1.0) is None  # not twice for the same step
    state, _ = game.apply(state, {"cmd": "next"})
    nxt = game.to_json(state)
    timer.update(nxt, 0.0)
    assert said[1:] == [s for s in (view["current"]["close"], nxt["current"]["prompt"]) if s]
    assert timer.info()["elapsed"] == 0.0


def test_step_timer_stands_still_while_paused_and_for_untimed_games():
    game = load_game("one-night")
    state = _state(game, [{"cmd": "setup", "game": "one-night", "players": 4, "seed": 1}, {"cmd": "pause"}])
    view = game.to_json(state)
    timer = StepTimer()
    for _ in range(100):
        assert timer.update(view, 1.0) is None
    assert timer.info()["elapsed"] == 0.0
    masters = load_game("masters")
    mview = masters.to_json(
        masters.setup(
            masters.canonical(
                None,
                {
                    "cmd": "setup",
                    "game": "masters",
                    "vampires": ["Imre", "Mila"],
                    "difficulty": "easy",
                    "seed": 1,
                },
            )
        )[0]
    )
    assert timer.update(mview, 5.0) is None and timer.info() is None
