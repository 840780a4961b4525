"""What the CLI and the camera reader ask of the recogniser: identify photos, teach a card from photos.

`identify(photo, library, grid_box)` gives the JSON record `companion cards identify` prints:
{"file", "card", "score", "grid", "ms"}. `teach_photos(key, files)` stores each photo's upright face
under `SIGHT-KEY` (`SIGHT-KEY.2` ...) and returns those tags (the caller registers them for KEY).
"""

from __future__ import annotations

import time
from pathlib import Path

import cv2
import numpy as np

from companion.errors import DataFileError
from companion.vision import store
from companion.vision.grid import read_grid
from companion.vision.recognise import Library, upright_face

READ_LIMIT = 40 << 20  # a photo file larger than this is not read


def read_photo(path: Path | str) -> np.ndarray:
    """A photo file as BGR; DataFileError naming the file when it is not an image we can read."""
    p = Path(path)
    try:
        if p.stat().st_size > READ_LIMIT:
            raise DataFileError(p, None, None, f"larger than {READ_LIMIT >> 20} MB")
        data = np.fromfile(p, np.uint8)
    except OSError as exc:
        raise DataFileError(p, None, None, f"cannot be read: {exc.strerror or exc}") from None
    img = cv2.imdecode(data, cv2.IMREAD_COLOR)
    if img is None:
        raise DataFileError(p, None, None, "not an image OpenCV can read (JPEG, PNG, ...)")
    return img


def identify(photo: np.ndarray, library: Library, grid_box=None, tag_to_key=None) -> dict:
    """{"card", "score", "grid", "ms"} for one photo: `card` is the taught card's key (through
    `tag_to_key`, the tag registrations) or None; `grid` the cells read inside `grid_box`, or None."""
    t0 = time.perf_counter()
    r = library.identify(photo)
    card = r.tag
    if card is not None and tag_to_key is not None:
        card = tag_to_key(card)
    grid = read_grid(r.face, grid_box) if grid_box is not None and r.face is not None else None
    ms = (time.perf_counter() - t0) * 1000
    return {"card": card, "score": round(float(r.score), 3), "grid": grid, "ms": round(ms, 1)}


def teach_photos(key: str, files: list, base=None) -> list[str]:
    """Store the upright face of each photo of card `key`; the tags stored (SIGHT-KEY, SIGHT-KEY.2 ...).
    DataFileError when a photo shows no card."""
    lib = store.library(base)
    tags = []
    for n, file in enumerate(files, 1):
        found = upright_face(read_photo(file), lib)
        if found is None:
            raise DataFileError(
                file,
                None,
                None,
                "no card found in this photo (lay it flat on a plain table, "
                "upright, filling a good part of the picture)",
            )
        tag = f"SIGHT-{key}" if n == 1 else f"SIGHT-{key}.{n}"
        store.add_face(tag, found[0], base)
        lib.add(tag, found[0])
        tags.append(tag)
    return tags
