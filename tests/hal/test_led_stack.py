"""The real LED driver stack on a PC: Blinka 10, PlatformDetect, PureIO, neopixel_spi, neopixel and
gpiod (the `led-stack` extra, which `make test` installs) on a forced Pi 4, Pi 5 and Zero 2 W.

Each (board, driver) runs in its own process (Blinka caches the board at import) through
companion's own `open_pi_pixels`: tests/hal/led_stack/run_stack.py. Only the kernel-facing layer is
fake (tests/hal/led_stack/): /dev and /proc files, the spidev ioctls, libgpiod's C binding
(`gpiod._ext`), and the two compiled Pi-only drivers (`_rpi_ws281x`, the Pi 5 PIO writer).
The tests check the bytes that reach the wire and that every distribution the stack imported is
declared, directly or through a declared package's own requirements, in pyproject's `[pi]` extra.
"""

from __future__ import annotations

import importlib.metadata as md
import json
import os
import subprocess
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

REPO = Path(__file__).resolve().parents[2]
FAKES = Path(__file__).resolve().parent / "led_stack"
FRAME = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (1, 2, 3)]  # what run_stack.py shows on pixels 0-3
GRB = bytes([0, 255, 0, 255, 0, 0, 0, 0, 255, 2, 1, 3])  # the same colours in WS2812B wire order
# fake module (top-level name) -> the distribution whose compiled module it stands for
STANDS_FOR = {
    "_rpi_ws281x": "rpi-ws281x",
    "adafruit_raspberry_pi5_neopixel_write": "adafruit-blinka-raspberry-pi5-neopixel",
}
MACHINES = ("aarch64", "armv7l")  # 64-bit and 32-bit Raspberry Pi OS


@dataclass(frozen=True)
class Board:
    """What the kernel of one Raspberry Pi model shows: ids, /proc files and device nodes."""

    blinka_id: str  # adafruit_platformdetect.constants.boards
    revision: str  # /proc/cpuinfo "Revision" (PlatformDetect's any_raspberry_pi reads it)
    model: str
    compatible: str
    chips: dict  # /dev/gpiochipN -> (label, lines)
    devices: tuple


BOARDS = {
    "pi4": Board(
        "RASPBERRY_PI_4B",
        "c03115",
        "Raspberry Pi 4 Model B Rev 1.5",
        "raspberrypi,4-model-b\0brcm,bcm2711",
        {"gpiochip0": ("pinctrl-bcm2711", 58), "gpiochip1": ("raspberrypi-exp-gpio", 8)},
        ("spidev0.0", "spidev0.1"),
    ),
    "pi5": Board(
        "RASPBERRY_PI_5",
        "d04170",
        "Raspberry Pi 5 Model B Rev 1.0",
        "raspberrypi,5-model-b\0brcm,bcm2712",
        {"gpiochip0": ("pinctrl-rp1", 54), "gpiochip10": ("gpio-brcmstb@107d508500", 32)},
        ("spidev0.0", "spidev0.1", "pio0"),
    ),
    "zero2w": Board(
        "RASPBERRY_PI_ZERO_2_W",
        "902120",
        "Raspberry Pi Zero 2 W Rev 1.0",
        "raspberrypi,model-zero-2-w\0brcm,bcm2837",
        {"gpiochip0": ("pinctrl-bcm2835", 54), "gpiochip1": ("raspberrypi-exp-gpio", 8)},
        ("spidev0.0", "spidev0.1"),
    ),
}
# every LED backend of companion/hal/pi.py on every board it runs on (pwm is refused on a Pi 5)
RUNS = [
    ("pi4", "spi", "GPIO10"),
    ("pi4", "pwm", "GPIO18"),
    ("zero2w", "spi", "GPIO10"),
    ("zero2w", "pwm", "GPIO18"),
    ("pi5", "spi", "GPIO10"),
    ("pi5", "pi5pio", "GPIO13"),
]
IDS = [f"{b}-{d}" for b, d, _ in RUNS]


def make_sysroot(root: Path, board: Board) -> Path:
    """The /proc and /dev files of `board` under `root`."""
    dt = root / "proc" / "device-tree"
    dt.mkdir(parents=True)
    (dt / "compatible").write_bytes(board.compatible.encode() + b"\0")
    (dt / "model").write_bytes(board.model.encode() + b"\0")
    cpuinfo = f"Hardware\t: BCM2835\nRevision\t: {board.revision}\nModel\t\t: {board.model}\n"
    (root / "proc" / "cpuinfo").write_text(cpuinfo)
    (root / "dev").mkdir()
    for name, (label, lines) in board.chips.items():
        (root / "dev" / name).write_text(json.dumps({"label": label, "lines": lines}))
    for d in board.devices:
        (root / "dev" / d).write_bytes(b"")
    return root


def run_stack(tmp: Path, board: str, driver: str, pin: str, hide: str = "") -> dict:
    """One run of run_stack.py on a forced board (`hide`: modules to leave out); its JSON report."""
    root = make_sysroot(tmp / "root", BOARDS[board])
    out = tmp / "out.json"
    env = {k: v for k, v in os.environ.items() if not k.startswith("BLINKA_")}
    env.update(
        BLINKA_FORCEBOARD=BOARDS[board].blinka_id,
        BLINKA_FORCECHIP="BCM2XXX",
        PYTHONPATH=os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")])),
        HIDE_MODULES=hide,
    )
    res = subprocess.run(
        [sys.executable, str(FAKES / "run_stack.py"), str(root), driver, pin, str(out)],
        env=env,
        cwd=tmp,
        capture_output=True,
        text=True,
        timeout=120,
        stdin=subprocess.DEVNULL,
    )
    assert res.returncode == 0 and out.exists(), res.stderr[-3000:]
    return json.loads(out.read_text())


@pytest.fixture(scope="module")
def reports(tmp_path_factory):
    """Every run, once per test module (each is a fresh interpreter importing the whole stack)."""
    out = {rid: run_stack(tmp_path_factory.mktemp(rid), *run) for rid, run in zip(IDS, RUNS)}
    for rid, report in out.items():
        assert report["error"] is None and report["doctor"] is None, (rid, report["error"], report["doctor"])
    return out


def ws2812_over_spi(data: bytes, hz: int = 6_400_000) -> bytes:
    """What a WS2812 strip needs on MOSI, worked out from its timing, not from neopixel_spi.

    One WS2812 bit lasts 1.25 us: 8 SPI bits at 6.4 MHz (156 ns each). A 0 is high for ~0.35 us
    (2 SPI bits), a 1 for ~0.7 us (4 SPI bits), MSB first. The latch is the line low for >= 80 us,
    sent before the data (MOSI may idle high) and after it.
    """
    spi_bit_ns = 1e9 / hz
    assert round(1250 / spi_bit_ns) == 8
    high = {0: round(350 / spi_bit_ns), 1: round(700 / spi_bit_ns)}  # 2 and 4
    pattern = {bit: (0xFF << (8 - n)) & 0xFF for bit, n in high.items()}  # 0b11000000, 0b11110000
    body = bytes(pattern[(byte >> i) & 1] for byte in data for i in range(7, -1, -1))
    latch = bytes(-(-80 * hz // 8_000_000))  # ceil(80 us of SPI bits / 8): 64 zero bytes
    return latch + body + latch


def _wire(report: dict, kind: str) -> list[dict]:
    return [w for w in report["wire"] if w["kind"] == kind]


@pytest.mark.parametrize("board, driver, pin", RUNS, ids=IDS)
def test_backend_opens_and_closes_through_the_real_stack(reports, board, driver, pin):
    r = reports[f"{board}-{driver}"]
    assert r["opened"] == [True, f"{driver} (leds.driver = {driver}): main on {pin} (4 px, GRB)"]
    assert r["shown"][0] is True
    assert r["closed"] == [False, "closed"]


@pytest.mark.parametrize("rid", [i for i in IDS if i.endswith("-spi")])
def test_spi_frames_are_grb_bits_between_latches(reports, rid):
    writes = _wire(reports[rid], "spi")
    assert {(w["device"], w["speed_hz"], w["mode"], w["bits"]) for w in writes} == {
        ("/dev/spidev0.0", 6_400_000, 0, 8)
    }
    frames = [bytes.fromhex(w["data"]) for w in writes]
    assert frames[0] == ws2812_over_spi(GRB)
    assert len(frames[0]) == 64 + 4 * 3 * 8 + 64
    assert frames[0][:64] == frames[0][-64:] == bytes(64)  # the latch, before and after
    assert frames[-1] == ws2812_over_spi(bytes(12))  # close() leaves every pixel off
    assert len(frames) >= 2


@pytest.mark.parametrize("rid", [i for i in IDS if i.endswith("-pwm")])
def test_pwm_renders_grb_on_gpio18_and_gives_the_pin_back(reports, rid):
    r = reports[rid]
    renders = _wire(r, "ws281x")
    assert {(w["gpio"], w["freq"]) for w in renders} == {(18, 800_000)}
    assert bytes.fromhex(renders[0]["data"]) == GRB
    assert bytes.fromhex(renders[-1]["data"]) == bytes(12)  # close() leaves every pixel off
    gpio = _wire(r, "gpio")
    assert gpio[0]["chip"] == "/dev/gpiochip0" and gpio[0]["offset"] == 18  # the header chip, by its label
    assert gpio[-1] == {"kind": "gpio", "op": "release", "chip": "/dev/gpiochip0", "offset": 18}


def test_pi5_pio_writes_grb_words_blanks_then_frees(reports):
    r = reports["pi5-pi5pio"]
    pio = [w for w in r["wire"] if w["kind"].startswith("pio")]
    assert pio[0] == {"kind": "pio", "gpio": 13, "data": GRB.hex()}  # 12 bytes: already whole words
    assert pio[-2] == {"kind": "pio", "gpio": 13, "data": bytes(12).hex()}
    assert pio[-1] == {"kind": "pio-free"}


# --- everything imported is declared in [pi] -------------------------------------------------------


def _env(machine: str) -> dict:
    return {
        "platform_machine": machine,
        "sys_platform": "linux",
        "platform_system": "Linux",
        "python_version": "3.11",
        "python_full_version": "3.11.2",
        "implementation_name": "cpython",
        "os_name": "posix",
        "extra": "",
    }


def pi_extra_closure(machine: str, extra: list[str] | None = None) -> set[str]:
    """Distributions pip installs for `.[pi]` on `machine`: the extra and, for those installed here,
    their own requirements (installed metadata; markers evaluated for that machine)."""
    if extra is None:
        extra = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["optional-dependencies"]["pi"]
    env = _env(machine)
    todo = [r.name for r in map(Requirement, extra) if r.marker is None or r.marker.evaluate(env)]
    seen: set[str] = set()
    while todo:
        name = canonicalize_name(todo.pop())
        if name in seen:
            continue
        seen.add(name)
        try:
            requires = md.requires(name) or []
        except md.PackageNotFoundError:
            continue  # a Pi-only package (not installed on this PC): it is declared itself
        todo += [r.name for r in map(Requirement, requires) if r.marker is None or r.marker.evaluate(env)]
    return seen


def imported_distributions(report: dict) -> dict[str, set[str]]:
    """Distribution -> the modules of it the stack imported (from site-packages or a fake)."""
    site = [str(Path(p).resolve()) for p in sys.path if p.endswith("site-packages")]
    owners = md.packages_distributions()
    found: dict[str, set[str]] = {}
    for name, file in report["modules"].items():
        top = name.split(".")[0]
        if not file:
            continue
        path = str(Path(file).resolve())
        if path.startswith(str(FAKES)):
            dists = [STANDS_FOR[top]] if top in STANDS_FOR else []  # fakekernel, gpiod_ext: the kernel
        elif any(path.startswith(s) for s in site):
            dists = owners.get(top, [])
            assert dists, f"{name} ({file}) belongs to no installed distribution"
        else:
            continue  # the standard library, companion itself
        for d in dists:
            found.setdefault(canonicalize_name(d), set()).add(name)
    return found


@pytest.mark.parametrize("rid", IDS)
def test_every_distribution_the_stack_imports_is_in_the_pi_extra(reports, rid):
    used = imported_distributions(reports[rid])
    assert {"adafruit-blinka", "adafruit-platformdetect", "gpiod"} <= set(used)
    for machine in MACHINES:
        declared = pi_extra_closure(machine)
        missing = {d: sorted(mods)[:3] for d, mods in used.items() if d not in declared}
        assert not missing, f"{rid} on {machine}: imported but not in [pi]: {missing}"


def test_the_check_catches_an_undeclared_import(reports):
    """The same check with gpiod taken out of the extra: Blinka imports it on every Pi board."""
    extra = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["optional-dependencies"]["pi"]
    without = [r for r in extra if Requirement(r).name != "gpiod"]
    assert len(without) == len(extra) - 1
    used = imported_distributions(reports["pi4-spi"])
    assert "gpiod" in used and "gpiod" not in pi_extra_closure("aarch64", without)


def test_hal_pip_requirements_are_the_extras_pins():
    """A missing module is named with the same pin the [pi] extra uses (what doctor prints)."""
    from companion.hal.pi import PIP_REQUIREMENTS

    extra = {
        canonicalize_name(r.name): r
        for r in map(
            Requirement,
            tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["optional-dependencies"]["pi"],
        )
    }
    for module, text in PIP_REQUIREMENTS.items():
        req = Requirement(text)
        name = canonicalize_name(req.name)
        assert name in extra or name in pi_extra_closure("aarch64"), f"{module}: {text} not brought by [pi]"
        if name in extra:
            assert req.specifier == extra[name].specifier, f"{module}: {text} vs [pi] {extra[name]}"


def test_fake_gpiod_ext_speaks_libgpiods_constants():
    """The fake C binding uses the real one's numbers (the real gpiod wheel is installed here)."""
    import gpiod._ext as real

    sys.path.insert(0, str(FAKES))
    try:
        import gpiod_ext as fake
    finally:
        sys.path.remove(str(FAKES))
    names = [n for n in dir(real) if n.isupper()]
    assert names and {n: getattr(fake, n) for n in names} == {n: getattr(real, n) for n in names}


# --- a venv without gpiod: what the app and doctor say -----------------------------------------------


@pytest.mark.parametrize("board", ["pi4", "pi5", "zero2w"])
def test_without_gpiod_the_strip_and_doctor_name_it_with_the_pip_command(tmp_path, board):
    r = run_stack(tmp_path, board, "spi", "GPIO10", hide="gpiod")
    fix = f"{r['python']} -m pip install 'gpiod>=2.2.2,<3'"
    assert r["error"] == (
        "HardwareUnavailable: LED strip not available: spi driver failed to start: "
        f"module 'gpiod' is not installed (needed by board) — install it: {fix}"
    )
    assert r["doctor"] == {"why": "module 'gpiod' is not installed (needed by board)", "fix": fix}
    assert not _wire(r, "spi")
