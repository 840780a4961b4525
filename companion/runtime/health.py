"""The health of the table's parts: what is missing right now, for the banner, the status light and
systemd's STATUS=.

The loop (companion/app.py) takes it once a second and on a lost screen (`HealthCheck.parts`); when
it changed, the loop tells the screen, the status light, the log and systemd. A part is the HAL's
LEDs, buttons and reader, the screen (companion/runtime/display.py), anything missing for the whole
run, safe mode (companion/runtime/startguard.py) and the journal (companion/runtime/saving.py): "not
saving" and why (a full disk, a read-only file system, an I/O error, a journal that cannot be opened,
a game another program changed), or a damaged journal moved aside.
"""

from collections.abc import Mapping
from types import MappingProxyType

from companion.lighting.patterns import Health as Level
from companion.records import Named

FAULT_HOLD_S = 5.0  # a strip that failed a write stays shown as failing this long after reopening


class Health(Named):
    """Part -> (ok, why) at one moment (built at every start)."""

    parts: Mapping[str, tuple[bool, str]] = MappingProxyType({})

    def degraded(self) -> list[str]:
        """One phrase per missing part."""
        return [why for ok, why in self.parts.values() if not ok]

    def summary(self) -> str:
        """`ok` or `degraded: ...`."""
        bad = self.degraded()
        return "ok" if not bad else "degraded: " + "; ".join(bad)

    def level(self) -> Level:
        """The status light's level."""
        return Level.OK if not self.degraded() else Level.DEGRADED

    def status_line(self, safe_reason: str | None, where: str) -> str:
        """systemd's STATUS= text: safe mode first, then whatever else is missing; where the game stands."""
        if safe_reason:
            others = [why for part, (ok, why) in self.parts.items() if not ok and part != "safe-mode"]
            base = "; ".join([safe_reason, *others])
        else:
            base = self.summary()
        return f"{base}; {where}"


class HealthCheck:
    """Takes the parts' status. A strip fails only when written to, and the HAL reopens it at once; so
    one whose writes keep failing (a loose data wire) would flip between failing and fine every
    second. It stays shown as failing for FAULT_HOLD_S after its last failure: one steady banner, not
    a flicker. (The reader reports its own state all the time and needs no such hold.)"""

    def __init__(self):
        self._faults: dict[str, tuple[float, str]] = {}  # part -> (last time seen failing, why)

    def parts(
        self, now: float, hw, display=None, missing=None, safe_reason: str | None = None, journal=None
    ) -> dict:
        """Part -> (ok, why): the HAL's parts (`hw.status()`), the screen (`display`, or None when the
        run has none), `missing` (part -> why, for the whole run), safe mode, the journal's banner
        (`journal`: companion/runtime/saving.py's `Saving`, or anything with a `banner`)."""
        parts = dict(hw.status())
        ok, why = parts.get("leds", (True, ""))
        if not ok:
            self._faults["leds"] = (now, why)
        elif "leds" in self._faults:
            seen, why_then = self._faults["leds"]
            if now - seen < FAULT_HOLD_S:
                parts["leds"] = (False, why_then)
            else:
                del self._faults["leds"]
        if display is not None:
            parts["screen"] = display.status
        for part, why in (missing or {}).items():
            parts[part] = (False, why)
        if safe_reason:
            parts["safe-mode"] = (False, safe_reason)
        banner = getattr(journal, "banner", None)
        if banner:  # not saving, and why; or a damaged journal was moved aside: say where
            parts["journal"] = (False, banner)
        return parts
