"""The taught faces on disk: `camera/faces.toml` in the config folder, one upright face per tag.

    [faces."SIGHT-3fa2c1d0"]
    jpeg = "<base64 JPEG of the upright face, FACE_W x FACE_H>"

A tag is data: it is never a file name (all faces are in one file) and never run. The faces are
pictures, not features, so an export carries them and any later version of the recogniser computes
its own features from them. `cards teach KEY --photo FILE` stores a face under `SIGHT-KEY` (and the
card's tag registration points it at KEY); the camera keeps the face of a card it does not know under
a tag of its own (`SIGHT-` and 8 hex digits of the face), which the New card screen then registers.
"""

from __future__ import annotations

import base64
import hashlib
from pathlib import Path

import cv2
import numpy as np

from companion import paths
from companion.errors import DataFileError
from companion.gamedata import tomlfile
from companion.vision.recognise import FACE_H, FACE_W, Library

MAX_FACES = 400  # a box of 54 event cards and its relics, taught a few times over, fits
JPEG_QUALITY = 85
MAX_STORE = 16 << 20  # the faces file may be larger than a data file (tomlfile.MAX_FILE)


def faces_path(base: Path | str | None = None) -> Path:
    """Where the faces live."""
    return Path(base or paths.config_dir()) / "camera" / "faces.toml"


def encode(face: np.ndarray) -> str:
    """A face as base64 JPEG text."""
    ok, buf = cv2.imencode(".jpg", face, [cv2.IMWRITE_JPEG_QUALITY, JPEG_QUALITY])
    if not ok:
        raise ValueError("face could not be encoded")
    return base64.b64encode(buf.tobytes()).decode("ascii")


def decode(text: str, where: str = "face") -> np.ndarray:
    """A face from base64 JPEG text; ValueError naming `where` when it is not one."""
    try:
        raw = base64.b64decode(text, validate=True)
    except (ValueError, TypeError) as exc:
        raise ValueError(f"{where}: not base64 ({exc})") from None
    img = cv2.imdecode(np.frombuffer(raw, np.uint8), cv2.IMREAD_COLOR)
    if img is None or img.shape[:2] != (FACE_H, FACE_W):
        raise ValueError(f"{where}: not a {FACE_W}x{FACE_H} JPEG face")
    return img


def sight_tag(face: np.ndarray) -> str:
    """The tag the camera gives a card it does not know: SIGHT- and 8 hex digits of its face."""
    return "SIGHT-" + hashlib.sha1(np.ascontiguousarray(face).tobytes()).hexdigest()[:8]


def load_faces(base: Path | str | None = None) -> dict[str, np.ndarray]:
    """tag -> upright face; {} when nothing is taught. A broken file raises DataFileError (file:line:key)."""
    path = faces_path(base)
    if not path.exists():
        return {}
    doc = _load(path)
    out = {}
    for tag, entry in (doc.data.get("faces") or {}).items():
        where = f'faces."{tag}".jpeg'
        if not isinstance(entry, dict) or not isinstance(entry.get("jpeg"), str):
            raise doc.error(where, 'needs jpeg = "<base64>"')
        try:
            out[tag] = decode(entry["jpeg"], where)
        except ValueError as exc:
            raise doc.error(where, str(exc)) from None
    return out


def save_faces(faces: dict[str, np.ndarray], base: Path | str | None = None) -> None:
    """Write every face (atomically, 0600); the newest MAX_FACES only."""
    items = list(faces.items())[-MAX_FACES:]
    data = {"faces": {tag: {"jpeg": encode(face)} for tag, face in items}}
    paths.write_private(
        faces_path(base),
        tomlfile.dumps(data, "Nightwatch: the faces the camera knows (companion cards teach --photo)."),
    )


def add_face(tag: str, face: np.ndarray, base: Path | str | None = None) -> None:
    """Keep `face` under `tag` (replacing an older one)."""
    faces = load_faces(base)
    faces.pop(tag, None)
    faces[tag] = face
    save_faces(faces, base)


def library(base: Path | str | None = None) -> Library:
    """A recognition library of every stored face."""
    lib = Library()
    for tag, face in load_faces(base).items():
        lib.add(tag, face)
    return lib


def export_section(base: Path | str | None = None) -> dict:
    """The faces as an export's `[camera]` table (empty when none)."""
    path = faces_path(base)
    if not path.exists():
        return {}
    return {"faces": dict(_load(path).data.get("faces") or {})}


def import_section(section: dict, base: Path | str | None = None) -> int:
    """Merge an export's `[camera]` table (already checked by `check_section`); how many faces."""
    faces = load_faces(base)
    new = {tag: decode(e["jpeg"], tag) for tag, e in (section.get("faces") or {}).items()}
    faces.update(new)
    save_faces(faces, base)
    return len(new)


def check_section(section, where: str = "camera") -> None:
    """ValueError naming the key when an export's `[camera]` table is not faces of ours."""
    if not isinstance(section, dict) or set(section) - {"faces"}:
        raise ValueError(f"{where}: only a faces table is allowed")
    for tag, entry in (section.get("faces") or {}).items():
        if not isinstance(entry, dict) or not isinstance(entry.get("jpeg"), str):
            raise ValueError(f'{where}.faces."{tag}": needs jpeg = "<base64>"')
        decode(entry["jpeg"], f'{where}.faces."{tag}".jpeg')


def _load(path: Path) -> tomlfile.TomlDoc:
    """The faces file, read with its own size limit."""
    return tomlfile.loads(tomlfile.read_text(path, limit=MAX_STORE), str(path))


def file_error(path, exc: Exception) -> DataFileError:
    """A DataFileError for a photo that cannot be used."""
    return DataFileError(path, None, None, str(exc))
