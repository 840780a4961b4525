"""Drive one LED backend through the real Adafruit stack on a forced board, in its own process.

Usage: [HIDE_MODULES=gpiod] python run_stack.py SYSROOT DRIVER PIN OUT.json
The caller sets BLINKA_FORCEBOARD / BLINKA_FORCECHIP (Blinka caches the board at import, hence one
process per board). This folder is sys.path[0], so its fakes of the compiled Pi-only modules come
first; fakekernel serves /dev and /proc from SYSROOT. Opens the strip with companion's own
open_pi_pixels (the real importlib path), shows one frame, closes, and writes to OUT.json what
reached the fake hardware, the status, what doctor's LED stack check says, and every module the
stack imported with its file.
"""

import json
import os
import sys

import fakekernel

sysroot, driver, pin, out = sys.argv[1:5]
fakekernel.install(sysroot)


class Hide:
    """HIDE_MODULES=gpiod,...: those modules are not installed (a venv without them)."""

    hidden = set(filter(None, os.environ.get("HIDE_MODULES", "").split(",")))

    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in self.hidden:
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None


sys.meta_path.insert(0, Hide())

from companion.gamedata import config  # noqa: E402  (after install: nothing of the stack is loaded yet)
from companion.hal.pi import SystemProbe, open_pi_pixels  # noqa: E402

FRAME = {"district.A1": [(255, 0, 0), (0, 255, 0), (0, 0, 255), (1, 2, 3)]}
CONFIG = f"""
[leds]
driver = "{driver}"
order = "GRB"
[[leds.strips]]
name = "main"
pin = "{pin}"
count = 4
[leds.lights]
"district.A1" = {{ strip = "main", start = 0, count = 4 }}
"""

before = set(sys.modules)
result = {"error": None}
try:
    px = open_pi_pixels(config.loads(CONFIG).leds, SystemProbe(root=sysroot, euid=0))
    result["opened"] = px.status
    px.show(FRAME)
    result["shown"] = px.status
    px.close()
    result["closed"] = px.status
except Exception as exc:  # reported to the test, which fails with it
    result["error"] = f"{type(exc).__name__}: {exc}"
from companion.cli.doctor import Probe  # noqa: E402

err = Probe().led_stack(driver)  # what `companion doctor` says about the same stack, in this process
result["doctor"] = None if err is None else {"why": err.why, "fix": err.fix()}
result["python"] = sys.executable
result["wire"] = fakekernel.WIRE
result["modules"] = {
    name: getattr(sys.modules[name], "__file__", None)
    for name in sorted(set(sys.modules) - before)
    if name in sys.modules
}
with open(out, "w") as f:
    json.dump(result, f, indent=1)
