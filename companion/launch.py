"""companion run: start the table app, and put a first frame on the screen before anything heavy loads.

  companion run [--fullscreen | --window | --headless] [--backend mock|sim|pi] [--config FILE]
                [--journal PATH] [--new] [--seed N] [--script FILE.jsonl] [--pace S] [--ack]

Modes: on a Raspberry Pi with a screen, full screen through KMSDRM with the real board; on a PC with
a display, a window with the screen UI beside the simulated board; with no display (CI, ssh), a
headless demo that plays a seeded game through the same loop and prints the log (`--headless`
forces it). SDL silently falls back to an offscreen driver when it finds no display: we check the
driver and say what was chosen instead of showing a black screen.

Start-up order: options, config (a broken one exits 2 naming file, line and field), the display
and at once the start-up frame (companion/ui/splash.py; systemd's STATUS says "starting"). Only
then come the start counter (safe mode after failed starts), the rules, the journal, the lighting
engine and the hardware; the app (companion/app.py) takes over the screen and sends READY=1 when
its loop begins.
"""

from __future__ import annotations

import argparse
import os
import sys

from companion import config as config_mod
from companion import paths
from companion.errors import CompanionError

DEMO_SETUP = {"cmd": "setup", "game": "masters", "vampires": ["Agnieszka", "Ishtvan", "Mila"],
              "difficulty": "easy", "seed": 7}
BOARD_WIDTH_RATIO = 0.6   # the simulated board's width beside the screen, as a share of its height


def main(argv: list[str]) -> int:
    """Entry point of `companion run`."""
    args = _arguments().parse_args(argv)
    cfg = config_mod.load(args.config)
    lines = None
    if args.script:  # bad input fails before the start counts
        from companion.journal import load_scenario

        lines = load_scenario(args.script)
    from companion import sdnotify

    mode, why = choose_mode(args.mode or cfg.display.mode)
    if args.script:
        mode, why = "headless", "--script"
    pace = args.pace if args.pace is not None else (0.0 if lines is not None else 0.02)
    backend = args.backend or ("mock" if mode == "headless" and not os.environ.get("COMPANION_HAL") and cfg.hal == "auto" else None)
    surface = None
    if mode != "headless":
        try:
            surface, driver = open_display(mode, cfg, _board_width(mode, backend, cfg))
        except CompanionError as exc:
            print(f"companion run: {exc}; running the headless demo instead", file=sys.stderr)
            mode = "headless"
        else:
            print(f"companion run: {mode} on SDL video driver {driver!r} ({why})", file=sys.stderr)
            _show_start_frame(surface)
            sdnotify.status("starting: loading the game, lights and hardware")
    else:
        print(f"companion run: headless ({why})", file=sys.stderr)

    # Everything from here on happens with the start-up frame on screen. The start counter comes
    # first: safe mode turns off the LEDs and the reader, the parts whose drivers can crash a start
    # (its fsynced write, milliseconds on an SD card, no longer delays the first frame).
    from companion.startguard import StartGuard

    guard = StartGuard(paths.ensure_private_dir(paths.state_dir()))
    safe = guard.begin()
    safe_reason = guard.reason() if safe else None
    if safe_reason:
        print(f"companion run: {safe_reason}", file=sys.stderr, flush=True)
        cfg = cfg._replace(leds=cfg.leds._replace(driver="none"), reader=cfg.reader._replace(type="none"))
    from companion.hal import open_hardware
    from companion.journal import Journal

    clock = None
    if mode == "headless":
        from companion.hal.clock import FakeClock, MonotonicClock

        clock = MonotonicClock() if pace > 0 else FakeClock()  # pace 0: as fast as the loop goes
    with open_hardware(cfg, backend=backend, clock=clock) as hw:
        if mode == "window" and hw.board is not None and surface.get_width() <= cfg.display.width:
            import pygame  # the board was not foreseen (auto-detection changed its mind): make room

            surface = pygame.display.set_mode((cfg.display.width + _board_px(cfg), cfg.display.height))
        journal = Journal(args.journal or paths.journal_file())
        if journal.notice:
            print(f"companion run: {journal.notice}", file=sys.stderr, flush=True)
        try:
            return _run(args, cfg, hw, journal, mode, surface, lines, pace, guard, safe_reason, sdnotify)
        finally:
            journal.close()


def _arguments() -> argparse.ArgumentParser:
    """The options of `companion run`."""
    ap = argparse.ArgumentParser(prog="companion run", description="Start the table app.")
    m = ap.add_mutually_exclusive_group()
    m.add_argument("--fullscreen", dest="mode", action="store_const", const="fullscreen", help="full screen (the Pi's display, KMSDRM)")
    m.add_argument("--window", dest="mode", action="store_const", const="window", help="a window on a desktop, the simulated board beside it")
    m.add_argument("--headless", dest="mode", action="store_const", const="headless", help="no screen: play the demo (or --script) and print the log")
    ap.add_argument("--backend", choices=[b for b in config_mod.HAL_BACKENDS if b != "auto"], help="HAL backend (default: COMPANION_HAL, config, auto)")
    ap.add_argument("--config", metavar="FILE", help="config file (default ~/.config/companion/config.toml)")
    ap.add_argument("--journal", metavar="PATH", help="journal file (default ~/.local/state/companion/journal.sqlite3)")
    ap.add_argument("--new", action="store_true", help="start a new game instead of resuming")
    ap.add_argument("--seed", type=int, default=7, help="seed of the headless demo game")
    ap.add_argument("--script", metavar="FILE", help="headless: play this scenario through the loop")
    ap.add_argument("--pace", type=_seconds, default=None, help="headless: seconds between commands (default 0.02 demo, 0 script)")
    ap.add_argument("--ack", action="store_true", help="headless: print `ack N` once command N is durable")
    ap.add_argument("--frames", type=int, help="stop after this many frames (tests)")
    ap.add_argument("--screenshot", metavar="PNG", help="save the window as a PNG when the app stops")
    return ap


def _seconds(text: str) -> float:
    """A --pace value: seconds, 0 or more (a usage error otherwise)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not value >= 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"must be 0 or more seconds, not {text}")
    return value


def _board_px(cfg) -> int:
    """Width of the simulated board drawn beside the screen UI in a window."""
    return int(cfg.display.height * BOARD_WIDTH_RATIO)


def _board_width(mode: str, backend: str | None, cfg) -> int:
    """Room to leave beside the screen UI for the simulated board: only a window on the sim backend
    has it. Foreseen here so the window opens at its final size instead of jumping wider later."""
    if mode != "window":
        return 0
    try:
        name, _ = config_mod.choose_backend(backend, cfg.hal)
    except ValueError:
        return 0  # open_hardware reports the bad setting
    return _board_px(cfg) if name == "sim" else 0


def _show_start_frame(surface) -> None:
    """The start-up frame (companion/ui/splash.py), on screen before anything heavy loads."""
    import pygame

    from companion.ui import splash

    splash.draw(surface)
    pygame.display.flip()


def choose_mode(requested: str, env: dict | None = None) -> tuple[str, str]:
    """(mode, why): fullscreen | window | headless, from the request (option or config) and the machine."""
    env = os.environ if env is None else env
    if requested in ("headless", "window", "fullscreen"):
        return requested, f"{requested} was asked for"
    if env.get("SDL_VIDEODRIVER") in ("kmsdrm", "fbcon", "directfb"):
        return "fullscreen", f"SDL_VIDEODRIVER={env['SDL_VIDEODRIVER']}"
    if env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"):
        return "window", "a desktop display is available"
    if env.get("SDL_VIDEODRIVER") in ("dummy", "offscreen"):
        return "headless", f"SDL_VIDEODRIVER={env['SDL_VIDEODRIVER']} (no picture)"
    return "headless", "no display found (no DISPLAY, WAYLAND_DISPLAY or SDL_VIDEODRIVER=kmsdrm)"


def open_display(mode: str, cfg, board_width: int = 0):
    """Open the pygame screen (a window `board_width` wider for the simulated board); returns
    (surface, driver) or raises CompanionError saying why not."""
    import pygame

    try:
        pygame.display.init()
    except pygame.error as exc:
        raise CompanionError(f"no display: {exc}") from None
    driver = pygame.display.get_driver()
    if driver in ("offscreen", "dummy") and os.environ.get("SDL_VIDEODRIVER") not in ("offscreen", "dummy"):
        pygame.display.quit()
        raise CompanionError(f"SDL found no real display (it chose the {driver} driver)")
    pygame.font.init()
    if mode == "fullscreen":
        surface = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        pygame.mouse.set_visible(False)
    else:
        surface = pygame.display.set_mode((cfg.display.width + board_width, cfg.display.height))
    pygame.display.set_caption("Nightwatch companion")
    return surface, driver


def _run(args, cfg, hw, journal, mode, surface, lines, pace, guard, safe_reason, sdnotify) -> int:
    """Build the app for `mode` and run it."""
    ack = (lambda n, cmd: print(f"ack {n}", flush=True)) if args.ack else None
    from companion.app import App, BotSource, ScriptSource

    if mode == "headless":
        source = ScriptSource(lines) if lines is not None else BotSource(args.seed)
        app = App(cfg, hw, journal, log=lambda s: print(s, flush=True), source=source,
                  notifier=sdnotify, on_ack=ack, safe_reason=safe_reason)
        if lines is not None:
            app.start(setup=lines[0][1], resume=not args.new, finished_too=True)
        else:
            app.start(setup=dict(DEMO_SETUP, seed=args.seed), resume=not args.new)
        app.cfg = _with_fps(cfg, pace)
    else:
        import pygame

        from companion.speech import Speaker
        from companion.ui.sound import Sounds
        from companion.ui.table import TableUI

        sounds = Sounds(cfg.sound.volume, cfg.sound.mute)
        sounds.open()
        speaker = Speaker()
        if not speaker.available:
            print(f"companion run: narration on screen only ({speaker.why})", file=sys.stderr)
        ui = TableUI((cfg.display.width, cfg.display.height) if mode == "window" else surface.get_size(),
                     cfg.game.default, {"brightness": cfg.leds.brightness, "volume": cfg.sound.volume,
                                        "mute": cfg.sound.mute, "deck": cfg.game.deck}, sounds=sounds)
        app = App(cfg, hw, journal, ui=ui, surface=surface, sounds=sounds, notifier=sdnotify,
                  flip=pygame.display.flip, safe_reason=safe_reason,
                  speak=speaker.speak if speaker.available and not cfg.sound.mute else None)
        app.start(resume=not args.new)
    app.show_test_pattern(1.0)
    guard.up()
    sdnotify.ready(app._status_line())
    status = app.run(max_frames=args.frames)
    sdnotify.stopping()
    if args.screenshot and app.surface is not None:
        import pygame

        pygame.image.save(app.surface, args.screenshot)
    if mode == "headless" and app.session is not None:
        print(f"Final: {app._where()}", flush=True)
    return status


def _with_fps(cfg, pace: float):
    """A config whose frame rate is one command per `pace` seconds (0: as fast as possible)."""
    fps = 120 if pace <= 0 else max(1, min(120, round(1.0 / pace)))
    return cfg._replace(display=cfg.display._replace(fps=fps))


