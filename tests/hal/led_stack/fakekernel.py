"""A fake Linux kernel interface for one process: device nodes, /proc files and spidev ioctls.

tests/hal/test_led_stack.py runs the real Blinka, PlatformDetect, PureIO and gpiod Python code on a
PC. Only what the kernel gives that code is faked here:
- the files it opens under /dev and /proc (/proc/cpuinfo, /proc/device-tree, /dev/spidev*,
  /dev/gpiochip*, /dev/pio*) are served from a sysroot folder, and `/dev` lists only them;
- the spidev ioctls (mode, bits, speed, SPI_IOC_MESSAGE) act like the kernel's and record each
  transfer's bytes as a wire record.
Everything the other fakes see on the "wire" is appended to WIRE. `install` runs before any of
those modules is imported (Adafruit_PureIO.spi binds fcntl.ioctl when it is imported).
"""

from __future__ import annotations

import builtins
import ctypes
import errno
import fcntl
import io
import os
import struct

WIRE: list[dict] = []  # what reached the hardware, in order: spi transfers, gpio, ws281x, pio
SYSROOT = ""
FAKED = ("/dev/spidev", "/dev/gpiochip", "/dev/pio", "/proc/cpuinfo", "/proc/device-tree")
SPI_BUFSIZ = 4096  # the spidev driver's default bufsiz: a longer transfer fails with EMSGSIZE

_real_open, _real_os_open, _real_stat, _real_scandir = builtins.open, os.open, os.stat, os.scandir
_real_ioctl = fcntl.ioctl


def host_path(path):
    """The real file behind `path`: under the sysroot for the faked kernel files, else `path`."""
    if isinstance(path, int) or not SYSROOT:
        return path
    text = os.fsdecode(os.fspath(path))
    if text.startswith(FAKED):
        return os.path.join(SYSROOT, text.lstrip("/"))
    return path


# --- spidev: the ioctls of include/uapi/linux/spi/spidev.h, written out from the kernel headers ---


def _ioc(direction: int, nr: int, size: int) -> int:
    """_IOC(dir, 'k', nr, size) as on arm and x86 (2 dir bits at 30, 14 size bits at 16)."""
    return direction << 30 | size << 16 | ord("k") << 8 | nr


_W, _R = 1, 2
SPI_IOC_MESSAGE_1 = _ioc(_W, 0, 32)  # one struct spi_ioc_transfer (32 bytes)
SPI_IOC = {  # request -> (field, read?, struct format)
    _ioc(_R, 1, 1): ("mode", True, "B"),
    _ioc(_W, 1, 1): ("mode", False, "B"),
    _ioc(_R, 3, 1): ("bits", True, "B"),
    _ioc(_W, 3, 1): ("bits", False, "B"),
    _ioc(_R, 4, 4): ("speed_hz", True, "I"),
    _ioc(_W, 4, 4): ("speed_hz", False, "I"),
}
# struct spi_ioc_transfer: tx_buf, rx_buf (u64), len, speed_hz (u32), delay_usecs (u16),
# bits_per_word, cs_change, tx_nbits, rx_nbits, word_delay_usecs, pad (u8)
TRANSFER = struct.Struct("=QQIIHBBBBBB")


class SpiDev:
    """One open /dev/spidevB.C: its settings and the transfers written to it."""

    def __init__(self, path: str):
        self.path, self.mode, self.bits, self.speed_hz = path, 0, 8, 125_000_000

    def ioctl(self, request: int, arg, mutate: bool):
        if request == SPI_IOC_MESSAGE_1:
            return self._message(bytes(arg))
        try:
            field, read, fmt = SPI_IOC[request]
        except KeyError:
            raise OSError(errno.EINVAL, "spidev: unknown ioctl") from None
        if read:
            arg[0] = getattr(self, field)
            return 0
        setattr(self, field, struct.unpack("=" + fmt, bytes(arg))[0])
        return bytes(arg)

    def _message(self, raw: bytes):
        tx, rx, length, speed, _delay, bits, *_ = TRANSFER.unpack(raw)
        if length > SPI_BUFSIZ:
            raise OSError(errno.EMSGSIZE, "Message too long")
        data = ctypes.string_at(tx, length) if tx else bytes(length)
        if rx:
            ctypes.memset(rx, 0, length)
        WIRE.append(
            {
                "kind": "spi",
                "device": self.path,
                "speed_hz": speed or self.speed_hz,
                "mode": self.mode,
                "bits": bits or self.bits,
                "data": data.hex(),
            }
        )
        return raw


_spi_fds: dict[int, SpiDev] = {}


# --- the patched entry points ---------------------------------------------------------------------


def _open(file, *args, **kwargs):
    return _real_open(host_path(file), *args, **kwargs)


def _os_open(path, flags, mode=0o777, *, dir_fd=None):
    fd = _real_os_open(host_path(path), flags, mode, dir_fd=dir_fd)
    text = os.fsdecode(os.fspath(path))
    if text.startswith("/dev/spidev"):
        _spi_fds[fd] = SpiDev(text)
    else:
        _spi_fds.pop(fd, None)  # a reused number is no longer a spidev
    return fd


def _stat(path, *args, **kwargs):
    return _real_stat(host_path(path), *args, **kwargs)


class _DevEntry:
    """A directory entry of the sysroot's dev folder as the kernel shows it: its path under /dev."""

    def __init__(self, entry, folder: str):
        self._entry, self.name = entry, entry.name
        self.path = os.path.join(folder, entry.name)

    def __getattr__(self, name):  # is_dir, is_file, is_symlink, stat, inode: the real file's
        return getattr(self._entry, name)

    def __fspath__(self) -> str:
        return self.path


class _DevListing:
    """`os.scandir("/dev")`: the sysroot's dev folder, its entries named as under /dev."""

    def __init__(self, folder: str):
        self._it, self._folder = _real_scandir(os.path.join(SYSROOT, "dev")), folder

    def __iter__(self):
        return (_DevEntry(e, self._folder) for e in self._it)

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self._it.close()

    def close(self) -> None:
        self._it.close()


def _scandir(path="."):
    if SYSROOT and not isinstance(path, int) and os.fsdecode(os.fspath(path)).rstrip("/") == "/dev":
        return _DevListing(os.fsdecode(os.fspath(path)).rstrip("/"))
    return _real_scandir(path)


def _ioctl(fd, request, arg=0, mutate_flag=True):
    number = fd if isinstance(fd, int) else fd.fileno()
    dev = _spi_fds.get(number)
    if dev is None:
        return _real_ioctl(fd, request, arg, mutate_flag)
    return dev.ioctl(request, arg, mutate_flag)


def install(sysroot: str) -> None:
    """Serve the kernel files from `sysroot` and fake spidev and gpiod's C layer in this process."""
    global SYSROOT
    SYSROOT = sysroot
    builtins.open = io.open = _open
    os.open, os.stat, os.scandir = _os_open, _stat, _scandir
    fcntl.ioctl = _ioctl
    import glob
    import sys

    if hasattr(glob, "_StringGlobber"):  # Python 3.13: pathlib's glob (Blinka's Path("/dev").glob) kept
        glob._StringGlobber.scandir = staticmethod(_scandir)  # the os.scandir of when glob was imported
    import gpiod_ext

    sys.modules["gpiod._ext"] = gpiod_ext  # libgpiod's C binding: found before gpiod imports its own
