"""Draw the end-of-game card (companion/ui/endcard.py): one layout for the table's screens, a PNG and an SVG.

`layout(card, box, caps, u)` lays the card out as shapes (companion/ui/shapes.py) in any box:

    +------------------------------------------------------------------+
    | GAME TITLE (Cinzel)                       Saturday 14 March, 22:41 |  the game's illustration
    | The outcome in one sentence, the card's     [illustration, faded   |  behind, faded into the
    | main text (Cinzel)                           into the dark]        |  card's dark on the left
    | ● Imre  ■ Mila  ▲ Nevena          (the players: colour and shape)  |  and at the bottom
    +---------------------------------------+--------------------------+
    | Veil            Kills                 | 1  Round 3: the veil ... |
    |  (the chart: companion/ui/chart.py)   | 2  Round 6: Mila is ...  |
    |  round          round                 | 3  Round 9: the last ... |
    +---------------------------------------+--------------------------+

Text sizes are given as capitals (`caps`: the smallest and the main text's, in px as the screen check
measures them: companion/ui/screencheck.py `limits`), so the card passes the check wherever it is
drawn; `u` scales lines and gaps (1 at 800x480). The table draws it on the game-over screens and the
story screen (`draw_card`); `companion journal report ID --out FILE` writes it at 1200x675 with the
capitals of a 1280x720 screen (`write_report`): a PNG, or an SVG of the same shapes (a real vector
document with the illustration's own SVG and the fonts embedded).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from companion.i18n import _
from companion.ui import theme
from companion.ui.chart import fitted, marker
from companion.ui.endcard import Card
from companion.ui.shapes import Shape, line_height, measure, text, wrap

EXPORT_SIZE = (1200, 675)
EXPORT_LIKE = (
    1280,
    720,
)  # the screen whose capitals the exported card keeps (it is shared and read on phones)
GOLD = (226, 186, 104)  # the game's title over its picture
PANEL = (18, 16, 26)  # behind the chart and the moments, over the picture
PANEL_ALPHA = 0.86


class Sizes:
    """The card's type and spacing for one box: em sizes from the capitals asked, gaps from `u`."""

    def __init__(self, caps: tuple[int, int], u: float):
        """`caps`: (smallest, main) capitals in px; `u`: the scale of lines and gaps."""
        from companion.ui import assets

        self.u = u
        self.body = assets.px_for_capitals("ui", caps[0])
        self.regular = assets.px_for_capitals("ui-regular", caps[0])
        self.kicker = assets.px_for_capitals("display", caps[0])
        self.hero = assets.px_for_capitals("display", caps[1])
        self.pad = 16 * u
        self.gap = 10 * u


def layout(
    card: Card, box: tuple[float, float, float, float], caps: tuple[int, int], u: float
) -> list[Shape]:
    """The card laid out in `box` (x, y, w, h) with capitals of at least caps[0] px (the outcome
    sentence caps[1]) and lines and gaps scaled by `u`."""
    z = Sizes(caps, u)
    x, y, w, h = box
    head, head_h = _head(card, x, y, w, z)
    out = [Shape("rect", theme.BG, box=box, role="backdrop")]
    out += _backdrop(card, (x, y, w, head_h), box)
    out += head
    out += _body(card, (x + z.pad, y + head_h, w - 2 * z.pad, h - head_h - z.pad), z)
    return out


# ---------------------------------------------------------------- the head: title, date, outcome, players


def _head(card: Card, x: float, y: float, w: float, z: Sizes) -> tuple[list[Shape], float]:
    """The title row, the outcome sentence and the players; (shapes, the head's height)."""
    out: list[Shape] = []
    inner = w - 2 * z.pad
    top = y + z.pad * 0.8
    kicker = text(x + z.pad, top, card.title, z.kicker, GOLD, face="display")
    out.append(kicker)
    date_row = None
    if card.ended:
        date = text(x + w - z.pad, top, card.ended, z.regular, theme.TEXT, face="ui-regular", anchor="end")
        if date.box[0] > kicker.box[0] + kicker.box[2] + 2 * z.gap:
            out.append(date)
        else:
            date_row = card.ended  # no room beside the title: after the players, or a row of its own
    top += line_height(z.kicker, "display") + 0.2 * z.gap
    lines = _fit_lines(card.outcome, z.hero, "display", inner)
    hero = text(
        x + z.pad,
        top,
        lines,
        z.hero,
        theme.TEXT,
        face="display",
        role="title",
        leading=line_height(z.hero, "display") * 0.92,
    )
    out.append(hero)
    top += hero.box[3] + 0.6 * z.gap
    chips, top = _seats(card, x + z.pad, top, inner, z, date_row)
    out += chips
    return out, top + z.gap - y


def _fit_lines(sentence: str, px: int, face: str, width: float) -> list[str]:
    """The sentence wrapped at spaces into `width` (a word wider than the width stays whole), its
    lines balanced: as narrow as keeps their number, so no word is left alone on the last line."""
    lines = wrap(sentence, px, face, width)
    if not lines:
        return [sentence]
    lo, hi = width / 2, width
    while len(lines) > 1 and hi - lo > 4:
        mid = (lo + hi) / 2
        tried = wrap(sentence, px, face, mid)
        if tried and len(tried) == len(lines):
            hi, lines = mid, tried
        else:
            lo = mid
    return lines


def _seats(
    card: Card, x: float, top: float, width: float, z: Sizes, date: str | None
) -> tuple[list[Shape], float]:
    """Each player's marker and name, flowing in rows (a player out of the game dimmed), then the
    date if the title row had no room for it; (shapes, the bottom)."""
    out: list[Shape] = []
    lh = line_height(z.body)
    r = 0.3 * z.body
    cx, row = x, top
    for seat in card.seats:
        need = 2.6 * r + measure(seat.name, z.body)[0]
        if cx > x and cx + need > x + width:
            cx, row = x, row + lh
        colour = theme.TEXT_DIM if seat.out else theme.TEXT
        out.append(marker(seat.shape, (cx + r, row + lh / 2), r, seat.colour, role="legend"))
        out.append(text(cx + 2.6 * r, row, seat.name, z.body, colour))
        cx += need + 1.6 * z.body
    if date:
        dw = measure(date, z.regular, "ui-regular")[0]
        if cx > x and cx + dw > x + width:
            cx, row = x, row + lh
        out.append(
            text(
                x + width,
                row + (lh - line_height(z.regular, "ui-regular")) / 2,
                date,
                z.regular,
                theme.TEXT,
                face="ui-regular",
                anchor="end",
            )
        )
    return out, row + (lh if card.seats or date else 0)


def _backdrop(
    card: Card, band: tuple[float, float, float, float], full: tuple[float, float, float, float]
) -> list[Shape]:
    """The game's illustration over the whole card, darkened behind the head's text (more on the
    left, where the text starts, and at the top) and faded to the card's dark at the bottom; a game without one gets
    a quiet gradient behind its head."""
    x, y, w, h = band
    if card.art is None:
        return [Shape("fade", theme.HEADER, box=band, alpha=1.0, alpha2=0.0, role="backdrop")]
    name, time = card.art
    fx, fy, fw, fh = full
    return [
        Shape("art", box=full, text=name, face=time, anchor="middle", role="backdrop"),
        Shape("rect", theme.BG, box=full, alpha=0.30, role="backdrop"),
        Shape(
            "fade",
            theme.BG,
            box=(fx, fy, fw * 0.7, fh),
            alpha=0.75,
            alpha2=0.0,
            direction="right",
            role="backdrop",
        ),
        Shape(
            "fade", theme.BG, box=(fx, fy + h * 0.6, fw, fh - h * 0.6), alpha=0.0, alpha2=0.9, role="backdrop"
        ),
        # darker again at the top, under the head's right-hand lines (the date over the moon: 2.3:1)
        Shape(
            "fade", theme.BG, box=(fx, y, fw, h), alpha=0.55, alpha2=0.0, direction="down", role="backdrop"
        ),
    ]


# ---------------------------------------------------------------- the body: chart and key moments


SHARES = (
    0.36,
    0.40,
    0.44,
    0.48,
    0.52,
    0.56,
    0.60,
    0.66,
    0.72,
)  # the moments' column, as a share of the width


def _body(card: Card, box: tuple[float, float, float, float], z: Sizes) -> list[Shape]:
    """The chart on the left, the key moments on the right, each on a quiet panel. What fits first:
    every moment beside the whole chart, then beside its first panel only, then fewer moments
    (the weightiest kept); the moments' column as narrow as lets them fit."""
    x, y, w, h = box
    if h <= 0:
        return []
    inset = z.gap
    for keep in range(len(card.moments), -1, -1):
        chosen = [m for m, rank in zip(card.moments, card.ranks or range(len(card.moments))) if rank < keep]
        for most in dict.fromkeys((len(card.panels), 1)) if card.panels else (0,):
            for share in SHARES if chosen and card.panels else (1.0 if chosen else 0.0,):
                col = w * share
                moments, fits = _moment_column(chosen, x + w - col, y, col, h, z) if chosen else ([], True)
                if not fits:
                    continue
                chart_w = w - col - (z.gap * 1.5 if chosen else 0)
                drawn, n = (
                    fitted(
                        card.panels,
                        (x + inset, y + inset, chart_w - 2 * inset, h - 2 * inset),
                        z.body,
                        z.u,
                        most=most,
                    )
                    if most
                    else ([], 0)
                )
                if n < most:
                    continue
                out = (
                    [
                        Shape(
                            "rect",
                            PANEL,
                            box=(x, y, chart_w, h),
                            radius=8 * z.u,
                            alpha=PANEL_ALPHA,
                            role="backdrop",
                        )
                    ]
                    + drawn
                    if most
                    else []
                )
                if chosen:
                    out.append(
                        Shape(
                            "rect",
                            PANEL,
                            box=(x + w - col, y, col, h),
                            radius=8 * z.u,
                            alpha=PANEL_ALPHA,
                            role="backdrop",
                        )
                    )
                return out + moments
    return []


def _moment_column(
    moments: Sequence[str], x: float, y: float, w: float, h: float, z: Sizes
) -> tuple[list[Shape], bool]:
    """The moments in a column of width `w`, each with its number, under a heading when there is room
    for it; (shapes, all fit)."""
    inset = z.gap
    lh = line_height(z.regular, "ui-regular")
    badge = measure("3", z.body)[0] + 0.9 * z.body
    width = w - 2 * inset - badge
    wrapped = [wrap(sentence, z.regular, "ui-regular", width) for sentence in moments]
    if any(lines is None for lines in wrapped):
        return [], False
    need = sum(len(lines) for lines in wrapped) * lh + (len(wrapped) - 1) * 0.5 * z.gap
    heading = line_height(z.body) + 0.3 * z.gap
    room = h - 1.1 * inset
    out: list[Shape] = []
    top = y + inset * 0.6
    if need + heading <= room:
        out.append(text(x + inset, top, _("Key moments"), z.body, GOLD))
        top += heading
    elif need > room:
        return [], False
    for k, lines in enumerate(wrapped, start=1):
        out.append(text(x + inset, top, str(k), z.body, GOLD))
        out.append(text(x + inset + badge, top, lines, z.regular, theme.TEXT, face="ui-regular", leading=lh))
        top += len(lines) * lh + 0.5 * z.gap
    return out, True


# ---------------------------------------------------------------- drawing and files


def draw_card(surface, rect, card: Card, caps: tuple[int, int], u: float) -> list:
    """Draw `card` into `rect` of a pygame surface; the TextBoxes of its texts (the screen check's)."""
    from companion.ui.shapes import paint

    return paint(surface, layout(card, (rect.x, rect.y, rect.width, rect.height), caps, u))


def export_shapes(card: Card, size: tuple[int, int] = EXPORT_SIZE) -> list[Shape]:
    """The card laid out for a file of `size`: at 1200x675 with the capitals and the scale of a
    1280x720 screen (26 px, the outcome 42 px; u 1.5), other sizes in proportion to their height."""
    from companion.ui.screencheck import limits

    k = size[1] / EXPORT_SIZE[1]
    small, main = limits(EXPORT_LIKE)
    u = min(EXPORT_LIKE[0] / 800, EXPORT_LIKE[1] / 480)
    return layout(card, (0, 0, *size), (math.ceil(small * k - 1e-9), math.ceil(main * k - 1e-9)), u * k)


def to_png(card: Card, path: str | Path, size: tuple[int, int] = EXPORT_SIZE) -> list:
    """Write the card as a PNG, drawn offscreen (no display needed); the TextBoxes drawn."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from companion.ui.shapes import paint

    if not pygame.font.get_init():
        pygame.font.init()
    import io

    surface = pygame.Surface(size)
    boxes = paint(surface, export_shapes(card, size))
    data = io.BytesIO()  # encoded in memory: a file that cannot be written is then an OSError of ours
    pygame.image.save(surface, data, "png")
    Path(path).write_bytes(data.getvalue())
    return boxes


def to_svg(card: Card, size: tuple[int, int] = EXPORT_SIZE) -> str:
    """The card as a standalone SVG document: the same shapes as the PNG."""
    from companion.ui.shapes import svg_document

    return svg_document(export_shapes(card, size), size, f"{card.title}: {card.outcome}")


def write_report(
    commands: Sequence[Mapping[str, Any]],
    out: str | Path,
    ended_at: float | None = None,
    size: tuple[int, int] = EXPORT_SIZE,
) -> Path:
    """Write the game's card to `out`: PNG or SVG by its suffix (ValueError for another)."""
    from companion.ui.endcard import card_of

    path = Path(out)
    suffix = path.suffix.lower()
    if suffix not in (".png", ".svg"):
        raise ValueError(f"{out}: give a file ending in .png or .svg")
    card = card_of(commands, ended_at)
    if suffix == ".svg":
        path.write_text(to_svg(card, size), encoding="utf-8")
    else:
        to_png(card, path, size)
    return path


def report_main(journal, game_id: int, out: str) -> int:
    """`companion journal report ID --out FILE`: write the card; exit 0, 1 (no such game or it no
    longer replays, or the file cannot be written) or 2 (a file type other than .png/.svg)."""
    import sys

    from companion.errors import CompanionError

    if Path(out).suffix.lower() not in (".png", ".svg"):
        print(
            _("companion journal report: {file}: give a file ending in .png or .svg").format(file=out),
            file=sys.stderr,
        )
        return 2
    try:
        path = write_report(journal.commands(game_id), out, journal.ended_at(game_id))
    except CompanionError as exc:
        from companion.narration.words import refusal_text

        print(_("companion journal report: {why}").format(why=refusal_text(exc)), file=sys.stderr)
        return 1
    except OSError as exc:
        print(
            _("companion journal report: cannot write {file}: {why}").format(
                file=out, why=exc.strerror or exc
            ),
            file=sys.stderr,
        )
        return 1
    print(_("wrote {file}").format(file=path))
    return 0
