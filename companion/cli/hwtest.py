"""`companion hw-test`: walk a maker through every light and button of a freshly wired board.

Lights each logical light in turn (white, red, green, blue) and names it with its strip and pixels;
then asks for each logical button in turn ("press NEXT (GPIO6)...") and reports the pin, how long it
was held and how much it bounced (raw edges seen vs presses accepted). Reports the LED driver, the
gpiozero pin factory and the card reader, then prints a PASS/FAIL table. Exit status 0 when
everything passed, 1 otherwise (a button not pressed within --timeout is a FAIL, not a hang).

`--auto` (mock and sim backends) answers every prompt with a scripted press: a demo and a smoke test.
The mock backend runs only when asked for (`--backend mock`, COMPANION_HAL, hal.backend): picked by
auto-detection it means no board was found, and hw-test says so and exits 2 instead of passing it.

The boot service holds the button lines while it runs (the kernel gives a GPIO line to one program):
when they are busy, hw-test says so once, with the command that frees them, instead of failing every
pin. `--stop-service` stops the service for the test and starts it again afterwards.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import TextIO

from companion import paths
from companion.cli import help_text, number_arg
from companion.gamedata import config as config_mod
from companion.hal import BACKENDS, Hardware, choose_backend, open_hardware
from companion.hal.base import NoButtons
from companion.hal.layout import solid
from companion.i18n import N_, _, ngettext
from companion.inputs import Press, VButton

COLOURS = (
    (N_("white"), (255, 255, 255)),
    (N_("red"), (255, 0, 0)),
    (N_("green"), (0, 255, 0)),
    (N_("blue"), (0, 0, 255)),
)
POLL_S = 0.01  # how often the button wait looks at the queue
READER_WAIT_S = 2.0  # how long the reader may take to open and answer
CAMERA_WATCH_S = 2.0  # how long a camera reader watches the card spot once open (frames, a card laid there)
BOUNCY = 2  # more raw edges than this per press: the contact chatters (worth a capacitor or a new switch)
SERVICE = "companion"
# How a line held by another program shows up: lgpio raises `lgpio.error('GPIO busy')` (LG_GPIO_BUSY,
# from the kernel's EBUSY), also under RPi.GPIO via rpi-lgpio; gpiozero's native factory and sysfs
# give OSError EBUSY "Device or resource busy". gpiozero passes them on unchanged.
_BUSY = re.compile(r"GPIO busy|Device or resource busy|\bEBUSY\b|\[Errno 16\]")
BUSY_HELP = N_(
    "the button lines are busy: the companion service is running and holds them. "
    "Stop it first: sudo systemctl stop {service} (start it again afterwards: sudo systemctl start {service}), "
    "or run: companion hw-test --stop-service"
)  # _(BUSY_HELP).format(service=SERVICE)

Runner = Callable[[list[str]], int]  # argv -> exit status (systemctl)

Prompt = Callable[[VButton, float], None]  # called when a button is asked for, with the clock's now


@dataclass(frozen=True)
class Options:
    """What to test and how long to wait."""

    lights: bool = True
    buttons: bool = True
    timeout: float = 10.0  # seconds to wait for each button
    step: float = 0.5  # seconds each colour of each light stays on


@dataclass(frozen=True)
class Check:
    """One row of the summary table: ok None means skipped."""

    name: str
    ok: bool | None
    detail: str


def main(argv: list[str], runner: Runner | None = None) -> int:
    """`companion hw-test [--backend B] [--timeout S] [--lights-only|--buttons-only] [--config FILE] [--stop-service]`.

    `runner` runs systemctl for `--stop-service` (tests pass a fake).
    """
    args = _parser().parse_args(argv)
    cfg = config_mod.load(args.config)
    if not args.stop_service:
        return _test(args, cfg)
    runner = runner or _run_command
    was_running = _service_running(runner)
    if was_running:
        print(_("stopping the {service} service for the test...").format(service=SERVICE), flush=True)
        if runner(_systemctl("stop")) != 0:
            print(
                _("companion hw-test: could not stop the service: run sudo systemctl stop {service}").format(
                    service=SERVICE
                ),
                file=sys.stderr,
            )
            return 1
    try:
        return _test(args, cfg)
    finally:
        if was_running:
            print(_("starting the {service} service again").format(service=SERVICE), flush=True)
            if runner(_systemctl("start")) != 0:
                print(
                    _("companion hw-test: start it yourself: sudo systemctl start {service}").format(
                        service=SERVICE
                    ),
                    file=sys.stderr,
                )


def _test(args, cfg) -> int:
    """Open the board and walk through it."""
    opts = Options(
        lights=not args.buttons_only, buttons=not args.lights_only, timeout=args.timeout, step=args.step
    )
    refusal = _unasked_mock(args.backend, cfg)
    if refusal:
        print(refusal, file=sys.stderr)
        return 2
    with open_hardware(cfg, backend=args.backend) as hw:
        prompt = None
        if args.auto:
            if not hasattr(hw.buttons, "press"):
                print(
                    _("companion hw-test: --auto needs the mock or sim backend (this is {backend})").format(
                        backend=hw.backend
                    ),
                    file=sys.stderr,
                )
                return 2
            prompt = auto_press(hw)
        return run(hw, cfg, opts, sys.stdout, prompt)


def _unasked_mock(backend: str | None, cfg) -> str | None:
    """Why hw-test will not run, when auto-detection fell to the mock backend: its lights and buttons
    are no board, and "PASS" for all of them would say a board works that was never seen. Asked for
    (`--backend mock`, COMPANION_HAL, the config's hal.backend) it runs. None: go on."""
    try:
        name, why = choose_backend(backend, cfg.hal)
    except ValueError:
        return None  # a bad setting: open_hardware says which
    if name != "mock" or not why.startswith("auto"):
        return None
    return _(
        "companion hw-test: no board found ({why}), so there is nothing to test. On the Pi: companion doctor "
        "says what is missing; to try hw-test without a board: companion hw-test --backend mock"
    ).format(why=why)


def run(hw: Hardware, cfg, opts: Options, out: TextIO, on_prompt: Prompt | None = None) -> int:
    """The whole walk-through on `hw`; `on_prompt` lets a script answer the button prompts."""
    say = _printer(out)
    say(_("hw-test on the {backend} backend ({why})").format(backend=hw.backend, why=hw.why))
    checks = _devices(hw, cfg, say)
    if opts.lights:
        checks += _lights(hw, opts, say)
    if opts.buttons:
        checks += _buttons(hw, opts, say, on_prompt)
    _summary(checks, say)
    return 0 if all(c.ok is not False for c in checks) else 1


def auto_press(hw: Hardware, delay: float = 0.2, duration: float = 0.15) -> Prompt:
    """A prompt answer for mock buttons: press the asked button `delay` s later for `duration` s."""
    return lambda button, now: hw.buttons.press(button, now + delay, duration)


def _devices(hw: Hardware, cfg, say) -> list[Check]:
    """Report the LED driver, the pin factory and the reader; one check each."""
    status = hw.status()
    ok, why = status["leds"]
    say(_("LED driver: {what}").format(what=_describe(hw.pixels, why)))
    checks = [Check(_("LED driver"), ok, why if not ok else _describe(hw.pixels, why))]
    ok, why = status["buttons"]
    if not ok and gpio_busy(why):  # one line, not the same error for each of the 14 pins
        why = _("GPIO lines busy: another program (the service?) holds them")
        say(_("buttons: {what}").format(what=why))
        checks.append(Check(_("pin factory"), False, why))
    else:
        say(_("buttons: {what}").format(what=_describe(hw.buttons, why)))
        checks.append(Check(_("pin factory"), ok, why if not ok else _describe(hw.buttons, why)))
    checks.append(_reader(hw, cfg, say))
    return checks


def _reader(hw: Hardware, cfg, say) -> Check:
    """Give the reader a moment to open its port and greet the device, then report it."""
    r = cfg.reader
    if r.type == "none":
        say(_("reader: none configured ({why})").format(why=hw.reader.status[1]))
        return Check(_("reader"), None, "reader.type = none")
    clock = hw.clock
    deadline = clock.now() + READER_WAIT_S
    while True:
        hw.reader.poll()  # the reader opens its port on its first poll
        ok, why = hw.reader.status
        if ok or clock.now() >= deadline:
            break
        clock.sleep_until(clock.now() + 0.1)
    if r.type == "camera":
        return _camera(hw, cfg, say)
    text = (
        _("reader: {kind} on {port} at {baud} baud: open ({why})")
        if ok
        else _("reader: {kind} on {port} at {baud} baud: FAILED ({why})")
    )
    say(text.format(kind=r.type, port=r.port, baud=r.baud, why=why))
    return Check(_("reader"), ok, _("{kind} on {port}: {why}").format(kind=r.type, port=r.port, why=why))


def _camera(hw: Hardware, cfg, say) -> Check:
    """Watch the card spot a moment, then name the camera: its device, the frames' size, how many
    frames it saw and the last card it read (lay one on the spot to see it read)."""
    reader, clock = hw.reader, hw.clock
    end = clock.now() + CAMERA_WATCH_S
    while reader.status[0] and clock.now() < end:
        reader.poll()
        clock.sleep_until(clock.now() + 0.05)
    ok, why = reader.status
    source = getattr(getattr(reader, "source", None), "name", None) or _("camera")
    size = getattr(reader, "frame_size", None)
    what = _("{source} ({device}), {size}, {frames} frames seen, last card read: {card}").format(
        source=source,
        device=cfg.camera.device,
        size=f"{size[0]}x{size[1]}" if size else _("no frame yet"),
        frames=getattr(reader, "stats", {}).get("frames", 0),
        card=_card_name(getattr(reader, "last_read", None)),
    )
    text = _("reader: {what}: open ({why})") if ok else _("reader: {what}: FAILED ({why})")
    say(text.format(what=what, why=why))
    return Check(_("reader"), ok, what if ok else f"{what}: {why}")


def _card_name(tag: str | None) -> str:
    """The name of the card a tag is registered for (the game's that teaches cards), else "none"."""
    if tag is None:
        return _("none")
    from companion.errors import CompanionError
    from companion.i18n import data_name
    from companion.plugins import card_module

    cards = card_module()
    if cards is None:
        return _("a card")
    try:
        key = cards.lookup_tag(tag)
        if key is None:
            return _("a new card")
        return next((data_name(c.get("name") or "") for c in cards.catalogue() if c["key"] == key), "") or key
    except CompanionError:
        return _("a card")


def _lights(hw: Hardware, opts: Options, say) -> list[Check]:
    """Test pattern, then every logical light white, red, green, blue in turn."""
    if not hw.pixels.status[0]:
        say(_("lights: skipped, the LED strip is not available"))
        return [Check(_("lights"), False, hw.pixels.status[1])]
    clock, layout = hw.clock, hw.layout
    say(
        _(
            "test pattern: the first three pixels of every strip should be red, green, blue (else fix leds.order)"
        )
    )
    hw.pixels.test_pattern()
    clock.sleep_until(clock.now() + 4 * opts.step)
    checks = []
    for light in layout.lights:
        say(
            _("light {light} {where}: {colours}").format(
                light=f"{light:<12}",
                where=layout.where(light),
                colours=", ".join(_(n) for n, _rgb in COLOURS),
            )
        )
        for _name, rgb in COLOURS:
            hw.pixels.show(solid(layout, light, rgb))
            clock.sleep_until(clock.now() + opts.step)
        ok, why = hw.pixels.status
        checks.append(
            Check(
                _("light {light}").format(light=light),
                ok,
                _("{where} (check by eye)").format(where=layout.where(light)) if ok else why,
            )
        )
    hw.pixels.show({})
    return checks


def gpio_busy(why: str) -> bool:
    """Whether a buttons status line says another program holds the GPIO lines."""
    return bool(_BUSY.search(why))


def _buttons(hw: Hardware, opts: Options, say, on_prompt: Prompt | None) -> list[Check]:
    """Ask for every configured button in turn and check it arrives, with its bounce count."""
    ok, why = hw.buttons.status
    if not ok and gpio_busy(why):
        say(_(BUSY_HELP).format(service=SERVICE))
        return [
            Check(
                _("buttons"),
                False,
                _("GPIO lines busy (held by the {service} service?): sudo systemctl stop {service}").format(
                    service=SERVICE
                ),
            )
        ]
    if isinstance(hw.buttons, NoButtons) or not _pins(hw):
        say(_("buttons: skipped ({why})").format(why=hw.buttons.status[1]))
        return [Check(_("buttons"), False, hw.buttons.status[1])]
    hw.buttons.poll(hw.clock.now())  # forget anything pressed before the test
    return [_one_button(hw, vb, pin, opts, say, on_prompt) for vb, pin in _pins(hw).items()]


def _one_button(hw: Hardware, vb: VButton, pin: str, opts: Options, say, on_prompt) -> Check:
    """Prompt for `vb`, wait up to the timeout for a full press and release, report it."""
    clock = hw.clock
    say(_("press {button} ({pin})...").format(button=vb.name, pin=pin))
    before = hw.buttons.stats().get(vb)
    start = clock.now()
    if on_prompt:
        on_prompt(vb, start)
    down = up = None
    others: list[str] = []
    while up is None and clock.now() - start < opts.timeout:
        clock.sleep_until(clock.now() + POLL_S)
        for ev in hw.buttons.poll(clock.now()):
            if ev.button != vb:
                if ev.kind == Press.DOWN:
                    others.append(ev.button.name)
            elif ev.kind == Press.DOWN:
                down = ev.t
            elif ev.kind == Press.UP and down is not None:
                up = ev.t
    return _button_result(hw, vb, pin, before, down, up, others, opts, say)


def _button_result(hw, vb, pin, before, down, up, others, opts, say) -> Check:
    """Turn what one button wait saw into a printed line and a check."""
    after = hw.buttons.stats().get(vb)
    edges = (after.raw_edges if after else 0) - (before.raw_edges if before else 0)
    presses = (after.presses if after else 0) - (before.presses if before else 0)
    wrong = (
        _("; other buttons pressed: {buttons} (wired to the wrong pin?)").format(buttons=", ".join(others))
        if others
        else ""
    )
    name = _("button {button}").format(button=vb.value)
    if up is None:
        why = (
            _("held down but never released (stuck, or the pin shorted to ground?)")
            if down is not None
            else _("no press within {seconds} s").format(seconds=f"{opts.timeout:g}")
        )
        say(f"  FAIL: {why}{wrong}")
        return Check(name, False, f"{pin}: {why}{wrong}")
    bounce = ngettext("{edges} raw edges -> {n} press", "{edges} raw edges -> {n} presses", presses).format(
        edges=edges, n=presses
    )
    note = _(" (bouncy contact)") if edges > BOUNCY * max(1, presses) else ""
    detail = (
        _("{pin}, held {seconds} s, {bounce}").format(pin=pin, seconds=f"{up - down:.2f}", bounce=bounce)
        + note
        + wrong
    )
    say(f"  ok: {detail}")
    return Check(name, True, detail)


def _summary(checks: list[Check], say) -> None:
    """The table at the end, then one line with the verdict."""
    width = max([len(c.name) for c in checks] + [4])
    say("")
    part, result, detail = _("part"), _("result"), _("detail")  # the column heads
    say(f"{part:<{width}}  {result:<6}  {detail}")
    for c in checks:
        result = "SKIP" if c.ok is None else ("PASS" if c.ok else "FAIL")
        say(f"{c.name:<{width}}  {result:<6}  {c.detail}")
    failed = sum(1 for c in checks if c.ok is False)
    say("hw-test: PASS" if not failed else _("hw-test: FAIL ({n} failed)").format(n=failed))


def _pins(hw: Hardware) -> dict[VButton, str]:
    """Logical button -> pin, as the buttons part knows them."""
    pins = getattr(hw.buttons, "pins", None)
    return pins() if pins else {}


def _describe(part, fallback: str) -> str:
    """A part's own description, or its status text."""
    describe = getattr(part, "describe", None)
    return describe() if describe else fallback


def _printer(out: TextIO):
    """print() to `out`, flushed at once (a maker watches it live)."""

    def say(line: str) -> None:
        """Print one line."""
        print(line, file=out, flush=True)

    return say


def _parser() -> argparse.ArgumentParser:
    """The command line."""
    ap = argparse.ArgumentParser(
        prog="companion hw-test",
        description=_(
            "`companion hw-test`: walk a maker through every light and button of a freshly wired board."
        ),
    )
    ap.add_argument("--backend", choices=BACKENDS, help=_("HAL backend (default: as configured / detected)"))
    ap.add_argument(
        "--timeout",
        type=_positive,
        default=10.0,
        metavar="S",
        help=_("seconds to wait for each button (default 10)"),
    )
    ap.add_argument(
        "--step",
        type=_positive,
        default=0.5,
        metavar="S",
        help=_("seconds each colour stays on (default 0.5)"),
    )
    only = ap.add_mutually_exclusive_group()
    only.add_argument("--lights-only", action="store_true", help=_("test the lights only"))
    only.add_argument("--buttons-only", action="store_true", help=_("test the buttons only"))
    ap.add_argument(
        "--config",
        metavar=_("FILE"),
        help=help_text(N_("config file (default: {file})"), file=paths.config_file()),
    )
    ap.add_argument(
        "--auto", action="store_true", help=_("mock/sim only: answer every prompt with a scripted press")
    )
    ap.add_argument(
        "--stop-service",
        action="store_true",
        help=_("stop the {service} service (it holds the buttons) for the test, start it again after").format(
            service=SERVICE
        ),
    )
    return ap


def _systemctl(action: str) -> list[str]:
    """The systemctl command line for `action` on the service (through sudo unless root)."""
    return (["sudo"] if os.geteuid() != 0 else []) + ["systemctl", action, SERVICE]


def _service_running(runner: Runner) -> bool:
    """Whether the service is active."""
    return runner(["systemctl", "is-active", "--quiet", SERVICE]) == 0


def _run_command(argv: list[str]) -> int:
    """Run a command, its output shown; 127 when it cannot be started."""
    try:
        return subprocess.run(argv, timeout=60).returncode
    except (OSError, subprocess.TimeoutExpired):
        return 127


# --timeout, --step: seconds, more than 0
_positive = number_arg(
    float, lambda s: s > 0, N_("not a number: {text!r}"), N_("must be more than 0, got {text}")
)
