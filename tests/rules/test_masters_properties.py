"""Properties over random legal games played by the bot: conservation, bounds, refusals, JSON, replay, purity."""

from __future__ import annotations

import ast
import json
import random
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.errors import CommandError, RuleViolation
from companion.rules.masters import bot
from tests.rules import masters_game

NAMES = ["Agnieszka", "Imre", "Ishtvan", "Laszlo", "Mila", "Nevena"]
MINION_TOKENS = 9
PROBES = (  # commands that are often illegal: a refusal must be clean and change nothing
    {"cmd": "fight"}, {"cmd": "ritual"}, {"cmd": "sigillate"}, {"cmd": "wild_hunt"}, {"cmd": "hunt"},
    {"cmd": "recruit"}, {"cmd": "move", "to": "C3"}, {"cmd": "draw"}, {"cmd": "resolve_card"},
    {"cmd": "use_die", "die": 7}, {"cmd": "sacrifice", "minions": 3}, {"cmd": "reroll"},
    {"cmd": "hand_over", "vampire": "Mila"}, {"cmd": "exchange_relics", "with": "Imre", "give": ["wolf-pelt"]},
    {"cmd": "day_combat", "district": "B2"}, {"cmd": "resolve_day_effect", "district": "A1"},
    {"cmd": "adjust", "district": "B2", "agents_hidden": 40}, {"cmd": "remove_agents", "district": "C1", "n": 5},
    {"cmd": "nonsense"}, {"cmd": "move", "to": "Z9"}, {"cmd": "end_turn", "extra": 1},
)
game_params = st.tuples(
    st.integers(0, 10**6), st.integers(2, 5), st.sampled_from(["easy", "medium", "hard"]), st.sampled_from([0.0, 0.3])
)


def _setup(game, seed: int, n: int, difficulty: str) -> tuple:
    """A canonical setup command and its state for a random choice of vampires."""
    vampires = random.Random(seed).sample(NAMES, n)
    cmd = game.canonical(None, {"cmd": "setup", "game": "masters", "vampires": vampires, "difficulty": difficulty, "seed": seed})
    return cmd, game.setup(cmd)[0]


def _totals(s) -> tuple[int, int, int]:
    """Agents, minions and blood on the board plus the reserve."""
    agents = sum(d.agents for d in s.districts) + s.reserve.agents
    minions = sum(d.minions for d in s.districts) + s.reserve.minions
    blood = sum(v.blood for v in s.vampires) + s.reserve.blood
    return agents, minions, blood


def _play(game, seed: int, n: int, difficulty: str, explore: float, check) -> tuple:
    """Play one bot game to its end, calling `check(state, command)` before each command."""
    setup, s = _setup(game, seed, n, difficulty)
    rng = random.Random(seed)
    commands = [setup]
    for _ in range(4000):
        if game.outcome(s) is not None:
            break
        cmd = game.canonical(s, bot.choose(game, s, rng, explore=explore))
        check(s, cmd)
        s, _ = game.apply(s, cmd)
        commands.append(cmd)
    return s, commands


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game_params)
def test_masters_tokens_conserved_and_veil_in_bounds(params):
    """Agents, minions and blood are only ever moved between board and reserve; veil stays 0..6."""
    seed, n, difficulty, explore = params
    game = masters_game()
    _, s0 = _setup(game, seed, n, difficulty)
    expected = (s0.reserve.agents, MINION_TOKENS, 4 * n + 2)

    def check(s, cmd):
        assert _totals(s) == expected
        assert 0 <= s.veil <= 6
        assert all(0 <= v.blood <= 6 and v.ap >= 0 for v in s.vampires)
        assert all(d.agents_hidden >= 0 and d.agents_exposed >= 0 and d.minions >= 0 for d in s.districts)

    s, _ = _play(game, seed, n, difficulty, explore, check)
    assert _totals(s) == expected and 0 <= s.veil <= 6


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game_params)
def test_masters_every_game_ends(params):
    """The bot's games always end with a known outcome, and a loss by veil means the veil is 0."""
    seed, n, difficulty, explore = params
    game = masters_game()
    s, _ = _play(game, seed, n, difficulty, explore, lambda s, c: None)
    assert game.outcome(s) in ("victory", "defeat-veil", "defeat-deck")
    assert (s.veil == 0) == (game.outcome(s) == "defeat-veil")
    assert s.phase.value == "over" and game.actions(s) == []


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game_params)
def test_masters_json_round_trip_at_every_step(params):
    """to_json -> JSON text -> from_json gives back the same state at every step."""
    seed, n, difficulty, explore = params
    game = masters_game()

    def check(s, cmd):
        assert game.from_json(json.loads(json.dumps(game.to_json(s)))) == s

    _play(game, seed, n, difficulty, explore, check)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game_params)
def test_masters_refused_commands_change_nothing(params):
    """Probing commands either apply or raise RuleViolation/CommandError, leaving the state as it was."""
    seed, n, difficulty, explore = params
    game = masters_game()
    probe_rng = random.Random(seed + 1)
    refused = []

    def check(s, cmd):
        before = game.to_json(s)
        probe = probe_rng.choice(PROBES)
        try:
            game.apply(s, probe)
        except (RuleViolation, CommandError) as exc:
            refused.append(str(exc))
        assert game.to_json(s) == before

    _play(game, seed, n, difficulty, explore, check)
    assert refused  # the probes did hit refusals


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game_params)
def test_masters_canonical_replay_reaches_the_same_state(params):
    """Replaying the journaled (canonical) commands reproduces the final state exactly."""
    seed, n, difficulty, explore = params
    game = masters_game()
    final, commands = _play(game, seed, n, difficulty, explore, lambda s, c: None)
    s, _ = game.setup(json.loads(json.dumps(commands[0])))
    for cmd in commands[1:]:
        s, _ = game.apply(s, json.loads(json.dumps(cmd)))
    assert s == final


def test_masters_bot_games_are_deterministic_for_a_seed():
    """Same seed, same game: the RNG lives in the state, nothing global is used."""
    game = masters_game()
    a, _ = _play(game, 11, 3, "medium", 0.0, lambda s, c: None)
    b, _ = _play(game, 11, 3, "medium", 0.0, lambda s, c: None)
    assert a == b


HARDWARE_AND_CLOCK = {"pygame", "gpiozero", "serial", "sqlite3", "time", "datetime", "socket", "subprocess", "threading"}
IO = {"os", "io", "pathlib", "tomllib", "shutil", "companion.gamedata", "companion.paths", "companion.tomlfile"}


def _imports(path: Path) -> list[tuple[str, tuple[str, ...], bool]]:
    """(module, imported names, inside a function) for every import in a file."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    nested = {id(n) for f in ast.walk(tree) if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef)) for n in ast.walk(f)}
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.extend((a.name, (), id(node) in nested) for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.append((node.module, tuple(a.name for a in node.names), id(node) in nested))
    return out


def _global_random_uses(path: Path) -> list[str]:
    """Module-level random functions used (`random.choice(...)`, not `random.Random(seed)`)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [
        n.attr for n in ast.walk(tree)
        if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id == "random" and n.attr != "Random"
    ]


def _problems(path: Path, root: Path, forbidden: set[str]) -> list[str]:
    """What a rules module imports or calls that the pure core must not."""
    out = []
    for module, names, in_function in _imports(path):
        top = module.split(".")[0]
        if path.name == "__init__.py" and path.parent.name == "masters" and module == "companion.gamedata" and in_function:
            continue  # make_game's sanctioned loader call
        if module in forbidden or top in forbidden:
            out.append(f"{path.relative_to(root)} imports {module}")
        if top == "random" and set(names) - {"Random"}:
            out.append(f"{path.relative_to(root)} imports {names} from random")
    out.extend(f"{path.relative_to(root)} calls random.{a}" for a in _global_random_uses(path))
    return out


def test_masters_rules_import_no_io_clock_hardware_or_global_random():
    """Every module under companion/rules: no clock, pygame, gpiozero, serial, sqlite, global random;
    the Masters engine also does no I/O at all (only make_game calls the data loader)."""
    import companion.rules

    root = Path(companion.rules.__file__).parent
    files = sorted(root.rglob("*.py"))
    masters = [p for p in files if p.parent.name == "masters"]
    assert len(masters) >= 15
    problems = [msg for p in files for msg in _problems(p, root, HARDWARE_AND_CLOCK)]
    problems += [msg for p in masters for msg in _problems(p, root, HARDWARE_AND_CLOCK | IO)]
    assert problems == []


def test_masters_purity_check_catches_a_forbidden_import(tmp_path):
    """The scan really sees `import time`, `from random import choice`, a nested pygame and `random.shuffle`."""
    bad = tmp_path / "bad.py"
    bad.write_text("import time\nimport random\nfrom random import choice\n\ndef f():\n    import pygame\n    random.shuffle([])\n")
    problems = _problems(bad, tmp_path, HARDWARE_AND_CLOCK)
    assert problems == ["bad.py imports time", "bad.py imports ('choice',) from random", "bad.py imports pygame",
                        "bad.py calls random.shuffle"]
