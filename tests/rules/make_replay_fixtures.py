"""Write tests/rules/fixtures/replay-*.json: journals played by the code of the day, kept as fixtures.

Each fixture is one game: the canonical commands (setup first) as the journal stores them, the
events of each command and the final state JSON. tests/rules/test_replay_fixtures.py replays them
with today's code and asserts the same commands, events and final state, so a refactor of the engines
cannot silently change how an old journal replays. Regenerate only on a deliberate rule change:

    COMPANION_CONFIG_DIR=$(mktemp -d) .venv/bin/python -m tests.rules.make_replay_fixtures
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from companion.rules import load_game

HERE = Path(__file__).resolve().parent
SCENARIOS = HERE.parent / "scenarios"
FIXTURES = HERE / "fixtures"
# (game, setup) of the bot-played journals: a few seeds and table sizes per game
BOT_GAMES = [
    ("masters", {"vampires": ["Imre", "Mila"], "difficulty": "easy", "seed": 5}),
    ("masters", {"vampires": ["Laszlo", "Mila", "Imre"], "difficulty": "hard", "seed": 11}),
    ("nosferatu", {"players": 5, "seed": 5}),
    ("nosferatu", {"players": 8, "seed": 12}),
    ("mansion", {"players": 3, "seed": 5}),
    ("mansion", {"players": 7, "seed": 9, "start_tokens": 2}),
    ("one-night", {"players": 4, "seed": 5}),
    ("one-night", {"players": 9, "seed": 21}),
    ("strigoi", {"players": 3, "seed": 5}),
    ("strigoi", {"players": 5, "seed": 8}),
]


def record(raw_commands, choose=None, rng=None, limit=3000):
    """Play raw commands (or a bot when `choose` is given) the way a session does; the fixture dict."""
    game = load_game(raw_commands[0]["game"])
    setup = game.canonical(None, raw_commands[0])
    state, events = game.setup(setup)
    out = {"commands": [setup], "events": [[e.to_dict() for e in events]]}
    rest = iter(raw_commands[1:])
    while len(out["commands"]) < limit:
        if choose is not None:
            if game.outcome(state) is not None:
                break
            raw = choose(game, state, rng)
        else:
            raw = next(rest, None)
            if raw is None:
                break
        command = game.canonical(state, raw)
        state, events = game.apply(state, command)
        out["commands"].append(command)
        out["events"].append([e.to_dict() for e in events])
    out["final"] = game.to_json(state)
    return json.loads(json.dumps(out))


def main() -> None:
    """Write every fixture."""
    FIXTURES.mkdir(exist_ok=True)
    for path in sorted(SCENARIOS.glob("*.jsonl")):
        lines = [json.loads(x) for x in path.read_text().splitlines() if x.strip()]
        _write(f"replay-scenario-{path.stem}.json", record(lines))
    for i, (game_id, setup) in enumerate(BOT_GAMES):
        bot = __import__("companion.plugins", fromlist=["bot"]).bot(game_id)
        cmd = {"cmd": "setup", "game": game_id, **setup}
        _write(f"replay-bot-{game_id}-{i}.json", record([cmd], bot.choose, random.Random(setup["seed"])))


def _write(name: str, data: dict) -> None:
    """One fixture file, one command (with its events) a line so diffs stay readable."""
    (FIXTURES / name).write_text(json.dumps(data, sort_keys=True, indent=0) + "\n")
    print(name, len(data["commands"]), "commands")


if __name__ == "__main__":
    main()
