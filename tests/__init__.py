"""The test suite. Its folders mirror the package: tests/storage tests companion/storage, tests/games/<game>
a game's package, tests/app the app; tests/reliability, tests/deploy and tests/toygame test the whole."""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent  # the repository: tests need not count their own depth
SCENARIOS = ROOT / "tests" / "scenarios"
FIXTURES = ROOT / "tests" / "rules" / "fixtures"  # the replay fixtures (tests/rules/make_replay_fixtures.py)
