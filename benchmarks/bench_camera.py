"""Cards by sight: accuracy, false accepts, grid reading and time per photo on a generated set.

The set (`companion.vision.synth.make_set`, seed 7): 80 cards of one design of our own (near-twins
among them), 40 taught each from one straight photo, 5 hard photos of each taught card (any rotation,
tilt up to 25 degrees, a quarter to over half of the frame, dim or bright, lamp or daylight tint,
glare, a thumb, busy tables, another card at the edge, blur, noise, JPEG) and one of each of the 40
untaught cards. Peer: a bare OpenCV ORB + ratio test + RANSAC homography matcher against the same
taught faces (the card with most inliers, at least 15), on the same photos. Times are CPU time of
the one thread doing the work (`time.thread_time`, OpenCV held to one thread): the 2-core machine is
shared, so its wall clock says more about the neighbours than about the code; the wall median is
given beside it.

    python benchmarks/bench_camera.py [--quick]
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make `companion` importable from the checkout
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.common import row

GOAL_MS = 150.0
GOAL_ACCURACY = 98.0
GOAL_FALSE = 1
GOAL_GRID = 90.0
GOAL_MB = 20.0
BASELINE_INLIERS = 15


def _baseline(faces: dict):
    """A bare ORB + homography matcher over `faces` (tag -> upright face): photo -> tag or None."""
    import cv2
    import numpy as np

    orb = cv2.ORB_create(nfeatures=1000)
    small = cv2.ORB_create(nfeatures=500)
    bf = cv2.BFMatcher(cv2.NORM_HAMMING)
    feats = {}
    for tag, face in faces.items():
        kp, des = small.detectAndCompute(cv2.cvtColor(face, cv2.COLOR_BGR2GRAY), None)
        feats[tag] = (np.float32([k.pt for k in kp]), des)

    def match(photo):
        kp, des = orb.detectAndCompute(cv2.cvtColor(photo, cv2.COLOR_BGR2GRAY), None)
        if des is None:
            return None
        pts = np.float32([k.pt for k in kp])
        best, best_n = None, 0
        for tag, (fpts, fdes) in feats.items():
            good = [
                p[0]
                for p in bf.knnMatch(fdes, des, k=2)
                if len(p) == 2 and p[0].distance < 0.75 * p[1].distance
            ]
            if len(good) < BASELINE_INLIERS:
                continue
            h, mask = cv2.findHomography(
                fpts[[m.queryIdx for m in good]], pts[[m.trainIdx for m in good]], cv2.RANSAC, 5.0
            )
            n = int(mask.sum()) if mask is not None else 0
            if n > best_n:
                best, best_n = tag, n
        return best if best_n >= BASELINE_INLIERS else None

    return match


def _upright(angle: float) -> bool:
    """Whether a photo's card lies within 25 degrees of upright."""
    a = angle % 360
    return a <= 25 or a >= 335


def run(quick: bool = False) -> list[dict]:
    """Make the set, teach, identify every photo with ours and the peer."""
    import cv2

    cv2.setNumThreads(1)  # one core: every photo's work on this thread, timed by its CPU time
    from companion.vision import synth
    from companion.vision.grid import read_grid
    from companion.vision.recognise import Library, upright_face

    taught, untaught, per = (10, 10, 2) if quick else (40, 40, 5)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        m = synth.make_set(folder, taught=taught, untaught=untaught, photos_per_card=per, seed=7)
        lib = Library(grid_box=m["grid_box"])
        faces = {}
        for t in m["taught"]:
            found = upright_face(cv2.imread(str(folder / t["file"])), lib)
            faces[t["key"]] = found[0]
            lib.add(t["key"], found[0])
        peer = _baseline(faces)
        photos = [(p, cv2.imread(str(folder / p["file"]))) for p in m["photos"]]
    ours_ms, peer_ms, wall_ms = [], [], []
    ok = wrong = false = peer_ok = peer_false = grid_ok = grid_n = up_ok = up_n = 0
    for p, img in photos:
        t0, w0 = time.thread_time(), time.perf_counter()
        r = lib.identify(img)
        ours_ms.append((time.thread_time() - t0) * 1000)
        wall_ms.append((time.perf_counter() - w0) * 1000)
        t0 = time.thread_time()
        got = peer(img)
        peer_ms.append((time.thread_time() - t0) * 1000)
        if p["card"] is None:
            false += r.tag is not None
            peer_false += got is not None
            continue
        ok += r.tag == p["card"]
        wrong += r.tag not in (None, p["card"])
        peer_ok += got == p["card"]
        if r.face is not None:
            exact = read_grid(r.face, m["grid_box"]) == p["grid"]
            grid_n += 1
            grid_ok += exact
            if _upright(p["angle"]):
                up_n += 1
                up_ok += exact
    known = sum(1 for p, _ in photos if p["card"] is not None)
    acc, peer_acc = 100.0 * ok / known, 100.0 * peer_ok / known
    med, peer_med = statistics.median(ours_ms), statistics.median(peer_ms)
    caches = [a for c in (lib._pool, lib._stack) if c is not None for a in c if hasattr(a, "nbytes")]
    per_face = (
        sum(v.nbytes for f in lib.faces for v in f if hasattr(v, "nbytes")) + sum(a.nbytes for a in caches)
    ) / len(lib.faces)
    mb_54 = per_face * 54 / 2**20  # the faces, their features and the library's stacked copies
    where = f"{known} photos of {taught} taught cards"
    return [
        row(
            f"camera: taught cards identified ({where})",
            "%",
            acc,
            f">= {GOAL_ACCURACY:.0f} %",
            acc >= GOAL_ACCURACY,
            "bare ORB + ratio test + RANSAC homography",
            peer_acc,
            acc / peer_acc if peer_acc else None,
        ),
        row(
            f"camera: taught cards taken for another taught card ({where})", "photos", wrong, "0", wrong == 0
        ),
        row(
            f"camera: untaught cards taken for a taught one ({untaught} photos)",
            "photos",
            false,
            f"<= {GOAL_FALSE}",
            false <= GOAL_FALSE,
            "bare ORB + ratio test + RANSAC homography",
            peer_false,
            None,
        ),
        row(
            f"camera: grid read exactly, card within 25 degrees of upright ({up_n} photos)",
            "%",
            100.0 * up_ok / up_n if up_n else None,
            f">= {GOAL_GRID:.0f} %",
            bool(up_n) and 100.0 * up_ok / up_n >= GOAL_GRID,
        ),
        row(
            f"camera: grid read exactly, any rotation ({grid_n} photos found)",
            "%",
            100.0 * grid_ok / grid_n if grid_n else None,
            "info",
            None,
        ),
        row(
            f"camera: recognition time per photo, CPU time on one core ({len(photos)} photos, 640x480, "
            f"{taught} taught)",
            "ms",
            med,
            f"<= {GOAL_MS:.0f} ms",
            med <= GOAL_MS,
            "bare ORB + ratio test + RANSAC homography",
            peer_med,
            med / peer_med,
        ),
        row(
            "camera: recognition time per photo, wall clock on this (shared) machine",
            "ms",
            statistics.median(wall_ms),
            "info",
            None,
        ),
        row(
            "camera: memory for 54 taught cards (faces, features, the stacked copies the search uses)",
            "MB",
            mb_54,
            f"<= {GOAL_MB:.0f} MB",
            mb_54 <= GOAL_MB,
        ),
    ]


if __name__ == "__main__":
    print(json.dumps(run(quick="--quick" in sys.argv), indent=1))
