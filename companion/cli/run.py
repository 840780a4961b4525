"""companion run: start the table app, and put a first frame on the screen before anything heavy loads.

  companion run [--fullscreen | --window | --headless] [--demo] [--backend mock|sim|pi]
                [--config FILE] [--journal PATH [--create]] [--new] [--seed N] [--script FILE.jsonl] [--pace S] [--ack]
                [--web [HOST:]PORT]

Modes: on a Raspberry Pi (the service), full screen through KMSDRM with the real board; on a PC with
a display, a window with the screen UI beside the simulated board; `--headless`, the table with no
screen at all (lit board, buttons, card reader; narration on stdout). Your games live in your
journal in every one of them: the unfinished one is offered for resume, `--new` starts afresh.

The bot demo runs only when asked: `--demo` (headless), or `companion run` on a PC with no display
at all (`make run` over ssh, CI). It plays on a throwaway journal in memory: it never writes into
your journal and is never offered for resume. `--script FILE` plays a scenario through the loop on
your journal; a refused line stops it with exit 1, naming file:line and the rule. A scenario resumes
its own game only (companion/runtime/sources.py); a command the journal could not save stops it with
exit 1 and no `ack` for it.

One writer per game (companion/storage/lease.py): a game another live process holds is not taken (the
table says who has it; a scenario run stops with exit 1). A journal that cannot be written (a full
disk, a read-only file system, an I/O error) never ends the table: it plays on, not saving, and says
so (companion/runtime/saving.py). `--journal PATH` must name an existing journal; `--create` makes a
new one there (a mistyped path is exit 2, not a new empty journal).

A screen that cannot be opened is a missing part like a missing reader (companion/runtime/display.py): the
game goes on with the board and the buttons, the status light turns amber, STATUS= says "no
screen", and the display is tried again with back-off. SIGTERM, SIGINT and SIGHUP stop the app
cleanly in every mode (companion/runtime/stopping.py): LEDs dark, parts and journal closed, exit 0.
Commands the table could not save are never dropped by a stop (companion/runtime/rescuing.py): one
last save, else a rescue file (`companion journal rescue FILE`) and exit 1.

Start-up order: options, config (a broken one exits 2 naming file, line and field), the start
counter's first mark (safe mode after failed starts; it also notes that the display is being
opened), the display and at once the start-up frame (companion/ui/splash.py), the counter's durable
mark (its fsyncs run while the rest loads and are done before the LEDs light), then the hardware,
the journal and the table's screens; the LEDs show the one-second colour check and the app
(companion/app.py) sends READY=1 when its loop begins. The lighting engine loads when the colour
check ends (`App.lights`), the rules with the first game. The phone view (`--web`, or [web] in the
config: companion/web/) starts with the loop's first frame, after READY.
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
from pathlib import Path

from companion import i18n, paths
from companion.cli import help_text, number_arg, run_journal, run_screen
from companion.cli.run_journal import DEMO_JOURNAL
from companion.gamedata import config as config_mod
from companion.i18n import N_, _
from companion.inputs import MAX_ID, whole_number
from companion.narration.words import refusal_text
from companion.storage.faults import JournalError

DEMO_PLAYERS = 3  # the bot demo: a table of three (within the game's range), the config's default game


def main(argv: list[str]) -> int:
    """Entry point of `companion run`."""
    args = _arguments().parse_args(argv)
    problem = _usage_problem(args)
    if problem:
        print(f"companion run: {problem}", file=sys.stderr)
        return 2
    cfg = config_mod.load(args.config)
    i18n.set_language(i18n.choose(cfg.language))  # COMPANION_LANG, then the config, then the locale
    lines = None
    if args.script:  # bad input fails before the start counts
        from companion.storage.scenario import load_scenario

        lines = load_scenario(args.script)
    from companion.runtime import sdnotify
    from companion.runtime.stopping import Stopped, StopSignals

    with StopSignals() as signals:
        try:
            return _start(args, cfg, lines, signals, sdnotify)
        except Stopped as stop:  # before the loop ran: the `with` blocks have closed everything
            sdnotify.stopping(f"stopping: {stop.name} while starting")
            print(
                _("companion run: stopped by {signal} while starting").format(signal=stop.name),
                file=sys.stderr,
                flush=True,
            )
            return 0


def _start(args, cfg, lines, signals, sdnotify) -> int:
    """Display and start-up frame, start counter, hardware and journal; then the app."""
    mode, why, demo = plan(args, cfg)
    pace = args.pace if args.pace is not None else (0.0 if lines is not None else 0.02)
    backend = args.backend
    if (
        backend is None
        and (demo or lines is not None)
        and not os.environ.get("COMPANION_HAL")
        and cfg.hal == "auto"
    ):
        backend = "mock"  # a demo or a scenario needs no board (`--backend` gives it one)
    from companion.runtime.startguard import StartGuard

    # The start counter comes first: a display driver that crashes or hangs must count as a failed
    # start, and safe mode must know it (it then leaves the screen off). This mark is not fsynced.
    guard = StartGuard(paths.ensure_private_dir(paths.state_dir()))
    safe = guard.begin("display", durable=False)
    display = run_screen.open_screen(mode, why, backend, cfg, guard) if mode != "headless" else None
    if mode == "headless":
        text = (
            _("companion run: headless ({why}), playing the bot demo on a throwaway journal")
            if demo
            else _("companion run: headless ({why})")
        )
        print(text.format(why=why), file=sys.stderr)
    sdnotify.status("starting: loading the game, lights and hardware")
    # Everything from here on happens with the start-up frame on screen. The durable mark is on the
    # disk before the LEDs light (a supply that browns out then is a failed start too): its fsyncs run
    # while the rest loads, and `_run` waits for them before the colour check. Safe mode turns off
    # the LEDs and the reader, the parts whose drivers can crash a start.
    guard.stage("hardware", wait=False)
    safe_reason = guard.reason() if safe else None
    if safe_reason:
        print(f"companion run: {safe_reason}", file=sys.stderr, flush=True)
        cfg = cfg._replace(leds=cfg.leds._replace(driver="none"), reader=cfg.reader._replace(type="none"))
    from companion.hal import open_hardware
    from companion.hal.clock import FakeClock, MonotonicClock

    # A table sleeps on the real clock, whatever the backend (the factory's default for `mock` is
    # a fake clock for tests, which never sleeps: a window would spin a core). Only a headless
    # demo or scenario at pace 0 runs on fake time, as fast as the loop goes.
    fast = mode == "headless" and (demo or lines is not None) and pace <= 0
    clock = FakeClock() if fast else MonotonicClock()
    with open_hardware(cfg, backend=backend, clock=clock) as hw:
        if display is not None:
            run_screen.make_room_for_board(display, hw, cfg)
        try:
            journal, missing = run_journal.open_journal_for(args, demo, lines is not None)
        except JournalError as exc:  # a mistyped --journal: nothing is made there
            print(f"companion run: {refusal_text(exc)}", file=sys.stderr)
            return 2
        if lines is not None and (journal is None or journal.fault is not None):
            why = missing["journal"] if journal is None else refusal_text(journal.fault)
            print(f"companion run: {why}", file=sys.stderr)
            if journal is not None:
                journal.close()
            return 1  # a scenario's acks promise durable commands: no journal to write, no run
        app = None
        try:
            app = _build_app(
                args, cfg, hw, journal, mode, demo, lines, pace, display, missing, safe_reason, sdnotify
            )
            app.web = _phone_view(args, cfg, hw, journal)
            return _run(args, app, mode, guard, signals, sdnotify)
        finally:
            if app is not None:
                if app.web is not None:
                    app.web.close()
                app.saving.close()  # the journal in hand (the table may have opened it again)
            elif journal is not None:
                journal.close()


def plan(args, cfg, env: dict | None = None) -> tuple[str, str, bool]:
    """(mode, why, demo): the run mode, why it was chosen, and whether the bot demo plays."""
    if args.script:
        return "headless", "--script", False
    if args.demo:
        return "headless", "--demo was asked for", True
    requested = args.mode or cfg.display.mode
    mode, why = run_screen.choose_mode(requested, env)
    if mode != "headless" or requested == "headless":
        return mode, why, False
    # No display and nothing asked for: a PC (`make run` over ssh, CI) gets the demo; a Pi stays
    # the table, with its board and buttons, and keeps its journal.
    try:
        backend, _ = config_mod.choose_backend(args.backend, cfg.hal, env, run_screen.pi_present)
    except ValueError:
        backend = "mock"  # open_hardware reports the bad setting
    return mode, why, backend != "pi"


def _usage_problem(args) -> str | None:
    """Options that contradict each other, in one line (exit 2); None when they fit."""
    if args.demo:
        if args.mode in ("window", "fullscreen"):
            return _("--demo plays headless; it does not go with --{mode}").format(mode=args.mode)
        if args.script:
            return _("--demo and --script are two different games: give one of them")
        if args.journal:
            return _("--demo plays on a throwaway journal; --journal is for your own games")
    return None


def _arguments() -> argparse.ArgumentParser:
    """The options of `companion run`."""
    ap = argparse.ArgumentParser(prog="companion run", description=_("Start the table app."))
    m = ap.add_mutually_exclusive_group()
    m.add_argument(
        "--fullscreen",
        dest="mode",
        action="store_const",
        const="fullscreen",
        help=_("full screen (the Pi; SDL_VIDEODRIVER=kmsdrm); no screen: the game goes on without it"),
    )
    m.add_argument(
        "--window",
        dest="mode",
        action="store_const",
        const="window",
        help=_("a window with the simulated board beside the screen (a PC)"),
    )
    m.add_argument(
        "--headless",
        dest="mode",
        action="store_const",
        const="headless",
        help=_("no screen: board, buttons and reader only, narration on stdout"),
    )
    ap.add_argument(
        "--demo",
        action="store_true",
        help=_("headless: the bot plays a demo game on a throwaway journal (not yours)"),
    )
    ap.add_argument(
        "--backend",
        choices=[b for b in config_mod.HAL_BACKENDS if b != "auto"],
        help=_("HAL backend (default: COMPANION_HAL, config, auto)"),
    )
    ap.add_argument(
        "--config",
        metavar=_("FILE"),
        help=help_text(N_("config file (default: {file})"), file=paths.config_file()),
    )
    ap.add_argument(
        "--journal",
        metavar=_("PATH"),
        help=help_text(N_("journal file (default: {file})"), file=paths.journal_file()),
    )
    ap.add_argument(
        "--create", action="store_true", help=_("make a new journal at --journal PATH if there is none")
    )
    ap.add_argument(
        "--new", action="store_true", help=_("start a new game instead of resuming the unfinished one")
    )
    ap.add_argument("--seed", type=_whole, default=7, metavar=_("SEED"), help=_("seed of the demo game"))
    ap.add_argument(
        "--script",
        metavar=_("FILE"),
        help=_("headless: play this scenario through the loop (exit 1 on a refused line)"),
    )
    ap.add_argument(
        "--pace",
        type=_seconds,
        default=None,
        metavar=_("SECONDS"),
        help=_("demo or script: seconds between commands (default 0.02 demo, 0 script)"),
    )
    ap.add_argument(
        "--ack", action="store_true", help=_("demo or script: print `ack N` once command N is durable")
    )
    ap.add_argument(
        "--web",
        type=_bind,
        metavar=_("[HOST:]PORT"),
        help=_("serve the phone view on this port and print its pairing URL (default: the config's [web])"),
    )
    ap.add_argument("--frames", type=_whole, metavar="N", help=_("stop after this many frames (tests)"))
    ap.add_argument("--screenshot", metavar="PNG", help=_("save the window as a PNG when the app stops"))
    return ap


# --pace: seconds, 0 or more
_seconds = number_arg(
    float,
    lambda s: 0 <= s < float("inf"),
    N_("not a number of seconds: {text!r}"),
    N_("must be 0 or more seconds, not {text}"),
)
# --seed, --frames: plain digits (companion/inputs.py: no "1_0" or "+1"), within SQLite's 64-bit INTEGER
_whole = number_arg(
    whole_number,
    lambda n: 0 <= n <= MAX_ID,
    N_("not a whole number: {text!r}"),
    N_("must be 0 to 9223372036854775807, not {n}"),
)


def _bind(text: str) -> tuple[str, int]:
    """--web: "[HOST:]PORT" (argparse says the problem in one line)."""
    from companion.gamedata.address import parse_bind

    try:
        return parse_bind(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _phone_view(args, cfg, hw, journal=None):
    """The phone view's hub (companion/web/hub.py), or None when it is off: on with `--web`, else as the
    config's [web] says ("auto": with the Pi backend, so the service has it and a PC does not). Only
    `--web` prints the pairing URL: the service's stdout is the system log, which never gets a token.
    The passes in force are kept beside the journal (JOURNAL.phones, private), so a restart of the same
    game keeps the phones paired; the demo's throwaway journal keeps none."""
    if args.web is None and (
        cfg.web.enabled == "false" or (cfg.web.enabled == "auto" and hw.backend != "pi")
    ):
        return None
    from companion.web.hub import Hub

    bind = args.web if args.web is not None else (cfg.web.host, cfg.web.port)
    path = journal.path if journal is not None else DEMO_JOURNAL
    keep = Path(f"{path}.phones") if path != DEMO_JOURNAL else None
    return Hub(bind, announce=cfg.web.mdns, print_url=args.web is not None, keep=keep)


def _build_app(args, cfg, hw, journal, mode, demo, lines, pace, display, missing, safe_reason, sdnotify):
    """The app for this run: a demo or a scenario feeding the loop, or the table and its screens."""
    from companion.app import App
    from companion.runtime.parts import Parts

    if demo or lines is not None:
        from companion.runtime.sources import BotSource, ScriptSource

        ack = (lambda n, cmd: print(f"ack {n}", flush=True)) if args.ack else None
        source = ScriptSource(lines, args.script) if lines is not None else BotSource(args.seed)
        app = App(
            Parts(
                cfg,
                hw,
                journal,
                log=lambda s: print(s, flush=True),
                source=source,
                notifier=sdnotify,
                on_ack=ack,
                safe_reason=safe_reason,
                missing=missing,
            )
        )  # no retry: it stops
        if lines is not None:
            app.start(setup=lines[0][1], resume=not args.new, finished_too=True)
            if app.session is None and app.refusal is not None:  # the setup line itself was refused
                from companion.runtime.sources import stop_refused

                source.line = lines[0][0]
                stop_refused(app, *app.refusal)
        else:
            app.start(setup=demo_setup(cfg.game.default, args.seed), resume=False)
        app.cfg = _with_fps(cfg, pace)
        return app
    import pygame

    from companion.narration.speech import Speaker
    from companion.ui.sound import Sounds
    from companion.ui.table import TableUI

    pygame.font.init()  # the screens lay out text even while no screen shows them
    sounds = Sounds(cfg.sound.volume, cfg.sound.mute, cfg.sound.device)
    sounds.open()
    speaker = Speaker(device=cfg.sound.device)
    if not speaker.available:
        print(_("companion run: narration on screen only ({why})").format(why=speaker.why), file=sys.stderr)
    size = display.ui_size if display is not None else (cfg.display.width, cfg.display.height)
    ui = TableUI(
        size,
        cfg.game.default,
        {
            "brightness": cfg.leds.brightness,
            "volume": cfg.sound.volume,
            "mute": cfg.sound.mute,
            "deck": cfg.game.deck,
            "pi": hw.backend == "pi",
        },
        sounds=sounds,
    )  # your own deck first
    log = (lambda s: print(s, flush=True)) if mode == "headless" else None
    app = App(
        Parts(
            cfg,
            hw,
            journal,
            ui=ui,
            surface=display.surface if display is not None else None,
            display=display,
            flip=pygame.display.flip,
            sounds=sounds,
            speak=speaker.speak if speaker.available and not cfg.sound.mute else None,
            log=log,
            notifier=sdnotify,
            safe_reason=safe_reason,
            missing=missing,
            reopen=run_journal.reopener(args, demo, False),
        )
    )
    app.start(resume=not args.new)
    return app


def _run(args, app, mode, guard, signals, sdnotify) -> int:
    """Run the loop until it ends or a stop signal comes; then say so (the caller closes the rest)."""
    guard.settle()  # the `hardware` mark is on the disk before the LEDs light
    app.show_test_pattern(1.0)
    guard.up()
    signals.attach(app.stop)
    sdnotify.ready(app._status_line())
    gc.enable()  # the start's objects are made (companion/cli/__init__.py paused the collector for it)
    status = app.run(max_frames=args.frames)
    # STOPPING=1 as soon as the loop has ended (systemd's meaning: the shutdown begins); the
    # caller's `with`/`finally` blocks then blank the LEDs and close the parts and the journal.
    sdnotify.stopping(f"stopping: {signals.received}" if signals.received else "stopping")
    if signals.received:
        print(
            _("companion run: stopped by {signal}").format(signal=signals.received),
            file=sys.stderr,
            flush=True,
        )
    from companion.runtime.rescuing import on_stop  # unsaved commands: one last save, else a rescue file

    unsaved, lines = on_stop(app, args.journal or str(paths.journal_file()))
    for line in lines:
        print(f"companion run: {line}", file=sys.stderr, flush=True)
    if unsaved is not None:
        sdnotify.stopping(f"stopping: {lines[0]}")
        status = unsaved
    if args.screenshot and app.surface is not None:
        import pygame

        pygame.image.save(app.surface, args.screenshot)
    if mode == "headless" and app.session is not None:
        print(f"Final: {app.where()}", flush=True)
    return status


def demo_setup(game_id: str, seed: int) -> dict:
    """The bot demo's setup: the game's example setup for a table of three (`Engine.example_setup`)."""
    from companion.rules import load_game

    return load_game(game_id).example_setup(DEMO_PLAYERS, seed)


def _with_fps(cfg, pace: float):
    """A config whose frame rate is one command per `pace` seconds (0: as fast as possible)."""
    fps = 120 if pace <= 0 else max(1, min(120, round(1.0 / pace)))
    return cfg._replace(display=cfg.display._replace(fps=fps))
