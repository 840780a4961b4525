"""companion run's start-up: the start-up frame is on screen before the heavy parts load."""

import json
import subprocess
import sys

import pygame
import pytest

from companion.ui import splash, theme
from tests.app.proc import clean_env

# Run `companion run --window` in a child whose first flip records what was loaded and what the
# screen shows, then lets the start go on.
_PROBE = r"""
import json, sys, pygame
flip, seen = pygame.display.flip, []
def watched():
    if not seen:
        s = pygame.display.get_surface()
        seen.append({"modules": sorted(sys.modules), "size": list(s.get_size()),
                     "corner": list(s.get_at((2, 2)))[:3], "bar": list(s.get_at((2, s.get_height() - 2)))[:3]})
        print("FIRST " + json.dumps(seen[0]), file=sys.stderr, flush=True)
    flip()
pygame.display.flip = watched
sys.argv = ["companion", "run", "--window", "--frames", "2", "--new", "--backend", sys.argv[1]]
import runpy
runpy.run_module("companion", run_name="__main__")
"""


# The same run, recording what was loaded when the app says READY=1.
_READY_PROBE = r"""
import json, sys
from companion.runtime import sdnotify
ready = sdnotify.ready
def watched(status):
    print("READY " + json.dumps(sorted(sys.modules)), file=sys.stderr, flush=True)
    from companion.records import Named
    named_tuples = [f"{name}.{cls.__name__}" for name, module in sorted(sys.modules.items())
                    if name.startswith("companion") for cls in vars(module).values()
                    if isinstance(cls, type) and issubclass(cls, tuple) and cls.__module__ == name
                    and hasattr(cls, "_fields") and not issubclass(cls, Named)]
    print("NAMEDTUPLES " + json.dumps(named_tuples), file=sys.stderr, flush=True)
    ready(status)
sdnotify.ready = watched
sys.argv = ["companion", "run", "--window", "--frames", "2", "--new", "--backend", sys.argv[1]]
import runpy
runpy.run_module("companion", run_name="__main__")
"""


def _probe(tmp_path, probe, mark, backend="mock"):
    env = clean_env(tmp_path, SDL_VIDEODRIVER="dummy")
    done = subprocess.run(
        [sys.executable, "-c", probe, backend], capture_output=True, text=True, env=env, timeout=60
    )
    assert done.returncode == 0, done.stderr
    line = next(ln for ln in done.stderr.splitlines() if ln.startswith(mark + " "))
    return json.loads(line[len(mark) + 1 :])


def _first_frame(tmp_path, backend="mock"):
    return _probe(tmp_path, _PROBE, "FIRST", backend)


def test_the_start_up_frame_is_shown_before_rules_lights_journal_and_hardware_load(tmp_path):
    first = _first_frame(tmp_path)
    loaded = set(first["modules"])
    for heavy in (
        "companion.app",
        "companion.games.masters.rules",
        "companion.lighting",
        "companion.storage.journal",
        "companion.hal",
        "companion.storage.session",
        "companion.ui.table",
        "sqlite3",
    ):
        assert heavy not in loaded, f"{heavy} was loaded before the first frame"
    assert "companion.ui.splash" in loaded
    assert first["size"] == [800, 480]  # the mock backend has no simulated board beside it
    assert first["corner"] == list(theme.HEADER) and first["bar"] == list(theme.BG)


def test_the_window_opens_at_its_final_width_when_the_simulated_board_comes(tmp_path):
    first = _first_frame(tmp_path, backend="sim")
    assert first["size"] == [800 + int(480 * 0.6), 480]  # no jump wider once the board is open


def test_a_start_without_a_config_file_reaches_ready_without_a_toml_parser_or_the_engines(tmp_path):
    loaded = set(_probe(tmp_path, _READY_PROBE, "READY"))
    assert "companion.app" in loaded and "companion.ui.table" in loaded  # the probe saw a real READY
    assert "tomllib" not in loaded  # the defaults are Python (config.DEFAULTS), not parsed TOML
    for later in ("companion.rules.base", "companion.storage.session"):  # they load with the first game
        assert later not in loaded, f"{later} was loaded before READY"
    for later in (
        "companion.lighting.controller",
        "companion.lighting.effects",
    ):  # with the colour check's end
        assert later not in loaded, f"{later} was loaded before READY"


def test_after_a_power_cut_the_offer_to_resume_is_up_before_the_engines_load(tmp_path):
    # The service starts without --new: an unfinished game is offered, named by the position the journal
    # keeps (round, phase, turn), so READY does not wait for the engine, its data and a replay.
    env = clean_env(tmp_path, SDL_VIDEODRIVER="dummy")
    script = tmp_path / "game.jsonl"
    script.write_text(
        json.dumps({"cmd": "setup", "game": "masters", "vampires": ["Mila", "Imre"], "seed": 3}) + "\n"
    )
    done = subprocess.run(
        [sys.executable, "-m", "companion", "run", "--script", str(script)],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    probe = _READY_PROBE.replace('"--frames", "2", "--new"', '"--frames", "2"')
    assert probe != _READY_PROBE
    loaded = set(_probe(tmp_path, probe, "READY"))
    assert "companion.gameline" in loaded  # the offer was made before READY
    for later in (
        "companion.rules.base",
        "companion.games.masters.rules.game",
        "companion.storage.session",
        "tomllib",
    ):
        assert later not in loaded, f"{later} was loaded before READY"
    # Only the journal's game is looked up: the other games' packages (and a plugin's) wait for a
    # screen that lists the games.
    assert "companion.games.masters" in loaded
    for other in ("companion.games.mansion", "companion.games.one_night", "counter_race"):
        assert other not in loaded, f"{other} was imported to resume a Masters game"


def test_the_records_made_before_ready_are_named_records_not_named_tuples(tmp_path):
    # A typing.NamedTuple class costs 40-100 us to make, a companion.records.Named one 7-18 us, and a
    # start makes about thirty record classes before READY (companion/records.py says why).
    made = _probe(tmp_path, _READY_PROBE, "NAMEDTUPLES")
    assert made == [], f"typing.NamedTuple records made before READY: {made}"


@pytest.mark.parametrize("size", [(800, 480), (1920, 1080)])
def test_the_start_up_frame_fits_a_long_line_at_both_sizes(size):
    surface = pygame.Surface(size)
    reason = (
        "safe mode: the last 3 starts did not come up (limit 3); LEDs and card reader are off. "
        "See `journalctl -u companion -b` and `companion doctor`."
    )
    fits = splash.draw(surface, ("Starting…", reason))
    assert len(fits) == 3 and not any(f.cut for f in fits)
    assert reason.split()[0] in " ".join(fits[2].lines)
    assert surface.get_at((2, 2))[:3] == theme.HEADER
    below = surface.subsurface(
        (0, theme.Metrics(*size).header_h, size[0], size[1] - theme.Metrics(*size).header_h)
    )
    background = pygame.mask.from_threshold(below, theme.BG, (1, 1, 1, 255)).count()
    assert below.get_width() * below.get_height() - background > 500  # the lines are drawn


# The same run in German: which catalogs were read when the app says READY=1.
_CATALOG_PROBE = r"""
import json, sys
from companion import i18n
from companion.runtime import sdnotify
ready = sdnotify.ready
def watched(status):
    main = i18n._catalog
    games = getattr(main, "_fallback", None)
    print("CATALOGS " + json.dumps({"language": i18n.current_language(), "main": type(main).__name__,
                                    "games_read": getattr(games, "_loaded", None)}), file=sys.stderr, flush=True)
    ready(status)
sdnotify.ready = watched
sys.argv = ["companion", "run", "--window", "--frames", "2", "--new", "--backend", "mock"]
import runpy
runpy.run_module("companion", run_name="__main__")
"""


def test_a_german_start_reads_the_games_catalogs_only_when_a_game_needs_them(tmp_path, monkeypatch):
    """In German the shared catalog is read before READY, as before; the games' own catalogs (chained
    behind it) wait for the first text only they have: the title screen has none."""
    monkeypatch.setenv("COMPANION_LANG", "de")
    seen = _probe(tmp_path, _CATALOG_PROBE, "CATALOGS")
    assert seen == {"language": "de", "main": "GNUTranslations", "games_read": False}
