"""Event cards recognised by sight: find the card in a photo, lay it upright, tell which taught card it is.

Every card of a deck shares one design (frame, title band, grid), so finding a card and telling it apart
are two steps:

1. **Where is it** (`companion.vision.locate`). Each ORB feature of the photo votes for the taught
   face its nearest taught feature belongs to, when that one is clearly nearer than the second
   (Lowe's ratio test): the shared design's features have near twins on every face and vote for none.
   The faces with most votes get a RANSAC homography (`cv2.findHomography`). Beside them, the card's
   outline gives two upright readings. The most card-like readings are lined up with the taught face
   they look most like (`cv2.findTransformECC`).
2. **Which is it.** The upright photo is compared with each taught face tile by tile (normalised
   cross-correlation of light-corrected grey levels, each tile weighted by how much the taught cards
   differ there; the worst tiles are dropped, so a thumb or a glare spot costs little). The best must
   pass `ACCEPT` and beat the second best by `MARGIN`; near-twins are decided on a finer grid where
   the two taught faces differ. The card taken must also agree in its title (`TITLE_BOX`, the design's
   title, `cv2.matchTemplate`) and, with a grid box, in its grid. Anything less is "a new card".

A `Library` holds the taught faces (an upright face image each; features are computed from it, so an
export carries pictures and every version of this code reads them). Pure computation on arrays: no
files, no camera, no clock (the caller times it).
"""

from __future__ import annotations

from typing import NamedTuple

import cv2
import numpy as np

from companion.vision.locate import (
    FACE_H,
    FACE_W,
    MATCHER,
    MIN_INLIERS,
    RATIO,
    corners,
    find_outlines,
    grey,
    locate_features,
    orb,
    photo_features,
    title_on_top,
    upright_readings,
    warp,
    work_image,
)

ORB_FACE = 350  # keypoints kept per taught face
VOTED = 3  # taught faces the most photo features point at (in each round), each tried for a homography
NEAR = 40  # Hamming distance of a near feature (the second round of votes)
LOCATE_WITH = 6  # taught faces tried for the homography (their shared design is what is found)
TILES = (6, 8)  # columns, rows of the comparison grid on the upright face
BLUR = 1.5  # sigma of the blur before comparing: a warp a few pixels off still matches
DROP = 0.12  # share of the worst tiles left out of a score (a thumb, glare)
ACCEPT = 0.82  # the least score of a recognised card
MARGIN = 0.10  # ... and how far ahead of the second best it must be
FLAT = 2.0  # a tile whose grey levels vary less than this (RMS) is plain
REFINE = 3  # readings (outlines, homographies) lined up and read in full, the most card-like first
DESIGN = 0.45  # an unknown card must look at least this much like the taught deck to be "a new card"
FINE = (12, 24)  # columns, rows of the finer grid near-twins are told apart on
TITLE_BOX = (0.08, 0.06, 0.92, 0.16)  # the design's title (x0, y0, x1, y1: fractions of the upright face)
TITLE_SHIFT = 4  # pixels the title may be off after alignment
TITLE_MIN = 0.5  # the least a card's title must agree with the taught one's
TWIN_TILE = 0.75  # tiles where two taught faces correlate less than this tell them apart
TWIN_MARGIN = 0.15


class Face(NamedTuple):
    """A taught card: its upright face (grey, FACE_H x FACE_W) and what is computed from it once."""

    tag: str
    grey: np.ndarray  # at half size (FACE_W/2 x FACE_H/2): what the alignment compares with
    keypoints: np.ndarray  # N x 2 float32, in face pixels
    descriptors: np.ndarray  # N x 32 uint8
    tiles: np.ndarray  # TILES rows x cols x pixels: light-corrected tiles
    full: (
        np.ndarray
    )  # the grey face at full size (uint8): its fine tiles, where near-twins differ, come from it
    upright: np.ndarray | None = None  # the face itself (BGR, half size), for its grid
    title: np.ndarray | None = None  # the title band's strokes (`_title`)


class Result(NamedTuple):
    """What one photo shows: the card's tag (None: not a taught card, or no card), the score, its
    outline in the photo (4 corners clockwise from the upright top left, or None), the upright face
    (BGR, or None) and how the card was found ("features", "outline" or "")."""

    tag: str | None
    score: float
    quad: np.ndarray | None
    face: np.ndarray | None
    how: str
    second: float = 0.0
    design: float = 0.0  # how much it looks like a card of the taught deck at all (unweighted score)
    title: float = 0.0  # how much the title agrees with the card taken
    near: str | None = None  # the taught card it would be, but for a grid that reads otherwise


def make_face(tag: str, upright: np.ndarray) -> Face:
    """The features of an upright face image (BGR; any size: it is resized to FACE_W x FACE_H)."""
    if upright.shape[:2] != (FACE_H, FACE_W):
        upright = cv2.resize(upright, (FACE_W, FACE_H), interpolation=cv2.INTER_AREA)
    g = grey(upright)
    kps, des = orb(ORB_FACE).detectAndCompute(g, None)
    pts = np.array([k.pt for k in kps], np.float32).reshape(-1, 2)
    if des is None:
        des = np.zeros((0, 32), np.uint8)
    half = (FACE_W // 2, FACE_H // 2)
    return Face(
        tag,
        cv2.resize(g, half, interpolation=cv2.INTER_AREA),
        pts,
        des,
        _kept(_tiles(g)),
        g,
        cv2.resize(upright, half, interpolation=cv2.INTER_AREA) if upright.ndim == 3 else None,
        _title(g),
    )


def _title(g: np.ndarray) -> np.ndarray:
    """The title of an upright grey face (TITLE_BOX), its strokes only: minus its
    local mean, a little blurred, float32."""
    x0, y0, x1, y1 = TITLE_BOX
    band = g[int(y0 * FACE_H) : int(y1 * FACE_H), int(x0 * FACE_W) : int(x1 * FACE_W)].astype(np.float32)
    band = band - cv2.GaussianBlur(band, (0, 0), 3)
    return cv2.GaussianBlur(band, (0, 0), 1.0)


def title_agreement(query: np.ndarray, taught: np.ndarray) -> float:
    """How alike two title bands are (normalised cross-correlation, best over shifts of a few pixels;
    `cv2.matchTemplate` with TM_CCOEFF_NORMED)."""
    m = TITLE_SHIFT
    inner = taught[m:-m, m:-m]
    if inner.size == 0 or float(inner.std()) < 1e-3:
        return 1.0  # no title to compare
    return float(cv2.matchTemplate(query, inner, cv2.TM_CCOEFF_NORMED).max())


def _tiles(g: np.ndarray, tiles=TILES, half: bool = True) -> np.ndarray:
    """The face (at half size: `half`) cut into `tiles` (columns, rows), each light-corrected (minus
    its local mean), zero-mean per tile."""
    f = g.astype(np.float32)
    if half:
        f = cv2.resize(g, (FACE_W // 2, FACE_H // 2), interpolation=cv2.INTER_AREA).astype(np.float32)
    if half:
        f = f - cv2.GaussianBlur(f, (0, 0), 6)  # slow light changes out
        f = cv2.GaussianBlur(f, (0, 0), BLUR)  # a little blur: a warp a few pixels off still matches
    else:  # the details: strokes of letters, the edges of cells
        f = f - cv2.GaussianBlur(f, (0, 0), 3)
        f = cv2.GaussianBlur(f, (0, 0), 1.0)
    cols, rows = tiles
    th, tw = f.shape[0] // rows, f.shape[1] // cols
    t = f[: th * rows, : tw * cols].reshape(rows, th, cols, tw).transpose(0, 2, 1, 3).reshape(rows, cols, -1)
    return (t - t.mean(axis=2, keepdims=True)).astype(np.float32)


def _kept(t: np.ndarray) -> np.ndarray:
    """Tiles as a taught face keeps them: half precision (half the memory; the scores do not change
    in their second decimal)."""
    return t.astype(np.float16)


def _energy(t: np.ndarray) -> np.ndarray:
    """Per tile, the root mean square of its values (how much there is to compare)."""
    return np.sqrt((t * t).mean(axis=-1))


def _tile_scores(query: np.ndarray, face_tiles: np.ndarray) -> np.ndarray:
    """Per tile, how alike (about -1 .. 1): normalised cross-correlation, a plain tile against a plain
    tile counting as alike, a plain one against a busy one as unlike."""
    query, face_tiles = query.astype(np.float32, copy=False), face_tiles.astype(np.float32, copy=False)
    ea, eb = _energy(query), _energy(face_tiles)
    ncc = (query * face_tiles).mean(axis=2) / np.maximum(ea * eb, 1e-6)
    plain_a, plain_b = ea < FLAT, eb < FLAT
    return np.where(plain_a & plain_b, 1.0, np.where(plain_a | plain_b, -0.2, ncc))


def _trimmed(s: np.ndarray, w: np.ndarray | None = None, drop: float = DROP) -> float:
    """Weighted mean of the tile scores without the worst `drop` share of tiles."""
    flat = s.ravel()
    w = np.ones_like(flat) if w is None else w.ravel()
    keep = np.argsort(flat)[int(len(flat) * drop) :]
    return float((flat[keep] * w[keep]).sum() / max(w[keep].sum(), 1e-6))


class Library:
    """The taught faces, and the recognition of a photo against them."""

    def __init__(self, faces: list[Face] | None = None, grid_box=None):
        self.faces: list[Face] = list(faces or [])
        self.grid_box = grid_box  # where the grid is: a card whose grid reads unlike the taught one is not it
        self._grids: dict[str, dict] = {}
        self._weights: np.ndarray | None = None
        self._pool = None  # every taught face's descriptors stacked (and whose each is, and where)
        self._stack = None  # every taught face's tiles stacked, and their energies
        self._fines: dict[str, np.ndarray] = {}  # tag -> fine tiles, of the near-twins asked about

    def weights(self) -> np.ndarray:
        """Per tile, how much it tells taught cards apart: 1 - how alike the faces are there on
        average (the shared frame and title band weigh little, the picture, title and grid much)."""
        if self._weights is None:
            self._weights = self._distinct()
        return self._weights

    def _distinct(self) -> np.ndarray:
        """Per tile, 1 - how alike the taught faces are there (at least 0.15)."""
        if len(self.faces) < 3:
            return np.ones(TILES[::-1], np.float32)
        mean = np.stack([f.tiles for f in self.faces]).mean(axis=0)
        alike = np.mean([_tile_scores(f.tiles, mean) for f in self.faces], axis=0)
        return np.clip(1.0 - alike, 0.15, 1.0).astype(np.float32)

    def add(self, tag: str, upright: np.ndarray) -> Face:
        """Teach (or teach again) `tag` from its upright face."""
        f = make_face(tag, upright)
        self.faces = [x for x in self.faces if x.tag != tag] + [f]
        self._weights = self._pool = self._stack = None
        self._grids.pop(tag, None)
        self._fines.pop(tag, None)
        return f

    def remove(self, tag: str) -> None:
        """Forget `tag`."""
        self.faces = [x for x in self.faces if x.tag != tag]
        self._weights = self._pool = self._stack = None

    def tags(self) -> list[str]:
        """The taught tags."""
        return [f.tag for f in self.faces]

    def identify(self, photo: np.ndarray) -> Result:
        """Which taught card `photo` shows (see the module docstring)."""
        img, s = work_image(photo)
        g = grey(img)
        readings: list[tuple[np.ndarray, str]] = []
        if self.faces:
            feats = photo_features(g)
            for h, _n, _i in self._vote(g, feats):
                readings.append((cv2.perspectiveTransform(corners()[None], h)[0], "features"))
            if not readings:
                for h, _n, _i in locate_features(g, self._locators(), keep=2, feats=feats):
                    readings.append((cv2.perspectiveTransform(corners()[None], h)[0], "features"))
        for quad in find_outlines(g, limit=3):
            ups = upright_readings(quad)
            if not self.faces:  # nothing taught to tell the top by: the design's dark title band is on top
                ups = [max(ups, key=lambda q: title_on_top(warp(img, q)))]
            readings += [(q, "outline") for q in ups]
        if not readings:
            return Result(None, 0.0, None, None, "")
        rough = [(self._decide(warp(img, q), q, how), q, how) for q, how in readings]
        rough.sort(key=lambda x: -x[0].design)
        best: Result | None = None
        for r0, quad, how in rough[:REFINE]:
            quad = self._refine(img, quad, r0) if self.faces else quad
            r = self._decide(warp(img, quad), quad / s, how)
            if best is None or _better(r, best):
                best = r
        return best

    def _refine(self, img: np.ndarray, quad: np.ndarray, rough: Result) -> np.ndarray:
        """`quad` moved so the photo lines up with the taught face it looks most like (ECC,
        `cv2.findTransformECC`, a homography at half size); `quad` itself when that fails."""
        w = self.weights()
        q = _tiles(grey(rough.face))
        c = self.faces[int(np.argmax(_trimmed_rows(self._all_scores(q), w)))]
        half = (FACE_W // 2, FACE_H // 2)
        tmpl = c.grey.astype(np.float32)
        cur = cv2.resize(grey(rough.face), half, interpolation=cv2.INTER_AREA).astype(np.float32)
        try:
            _, m = cv2.findTransformECC(
                tmpl,
                cur,
                np.eye(3, dtype=np.float32),
                cv2.MOTION_HOMOGRAPHY,
                (cv2.TERM_CRITERIA_COUNT | cv2.TERM_CRITERIA_EPS, 25, 1e-3),
                None,
                5,
            )
        except cv2.error:  # did not converge: keep the rough outline
            return quad
        sc = np.diag([2.0, 2.0, 1.0]).astype(np.float32)
        m_full = sc @ m @ np.linalg.inv(sc)  # template (face) pixels -> warped-photo pixels
        to_photo = np.linalg.inv(cv2.getPerspectiveTransform(quad.astype(np.float32), corners()))
        moved = cv2.perspectiveTransform(corners()[None], (to_photo @ m_full).astype(np.float64))[0]
        if not cv2.isContourConvex(moved.astype(np.float32)) or np.abs(moved - quad).max() > 0.25 * FACE_H:
            return quad
        return moved.astype(np.float32)

    def read_face(self, face: np.ndarray) -> tuple[str | None, float, float]:
        """(tag or None, score, second best) for an upright face image."""
        r = self._decide(face, None, "")
        return r.tag, r.score, r.second

    def _vote(self, g: np.ndarray, feats) -> list[tuple[np.ndarray, int, int]]:
        """Homographies from the taught faces the photo's features point at. Each photo feature's two
        nearest taught features are found among all faces at once: a clear nearest one (ratio test) is
        a vote for its face (a feature of the shared design has a near twin on every face, so it votes
        for none), and a near one at all is a vote of the second round (near-twins share their picture,
        so its features are clear for neither). The VOTED faces with most votes of either round are
        matched on their own (`locate_features`) and the two best homographies kept."""
        pts, des = feats
        if des is None:
            return []
        if self._pool is None:
            self._pool = (
                np.vstack([f.descriptors for f in self.faces]),
                np.concatenate([np.full(len(f.descriptors), i) for i, f in enumerate(self.faces)]),
            )
        all_des, owner = self._pool
        pairs = [p for p in MATCHER.knnMatch(des, all_des, k=2) if len(p) == 2]
        clear = owner[[p[0].trainIdx for p in pairs if p[0].distance < RATIO * p[1].distance]]
        near = owner[[p[0].trainIdx for p in pairs if p[0].distance < NEAR]]
        picked: list[int] = []
        for votes in (
            np.bincount(clear, minlength=len(self.faces)),
            np.bincount(near, minlength=len(self.faces)),
        ):
            picked += [
                int(i) for i in np.argsort(-votes)[:VOTED] if votes[i] >= MIN_INLIERS and int(i) not in picked
            ]
        found = [
            (h, n, picked[j]) for h, n, j in locate_features(g, [self.faces[i] for i in picked], 2, feats)
        ]
        return found

    def _locators(self) -> list[Face]:
        """The faces tried for the homography: a few, spread over the library (the newest last)."""
        if len(self.faces) <= LOCATE_WITH:
            return self.faces
        step = len(self.faces) / LOCATE_WITH
        return [self.faces[int(i * step)] for i in range(LOCATE_WITH)]

    def _decide(self, face: np.ndarray, quad, how: str) -> Result:
        """Score `face` against every taught face and apply the accept rules."""
        q = _tiles(grey(face))
        if not self.faces:
            return Result(None, 0.0, quad, face, how, 0.0)
        per = self._all_scores(q)
        w = self.weights()
        scores = _trimmed_rows(per, w)
        order = np.argsort(-scores)
        b = int(order[0])
        second = float(scores[order[1]]) if len(order) > 1 else 0.0
        top = float(scores[b])
        tag = self.faces[b].tag if top >= ACCEPT else None
        fine = _tiles(grey(face), FINE, half=False) if tag is not None else None
        if tag is not None and len(order) > 1 and top - second < MARGIN:
            tag = self._twins(fine, scores, order)
        title, near = 0.0, None
        if tag is not None:
            f = self.faces[self.tags().index(tag)]
            title = title_agreement(_title(grey(face)), f.title) if f.title is not None else 1.0
            if title < TITLE_MIN:
                tag = None  # alike at a glance, not in its title: another card of the deck
            elif not self._same_grid(face, f):
                tag, near = None, tag  # its picture and title, another grid: a twin of it, or it misread
        design = float(_trimmed_rows(per, np.ones_like(w)).max())
        return Result(
            tag, round(top, 4), quad, face, how, round(second, 4), round(design, 4), round(title, 4), near
        )

    def _all_scores(self, q: np.ndarray) -> np.ndarray:
        """`_tile_scores` of `q` against every taught face at once: faces x rows x cols."""
        if self._stack is None:
            tiles = np.stack([f.tiles for f in self.faces]).astype(np.float32)
            self._stack = (tiles, _energy(tiles))
        tiles, eb = self._stack
        ea = _energy(q)
        ncc = np.einsum("rcp,nrcp->nrc", q, tiles, optimize=True) / q.shape[2] / np.maximum(ea * eb, 1e-6)
        plain_a, plain_b = ea < FLAT, eb < FLAT
        return np.where(plain_a & plain_b, 1.0, np.where(plain_a | plain_b, -0.2, ncc))

    def _same_grid(self, face: np.ndarray, f: Face) -> bool:
        """Whether `face` shows the grid taught face `f` shows (always, without a grid box). A cell
        read empty where a colour was taught is forgiven (a glare spot washes a cell out); a colour
        where the taught cell is empty, or red for blue-gray, is another card."""
        if self.grid_box is None or face.ndim == 2 or f.upright is None:
            return True
        from companion.vision.grid import read_grid

        if f.tag not in self._grids:
            self._grids[f.tag] = _cells(read_grid(f.upright, self.grid_box))
        taught, seen = self._grids[f.tag], _cells(read_grid(face, self.grid_box))
        return all(seen.get(c) in (None, t) for c, t in taught.items()) and set(seen) <= set(taught)

    def _twins(self, fine: np.ndarray, scores: np.ndarray, order: np.ndarray) -> str | None:
        """The best of several close candidates, decided on the fine tiles where each pair of taught
        faces differs (a title, a grid cell): the one the photo agrees with there by TWIN_MARGIN over
        every other; None when none does (those tiles covered by a thumb, or one card taught twice)."""
        close = [int(o) for o in order if scores[order[0]] - scores[o] < MARGIN]
        for b in close:
            if all(self._beats(fine, b, o) for o in close if o != b):
                return self.faces[b].tag
        return None

    def _fine(self, i: int) -> np.ndarray:
        """Face `i`'s fine tiles (made when first asked: only near-twins need them)."""
        f = self.faces[i]
        if f.tag not in self._fines:
            self._fines[f.tag] = _tiles(f.full, FINE, half=False)
        return self._fines[f.tag]

    def _beats(self, fine: np.ndarray, b: int, o: int) -> bool:
        """Whether the photo's fine tiles agree with face `b` clearly more than with face `o` where
        those two differ."""
        fb, fo = self._fine(b), self._fine(o)
        differ = _tile_scores(fb, fo) < TWIN_TILE
        if not differ.any():
            return False
        gap = _tile_scores(fine, fb)[differ] - _tile_scores(fine, fo)[differ]
        return float(np.median(gap)) >= TWIN_MARGIN


def _trimmed_rows(per: np.ndarray, w: np.ndarray) -> np.ndarray:
    """`_trimmed` of each face's tile scores (faces x rows x cols), weighted by `w` (rows x cols)."""
    flat = per.reshape(len(per), -1)
    order = np.argsort(flat, axis=1)[:, int(flat.shape[1] * DROP) :]
    kept = np.take_along_axis(flat, order, axis=1)
    wk = w.ravel()[order]
    return (kept * wk).sum(axis=1) / np.maximum(wk.sum(axis=1), 1e-6)


def _cells(grid: dict) -> dict[str, str]:
    """{"A1": "red", "C3": "blue"} from a grid read ({"red": [...], "blue": [...]})."""
    return {**{c: "blue" for c in grid["blue"]}, **{c: "red" for c in grid["red"]}}


def _better(a: Result, b: Result) -> bool:
    """Whether reading `a` of a photo is more believable than `b`: a recognised card first, then score."""
    if (a.tag is None) != (b.tag is None):
        return a.tag is not None
    if a.tag is None:
        return a.design > b.design  # the reading most like a card of the deck
    return a.score > b.score


def upright_face(photo: np.ndarray, library: Library | None = None) -> tuple[np.ndarray, np.ndarray] | None:
    """(upright face BGR, quad in the photo) of the card a teaching photo shows, or None when no card
    is found. Its outline places it (taught faces' features when no outline is found); which end is
    the top: the reading taught faces agree with best, else the one with the dark title band on top."""
    img, s = work_image(photo)
    g = grey(img)
    outlines = find_outlines(g, limit=1)
    if outlines:
        readings = upright_readings(outlines[0])
    elif library is not None and library.faces:
        found = locate_features(g, library._locators())
        if not found:
            return None
        readings = [cv2.perspectiveTransform(corners()[None], found[0][0])[0]]
    else:
        return None
    if library is not None and library.faces and len(readings) > 1:
        quad = max(readings, key=lambda q: library._decide(warp(img, q), None, "").score)
    else:
        quad = max(readings, key=lambda q: title_on_top(warp(img, q)))
    return warp(img, quad), quad / s
