"""A Masters game at the table where every event card comes from photos through the mock camera.

Cards of our own design (companion.vision.synth) carry the grids of the shipped Masters cards, so the
grid the camera reads is the card's own. The bot plays each turn; whenever it would draw, a photo of
the next card is laid on the spot instead and the loop reads it. An untaught card laid mid-game
opens the New card screen and changes nothing.
"""

import random

import numpy as np
import pygame
import pytest

cv2 = pytest.importorskip("cv2")

from companion.games.masters import cards as masters_cards  # noqa: E402
from companion.games.masters import sight, teach  # noqa: E402
from companion.games.masters.rules import bot  # noqa: E402
from companion.inputs import ButtonEvent, Press, VButton  # noqa: E402
from companion.vision import synth  # noqa: E402
from tests.vision.test_camera_table import _app, _lay  # noqa: E402

DRAWS = 7  # event cards drawn from photos in the game


def masters_grids() -> dict[str, dict]:
    """Act I card key -> its grid, for the cards whose grid no other card has (one proposal each)."""
    cat = masters_cards.catalogue()
    seen: dict[tuple, list[str]] = {}
    for c in cat:
        seen.setdefault((tuple(sorted(c["red"])), tuple(sorted(c["blue"]))), []).append(c["key"])
    return {
        keys[0]: {"red": list(g[0]), "blue": list(g[1])}
        for g, keys in seen.items()
        if len(keys) == 1 and keys[0].startswith("I-")
    }


@pytest.fixture(scope="module")
def box():
    """key -> upright face of a card of our design printed with that Masters card's grid (act I,
    unique grids), and one more card of the design that is never taught."""
    grids = masters_grids()
    keys = sorted(grids)[: DRAWS + 2]
    specs = synth.deck(len(keys) + 1, seed=23, twins=0.0)
    out = {k: synth.face({**s, "grid": grids[k]}) for k, s in zip(keys, specs)}
    out["untaught"] = synth.face({**specs[-1], "grid": {"red": ["A1", "C3"], "blue": []}})
    return out


def shot(face, seed, hard=True):
    """A photo of `face` on a table."""
    return synth.photo(face, np.random.default_rng(seed), hard=hard)[0]


def test_a_whole_game_draws_its_event_cards_from_photos(tmp_path, box):
    keys = [k for k in box if k != "untaught"][:DRAWS]
    for n, key in enumerate(keys):  # taught first, each from one photo
        photo = tmp_path / f"{key}.png"
        cv2.imwrite(str(photo), shot(box[key], 100 + n, hard=False))
        sight.teach_photos(key, [str(photo)])
    app = _app(tmp_path)
    reads = []
    poll = app.hw.reader.poll

    def kept():
        got = poll()
        reads.extend(got)
        return got

    app.hw.reader.poll = kept  # every read, kept
    rng = random.Random(5)
    drawn: list[str] = []
    laid_untaught = False
    while len(drawn) < DRAWS:
        assert app.session.outcome() is None
        command = bot.choose(app.session.game, app.session.state, rng)
        if command["cmd"] != "draw":
            assert app.submit(command)
            app.tick()
            continue
        if len(drawn) == 3 and not laid_untaught:  # mid-game: a card the table never taught
            laid_untaught = True
            before = list(app.journal.commands(app.session.game_id))
            state = app.session.view()
            _lay(app, shot(box["untaught"], 999))
            vm = app.ui.view_model()
            assert vm["screen"] == "teach" and "This card is new to the table." in vm["lines"]
            assert app.journal.commands(app.session.game_id) == before and app.session.view() == state
            app.ui.handle(ButtonEvent(VButton.BACK, Press.SHORT, app.clock.now()))  # put it back in the box
            app.tick()
            assert app.ui.view_model()["screen"] != "teach"
        key = keys[len(drawn)]
        _lay(app, shot(box[key], 200 + len(drawn)))
        last = app.journal.commands(app.session.game_id)[-1]
        assert last["cmd"] == "draw" and last["card"] == key, f"{key} laid, journal says {last}"
        assert app.session.view()["card"]["key"] == key
        assert not app.ui.ctx.current_error()  # its printed grid is the taught one: nothing flagged
        drawn.append(key)
        app.hw.reader.source.clear()
    assert laid_untaught and app.hw.reader.stats["reads"] == DRAWS and app.hw.reader.stats["new_cards"] == 1
    assert [c["card"] for c in app.journal.commands(app.session.game_id) if c["cmd"] == "draw"] == drawn
    grids = masters_grids()  # each card's grid was read from its photo, and is the card's own
    taught = [r for r in reads if r.tag in {f"SIGHT-{k}" for k in drawn}]
    want = [(tuple(grids[k]["red"]), tuple(grids[k]["blue"])) for k in drawn]
    assert len(taught) == DRAWS and all(
        r.grid in (None, w) for r, w in zip(taught, want)
    )  # never a wrong grid
    assert sum(r.grid == w for r, w in zip(taught, want)) >= DRAWS - 1  # a sleeve's glare may hide one


def test_a_new_card_is_taught_from_its_picture_with_one_confirm(tmp_path, box):
    key = next(k for k in box if k != "untaught")
    name = next(c["name"] for c in masters_cards.catalogue() if c["key"] == key)
    app = _app(tmp_path)
    _lay(app, shot(box[key], 31))
    vm = app.ui.view_model()
    assert vm["screen"] == "teach" and app.session.view()["card"] is None
    assert [b["id"] for b in vm["buttons"]][0] == f"card:{key}" and name in vm["buttons"][0]["label"]
    tag = app.ui.screen.tag
    presses = 0
    app.ui.handle(ButtonEvent(VButton.CONFIRM, Press.SHORT, app.clock.now()))  # the one confirm
    presses += 1
    app.tick()
    assert presses == 1 and app.session.view()["card"]["key"] == key
    assert teach.lookup_tag(tag) == key  # its picture is kept under that tag: known by sight from now on
    app.hw.reader.source.clear()
    _lay(app, shot(box[key], 32))
    assert app.hw.reader.last_read == tag and app.hw.reader.stats["new_cards"] == 1


def test_without_a_grid_box_a_new_card_is_taught_the_old_way(tmp_path, box):
    from companion.gamedata import config
    from companion.ui.table import TableUI
    from tests.app.helpers import make_app
    from tests.app.test_app_cards import PHYSICAL

    cfg = config.loads('[reader]\ntype = "camera"\n')
    app = make_app(
        tmp_path, cfg=cfg, ui=TableUI((800, 480), "masters", {}), surface=pygame.Surface((800, 480))
    )
    app.start(setup=PHYSICAL)
    app.tick()
    _lay(app, shot(box["untaught"], 41))
    vm = app.ui.view_model()
    assert vm["screen"] == "teach" and app.ui.screen.mode == "pick" and app.ui.screen.cells == {}
    assert "grid" in [b.id for b in app.ui.screen.body().buttons]  # mark its cells, as before


def _name(key):
    return next(c["name"] for c in masters_cards.catalogue() if c["key"] == key)


def test_a_taught_card_whose_printed_grid_differs_is_drawn_and_flagged_by_name(tmp_path, box):
    keys = [k for k in box if k != "untaught"]
    photo = tmp_path / "card.png"
    cv2.imwrite(str(photo), shot(box[keys[1]], 51, hard=False))  # printed with another card's grid ...
    sight.teach_photos(keys[0], [str(photo)])  # ... and taught as keys[0]
    app = _app(tmp_path)
    _lay(app, shot(box[keys[1]], 52))
    assert app.session.view()["card"]["key"] == keys[0]  # the table said it is that card: drawn as taught
    flag = app.ui.ctx.current_error()
    assert flag == f"The printed grid of {_name(keys[0])} differs from the one taught: check the card."


def test_a_taught_cards_twin_with_another_grid_is_flagged_not_taken_for_it(tmp_path, box):
    keys = [k for k in box if k != "untaught"]
    face = box[keys[0]]
    photo = tmp_path / "card.png"
    cv2.imwrite(str(photo), shot(face, 61, hard=False))
    sight.teach_photos(keys[0], [str(photo)])
    twin = synth.face({**synth.deck(len(keys) + 1, seed=23, twins=0.0)[0], "grid": masters_grids()[keys[2]]})
    app = _app(tmp_path)
    before = list(app.journal.commands(app.session.game_id))
    _lay(app, shot(twin, 62, hard=False))
    vm = app.ui.view_model()
    assert vm["screen"] == "teach" and app.journal.commands(app.session.game_id) == before
    assert vm["lines"][0] == f"It looks like {_name(keys[0])}, but its printed grid"
    ids = [b["id"] for b in vm["buttons"]]
    assert ids[:2] == [
        f"card:{keys[2]}",
        f"card:{keys[0]}",
    ]  # the card with the grid read first, then the look-alike
