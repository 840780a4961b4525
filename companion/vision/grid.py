"""A card's 3x3 grid read by colour: red, blue-gray or empty cells inside `grid_box` of the upright face.

`grid_box = (x0, y0, x1, y1)` are fractions of the upright face (`[camera] grid_box` in the config).
Each cell's middle half is compared with the card's paper (the brightest, least coloured part of the
face, so lamp light, daylight and dim light cancel out): a cell much redder than the paper is red, one
darker and bluer than the paper is blue-gray, one close to the paper is empty. Rows A-C top to bottom,
columns 1-3 left to right on the upright card.
"""

from __future__ import annotations

import cv2
import numpy as np

ROWS, COLS = "ABC", "123"


def parse_box(text: str) -> tuple[float, float, float, float]:
    """ "X0,Y0,X1,Y1" (fractions, x0 < x1, y0 < y1) as a tuple; ValueError saying what is wrong."""
    parts = [p.strip() for p in str(text).split(",")]
    if len(parts) != 4:
        raise ValueError(f"grid box {text!r}: need four fractions X0,Y0,X1,Y1")
    return check_box([float(p) for p in parts])


def check_box(box) -> tuple[float, float, float, float]:
    """`box` as a tuple of four fractions, or ValueError."""
    x0, y0, x1, y1 = (float(v) for v in box)
    if not (0 <= x0 < x1 <= 1 and 0 <= y0 < y1 <= 1):
        raise ValueError(f"grid box {list(box)}: need 0 <= x0 < x1 <= 1 and 0 <= y0 < y1 <= 1")
    return x0, y0, x1, y1


def paper(face: np.ndarray) -> np.ndarray:
    """The card's paper colour (BGR float): the median of its brightest, least saturated pixels."""
    hsv = cv2.cvtColor(face, cv2.COLOR_BGR2HSV).reshape(-1, 3).astype(np.float32)
    px = face.reshape(-1, 3).astype(np.float32)
    score = hsv[:, 2] - hsv[:, 1]
    pick = score >= np.percentile(score, 85)
    return np.median(px[pick], axis=0)


def read_grid(face: np.ndarray, box) -> dict:
    """{"red": [...], "blue": [...]} read from an upright BGR face."""
    h, w = face.shape[:2]
    x0, y0, x1, y1 = check_box(box)
    ref = paper(face)
    ref_sum = max(float(ref.sum()), 1.0)
    out: dict = {"red": [], "blue": []}
    cw, ch = (x1 - x0) * w / 3, (y1 - y0) * h / 3
    for r, row in enumerate(ROWS):
        for c, col in enumerate(COLS):
            cx0, cy0 = x0 * w + c * cw, y0 * h + r * ch
            cell = face[int(cy0 + ch * 0.3) : int(cy0 + ch * 0.7), int(cx0 + cw * 0.3) : int(cx0 + cw * 0.7)]
            if cell.size == 0:
                continue
            b, g, rr = np.median(cell.reshape(-1, 3).astype(np.float32), axis=0) / ref * (ref_sum / 3)
            light = (b + g + rr) / ref_sum  # 1: as light as the paper
            if rr > 1.6 * g and rr > 1.4 * b:
                out["red"].append(row + col)
            elif light < 0.8 and b > rr * 1.1:
                out["blue"].append(row + col)
    return out
