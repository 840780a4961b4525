"""Rules engine speed: commands applied per second over bot-played games, and journal replay time.

Goals (issue #2): >= 20,000 commands/s on a desktop core; replay of a 1,000-command journal <= 50 ms.
"""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

from benchmarks.common import median_time, row


def _games(n_games: int, seed0: int = 1):
    """(game, command lists of `n_games` bot-played Masters games, canonical and ready to replay)."""
    from companion.games.masters.rules import bot
    from companion.rules import load_game

    game = load_game("masters")
    out = []
    for seed in range(seed0, seed0 + n_games):
        rng = random.Random(seed)
        setup = game.canonical(
            None,
            {
                "cmd": "setup",
                "game": "masters",
                "vampires": ["Imre", "Mila", "Laszlo"],
                "difficulty": "medium",
                "seed": seed,
            },
        )
        state, _ = game.setup(setup)
        cmds = [setup]
        while game.outcome(state) is None and len(cmds) < 5000:
            cmd = game.canonical(state, bot.choose(game, state, rng))
            state, _ = game.apply(state, cmd)
            cmds.append(cmd)
        out.append(cmds)
    return game, out


def run(quick: bool = False) -> list[dict]:
    """Measure commands/s and replay time."""
    from companion.storage.journal import Journal
    from companion.storage.session import Session

    game, games = _games(5 if quick else 40)
    total = sum(len(g) - 1 for g in games)

    def apply_all():
        for cmds in games:
            state, _ = game.setup(cmds[0])
            for c in cmds[1:]:
                state, _ = game.apply(state, c)

    t = median_time(apply_all, repeats=3 if quick else 5)
    rate = total / t

    # the longest bot game goes into a journal (written outside the timed part); its replay time
    # is scaled to 1,000 commands
    longest = max(games, key=len)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.sqlite3"
        with Journal(path) as j:
            gid = j.new_game(longest[0])
            for c in longest[1:]:
                j.append(gid, c)
        n = len(longest)

        def replay():
            with Journal(path, check=False) as j:
                Session.resume(j, gid, game=game)

        t_replay = median_time(replay, repeats=3 if quick else 7)
    per_1000 = t_replay * 1000.0 / n * 1000.0  # ms per 1,000 commands
    return [
        row(
            "engine: commands applied per second (bot games, 3 vampires)",
            "commands/s",
            rate,
            ">= 20,000",
            rate >= 20000,
        ),
        row(
            f"journal replay (open + read + apply), scaled to 1,000 commands (measured on {n})",
            "ms",
            per_1000,
            "<= 50 ms",
            per_1000 <= 50,
        ),
    ]
