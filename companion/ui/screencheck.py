"""The screen check: is every text a player reads big enough, and does it fit its box?

The renderer records every text it draws as a `TextBox` (companion/ui/render.py): its box, its
fitted lines and its size. "Size" here is always the font's **em size in screen pixels**, the N that
pygame.font.Font(file, N) is opened at; the renderer's nominal sizes are scaled by 0.6875 on the
way (companion/ui/text.py), so a nominal 24 is a 16 px font. At 800x480 a player-facing text must be
at least `MIN_PX` = 24 px; on a bigger surface the limit grows with the layout's scale (`Metrics.u`,
e.g. 54 px at 1920x1080), so a big window has no tiny text either.

A screen fails when a text is under the limit, is clipped (ellipsised or wider/taller than its box),
had a word split across two lines, or is drawn over another text (their boxes overlap; a chart's
texts by their glyphs' extent, see `ink`). The biggest text is taken as "the one thing the screen is
about" and reported against `FOCUS_PX` = 40 px (scaled the same way), as information only.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from companion.i18n import _, pgettext

MIN_PX = 24  # smallest em size in px a player must read at 800x480
FOCUS_PX = 40  # what the screen is about should be at least this big at 800x480


@dataclass(frozen=True)
class ScreenReport:
    """What the check found on one screen at one size."""

    name: str
    size: tuple[int, int]
    limit: int  # the smallest allowed em size at this size, px
    focus_limit: int  # the size the main text should reach, px
    smallest: int | None  # em px of the smallest player-facing text (None: no text)
    smallest_text: str
    biggest: int | None
    biggest_text: str
    small: tuple[tuple[int, str, str], ...]  # (px, role, text) under the limit
    clipped: tuple[str, ...]
    broken: tuple[str, ...]
    overlapping: tuple[tuple[str, str], ...] = ()  # pairs of texts drawn over each other

    @property
    def ok(self) -> bool:
        """No text under the limit, none clipped, none split inside a word, none over another."""
        return not (self.small or self.clipped or self.broken or self.overlapping)

    def lines(self) -> list[str]:
        """The report as printed by `companion screenshots --check`, in the current language (the
        renderer's role names, `body`, `chart`, stay as they are: they name the code's styles)."""
        size = "{0}x{1}".format(*self.size)
        if self.smallest is None:
            return [_("{name} {size}: ok, no player-facing text").format(name=self.name, size=size)]
        under = _("under {limit} px")
        focus = _("ok") if (self.biggest or 0) >= self.focus_limit else under.format(limit=self.focus_limit)
        out = [_("{name} {size}: {verdict}, smallest {smallest} px ({smallest_text}), main text {biggest} px "
                 "({biggest_text}, {focus})").format(
            name=self.name, size=size, verdict=_("ok") if self.ok else _("FAIL"), smallest=self.smallest,
            smallest_text=_quote(self.smallest_text), biggest=self.biggest, biggest_text=_quote(self.biggest_text),
            focus=focus)]
        text_role = pgettext("screen check", "text")  # a text drawn without a role
        out += [f"  {under.format(limit=self.limit)}: {px} px {role or text_role} {_quote(text)}"
                for px, role, text in self.small]
        out += ["  " + _("clipped: {text}").format(text=_quote(text)) for text in self.clipped]
        out += ["  " + _("word split across lines: {text}").format(text=_quote(text)) for text in self.broken]
        out += ["  " + _("drawn over each other: {first} and {second}").format(first=_quote(a), second=_quote(b))
                for a, b in self.overlapping]
        return out


def limits(size: tuple[int, int]) -> tuple[int, int]:
    """(smallest allowed px, main-text px) at `size`: 24 and 40 at 800x480, scaled with the layout."""
    u = min(size[0] / 800, size[1] / 480)
    return max(1, round(MIN_PX * u)), max(1, round(FOCUS_PX * u))


def check(name: str, size: tuple[int, int], boxes: Iterable) -> ScreenReport:
    """Check the `TextBox`es one screen drew at `size` (texts with `facing=False` are left out)."""
    limit, focus = limits(size)
    facing = [b for b in boxes if getattr(b, "facing", True) and b.text.strip()]
    seen: set[tuple] = set()
    small, clipped, broken = [], [], []
    for b in facing:
        key = (b.text, b.px)
        if key in seen:
            continue
        seen.add(key)
        if b.px < limit:
            small.append((b.px, b.role, b.text))
        if b.clipped:
            clipped.append(b.text)
        if b.broken:
            broken.append(b.text)
    least = min(facing, key=lambda b: b.px, default=None)
    most = max(facing, key=lambda b: b.px, default=None)
    return ScreenReport(
        name, tuple(size), limit, focus,
        least.px if least else None, least.text if least else "",
        most.px if most else None, most.text if most else "",
        tuple(sorted(small)), tuple(clipped), tuple(broken), overlaps(facing),
    )


def ink(box) -> tuple[float, float, float, float]:
    """(left, top, right, bottom) a text covers: a screen text its box (the layout gives each text its
    own box); a chart's text (placed at a point, the box it may take around it) its fitted width,
    centred, and its height less the leading and descender room (0.3 em)."""
    r = box.rect
    if box.role != "chart":
        return r.left, r.top, r.right, r.bottom
    w = min(box.fit.width, r.width)
    h = max(1.0, min(box.fit.height, r.height) - 0.3 * box.px)
    return r.centerx - w / 2, r.centery - h / 2, r.centerx + w / 2, r.centery + h / 2


def overlaps(boxes: list) -> tuple[tuple[str, str], ...]:
    """Pairs of texts whose inked areas overlap by more than a pixel each way."""
    inks = [(b.text, ink(b)) for b in boxes]
    out = []
    for i, (a, (l1, t1, r1, b1)) in enumerate(inks):
        for b, (l2, t2, r2, b2) in inks[i + 1:]:
            if min(r1, r2) - max(l1, l2) > 1 and min(b1, b2) - max(t1, t2) > 1 and (a, b) not in out:
                out.append((a, b))
    return tuple(out)


def summary(reports: list[ScreenReport]) -> str:
    """The last line: the smallest player-facing text over all screens."""
    sizes = [r.smallest for r in reports if r.smallest is not None]
    return _("smallest text: {px} px").format(px=min(sizes) if sizes else 0)


def _quote(text: str, width: int = 40) -> str:
    """A text on one line, shortened for the report."""
    one = " ".join(text.split())
    return repr(one if len(one) <= width else one[: width - 1] + "…")
