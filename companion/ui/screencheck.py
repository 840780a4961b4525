"""The screen check: can every text on a page be read from a chair, and does it fit its box?

It measures what was drawn, not what was asked for. While `companion screenshots` draws a page it
records every text rendered and the font it was rendered in (companion/ui/ink.py, whatever code drew
it), and measures the height of that font's capitals as rendered: the rows of a capital "H" with at
least half-covered ink. The rule for the table, at 800x480:

- every text's capitals are at least `MIN_CAPITALS` = 17 px (what 24 px type draws in pygame's font);
- the page's main text is at least `MAIN_CAPITALS` = 28 px (about 40 px type): what the page is about,
  its title (whose turn, the card, the winner), its countdown or its main lines (a code to read), the
  tallest of the texts the renderer drew in one of the `MAIN_ROLES`; on a page without such a text,
  its tallest text.

Both grow with the surface's height (480 px -> 1080 px: 17 -> 39 px, 28 -> 63 px, rounded up). A page
also fails for a text that did not fit its box (ellipsised, or drawn wider or taller than the box),
a word split across lines, two texts drawn over each other (their boxes overlap; a chart's texts by
their glyphs, see `ink`), a text the renderer laid out whose drawing was never seen (it could not
be measured), a title wrapped to more than `TITLE_LINES` = 2 lines, and a text whose contrast against
what lies around it on the finished page is under 4.5:1 (3:1 for the greyed label of something that
cannot be pressed): measured on the page's pixels, see companion/ui/contrast.py. The renderer's boxes
(`TextBox`, companion/ui/text.py) say where each text went.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from companion.i18n import _
from companion.ui.contrast import measure

MIN_CAPITALS = 17  # px: the smallest capitals a player must read at 800x480
MAIN_CAPITALS = 28  # px: what a page is about is at least this tall at 800x480
REFERENCE_HEIGHT = 480
MAIN_ROLES = ("title", "countdown", "main")  # the renderer's roles of what a page is about
TITLE_LINES = 2  # a title on more lines pushes the page down and reads as a paragraph


@dataclass(frozen=True)
class ScreenReport:
    """What the check found on one page at one size in one language."""

    name: str
    size: tuple[int, int]
    language: str
    limit: int  # the smallest capitals allowed at this size, px
    main_limit: int  # the capitals the main text must reach, px
    smallest: int | None  # capitals of the smallest text drawn (None: no text)
    smallest_text: str
    main: int | None  # capitals of the tallest text drawn
    main_text: str
    small: tuple[tuple[int, str], ...] = ()  # (capitals, text) under the limit
    clipped: tuple[str, ...] = ()
    broken: tuple[str, ...] = ()
    overlapping: tuple[tuple[str, str], ...] = ()  # pairs of texts drawn over each other
    unmeasured: tuple[str, ...] = ()  # laid out, but their drawing was never seen
    long_titles: tuple[tuple[int, str], ...] = ()  # (lines, title) wrapped past TITLE_LINES
    low_contrast: tuple = ()  # contrast.Contrast (ratio, limit, text) under its limit
    contrast: float | None = None  # the lowest contrast measured on the page (None: not measured)
    contrast_text: str = ""

    @property
    def main_too_small(self) -> bool:
        """The page has text, and its tallest capitals are under the main-text limit."""
        return self.main is not None and self.main < self.main_limit

    @property
    def ok(self) -> bool:
        """Nothing under the limits, clipped, split inside a word, drawn over another, unmeasured, a
        title on more than two lines, or under its contrast."""
        return not (
            self.small
            or self.clipped
            or self.broken
            or self.overlapping
            or self.unmeasured
            or self.main_too_small
            or self.long_titles
            or self.low_contrast
        )

    def failures(self) -> list[dict]:
        """Every failure as plain data (the `--json` objects' "failures"; keys and kinds in English)."""
        out: list[dict] = [
            {"kind": "small", "text": t, "capitals": c, "limit": self.limit} for c, t in self.small
        ]
        if self.main_too_small:
            out.append(
                {"kind": "main", "text": self.main_text, "capitals": self.main, "limit": self.main_limit}
            )
        out += [{"kind": "clipped", "text": t} for t in self.clipped]
        out += [{"kind": "split", "text": t} for t in self.broken]
        out += [{"kind": "overlap", "texts": [a, b]} for a, b in self.overlapping]
        out += [{"kind": "unmeasured", "text": t} for t in self.unmeasured]
        out += [
            {"kind": "title_lines", "text": t, "lines": n, "limit": TITLE_LINES} for n, t in self.long_titles
        ]
        out += [
            {"kind": "contrast", "text": c.text, "ratio": c.ratio, "limit": c.limit, "behind": _hex(c.behind)}
            for c in self.low_contrast
        ]
        return out

    def to_json(self) -> dict:
        """One `--json` object: the page, where and in what language, its smallest and main
        capitals with their texts, the limits, its lowest contrast with its text, and the failures."""
        return {
            "name": self.name,
            "size": "{}x{}".format(*self.size),
            "language": self.language,
            "ok": self.ok,
            "limit": self.limit,
            "main_limit": self.main_limit,
            "smallest_capitals": self.smallest,
            "smallest_text": self.smallest_text,
            "main_capitals": self.main,
            "main_text": self.main_text,
            "lowest_contrast": self.contrast,
            "lowest_contrast_text": self.contrast_text,
            "failures": self.failures(),
        }

    def lines(self) -> list[str]:
        """The report as `companion screenshots --check` prints it, in the current language."""
        size = "{}x{}".format(*self.size)
        if self.smallest is None:
            return [
                _("{name} {size} {lang}: ok, no text").format(name=self.name, size=size, lang=self.language)
            ]
        out = [
            _(
                "{name} {size} {lang}: {verdict}, smallest capitals {smallest} px ({smallest_text}), "
                "main text {main} px ({main_text})"
            ).format(
                name=self.name,
                size=size,
                lang=self.language,
                verdict=_("ok") if self.ok else _("FAIL"),
                smallest=self.smallest,
                smallest_text=_quote(self.smallest_text),
                main=self.main,
                main_text=_quote(self.main_text),
            )
        ]
        out += [
            "  "
            + _("capitals under {limit} px: {px} px {text}").format(limit=self.limit, px=c, text=_quote(t))
            for c, t in self.small
        ]
        if self.main_too_small:
            out.append(
                "  "
                + _("main text under {limit} px capitals: {px} px {text}").format(
                    limit=self.main_limit, px=self.main, text=_quote(self.main_text)
                )
            )
        out += ["  " + _("clipped: {text}").format(text=_quote(text)) for text in self.clipped]
        out += ["  " + _("word split across lines: {text}").format(text=_quote(text)) for text in self.broken]
        out += [
            "  " + _("drawn over each other: {first} and {second}").format(first=_quote(a), second=_quote(b))
            for a, b in self.overlapping
        ]
        out += [
            "  " + _("laid out but never seen drawn: {text}").format(text=_quote(t)) for t in self.unmeasured
        ]
        out += [
            "  "
            + _("title on {n} lines (at most {limit}): {text}").format(n=n, limit=TITLE_LINES, text=_quote(t))
            for n, t in self.long_titles
        ]
        out += [
            "  "
            + _("contrast {ratio}:1 under {limit}:1: {text} on {colour}").format(
                ratio=_number(c.ratio), limit=_number(c.limit), text=_quote(c.text), colour=_hex(c.behind)
            )
            for c in self.low_contrast
        ]
        return out


def limits(size: tuple[int, int]) -> tuple[int, int]:
    """(smallest capitals, main-text capitals) in px at `size`: 17 and 28 at a height of 480,
    grown with the height and rounded up (1080 px: 39 and 63)."""
    k = size[1] / REFERENCE_HEIGHT
    return max(1, math.ceil(MIN_CAPITALS * k - 1e-9)), max(1, math.ceil(MAIN_CAPITALS * k - 1e-9))


def check(
    name: str,
    size: tuple[int, int],
    drawn: Iterable,
    boxes: Iterable = (),
    language: str = "en",
    surface=None,
) -> ScreenReport:
    """Check one page: `drawn` the texts rendered while it was drawn (ink.Drawn: text and capitals),
    `boxes` the renderer's TextBoxes (where each laid-out text went, how it was fitted), `surface` the
    finished page (its contrast is measured on it; None: not measured)."""
    limit, main_limit = limits(size)
    drawn = [d for d in drawn if d.text.strip()]
    boxes = [b for b in boxes if b.text.strip()]
    small: dict[tuple[int, str], None] = {}
    for d in drawn:
        if d.capitals < limit:
            small[(d.capitals, d.text)] = None
    least = min(drawn, key=lambda d: d.capitals, default=None)
    most = max(((d.capitals, d.text) for d in drawn), default=(None, ""))
    caps: dict[str, int] = {}
    for d in drawn:  # a string drawn at several sizes counts at its smallest
        caps[d.text] = min(caps.get(d.text, d.capitals), d.capitals)
    mains = [
        (min(caps[ln] for ln in lines), b.text)
        for b in boxes
        if b.role in MAIN_ROLES
        if (lines := [ln for ln in b.fit.lines if ln in caps])
    ]
    main = max(mains, default=most)
    seen = set(caps)
    clipped = _unique(b.text for b in boxes if b.clipped)
    broken = _unique(b.text for b in boxes if b.broken)
    unmeasured = _unique(b.text for b in boxes if not all(ln in seen for ln in b.fit.lines if ln.strip()))
    long_titles = tuple(
        dict.fromkeys(
            (len(b.fit.lines), b.text) for b in boxes if b.role == "title" and len(b.fit.lines) > TITLE_LINES
        )
    )
    contrasts = [] if surface is None else measure(surface, boxes, drawn)
    lowest = min(contrasts, default=None)
    low = tuple(dict.fromkeys(c for c in contrasts if c.ratio < c.limit))
    return ScreenReport(
        name,
        tuple(size),
        language,
        limit,
        main_limit,
        least.capitals if least else None,
        least.text if least else "",
        main[0],
        main[1],
        tuple(sorted(small)),
        clipped,
        broken,
        overlaps(boxes),
        unmeasured,
        long_titles,
        low,
        lowest.ratio if lowest else None,
        lowest.text if lowest else "",
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
        for b, (l2, t2, r2, b2) in inks[i + 1 :]:
            if min(r1, r2) - max(l1, l2) > 1 and min(b1, b2) - max(t1, t2) > 1 and (a, b) not in out:
                out.append((a, b))
    return tuple(out)


def summary(reports: list[ScreenReport]) -> str:
    """The last line: the smallest capitals drawn over all pages, and the lowest contrast if measured."""
    sizes = [r.smallest for r in reports if r.smallest is not None]
    px = min(sizes) if sizes else 0
    measured = [r for r in reports if r.contrast is not None]
    if not measured:
        return _("smallest capitals: {px} px").format(px=px)
    worst = min(measured, key=lambda r: r.contrast)
    return _("smallest capitals: {px} px, lowest contrast {ratio}:1 ({text}, {name})").format(
        px=px, ratio=_number(worst.contrast), text=_quote(worst.contrast_text), name=worst.name
    )


def _number(value: float) -> str:
    """A ratio as the report writes it: two decimals (4.49, 12.30), in the current language's digits."""
    from companion.i18n import current_language

    text = f"{value:.2f}"
    return text.replace(".", ",") if current_language() == "de" else text


def _hex(rgb) -> str:
    """A colour as the report names it: "#ffcc40"."""
    return "#{:02x}{:02x}{:02x}".format(*rgb)


def _unique(texts: Iterable[str]) -> tuple[str, ...]:
    """The texts once each, in order."""
    return tuple(dict.fromkeys(texts))


def _quote(text: str, width: int = 40) -> str:
    """A text on one line, shortened for the report."""
    one = " ".join(text.split())
    return repr(one if len(one) <= width else one[: width - 1] + "…")
