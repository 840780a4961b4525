"""Colours and sizes of the dark, high-contrast theme; every size scales with the surface.

The reference surface is the 7" 800x480 panel: a unit `u` is one pixel there and 2.25 px on a
1920x1080 TV, so a layout looks the same at both and stays readable from a metre away.
"""

import math

from companion.records import Named

BG = (10, 10, 16)
HEADER = (26, 20, 34)
TEXT = (240, 238, 232)
# the dimmer text (a cell's name, a hint, a reason) and a greyed label: 4.5:1 and 3:1 against every fill
# they are drawn on, as `companion screenshots --check` measures it (TEXT_DIM on the acting district's
# amber 4.8:1, TEXT_OFF on a greyed primary 3.6:1; they were 3.8:1 and 2.7:1)
TEXT_DIM = (184, 180, 190)
TEXT_OFF = (128, 126, 136)
BUTTON = (52, 44, 78)
BUTTON_OFF = (32, 31, 40)
BUTTON_ON = (128, 28, 44)  # a selected toggle
PRIMARY = (196, 36, 56)  # the one obvious next step: filled blood red, white words, bigger than the rest
PRIMARY_EDGE = (255, 140, 150)  # its lighter rim, so it reads as the button to press without colour too
PRIMARY_OFF = (66, 30, 40)  # the primary button while it cannot be pressed yet (TEXT_OFF on it 3.6:1)
FOCUS = (255, 204, 64)
ERROR = (255, 110, 100)
BANNER = (150, 40, 24)
BANNER_CHIP = (96, 22, 14)  # the banner strip's "Details" at its right end
CELL = (30, 30, 44)
VEIL_ON = (150, 170, 255)
VEIL_LOW = (60, 70, 120)
VEIL_OFF = (36, 36, 48)
VEIL_PREVIEW = (80, 230, 220)

# Fill and border of a district cell by its mark (see companion.ui.model.CellVM.mark).
CELL_MARKS: dict[str, tuple[tuple[int, int, int], tuple[int, int, int]]] = {
    "": (CELL, (70, 70, 90)),
    "active": ((86, 64, 16), (240, 180, 60)),
    "red": ((104, 20, 28), (255, 80, 80)),
    "blue": ((38, 56, 86), (140, 170, 215)),
    "combat": ((90, 14, 20), (255, 60, 60)),
    "vampire": ((46, 26, 50), (190, 120, 200)),
    "done": ((26, 46, 30), (110, 190, 120)),
}

# A pattern over the fill of a marked cell, so that no mark is told from another by red against
# green (or against blue-gray) alone: hatching for red cells, cross-hatching for combat, dots for
# blue-gray, an inner frame for the acting vampire's district (whose fill is near the plain one for
# colour-blind eyes). tests/ui/test_palette.py checks that every two marks whose fills a simulated
# deuteranope or protanope cannot tell apart differ in pattern. render.paint_pattern draws them.
CELL_PATTERNS: dict[str, str] = {"red": "hatch", "combat": "cross", "blue": "dots", "vampire": "frame"}

# Font size of each text role at 800x480, nominal (x 17/35 = px of capitals, companion/ui/text.py;
# Metrics.font scales it). Body text reads from a chair at 20-22 px capitals (issue 34): 42 (21 px) for
# the information lines, the buttons' words and the hint row, 41 (20 px) for the board's cells (the
# narrowest boxes), 44 (22 px) for the primary's words; 59 the one thing a screen is about (29 px
# capitals): the title (whose turn and their AP, the card, the winner) and big numerals. 35 (17 px, issue
# 17) is the floor: what a rare long text may shrink to, and the size of the "small" notes (the veil
# gauge's numerals, the banner strip, a greyed button's reason).
MIN_FONT = 35
FONT_SIZES = {
    "title": 59,
    "main": 59,
    "body": 42,
    "button": 42,
    "primary": 44,
    "small": 35,
    "cell": 41,
    "hint": 42,
}

# Default colours of the token icons on the screens (companion/ui/icons.py draws them). A minion is
# mint, far from every player's colour (its old pink was next to Mila's reddish purple): a test keeps
# it 15 apart (CIEDE2000) from each of them, for colour-blind eyes too.
ICON_COLOURS = {
    "agent_hidden": (200, 200, 215),
    "agent_exposed": (240, 238, 232),
    "minion": (120, 220, 160),
    "blood": (220, 40, 50),
    "sigil": (240, 200, 90),
    "relic": (240, 200, 90),
    "kill": (235, 235, 225),
    "ap": (255, 204, 64),
    "bite": (235, 235, 225),
    "clock": (150, 170, 255),
    "blood_point": (220, 40, 50),
}


class Scaled:
    """A Metrics size given in reference pixels (800x480) and read in the surface's pixels."""

    def __init__(self, ref: float, doc: str):
        """`ref` pixels at 800x480; `doc` says what the size is for."""
        self.ref = ref
        self.__doc__ = doc

    def __get__(self, m: "Metrics | None", owner: type | None = None) -> "int | Scaled":
        """`m.px(ref)` on an instance; the descriptor itself on the class."""
        return self if m is None else m.px(self.ref)


class Metrics(Named):
    """Pixel sizes for one surface size: `u` is the scale against 800x480."""

    width: int
    height: int

    pad = Scaled(8, "Gap between boxes.")
    header_h = Scaled(58, "Height of the title bar with the veil gauge (a 40 px title).")
    banner_h = Scaled(30, "Height of one degraded-hardware banner row.")
    hint_h = Scaled(36, "Height of the bottom row (hint or error).")
    line_h = Scaled(32, "Height of one information line (21 px capitals, 1.5 x apart).")

    @property
    def u(self) -> float:
        """Scale factor: 1.0 at 800x480, 2.25 at 1920x1080."""
        return min(self.width / 800, self.height / 480)

    @property
    def wide(self) -> bool:
        """Wider than the panel's 5:3 (1024x600, 1280x720, 1920x1080): the layouts made for the room
        (companion/ui/wide.py: a taller board, the latest moments beside it, a title filled), while
        800x480 keeps its own."""
        return self.width * 480 > self.height * 800

    def px(self, n: float) -> int:
        """`n` reference pixels scaled to this surface (at least 1)."""
        return max(1, round(n * self.u))

    def type_px(self, n: float) -> int:
        """A nominal font size `n` (at 800x480) scaled to this surface, rounded UP: type rounded down
        draws capitals under the scaled 17 px rule (1280x720: 52.5 -> 52 gives 25 px, 53 gives 27)."""
        return max(1, math.ceil(n * self.u - 1e-9))

    @property
    def min_font(self) -> int:
        """The smallest nominal font size any text may shrink to (17 px capitals at 800x480)."""
        return self.type_px(MIN_FONT)

    @property
    def button_h(self) -> int:
        """Touch-target height: 64 px at 800x480 (a fingertip, and two lines of a label's 21 px
        capitals set 29 px apart), scaled."""
        return self.px(64)

    @property
    def primary_h(self) -> int:
        """Height of the screen's one primary button: 80 px at 800x480, scaled."""
        return self.px(80)

    def font(self, role: str) -> int:
        """Largest font size for a text role (title, body, button, small, cell), rounded up."""
        return self.type_px(FONT_SIZES[role])
