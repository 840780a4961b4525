"""A small deck of our own design (companion.vision.synth) and a library taught from straight shots."""

import numpy as np
import pytest

cv2 = pytest.importorskip("cv2")

from companion.vision import synth  # noqa: E402
from companion.vision.recognise import Library, upright_face  # noqa: E402

SEED = 11


@pytest.fixture(scope="session")
def deck():
    """12 cards of one design: 8 taught, 4 not (near-twins among both)."""
    specs = synth.deck(12, seed=SEED, twins=0.0)
    # near-twins made on purpose: same picture and words, another title; same but another grid
    specs[1] = {**specs[0], "key": specs[1]["key"], "title": "Vela Morkan"}
    specs[2] = {**specs[0], "key": specs[2]["key"], "grid": {"red": ["B2"], "blue": ["A1", "C3"]}}
    specs[9] = {**specs[3], "key": specs[9]["key"], "title": "Quin Darosel"}  # untaught twin of a taught card
    specs[10] = {**specs[4], "key": specs[10]["key"], "grid": {"red": ["A3", "C1"], "blue": []}}
    return specs


@pytest.fixture(scope="session")
def faces(deck):
    """key -> upright face image."""
    return {s["key"]: synth.face(s) for s in deck}


@pytest.fixture(scope="session")
def library(deck, faces):
    """The first 8 cards taught, each from one straight, even-lit photo."""
    lib = Library(grid_box=synth.GRID_BOX)
    rng = np.random.default_rng(SEED)
    for s in deck[:8]:
        shot, _ = synth.photo(faces[s["key"]], rng, hard=False)
        found = upright_face(shot, lib)
        assert found is not None
        lib.add(s["key"], found[0])
    return lib
