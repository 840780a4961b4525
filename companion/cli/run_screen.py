"""The screen of `companion run`: which mode (full screen, a window beside the simulated board, or
headless) from the request and the machine, and the screen opened at once with the start-up frame,
before anything heavy loads. A screen that cannot be opened is a missing part
(companion/runtime/display.py): the game goes on with the board and the buttons.
"""

from __future__ import annotations

import os
import sys

from companion.gamedata import config as config_mod
from companion.i18n import _


def pi_present() -> bool:
    """Auto-detection's question, asked of the HAL's probe (loaded only when nothing names a backend):
    a Raspberry Pi by its device tree, devices or not (the HAL then names the missing ones)."""
    from companion.hal.pi import SystemProbe

    return SystemProbe().is_pi()


def board_width(mode: str, backend: str | None, cfg) -> int:
    """Room to leave beside the screen UI in a window for the HAL's panel (the simulated board; other
    backends want none). Foreseen here so the window opens at its final size instead of jumping wider later."""
    if mode != "window":
        return 0
    try:
        name, _ = config_mod.choose_backend(backend, cfg.hal, pi_present=pi_present)
    except ValueError:
        return 0  # open_hardware reports the bad setting
    return config_mod.panel_width(name, cfg)


def open_screen(mode: str, why: str, backend: str | None, cfg, guard):
    """The screen part (companion/runtime/display.py), opened if it can be, with the start-up frame on it."""
    from companion.runtime.display import Display

    display = Display(mode, (cfg.display.width, cfg.display.height), board_width(mode, backend, cfg))
    if guard.screen_crashed:
        display.off(_("no screen: safe mode leaves the display off (the last start died opening it)"))
        print(f"companion run: {display.why}", file=sys.stderr)
    elif display.open(0.0) is not None:
        print(
            _("companion run: {mode} on SDL video driver {driver!r} ({why})").format(
                mode=mode, driver=display.driver, why=why
            ),
            file=sys.stderr,
        )
        show_start_frame(display.surface)
    else:
        print(
            _("companion run: {problem} ({why}); the game goes on with the board and the buttons").format(
                problem=display.why, why=why
            ),
            file=sys.stderr,
        )
    return display


def make_room_for_board(display, hw, cfg) -> None:
    """The HAL's panel (the simulated board) came though it was not foreseen (auto-detection changed
    its mind): widen the window for it."""
    if display.mode != "window" or not hw.panel.width or display.board_width:
        return
    display.board_width = hw.panel.width
    if display.surface is not None:
        import pygame

        display.surface = pygame.display.set_mode(
            (cfg.display.width + display.board_width, cfg.display.height)
        )


def show_start_frame(surface) -> None:
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
