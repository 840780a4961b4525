"""The table with the camera reader (mock frames): a card seen is drawn as a scanned card is; a new
card opens the New card screen, and once taught it is drawn, and known by sight from then on."""

import numpy as np
import pygame
import pytest

cv2 = pytest.importorskip("cv2")

from companion.gamedata import config  # noqa: E402
from companion.games.masters import sight, teach  # noqa: E402
from companion.ui.table import TableUI  # noqa: E402
from companion.ui.troubles import trouble  # noqa: E402
from companion.vision import synth  # noqa: E402
from tests.app.helpers import make_app  # noqa: E402
from tests.app.test_app_cards import PHYSICAL  # noqa: E402

CAMERA = config.loads('[reader]\ntype = "camera"\n[camera]\ngrid_box = [0.22, 0.60, 0.78, 0.86]\n')


def _app(tmp_path):
    app = make_app(
        tmp_path, cfg=CAMERA, ui=TableUI((800, 480), "masters", {}), surface=pygame.Surface((800, 480))
    )
    app.start(setup=PHYSICAL)
    app.tick()
    for pos in app.session.view()["day_effects"]["active"]:
        assert app.submit({"cmd": "resolve_day_effect", "district": pos})
    return app


def _lay(app, picture, seconds=1.0):
    app.hw.reader.source.show(picture)
    for _ in range(int(seconds / 0.05)):
        app.clock.advance(0.05)
        app.tick()


def test_the_mock_backend_has_the_camera_reader(tmp_path):
    app = _app(tmp_path)
    assert app.hw.reader.name == "camera" and app.hw.reader.status[0]


def test_a_card_taught_from_a_photo_is_drawn_and_journaled(tmp_path, faces):
    photo = tmp_path / "card.png"
    cv2.imwrite(str(photo), synth.photo(faces["T-06"], np.random.default_rng(2), hard=False)[0])
    assert sight.teach_photos("I-03", [str(photo)]) == ["SIGHT-I-03"]
    app = _app(tmp_path)
    _lay(app, synth.photo(faces["T-06"], np.random.default_rng(3), hard=True)[0])
    assert app.session.view()["card"]["key"] == "I-03"
    last = app.journal.commands(app.session.game_id)[-1]
    assert last["cmd"] == "draw" and last["card"] == "I-03"


def test_a_new_card_is_taught_on_screen_then_known_by_sight(tmp_path, faces):
    app = _app(tmp_path)
    _lay(app, synth.photo(faces["T-07"], np.random.default_rng(4), hard=False)[0])
    assert app.ui.view_model()["screen"] == "teach"
    tag = app.ui.screen.tag
    assert tag.startswith("SIGHT-") and app.session.view()["card"] is None
    app.dispatch({"intent": "register_tag", "tag": tag, "card": "I-05"})  # picked from the list
    assert app.session.view()["card"]["key"] == "I-05" and teach.lookup_tag(tag) == "I-05"


def test_unplugging_mid_game_is_a_banner_and_plugging_back_recovers(tmp_path):
    app = _app(tmp_path)
    app.hw.reader.source.unplug()
    for _ in range(10):
        app.clock.advance(0.05)
        app.tick()
    ok, why = app.hw.status()["reader"]
    assert not ok and trouble("reader", why).advice.startswith("The card reader is unplugged")
    app.hw.reader.source.plug()
    for _ in range(80):
        app.clock.advance(0.05)
        app.tick()
    assert app.hw.status()["reader"][0]


def test_a_photo_dropped_on_the_simulator_lays_the_card_down(tmp_path, faces):
    from companion.hal import FakeClock, open_hardware

    photo = tmp_path / "dropped.png"
    cv2.imwrite(str(photo), synth.photo(faces["T-02"], np.random.default_rng(5), hard=False)[0])
    cfg = config.loads('[reader]\ntype = "camera"\n[camera]\ndevice = "mock"\n')
    clock = FakeClock()
    with open_hardware(cfg, backend="sim", clock=clock) as hw:
        assert hw.panel.handle_event(pygame.event.Event(pygame.DROPFILE, file=str(photo)))
        reads = []
        for _ in range(20):
            clock.advance(0.05)
            reads += hw.reader.poll()
        assert len(reads) == 1 and reads[0].tag.startswith("SIGHT-")
