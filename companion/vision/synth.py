"""A deck of our own and photos of it: the camera reader's test set (no art of the published game).

`face(spec)` paints one card face of the shared design: a dark frame, a title band with the card's own
title, a picture of plain shapes, a 3x3 grid of red, blue-gray and empty cells, a line of small words.
`deck(n, seed)` makes `n` cards of that design, with near-twins (the same picture and words, only the
title or only the grid differs). `photo(face, rng, ...)` lays a face on a table and photographs it:
any rotation, tilt, a quarter to most of the frame, dim or bright light, glare, a thumb over a
corner, a busy background, another card at the edge, blur, noise, JPEG. `make_set(folder, ...)`
writes faces, photos and `manifest.json` (ground truth: the card's key, or null for an untaught one,
and its grid). Deterministic for a seed. NumPy and OpenCV only (the `[camera]` extra).
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import cv2
import numpy as np

FACE_W, FACE_H = 252, 352  # a 63 x 88 mm card at 4 px/mm
GRID_BOX = (0.22, 0.60, 0.78, 0.86)  # the design's grid: fractions of the upright face
ROWS, COLS = "ABC", "123"
PAPER = (222, 232, 238)  # BGR
FRAME = (40, 30, 70)
BAND = (35, 35, 45)
RED = (40, 40, 200)
BLUE = (150, 125, 105)  # blue-gray
EMPTY = (205, 218, 226)
_SYLLABLES = (
    "ka",
    "ro",
    "mi",
    "ve",
    "lu",
    "dra",
    "sen",
    "to",
    "bel",
    "ni",
    "gor",
    "sa",
    "vel",
    "um",
    "shi",
    "pa",
    "ter",
    "os",
    "quin",
    "za",
    "mor",
    "eth",
    "li",
    "cru",
)
_FONTS = (cv2.FONT_HERSHEY_SIMPLEX, cv2.FONT_HERSHEY_DUPLEX, cv2.FONT_HERSHEY_COMPLEX)


def cells() -> list[str]:
    """The nine cells, A1 .. C3, row by row."""
    return [r + c for r in ROWS for c in COLS]


def _word(rng: np.random.Generator, parts: int) -> str:
    """A made-up word of `parts` syllables."""
    return "".join(rng.choice(_SYLLABLES) for _ in range(parts)).capitalize()


def _grid(rng: np.random.Generator) -> dict:
    """A random grid: 1..3 red cells and 0..4 blue-gray ones."""
    order = list(rng.permutation(cells()))
    n_red, n_blue = int(rng.integers(1, 4)), int(rng.integers(0, 5))
    return {"red": sorted(order[:n_red]), "blue": sorted(order[n_red : n_red + n_blue])}


def _spec(rng: np.random.Generator, key: str) -> dict:
    """One card's description (title, picture seed, words, grid)."""
    return {
        "key": key,
        "title": f"{_word(rng, 2)} {_word(rng, 2)}",
        "art": int(rng.integers(1 << 30)),
        "words": " ".join(_word(rng, 1).lower() for _ in range(4)),
        "grid": _grid(rng),
    }


def deck(n: int, seed: int = 1, twins: float = 0.2, prefix: str = "T") -> list[dict]:
    """`n` card specs of one design; about `twins` of them are near-twins of an earlier card (the same
    picture and words, and either another title or another grid)."""
    rng = np.random.default_rng(seed)
    out: list[dict] = []
    for i in range(n):
        key = f"{prefix}-{i + 1:02d}"
        if out and rng.random() < twins:
            base = dict(out[int(rng.integers(len(out)))])
            base["key"] = key
            if rng.random() < 0.5:
                base["title"] = f"{_word(rng, 2)} {_word(rng, 2)}"
            else:
                grid = _grid(rng)
                while grid == base["grid"]:
                    grid = _grid(rng)
                base["grid"] = grid
            out.append(base)
        else:
            out.append(_spec(rng, key))
    return out


def face(spec: dict, grid_box=GRID_BOX) -> np.ndarray:
    """The upright face of a card (BGR, FACE_W x FACE_H)."""
    img = np.full((FACE_H, FACE_W, 3), PAPER, np.uint8)
    cv2.rectangle(img, (0, 0), (FACE_W - 1, FACE_H - 1), FRAME, 12)
    cv2.rectangle(img, (14, 14), (FACE_W - 15, FACE_H - 15), FRAME, 2)
    cv2.rectangle(img, (18, 20), (FACE_W - 19, 56), BAND, -1)  # the title band: the design's top
    _text(img, spec["title"], (FACE_W // 2, 44), 0.62, (235, 240, 245), 1 + (spec["art"] % 2), spec["art"])
    _art(img, spec["art"], (24, 64, FACE_W - 24, 200))
    x0, y0, x1, y1 = grid_box
    gx0, gy0, gx1, gy1 = int(x0 * FACE_W), int(y0 * FACE_H), int(x1 * FACE_W), int(y1 * FACE_H)
    cw, ch = (gx1 - gx0) / 3, (gy1 - gy0) / 3
    for r, row in enumerate(ROWS):
        for c, col in enumerate(COLS):
            cell = row + col
            colour = RED if cell in spec["grid"]["red"] else BLUE if cell in spec["grid"]["blue"] else EMPTY
            p0 = (int(gx0 + c * cw) + 3, int(gy0 + r * ch) + 3)
            p1 = (int(gx0 + (c + 1) * cw) - 3, int(gy0 + (r + 1) * ch) - 3)
            cv2.rectangle(img, p0, p1, colour, -1)
            cv2.rectangle(img, p0, p1, FRAME, 1)
    _text(img, spec["words"], (FACE_W // 2, FACE_H - 26), 0.4, FRAME, 1, 0)
    return img


def _text(img, text: str, centre, scale: float, colour, thick: int, seed: int) -> None:
    """`text` centred on `centre`, shrunk to fit the band."""
    font = _FONTS[seed % len(_FONTS)]
    (w, h), _ = cv2.getTextSize(text, font, scale, thick)
    if w > FACE_W - 44:
        scale *= (FACE_W - 44) / w
        (w, h), _ = cv2.getTextSize(text, font, scale, thick)
    cv2.putText(img, text, (centre[0] - w // 2, centre[1]), font, scale, colour, thick, cv2.LINE_AA)


def _art(img, seed: int, box) -> None:
    """A picture of plain shapes, its own for each seed."""
    rng = np.random.default_rng(seed)
    x0, y0, x1, y1 = box
    sub = img[y0:y1, x0:x1]
    sub[:] = rng.integers(60, 200, 3)
    for _ in range(int(rng.integers(6, 12))):
        colour = tuple(int(v) for v in rng.integers(0, 255, 3))
        kind = int(rng.integers(4))
        p = (int(rng.integers(0, x1 - x0)), int(rng.integers(0, y1 - y0)))
        if kind == 0:
            cv2.circle(sub, p, int(rng.integers(8, 40)), colour, -1 if rng.random() < 0.6 else 3, cv2.LINE_AA)
        elif kind == 1:
            pts = rng.integers(0, [x1 - x0, y1 - y0], (int(rng.integers(3, 6)), 2)).astype(np.int32)
            cv2.fillPoly(sub, [pts], colour, cv2.LINE_AA)
        elif kind == 2:
            q = (int(rng.integers(0, x1 - x0)), int(rng.integers(0, y1 - y0)))
            cv2.line(sub, p, q, colour, int(rng.integers(2, 8)), cv2.LINE_AA)
        else:
            q = (p[0] + int(rng.integers(10, 60)), p[1] + int(rng.integers(10, 60)))
            cv2.rectangle(sub, p, q, colour, -1)


# -- photos -----------------------------------------------------------------------------------------
def background(rng: np.random.Generator, w: int, h: int, busy: bool) -> np.ndarray:
    """A table: plain wood-ish tone, or busy (board-like shapes and lines)."""
    base = rng.integers(40, 170, 3)
    img = np.empty((h, w, 3), np.uint8)
    img[:] = base
    yy = np.linspace(0, 1, h)[:, None, None]
    img = np.clip(img + (yy * rng.integers(-40, 40, 3)), 0, 255).astype(np.uint8)
    stripes = (np.sin(np.arange(w) / rng.uniform(3, 9)) * 10).astype(np.int16)[None, :, None]
    img = np.clip(img.astype(np.int16) + stripes, 0, 255).astype(np.uint8)
    if busy:
        for _ in range(int(rng.integers(15, 40))):
            colour = tuple(int(v) for v in rng.integers(0, 255, 3))
            p = (int(rng.integers(0, w)), int(rng.integers(0, h)))
            if rng.random() < 0.4:
                q = (int(rng.integers(0, w)), int(rng.integers(0, h)))
                cv2.line(img, p, q, colour, int(rng.integers(1, 6)), cv2.LINE_AA)
            elif rng.random() < 0.5:
                cv2.circle(img, p, int(rng.integers(5, 60)), colour, -1, cv2.LINE_AA)
            else:
                q = (p[0] + int(rng.integers(-90, 90)), p[1] + int(rng.integers(-90, 90)))
                cv2.rectangle(img, p, q, colour, -1)
            if rng.random() < 0.2:
                cv2.putText(img, _word(rng, 2), p, cv2.FONT_HERSHEY_SIMPLEX, rng.uniform(0.4, 1.2), colour, 2)
    return img


def _placement(rng, w: int, h: int, fill: float, tilt_deg: float, angle_deg: float) -> np.ndarray:
    """Where the face's corners land in the photo: rotated by `angle_deg`, tilted by `tilt_deg` about
    a random axis (a pinhole view), scaled to cover about `fill` of the frame, inside the frame."""
    cw, chh = FACE_W / 2, FACE_H / 2
    pts = np.array([[-cw, -chh, 0], [cw, -chh, 0], [cw, chh, 0], [-cw, chh, 0]], float)
    a = math.radians(angle_deg)
    rz = np.array([[math.cos(a), -math.sin(a), 0], [math.sin(a), math.cos(a), 0], [0, 0, 1]])
    t = math.radians(tilt_deg)
    axis = rng.uniform(0, 2 * math.pi)
    k = np.array([math.cos(axis), math.sin(axis), 0.0])
    kx = np.array([[0, -k[2], k[1]], [k[2], 0, -k[0]], [-k[1], k[0], 0]])
    rt = np.eye(3) + math.sin(t) * kx + (1 - math.cos(t)) * kx @ kx
    p3 = pts @ rz.T @ rt.T
    dist = 3.0 * FACE_H
    proj = p3[:, :2] * dist / (dist + p3[:, 2:3])
    area = cv2.contourArea(proj.astype(np.float32))
    proj *= math.sqrt(fill * w * h / area)
    lo, hi = proj.min(0), proj.max(0)
    span = np.array([w, h]) - (hi - lo)
    if (span < 0).any():
        proj *= 0.98 * min(w / (hi - lo)[0], h / (hi - lo)[1])
        lo, hi = proj.min(0), proj.max(0)
        span = np.array([w, h]) - (hi - lo)
    off = np.array([rng.uniform(0, max(span[0], 1)), rng.uniform(0, max(span[1], 1))]) - lo
    return (proj + off).astype(np.float32)


def photo(
    card: np.ndarray,
    rng: np.random.Generator,
    *,
    w: int = 640,
    h: int = 480,
    hard: bool = True,
    other: np.ndarray | None = None,
) -> tuple[np.ndarray, dict]:
    """A photo of `card` (an upright face) on a table; with it what was done to it."""
    fill = float(rng.uniform(0.22, 0.55))
    tilt = float(rng.uniform(0, 25)) if hard else 0.0
    angle = float(rng.uniform(0, 360)) if hard else float(rng.uniform(-10, 10))
    busy = bool(rng.random() < 0.5) if hard else False
    img = background(rng, w, h, busy)
    if other is not None:  # another card at the edge of the frame, mostly outside it
        q = _placement(rng, w, h, fill * 0.8, float(rng.uniform(0, 20)), float(rng.uniform(0, 360)))
        shift = np.array([[w * 0.75, 0], [-w * 0.75, 0], [0, h * 0.75], [0, -h * 0.75]])[int(rng.integers(4))]
        _paste(img, other, q + shift.astype(np.float32))
    quad = _placement(rng, w, h, fill, tilt, angle)
    _paste(img, card, quad)
    info = {
        "fill": round(fill, 3),
        "tilt": round(tilt, 1),
        "angle": round(angle, 1),
        "busy": busy,
        "other": other is not None,
    }
    img = img.astype(np.float32)
    if hard:
        gain = float(rng.choice([rng.uniform(0.35, 0.6), rng.uniform(0.8, 1.15), rng.uniform(1.2, 1.5)]))
        gx, gy = rng.uniform(-0.5, 0.5, 2)
        xx, yy = np.meshgrid(np.linspace(-1, 1, w), np.linspace(-1, 1, h))
        light = gain * (1 + 0.35 * (gx * xx + gy * yy))
        tint = rng.uniform(0.85, 1.1, 3)  # lamp light (warm) or daylight (cool)
        img = img * light[..., None] * tint[None, None, :]
        info.update(gain=round(gain, 2))
        if rng.random() < 0.35:  # a sleeve's glare: a bright soft blob on the card
            c = quad.mean(0) + rng.uniform(-0.3, 0.3, 2) * (quad.max(0) - quad.min(0))
            mask = np.zeros((h, w), np.float32)
            axes = (int(rng.uniform(10, 40)), int(rng.uniform(5, 20)))
            cv2.ellipse(mask, (int(c[0]), int(c[1])), axes, float(rng.uniform(0, 180)), 0, 360, 1.0, -1)
            mask = cv2.GaussianBlur(mask, (0, 0), 6)
            img = img + mask[..., None] * 200
            info["glare"] = True
        if rng.random() < 0.3:  # a thumb over a corner
            corner = quad[int(rng.integers(4))]
            colour = np.array([rng.uniform(120, 170), rng.uniform(150, 190), rng.uniform(200, 235)])
            mask = np.zeros((h, w), np.float32)
            centre = corner + (quad.mean(0) - corner) * rng.uniform(0.02, 0.12)
            cv2.ellipse(
                mask,
                (int(centre[0]), int(centre[1])),
                (int(rng.uniform(14, 26)), int(rng.uniform(24, 40))),
                float(rng.uniform(0, 180)),
                0,
                360,
                1.0,
                -1,
            )
            mask = cv2.GaussianBlur(mask, (0, 0), 2)[..., None]
            img = img * (1 - mask) + mask * colour * (img.mean() / 128)
            info["thumb"] = True
    img = np.clip(img, 0, 255).astype(np.uint8)
    if hard:
        if rng.random() < 0.5:
            k = float(rng.uniform(0.5, 1.6))
            img = cv2.GaussianBlur(img, (0, 0), k)
            info["blur"] = round(k, 2)
        noise = rng.normal(0, rng.uniform(2, 9), img.shape)
        img = np.clip(img + noise, 0, 255).astype(np.uint8)
        ok, buf = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(50, 90))])
        img = cv2.imdecode(buf, cv2.IMREAD_COLOR)
    info["quad"] = quad.round(1).tolist()
    return img, info


def _paste(img: np.ndarray, card: np.ndarray, quad: np.ndarray) -> None:
    """Warp `card` onto `img` at `quad` (corners clockwise from the face's top left)."""
    src = np.array([[0, 0], [FACE_W - 1, 0], [FACE_W - 1, FACE_H - 1], [0, FACE_H - 1]], np.float32)
    m = cv2.getPerspectiveTransform(src, quad.astype(np.float32))
    h, w = img.shape[:2]
    warped = cv2.warpPerspective(card, m, (w, h), flags=cv2.INTER_AREA)
    mask = cv2.warpPerspective(np.full(card.shape[:2], 255, np.uint8), m, (w, h))
    img[mask > 127] = warped[mask > 127]


def make_set(
    folder: Path | str,
    *,
    taught: int = 40,
    untaught: int = 40,
    photos_per_card: int = 5,
    seed: int = 7,
    hard: bool = True,
) -> dict:
    """Write a test set into `folder`: faces/<key>.png (the photo each card is taught from: a straight,
    even-lit shot of it), photos/<n>.jpg and manifest.json. Untaught cards share the design (and some
    are near-twins of taught ones). Returns the manifest."""
    folder = Path(folder)
    (folder / "faces").mkdir(parents=True, exist_ok=True)
    (folder / "photos").mkdir(parents=True, exist_ok=True)
    specs = deck(taught + untaught, seed)
    rng = np.random.default_rng(seed + 1)
    order = rng.permutation(len(specs))
    known, unknown = [specs[i] for i in sorted(order[:taught])], [specs[i] for i in sorted(order[taught:])]
    faces = {s["key"]: face(s) for s in specs}
    manifest = {"seed": seed, "grid_box": list(GRID_BOX), "taught": [], "photos": []}
    for s in known:
        shot, _ = photo(faces[s["key"]], rng, hard=False)
        path = f"faces/{s['key']}.jpg"
        cv2.imwrite(str(folder / path), shot)
        manifest["taught"].append({"key": s["key"], "file": path, "title": s["title"], "grid": s["grid"]})
    jobs = [(s, True) for s in known for _ in range(photos_per_card)] + [(s, False) for s in unknown]
    for n, (s, is_known) in enumerate(jobs):
        other = faces[specs[int(rng.integers(len(specs)))]["key"]] if rng.random() < 0.2 else None
        shot, info = photo(faces[s["key"]], rng, hard=hard, other=other)
        path = f"photos/{n:04d}.jpg"
        cv2.imwrite(str(folder / path), shot)
        manifest["photos"].append(
            {
                "file": path,
                "card": s["key"] if is_known else None,
                "drawn": s["key"],
                "grid": s["grid"],
                **info,
            }
        )
    (folder / "manifest.json").write_text(json.dumps(manifest, indent=1))
    return manifest
