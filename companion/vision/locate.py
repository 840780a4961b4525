"""Where the card is in a photo: features voting and a RANSAC homography, or the card's outline; the
upright face warped out of the photo. Pure computation on arrays (OpenCV, NumPy).

Every card of a deck shares one design, so a homography found from any taught face that shares it
places the card; `find_outlines` finds it without any taught face (edges, contours, the convex hull
reduced to four corners by `cv2.approxPolyDP`, else `cv2.minAreaRect`), and `upright_readings` gives
the two ways a portrait card can lie in an outline.
"""

from __future__ import annotations

from typing import Protocol

import cv2
import numpy as np


class Face(Protocol):
    """What locating asks of a taught face (companion/vision/recognise.py's `Face` is one)."""

    keypoints: np.ndarray
    descriptors: np.ndarray


FACE_W, FACE_H = 252, 352  # the upright face every photo is warped to (a 63 x 88 mm card at 4 px/mm)
WORK_SIDE = 640  # photos are scaled down to this longest side first
ORB_PHOTO = 700  # keypoints looked for in a photo
RATIO = 0.8  # Lowe's ratio test
MIN_INLIERS = 14  # a homography with fewer agreeing matches is not trusted


_ORB: dict = {}


def orb(n: int):
    """One ORB detector per keypoint budget (made once)."""
    if n not in _ORB:
        _ORB[n] = cv2.ORB_create(nfeatures=n, scaleFactor=1.2, nlevels=8, fastThreshold=12)
    return _ORB[n]


MATCHER = cv2.BFMatcher(cv2.NORM_HAMMING)


def grey(img: np.ndarray) -> np.ndarray:
    """A BGR (or grey) image as grey uint8."""
    return img if img.ndim == 2 else cv2.cvtColor(img, cv2.COLOR_BGR2GRAY)


def work_image(img: np.ndarray) -> tuple[np.ndarray, float]:
    """The photo scaled down to WORK_SIDE (never up), and the scale used."""
    h, w = img.shape[:2]
    s = min(1.0, WORK_SIDE / max(h, w))
    if s < 1.0:
        img = cv2.resize(img, (int(w * s), int(h * s)), interpolation=cv2.INTER_AREA)
    return img, s


def photo_features(g: np.ndarray):
    """(keypoint positions N x 2, descriptors) of a grey photo; (None, None) when it has too few."""
    kps, des = orb(ORB_PHOTO).detectAndCompute(g, None)
    if des is None or len(kps) < MIN_INLIERS:
        return None, None
    return np.array([k.pt for k in kps], np.float32), des


def locate_features(
    g: np.ndarray, faces: list[Face], keep: int = 1, feats=None
) -> list[tuple[np.ndarray, int, int]]:
    """The `keep` best (H face->photo, inliers, face index), most inliers first, one per taught face
    whose features agree with the photo's (ratio test, then a RANSAC homography)."""
    pts, des = feats if feats is not None else photo_features(g)
    if des is None:
        return []
    found = []
    for i, f in enumerate(faces):
        if len(f.descriptors) < MIN_INLIERS:
            continue
        pairs = MATCHER.knnMatch(f.descriptors, des, k=2)
        good = [p[0] for p in pairs if len(p) == 2 and p[0].distance < RATIO * p[1].distance]
        h, n = homography(f.keypoints[[m.queryIdx for m in good]], pts[[m.trainIdx for m in good]], g.shape)
        if h is not None:
            found.append((h, n, i))
    found.sort(key=lambda x: -x[1])
    return found[:keep]


def homography(src: np.ndarray, dst: np.ndarray, shape) -> tuple[np.ndarray | None, int]:
    """A RANSAC homography face -> photo from matched points and its inliers, or (None, 0)."""
    if len(src) < MIN_INLIERS:
        return None, 0
    h, mask = cv2.findHomography(src, dst, cv2.RANSAC, 5.0, maxIters=400, confidence=0.99)
    n = int(mask.sum()) if mask is not None else 0
    if h is None or n < MIN_INLIERS or not _sane(h, shape):
        return None, 0
    return h, n


def _sane(h: np.ndarray, shape) -> bool:
    """A homography that maps the face to a convex, not too small quad."""
    quad = cv2.perspectiveTransform(corners()[None], h)[0]
    if not cv2.isContourConvex(quad.astype(np.float32)):
        return False
    area = cv2.contourArea(quad.astype(np.float32))
    return area > 0.03 * shape[0] * shape[1]


def corners() -> np.ndarray:
    """The face's corners, clockwise from the top left."""
    return np.array([[0, 0], [FACE_W - 1, 0], [FACE_W - 1, FACE_H - 1], [0, FACE_H - 1]], np.float32)


def find_outlines(g: np.ndarray, limit: int = 3) -> list[np.ndarray]:
    """Card-shaped outlines in a grey photo, largest first: 4 corners each, in no particular order."""
    area_min = 0.04 * g.shape[0] * g.shape[1]
    blur = cv2.GaussianBlur(g, (5, 5), 0)
    edges = cv2.Canny(blur, 40, 120)
    edges = cv2.dilate(edges, np.ones((3, 3), np.uint8))
    contours, _ = cv2.findContours(edges, cv2.RETR_LIST, cv2.CHAIN_APPROX_SIMPLE)
    found = []
    for c in sorted(contours, key=cv2.contourArea, reverse=True)[:12]:
        hull = cv2.convexHull(c)
        area = cv2.contourArea(hull)
        if area < area_min:
            break
        approx = cv2.approxPolyDP(hull, 0.02 * cv2.arcLength(hull, True), True).reshape(-1, 2)
        quad = approx if len(approx) == 4 else cv2.boxPoints(cv2.minAreaRect(hull))
        quad = np.asarray(quad, np.float32)
        if not _card_shaped(quad):
            continue
        if any(
            abs(cv2.contourArea(quad) - cv2.contourArea(q)) < 0.1 * area
            and np.abs(quad.mean(0) - q.mean(0)).max() < 15
            for q in found
        ):
            continue
        found.append(quad)
        if len(found) >= limit:
            break
    return found


def _card_shaped(quad: np.ndarray) -> bool:
    """Four corners whose sides are in about a card's proportion (tilt allowed)."""
    sides = np.linalg.norm(quad - np.roll(quad, 1, axis=0), axis=1)
    a, b = (sides[0] + sides[2]) / 2, (sides[1] + sides[3]) / 2
    r = min(a, b) / max(a, b, 1e-6)
    return 0.45 < r < 0.98


def upright_readings(quad: np.ndarray) -> list[np.ndarray]:
    """The two ways a portrait card can lie in `quad` (corners clockwise from the upright top left)."""
    c = quad.mean(0)
    ang = np.arctan2(quad[:, 1] - c[1], quad[:, 0] - c[0])
    q = quad[np.argsort(ang)]  # clockwise in image coordinates (y down)
    sides = np.linalg.norm(q - np.roll(q, -1, axis=0), axis=1)
    start = 0 if sides[0] + sides[2] < sides[1] + sides[3] else 1  # the short side is the top
    first = np.roll(q, -start, axis=0)
    return [first, np.roll(first, -2, axis=0)]


def warp(img: np.ndarray, quad: np.ndarray) -> np.ndarray:
    """The upright face inside `quad` (corners clockwise from the upright top left)."""
    m = cv2.getPerspectiveTransform(quad.astype(np.float32), corners())
    return cv2.warpPerspective(
        img, m, (FACE_W, FACE_H), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE
    )


def title_on_top(face: np.ndarray) -> float:
    """How much darker the top band is than the bottom one (the design's title band is at the top)."""
    g = grey(face).astype(np.float32)
    band = FACE_H // 7
    return float(g[-band:].mean() - g[:band].mean())
