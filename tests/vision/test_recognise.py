"""Cards recognised by sight on photos we make ourselves: the right card or "a new card", never a wrong one."""

import numpy as np
import pytest

cv2 = pytest.importorskip("cv2")

from companion.vision import synth  # noqa: E402
from companion.vision.grid import parse_box, read_grid  # noqa: E402
from companion.vision.recognise import Library, warp  # noqa: E402


def _photo(face, seed, hard=True, **kw):
    return synth.photo(face, np.random.default_rng(seed), hard=hard, **kw)[0]


def test_every_taught_card_is_recognised_on_a_plain_photo(deck, faces, library):
    for n, s in enumerate(deck[:8]):
        assert library.identify(_photo(faces[s["key"]], 100 + n, hard=False)).tag == s["key"]


@pytest.mark.parametrize("turn", [cv2.ROTATE_90_CLOCKWISE, cv2.ROTATE_180, cv2.ROTATE_90_COUNTERCLOCKWISE])
def test_any_rotation(deck, faces, library, turn):
    key = deck[5]["key"]
    photo = cv2.rotate(_photo(faces[key], 7, hard=False), turn)
    assert library.identify(photo).tag == key


def test_near_twins_are_told_apart(deck, faces, library):
    for n, s in enumerate(deck[:3]):  # one picture, three cards: another title, another grid
        r = library.identify(_photo(faces[s["key"]], 300 + n, hard=False))
        assert r.tag == s["key"], (s["key"], r)


def test_an_untaught_card_is_a_new_card_never_a_taught_one(deck, faces, library):
    for n, s in enumerate(deck[8:]):
        for k in range(2):  # two differ from a taught card in the title only, or in the grid only
            r = library.identify(_photo(faces[s["key"]], 400 + 10 * n + k, hard=k == 1))
            assert r.tag is None, (s["key"], r)


def test_hard_photos_are_mostly_recognised_and_never_wrong(deck, faces, library):
    got = []
    for n, s in enumerate(deck[:8]):
        for k in range(2):
            r = library.identify(_photo(faces[s["key"]], 500 + 10 * n + k))
            assert r.tag in (s["key"], None), (s["key"], r.tag)
            got.append(r.tag == s["key"])
    assert sum(got) >= 0.75 * len(got)


def test_nothing_but_a_table_is_no_card(library):
    table = synth.background(np.random.default_rng(3), 640, 480, busy=True)
    assert library.identify(table).tag is None


def test_an_empty_library_knows_no_card_but_finds_one(faces):
    r = Library().identify(_photo(next(iter(faces.values())), 9, hard=False))
    assert r.tag is None and r.face is not None and r.quad is not None


def test_the_grid_is_read_from_the_upright_card(deck, faces, library):
    for n, s in enumerate(deck[:8]):
        r = library.identify(_photo(faces[s["key"]], 600 + n, hard=False))
        assert read_grid(r.face, synth.GRID_BOX) == s["grid"], s["key"]


def test_the_grid_of_a_face_itself(deck, faces):
    for s in deck:
        assert read_grid(faces[s["key"]], synth.GRID_BOX) == s["grid"]


def test_the_grid_follows_the_card_when_it_is_turned(deck, faces):
    s = deck[0]
    quad = np.array([[251, 351], [0, 351], [0, 0], [251, 0]], np.float32)  # upside down
    upside = warp(faces[s["key"]], quad)
    assert read_grid(upside, synth.GRID_BOX) != s["grid"] or s["grid"]["red"] == ["B2"]
    assert read_grid(warp(upside, quad), synth.GRID_BOX) == s["grid"]


@pytest.mark.parametrize(
    "text, why", [("0.1,0.2,0.3", "four"), ("0.5,0.2,0.3,0.9", "x0 < x1"), ("a,b,c,d", "could not convert")]
)
def test_a_bad_grid_box_says_why(text, why):
    with pytest.raises(ValueError, match=why):
        parse_box(text)
