"""HAL tests. Shared fakes of the Pi-only libraries live here (fakes, not patches): they behave like
Adafruit's PixelBuf-based drivers and the Pi 5 PIO writer, and record what they were told."""

from __future__ import annotations

import types
from pathlib import Path


class FakePin:
    """A Blinka board pin: only `id` matters to the drivers."""

    def __init__(self, n: int):
        self.id = n


class FakePixelBuf:
    """Places colour tuples in a byte buffer the way adafruit_pixelbuf does, records every show()."""

    def __init__(self, n: int, pixel_order: str | None, bpp: int = 3):
        self.order = pixel_order or ("GRB" if bpp == 3 else "GRBW")
        self.bpp = len(self.order)
        self.buf = bytearray(n * self.bpp)
        self.n = n
        self.shown: list[bytes] = []
        self.deinited = False

    def __len__(self) -> int:
        return self.n

    def __setitem__(self, index, value) -> None:
        if isinstance(index, slice):
            for k, i in enumerate(range(*index.indices(self.n))):
                self._set(i, value[k])
        else:
            self._set(index, value)

    def _set(self, i: int, colour) -> None:
        if len(colour) != self.bpp:
            raise ValueError(f"expected {self.bpp} channels, got {colour!r}")
        for channel, v in zip("RGBW", colour):
            self.buf[i * self.bpp + self.order.index(channel)] = v

    def show(self) -> None:
        self.shown.append(bytes(self.buf))

    def deinit(self) -> None:
        self.buf[:] = bytes(len(self.buf))
        self.show()
        self.deinited = True


class FakeLibs:
    """board, neopixel_spi, neopixel and adafruit_raspberry_pi5_neopixel_write as fakes.

    `fail` maps a module name to the exception importing it raises (as on a PC).
    """

    def __init__(self, fail: dict | None = None):
        self.fail = dict(fail or {})
        self.devices: list[FakePixelBuf] = []
        self.pio_writes: list[tuple[int, bytes]] = []
        self.pio_freed = 0
        libs = self

        class NeoPixel_SPI(FakePixelBuf):
            def __init__(self, spi, n, *, bpp=3, brightness=1.0, auto_write=True, pixel_order=None, **kw):
                super().__init__(n, pixel_order, bpp)
                self.spi, self.brightness, self.auto_write = spi, brightness, auto_write
                libs.devices.append(self)

        class NeoPixel(FakePixelBuf):
            def __init__(self, pin, n, *, bpp=3, brightness=1.0, auto_write=True, pixel_order=None):
                super().__init__(n, pixel_order, bpp)
                self.pin, self.brightness, self.auto_write = pin, brightness, auto_write
                libs.devices.append(self)

        def neopixel_write(pin, buf) -> None:
            libs.pio_writes.append((pin.id, bytes(buf)))

        def free_pio() -> None:
            libs.pio_freed += 1

        board = types.SimpleNamespace(SPI=lambda: "SPI0", **{f"D{n}": FakePin(n) for n in range(28)})
        self.modules = {
            "board": board,
            "neopixel_spi": types.SimpleNamespace(NeoPixel_SPI=NeoPixel_SPI),
            "neopixel": types.SimpleNamespace(NeoPixel=NeoPixel),
            "adafruit_raspberry_pi5_neopixel_write": types.SimpleNamespace(
                neopixel_write=neopixel_write, free_pio=free_pio
            ),
            # loaded by the real stack only for their side of it (LED_STACK): present, unused here
            "busio": types.SimpleNamespace(),
            "Adafruit_PureIO.spi": types.SimpleNamespace(),
            "digitalio": types.SimpleNamespace(),
        }

    def importer(self, name: str):
        """Stand-in for importlib.import_module; gpiozero is the real one."""
        if name in self.fail:
            raise self.fail[name]
        if name == "gpiozero":
            import gpiozero

            return gpiozero
        try:
            return self.modules[name]
        except KeyError:
            raise ImportError(f"No module named {name!r}") from None


def pi_root(tmp_path: Path, model: str = "4", devices=("spidev0.0", "gpiochip0")) -> str:
    """A fake filesystem root of a Raspberry Pi `model` ("4" or "5") with some /dev entries."""
    soc = "bcm2712" if model == "5" else "bcm2711"
    dt = tmp_path / "proc" / "device-tree"
    dt.mkdir(parents=True)
    (dt / "compatible").write_bytes(f"raspberrypi,{model}-model-b\0brcm,{soc}\0".encode())
    (tmp_path / "dev").mkdir()
    for d in devices:
        (tmp_path / "dev" / d).write_bytes(b"")
    return str(tmp_path)
